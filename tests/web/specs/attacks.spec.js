// attacks.spec.js: the browser's identity and the two attacks of issue 22, in Chromium as a person meets
// them. The identity cookie comes with the game's WebSocket (the 101 answer), never with a page, and a reload
// keeps the player and the game. A page on another port of 127.0.0.1 that plants its own whist_token (Path
// /ws, so the browser sends it first) gets the victim's socket refused with a clear message, never joined to
// the planter's game, and no reconnection loop. A player name that is markup runs no script on any screen:
// the Content-Security-Policy (script-src 'self', nothing inline) stops it even where a screen would put
// the name into HTML, and the client's own pages break none of its rules.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { test, expect, talk, WhistServer, WHIST_BIN } = require('../fixtures');

// One project is enough: the attacks are the browser engine's, the same in every project here.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'Chromium on the desktop project only');
});

// The page's own connection is open (its handshake's cookie stored). Polled from here: a page whose clock
// is installed runs no timers of its own.
async function connected(page) {
  await expect.poll(() => page.evaluate(() => document.body.dataset.net)).toBe('open');
}

// Plays one hand of German Whist against the random computer over a WebSocket of the page, to its end.
function playHand(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, 'whist');
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'new', options: { game: 'german', opponent: 'random' } }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'error' && m.code !== 'busy') reject(new Error(e.data));
          if (m.type !== 'view') return;
          const v = m.view;
          if (v.state !== 'playing') {
            ws.close();
            resolve(v);
            return;
          }
          if (v.turn.player !== 0) return;
          const own = v.table.own;
          const led = v.table.led;
          const same = led ? own.filter((c) => c[1] === led[1]) : [];
          ws.send(JSON.stringify({ type: 'act', action: { type: 'play', card: (same.length ? same : own)[0] } }));
        };
      }),
  );
}

test('the identity comes with the game socket; a reload keeps the player and the game', async ({ page, context, welcome }) => {
  const first = welcome(page);
  const response = await page.goto('/');
  // a page never sets a cookie; every answer carries the security headers
  expect(response.headers()['set-cookie']).toBeUndefined();
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
  expect((await first).game).toBeNull();
  await connected(page);
  // the 101 answer's cookie is in the browser's jar: HttpOnly, SameSite=Strict, the whole site
  const cookies = (await context.cookies()).filter((c) => c.name === 'whist_token');
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
  expect(cookies[0].value).toMatch(/^[0-9a-f]{32}$/);
  // a game, then a reload: the same player (the cookie sent back) finds the same game
  const got = await talk(page, [{ type: 'new', options: { game: 'german', opponent: 'easy' } }], 'view');
  const own = got[got.length - 1].view.table.own;
  const again = welcome(page);
  await page.reload();
  const hello = await again;
  expect(hello.game).not.toBeNull();
  const after = await talk(page, [], 'view');
  expect(after[after.length - 1].view.table.own).toEqual(own);
  const now = (await context.cookies()).filter((c) => c.name === 'whist_token');
  expect(now).toHaveLength(1);
  expect(now[0].value).toBe(cookies[0].value);
});

test('a token planted by another port of 127.0.0.1 is refused with a message, never joined', async ({ page, context, browser, baseURL }) => {
  // the attacker: a player of this server with a game of its own
  const attacker = await browser.newContext();
  const apage = await attacker.newPage();
  await apage.goto(baseURL);
  await connected(apage);
  const agame = await talk(apage, [{ type: 'new', options: { game: 'german', opponent: 'easy' } }], 'view');
  const aview = agame[agame.length - 1].view;
  const atoken = (await attacker.cookies()).find((c) => c.name === 'whist_token').value;

  // the victim plays too
  await page.goto('/');
  await connected(page);
  const vgame = await talk(page, [{ type: 'new', options: { game: 'german', opponent: 'easy' } }], 'view');
  const vown = vgame[vgame.length - 1].view.table.own;

  // another site on this host (cookies know no ports) plants the attacker's token for /ws
  const evil = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>evil</title><script>document.cookie = "whist_token=${atoken}; path=/ws";</script>`);
  });
  await new Promise((resolve) => evil.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${evil.address().port}/`);
    await expect
      .poll(async () => (await context.cookies()).filter((c) => c.name === 'whist_token').length)
      .toBe(2);

    // the victim comes back: two tokens go with the socket; it is refused, said, and not retried
    const sockets = [];
    const frames = [];
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framereceived', (f) => frames.push(f.payload));
    });
    await page.clock.install(); // the page's timers, run forward below
    await page.goto('/');
    const status = page.locator('#net-status');
    await expect(status).toBeVisible();
    await expect(status).toContainText('two whist_token cookies');
    await expect(status).toContainText("clear this site's cookies");
    await page.waitForTimeout(1000);
    await page.clock.runFor(120_000); // two minutes of the page's timers: it does not connect again
    await page.waitForTimeout(500);
    expect(sockets).toHaveLength(1);
    const messages = frames.map((f) => JSON.parse(f));
    expect(messages.map((m) => m.code ?? m.type)).toEqual(['two_tokens']);
    expect(messages.some((m) => m.type === 'welcome' || m.type === 'view')).toBe(false);

    // the attacker's game was not touched
    const agame2 = await talk(apage, [], 'view');
    expect(agame2[0].type).toBe('welcome');
    expect(agame2[agame2.length - 1].view.table.own).toEqual(aview.table.own);
    // (its computer may have led since: the moves go on from those seen, the attacker's hand untouched)
    const moves = agame2[agame2.length - 1].view.table.moves;
    expect(moves.slice(0, aview.table.moves.length)).toEqual(aview.table.moves);

    // once the planted cookie is gone (the user clears it), the victim is back with its own game
    await context.clearCookies({ name: 'whist_token', path: '/ws' });
    await page.goto('/');
    await connected(page);
    const back = await talk(page, [], 'view');
    expect(back[back.length - 1].view.table.own).toEqual(vown);
  } finally {
    evil.close();
    await attacker.close();
  }
});

