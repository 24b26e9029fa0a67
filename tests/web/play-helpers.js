// play-helpers.js: what the specs share: talk (from fixtures.js: a second WebSocket of the page),
// saving settings over it, setting a setting in the Settings screen, playing an Android Whist hand by
// tapping as a person would, and playing a whole hand of either game, or a game to its end, over a
// second socket (to fill the history, the statistics and the replays quickly).
const { expect } = require('@playwright/test');
const { talk } = require('./fixtures');

// Sets a setting through the Settings screen (from home, back home after).
async function setSetting(page, key, value) {
  await page.locator('#open-settings').click();
  await expect(page.locator('#screen-settings')).toBeVisible();
  const control = page.locator(`[name="${key}"]`);
  if ((await control.first().getAttribute('type')) === 'radio') await page.locator(`[name="${key}"][value="${value}"]`).check();
  else await control.selectOption(value);
  await page.locator('#close-settings').click();
  await expect(page.locator('#screen-home')).toBeVisible();
}

// The commands an android accepts, from what the table shows: leading (no card in the trick) a suit,
// shortest or longest; following, duck, beat or high, and after an error any but those that failed.
const FOLLOW = ['duck', 'beat', 'high'];

// Plays on the Android table until the end-of-hand dialog opens: your cards by tapping (a card that
// bounces is not followed by another tap), your android by its command buttons (duck first when
// following, else the first offered); with useKeys, commands and cards by the keyboard. Returns what it saw: {errors, commands, keys}.
async function playAndroidHand(page, { maxSteps = 600, useKeys = false } = {}) {
  const seen = { errors: 0, commands: 0, cards: 0, menus: [] };
  for (let step = 0; step < maxSteps; step++) {
    if (await page.locator('#scoreboard[open]').count()) return seen;
    const menu = page.locator('#commands:not([hidden]) button[data-command]');
    if (await menu.count()) {
      const offered = await menu.evaluateAll((bs) => bs.map((b) => b.dataset.command));
      const trickCards = await page.locator('#trick [data-card]').count();
      seen.menus.push({ offered, trickCards, message: await page.locator('#message').innerText() });
      const pick = offered.includes('duck') ? 'duck' : offered[0];
      if (useKeys && pick === 'duck') await page.keyboard.press('u');
      else await page.locator(`#commands button[data-command="${pick}"]`).click({ timeout: 2000 }).catch(() => {});
      seen.commands++;
      await page.waitForTimeout(60);
      if ((await page.locator('#message').innerText()).includes('Error.')) seen.errors++;
      continue;
    }
    const mine = page.locator('#my-hand.my-turn [data-card]');
    const n = await mine.count();
    if (n && useKeys) {
      // Type a legal card as at the terminal ("as", "10h"): following suit when possible.
      const cards = await mine.evaluateAll((es) => es.map((e) => e.dataset.card));
      const leader = page.locator('#trick .slot.leader [data-card]');
      const led = (await leader.count()) ? (await leader.getAttribute('data-card'))[1] : null;
      const follow = cards.filter((c) => c[1] === led);
      const card = (follow.length ? follow : cards)[0];
      await page.keyboard.type(`${card[0] === 'T' ? '10' : card[0].toLowerCase()}${card[1].toLowerCase()}`);
      await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
      seen.cards++;
      continue;
    }
    if (n) {
      const before = await page.locator('#my-hand [data-card]').count();
      for (let i = 0; i < n; i++) {
        const c = page.locator('#my-hand.my-turn [data-card]').nth(i);
        if (!(await c.click({ timeout: 1000 }).then(() => true, () => false))) break;
        await c.click({ timeout: 500 }).catch(() => {});
        await page.waitForTimeout(40);
        if ((await page.locator('#my-hand [data-card]').count()) < before || !(await page.locator('#my-hand.my-turn').count())) {
          seen.cards++;
          break;
        }
      }
      continue;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the hand did not end');
}

// Saves settings for the page's player over a second socket of the page (every tab of the player gets
// them at once). Resolves with the server's answer.
async function saveSettings(page, settings) {
  const got = await talk(page, [{ type: 'settings', settings }], 'settings');
  const reply = got[got.length - 1];
  expect(reply.type, JSON.stringify(reply)).toBe('settings');
  return reply;
}

// Plays a whole hand of a new game (options: the `new` message's, game german or android) from a
// second socket of the page's player: the first legal card each time, and for an android the first
// command it accepts (duck when it may). Resolves with the view once the hand is scored.
function playHandOverSocket(page, options) {
  return playOverSocket(page, { start: options, game: options.game, through: 'hand' });
}

// Plays the player's game of that kind (german or android) on from a second socket of the page's player
// ("open"), dealing each next hand, to the end of the match or rubber. Resolves with the last view.
function playToTheEndOverSocket(page, game) {
  return playOverSocket(page, { start: null, game, through: 'match' });
}

// start: the options of a `new` game, or null to open the player's game of kind `game`; through: 'hand'
// (stop when the hand is scored) or 'match' (deal the next hands, stop when it is over).
function playOverSocket(page, how) {
  return page.evaluate(
    ({ start: options, game, through }) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, 'whist');
        // The `new` (or `open`) goes once the socket is welcomed and the rules of the commands are
        // loaded; the game's own welcome follows it.
        let welcomed = false;
        let sent = false;
        let started = false;
        let validCommands = null;
        let last = null; // the last action sent
        const act = (msg) => ws.send((last = JSON.stringify(msg)));
        const begin = () => {
          if (welcomed && validCommands && !sent) {
            sent = true;
            ws.send(JSON.stringify(options ? { type: 'new', options } : { type: 'open', game }));
          }
        };
        import('/js/screens/android.js').then((m) => {
          validCommands = m.validCommands;
          begin();
        }, reject);
        ws.onerror = () => reject(new Error('the WebSocket failed'));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'welcome') {
            if (sent) started = true;
            welcomed = true;
            begin();
          }
          // Under --rate-limit (50 a second: a rubber against a quick computer goes faster): again.
          if (m.type === 'error' && m.code === 'rate_limited' && last) setTimeout(() => ws.send(last), 200);
          else if (m.type === 'error' && m.code !== 'busy') reject(new Error(m.message));
          if (!started || m.type !== 'view' || m.view.game !== game) return;
          const v = m.view;
          if (v.state === 'hand_over' && through === 'match') {
            act({ type: 'next' });
            return;
          }
          if (v.state !== 'playing') {
            ws.close();
            resolve(v);
            return;
          }
          if (v.turn.player !== 0) return;
          const t = v.table;
          if (v.turn.action === 'command') {
            const open = validCommands(t);
            act({ type: 'act', action: { type: 'command', command: open.includes('duck') ? 'duck' : open[0] } });
            return;
          }
          const led = game === 'android' ? t.trick[0] ?? null : t.led;
          const follow = led ? t.own.filter((c) => c[1] === led[1]) : [];
          const card = (follow.length ? follow : t.own)[0];
          act({ type: 'act', action: { type: 'play', card } });
        };
      }),
    how,
  );
}

