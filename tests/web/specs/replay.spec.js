// replay.spec.js: the replay screen (docs/web-screens.md). A German hand is drawn as soon as the
// `replay` message comes, its review's verdicts added as the `review` messages bring them, with a
// progress line until the last (the review messages are held back here, through a routed WebSocket, to
// see the screen between them); a verdict opens its trick scrolled into view and focused; a review
// worked out before comes whole at once. An Android Whist hand is drawn as the German one is: the four
// hands as dealt, the turned card, each trick with who played what and every command and "Error.", the
// result, titled as the German replay (not by the database's id).
const { test, expect } = require('../fixtures');
const { expectGoodLayout } = require('../layout-check');
const { saveSettings, playHandOverSocket } = require('../play-helpers');

// Routes the page's WebSockets through the test: every message from the server is noted in `seen`
// (type, and for a replay whether it came complete); `review` messages wait in `held` while `hold` is
// true (release them with release()).
async function routeReplays(page) {
  const r = { hold: true, held: [], seen: [], replays: [] };
  r.release = (n = Infinity) => {
    for (let i = 0; i < n && r.held.length; i++) r.held.shift()();
  };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((text) => {
      const m = JSON.parse(text);
      r.seen.push(m.type === 'replay' ? `replay:${m.complete}` : m.type);
      if (m.type === 'replay') r.replays.push(m);
      if (m.type === 'review' && r.hold) r.held.push(() => ws.send(text));
      else ws.send(text);
    });
  });
  return r;
}

// The trick panel's top is on the screen (not scrolled away above or below).
const inView = (page, sel) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= -1 && r.top < window.innerHeight - 40;
  }, sel);

