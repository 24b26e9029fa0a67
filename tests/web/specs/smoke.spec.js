// smoke.spec.js: the page loads from `whist serve` and its WebSocket is welcomed; a game started over a
// WebSocket of the page survives the server's SIGKILL and restart (the fixture's kill and restart).
const { test, expect, talk } = require('../fixtures');

test('the page loads and its WebSocket is welcomed', async ({ page, welcome, shot }) => {
  const hello = welcome(page);
  const response = await page.goto('/');
  expect(response.status()).toBe(200);
  const msg = await hello;
  expect(msg.type).toBe('welcome');
  expect(msg.protocol).toBe(2);
  expect(msg.game).toBeNull();
  expect(msg.games).toEqual({ german: null, android: null });
  // no horizontal scrolling on any project's screen
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'smoke-home', { docs: false });
});

test('a game comes back after the server is killed and restarted', async ({ page, whist }) => {
  await page.goto('/');
  const before = await talk(
    page,
    [{ type: 'new', options: { game: 'german', opponent: 'easy' } }],
    'view',
  );
  const view = before[before.length - 1].view;
  expect(view.table.own.length).toBe(13);

  await whist.kill();
  await whist.restart();

  const after = await talk(page, [], 'view');
  expect(after[0].type).toBe('welcome');
  expect(after[0].game).not.toBeNull();
  expect(after[after.length - 1].view.table.own).toEqual(view.table.own);
});
