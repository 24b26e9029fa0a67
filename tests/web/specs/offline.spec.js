// offline.spec.js: the game without a server (issue 24). The static folder (web/ and the engine in
// WebAssembly: $WHIST_STATIC, a folder `./run.sh web-build` wrote, else web/ with the module of
// $WHIST_WASM, default build-wasm/web, assembled in a temporary folder) is served by a tiny static server
// of the test's own (no /ws: the page plays on the engine's Web Worker). First visit, then the network
// off and the server stopped, a reload: the page opens from the service worker's cache and plays a whole
// match to the trophy against a fast level with a small target; a reload in the middle of a hand gives
// back the same table (IndexedDB); the statistics (counted by the module from the facts kept), the
// history, a replay with its review and a hint come from the worker too; the page answers within 100 ms while the expert thinks (in the worker). Desktop and Pixel 7 only (playwright.config.js).
const { test, expect } = require('@playwright/test');
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { legalCard, tap, playOne, myTurn, playAndroidHand } = require('../play-helpers');

const ROOT = path.resolve(__dirname, '../../..');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

// The folder to serve: $WHIST_STATIC, or web/ plus the module (js/) copied into a temporary folder;
// null when there is no module to be had.
function staticFolder() {
  if (process.env.WHIST_STATIC) return { dir: path.resolve(process.env.WHIST_STATIC), temp: false };
  const wasm = path.resolve(process.env.WHIST_WASM || path.join(ROOT, 'build-wasm/web'));
  if (!fs.existsSync(path.join(wasm, 'whist-engine.js'))) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whist-static-'));
  fs.cpSync(path.join(ROOT, 'web'), dir, { recursive: true });
  fs.copyFileSync(path.join(wasm, 'whist-engine.js'), path.join(dir, 'js', 'whist-engine.js'));
  return { dir, temp: true };
}

// A static server of dir on 127.0.0.1 (a secure context: the service worker registers): files only.
async function serve(dir) {
  const server = http.createServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const it = test.extend({
  site: async ({}, use, testInfo) => {
    const folder = staticFolder();
    test.skip(!folder, 'no WebAssembly engine (build it: ./run.sh web-build)');
    const site = await serve(folder.dir);
    try {
      await use(site);
    } finally {
      await site.close().catch(() => {});
      if (folder.temp) fs.rmSync(folder.dir, { recursive: true, force: true });
    }
  },
});

// The first visit: the page plays on the worker, the service worker has cached the shell and the engine.
async function firstVisit(page, site) {
  await page.goto(site.url);
  await expect(page.locator('#screen-home')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-transport', 'local');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !(await caches.match('js/whist-engine.js')); i++) await new Promise((r) => setTimeout(r, 50));
  });
  expect(await page.evaluate(async () => !!(await caches.match('js/whist-engine.js')))).toBe(true);
}

// The network gone and the server stopped: the reload comes from the cache.
async function goOffline(page, context, site) {
  await context.setOffline(true);
  await site.close();
  await page.reload();
  await expect(page.locator('#screen-home')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-transport', 'local');
}

async function settle(page, values) {
  await page.locator('#open-settings').click();
  await expect(page.locator('#screen-settings')).toBeVisible();
  for (const [key, value] of Object.entries(values)) {
    if (key === 'target') {
      await page.locator('[name="target"]').selectOption('custom');
      await page.locator('#target-custom').fill(value);
      await page.locator('#target-custom').press('Tab');
      continue;
    }
    const control = page.locator(`[name="${key}"]`);
    if ((await control.first().getAttribute('type')) === 'radio') await page.locator(`[name="${key}"][value="${value}"]`).check();
    else await control.selectOption(value);
  }
  await page.locator('#close-settings').click();
  await expect(page.locator('#screen-home')).toBeVisible();
}

const FAST = { speed: 'instant', sound: 'off', opponent: 'random', variant: 'small', target: '2' };

async function newGame(page) {
  await page.locator('#new-game').click();
  await expect(page.locator('#screen-table')).toBeVisible();
  await expect(page.locator('#my-hand [data-card]').first()).toBeVisible();
}

it.beforeEach(async ({}, testInfo) => {
  test.skip(!['desktop', 'pixel7'].includes(testInfo.project.name), 'offline play: desktop and Pixel 7');
});

it('the service worker caches every file of the client', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the list is the same everywhere');
  const sw = fs.readFileSync(path.join(ROOT, 'web/sw.js'), 'utf8');
  const listed = new Set([...sw.slice(sw.indexOf('const SHELL'), sw.indexOf('];')).matchAll(/"([^"]+)"/g)].map((m) => m[1]));
  const walk = (d, pre = '') => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name), `${pre}${e.name}/`) : [`${pre}${e.name}`]));
  for (const f of walk(path.join(ROOT, 'web'))) if (f !== 'sw.js') expect(listed.has(f), f).toBe(true);
});

