// table.spec.js: the German Whist table as a person uses it: a whole match played by tapping to the
// trophy; a reload, and the server killed (SIGKILL) and restarted, in the middle of a hand give back
// the same table; a card that may not be played bounces and says why; hints, undo, the card tracker
// and the last trick; single-click play, suit order, hand display, the keyboard; no horizontal
// scrolling; the screenshots of the docs (docs/screenshots/table-phone.png, table-desktop.png).
const path = require('node:path');
const fs = require('node:fs');
const { test, expect } = require('../fixtures');
const { myTurn, handCards, ledCard, tap, legalCard, playOne, talk } = require('../play-helpers');

const RANKS = '23456789TJQKA';

// Saves settings for the page's player over a second socket of the page, then reloads so that the
// page's own welcome carries them.
async function useSettings(page, settings) {
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  const reply = await page.evaluate(
    (settings) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, 'whist');
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'settings', settings }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'settings' || m.type === 'error') {
            ws.close();
            resolve(m);
          }
        };
      }),
    settings,
  );
  expect(reply.type, JSON.stringify(reply)).toBe('settings');
  await page.reload();
  await expect(page.locator('#screen-home')).toBeVisible();
  for (const [k, v] of Object.entries(settings)) {
    if (k === 'speed') await expect(page.locator('body')).toHaveAttribute('data-speed', v);
  }
}

const FAST = { speed: 'instant', opponent: 'random', target: '3', sound: 'off' };

async function newGame(page) {
  await page.locator('#new-game').click();
  await expect(page.locator('#screen-table')).toBeVisible();
  await expect(page.locator('#my-hand [data-card]').first()).toBeVisible();
}

// When it is the player's turn, plays a legal card by tapping twice and waits until it left the hand;
// otherwise waits a moment. Whether it played.
async function playIfMyTurn(page) {
  if (!(await page.locator('#score-0 .turn-light.on').count())) {
    await page.waitForTimeout(30);
    return false;
  }
  const card = await legalCard(page);
  await tap(page, card);
  await tap(page, card);
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
  return true;
}

// What the table shows, to compare before and after a reload or a restart.
async function tableState(page) {
  await myTurn(page);
  return page.evaluate(() => ({
    mine: [...document.querySelectorAll('#my-hand [data-card]')].map((e) => e.dataset.card),
    theirs: document.querySelectorAll('#their-hand .card.back').length,
    upcard: document.querySelector('#upcard')?.dataset.card ?? null,
    stock: document.querySelector('#stock-count')?.textContent ?? '',
    trump: document.querySelector('#trump').dataset.suit,
    trick: [...document.querySelectorAll('#trick [data-card]')].map((e) => e.dataset.card),
    phase: document.querySelector('#phase').textContent,
    scores: [0, 1].map((p) => document.querySelector(`#score-${p}`).getAttribute('aria-label')),
  }));
}

async function noSideScroll(page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over).toBeLessThanOrEqual(0);
}

test('a whole match played by tapping, to the trophy', async ({ page }) => {
  test.setTimeout(240_000);
  await useSettings(page, { ...FAST, variant: 'small' });
  await newGame(page);
  await noSideScroll(page);
  let hands = 0;
  for (let step = 0; step < 2000; step++) {
    if (await page.locator('#scoreboard[open]').count()) {
      hands++;
      await expect(page.locator('#scoreboard .sb-why')).toContainText(/tricks? count/);
      if (await page.locator('#trophy').count()) break;
      await page.locator('#continue').click();
      await expect(page.locator('#scoreboard[open]')).toHaveCount(0);
      continue;
    }
    await playIfMyTurn(page);
  }
  expect(hands).toBeGreaterThan(0);
  await expect(page.locator('#trophy')).toBeVisible();
  await expect(page.locator('#new-match')).toBeVisible();
  await expect(page.locator('#home')).toBeVisible();
  await expect(page.locator('#continue')).toBeHidden();
  await expect(page.locator('#phase')).toHaveText('Match over');
  // The trophy stands by the winner's match score, and the table's winner's score shows one too.
  const row = await page.locator('#scoreboard .sb-match').innerText();
  const [a, b] = row.match(/\d+/g).map(Number);
  const winnerCell = a > b ? 1 : 2;
  await expect(page.locator(`#scoreboard .sb-match td:nth-of-type(${winnerCell}) #trophy`)).toHaveCount(1);
  expect(Math.max(a, b)).toBeGreaterThanOrEqual(3);
  await page.locator('#new-match').click();
  await expect(page.locator('#scoreboard[open]')).toHaveCount(0);
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(7);
  await expect(page.locator('#score-0 .points')).toHaveText('0');
  await expect(page.locator('#score-1 .points')).toHaveText('0');
});

