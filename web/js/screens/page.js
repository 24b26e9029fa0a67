// page.js: what the screens share: the section each screen lives in (the page screens' with a header
// and a back button), the swipe gestures, the rules in words, and text escaping.

import { ICONS } from "../icons.js";
import { scoringName } from "../table-rules.js";

// The one escaping helper of the client: text (a name, anything a person typed, anything the server
// sends) made safe to put into HTML. Every screen that builds HTML from such text uses it; the rest
// set textContent.
export const escapeHtml = (t) =>
  String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// A <section id="screen-NAME" data-screen="NAME" class="screen CLASSES"> holding html (not yet in the
// page).
export function screenSection(name, classes, html) {
  const s = document.createElement("section");
  s.id = `screen-${name}`;
  s.dataset.screen = name;
  s.className = `screen ${classes}`;
  s.innerHTML = html;
  return s;
}

// Calls fn("left") or fn("right") after a clear one-finger horizontal swipe on el.
export function onSwipe(el, fn) {
  let touch = null;
  el.addEventListener("touchstart", (e) => (touch = e.touches.length === 1 ? [e.touches[0].clientX, e.touches[0].clientY] : null), { passive: true });
  el.addEventListener("touchend", (e) => {
    if (!touch) return;
    const dx = e.changedTouches[0].clientX - touch[0];
    const dy = e.changedTouches[0].clientY - touch[1];
    touch = null;
    if (Math.abs(dx) > 80 && Math.abs(dx) > 2 * Math.abs(dy)) fn(dx > 0 ? "right" : "left");
  });
}

// A page screen (screenSection with a header: title, a back button #back-button that calls back())
// appended to root; returns {section, body}.
export function pageSection(root, name, title, back) {
  const s = screenSection(name, `page ${name}`, `<header class="page-head">
      <button id="back-button" class="icon-button" aria-label="Back" title="Back">${ICONS.back}</button>
      <h1>${escapeHtml(title)}</h1></header><div class="page-body"></div>`);
  root.append(s);
  s.querySelector("#back-button").addEventListener("click", back);
  return { section: s, body: s.querySelector(".page-body") };
}

// "Classic · Last 13 · to 10" (the scoring by its display name: Small Whist's last13 is "Last 7").
export function rulesText(variant, scoring, target) {
  const sc = scoringName({ variant, scoring });
  return `${variant === "small" ? "Small Whist" : "Classic"} · ${sc}${target ? ` · to ${target}` : ""}`;
}
