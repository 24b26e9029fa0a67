// layout-check.js: what the walker (specs/walk.spec.js) and the layout checks of the other specs look
// for on a screen, as a person holding the phone would notice it:
// - cut: an element outside the viewport (left or right; above or below too on a screen that must fit
//   without scrolling: the two tables), or clipped by an ancestor that hides its overflow, or text
//   cut short by its own box (an ellipsis, a line clamp), or a box that must be scrolled to be read
//   on a screen that must fit;
// - broken: a word split across two lines (a date cut after its hyphen);
// - faint: text whose contrast with its background is under WCAG AA's (4.5:1, 3:1 for large text);
// - covered: a piece of the screen (a button, a card, a score, the tracker, a hint's badge) under
//   another one, checked at its centre and near its corners (cards of one hand or of one trick overlap
//   by design, each keeping its touch area: see small);
// - small: a touch target under 44 x 44 px; a card of the player's hand counts by the part that a tap
//   reaches (the rest is under its neighbours).
// checkLayout(page, {fit}) returns a list of findings, each a sentence naming the element.
const { expect } = require('@playwright/test');

const MIN_TARGET = 44;

function inPage({ fit, minTarget }) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const out = [];
  const describe = (el) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const card = el.dataset?.card ? `[data-card=${el.dataset.card}]` : '';
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls}${card}${text ? ` "${text}"` : ''}`;
  };
  const visible = (el) => {
    if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  // A dialog open as a modal: only what is in it counts.
  const modal = document.querySelector('dialog[open]');
  const scope = modal ?? document.querySelector('#app');
  const inScope = (el) => scope.contains(el) && (modal || !el.closest('dialog'));

  const INTERACTIVE = 'button, a[href], input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), select, textarea, [role="button"], label:has(> input[type="radio"]), label:has(> input[type="checkbox"])';
  // The pieces that must be seen whole: what can be touched, the cards, the scores, the tracker, the
  // hints, the message, and the trick's places (the computer's card lands there).
  const SOLID = `${INTERACTIVE}, .card, .score, #tracker, .hint-badge, .stock-count, #phase, .a-seat-head, .a-score-box, .a-trump, #message, .trump, #trick .slot`;
  // Elements that overlap by design: the cards of one hand row, of the trick, of the stock.
  const GROUP = '.hand .row, #my-hand, .a-cards, #trick, .stock, .lt-cards, .replay-cards, .home-hero';
  const solids = [...document.querySelectorAll(SOLID)].filter((el) => inScope(el) && visible(el));
  const handCard = (el) => el.matches('#my-hand .card');

  // ---- cut by the viewport -----------------------------------------------------------------------
  const sx = window.scrollX;
  const sy = window.scrollY;
  for (const el of solids) {
    const r = el.getBoundingClientRect();
    if (r.left + sx < -0.5 || r.right + sx > vw + 0.5) out.push(`cut: ${describe(el)} spans x ${Math.round(r.left + sx)}..${Math.round(r.right + sx)} of a ${vw} px wide screen`);
    if (fit && (r.top + sy < -0.5 || r.bottom + sy > vh + 0.5)) out.push(`cut: ${describe(el)} spans y ${Math.round(r.top + sy)}..${Math.round(r.bottom + sy)} of a ${vh} px high screen`);
  }
  if (document.documentElement.scrollWidth > vw + 0.5) out.push(`cut: the page scrolls sideways (${document.documentElement.scrollWidth} px for ${vw})`);
  if (fit && document.documentElement.scrollHeight > vh + 0.5) out.push(`cut: the table scrolls (${document.documentElement.scrollHeight} px for ${vh})`);

  // ---- clipped by an ancestor, or text cut short by its own box ------------------------------------
  for (const el of solids) {
    if (el.matches('.card, .card *')) continue;
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const ar = a.getBoundingClientRect();
      const clipsX = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
      const clipsY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
      const scrollsX = cs.overflowX === 'auto' || cs.overflowX === 'scroll';
      const scrollsY = cs.overflowY === 'auto' || cs.overflowY === 'scroll';
      if ((clipsX && (r.left < ar.left - 0.5 || r.right > ar.right + 0.5)) || (clipsY && (r.top < ar.top - 0.5 || r.bottom > ar.bottom + 0.5))) {
        out.push(`cut: ${describe(el)} is clipped by ${describe(a)}`);
        break;
      }
      // A scroll container reaches what lies after its start, not what lies before it.
      if ((scrollsX && r.left < ar.left - a.scrollLeft - 0.5) || (scrollsY && r.top < ar.top - a.scrollTop - 0.5)) {
        out.push(`cut: ${describe(el)} lies before the start of its scroll box ${describe(a)}`);
        break;
      }
    }
  }
  for (const el of [scope, ...scope.querySelectorAll('*')]) {
    if (!inScope(el) || el.closest('.card, svg, .visually-hidden') || !visible(el)) continue;
    const cs = getComputedStyle(el);
    const hidesX = cs.overflowX !== 'visible';
    const hidesY = cs.overflowY !== 'visible';
    if (!hidesX && !hidesY) continue;
    if (cs.overflowX === 'auto' || cs.overflowX === 'scroll' || cs.overflowY === 'auto' || cs.overflowY === 'scroll') {
      // On a screen that must fit, nothing may hide in a box of its own to scroll.
      if (fit && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
        out.push(`cut: ${describe(el)} must be scrolled to show all it holds (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
      continue;
    }
    if (!el.textContent.trim() || (el.clientWidth <= 1 && el.clientHeight <= 1)) continue; // hidden for the eye, kept for screen readers
    if ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1))
      out.push(`cut: the text of ${describe(el)} does not fit its box (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
  }

  // ---- words broken across lines, text too faint for its background ---------------------------------
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const FELT = [[0x13, 0x79, 0x4f], [0x07, 0x40, 0x2a]]; // the lightest and darkest felt of the page
  const parse = (s) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(s);
    return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : [0, 0, 0, 0];
  };
  const lum = ([r, g, b]) => {
    const f = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const over = (top, under) => under.map((c, i) => top[3] * top[i] + (1 - top[3]) * c);
  // The backgrounds an element's text can sit on: its own and its ancestors' colours laid on the
  // first opaque one, or on the felt (both ends of its gradient).
  const backgrounds = (el) => {
    const layers = [];
    for (let a = el; a; a = a.parentElement) {
      const c = parse(getComputedStyle(a).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    const base = layers.length && layers[layers.length - 1][3] >= 1 ? [layers.pop()] : FELT;
    return base.map((b) => layers.reduceRight((acc, l) => over(l, acc), b.slice(0, 3)));
  };
  const seenText = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !inScope(el) || el.closest('.card, svg, pre, .visually-hidden, option, [hidden]') || !visible(el)) continue;
    // A word of letters joined by hyphens ("up-cards") may break after a hyphen, as in print; each
    // part of it, a date ("2025-11-28") or a score ("4–9") may not.
    for (const m of node.textContent.matchAll(/\S{2,}/g)) {
      const parts = /^[\p{L}]+(-[\p{L}]+)+\W*$/u.test(m[0]) ? [...m[0].matchAll(/[^-]+/g)].map((p) => [m.index + p.index, p[0]]) : [[m.index, m[0]]];
      for (const [at, word] of parts) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(`broken: "${m[0]}" of ${describe(el)} is split across lines`);
      }
    }
    if (seenText.has(el) || el.matches('input, select, textarea') || el.closest('button:disabled')) continue;
    seenText.add(el);
    const cs = getComputedStyle(el);
    const fg = parse(cs.color);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    for (const bg of backgrounds(el)) {
      const r = ratio(over(fg, bg), bg);
      if (r < need - 0.005) {
        out.push(`faint: ${describe(el)} has a contrast of ${r.toFixed(2)}:1 (${cs.color} on rgb(${bg.map(Math.round).join(', ')}); ${need}:1 needed)`);
        break;
      }
    }
  }

  // ---- covered by another piece ------------------------------------------------------------------
  const badges = [...document.querySelectorAll('.hint-badge')];
  for (const b of badges) b.style.pointerEvents = 'auto';
  const sticky = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const p = getComputedStyle(a).position;
      if (p === 'sticky' || p === 'fixed') return true;
    }
    return false;
  };
  for (const el of solids) {
    if (handCard(el)) continue; // its reach is measured below
    if (!fit && !el.closest('dialog')) el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    // Near the corners, inside a rounded one (a point 0.35 of the radius in from both edges is in).
    const radius = Math.min(parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0, r.width / 2, r.height / 2);
    const inset = Math.min(Math.max(3, 0.35 * radius), r.width / 4, r.height / 4);
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset],
    ];
    const group = el.matches('.hint-badge') ? null : el.closest(GROUP);
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      if (group && group.contains(hit)) continue;
      if (!fit && sticky(hit) && !sticky(el)) continue; // a page's header stays while it scrolls
      out.push(`covered: ${describe(el)} is under ${describe(hit)} at (${Math.round(x)}, ${Math.round(y)})`);
      break;
    }
  }
  for (const b of badges) b.style.pointerEvents = '';
  if (!fit) window.scrollTo(sx, sy);

  // ---- touch targets --------------------------------------------------------------------------------
  for (const el of solids) {
    if (!el.matches(INTERACTIVE) || el.matches('.card') && !handCard(el)) continue;
    if (el.disabled) continue;
    let w;
    let h;
    if (handCard(el)) {
      // The part of the card a tap reaches: sample it every 2 px.
      const r = el.getBoundingClientRect();
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (let y = r.top + 1; y < r.bottom; y += 2) {
        for (let x = r.left + 1; x < r.right; x += 2) {
          if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit && (hit === el || el.contains(hit))) {
            x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
          }
        }
      }
      w = x1 - x0 + 2;
      h = y1 - y0 + 2;
      if (!(w > 0)) { w = 0; h = 0; }
    } else {
      const r = el.getBoundingClientRect();
      w = r.width;
      h = r.height;
    }
    if (w < minTarget - 0.5 || h < minTarget - 0.5) out.push(`small: ${describe(el)} is a ${Math.round(w)}x${Math.round(h)} px touch target`);
  }
  return [...new Set(out)];
}

// The findings on the page as it is now; fit: the screen must show everything without scrolling.
async function checkLayout(page, { fit = false } = {}) {
  return page.evaluate(inPage, { fit, minTarget: MIN_TARGET });
}

// Fails the test (softly: the walk goes on to the next screen) with every finding, naming the screen.
async function expectGoodLayout(page, name, options) {
  const found = await checkLayout(page, options);
  expect.soft(found, `${name} at ${page.viewportSize().width}x${page.viewportSize().height}`).toEqual([]);
}

module.exports = { checkLayout, expectGoodLayout, MIN_TARGET };