test('a reload in the middle of a hand shows the same table', async ({ page }) => {
  await useSettings(page, FAST);
  await newGame(page);
  for (let i = 0; i < 3; i++) await playOne(page);
  const before = await tableState(page);
  expect(before.mine.length).toBe(13);
  await page.reload();
  await expect(page.locator('#screen-table')).toBeVisible();
  expect(await tableState(page)).toEqual(before);
  await playOne(page);
});

test('the server killed and restarted mid-hand: the game goes on, nothing lost', async ({ page, whist }) => {
  await useSettings(page, FAST);
  await newGame(page);
  for (let i = 0; i < 4; i++) await playOne(page);
  const before = await tableState(page);
  await whist.kill();
  await expect(page.locator('#net-status')).toBeVisible();
  await whist.restart();
  await expect(page.locator('#net-status')).toBeHidden({ timeout: 20_000 });
  expect(await tableState(page)).toEqual(before);
  // The prompt comes back whole, not as the tail of an emptied message.
  await expect(page.locator('#message')).toHaveText(/^Your turn: (lead a card|answer the \S+)\.$/);
  const played = await playOne(page);
  expect(before.mine).toContain(played);
  await page.reload();
  expect((await tableState(page)).mine).not.toContain(played);
});

test('a card that may not be played bounces and says why', async ({ page }) => {
  await useSettings(page, FAST);
  await newGame(page);
  for (let i = 0; i < 26; i++) {
    await myTurn(page);
    const led = await ledCard(page);
    const cards = await handCards(page);
    const wrong = led && cards.some((c) => c[1] === led[1]) && cards.find((c) => c[1] !== led[1]);
    if (wrong) {
      await tap(page, wrong);
      await expect(page.locator(`#my-hand [data-card="${wrong}"]`)).toHaveClass(/bounce/);
      await expect(page.locator('#message')).toContainText('You must follow suit');
      await expect(page.locator(`#my-hand [data-card="${wrong}"]`)).not.toHaveClass(/raised/);
      expect(await handCards(page)).toEqual(cards);
      return;
    }
    await playOne(page);
  }
  throw new Error('the computer never led a suit held with another');
});

