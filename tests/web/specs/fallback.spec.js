// fallback.spec.js: a page of `whist serve` when its server goes out of reach (issue 24). whist serve hands
// out the engine in WebAssembly (js/whist-engine.js: --engine, by default the build's), so that: while the
// socket is down the connection news offers "Play on this device", which plays the computer in the page's
// Web Worker; a reload with the server still gone opens from the service worker's cache and plays there
// too, the local game found again; once the server is back, a reload is on the server again with its own
// game as it was (the two are kept apart: a game of the server never moves into the page). Desktop and
// Pixel 7 (the phone: the news' buttons are touch targets).
const { test, expect } = require('../fixtures');
const { setSetting, playOne, myTurn } = require('../play-helpers');

test.beforeEach(async ({}, testInfo) => {
  test.skip(!['desktop', 'pixel7'].includes(testInfo.project.name), 'the fallback: desktop and Pixel 7');
});

const own = (page) => page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort());

test('the server out of reach: play on this device, offline after a reload, the server game back after', async ({ page, whist, shot }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-net', 'open');
  const engine = await page.evaluate(async () => (await fetch('js/whist-engine.js', { method: 'HEAD' })).status);
  test.skip(engine !== 200, 'whist serve has no engine in WebAssembly (./run.sh web-build)');
  // the service worker holds the shell and the engine
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 200 && !(await caches.match('js/whist-engine.js')); i++) await new Promise((r) => setTimeout(r, 50));
  });
  expect(await page.evaluate(async () => !!(await caches.match('js/whist-engine.js')))).toBe(true);

  // a game on the server
  await setSetting(page, 'opponent', 'random');
  await page.locator('#new-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  const serverCards = await own(page);

  // the server dies: the news offers this device; the socket page becomes the worker's
  await whist.kill();
  const news = page.locator('#net-status');
  const here = news.getByRole('button', { name: 'Play on this device' });
  await expect(here).toBeVisible({ timeout: 15_000 });
  expect((await here.boundingBox()).height).toBeGreaterThanOrEqual(44);
  await shot(page, 'fallback-offer', { docs: false });
  await here.click();
  await expect(page.locator('body')).toHaveAttribute('data-transport', 'local');
  await expect(news).toContainText('Playing on this device');
  await expect(news.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // the worker's games are its own: none yet; a new one plays
  await page.goto('/#home');
  await expect(page.locator('#screen-home')).toBeVisible();
  await page.locator('#new-game').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  const played = await playOne(page);
  await myTurn(page); // the computer answered, the trick was drawn for
  expect(await own(page)).not.toContain(played);
  const localCards = await own(page);

  // a reload with the server gone: from the cache, on the worker, the same local game
  await page.goto('/#home');
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-transport', 'local');
  await page.locator('#resume').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(localCards.length);
  expect(await own(page)).toEqual(localCards);

  // the server back: a reload is on it again, with its game as it was
  await whist.restart();
  await page.goto('/#home');
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-transport', 'socket');
  await expect(page.locator('body')).toHaveAttribute('data-net', 'open');
  await page.locator('#resume').click();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  expect(await own(page)).toEqual(serverCards);
});
