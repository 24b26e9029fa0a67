// fixtures.js: the Playwright fixtures every spec uses (`const { test, expect } = require('../fixtures')`).
//
// - `whist`: a `whist serve --port 0 --data DIR` of the test's own, DIR a fresh temporary folder (removed
//   afterwards). The binary is $WHIST_BIN (default ../../build/whist); $WHIST_WEB, if set, is the client
//   it serves (--web: to run the specs against another version of web/, say an older one). `whist.url` is its address,
//   `whist.kill()` sends SIGKILL (the server dies mid-whatever, as a crash would), `whist.restart()`
//   starts it again on the same port and data folder (after a kill, or stopping it first), `whist.stop()`
//   sends SIGTERM and expects a clean exit. A server that dies without being told to fails the test.
// - `baseURL`: the server's address, so `page.goto('/')` opens the client.
// - `shot(page, name, { docs })`: a screenshot test-results/screenshots/PROJECT/NAME.png; with
//   WHIST_DOC_SHOTS=1 (`npm run shots`) it is also written as docs/screenshots/NAME-PROJECT.png, the
//   pictures of the docs, unless docs is false.
// - `talk(page, send, until)` (exported): a WebSocket of the page's own, to set things up over the protocol.
// - `welcome(page)`: a promise of the first `welcome` message the page's WebSocket receives (call it before
//   page.goto).
const { test: base, expect } = require('@playwright/test');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const WHIST_BIN = path.resolve(__dirname, process.env.WHIST_BIN || '../../build/whist');
const DOCS_SHOTS = path.resolve(__dirname, '../../docs/screenshots');
const ANNOUNCE = /^whist serve: (https?:\/\/[^\s:]+:(\d+)\/)$/m;

class WhistServer {
  constructor(bin, dataDir) {
    this.bin = bin;
    this.dataDir = dataDir;
    this.port = 0;
    this.url = null;
    this.proc = null;
    this.stderr = '';
    this.unexpected = null; // why the server died on its own, if it did
    this.extraArgs = []; // more options of whist serve (a spec that needs other limits sets them)
  }