test('too many new players from one address: the message, then a try every 30 s', async ({ browser }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whist-web-'));
  const server = new WhistServer(WHIST_BIN, dir);
  server.extraArgs = ['--new-players-per-minute', '1'];
  const url = await server.start();
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    // the address's one new player a minute
    const p1 = await first.newPage();
    await p1.goto(url);
    await connected(p1);
    // a second browser: refused, told, and tried again only after 30 s
    const page = await second.newPage();
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.clock.install();
    await page.goto(url);
    const status = page.locator('#net-status');
    await expect(status).toContainText('Too many new players');
    await page.waitForTimeout(500);
    await page.clock.runFor(20_000);
    await page.waitForTimeout(500);
    expect(sockets).toHaveLength(1);
    await page.clock.runFor(12_000); // past 30 s: one more try (refused again: the minute is not over)
    await expect.poll(() => sockets.length).toBe(2);
    await expect(status).toContainText('Too many new players');
    // the first browser plays on
    const got = await talk(p1, [{ type: 'new', options: { game: 'german', opponent: 'easy' } }], 'view');
    expect(got[got.length - 1].view.table.own).toHaveLength(13);
  } finally {
    await first.close();
    await second.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a name that is markup runs no script on any screen', async ({ page }) => {
  // every Content-Security-Policy violation of the page, from its first script on
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const screens = ['home', 'table', 'settings', 'stats', 'history', 'rules'];
  async function visit(hash, screen) {
    await page.goto('about:blank'); // a new load of the page, not a change of its hash
    await page.goto(`/${hash}`);
    await expect(page.locator(`#screen-${screen}`)).toBeVisible();
    await page.waitForTimeout(300); // what the screen asks the server comes in
  }
  // the client's own pages break none of the policy's rules
  await page.goto('/');
  await connected(page);
  for (const s of screens) await visit(`#${s}`, s);
  expect(await page.evaluate(() => window.__violations)).toEqual([]);

  // a name that would run script if it reached the page as HTML (27 bytes: the server takes it)
  const xss = '<img src=x onerror=__xss=1>';
  const set = await talk(page, [{ type: 'settings', settings: { name: xss } }], 'settings');
  expect(set[set.length - 1].settings.name).toBe(xss);
  const end = await playHand(page);
  expect(end.state).not.toBe('playing');
  const history = await talk(page, [{ type: 'history', limit: 1 }], 'history');
  const id = history[history.length - 1].entries[0].id;

  const seen = [];
  for (const s of screens) {
    await visit(`#${s}`, s);
    seen.push(...(await page.evaluate(() => window.__violations)));
    expect(await page.evaluate(() => window.__xss), `on ${s}`).toBeUndefined();
  }
  // the replay, trick by trick (the news of each trick names its winner)
  await visit(`#replay?${encodeURIComponent(JSON.stringify({ id }))}`, 'replay');
  const next = page.locator('#replay-next');
  await expect(next).toBeVisible({ timeout: 60_000 }); // the review of the hand comes first
  for (let i = 0; i < 26 && (await next.isEnabled()); i++) {
    await next.click();
    expect(await page.evaluate(() => window.__xss), `replay, trick ${i + 1}`).toBeUndefined();
  }
  seen.push(...(await page.evaluate(() => window.__violations)));
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  // whatever was blocked was script (the name's handler), nothing the client needs
  for (const v of seen) expect(v.directive, JSON.stringify(v)).toMatch(/^script-src/);
});