test('hints, the card tracker, the last trick and undo', async ({ page }) => {
  await useSettings(page, { ...FAST, tracker: 'off' });
  await newGame(page);
  await myTurn(page);
  // Nothing played yet: no last trick, nothing to undo.
  await expect(page.locator('#undo-button')).toBeDisabled();
  await expect(page.locator('#last-trick-button')).toBeDisabled();
  // Hint: a value on each legal card, the best marked; the foreplay's is an estimate in expected points of
  // the rule in force (signed, to a tenth), and the message says so and gives the best card's tricks.
  await page.locator('#hint-button').click();
  await expect(page.locator('#my-hand .hint-badge.best').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#message')).toHaveText(/^Best: \S+( or \S+|(, \S+)+ or \S+)?: [-+]?\d+\.\d expected points, \d+\.\d endgame tricks \(estimated from \d+ deals; Last 13 points: yours minus the computer's at the hand's end\)\.$/);
  const badges = await page.locator('#my-hand .hint-badge').allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  for (const b of badges) expect(b).toMatch(/^([-+]\d+\.\d|0\.0)$/);
  await expect(page.locator('#my-hand .hint-badge').first()).toHaveAttribute('title', /^([-+]\d+\.\d|0\.0) expected points$/);
  await expect(page.locator('#my-hand .card.best').first()).toHaveAttribute('aria-description', /^([-+]\d+\.\d|0\.0) expected points, \d+\.\d endgame tricks, best$/);
  // Tracker: the unseen cards by suit.
  await expect(page.locator('#tracker')).toBeHidden();
  await page.locator('#tracker-button').click();
  await expect(page.locator('#tracker')).toBeVisible();
  await expect(page.locator('#tracker-button')).toHaveAttribute('aria-pressed', 'true');
  // 52 cards but your 13 and the up-card, and the computer's card if it led (the deal is the server's).
  await expect(page.locator('#tracker h3')).toContainText(`Unseen: ${(await ledCard(page)) ? 37 : 38}`);
  await expect(page.locator('#tracker li')).toHaveCount(4);
  // Play a trick: the last trick shows both cards and who won.
  const played = await playOne(page);
  await myTurn(page);
  await page.locator('#last-trick-button').click();
  await expect(page.locator('#last-trick')).toBeVisible();
  await expect(page.locator('#last-trick .lt-cards [data-card]')).toHaveCount(2);
  await expect(page.locator(`#last-trick [data-card="${played}"]`)).toHaveCount(1);
  await expect(page.locator('#last-trick .lt-text')).toContainText('Foreplay trick 1');
  await page.locator('#last-trick .lt-close').click();
  await expect(page.locator('#last-trick')).toBeHidden();
  // Undo: the card comes back, the hand counts as assisted.
  const before = await handCards(page);
  const second = await playOne(page);
  await myTurn(page);
  await expect(page.locator('#undo-button')).toBeEnabled();
  await page.locator('#undo-button').click();
  await expect(page.locator('#message')).toContainText('assisted');
  await expect(page.locator(`#my-hand [data-card="${second}"]`)).toHaveCount(1);
  expect((await handCards(page)).sort()).toEqual([...before].sort());
  await expect(page.locator('.match-line')).toContainText('assisted');
});

test('single-click play plays with one tap', async ({ page }) => {
  await useSettings(page, { ...FAST, 'single-click': 'on' });
  await newGame(page);
  for (let i = 0; i < 3; i++) {
    await myTurn(page);
    const card = await legalCard(page);
    await tap(page, card);
    await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
  }
});

function expectedOrder(style, trump) {
  if (style !== 'alternate') return 'SHDC';
  return trump + { S: 'HCD', H: 'SDC', D: 'SHC', C: 'HSD' }[trump];
}

function checkSorted(cards, order) {
  for (let i = 1; i < cards.length; i++) {
    const a = cards[i - 1];
    const b = cards[i];
    const bySuit = order.indexOf(a[1]) - order.indexOf(b[1]);
    expect(bySuit < 0 || (bySuit === 0 && RANKS.indexOf(a[0]) > RANKS.indexOf(b[0])), `${a} before ${b} (${order})`).toBe(true);
  }
}

test('suit order and hand display change the hand', async ({ page }, testInfo) => {
  await useSettings(page, { ...FAST, 'suit-order': 'classic', 'hand-display': 'row' });
  await newGame(page);
  await myTurn(page);
  const trump = await page.locator('#trump').getAttribute('data-suit');
  checkSorted(await handCards(page), 'SHDC');
  // One row where 13 cards each keep 44 px for a finger (the desktop); two on a phone held upright.
  await expect(page.locator('#my-hand .row')).toHaveCount(testInfo.project.name === 'desktop' ? 1 : 2);
  await noSideScroll(page);
  await useSettings(page, { ...FAST, 'suit-order': 'alternate', 'hand-display': 'stacked' });
  await page.locator('#resume').click();
  await myTurn(page);
  checkSorted(await handCards(page), expectedOrder('alternate', trump));
  await expect(page.locator('#my-hand .row')).toHaveCount(2);
  await noSideScroll(page);
  // Every card can still be tapped (stacked rows overlap): play one from each row.
  await playOne(page);
});

test('the keyboard: arrows, Enter, typed cards and the help keys', async ({ page }) => {
  await useSettings(page, FAST);
  await newGame(page);
  await myTurn(page);
  const cards = await handCards(page);
  // Arrows move between the cards; Enter raises the focused card.
  await page.locator(`#my-hand [data-card="${cards[0]}"]`).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement.dataset.card)).toBe(cards[2]);
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => document.activeElement.dataset.card)).toBe(cards[1]);
  // Typing a card as at the terminal raises it; Enter plays it.
  const card = await legalCard(page);
  const typed = `${card[0] === 'T' ? '10' : card[0].toLowerCase()}${card[1].toLowerCase()}`;
  await page.keyboard.type(typed);
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveClass(/raised/);
  await page.keyboard.press('Enter');
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
  // A card not held is refused in words.
  await myTurn(page);
  const held = await handCards(page); // (the hand as it is now: the trick's draws came into it)
  const missing = ['AS', 'KH', 'QD', 'JC', '2S', '3H'].find((c) => !held.includes(c));
  await page.keyboard.type(`${missing[0].toLowerCase()}${missing[1].toLowerCase()}`);
  await page.keyboard.press('Enter');
  await expect(page.locator('#message')).toContainText('You do not hold');
  // t: tracker, l: last trick, h: hint, u: undo.
  await page.keyboard.press('t');
  await expect(page.locator('#tracker')).toBeVisible();
  await page.keyboard.press('l');
  await expect(page.locator('#last-trick')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#last-trick')).toBeHidden();
  await page.keyboard.press('h');
  await expect(page.locator('#my-hand .hint-badge').first()).toBeVisible({ timeout: 20_000 });
  // Undo gives back the typed card (and the draws of the trick it finished).
  await page.keyboard.press('u');
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(1);
  await expect(page.locator('.match-line')).toContainText('assisted');
  // Cards carry labels a screen reader reads; the message is announced.
  await expect(page.locator(`#my-hand [data-card="${cards[0]}"]`)).toHaveAttribute('aria-label', /^(ace|king|queen|jack|ten|two|three|four|five|six|seven|eight|nine) of (spades|hearts|diamonds|clubs)$/);
  await expect(page.locator('#message')).toHaveAttribute('aria-live', 'polite');
});