  // Starts the server (on this.port: 0 the first time, then the port it got) and waits for its address.
  async start(timeoutMs = 15_000) {
    if (this.proc) throw new Error('whist serve is running already');
    const args = ['serve', '--host', '127.0.0.1', '--port', String(this.port), '--data', this.dataDir, ...this.extraArgs];
    if (process.env.WHIST_WEB) args.push('--web', process.env.WHIST_WEB);
    const proc = spawn(this.bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    this.stderr = '';
    proc.stderr.on('data', (d) => { this.stderr += d; });
    proc.on('exit', (code, signal) => {
      if (this.proc === proc && !proc.expectedExit)
        this.unexpected = `whist serve exited by itself (code ${code}, signal ${signal}): ${this.stderr}`;
      if (this.proc === proc) this.proc = null;
    });
    let out = '';
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`whist serve did not start in ${timeoutMs} ms: ${this.stderr}`)),
        timeoutMs,
      );
      proc.stdout.on('data', (d) => {
        out += d;
        const m = ANNOUNCE.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      proc.on('error', (e) => { clearTimeout(timer); reject(e); });
      proc.on('exit', (code, signal) => {
        clearTimeout(timer);
        const why = `exited (code ${code}, signal ${signal}): ${this.stderr}`;
        reject(new Error(`whist serve ${args.join(' ')} ${why}`));
      });
    });
    proc.stdout.resume();
    this.url = url;
    this.port = Number(ANNOUNCE.exec(out)[2]);
    return url;
  }

  // Sends signal to the running server and waits for it to exit; its exit code and signal.
  async signal(signal, timeoutMs = 10_000) {
    const proc = this.proc;
    if (!proc) return null;
    proc.expectedExit = true;
    const done = new Promise((resolve) => proc.once('exit', (code, sig) => resolve({ code, signal: sig })));
    proc.kill(signal);
    const timer = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
    const result = await Promise.race([done, timer]);
    if (result === null) {
      proc.kill('SIGKILL');
      await done;
      throw new Error(`whist serve did not exit ${timeoutMs} ms after ${signal}`);
    }
    return result;
  }

  // SIGKILL: nothing is saved on the way out.
  async kill() {
    await this.signal('SIGKILL');
  }

  // SIGTERM, then a clean exit (0, "whist serve: stopped") is expected.
  async stop() {
    const r = await this.signal('SIGTERM');
    if (r && (r.code !== 0 || !this.stderr.includes('whist serve: stopped')))
      throw new Error(`whist serve did not stop cleanly (code ${r.code}, signal ${r.signal}): ${this.stderr}`);
  }

  // Starts the server again on the same port and data folder (stopping it first if it runs). The port
  // may take a moment to be free again after a kill.
  async restart() {
    if (this.proc) await this.stop();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.start();
      } catch (e) {
        if (attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

// talk(page, send, until): once the page's own connection is open (so the browser has its identity), opens
// a WebSocket from the page (its cookie, its Origin), sends each message of `send` once the socket opened,
// and resolves with every message received up to the first of type `until`.
// For specs that set things up over the protocol:
//   await talk(page, [{ type: 'settings', settings: { speed: 'instant' } }], 'settings');
async function talk(page, send, until) {
  // the page's own connection first: a browser without an identity gets it in that handshake's answer, and
  // this socket must carry it (docs/protocol.md, "Identity")
  for (let i = 0; i < 200; i++) {
    if ((await page.evaluate(() => document.body?.dataset.net)) === 'open') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return page.evaluate(
    ([send, until]) =>
      new Promise((resolve, reject) => {
        const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
        const ws = new WebSocket(`${scheme}://${location.host}/ws`, 'whist');
        const got = [];
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onopen = () => send.forEach((m) => ws.send(JSON.stringify(m)));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          got.push(m);
          if (m.type === until) {
            ws.close();
            resolve(got);
          }
        };
      }),
    [send, until],
  );
}

// Starts a new game (new's options) over a WebSocket of the page's own and resolves with its first view.
// The views before the welcome that answers new belong to the game the socket followed when it opened
// (the server sends that game first), so they are passed over.
async function startGame(page, options) {
  await talk(page, [], 'welcome'); // the page's identity is in place (talk waits for it)
  return page.evaluate(
    (options) =>
      new Promise((resolve, reject) => {
        const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
        const ws = new WebSocket(`${scheme}://${location.host}/ws`, 'whist');
        let welcomes = 0;
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'new', options }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'error') reject(new Error(e.data));
          if (m.type === 'welcome') welcomes++;
          if (m.type === 'view' && welcomes >= 2) {
            ws.close();
            resolve(m.view);
          }
        };
      }),
    options,
  );
}

const test = base.extend({
  whist: async ({}, use, testInfo) => {
    if (!fs.existsSync(WHIST_BIN))
      throw new Error(`no whist binary at ${WHIST_BIN} (build it, or set WHIST_BIN)`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'whist-web-'));
    const server = new WhistServer(WHIST_BIN, dataDir);
    await server.start();
    try {
      await use(server);
      if (server.unexpected) throw new Error(server.unexpected);
      await server.stop();
    } finally {
      if (server.proc) await server.signal('SIGKILL').catch(() => {});
      if (testInfo.status !== testInfo.expectedStatus && server.stderr)
        await testInfo.attach('whist-serve.stderr', { body: server.stderr, contentType: 'text/plain' });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },

  baseURL: async ({ whist }, use) => {
    await use(whist.url);
  },

  shot: async ({}, use, testInfo) => {
    await use(async (page, name, { docs = true } = {}) => {
      const file = path.join(__dirname, 'test-results', 'screenshots', testInfo.project.name, `${name}.png`);
      await page.screenshot({ path: file });
      if (docs && process.env.WHIST_DOC_SHOTS === '1') {
        fs.mkdirSync(DOCS_SHOTS, { recursive: true });
        fs.copyFileSync(file, path.join(DOCS_SHOTS, `${name}-${testInfo.project.name}.png`));
      }
      return file;
    });
  },

  welcome: async ({}, use) => {
    await use((page) =>
      page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws').then((ws) =>
        ws.waitForEvent('framereceived', {
          predicate: (f) => {
            try {
              return JSON.parse(f.payload).type === 'welcome';
            } catch {
              return false;
            }
          },
        }).then((f) => JSON.parse(f.payload)),
      ),
    );
  },
});

module.exports = { test, expect, talk, startGame, WhistServer, WHIST_BIN };
