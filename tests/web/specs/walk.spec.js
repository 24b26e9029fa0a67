// walk.spec.js: every screen of the client, as a person with a phone would see it: home (with a game
// of each kind to resume), settings, statistics, history, a German replay (its review still coming,
// then complete), an Android replay, rules, the Android Whist table with its commands, the question
// before a new game abandons one going on, and the German table in the middle of a hand with the card
// tracker open and a hint shown (in each orientation setting), with a long name. On each, layout-check.js looks for anything cut off by the
// screen or its box, a piece under another, and a touch target under 44 px. Each project walks at its
// own size; the Pixel 7 also at 360x640 and 640x360 (the smallest phone held each way).
const { test, expect, startGame } = require('../fixtures');
const { expectGoodLayout } = require('../layout-check');
const { saveSettings, playHandOverSocket, talk, playOne, myTurn, ledCard } = require('../play-helpers');

// 29 characters: a long name must not push anything off the screen.
const LONG_NAME = 'Bartholomew Featherstonehaugh';

const SIZES = [null, { width: 360, height: 640 }, { width: 640, height: 360 }];

for (const size of SIZES) {
  const label = size ? `${size.width}x${size.height}` : "the project's own size";
  test(`every screen at ${label}: nothing cut off, covered or too small to touch`, async ({ page, shot }, testInfo) => {
    test.skip(size !== null && testInfo.project.name !== 'pixel7', 'the small sizes once, on a touch screen');
    test.setTimeout(180_000);
    if (size) await page.setViewportSize(size);
    const tag = size ? label : testInfo.project.name;
    await page.goto('/');
    await expect(page.locator('#screen-home')).toBeVisible();
    await saveSettings(page, { speed: 'instant', sound: 'off', opponent: 'random', 'android-opponent': 'random', name: LONG_NAME, tracker: 'on' });
    // A hand of each game for the statistics, the history and the replay; the German one's scoreboard
    // in each orientation setting; then an Android hand in play.
    // (to 100: a slam's points could end a match to 10 in one hand, and the walk resumes it)
    await playHandOverSocket(page, { game: 'german', opponent: 'random', target: '100' });
    await page.reload();
    await page.locator('#resume').click();
    for (const orientation of ['auto', 'portrait', 'landscape']) {
      await saveSettings(page, { orientation });
      await expect(page.locator('#scoreboard')).toBeVisible();
      await expectGoodLayout(page, `the scoreboard (orientation ${orientation})`, { fit: true });
    }
    await shot(page, `walk-scoreboard-${tag}`, { docs: false });
    await saveSettings(page, { orientation: 'auto' });
    await page.locator('#home').click();
    await playHandOverSocket(page, { game: 'android', opponent: 'random' });
    await talk(page, [{ type: 'next' }], 'view');
    await page.reload();
    await expect(page.locator('#screen-home')).toBeVisible();
    await expect(page.locator('#resume')).toBeVisible();
    await expect(page.locator('#resume-android')).toBeVisible();
    await expectGoodLayout(page, 'home');
    await shot(page, `walk-home-${tag}`, { docs: false });

    await page.locator('#open-settings').click();
    await expect(page.locator('#screen-settings')).toBeVisible();
    await expectGoodLayout(page, 'settings');
    await page.locator('#close-settings').click();

    await page.locator('#open-stats').click();
    await expect(page.locator('#stats-german')).toBeVisible();
    await expectGoodLayout(page, 'statistics');
    await shot(page, `walk-stats-${tag}`, { docs: false });

    await page.locator('#stats-history').click();
    await expect(page.locator('#history-list .history-item')).toHaveCount(2);
    await expectGoodLayout(page, 'history');
    await shot(page, `walk-history-${tag}`, { docs: false });

    // The German replay as soon as it is drawn (its review on the way: the progress line), then
    // with the review complete.
    await page.locator('#history-list .history-item[data-game="german"]').click();
    await expect(page.locator('#replay-hands .card')).toHaveCount(26);
    await expectGoodLayout(page, 'replay (the deal)');
    await expect(page.locator('#replay-review-total')).toBeVisible({ timeout: 30_000 });
    await page.locator('#replay-next').click();
    await page.locator('#replay-next').click();
    await expectGoodLayout(page, 'replay');
    await shot(page, `walk-replay-${tag}`, { docs: false });
    await page.locator('#back-button').click();
    // The Android replay: the deal with the turned card, then a trick with its commands.
    await page.locator('#history-list .history-item[data-game="android"]').click();
    await expect(page.locator('#replay-hands .card')).toHaveCount(52);
    await expectGoodLayout(page, 'Android replay (the deal)');
    await page.locator('#replay-next').click();
    await expect(page.locator('#replay-trick .card')).toHaveCount(4);
    await expectGoodLayout(page, 'Android replay');
    await shot(page, `walk-android-replay-${tag}`, { docs: false });
    await page.locator('#back-button').click();
    await page.locator('#back-button').click();
    await expect(page.locator('#screen-home')).toBeVisible();

    await page.locator('#open-rules').click();
    await expect(page.locator('#screen-rules')).toBeVisible();
    await expectGoodLayout(page, 'rules');
    await page.locator('#back-button').click();

    // The Android table, the commands offered when the android is to play.
    await page.locator('#resume-android').click();
    await expect(page.locator('#screen-android #my-hand [data-card]')).toHaveCount(13);
    await page.waitForFunction(() => document.querySelector('#commands:not([hidden]) button') || document.querySelector('#my-hand.my-turn'));
    await expectGoodLayout(page, 'android', { fit: true });
    await shot(page, `walk-android-${tag}`, { docs: false });
    await page.locator('#home-button').click();

    // The German table in the middle of a hand, the computer's card led: tracker open, a hint shown;
    // in every orientation setting.
    // A new match would abandon the one going on: the question first.
    await page.locator('#new-game').click();
    await expect(page.locator('#confirm')).toBeVisible();
    await expectGoodLayout(page, 'the question before a new match');
    await shot(page, `walk-confirm-${tag}`, { docs: false });
    await page.locator('#confirm-yes').click();
    await expect(page.locator('#screen-table')).toBeVisible();
    for (let i = 0; i < 3; i++) await playOne(page);
    // (low cards until the computer wins a trick and leads: the deal is the server's)
    for (let i = 0; i < 13; i++) {
      await myTurn(page);
      if (await ledCard(page)) break;
      await playOne(page, true);
    }
    expect(await ledCard(page)).not.toBeNull();
    for (const orientation of ['auto', 'portrait', 'landscape']) {
      await saveSettings(page, { orientation });
      await myTurn(page);
      await expect(page.locator('#tracker')).toBeVisible();
      await page.locator('#hint-button').click();
      await expect(page.locator('#my-hand .hint-badge.best').first()).toBeVisible({ timeout: 30_000 });
      await expectGoodLayout(page, `table (orientation ${orientation})`, { fit: true });
      await shot(page, `walk-table-${orientation}-${tag}`, { docs: false });
    }
  });
}

// The Android table's worst case: your android leads, and all twelve commands it may be given are offered
// (the deal is the server's: new rubbers until one starts so); on the smallest phone both ways up, and at
// the desktop's own size.
const LEADING_SIZES = { pixel7: [[360, 640], [640, 360]], desktop: [[1280, 720]] };
test('the Android table with the twelve commands of a leading android', async ({ page, shot }, testInfo) => {
  const sizes = LEADING_SIZES[testInfo.project.name];
  test.skip(!sizes, 'the smallest phone and the desktop');
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await saveSettings(page, { speed: 'instant', sound: 'off', 'android-opponent': 'random', name: LONG_NAME });
  let leads = false;
  for (let i = 0; i < 30 && !leads; i++) {
    const v = await startGame(page, { game: 'android', opponent: 'random' });
    leads = v.turn.player === 0 && v.turn.action === 'command' && v.table.trick.length === 0;
  }
  expect(leads).toBe(true);
  await page.locator('#resume-android').click();
  await expect(page.locator('#commands button[data-command]')).toHaveCount(12);
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await expectGoodLayout(page, `android, twelve commands, ${width}x${height}`, { fit: true });
    await shot(page, `walk-android-leading-${width}x${height}`, { docs: false });
  }
});