test('the table fits the screen and the docs get its picture', async ({ page }, testInfo) => {
  await useSettings(page, { speed: 'instant', opponent: 'random', target: '10', sound: 'off', tracker: 'off' });
  await newGame(page);
  for (let i = 0; i < 4; i++) await playOne(page);
  await myTurn(page);
  await noSideScroll(page);
  // Every card of the hand is on the screen.
  const box = await page.locator('#my-hand').boundingBox();
  const vp = page.viewportSize();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(vp.width + 0.5);
  for (const el of await page.locator('#my-hand [data-card]').all()) {
    const b = await el.boundingBox();
    expect(b.x + b.width).toBeLessThanOrEqual(vp.width + 0.5);
    expect(b.y + b.height).toBeLessThanOrEqual(vp.height + 0.5);
  }
  await page.locator('#hint-button').click();
  await expect(page.locator('#my-hand .hint-badge.best').first()).toBeVisible({ timeout: 20_000 });
  const file = testInfo.outputPath('table.png');
  await page.screenshot({ path: file });
  const name = { desktop: 'table-desktop.png', pixel7: 'table-phone.png' }[testInfo.project.name];
  if (name && process.env.WHIST_DOC_SHOTS === '1') {
    const docs = path.resolve(__dirname, '../../../docs/screenshots');
    fs.mkdirSync(docs, { recursive: true });
    fs.copyFileSync(file, path.join(docs, name));
  }
});

test('events are shown in turn: the winner of the trick, the draws, the next up-card', async ({ page }) => {
  await useSettings(page, { ...FAST, speed: 'fast' });
  await newGame(page);
  await page.evaluate(() => {
    window.seen = { messages: [], winner: false, backs: 0 };
    const msg = document.querySelector('#message');
    new MutationObserver(() => window.seen.messages.push(msg.textContent)).observe(msg, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => {
      if (document.querySelector('#trick .card.winner')) window.seen.winner = true;
    }).observe(document.querySelector('#trick'), { subtree: true, attributes: true, childList: true });
  });
  for (let i = 0; i < 3; i++) await playOne(page);
  await myTurn(page);
  const seen = await page.evaluate(() => window.seen);
  const all = seen.messages.join('\n');
  expect(seen.winner).toBe(true);
  expect(all).toMatch(/(You win|The computer wins) the trick and takes? the/);
  expect(all).toMatch(/The computer (draws a card \(face down\)|takes the)/);
  expect(all).toMatch(/You (draw|take) the/);
  expect(all).toMatch(/Next up-card: /);
});