// ---- the German Whist table -------------------------------------------------------------------------

// Waits until it is the player's turn at the German table.
const myTurn = (page) => expect(page.locator('#score-0 .turn-light.on')).toHaveCount(1, { timeout: 20_000 });
// The cards of the player's hand at the German table, as shown.
const handCards = (page) => page.locator('#my-hand [data-card]').evaluateAll((es) => es.map((e) => e.dataset.card));
// The card led by the computer to the trick (null when the player leads).
const ledCard = (page) => page.evaluate(() => document.querySelector('#trick .slot-1 [data-card]')?.dataset.card ?? null);

// Taps a card of the hand where it shows (near its top left corner: the cards overlap).
async function tap(page, card) {
  await page.locator(`#my-hand [data-card="${card}"]`).click({ position: { x: 5, y: 24 }, timeout: 5000 });
}

// A card the rules allow now: following suit when the player can.
async function legalCard(page, low = false) {
  const cards = await handCards(page);
  const led = await ledCard(page);
  const follow = led ? cards.filter((c) => c[1] === led[1]) : [];
  const legal = follow.length ? follow : cards;
  return low ? legal[legal.length - 1] : legal[0];
}

// Plays one card by tapping twice (raise, play) and waits until it left the hand: the first legal card
// as the hand is shown, or with low the last (a low card, so that the computer wins the trick and leads).
async function playOne(page, low = false) {
  await myTurn(page);
  const card = await legalCard(page, low);
  await tap(page, card);
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveClass(/raised/);
  await tap(page, card);
  await expect(page.locator(`#my-hand [data-card="${card}"]`)).toHaveCount(0);
  return card;
}

module.exports = {
  talk, saveSettings, setSetting, playAndroidHand, playHandOverSocket, playToTheEndOverSocket, FOLLOW,
  myTurn, handCards, ledCard, tap, legalCard, playOne,
};
