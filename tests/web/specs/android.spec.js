// android.spec.js: Android Whist in the browser: a hand played by tapping (speed instant) to its
// scoreboard and on into the next hand; the four seats with the opposing android face up and your own
// android face down; a menu of only the commands valid now; the android's "Error." in #message.
const { test, expect } = require('../fixtures');
const { talk, setSetting, playAndroidHand, playToTheEndOverSocket, FOLLOW } = require('../play-helpers');

const SEATS = ['D', 'L', 'X', 'N'];

test('an Android Whist hand is played to its end and the next one dealt', async ({ page, shot }) => {
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await setSetting(page, 'speed', 'instant');
  await page.locator('#android-game').click();
  const table = page.locator('#screen-android');
  await expect(table).toBeVisible();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);

  // Four seats; mine is D or N; the opposing android (D sees L, N sees X) face up, mine face down.
  for (const s of SEATS) await expect(page.locator(`#seat-${s}`)).toHaveCount(1);
  const me = await table.getAttribute('data-seat');
  expect(['D', 'N']).toContain(me);
  const partner = me === 'D' ? 'X' : 'L';
  const opposing = me === 'D' ? 'L' : 'X';
  const other = me === 'D' ? 'N' : 'D';
  // (The deal is the server's: the android at L leads, and may have played already when the table is
  // drawn; its cards are then one fewer, as the seat's count says.)
  const held = Number(await page.locator(`#seat-${opposing} .seat-count`).innerText());
  expect(held).toBeGreaterThanOrEqual(12);
  await expect(page.locator(`#seat-${opposing} .card.face[data-card]`)).toHaveCount(held);
  await expect(page.locator(`#seat-${partner} .card.back`)).toHaveCount(13);
  await expect(page.locator(`#seat-${partner} .card.face`)).toHaveCount(0);
  await expect(page.locator(`#seat-${other} .card.face`)).toHaveCount(0);
  for (const c of await page.locator('#my-hand [data-card]').all()) {
    await expect(c).toHaveAttribute('role', 'button');
    await expect(c).toHaveAttribute('aria-label', /^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)$/);
  }
  // The trump is always shown; the hand (suit order "alternate", the default) shows trumps first, then
  // the colours alternate (black trump: hearts before diamonds; red trump: spades before clubs), high to
  // low within a suit.
  await expect(page.locator('#trump')).toHaveAttribute('data-suit', /^[SHDC]$/);
  const trump = await page.locator('#trump').getAttribute('data-suit');
  // The turned card is drawn by the dealer's seat, D (it is D's, and D has not played it yet): a card
  // of the trump suit, named for screen readers.
  const turned = page.locator('#seat-D #turned-card');
  await expect(turned).toBeVisible();
  await expect(turned).toHaveAttribute('data-card', new RegExp(`^[2-9TJQKA]${trump}$`));
  await expect(turned).toHaveAttribute('aria-label', /^the turned card, (ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs), still in D's hand$/);
  if (me === 'D') await expect(page.locator(`#my-hand [data-card="${await turned.getAttribute('data-card')}"]`)).toHaveCount(1);
  const red = trump === 'H' || trump === 'D';
  const opposite = red ? ['S', 'C'] : ['H', 'D'];
  const same = (red ? ['H', 'D'] : ['S', 'C']).find((x) => x !== trump);
  const order = [trump, opposite[0], same, opposite[1]];
  const hand = await page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
  const RANKS = '23456789TJQKA';
  expect(hand).toEqual([...hand].sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0])));
  await shot(page, 'android');

  const seen = await playAndroidHand(page);
  expect(seen.commands).toBeGreaterThan(0);
  // Only the commands valid now: leading, no duck/beat/high; following before an error, exactly those.
  for (const m of seen.menus) {
    expect(m.offered.length).toBeGreaterThan(0);
    if (m.trickCards === 0) for (const c of FOLLOW) expect(m.offered).not.toContain(c);
    else if (!m.message.includes('Error.')) expect(m.offered).toEqual(FOLLOW);
  }

  const board = page.locator('#scoreboard');
  await expect(board).toBeVisible();
  await expect(board).toContainText(/won the hand, \d+ tricks to \d+/);
  const tricks = (await page.locator('#tricks-0').innerText()) * 1 + (await page.locator('#tricks-1').innerText()) * 1;
  expect(tricks).toBe(13);
  await shot(page, 'android-scoreboard', { docs: false });
  await page.locator('#continue').click();
  await expect(board).toBeHidden();
  // The next hand: thirteen cards again, nobody's tricks yet, the deal changed sides.
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await expect(page.locator('#tricks-0')).toHaveText('0');
  await expect(page.locator('#tricks-1')).toHaveText('0');
  await expect(table).toHaveAttribute('data-seat', me === 'D' ? 'N' : 'D');
});

