// cards.js: cards on screen. Card names are the protocol's ("AS", "TH": rank then suit); this makes
// the card elements (SVG faces, modern or classic by the body's data-faces; backs by data-back),
// the words a screen reader says, and the order a hand is shown in (the suit-order setting).

export const RANKS = "23456789TJQKA";
export const SUITS = "SHDC";
export const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAME = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const RANK_SHOWN = { T: "10" };
const SVG = "http://www.w3.org/2000/svg";

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
export const isRed = (card) => card[1] === "H" || card[1] === "D";
export const rankShown = (card) => RANK_SHOWN[card[0]] ?? card[0];
export const cardText = (card) => rankShown(card) + SUIT_SYMBOL[card[1]];

// "ace of spades", "ten of hearts".
export function cardLabel(card) {
  return `${RANK_NAME[card[0]]} of ${SUIT_NAME[card[1]]}`;
}

// Reads what a person types for a card ("as", "10h", "Q s", "a♠"), as the terminal game does;
// null if it is not a card.
export function parseCard(text) {
  let t = text.trim().toUpperCase().replace(/\s+/g, "");
  t = t.replace("\u2660", "S").replace("\u2665", "H").replace("\u2666", "D").replace("\u2663", "C");
  t = t.replace(/^10/, "T");
  if (t.length !== 2 || !RANKS.includes(t[0]) || !SUITS.includes(t[1])) return null;
  return t;
}

// The suits in the order a hand shows them: "classic" S H D C; "alternate" trump first, then
// alternating colours (black trump: hearts before diamonds; red trump: spades before clubs).
export function suitOrder(style, trump) {
  if (style !== "alternate" || !SUITS.includes(trump ?? "")) return [...SUITS];
  const after = { S: "HCD", H: "SDC", D: "SHC", C: "HSD" }[trump];
  return [trump, ...after];
}

// A copy of cards sorted by suitOrder(style, trump), high to low within a suit.
export function sortHand(cards, style, trump) {
  const order = suitOrder(style, trump);
  return [...cards].sort(
    (a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]),
  );
}

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Pip centres (of a 100 x 140 card) for the classic faces of 2 to 10; flipped: lower half.
const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[32, 30], [68, 30], [32, 110], [68, 110]],
  5: [[32, 30], [68, 30], [50, 70], [32, 110], [68, 110]],
  6: [[32, 30], [68, 30], [32, 70], [68, 70], [32, 110], [68, 110]],
  7: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [32, 110], [68, 110]],
  8: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [50, 90], [32, 110], [68, 110]],
  9: [[32, 28], [68, 28], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 112], [68, 112]],
  T: [[32, 28], [68, 28], [50, 42], [32, 56], [68, 56], [32, 84], [68, 84], [50, 98], [32, 112], [68, 112]],
};

function corner(svg, card, x, y, size) {
  const g = el("g", { class: "index" });
  g.append(el("text", { x, y, "font-size": size, "text-anchor": "middle", class: "rank" }, rankShown(card)));
  g.append(el("text", { x, y: y + size * 0.95, "font-size": size * 0.9, "text-anchor": "middle", class: "suit" },
    SUIT_SYMBOL[card[1]]));
  svg.append(g);
  const turned = g.cloneNode(true);
  turned.setAttribute("transform", "rotate(180 50 70)");
  svg.append(turned);
}

function modernFace(svg, card) {
  corner(svg, card, 15, 24, 22);
  const sym = SUIT_SYMBOL[card[1]];
  if ("JQK".includes(card[0])) {
    svg.append(el("rect", { x: 26, y: 30, width: 48, height: 80, rx: 6, class: "court" }));
    svg.append(el("text", { x: 50, y: 82, "font-size": 44, "text-anchor": "middle", class: "court-letter" }, card[0]));
    svg.append(el("text", { x: 50, y: 104, "font-size": 18, "text-anchor": "middle", class: "suit" }, sym));
  } else {
    svg.append(el("text", { x: 50, y: 88, "font-size": card[0] === "A" ? 56 : 44, "text-anchor": "middle", class: "suit big" }, sym));
  }
}

function classicFace(svg, card) {
  corner(svg, card, 12, 20, 17);
  const sym = SUIT_SYMBOL[card[1]];
  const pips = PIPS[card[0]];
  if (pips) {
    for (const [x, y] of pips) {
      const t = el("text", { x, y: y + 7, "font-size": 20, "text-anchor": "middle", class: "suit pip" }, sym);
      if (y > 70) t.setAttribute("transform", `rotate(180 ${x} ${y})`);
      svg.append(t);
    }
  } else if (card[0] === "A") {
    svg.append(el("text", { x: 50, y: 86, "font-size": 50, "text-anchor": "middle", class: "suit big" }, sym));
  } else {
    svg.append(el("rect", { x: 22, y: 18, width: 56, height: 104, rx: 3, class: "court frame" }));
    svg.append(el("text", { x: 50, y: 66, "font-size": 36, "text-anchor": "middle", class: "court-letter" }, card[0]));
    const low = el("text", { x: 50, y: 66, "font-size": 36, "text-anchor": "middle", class: "court-letter" }, card[0]);
    low.setAttribute("transform", "rotate(180 50 70)");
    svg.append(low);
    svg.append(el("text", { x: 50, y: 77, "font-size": 16, "text-anchor": "middle", class: "suit" }, sym));
  }
}

function faceSvg(card, faces) {
  const svg = el("svg", { viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "paper" }));
  (faces === "classic" ? classicFace : modernFace)(svg, card);
  return svg;
}

// A face-up card: <div class="card" data-card="AS" aria-label="ace of spades">. faces: "modern" or
// "classic" (default: the body's data-faces).
export function cardElement(card, faces = document.body.dataset.faces) {
  const d = document.createElement("div");
  d.className = `card face ${isRed(card) ? "red" : "black"} suit-${card[1]}`;
  d.dataset.card = card;
  d.setAttribute("aria-label", cardLabel(card));
  d.setAttribute("role", "img");
  d.append(faceSvg(card, faces));
  return d;
}

// A face-down card (its pattern is the body's data-back, drawn by css/cards.css).
export function backElement(label = "face-down card") {
  const d = document.createElement("div");
  d.className = "card back";
  d.dataset.card = "";
  d.setAttribute("role", "img");
  d.setAttribute("aria-label", label);
  return d;
}

// Redraws the faces of every card under root after the faces setting changed.
export function refreshFaces(root, faces) {
  for (const d of root.querySelectorAll(".card.face")) {
    d.querySelector("svg")?.replaceWith(faceSvg(d.dataset.card, faces));
  }
}