test('the orientation setting picks the layout', async ({ page }, testInfo) => {
  await useSettings(page, { ...FAST, orientation: 'landscape' });
  await newGame(page);
  await expect(page.locator('#screen-table')).toHaveAttribute('data-layout', 'landscape');
  await noSideScroll(page);
  await useSettings(page, { ...FAST, orientation: 'portrait' });
  await page.locator('#resume').click();
  await expect(page.locator('#screen-table')).toHaveAttribute('data-layout', 'portrait');
  await noSideScroll(page);
  await useSettings(page, { ...FAST, orientation: 'auto' });
  await page.locator('#resume').click();
  const vp = page.viewportSize();
  await expect(page.locator('#screen-table')).toHaveAttribute('data-layout', vp.width >= vp.height ? 'landscape' : 'portrait');
  await noSideScroll(page);
});

test('the scoreboard comes back after a reload and opens the hand in the replay', async ({ page }) => {
  await useSettings(page, { ...FAST, variant: 'small', target: '20' });
  await newGame(page);
  for (let step = 0; step < 200 && !(await page.locator('#scoreboard[open]').count()); step++) {
    await playIfMyTurn(page);
  }
  await expect(page.locator('#scoreboard')).toBeVisible();
  await expect(page.locator('#continue')).toBeVisible();
  // A reload at the end of a hand shows the same scoreboard.
  const title = await page.locator('#sb-title').innerText();
  const why = await page.locator('#scoreboard .sb-why').innerText();
  await page.reload();
  await expect(page.locator('#scoreboard')).toBeVisible();
  await expect(page.locator('#sb-title')).toHaveText(title);
  await expect(page.locator('#scoreboard .sb-why')).toHaveText(why);
  await page.locator('#replay-hand').click();
  await expect(page.locator('#screen-replay')).toBeVisible();
  expect(new URL(page.url()).hash).toMatch(/^#replay\?/);
  const params = JSON.parse(decodeURIComponent(new URL(page.url()).hash.replace(/^#replay\?/, '')));
  expect(Number.isInteger(params.id)).toBe(true);
});

test('the table\'s own rules: scoring examples, trick winners, refusals', async ({ page }) => {
  await page.goto('/');
  const r = await page.evaluate(async () => {
    const m = await import('/js/table-rules.js');
    const score = (variant, scoring, foreplay, endgame) => m.scoreHand({ variant, scoring }, { foreplay, endgame });
    const view = {
      game: 'german', state: 'playing', turn: { player: 0 }, names: ['You', 'hard'],
      table: { own: ['AS', '2H'], led: 'KH', to_play: 0 },
    };
    return {
      last13: score('classic', 'last13', [0, 0], [8, 5]).points,
      slam: score('classic', 'last13', [0, 0], [13, 0]).points,
      every: score('classic', 'every', [10, 3], [13, 0]).points,
      everyTie: score('classic', 'every', [6, 7], [7, 6]).points,
      smallLast: score('small', 'last13', [0, 0], [5, 2]).points,
      smallSlam: score('small', 'last13', [0, 0], [7, 0]).points,
      smallEvery: score('small', 'every', [3, 4], [7, 0]).points,
      difference: score('classic', 'difference', [0, 0], [8, 5]).points,
      total: score('classic', 'total', [9, 4], [5, 8]).points,
      why: score('classic', 'last13', [0, 0], [5, 8]).why,
      winners: [m.trickWinnerIndex('KH', 'AH', 'S'), m.trickWinnerIndex('KH', '2S', 'S'), m.trickWinnerIndex('KH', 'AD', 'S')],
      follow: m.refusal(view, 'AS'),
      ok: m.refusal(view, '2H'),
      turn: m.refusal({ ...view, turn: { player: 1 } }, '2H'),
      tricks: m.tricksOf({ dealer: 1, trump: 'S', moves: ['KH', 'AH', '2S', '3C'], ups: ['7D', '9C', '4H'] }),
    };
  });
  expect(r.last13).toEqual([2, 0]);
  expect(r.slam).toEqual([10, 0]);
  expect(r.every).toEqual([10, 0]);
  expect(r.everyTie).toEqual([0, 0]);
  expect(r.smallLast).toEqual([2, 0]);
  expect(r.smallSlam).toEqual([5, 0]);
  expect(r.smallEvery).toEqual([4, 0]);
  expect(r.difference).toEqual([3, 0]);
  expect(r.total).toEqual([5, 8]);
  expect(r.why).toBe('Last 13: only the 13 endgame tricks count. The computer won 8 to 5: 8 − 6 = 2 points.');
  expect(r.winners).toEqual([1, 1, 0]);
  expect(r.follow).toMatch(/You must follow suit/);
  expect(r.ok).toBeNull();
  expect(r.turn).toMatch(/Wait/);
  expect(r.tricks).toEqual([
    { number: 1, leader: 0, cards: ['KH', 'AH'], winner: 1, up: '7D' },
    { number: 2, leader: 1, cards: ['2S', '3C'], winner: 1, up: '9C' },
  ]);
});

test('an undo the server refuses is told in the table\'s words', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'words, the same on every screen');
  // The server's views pass through the test, which offers an undo before any card is played (as a
  // view a moment old would): the server refuses it, in its own words ("player 1 has not played...").
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((text) => {
      const m = JSON.parse(text);
      // (the player has played no card: none yet, or only the computer's lead of the first trick)
      const moves = m.type === 'view' && m.view.game === 'german' ? m.view.table.moves : null;
      if (moves && (moves.length === 0 || (moves.length === 1 && m.view.turn?.player === 0))) m.view.can_undo = true;
      ws.send(JSON.stringify(m));
    });
  });
  await useSettings(page, FAST);
  await newGame(page);
  await myTurn(page);
  await expect(page.locator('#undo-button')).toBeEnabled();
  await page.locator('#undo-button').click();
  await expect(page.locator('#message')).toHaveText('You have not played a card in this hand yet: there is nothing to take back.');
  await expect(page.locator('#message')).not.toContainText('player');
});