test('a German replay is drawn at once, its review added as it comes; a verdict opens its trick in view', async ({ page, shot }) => {
  test.setTimeout(150_000);
  const route = await routeReplays(page);
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await saveSettings(page, { speed: 'instant', sound: 'off', opponent: 'random' });
  await playHandOverSocket(page, { game: 'german', opponent: 'random' });
  await page.locator('#open-history').click();
  await page.locator('#history-list .history-item[data-game="german"]').click();

  // The hand at once, nothing of the review yet: a progress line.
  await expect(page.locator('#replay-hands .card')).toHaveCount(26);
  await expect(page.locator('#replay-step')).toHaveText('The deal');
  await expect(page.locator('#replay-progress')).toBeVisible();
  await expect(page.locator('#replay-progress')).toHaveText(/^Reviewing your cards… 0 of 26/);
  await expect(page.locator('#replay-endgame-list')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#replay-step')).toHaveText('Trick 1 of 26');
  await expect(page.locator('#replay-pending')).toBeVisible();
  await shot(page, 'replay-reviewing', { docs: false });

  // The review's first parts: their verdicts are shown, the progress counts them.
  for (let i = 0; i < 200 && !(await page.locator('#replay-foreplay-list button').count()); i++) {
    await expect.poll(() => route.held.length, { timeout: 60_000 }).toBeGreaterThan(0);
    route.release(1);
    await page.waitForTimeout(50);
  }
  const some = await page.locator('#replay-foreplay-list button').count();
  expect(some).toBeGreaterThan(0);
  await expect(page.locator('#replay-progress')).toHaveText(new RegExp(`^Reviewing your cards… ${some} of 26`));
  await expect(page.locator('#replay-foreplay-verdict')).toBeVisible(); // trick 1's, on the screen shown
  await expect(page.locator('#replay-endgame-list')).toHaveCount(0);

  // The rest: the review complete, the progress line gone.
  route.hold = false;
  route.release();
  await expect(page.locator('#replay-progress')).toBeHidden({ timeout: 60_000 });
  await expect(page.locator('#replay-endgame-list button')).toHaveCount(13);
  await expect(page.locator('#replay-foreplay-list button')).toHaveCount(13);
  await expect(page.locator('#replay-review-total')).toBeVisible();

  // A verdict opens its trick, scrolled into view and focused (the lists are far below it).
  await page.locator('#replay-endgame-list button').last().click();
  await expect(page.locator('#replay-step')).toHaveText('Trick 26 of 26');
  await expect(page.locator('#replay-trick-panel')).toBeFocused();
  expect(await inView(page, '#replay-trick-panel')).toBe(true);
  await page.locator('#replay-foreplay-list button').nth(2).click();
  await expect(page.locator('#replay-step')).toHaveText('Trick 3 of 26');
  await expect(page.locator('#replay-trick-panel')).toBeFocused();
  expect(await inView(page, '#replay-trick-panel')).toBe(true);
  // The arrow keys go on from there.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#replay-step')).toHaveText('Trick 4 of 26');
  await shot(page, 'replay-verdict-opened', { docs: false });

  // Asked again: the review was kept, so the replay comes complete at once, and no review after it.
  await page.locator('#back-button').click();
  await expect(page.locator('#screen-history')).toBeVisible();
  route.seen.length = 0;
  await page.locator('#history-list .history-item[data-game="german"]').click();
  await expect(page.locator('#replay-endgame-list button')).toHaveCount(13);
  await expect(page.locator('#replay-progress')).toBeHidden();
  await expect(page.locator('#replay-review-total')).toBeVisible();
  expect(route.seen.filter((t) => t.startsWith('replay') || t === 'review')).toEqual(['replay:true']);
});

test('an Android Whist replay is drawn as the German one: the hands, the turned card, each trick and its commands', async ({ page, shot }, testInfo) => {
  test.setTimeout(120_000);
  const route = await routeReplays(page);
  route.hold = false;
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await saveSettings(page, { speed: 'instant', sound: 'off', 'android-opponent': 'random' });
  await playHandOverSocket(page, { game: 'android', opponent: 'random' });
  await page.locator('#open-history').click();
  await page.locator('#history-list .history-item[data-game="android"]').click();
  await expect(page.locator('#replay-hands .card')).toHaveCount(52);
  const rep = route.replays.at(-1);
  expect(rep.game).toBe('android');

  // Titled as the German replay: the screen's name, then the game in the head; never the record's id.
  await expect(page.locator('#screen-replay h1')).toHaveText('Replay');
  await expect(page.locator('#replay-game')).toHaveText('Android Whist');
  await expect(page).toHaveTitle('Replay · Android Whist');
  await expect(page.locator('#screen-replay')).not.toContainText(`hand ${rep.id}`);
  await expect(page.locator('#replay-record')).toHaveCount(0);

  // The deal: the four hands as dealt, each under its seat, and the turned card.
  await expect(page.locator('#replay-step')).toHaveText('The deal');
  const hands = page.locator('#replay-hands .replay-hand');
  await expect(hands).toHaveCount(4);
  for (const h of await hands.all()) {
    const seat = (await h.locator('h3').innerText())[0];
    const cards = await h.locator('[data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort());
    expect(cards, seat).toEqual([...rep.hands[seat]].sort());
  }
  await expect(page.locator('#replay-trump-card [data-card]')).toHaveAttribute('data-card', rep.trump_card);
  await expectGoodLayout(page, 'Android replay, the deal');
  await shot(page, 'replay-android-deal', { docs: false });

  // Each trick: its four cards in the order played, each under its seat (and the command given),
  // every play, command and "Error." of it in words, the cards played marked in the hands.
  let commands = 0;
  let errors = 0;
  for (let k = 1; k <= 13; k++) {
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#replay-step')).toHaveText(`Trick ${k} of 13`);
    const t = rep.tricks[k - 1];
    expect(await page.locator('#replay-trick [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card))).toEqual(t.cards);
    const caps = await page.locator('#replay-trick figcaption').allInnerTexts();
    caps.forEach((c, i) => expect(c.startsWith(`${t.seats[i]} · `), c).toBe(true));
    await expect(page.locator('#replay-events li')).toHaveCount(t.events.length);
    const lines = await page.locator('#replay-events li').allInnerTexts();
    t.events.forEach((e, i) => {
      if (e.command) expect(lines[i]).toContain(`told “${e.command}”`);
      if (e.command) commands++;
      if (!e.card) {
        errors++;
        expect(lines[i]).toContain('“Error.”');
        expect(lines[i]).toContain(e.why);
      }
    });
    await expect(page.locator('#replay-hands .card.played')).toHaveCount(4);
    if (k === 1) {
      await expectGoodLayout(page, 'Android replay, a trick');
      await shot(page, 'replay-android-trick', { docs: false });
    }
  }
  expect(commands).toBeGreaterThan(0);
  testInfo.annotations.push({ type: 'errors', description: String(errors) });
  await expect(page.locator('#replay-result')).toContainText(`your side ${rep.result.tricks[0]} tricks, the computer's side ${rep.result.tricks[1]}`);
});
