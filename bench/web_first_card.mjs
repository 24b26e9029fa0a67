// web_first_card.mjs: time from opening the static game (`./run.sh web-build DIR`) to the first card of a
// new game dealt on the table, on a phone: Chromium (Debian's /usr/bin/chromium, or $CHROMIUM) with
// Playwright's Pixel 7 profile, the processor slowed 4x (CDP Emulation.setCPUThrottlingRate) and a phone
// network (CDP Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms latency, DevTools'
// "Slow 4G"/"Fast 3G" figures). The folder is served by a small static server of this script's own on
// 127.0.0.1 (gzip for a client that accepts it, as any static host does; an ETag answered with 304; no
// /ws, so the page plays on the engine's Web Worker). Each run takes a fresh browser context and makes
// three visits:
//   cold     the first visit: empty caches, no service worker;
//   warm     a second visit with the network on: the service worker (network first, web/sw.js) and the
//            HTTP cache (304s) of the first one; the player's stored game is cleared first
//            (Storage.clearDataForOrigin: IndexedDB and localStorage, not the caches) so the home screen
//            is a newcomer's again and "new game" asks nothing;
//   offline  the same with the network off (context.setOffline): everything from the service worker's cache.
// In each, the page is opened, the home screen's new-game button clicked as soon as it can be (as a person
// taps it, Playwright's click), and the time is the page's performance.now() (0 = navigation start) at
// the first animation frame after the first card of the hand (#my-hand [data-card]) enters the table;
// the home screen's button appearing is timed too. Prints every run and the median of each visit.
// Reports only: it never fails on time.
//   node bench/web_first_card.mjs [--dir build-web] [--runs 5] [--down-kbps 1600] [--up-kbps 750]
//        [--latency-ms 150] [--cpu 4] [--no-gzip]
// The folder is built first if it has no module (./run.sh web-build DIR).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'tests/web/package.json'));
const { chromium, devices } = require('playwright-core');

const opt = { dir: 'build-web', runs: 5, 'down-kbps': 1600, 'up-kbps': 750, 'latency-ms': 150, cpu: 4, gzip: true };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--no-gzip') opt.gzip = false;
  else if (a.startsWith('--') && a.slice(2) in opt && i + 1 < process.argv.length) {
    const k = a.slice(2);
    opt[k] = k === 'dir' ? process.argv[++i] : Number(process.argv[++i]);
  } else {
    console.error(`web_first_card: unknown argument ${a}`);
    process.exit(2);
  }
}
const dir = path.resolve(ROOT, opt.dir);
if (!fs.existsSync(path.join(dir, 'js/whist-engine.js'))) {
  execFileSync(path.join(ROOT, 'run.sh'), ['web-build', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

// The folder's files in memory: body, gzipped body, ETag.
const files = new Map();
(function load(rel) {
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.posix.join(rel, e.name);
    if (e.isDirectory()) load(r);
    else {
      const body = fs.readFileSync(path.join(dir, r));
      files.set(`/${r}`, { body, gz: zlib.gzipSync(body, { level: 9 }), etag: `"${crypto.createHash('sha1').update(body).digest('hex')}"` });
    }
  }
})('');

// Requests seen, with the visit they came in (for the list of files a cold visit fetched).
let visit = null;
const seen = [];
const server = http.createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (p.endsWith('/')) p += 'index.html';
  const f = files.get(p);
  if (!f) {
    res.writeHead(404).end('not found');
    return;
  }
  const gz = opt.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const headers = { 'content-type': TYPES[path.extname(p)] ?? 'application/octet-stream', 'cache-control': 'no-cache', etag: f.etag, vary: 'accept-encoding' };
  if (req.headers['if-none-match'] === f.etag) {
    seen.push({ visit, path: p, bytes: 0 });
    res.writeHead(304, headers).end();
    return;
  }
  const body = gz ? f.gz : f.body;
  if (gz) headers['content-encoding'] = 'gzip';
  headers['content-length'] = body.length;
  seen.push({ visit, path: p, bytes: body.length });
  res.writeHead(200, headers).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

// In every page, before its scripts: the times the home screen's button and the first card appear.
const WATCH = () => {
  const t = (window.__bench = { home: null, card: null });
  const look = () => {
    if (t.home === null && document.querySelector('#new-game')) t.home = performance.now();
    if (t.card === null && document.querySelector('#my-hand [data-card]')) {
      t.card = -1;
      requestAnimationFrame((now) => { t.card = now; });
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });

async function throttle(page, offline) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: opt.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: opt['latency-ms'],
    downloadThroughput: (opt['down-kbps'] * 1000) / 8,
    uploadThroughput: (opt['up-kbps'] * 1000) / 8,
  });
  return cdp;
}

