// names.spec.js: a player's name is text, never HTML. A name made of markup that would run script if
// it reached the page as HTML is shown literally on every screen that shows names (home's welcome,
// settings, the German table and its scoreboard, the Android table, the history, both replays), and
// no element is ever made from it.
const { test, expect } = require('../fixtures');
const { saveSettings, playHandOverSocket, talk } = require('../play-helpers');

// At most 31 bytes, no quotes or backslashes (the server's rule for names): an image whose failure
// would set a global.
const NAME = '<img src=x onerror=__x=1>';

test('a name made of markup is shown as text on every screen', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'names are the same on every screen size');
  test.setTimeout(120_000);
  // Any <img> the page ever makes is noted (the client draws with SVG and text only).
  await page.addInitScript(() => {
    window.__imgs = 0;
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && (n.tagName === 'IMG' || n.querySelector?.('img'))) window.__imgs++;
    }).observe(document, { childList: true, subtree: true });
  });
  const clean = async (where) => {
    const r = await page.evaluate(() => ({ imgs: window.__imgs + document.querySelectorAll('img').length, ran: typeof window.__x }));
    expect(r, where).toEqual({ imgs: 0, ran: 'undefined' });
  };
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await saveSettings(page, { name: NAME, speed: 'instant', sound: 'off', opponent: 'random', 'android-opponent': 'random' });
  await expect(page.locator('#welcome')).toContainText(NAME);
  await clean('home');

  await page.locator('#open-settings').click();
  await expect(page.locator('[name="name"]')).toHaveValue(NAME);
  await page.locator('#close-settings').click();
  await clean('settings');

  // A German hand (the page follows it), then its scoreboard at the table.
  await playHandOverSocket(page, { game: 'german', opponent: 'random', target: '100' }); // (never over in one hand)
  await page.reload();
  await page.locator('#resume').click();
  await expect(page.locator('#scoreboard')).toBeVisible();
  await expect(page.locator('#score-0 .who')).toHaveText(NAME);
  await expect(page.locator('#scoreboard .sb-table .n0')).toHaveText(NAME);
  await clean('table');
  await page.locator('#home').click();

  // Its replay, every trick of it.
  await page.locator('#open-history').click();
  await page.locator('#history-list .history-item').first().click();
  await expect(page.locator('#replay-step')).toHaveText('The deal', { timeout: 30_000 });
  await expect(page.locator('#replay-result')).toContainText(NAME);
  await expect(page.locator('#replay-hands h3').first()).toContainText(NAME);
  for (let k = 1; k <= 26; k++) {
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#replay-step')).toHaveText(`Trick ${k} of 26`);
    // In the foreplay each trick's news names the player: who won it, or who drew.
    if (k <= 13) await expect(page.locator('#replay-news')).toContainText(new RegExp(`${NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (won the trick|drew the)`));
  }
  await clean('replay');
  await page.locator('#back-button').click();
  await clean('history');
  await page.locator('#back-button').click();

  // An Android Whist hand; the next one at the table; the hand in the replay (the seats' names).
  await playHandOverSocket(page, { game: 'android', opponent: 'random' });
  await talk(page, [{ type: 'next' }], 'view');
  await page.locator('#resume-android').click();
  await expect(page.locator('#screen-android .a-seat-head.mine .seat-name').filter({ hasText: NAME })).toHaveCount(1);
  await clean('android');
  await page.locator('#home-button').click();
  await page.locator('#open-history').click();
  await page.locator('#history-list .history-item[data-game="android"]').click();
  await expect(page.locator('#replay-hands h3').filter({ hasText: NAME })).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#replay-trick figcaption').filter({ hasText: NAME })).toHaveCount(1);
  await expect(page.locator('#replay-events')).toContainText(NAME);
  await clean('android replay');
});
