// navigation.spec.js: moving between screens as in any site: each screen is an entry of the browser's
// history (Back returns to the screen before, Forward again, an address typed opens its screen, Back
// from home leaves the app); home offers to resume only a game that is not over, and its first
// button speaks of touch only where there is a touch screen.
const { test, expect } = require('../fixtures');
const { saveSettings, playHandOverSocket } = require('../play-helpers');

const screen = (page, name) => expect(page.locator(`#screen-${name}`)).toBeVisible();

test("the browser's Back and Forward move between screens; an address typed opens its screen", async ({ page }) => {
  await page.goto('/');
  await screen(page, 'home');
  await page.locator('#open-settings').click();
  await screen(page, 'settings');
  await page.goBack();
  await screen(page, 'home');
  await page.goForward();
  await screen(page, 'settings');
  await page.locator('#close-settings').click();
  await screen(page, 'home');

  // Two screens deep: Back returns one at a time; the page's own Back button goes home.
  await page.locator('#open-stats').click();
  await screen(page, 'stats');
  await page.locator('#stats-history').click();
  await screen(page, 'history');
  await page.goBack();
  await screen(page, 'stats');
  await page.goForward();
  await screen(page, 'history');
  await page.locator('#back-button').click();
  await screen(page, 'home');
  expect(new URL(page.url()).hash).toBe('#home');

  // An address typed in the bar.
  await page.evaluate(() => (location.hash = '#rules'));
  await screen(page, 'rules');
  await page.evaluate(() => (location.hash = '#home'));
  await screen(page, 'home');
  await page.goBack();
  await screen(page, 'rules');
  await page.keyboard.press('Escape');
  await screen(page, 'home');

  // The table too; and from home, Back leaves the app.
  await saveSettings(page, { speed: 'instant', opponent: 'random' });
  await page.locator('#new-game').click();
  await screen(page, 'table');
  await page.goBack();
  await screen(page, 'home');
  await page.goForward();
  await screen(page, 'table');
  await page.locator('#home-button').click();
  await screen(page, 'home');
  await page.goBack();
  expect(page.url()).toBe('about:blank');
});

test('a finished match is not offered to resume', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same on every screen');
  await page.goto('/');
  await screen(page, 'home');
  await saveSettings(page, { speed: 'instant' });
  // Target 1 under Last 13: one hand ends the match (13 endgame tricks cannot tie).
  const v = await playHandOverSocket(page, { game: 'german', opponent: 'random', target: '1' });
  expect(v.state).toBe('over');
  // The page heard the match end while on home; and after a reload, the same.
  for (const when of ['live', 'reloaded']) {
    if (when === 'reloaded') await page.reload();
    await screen(page, 'home');
    await expect(page.locator('#welcome'), when).toContainText('is over');
    await expect(page.locator('#resume'), when).toBeHidden();
    await expect(page.locator('#new-game'), when).toHaveText('Start new game');
  }
  // A match in play is offered.
  await page.locator('#new-game').click();
  await screen(page, 'table');
  await page.locator('#home-button').click();
  await expect(page.locator('#resume')).toBeVisible();
  await expect(page.locator('#welcome')).toContainText('is waiting');
});

test('the first button says "Touch to play" on a touch screen only', async ({ page }, testInfo) => {
  await page.goto('/');
  await screen(page, 'home');
  const touch = testInfo.project.name !== 'desktop';
  await expect(page.locator('#new-game')).toHaveText(touch ? 'Touch to play' : 'Start a game');
});
