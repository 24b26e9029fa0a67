// table-layout.js: the geometry of the German Whist table that CSS alone cannot give: which layout
// (portrait or landscape: the orientation setting, or the device's shape for "auto"), whether the
// table is drawn turned a quarter (a layout chosen against the shape of a phone's screen, as an
// app's orientation lock does), in how many rows a hand is laid out so that a finger reaches 44 px
// of every card, how much the cards of a row overlap to fit its width, and a motion helper (a card
// flying from where it was).

// The narrowest a screen may be for the other layout than its shape without turning the table.
const TURN_BELOW = 600;

// The least part of a card of the player's hand that a finger must reach: WCAG's 44 px target.
export const MIN_TOUCH = 44;

// {layout: "portrait" or "landscape", turned} for the orientation setting value. "auto" follows
// the screen's shape. A layout chosen against the shape of a small screen (Landscape on a phone
// held upright, Portrait on one held sideways) is drawn turned a quarter: the player turns the
// phone, as with an app whose orientation is locked.
export function layoutFor(orientation) {
  const wide = window.innerWidth >= window.innerHeight;
  if (orientation !== "portrait" && orientation !== "landscape") return { layout: wide ? "landscape" : "portrait", turned: false };
  const turned = orientation === "landscape" ? !wide && window.innerWidth < TURN_BELOW : wide && window.innerHeight < TURN_BELOW;
  return { layout: orientation, turned };
}

// Calls fn() whenever the screen changes size or shape. Returns the function that stops listening.
export function onShapeChange(fn) {
  window.addEventListener("resize", fn);
  return () => window.removeEventListener("resize", fn);
}

// The number of rows for n cards of width cw in a hand width px wide: the fewest that leave every
// card MIN_TOUCH px of its own (at least 2 when stacked and more than 7 cards).
export function rowsFor(n, width, cw, stacked = false) {
  for (let rows = stacked && n > 7 ? 2 : 1; rows < 4; rows++) {
    const per = Math.ceil(n / rows);
    if (per <= 1 || cw + (per - 1) * MIN_TOUCH <= width) return rows;
  }
  return 4;
}

// Sets the overlap of the cards in each row (elements with class "row") under container: each
// card after the first is pulled left so the row fits the container's width, never spread more
// than a small gap apart. The pull is kept as --pull on the row (CSS pulls each card by it).
export function fitRows(container) {
  const width = container.clientWidth;
  for (const row of container.querySelectorAll(".row")) {
    const cards = row.querySelectorAll(".card");
    const n = cards.length;
    if (!n) continue;
    const cw = cards[0].offsetWidth || 60;
    const room = n > 1 ? (width - cw - 2) / (n - 1) : cw;
    const step = Math.max(2, Math.min(cw * 1.06, room));
    row.style.setProperty("--pull", `${(step - cw).toFixed(2)}px`);
  }
}

// Animates el from the screen rectangle from (a DOMRect, where the card was) to where it is now,
// in ms milliseconds (nothing when ms is 0 or there is no from). turned: el's table is drawn turned
// a quarter clockwise (the screen's offsets are turned back into the table's).
export function flyFrom(el, from, ms, turned = false) {
  if (!from || !ms || !el.animate) return;
  const to = el.getBoundingClientRect();
  if (!to.width) return;
  const sx = from.left + from.width / 2 - (to.left + to.width / 2);
  const sy = from.top + from.height / 2 - (to.top + to.height / 2);
  const [dx, dy] = turned ? [sy, -sx] : [sx, sy];
  const s = from.width / to.width || 1;
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }], {
    duration: ms,
    easing: "cubic-bezier(.2,.7,.3,1)",
  });
}