it('after one visit, a whole match to the trophy with the network off', async ({ page, context, site }) => {
  test.setTimeout(240_000);
  await firstVisit(page, site);
  await goOffline(page, context, site);
  await settle(page, FAST);
  await newGame(page);
  let hands = 0;
  for (let step = 0; step < 3000; step++) {
    if (await page.locator('#scoreboard[open]').count()) {
      hands++;
      if (await page.locator('#trophy').count()) break;
      await page.locator('#continue').click();
      await expect(page.locator('#scoreboard[open]')).toHaveCount(0);
      continue;
    }
    if (!(await page.locator('#score-0 .turn-light.on').count())) {
      await page.waitForTimeout(30);
      continue;
    }
    const card = await legalCard(page);
    await tap(page, card);
    await tap(page, card);
    await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
  }
  expect(hands).toBeGreaterThan(0);
  await expect(page.locator('#trophy')).toBeVisible();
  await expect(page.locator('#phase')).toHaveText('Match over');
  // The statistics, counted by the engine in the worker from what the browser kept: the match and its
  // hands, as whist serve would show them; the same after a reload.
  await page.locator('#home').click();
  await page.locator('#open-stats').click();
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await expect(page.locator('#screen-stats')).toBeVisible();
    const row = page.locator('#stats-german .stat-block:not(.total)');
    await expect(row).toHaveCount(1);
    await expect(row.locator('h3')).toHaveText('Small Whist · Last 7 · to 2 · computer: random');
    const total = page.locator('#stats-german .stat-block.total');
    await expect(total.locator('dt:text-is("Matches") + dd')).toHaveText('1');
    await expect(total.locator('dt:text-is("Hands") + dd')).toHaveText(String(hands));
    await expect(row.locator('dt:text-is("Hands") + dd')).toHaveText(String(hands));
    await expect(page.locator('#stats-android')).toHaveCount(0); // no Android Whist played
  }
  await page.locator('#back-button').click();
  // The finished hands are in the history, kept in the browser.
  await expect(page.locator('#screen-home')).toBeVisible();
  await page.locator('#open-history').click();
  await expect(page.locator('#history-list .history-item')).toHaveCount(hands);
  // A hand's replay and its review, worked out by the engine in the worker.
  await page.locator('#history-list .history-item').first().click();
  await expect(page.locator('#screen-replay')).toBeVisible();
  await expect(page.locator('#replay-review-total')).toBeVisible({ timeout: 30_000 });
});

// What the table shows, to compare before and after a reload.
async function tableState(page) {
  await myTurn(page);
  return page.evaluate(() => ({
    mine: [...document.querySelectorAll('#my-hand [data-card]')].map((e) => e.dataset.card),
    theirs: document.querySelectorAll('#their-hand .card.back').length,
    upcard: document.querySelector('#upcard')?.dataset.card ?? null,
    trick: [...document.querySelectorAll('#trick [data-card]')].map((e) => e.dataset.card),
    scores: [0, 1].map((p) => document.querySelector(`#score-${p}`).getAttribute('aria-label')),
  }));
}

