// table-rules.js: what the German Whist table works out from a view by itself: whether a card may
// be played now (and why not, in words), the tricks played so far with their winners, and how a
// finished hand was scored (points and the reason), the same rules as src/engine/core/score.c.
// Nothing here is secret: it reads only the viewer's own view. The server still checks every card.

import { RANKS, SUIT_NAME, SUIT_SYMBOL, cardText } from "./cards.js";

// The winner (0 for the leader's card, 1 for the follower's) of a trick: a higher card of the
// suit led, or a trump on a plain suit, beats.
export function trickWinnerIndex(led, follow, trump) {
  if (follow[1] === led[1]) return RANKS.indexOf(follow[0]) > RANKS.indexOf(led[0]) ? 1 : 0;
  return follow[1] === trump ? 1 : 0;
}

// The finished tricks of view.table: [{number, leader, cards: [leader's, follower's], winner, up}].
// The first trick is led by the non-dealer, then by each trick's winner.
export function tricksOf(table) {
  const out = [];
  let leader = 1 - table.dealer;
  for (let i = 0; i + 1 < table.moves.length; i += 2) {
    const cards = [table.moves[i], table.moves[i + 1]];
    const winner = trickWinnerIndex(cards[0], cards[1], table.trump) === 0 ? leader : 1 - leader;
    const number = i / 2 + 1;
    out.push({ number, leader, cards, winner, up: table.ups[i / 2] ?? null });
    leader = winner;
  }
  return out;
}

// Why player 0 may not play card now (a sentence), or null if the rules (as far as the view can
// tell) allow it.
export function refusal(view, card) {
  if (!view || view.game !== "german") return "There is no hand in play.";
  if (view.state !== "playing") return "The hand is over.";
  if (view.turn.player !== 0) return `Wait: it is ${nameOf(view, 1)}'s turn.`;
  const t = view.table;
  if (!t.own.includes(card)) return `You do not hold ${cardText(card)}.`;
  if (t.led && t.to_play === 0 && card[1] !== t.led[1] && t.own.some((c) => c[1] === t.led[1])) {
    return `You must follow suit: play a ${SUIT_NAME[t.led[1]].replace(/s$/, "")} ${SUIT_SYMBOL[t.led[1]]}.`;
  }
  return null;
}

// The table's words for the server's refusal of what the table asked (its own text speaks of "player
// 1" and "player 2"), by the error's code and what the view shows; card: the card refused, if one
// was. null: no words of the table's for this code (the server's text is shown).
export function refusalText(code, view, card = null) {
  switch (code) {
    case "cannot_undo":
      return view?.state === "playing"
        ? "You have not played a card in this hand yet: there is nothing to take back."
        : "The hand is over: there is nothing to take back.";
    case "not_your_turn":
      return `Wait: it is ${nameOf(view, 1)}'s turn.`;
    case "must_follow":
      return (card && refusal(view, card)) || "You must follow suit.";
    case "not_held":
      return card ? `You do not hold ${cardText(card)}.` : "You do not hold that card.";
    case "hand_over":
      return "The hand is over.";
    case "no_hint":
      return "Hints are given when it is your turn to play a card.";
    default:
      return null;
  }
}

export function nameOf(view, p) {
  const n = view?.names?.[p];
  if (p === 0) return !n || n === "human" ? "You" : n;
  return "the computer";
}

// The hand's score from a finished view (or one that is being scored): {counted: [a, b], points:
// [a, b], winner (-1: none), slam, why: sentence}. rules: {variant, scoring, target}; who(p): how the
// sentence names player p ("You", "The computer", or a name at an online table).
export function scoreHand(rules, won, who = (p) => (p === 0 ? "You" : "The computer")) {
  const half = rules.variant === "small" ? 7 : 13;
  const endgame = won.endgame;
  const all = [won.foreplay[0] + won.endgame[0], won.foreplay[1] + won.endgame[1]];
  const counted = rules.scoring === "every" ? all : endgame;
  const r = { counted: [...counted], points: [0, 0], winner: -1, slam: false };
  if (rules.scoring === "total") r.points = [...counted];
  if (counted[0] !== counted[1]) {
    r.winner = counted[0] > counted[1] ? 0 : 1;
    const mine = counted[r.winner];
    const theirs = counted[1 - r.winner];
    if (rules.scoring === "last13") {
      r.slam = mine === half;
      r.points[r.winner] = r.slam ? (half === 7 ? 5 : 10) : mine - Math.floor(half / 2);
    } else if (rules.scoring === "every") {
      r.points[r.winner] = mine - (half === 7 ? 6 : 13);
    } else if (rules.scoring === "difference") {
      r.points[r.winner] = mine - theirs;
    }
  }
  r.why = explain(rules, counted, r, half, who);
  return r;
}

function explain(rules, c, r, half, who) {
  const what = rules.scoring === "every" ? `all ${2 * half} tricks count` : `only the ${half} endgame tricks count`;
  const lead = `${scoringName(rules)}: ${what}.`;
  if (rules.scoring === "total") {
    return `${lead} Each player scores the endgame tricks won: ${who(0).replace(/^You$/, "you").replace(/^The computer$/, "the computer")} ${c[0]}, ${who(1).replace(/^You$/, "you").replace(/^The computer$/, "the computer")} ${c[1]}.`;
  }
  if (r.winner < 0) return `${lead} ${c[0]} tricks each: nobody scores.`;
  const w = r.winner;
  const mine = c[w];
  const theirs = c[1 - w];
  if (r.slam) return `${lead} ${who(w)} won all ${half}: a slam scores ${r.points[w]}.`;
  if (rules.scoring === "last13") {
    return `${lead} ${who(w)} won ${mine} to ${theirs}: ${mine} − ${Math.floor(half / 2)} = ${r.points[w]} ${plural(r.points[w], "point")}.`;
  }
  if (rules.scoring === "every") {
    return `${lead} ${who(w)} won ${mine} to ${theirs}: ${mine} − ${half === 7 ? 6 : 13} = ${r.points[w]} ${plural(r.points[w], "point")}.`;
  }
  return `${lead} ${who(w)} won ${mine} to ${theirs}: the difference, ${r.points[w]} ${plural(r.points[w], "point")}.`;
}

// The display name of rules.scoring, the one every screen uses (as the terminal game's): "Last 13"
// ("Last 7" in Small Whist), "Every trick", "Difference", "Running total".
export function scoringName(rules) {
  const small = rules.variant === "small";
  return {
    last13: small ? "Last 7" : "Last 13",
    every: "Every trick",
    difference: "Difference",
    total: "Running total",
  }[rules.scoring] ?? rules.scoring;
}

export function plural(n, word) {
  return `${word}${n === 1 ? "" : "s"}`;
}