// One visit in a new page of context: opened, the new game started, the first card timed.
async function oneVisit(context, name, offline) {
  visit = name;
  const page = await context.newPage();
  const cdp = await throttle(page, offline);
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#new-game').click({ timeout: 120_000 });
  await page.waitForFunction(() => window.__bench.card > 0, null, { timeout: 120_000, polling: 50 });
  const t = await page.evaluate(() => window.__bench);
  // How long the engine's module took to come to the worker (its resource timing): the proof the
  // throttled network reached the worker's requests too.
  let engine = null;
  for (const w of page.workers()) {
    engine = await w.evaluate(() => {
      const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/js/whist-engine.js'));
      return e ? { ms: e.duration, bytes: e.transferSize } : null;
    }).catch(() => null);
    if (engine) break;
  }
  if (name === 'cold') {
    // The service worker installed (it caches the shell and the engine) before the page goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600 && !(await caches.match('js/whist-engine.js')); i++) await new Promise((r) => setTimeout(r, 100));
    });
  }
  await cdp.detach().catch(() => {});
  await page.close();
  return { ...t, engine };
}

async function clearGame(context) {
  const page = await context.newPage();
  await page.goto(`${url}manifest.webmanifest`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: url.slice(0, -1), storageTypes: 'indexeddb,local_storage' });
  await cdp.detach();
  await page.close();
}

const VISITS = ['cold', 'warm', 'offline'];
const results = Object.fromEntries(VISITS.map((v) => [v, []]));
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`web_first_card: ${dir} served at ${url}${opt.gzip ? ' (gzip)' : ''}; Pixel 7, CPU ${opt.cpu}x slower, network ${opt['down-kbps']} kbps down, ${opt['up-kbps']} kbps up, ${opt['latency-ms']} ms latency; ${opt.runs} runs`);
for (let run = 1; run <= opt.runs; run++) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  await context.addInitScript(WATCH);
  const line = [];
  for (const v of VISITS) {
    if (v !== 'cold') await clearGame(context);
    if (v === 'offline') await context.setOffline(true);
    const r = await oneVisit(context, v, v === 'offline');
    results[v].push(r);
    const eng = r.engine ? `, engine module ${Math.round(r.engine.ms)} ms/${r.engine.bytes} B` : '';
    line.push(`${v} ${fmt(r.card)} (home ${fmt(r.home)}${eng})`);
  }
  console.log(`run ${run}: ${line.join('; ')}`);
  await context.close();
}
await browser.close();
server.close();

const cold1 = seen.filter((s) => s.visit === 'cold');
console.log(`cold visit: ${cold1.length} requests over ${opt.runs} runs (${Math.round(cold1.length / opt.runs)} a run, the service worker's caching included), ${Math.round(cold1.reduce((a, s) => a + s.bytes, 0) / opt.runs)} bytes a run`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const v of VISITS) {
  console.log(`median ${v}: first card ${fmt(median(results[v].map((r) => r.card)))}, home screen ${fmt(median(results[v].map((r) => r.home)))}`);
}