it('a reload in the middle of a hand resumes it; the page answers while the expert thinks', async ({ page, context, site }) => {
  test.setTimeout(180_000);
  await firstVisit(page, site);
  await goOffline(page, context, site);
  await settle(page, { ...FAST, opponent: 'expert', variant: 'classic' });
  await newGame(page);
  for (let i = 0; i < 3; i++) await playOne(page);
  const before = await tableState(page);
  await page.reload();
  await expect(page.locator('#screen-table')).toBeVisible();
  expect(await tableState(page)).toEqual(before);
  // A hint from the expert in the worker: each legal card gets its badge.
  await page.locator('#hint-button').click();
  await expect(page.locator('#my-hand .hint-badge').first()).toBeVisible({ timeout: 20_000 });

  // The expert thinks in the worker (300 ms a card): meanwhile the page's main thread stays free. A timer
  // every 10 ms through several of its decisions: the gaps between two ticks while the computer is to
  // play are nearly all under 100 ms (a decision on the page's thread would make one gap of its whole
  // time). Not every gap: on a loaded machine (two cores, a CI run beside) the system alone holds a
  // thread back now and then.
  const gaps = [];
  for (let i = 0; i < 4; i++) {
    await playOne(page, true);
    gaps.push(
      ...(await page.evaluate(
        () =>
          new Promise((resolve) => {
            const gaps = [];
            let last = performance.now();
            let was = false;
            const start = last;
            const tickOnce = () => {
              const t = performance.now();
              const thinking = !document.querySelector('#my-hand.my-turn');
              if (thinking && was) gaps.push(t - last);
              was = thinking;
              last = t;
              if (t - start < 600) setTimeout(tickOnce, 10);
              else resolve(gaps);
            };
            setTimeout(tickOnce, 10);
          }),
      )),
    );
  }
  expect(gaps.length).toBeGreaterThan(40); // ticks while the computer was to play
  const late = gaps.filter((g) => g >= 100).length;
  expect(late, JSON.stringify(gaps.map(Math.round))).toBeLessThanOrEqual(Math.floor(gaps.length / 20));
});

it('an Android Whist hand offline, and the rubber resumed after a reload', async ({ page, context, site }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same worker on every screen size');
  test.setTimeout(120_000);
  await firstVisit(page, site);
  await goOffline(page, context, site);
  await settle(page, { speed: 'instant', sound: 'off', 'android-opponent': 'random' });
  await page.locator('#android-game').click();
  await expect(page.locator('#screen-android')).toBeVisible();
  await expect(page.locator('#my-hand [data-card]')).toHaveCount(13);
  await playAndroidHand(page);
  await expect(page.locator('#scoreboard[open]')).toBeVisible();
  await page.reload();
  await expect(page.locator('#screen-android')).toBeVisible();
  await expect(page.locator('#scoreboard[open]')).toBeVisible(); // the hand scored, as it was left
  await page.locator('#home').click();
  await expect(page.locator('#resume-android')).toContainText('Resume Android Whist');
  // The hand in the statistics (the rubber goes on: none finished).
  await page.locator('#open-stats').click();
  const total = page.locator('#stats-android .stat-block.total');
  await expect(total.locator('dt:text-is("Hands") + dd')).toHaveText('1');
  await expect(total.locator('dt:text-is("Rubbers") + dd')).toHaveText('0');
  await expect(page.locator('#stats-android .stat-block:not(.total) h3')).toHaveText('Computer: random');
  await expect(page.locator('#stats-german')).toHaveCount(0);
});

it('a second tab waits while the first plays, then takes the game as it was left', async ({ page, context, site }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same worker on every screen size');
  await firstVisit(page, site);
  await goOffline(page, context, site);
  await settle(page, FAST);
  await newGame(page);
  await playOne(page);
  const mine = await page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort());
  const other = await context.newPage();
  await other.goto(site.url + '#table');
  await expect(other.locator('#net-status')).toContainText('open in another tab');
  await page.close();
  await expect(other.locator('#net-status')).toBeHidden();
  await expect(other.locator('#screen-table')).toBeVisible();
  await myTurn(other);
  expect(await other.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort())).toEqual(mine);
});

it('Undo takes back a card offline, as whist serve allows it', async ({ page, context, site }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same worker on every screen size');
  await firstVisit(page, site);
  await goOffline(page, context, site);
  await settle(page, FAST);
  await newGame(page);
  await myTurn(page);
  await expect(page.locator('#undo-button')).toBeDisabled(); // nothing of the hand is the player's yet
  await playOne(page);
  await myTurn(page);
  const before = await page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort());
  await playOne(page);
  await myTurn(page);
  await expect(page.locator('#undo-button')).toBeEnabled();
  await page.locator('#undo-button').click();
  // the hand as it was before the last card (the engine's undo in the worker), and the player to play again
  await expect
    .poll(() => page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card).sort()))
    .toEqual(before);
  await myTurn(page);
  await expect(page.locator('#net-status')).toBeHidden();
});