test('the android answers "Error." in #message, every command opens after it; all by the keyboard', async ({ page }) => {
  await page.goto('/');
  await setSetting(page, 'speed', 'instant');
  // A rubber started from another socket of the same player (the server deals it): the page follows.
  await talk(page, [{ type: 'new', options: { game: 'android', opponent: 'easy' } }], 'view');
  await expect(page.locator('#resume-android')).toBeVisible();
  await page.locator('#resume-android').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  let errorSeen = false;
  // Following, "duck" fails exactly when the android has none of the suit led: play until it does.
  for (let hand = 0; hand < 4 && !errorSeen; hand++) {
    const seen = await playAndroidHand(page, { useKeys: true });
    // After my android's error, the message keeps its "Error." and the menu offers more than duck, beat, high.
    const after = seen.menus.filter((m) => m.message.includes('Error.') && m.trickCards > 0);
    if (seen.errors > 0 && after.length > 0) errorSeen = true;
    for (const m of after) expect(m.offered.some((c) => !FOLLOW.includes(c))).toBe(true);
    if (await page.locator('#continue').count()) await page.locator('#continue').click();
    else break;
  }
  expect(errorSeen).toBe(true);
});

test('a card that may not be played bounces and says why', async ({ page }) => {
  await page.goto('/');
  await setSetting(page, 'speed', 'instant');
  await page.locator('#android-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  // Tapping a card when it is not my turn to play a card says so and plays nothing.
  await page.waitForFunction(() => document.querySelector('#commands:not([hidden])') || document.querySelector('#my-hand.my-turn'));
  if (await page.locator('#commands:not([hidden])').count()) {
    await page.locator('#my-hand [data-card]').first().click();
    await expect(page.locator('#message')).toContainText('Not your turn');
    await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  }
});

test('a whole rubber to its end, then a new one', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a rubber is long: once is enough');
  test.setTimeout(180_000);
  await page.goto('/');
  await setSetting(page, 'speed', 'instant');
  await page.locator('#android-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  // The first hand by tapping; the rest of the rubber (its length is the deal's) from a second socket
  // of the player while the table follows every hand of it.
  await playAndroidHand(page);
  await page.locator('#continue').click();
  const v = await playToTheEndOverSocket(page, 'android');
  expect(v.state).toBe('over');
  const board = page.locator('#scoreboard');
  await expect(board).toContainText(/wins? the rubber/); // "You win the rubber" or "The computer wins ..."
  await expect(board).toContainText(/wins by \d+/);
  // Two games won by the rubber's winner.
  const games = [await page.locator('#games-0').innerText(), await page.locator('#games-1').innerText()].map(Number);
  expect(Math.max(...games)).toBe(2);
  // Home offers no Resume for a rubber that is over; Forward shows its end again; New rubber.
  await page.locator('#home').click();
  await expect(page.locator('#screen-home')).toBeVisible();
  await expect(page.locator('#resume-android')).toBeHidden();
  await expect(page.locator('#welcome')).toContainText('your last Android Whist rubber is over');
  await page.goForward();
  await expect(board).toContainText(/wins? the rubber/);
  await page.locator('#new-match').click();
  await expect(board).toBeHidden();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await expect(page.locator('#games-0')).toHaveText('0');
  await expect(page.locator('#games-1')).toHaveText('0');
});
