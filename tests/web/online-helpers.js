// online-helpers.js: what the online specs share: a person in a browser context of their own (their own
// identity cookie), a table made over the protocol (options the form does not offer, such as a grace
// of one second), and playing on the online table as a person would: a card the page marks as legal
// (data-legal, from the server's `legal`), a command from the buttons the page offers (only the legal
// ones), Continue after a hand.
const { expect } = require('@playwright/test');
const { saveSettings } = require('./play-helpers');

// A new browser context and page on the server, at home, with instant speed, one-tap play and a name.
async function person(browser, whist, name, project) {
  const u = project.use;
  const context = await browser.newContext({
    viewport: u.viewport, userAgent: u.userAgent, deviceScaleFactor: u.deviceScaleFactor, isMobile: u.isMobile,
    hasTouch: u.hasTouch, baseURL: whist.url,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('#screen-home')).toBeVisible();
  await saveSettings(page, { speed: 'instant', sound: 'off', 'single-click': 'on', name });
  return { context, page, name };
}

// Makes a table over a WebSocket of the page (table_new with options, strings) and closes that socket:
// resolves with {table, seats: [secret0, secret1], watch}. The seats are then taken by their links.
async function tableOverSocket(page, options) {
  return page.evaluate(
    (options) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, 'whist');
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'table_new', options }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'error') reject(new Error(e.data));
          if (m.type === 'table_created') {
            ws.close();
            resolve({ table: m.table, seats: m.links.seat, watch: m.links.watch });
          }
        };
      }),
    options,
  );
}

const seatLink = (t, p) => `/#/t/${t.table}/${t.seats[p]}`;
const watchLink = (t) => `/#/t/${t.watch}`;

// One step for the page's person: a legal card, a command, or Continue after a hand. True if it acted.
// What to tap is found in one look at the page; the tap itself is Playwright's, as a person's.
async function step(page) {
  const sel = await page.evaluate(() => {
    const cont = document.querySelector('dialog[open] #continue');
    if (cont && cont.checkVisibility()) return 'dialog[open] #continue';
    const cmd = document.querySelector('#commands:not([hidden]) button[data-command]');
    if (cmd) return `#commands button[data-command="${cmd.dataset.command}"]`;
    const card = document.querySelector('#my-hand [data-legal]');
    if (card) return `#my-hand [data-card="${card.dataset.card}"]`;
    return null;
  }).catch(() => null);
  if (!sel) return false;
  await page.locator(sel).first().click({ timeout: 1000 }).catch(() => {});
  return true;
}

// Plays with every page in pages until done() (a promise-returning check) is true; fails after maxMs.
async function playUntil(pages, done, { maxMs = 240_000 } = {}) {
  const end = Date.now() + maxMs;
  while (Date.now() < end) {
    if (await done()) return;
    let acted = false;
    for (const p of pages) acted = (await step(p)) || acted;
    if (!acted) await pages[0].waitForTimeout(80);
  }
  throw new Error('the game did not get there in time');
}

// Plays n cards or commands (whoever is to act).
async function playSteps(pages, n) {
  const end = Date.now() + 60_000;
  for (let i = 0; i < n; ) {
    if (Date.now() > end) throw new Error(`only ${i} of ${n} cards were played`);
    let acted = false;
    for (const p of pages) {
      if (i < n && (await step(p))) {
        acted = true;
        i++;
        await p.waitForTimeout(120);
      }
    }
    if (!acted) await pages[0].waitForTimeout(100);
  }
}

const matchOver = (page) => async () => /wins? the (match|rubber)|is over/.test(await page.locator('#ob-status').innerText());

// Closes the end-of-match board (online: its Close button), showing the table and its bar again.
async function closeBoard(page) {
  const close = page.locator('dialog[open] #replay-hand:visible, dialog[open] #board-close');
  await expect(close).toHaveCount(1);
  await close.click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

module.exports = { person, tableOverSocket, seatLink, watchLink, step, playUntil, playSteps, matchOver, closeBoard };
