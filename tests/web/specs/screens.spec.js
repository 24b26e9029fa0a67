// screens.spec.js: the home, settings, statistics, history, replay and rules screens. Each setting
// changes what it should (body data attributes, card faces and back, hand order, the home screen) and
// persists over a reload; statistics and history count a finished hand of each game; a German hand of
// the history replays trick by trick with the solver's verdicts; the rules read.
const { test, expect } = require('../fixtures');
const { setSetting, playAndroidHand, playHandOverSocket } = require('../play-helpers');

const RANKS = '23456789TJQKA';

test('each setting changes what it should and is kept over a reload', async ({ page, shot }) => {
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await shot(page, 'home');
  await page.locator('#open-settings').click();
  await expect(page.locator('#screen-settings')).toBeVisible();
  // One control for each key of the contract.
  for (const key of ['name', 'sound', 'speed', 'orientation', 'hand-display', 'faces', 'back', 'suit-order',
    'single-click', 'tracker', 'opponent', 'android-opponent', 'variant', 'scoring', 'target']) {
    expect(await page.locator(`[name="${key}"]`).count()).toBeGreaterThan(0);
  }
  const body = page.locator('body');

  await page.locator('[name="faces"][value="classic"]').check();
  await expect(body).toHaveAttribute('data-faces', 'classic');
  // Classic faces draw pips on the ten; modern ones one big suit sign.
  await expect(page.locator('#preview [data-card="TD"] .pip')).toHaveCount(10);
  await page.locator('[name="back"][value="stars"]').check();
  await expect(body).toHaveAttribute('data-back', 'stars');
  await expect(page.locator('#preview .card.back')).toHaveCSS('background-color', 'rgb(22, 32, 74)');
  await page.locator('[name="hand-display"][value="stacked"]').check();
  await expect(body).toHaveAttribute('data-hand-display', 'stacked');
  await page.locator('[name="orientation"][value="portrait"]').check();
  await expect(body).toHaveAttribute('data-orientation', 'portrait');
  await page.locator('[name="speed"][value="instant"]').check();
  await expect(body).toHaveAttribute('data-speed', 'instant');
  await page.locator('[name="tracker"][value="on"]').check();
  await expect(body).toHaveAttribute('data-tracker', 'on');
  await page.locator('[name="sound"][value="off"]').check();
  await page.locator('[name="single-click"][value="on"]').check();
  await page.locator('[name="suit-order"]').selectOption('classic');
  await page.locator('[name="opponent"]').selectOption('easy');
  await page.locator('[name="android-opponent"]').selectOption('easy');
  await page.locator('[name="variant"]').selectOption('small');
  await page.locator('[name="scoring"]').selectOption('every');
  await page.locator('[name="target"]').selectOption('custom');
  await page.locator('#target-custom').fill('7');
  await page.locator('#target-custom').press('Enter');
  await page.locator('#target-custom').blur();
  await page.locator('[name="name"]').fill('Ada');
  await page.locator('[name="name"]').press('Tab');
  await shot(page, 'settings');
  await page.locator('#close-settings').click();

  // The home screen follows: sound off, the name, the rules of the next match.
  await expect(page.locator('#sound-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#welcome')).toContainText('Ada');
  await expect(page.locator('#home-rules')).toHaveText(/Small Whist · Every trick · to 7 · computer: easy/);

  // Kept by the server: a reload (a new connection) shows them all again.
  await page.reload();
  await expect(page.locator('#screen-home')).toBeVisible();
  await expect(body).toHaveAttribute('data-faces', 'classic');
  await expect(body).toHaveAttribute('data-back', 'stars');
  await expect(body).toHaveAttribute('data-hand-display', 'stacked');
  await expect(body).toHaveAttribute('data-orientation', 'portrait');
  await expect(body).toHaveAttribute('data-speed', 'instant');
  await expect(page.locator('#sound-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.locator('#open-settings').click();
  await expect(page.locator('[name="name"]')).toHaveValue('Ada');
  await expect(page.locator('[name="single-click"][value="on"]')).toBeChecked();
  await expect(page.locator('[name="suit-order"]')).toHaveValue('classic');
  await expect(page.locator('[name="opponent"]')).toHaveValue('easy');
  await expect(page.locator('[name="android-opponent"]')).toHaveValue('easy');
  await expect(page.locator('[name="variant"]')).toHaveValue('small');
  await expect(page.locator('[name="scoring"]')).toHaveValue('every');
  await expect(page.locator('[name="target"]')).toHaveValue('custom');
  await expect(page.locator('#target-custom')).toHaveValue('7');
  await page.locator('[name="target"]').selectOption('25');
  await page.locator('#close-settings').click();
  await expect(page.locator('#home-rules')).toContainText('to 25');

  // Suit order "classic": an Android hand shows spades, hearts, diamonds, clubs, high to low, in
  // classic faces; the name is player 0's at the table.
  await page.locator('#android-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  const cards = await page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
  const sorted = [...cards].sort((a, b) => 'SHDC'.indexOf(a[1]) - 'SHDC'.indexOf(b[1]) || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]));
  expect(cards).toEqual(sorted);
  await expect(page.locator('#my-hand.stacked .row-break')).toHaveCount(1);
  await expect(page.locator('#screen-android')).toHaveAttribute('data-layout', 'portrait');
  await expect(page.locator('#screen-android')).toContainText('Ada');
});

test('statistics and history count a finished hand of each game; hands replay', async ({ page, shot }) => {
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await page.locator('#open-stats').click();
  await expect(page.locator('#stats-empty')).toBeVisible();
  await page.locator('#back-button').click();

  // An Android Whist hand, played at the table.
  await setSetting(page, 'speed', 'instant');
  await page.locator('#android-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await playAndroidHand(page);
  await page.locator('#home').click();
  await expect(page.locator('#screen-home')).toBeVisible();

  // A German Whist hand, played over the socket; the page hears of the new game.
  const v = await playHandOverSocket(page, { game: 'german', opponent: 'random' });
  expect(['hand_over', 'over']).toContain(v.state);

  await page.locator('#open-stats').click();
  await expect(page.locator('#stats-android')).toBeVisible();
  await expect(page.locator('#stats-android [data-row="All Android Whist"]')).toContainText(/Hands\s*1/);
  await expect(page.locator('#stats-german [data-row="All German Whist"]')).toContainText(/Hands\s*1/);
  // Each figure has a label of its own ("Matches won", "Hands won": not "Won" twice).
  for (const block of await page.locator('.stat-block').all()) {
    const labels = await block.locator('dt').allTextContents();
    expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
  }
  await shot(page, 'stats', { docs: false });

  await page.locator('#stats-history').click();
  const items = page.locator('#history-list .history-item');
  await expect(items).toHaveCount(2);
  // Newest first: the German hand, then the Android one.
  await expect(items.nth(0)).toHaveAttribute('data-game', 'german');
  await expect(items.nth(1)).toHaveAttribute('data-game', 'android');
  await expect(items.nth(0)).toContainText(/You|Computer|No score/);
  await shot(page, 'history', { docs: false });

  await items.nth(1).click();
  // Drawn as the German hand is (replay.spec.js checks it closely).
  await expect(page.locator('#replay-game')).toHaveText('Android Whist');
  await expect(page.locator('#replay-hands .card')).toHaveCount(52);
  await page.locator('#back-button').click();

  await page.locator('#history-list .history-item').first().click();
  // The review of the hand comes with it (seconds on a busy machine).
  await expect(page.locator('#replay-step')).toHaveText('The deal', { timeout: 30_000 });
  await expect(page.locator('#replay-hands .card')).toHaveCount(26);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#replay-step')).toHaveText('Trick 1 of 26');
  await expect(page.locator('#replay-trick .card')).toHaveCount(3); // two played, the up-card
  await page.locator('#replay-last').click();
  await expect(page.locator('#replay-step')).toHaveText('Trick 26 of 26');
  // One verdict per endgame card of mine: "best" or the tricks it lost, with their points.
  const verdicts = page.locator('#replay-endgame-list button');
  await expect(verdicts).toHaveCount(13, { timeout: 60_000 }); // the review comes in parts, after the hand
  for (const t of await verdicts.allInnerTexts()) expect(t).toMatch(/: (best|lost \d+ tricks? \(\d+ points?\))$/);
  await verdicts.first().click();
  await expect(page.locator('#replay-step')).toHaveText('Trick 14 of 26');
  await expect(page.locator('#replay-verdict')).toHaveText(/^(best|lost \d+ tricks? \(\d+ points?\))$/);
  // One expert's verdict per foreplay card of mine: best, forced, or its expected cost ± its error.
  const fore = page.locator('#replay-foreplay-list button');
  await expect(fore).toHaveCount(13);
  for (const t of await fore.allInnerTexts()) expect(t).toMatch(/^\d+\. \S+: (best|only card|cost \d+\.\d\d ± \d+\.\d\d points)$/);
  await fore.nth(2).click();
  await expect(page.locator('#replay-step')).toHaveText('Trick 3 of 26');
  await expect(page.locator('#replay-foreplay-verdict')).toHaveText(/^(best|only card|cost \d+\.\d\d ± \d+\.\d\d points)$/);
  await expect(page.locator('#replay-verdict')).toHaveCount(0);
  // The hand's review: the total in points of the rule, the costliest decisions (at most three).
  // The scoring by its display name, as every screen names it.
  await expect(page.locator('#replay-review-total')).toContainText(/Your cards lost \d+\.\d\d ± \d+\.\d\d points in Last 13 scoring/);
  const worst = page.locator('#replay-costliest button');
  expect(await worst.count()).toBeLessThanOrEqual(3);
  if (await worst.count()) {
    const trick = Number((await worst.first().innerText()).split('.')[0]);
    await worst.first().click();
    await expect(page.locator('#replay-step')).toHaveText(`Trick ${trick} of 26`);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'replay', { docs: false });
});

test('the rules read, and every page has no horizontal scrolling', async ({ page }) => {
  await page.goto('/');
  for (const [button, screen] of [['#open-rules', 'rules'], ['#open-settings', 'settings'], ['#open-stats', 'stats'], ['#open-history', 'history']]) {
    await page.locator(button).click();
    await expect(page.locator(`#screen-${screen}`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await expect(page.locator('#screen-home')).toBeVisible();
  }
  await page.locator('#open-rules').click();
  for (const words of ['foreplay', 'Last 13', 'Every trick', 'Difference', 'Running total', 'Small Whist', 'Android Whist', '“Error.”'])
    await expect(page.locator('#screen-rules')).toContainText(words);
  // Every key the tables take is listed: the German table's help keys h, u, t, l among them, and the
  // Android commands' keys.
  const keys = page.locator('#rules-keys');
  const listed = await keys.locator('kbd').allTextContents();
  for (const k of ['h', 'u', 't', 'l', 'Enter', 'Escape', 'Backspace', '←', '→', 'Home', 'End']) expect(listed, k).toContain(k);
  const { help, table, commands } = await page.evaluate(async () => {
    const keys = await import('/js/keys.js');
    const android = await import('/js/screens/android.js');
    return { help: keys.TABLE_HELP_KEYS.map((k) => k.key), table: keys.TABLE_KEYS.flatMap((k) => k[0]), commands: android.COMMANDS.map((c) => c[1].toLowerCase()) };
  });
  for (const k of [...help, ...table, ...commands]) expect(listed, k).toContain(k);
  await expect(keys.locator('tr', { hasText: 'the card tracker' }).locator('kbd')).toHaveText('t');
});
