// page.js: what the screens share: the section each screen lives in (the page screens' with a header
// and a back button), the swipe gestures, the rules in words, text escaping, and a dialog's or a bar's
// button.

import { ICONS } from "../icons.js";
import { scoringName } from "../table-rules.js";

// The one escaping helper of the client: text (a name, anything a person typed, anything the server
// sends) made safe to put into HTML. Every screen that builds HTML from such text uses it; the rest
// set textContent.
export const escapeHtml = (t) =>
  String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// A button with id and text (primary: the one to press) that calls fn when clicked.
export function button(id, text, primary, fn) {
  const b = document.createElement("button");
  b.id = id;
  b.textContent = text;
  if (primary) b.className = "primary";
  b.addEventListener("click", fn);
  return b;
}

// A <section id="screen-NAME" data-screen="NAME" class="screen CLASSES"> holding html (not yet in the
// page). html is the client's own markup only (the screens' skeletons, icons, the rules' fixed text):
// a name, anything typed or anything the server sends goes in later as textContent or through escapeHtml.
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

// Asks the player a yes-or-no question in a modal dialog (#confirm, in container: it goes with its
// screen): title, text, the button that goes on (#confirm-yes, yes) and the one that does not
// (#confirm-no, no: focused first, and what Escape means). Resolves with true or false.
export function confirmDialog(container, { title, text, yes, no }) {
  container.querySelector("#confirm")?.remove();
  const dlg = document.createElement("dialog");
  dlg.id = "confirm";
  dlg.className = "confirm";
  dlg.setAttribute("aria-labelledby", "confirm-title");
  dlg.setAttribute("aria-describedby", "confirm-text");
  const h = document.createElement("h2");
  h.id = "confirm-title";
  h.textContent = title;
  const p = document.createElement("p");
  p.id = "confirm-text";
  p.textContent = text;
  const buttons = document.createElement("div");
  buttons.className = "dialog-buttons";
  const noButton = document.createElement("button");
  noButton.id = "confirm-no";
  noButton.textContent = no;
  const yesButton = document.createElement("button");
  yesButton.id = "confirm-yes";
  yesButton.className = "primary";
  yesButton.textContent = yes;
  buttons.append(noButton, yesButton);
  dlg.append(h, p, buttons);
  container.append(dlg);
  return new Promise((resolve) => {
    const done = (answer) => {
      dlg.close();
      dlg.remove();
      resolve(answer);
    };
    noButton.addEventListener("click", () => done(false));
    yesButton.addEventListener("click", () => done(true));
    dlg.addEventListener("cancel", (e) => {
      e.preventDefault();
      done(false);
    });
    dlg.showModal();
    noButton.focus();
  });
}
