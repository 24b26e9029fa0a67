// table-layout.js: the geometry of the German Whist table that CSS alone cannot give: which layout
// (portrait or landscape: the orientation setting, or the device's shape for "auto"), and how much
// the cards of a hand overlap so that a whole row fits the width it has (13 cards on a 360 px
// phone), and small motion helpers (a card flying from where it was, a bounce).

// "portrait" or "landscape" for the orientation setting value.
export function layoutFor(orientation) {
  if (orientation === "portrait" || orientation === "landscape") return orientation;
  return window.matchMedia("(min-aspect-ratio: 1/1)").matches ? "landscape" : "portrait";
}

// Calls fn() whenever the device's shape flips between portrait and landscape. Returns the
// function that stops listening.
export function onShapeChange(fn) {
  const mq = window.matchMedia("(min-aspect-ratio: 1/1)");
  mq.addEventListener("change", fn);
  return () => mq.removeEventListener("change", fn);
}

// Sets the overlap of the cards in each row (elements with class "row") under container: each
// card after the first is pulled left so the row fits the container's width, never spread more
// than a small gap apart. The step is kept as --step on the row (CSS pulls each card by it).
export function fitRows(container) {
  const width = container.clientWidth;
  for (const row of container.querySelectorAll(".row")) {
    const cards = row.querySelectorAll(".card");
    const n = cards.length;
    if (!n) continue;
    const cw = cards[0].offsetWidth || 60;
    const room = n > 1 ? (width - cw - 2) / (n - 1) : cw;
    const step = Math.max(8, Math.min(cw * 1.06, room));
    row.style.setProperty("--pull", `${(step - cw).toFixed(2)}px`);
  }
}

// Animates el from the screen rectangle from (a DOMRect, where the card was) to where it is now,
// in ms milliseconds (nothing when ms is 0 or there is no from).
export function flyFrom(el, from, ms) {
  if (!from || !ms || !el.animate) return;
  const to = el.getBoundingClientRect();
  if (!to.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const s = from.width / to.width || 1;
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }], {
    duration: ms,
    easing: "cubic-bezier(.2,.7,.3,1)",
  });
}
