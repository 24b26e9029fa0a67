// play-helpers.js: what the Android Whist and screens specs share: talk (from fixtures.js: a
// second WebSocket of the page), setting a setting in the Settings screen, and
// playing an Android Whist hand by tapping, as a person would.
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

module.exports = { talk, setSetting, playAndroidHand, FOLLOW };