test('the card tracker: the up-cards the computer took, and the cards seen before an undo', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'what the tracker says is the same on every screen (walk.spec checks its layout)');
  test.setTimeout(180_000);
  await useSettings(page, { ...FAST, tracker: 'on' });
  await newGame(page);
  // After an undo the up-card shown before it is the next one to come: seen, not unseen.
  for (let i = 0; i < 3; i++) await playOne(page);
  await myTurn(page);
  const shownUp = await page.locator('#upcard').getAttribute('data-card');
  await page.locator('#undo-button').click();
  await expect(page.locator('#upcard')).not.toHaveAttribute('data-card', shownUp);
  await expect(page.locator('#tracker .tr-seen').first()).toContainText('Seen before your undo');
  await expect(page.locator(`#tracker .tr-seen [data-card="${shownUp}"]`)).toHaveCount(1);
  await expect(page.locator(`#tracker .tr-ranks [data-card="${shownUp}"]`)).toHaveCount(0);
  const labels = (await page.locator('#tracker li').evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')))).join('; ');
  const RANK = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two' };
  expect(labels).not.toContain(`${RANK[shownUp[0]]} of`.concat(` ${{ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[shownUp[1]]}`));
  // The endgame: only the up-cards the computer took and still holds are called so.
  while ((await page.locator('#phase').innerText()).startsWith('Foreplay')) await playIfMyTurn(page);
  await myTurn(page);
  const view = (await talk(page, [], 'view')).pop().view;
  const took = view.table.opponent_known.filter((c) => view.table.upcards[1].includes(c)).sort();
  const shownTook = (await page.locator('#tracker .tr-took [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card))).sort();
  expect(shownTook).toEqual(took);
  await expect(page.locator('#tracker .tr-known')).toContainText('The computer holds');
  expect(view.table.opponent_known.length).toBeGreaterThan(took.length);
});
