// online.spec.js: two people and a spectator, each in a browser context of their own, at an online table
// of whist serve (docs/protocol.md, "Tables: two people online"): Play a friend from home to the invite,
// the friend's link taking the other seat and the watch link watching with no hand; a whole German Whist
// match and a whole Android Whist rubber played with the cards and commands the page offers as legal; the
// chat phrases; the rematch; a network cut, a tab closed and its seat link opened again, the server killed
// and restarted mid-hand; abandonment with a short grace, the computer taking the seat, the claim; the
// clock per card running out; the layout of the new screens on the phone and the desktop. The long flows
// run on the desktop project only (the browser suite's time), the layout checks on both.
const { test, expect } = require('../fixtures');
const { expectGoodLayout } = require('../layout-check');
const { person, tableOverSocket, seatLink, watchLink, step, playUntil, playSteps, matchOver, closeBoard } = require('../online-helpers');

const longFlow = (testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the long flows on one project');

async function closeAll(people) {
  for (const x of people) await x.context.close();
}

test('Play a friend: the invite, a whole German Whist match watched by a spectator, chat and a rematch', async ({ browser, whist }, testInfo) => {
  longFlow(testInfo);
  test.setTimeout(240_000);
  const a = await person(browser, whist, 'Alice', testInfo.project);
  const b = await person(browser, whist, 'Bob', testInfo.project);
  const s = await person(browser, whist, 'Sam', testInfo.project);
  // New game → Play a friend: Small Whist to 1, the invite with both links.
  await a.page.locator('#play-friend').click();
  await expect(a.page.locator('#screen-friend')).toBeVisible();
  await a.page.locator('#f-variant').selectOption('small');
  await a.page.locator('#f-target').selectOption('1');
  await a.page.locator('#create-table').click();
  await expect(a.page.locator('#screen-invite')).toBeVisible();
  await expect(a.page.locator('#waiting')).toContainText('Waiting for your friend');
  const friend = await a.page.locator('#friend-link').inputValue();
  const watch = await a.page.locator('#watch-link').inputValue();
  expect(friend).toMatch(/#\/t\/[0-9A-Za-z_-]+\/[0-9a-f]{32}$/);
  expect(watch).toMatch(/#\/t\/[0-9A-Za-z_-]+$/);
  // The friend opens the link: both at the table, each with their own hand at the bottom.
  await b.page.goto(friend);
  await s.page.goto(watch);
  for (const x of [a, b]) {
    await expect(x.page.locator('#screen-table')).toBeVisible();
    await expect(x.page.locator(x === a ? '#score-1' : '#score-0')).toContainText(x === a ? 'Bob' : 'You');
    await expect(x.page.locator(x === a ? '#score-0' : '#score-1')).toContainText(x === a ? 'You' : 'Alice');
    await expect(x.page.locator('#my-hand [data-card]').first()).toBeVisible();
  }
  // The spectator: marked, and no card of a hand face up.
  await expect(s.page.locator('#watching')).toBeVisible();
  await expect(s.page.locator('#my-hand .card:not(.back)')).toHaveCount(0);
  await expect(s.page.locator('#their-hand .card:not(.back)')).toHaveCount(0);
  // Whose turn: one of them is told "Your turn", the other the first one's name.
  await expect(async () => {
    const texts = [await a.page.locator('#ob-status').innerText(), await b.page.locator('#ob-status').innerText()];
    expect(texts.some((t) => t.startsWith('Your turn'))).toBe(true);
    expect(texts.some((t) => /^(Alice|Bob)'s turn/.test(t))).toBe(true);
  }).toPass();
  // The whole match.
  await playUntil([a.page, b.page], matchOver(a.page));
  await expect(b.page.locator('#ob-status')).toContainText(/win|match is over/);
  await expect(s.page.locator('#ob-status')).toContainText(/wins the match|match is over/);
  for (const x of [a, b, s]) await closeBoard(x.page);
  // A phrase from Alice reaches Bob and the spectator.
  await a.page.locator('#chat-button').click();
  await a.page.locator('[data-phrase="good_game"]').click();
  await expect(b.page.locator('#ob-chat')).toContainText('Alice: Good game');
  await expect(s.page.locator('#ob-chat')).toContainText('Good game');
  // The rematch: offered by Alice, shown to Bob, accepted: a new match begins.
  await a.page.locator('#rematch-button').click();
  await expect(a.page.locator('#rematch-button')).toHaveText('Rematch offered…');
  await expect(b.page.locator('#rematch-button')).toHaveText('Accept the rematch');
  await b.page.locator('#rematch-button').click();
  await expect(a.page.locator('#ob-status')).toContainText(/turn/);
  await expect(b.page.locator('#ob-status')).toContainText(/turn/);
  await expect(s.page.locator('#ob-status')).toContainText(/turn/);
  // The rated match is in the players' statistics: rows against a person, and a rating.
  await b.page.locator('#ob-home').click();
  await b.page.locator('#open-stats').click();
  await expect(b.page.locator('#stats-ratings')).toContainText('Small Whist · Last 7');
  await expect(b.page.locator('#stats-german')).toContainText('against a person');
  await closeAll([a, b, s]);
});

test('a whole Android Whist rubber between two people, watched', async ({ browser, whist }, testInfo) => {
  longFlow(testInfo);
  test.setTimeout(420_000); // a rubber's length is the deal's
  const a = await person(browser, whist, 'Ann', testInfo.project);
  const b = await person(browser, whist, 'Ben', testInfo.project);
  const s = await person(browser, whist, 'Sue', testInfo.project);
  await a.page.locator('#play-friend').click();
  await a.page.locator('input[name="game"][value="android"]').check();
  await a.page.locator('#create-table').click();
  await expect(a.page.locator('#screen-invite')).toBeVisible();
  const friend = await a.page.locator('#friend-link').inputValue();
  const watch = await a.page.locator('#watch-link').inputValue(); // read before the invite goes
  await b.page.goto(friend);
  await s.page.goto(watch);
  for (const x of [a, b]) await expect(x.page.locator('#screen-android')).toBeVisible();
  await expect(s.page.locator('#screen-android')).toBeVisible();
  await expect(s.page.locator('#watching')).toBeVisible();
  // The spectator sees no hand and no android's hand face up.
  await expect(s.page.locator('#my-hand .card:not(.back)')).toHaveCount(0);
  await expect(s.page.locator('.a-cards.face-up [data-card]')).toHaveCount(0);
  // Each person sees their own hand and the opposing android's face up.
  for (const x of [a, b]) {
    await expect(x.page.locator('#my-hand [data-card]').first()).toBeVisible();
    await expect(x.page.locator('.a-cards.face-up [data-card]').first()).toBeVisible();
  }
  await playUntil([a.page, b.page], matchOver(a.page), { maxMs: 390_000 });
  await expect(b.page.locator('#ob-status')).toContainText(/wins? the rubber|is over/);
  await expect(s.page.locator('#ob-status')).toContainText(/wins the rubber|is over/);
  await closeAll([a, b, s]);
});

test('a network cut, a closed tab opened again by its link, the server killed and restarted, the seat opened in another browser: the game goes on', async ({ browser, whist }, testInfo) => {
  longFlow(testInfo);
  test.setTimeout(180_000);
  const a = await person(browser, whist, 'Alice', testInfo.project);
  const b = await person(browser, whist, 'Bob', testInfo.project);
  const t = await tableOverSocket(a.page, { game: 'german', target: '50', grace: '60' });
  await a.page.goto(seatLink(t, 0));
  await b.page.goto(seatLink(t, 1));
  await expect(a.page.locator('#screen-table')).toBeVisible();
  await expect(b.page.locator('#screen-table')).toBeVisible();
  await playSteps([a.page, b.page], 3); // mid-trick: a card led and not answered
  const cards = async () => (await a.page.locator('#my-hand [data-card]').count()) + (await b.page.locator('#my-hand [data-card]').count());
  // The network cut mid-trick and restored. Chromium's offline mode leaves an open WebSocket alone, so
  // Bob's socket goes through a route that drops it and refuses new ones while the network is cut.
  let cut = false;
  const routed = [];
  await b.page.routeWebSocket(/\/ws$/, (ws) => {
    if (cut) {
      ws.close();
      return;
    }
    routed.push({ ws, server: ws.connectToServer() });
  });
  await b.page.reload();
  await expect(b.page.locator('#my-hand [data-card]').first()).toBeVisible();
  const held = await cards();
  cut = true;
  await b.context.setOffline(true);
  for (const r of routed) {
    r.ws.close();
    r.server.close();
  }
  await expect(b.page.locator('#net-status')).toBeVisible();
  await expect(a.page.locator('#ob-status')).toContainText('Waiting for Bob to reconnect');
  cut = false;
  await b.context.setOffline(false);
  await expect(a.page.locator('#ob-status')).not.toContainText('Waiting for Bob', { timeout: 15_000 });
  await expect(b.page.locator('#net-status')).toBeHidden();
  await expect(async () => expect(await cards()).toBe(held)).toPass();
  await playSteps([a.page, b.page], 2);
  // The tab closed, the seat link opened again in a new tab of the same browser.
  const before = await cards();
  await b.page.close();
  await expect(a.page.locator('#ob-status')).toContainText('Waiting for Bob to reconnect');
  b.page = await b.context.newPage();
  await b.page.goto(seatLink(t, 1));
  await expect(b.page.locator('#screen-table')).toBeVisible();
  await expect(a.page.locator('#ob-status')).not.toContainText('Waiting for Bob');
  expect(await cards()).toBe(before);
  await playSteps([a.page, b.page], 2);
  // The server killed mid-hand and started again on the same data: both pages come back to the same table.
  const hands = [await a.page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort()),
    await b.page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort())];
  await whist.kill();
  await whist.restart();
  await expect(a.page.locator('body')).toHaveAttribute('data-net', 'open', { timeout: 20_000 });
  await expect(b.page.locator('body')).toHaveAttribute('data-net', 'open', { timeout: 20_000 });
  await expect(async () => {
    expect(await a.page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort())).toEqual(hands[0]);
    expect(await b.page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort())).toEqual(hands[1]);
  }).toPass({ timeout: 15_000 });
  await playSteps([a.page, b.page], 3);
  // Bob's link opened in another browser: the seat moves there, Bob's page says so and can take it back.
  const c = await person(browser, whist, 'Carol', testInfo.project);
  await c.page.goto(seatLink(t, 1));
  await expect(b.page.locator('#screen-link-problem h1')).toHaveText('This seat was opened in another browser.');
  await expect(c.page.locator('#my-hand [data-card]').first()).toBeVisible();
  await b.page.locator('#take-back').click();
  await expect(c.page.locator('#screen-link-problem h1')).toHaveText('This seat was opened in another browser.');
  await expect(b.page.locator('#my-hand [data-card]').first()).toBeVisible();
  await playSteps([a.page, b.page], 1);
  await closeAll([a, b, c]);
});

test('a player who leaves: the grace runs out, the computer takes the seat, the player comes back, then the claim', async ({ browser, whist }, testInfo) => {
  longFlow(testInfo);
  test.setTimeout(120_000);
  const a = await person(browser, whist, 'Alice', testInfo.project);
  const b = await person(browser, whist, 'Bob', testInfo.project);
  const t = await tableOverSocket(a.page, { game: 'german', target: '50', grace: '1' });
  await a.page.goto(seatLink(t, 0));
  await b.page.goto(seatLink(t, 1));
  await expect(b.page.locator('#screen-table')).toBeVisible();
  await b.page.close();
  // One second of grace, then the choice.
  await expect(a.page.locator('#computer-button')).toBeVisible({ timeout: 10_000 });
  await expect(a.page.locator('#claim-button')).toBeVisible();
  await a.page.locator('#computer-button').click();
  await expect(a.page.locator('#ob-status')).toContainText('the computer plays for Bob');
  // Alice plays on; the computer answers for Bob.
  const theirs = async () => a.page.locator('#their-hand .card').count();
  const n = await theirs();
  await playSteps([a.page], 2);
  expect(await theirs()).toBeLessThan(n + 2);
  // Bob comes back by his link and takes the seat over again.
  b.page = await b.context.newPage();
  await b.page.goto(seatLink(t, 1));
  await expect(b.page.locator('#screen-table')).toBeVisible();
  await expect(a.page.locator('#ob-status')).not.toContainText('the computer plays for Bob');
  // He leaves again: this time Alice claims the match.
  await b.page.close();
  await expect(a.page.locator('#claim-button')).toBeVisible({ timeout: 10_000 });
  await a.page.locator('#claim-button').click();
  await expect(a.page.locator('#ob-status')).toContainText('You win the match');
  await closeAll([a, b]);
});

test('the clock per card: a countdown, and the card played for the player when it runs out', async ({ browser, whist }, testInfo) => {
  longFlow(testInfo);
  test.setTimeout(90_000);
  const a = await person(browser, whist, 'Alice', testInfo.project);
  const b = await person(browser, whist, 'Bob', testInfo.project);
  const t = await tableOverSocket(a.page, { game: 'german', target: '50', clock: '15' });
  await a.page.goto(seatLink(t, 0));
  await b.page.goto(seatLink(t, 1));
  const pages = [a.page, b.page];
  // Whoever is to play: its bar counts down.
  await expect(async () => {
    const texts = await Promise.all(pages.map((p) => p.locator('#ob-status').innerText()));
    expect(texts.some((x) => /^Your turn \(1[0-5] s\)$/.test(x))).toBe(true);
  }).toPass({ timeout: 10_000 });
  const idle = (await a.page.locator('#ob-status').innerText()).startsWith('Your turn') ? a : b;
  // The hand's first card to play: 13 in the hand (the bar may say so before the hand is drawn).
  await expect(idle.page.locator('#my-hand [data-card]')).toHaveCount(13);
  // Nobody plays: after 15 s the card is played for the idle player.
  await expect(idle.page.locator('#my-hand [data-card]')).toHaveCount(12, { timeout: 25_000 });
  await closeAll([a, b]);
});

// The new screens on the phone and the desktop (and the Pixel 7 at the smallest sizes): the form, the
// invite, the table as a player and as a spectator with the bar, the lobby, a link that opens nothing.
for (const size of [null, { width: 360, height: 640 }, { width: 640, height: 360 }]) {
  const label = size ? `${size.width}x${size.height}` : "the project's own size";
  test(`the online screens at ${label}: nothing cut off, covered or too small`, async ({ browser, whist, page }, testInfo) => {
    test.skip(testInfo.project.name === 'iphone13', 'the desktop and the Pixel 7');
    test.skip(size !== null && testInfo.project.name !== 'pixel7', 'the small sizes on the phone');
    test.setTimeout(90_000);
    if (size) await page.setViewportSize(size);
    await page.goto('/#/t/not-a-link!');
    await expect(page.locator('#screen-link-problem')).toBeVisible();
    await expect(page.locator('h1')).toContainText('not a table');
    await expectGoodLayout(page, 'an invalid link');
    await page.goto('/#/t/nosuchtable');
    await expect(page.locator('#screen-link-problem')).toBeVisible();
    await page.goto('/');
    await expect(page.locator('#screen-home')).toBeVisible();
    await page.locator('#play-friend').click();
    await expect(page.locator('#screen-friend')).toBeVisible();
    await expectGoodLayout(page, 'Play a friend');
    await page.locator('#create-table').click();
    await expect(page.locator('#screen-invite')).toBeVisible();
    await expectGoodLayout(page, 'the invite');
    const friend = await page.locator('#friend-link').inputValue();
    const watch = await page.locator('#watch-link').inputValue();
    const b = await person(browser, whist, 'Bartholomew Featherstonehaugh', testInfo.project);
    if (size) await b.page.setViewportSize(size);
    await b.page.goto(friend);
    await expect(page.locator('#screen-table')).toBeVisible();
    await expect(b.page.locator('#my-hand [data-card]').first()).toBeVisible();
    await expectGoodLayout(b.page, 'the online table', { fit: true });
    await page.locator('#chat-button').click();
    await expectGoodLayout(page, 'the chat phrases', { fit: true });
    await page.locator('[data-phrase="well_played"]').click();
    const s = await person(browser, whist, 'Sam', testInfo.project);
    if (size) await s.page.setViewportSize(size);
    await s.page.goto(watch);
    await expect(s.page.locator('#watching')).toBeVisible();
    await expectGoodLayout(s.page, 'the table watched', { fit: true });
    await s.page.goto('/#lobby');
    await expect(s.page.locator('#screen-lobby')).toBeVisible();
    await expectGoodLayout(s.page, 'the lobby');
    // The Android table between two people.
    const t = await tableOverSocket(b.page, { game: 'android' });
    await b.page.goto(seatLink(t, 0));
    await s.page.goto(seatLink(t, 1));
    await expect(b.page.locator('#screen-android #my-hand [data-card]').first()).toBeVisible();
    await expectGoodLayout(b.page, 'the online Android table', { fit: true });
    await closeAll([b, s]);
  });
}
