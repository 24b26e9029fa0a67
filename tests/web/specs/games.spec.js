// games.spec.js: a player keeps one German Whist match and one Android Whist rubber (docs/protocol.md,
// "The browser's WebSocket"). Home offers a Resume for each one going on, with its state, never for one
// that is over; a new game of a kind asks first (a dialog, by touch or keyboard) when it would abandon
// one going on, and asks nothing when there is none; each table opens its own kind when the connection
// follows the other (a reload on #android after the match changed last); every tab's home follows the
// player's games as they change (the `games` message).
const { test, expect } = require('../fixtures');
const { expectGoodLayout } = require('../layout-check');
const { saveSettings, talk, playHandOverSocket } = require('../play-helpers');

const screen = (page, name) => expect(page.locator(`#screen-${name}`)).toBeVisible();
const handOf = (page) => page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort().join(' '));

test('a Resume for each game going on; a new game asks before it abandons one', async ({ page, shot }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await screen(page, 'home');
  await saveSettings(page, { speed: 'instant', sound: 'off', opponent: 'random', 'android-opponent': 'random' });
  await expect(page.locator('#resume')).toBeHidden();
  await expect(page.locator('#resume-android')).toBeHidden();

  // No game yet: a new one of either kind asks nothing.
  await page.locator('#new-game').click();
  await screen(page, 'table');
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await page.locator('#home-button').click();
  await screen(page, 'home');
  await expect(page.locator('#confirm')).toHaveCount(0);
  await page.locator('#android-game').click();
  await screen(page, 'android');
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  const rubberHand = await handOf(page);
  await page.locator('#home-button').click();
  await screen(page, 'home');

  // Both games go on: a Resume for each, with its score and hand.
  await expect(page.locator('#resume')).toHaveText('Resume your match (0–0, hand 1)');
  await expect(page.locator('#resume-android')).toHaveText('Resume Android Whist (games 0–0, hand 1)');
  await expect(page.locator('#welcome')).toContainText('your match and your Android Whist rubber are waiting');
  await expectGoodLayout(page, 'home with two games');

  // A new match would abandon the one going on: a dialog asks, the safe answer focused first.
  await page.locator('#new-game').click();
  const dialog = page.locator('#confirm');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Start a new match?');
  await expect(dialog).toContainText('Your match in progress (0–0, hand 1) will be abandoned');
  await expect(page.locator('#confirm-no')).toBeFocused();
  await expectGoodLayout(page, 'the question');
  await shot(page, 'confirm', { docs: false });
  // Escape keeps the match, as "Keep my match" does (by keyboard: Enter on the focused button).
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await screen(page, 'home');
  await page.locator('#new-game').click();
  await expect(page.locator('#confirm-no')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await screen(page, 'home');
  await expect(page.locator('#resume')).toBeVisible();

  // A new rubber, by touch on a phone: the old one is replaced, the match kept.
  await page.locator('#android-game').click();
  await expect(dialog).toContainText('Start a new rubber?');
  await expect(dialog).toContainText('Your Android Whist rubber in progress (games 0–0, hand 1) will be abandoned');
  if (testInfo.project.name === 'desktop') await page.locator('#confirm-yes').click();
  else await page.locator('#confirm-yes').tap();
  await screen(page, 'android');
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  expect(await handOf(page)).not.toBe(rubberHand); // a new deal
  await page.locator('#home-button').click();
  await screen(page, 'home');
  await expect(page.locator('#resume')).toHaveText('Resume your match (0–0, hand 1)');
  await expect(page.locator('#resume-android')).toBeVisible();
});

test('each table opens its own game; every tab keeps the home screen right', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'which game a screen shows is the same on every screen size');
  test.setTimeout(120_000);
  await page.goto('/');
  await screen(page, 'home');
  await saveSettings(page, { speed: 'instant', sound: 'off' });
  // A rubber, then a match: the match changed last, so a new connection follows it.
  await talk(page, [{ type: 'new', options: { game: 'android', opponent: 'random' } }], 'view');
  await talk(page, [{ type: 'new', options: { game: 'german', opponent: 'random', target: '1' } }], 'view');

  // A reload on #android shows the rubber, not the match.
  await page.goto('/#android');
  await screen(page, 'android');
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await page.waitForTimeout(500);
  await screen(page, 'android');
  expect(new URL(page.url()).hash).toBe('#android');

  // A second tab of the player on the German table; the first stays on its rubber.
  const other = await context.newPage();
  await other.goto('/#table');
  await screen(other, 'table');
  await expect(other.locator('#my-hand [data-card]').first()).toBeVisible();
  await screen(page, 'android');

  // The first tab at home; the second finishes the match (target 1: one hand): the first tab's home
  // offers no Resume for it any more, without a reload.
  await page.locator('#home-button').click();
  await screen(page, 'home');
  await expect(page.locator('#resume')).toBeVisible();
  await expect(page.locator('#resume-android')).toBeVisible();
  const v = await playHandOverSocket(other, { game: 'german', opponent: 'random', target: '1' });
  expect(v.state).toBe('over');
  await expect(page.locator('#resume')).toBeHidden();
  await expect(page.locator('#resume-android')).toBeVisible();
  await expect(page.locator('#welcome')).toContainText('your Android Whist rubber is waiting');
  // A new match asks nothing: the last one is over.
  await page.locator('#new-game').click();
  await screen(page, 'table');
  await expect(page.locator('#confirm')).toHaveCount(0);
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await other.close();
});
