// android.js: the Android Whist table against the computer. Four seats around the trick (you at the
// bottom, your android across, the other side left and right), the opposing android's hand face up,
// your android's face down, your own hand to play (tap, arrows and Enter, or type the card), and
// when your android is to play, a menu of only the commands it accepts now. The rubber's score, the
// hand's tricks, and the dialogs at the end of a hand and of the rubber. Events are shown one by one,
// paced by the speed setting; the view that follows them is the truth the table is redrawn from.

import { backElement, cardElement, cardLabel, cardText, parseCard, sortHand, SUIT_NAME, SUIT_SYMBOL } from "../cards.js";
import { PACE } from "../settings.js";
import { button, escapeHtml, screenSection } from "./page.js";
import { ICONS } from "../icons.js";
import { rowsFor } from "../table-layout.js";
import { createEventPlayer } from "../event-player.js";

const ORDER = ["D", "L", "X", "N"]; // clockwise
const POSITIONS = ["bottom", "left", "top", "right"]; // clockwise from the viewer
const PARTNER = { D: "X", N: "L" };

// The fifteen commands in the terminal game's order, with its keys (shift: the high forms).
export const COMMANDS = [
  ["duck", "u"], ["beat", "b"], ["high", "g"],
  ["spades", "s"], ["hearts", "h"], ["diamonds", "d"], ["clubs", "c"], ["shortest", "o"], ["longest", "l"],
  ["high-spades", "S"], ["high-hearts", "H"], ["high-diamonds", "D"], ["high-clubs", "C"],
  ["high-shortest", "O"], ["high-longest", "L"],
];
const FOLLOW = ["duck", "beat", "high"];

// Why an android said "Error." (the view's answer codes; all of it is public).
const ANSWER = {
  no_led_suit: "it has no card of the suit led",
  cannot_beat: "it cannot beat the winning card and has none of the suit led",
  void_suit: "it has no card of that suit",
  must_follow: "it must follow the suit led",
  shortest_tie: "two of its plain suits tie for shortest",
  no_plain_suit: "it holds trumps only",
  longest_tie: "two of its suits tie for longest",
};

// The commands the android to play accepts now, from the view's table (as gw_android_commands_open):
// leading, a suit, shortest or longest; following, duck, beat or high, and after an error every
// command but those that failed already for this card.
export function validCommands(t) {
  if (!t || t.tricks_done >= 13 || !PARTNER_OF_ANDROID[t.to_play]) return [];
  const leading = t.trick.length === 0;
  let open = COMMANDS.map((c) => c[0]);
  if (leading) open = open.filter((c) => !FOLLOW.includes(c));
  else if (t.errors === 0) open = [...FOLLOW];
  const failed = new Set(t.events.slice(t.events.length - t.errors).map((e) => e.command));
  return open.filter((c) => !failed.has(c));
}
const PARTNER_OF_ANDROID = { L: "N", X: "D" };
// The androids' seats (the humans sit at D and N; the replay names the seats the same way).
export const isAndroidSeat = (seat) => seat in PARTNER_OF_ANDROID;

// online (null for the rubber against the computer): the online table's host (screens/online.js): the
// viewer, the names, the legal cards or commands, send(message). The human at the bottom is the view's
// viewer (a spectator sees player 0 there, and no hand).
export function mount(root, ctx, params = {}, online = null) {
  const { net, settings, state, go, follow, start } = ctx;
  const viewer = () => (online ? online.viewer() : 0); // null: a spectator
  const me = () => viewer() ?? 0;
  const isMe = (p) => viewer() !== null && p === me();
  const send = (m) => (online ? online.send(m) : net.send(m));
  // What the android to play accepts now: online, the server's legal commands; against the computer,
  // worked out from the view (the computer game's messages carry no legal list).
  const openCommands = (t) => (online ? online.legal() : validCommands(t));
  const s = screenSection("android", "android", `
    <h1 class="visually-hidden">Android Whist</h1>
    <header class="a-top">
      <button id="home-button" class="icon-button" aria-label="Home" title="Home">${ICONS.home}</button>
      <div class="a-score" id="a-score" aria-label="Score"></div>
      <div class="a-score-box a-tricks" id="tricks-won"></div>
      <div class="a-trump" id="trump" aria-label="Trump"></div>
      <button id="undo-button" class="icon-button" aria-label="Take back your last card" title="Undo" hidden>${ICONS.undo}</button>
      <button id="log-button" class="icon-button" aria-label="Show the hand's log" title="Log" aria-expanded="false" aria-controls="log">${ICONS.menu}</button>
    </header>
    <div class="a-table" id="a-table">
      <div class="a-seat" id="seat-top"></div>
      <div class="a-seat" id="seat-left"></div>
      <div class="a-seat" id="seat-right"></div>
      <div class="a-trick" id="trick" aria-label="The trick">
        <div class="slot" data-pos="top"></div>
        <div class="slot" data-pos="left"></div>
        <div class="slot" data-pos="right"></div>
        <div class="slot" data-pos="bottom"></div>
      </div>
      <div class="a-controls">
        <p id="message" class="a-message" role="status" aria-live="polite"></p>
        <div id="commands" class="a-commands" role="group" aria-label="Commands for your android" hidden></div>
      </div>
      <div class="a-seat a-me" id="seat-bottom"></div>
    </div>
    <aside class="a-log" id="log" hidden aria-label="This hand's plays"><h2>This hand</h2><ol></ol></aside>
    <dialog id="scoreboard" aria-labelledby="scoreboard-title">
      <h2 id="scoreboard-title"></h2>
      <div id="scoreboard-body"></div>
      <div class="dialog-buttons" id="scoreboard-buttons"></div>
    </dialog>`);
  root.append(s);
  const $ = (id) => s.querySelector(`#${id}`);

  // The table as shown: a copy of the view's table that the events change one by one.
  let view = null; // the last view (the truth)
  let shown = null; // {seat, own, opposing, held, trick: [{seat, card}], won, leader, to_play, ...}
  let raised = null; // the card raised in the player's hand
  let typed = ""; // keys typed towards a card
  let catchingUp = true; // after a welcome: events until the view are history, not to animate
  let pumping = false; // events are being shown
  let winnerSeat = null; // the seat that took the trick being shown
  let lastError = "";
  let lastScore = null; // the hand's score event: the game it won, if any

  const layout = () => {
    const o = settings.get("orientation");
    const wide = o === "landscape" || (o === "auto" && matchMedia("(orientation: landscape)").matches);
    s.dataset.layout = wide ? "landscape" : "portrait";
  };
  layout();
  const mq = matchMedia("(orientation: landscape)");
  // Turned (or the setting changed): the seats are drawn again for the new layout (the opposing android's
  // rows by suit, your hand's rows for its new width).
  const relayout = () => {
    layout();
    if (shown) draw();
  };
  mq.addEventListener("change", relayout);
  const onResize = () => shown && drawSeat("bottom");
  window.addEventListener("resize", onResize);

  const mySeat = () => shown?.seat ?? (shown && shown.dealer !== me() ? "N" : "D");
  const posOf = (seat) => POSITIONS[(ORDER.indexOf(seat) - ORDER.indexOf(mySeat()) + 4) % 4];
  const seatAt = (pos) => ORDER[(ORDER.indexOf(mySeat()) + POSITIONS.indexOf(pos)) % 4];
  const trump = () => shown?.trump_card?.[1];
  const names = () => view?.names ?? ["You", "Computer"];
  const nameFor = (p) => online?.name(p) || names()[p] || `Player ${p + 1}`;
  const playerOf = (seat) => {
    // The human at D is the dealer; N the other one; each android belongs to its partner's human.
    const dealer = shown?.dealer ?? 0;
    const human = seat === "D" || seat === "X" ? dealer : 1 - dealer;
    return human;
  };
  function seatTitle(seat) {
    const p = playerOf(seat);
    if (online) {
      if (isAndroidSeat(seat)) return isMe(p) ? "your android" : viewer() === null ? `${nameFor(p)}'s android` : "their android";
      return isMe(p) ? `You (${nameFor(p)})` : nameFor(p);
    }
    const mine = p === 0;
    if (isAndroidSeat(seat)) return mine ? "your android" : "their android";
    return mine ? names()[0] || "You" : "Computer";
  }

  function fromView(v) {
    const t = v.table;
    shown = {
      seat: t.seat,
      dealer: t.dealer,
      trump_card: t.trump_card,
      own: [...t.own],
      opposing_android: t.opposing_android,
      opposing: [...t.opposing_hand],
      held: Object.fromEntries(ORDER.map((x, i) => [x, t.held[i]])),
      trick: t.trick.map((card, i) => ({ seat: ORDER[(ORDER.indexOf(t.leader) + i) % 4], card })),
      leader: t.leader,
      to_play: t.to_play,
      won: [...t.won],
      tricks_done: t.tricks_done,
      events: t.events,
    };
    winnerSeat = null;
  }

  // ---- drawing --------------------------------------------------------------------------------

  function drawScore() {
    const r = view?.rubber;
    const el = $("a-score");
    if (!r) {
      el.textContent = "";
      return;
    }
    el.innerHTML = `
      <span class="a-score-box"><span class="lbl">Points</span><span><b id="points-0">${r.points[0]}</b>–<b id="points-1">${r.points[1]}</b></span></span>
      <span class="a-score-box"><span class="lbl">Games</span><span><b id="games-0">${r.games[0]}</b>–<b id="games-1">${r.games[1]}</b></span></span>
      <span class="a-score-box"><span class="lbl">Values</span><span><b id="values-0">${r.values[0]}</b>–<b id="values-1">${r.values[1]}</b></span></span>`;
    el.setAttribute("aria-label", `Rubber score, your side first: points ${r.points[0]} to ${r.points[1]}, ` +
      `games ${r.games[0]} to ${r.games[1]}, values ${r.values[0]} to ${r.values[1]}`);
  }

  function drawTrump() {
    const c = shown?.trump_card;
    const el = $("trump");
    if (!c) {
      el.textContent = "";
      return;
    }
    el.dataset.suit = c[1];
    el.className = `a-trump ${c[1] === "H" || c[1] === "D" ? "red" : "black"}`;
    el.innerHTML = `<span class="sym" aria-hidden="true">${SUIT_SYMBOL[c[1]]}</span><span class="lbl">trump, ${cardText(c)} turned</span>`;
    el.setAttribute("aria-label", `Trump: ${SUIT_NAME[c[1]]}; the turned card, ${cardLabel(c)}, is the dealer's`);
  }

  // The turned trump card while D still holds it (no play of it among the hand's events), else null.
  function turnedHeld() {
    const c = shown?.trump_card;
    return c && !shown.events.some((e) => e.card === c) && !shown.trick.some((x) => x.card === c) ? c : null;
  }

  function seatHead(seat) {
    const h = document.createElement("div");
    h.className = "a-seat-head";
    const on = shown.to_play === seat && view?.state === "playing";
    const mine = isMe(playerOf(seat));
    h.innerHTML = `<span class="turn-light${on ? " on" : ""}" aria-hidden="true"></span>
      <span class="seat-letter">${seat}</span>
      <span class="seat-name">${escapeHtml(seatTitle(seat))}</span>
      <span class="seat-count">${shown.held[seat]}</span>`;
    // The turned card is D's, face up for all to see until D plays it: drawn by D's name.
    const turned = seat === "D" ? turnedHeld() : null;
    if (turned) {
      const c = document.createElement("span");
      c.id = "turned-card";
      c.className = `turned-card ${turned[1] === "H" || turned[1] === "D" ? "red" : "black"}`;
      c.dataset.card = turned;
      c.setAttribute("role", "img");
      c.setAttribute("aria-label", `the turned card, ${cardLabel(turned)}, still in D's hand`);
      c.title = `The turned card, ${cardLabel(turned)}: it fixes trump and is D's`;
      c.innerHTML = `<span aria-hidden="true">${escapeHtml(cardText(turned).slice(0, -1))}</span><span aria-hidden="true">${SUIT_SYMBOL[turned[1]]}</span>`;
      h.querySelector(".seat-count").before(c);
    }
    h.querySelector(".seat-count").setAttribute("aria-label", `${shown.held[seat]} cards`);
    h.classList.toggle("mine", mine);
    if (on) h.setAttribute("aria-current", "true");
    return h;
  }

  function drawSeat(pos) {
    const seat = seatAt(pos);
    const box = $(`seat-${pos}`);
    box.replaceChildren();
    // The seat ids (#seat-D ...) follow the players round the table.
    box.dataset.seat = seat;
    box.dataset.role = seat === mySeat() ? "me" : seat === PARTNER[mySeat()] ? "partner" : seat === shown.opposing_android ? "their-android" : "opponent";
    box.setAttribute("aria-label", `${seat}: ${seatTitle(seat)}`);
    box.setAttribute("role", "region");
    const inner = document.createElement("div");
    inner.id = `seat-${seat}`;
    inner.className = "a-seat-inner";
    inner.append(seatHead(seat));
    const cards = document.createElement("div");
    if (seat === mySeat() && viewer() !== null) {
      drawMyHand(cards);
    } else if (seat === shown.opposing_android) {
      cards.className = "a-cards face-up";
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-label", `${seat}'s cards, face up`);
      let prev = "";
      const rows = s.dataset.layout === "landscape";
      for (const c of sortHand(shown.opposing, settings.get("suit-order"), trump())) {
        if (rows && prev && prev !== c[1]) {
          const br = document.createElement("div");
          br.className = "row-break";
          cards.append(br);
        }
        prev = c[1];
        cards.append(cardElement(c));
      }
      cards.style.setProperty("--n", String(Math.max(shown.opposing.length, 1)));
    } else {
      cards.className = "a-cards face-down";
      const n = shown.held[seat];
      for (let i = 0; i < n; i++) {
        const b = backElement();
        b.setAttribute("aria-hidden", "true");
        cards.append(b);
      }
      cards.style.setProperty("--n", String(Math.max(n, 1)));
      cards.setAttribute("role", "img");
      cards.setAttribute("aria-label", `${n} cards, face down`);
    }
    inner.append(cards);
    box.append(inner);
    if (seat === mySeat() && viewer() !== null) {
      // Now that it has its width: more rows if a card would keep less than 44 px.
      const w = cards.querySelector(".card")?.offsetWidth;
      const need = w ? rowsFor(shown.own.length, cards.clientWidth, w, settings.get("hand-display") === "stacked") : 1;
      if (String(need) !== cards.dataset.rows) drawMyHand(cards, need);
    }
  }

  function myTurnToPlay() {
    return view?.state === "playing" && isMe(view.turn?.player) && view.turn.action === "card" && shown.to_play === mySeat() && !pumping;
  }
  function myTurnToCommand() {
    return view?.state === "playing" && isMe(view.turn?.player) && view.turn.action === "command" && !pumping;
  }

  // Your hand in rows: rows given, or the fewest that leave each card 44 px to be tapped (two at
  // least with the stacked hand display), measured once the hand is on the screen.
  function drawMyHand(box, rows = null) {
    box.replaceChildren();
    box.className = "a-cards hand";
    box.id = "my-hand";
    box.setAttribute("role", "group");
    const playable = myTurnToPlay();
    box.setAttribute("aria-label", playable ? "Your hand: choose a card to play" : "Your hand");
    const cards = sortHand(shown.own, settings.get("suit-order"), trump());
    const wanted = settings.get("hand-display") === "stacked";
    const count = rows ?? (wanted && cards.length > 7 ? 2 : 1);
    const stacked = count > 1;
    const perRow = Math.ceil(cards.length / count) || 1;
    box.dataset.rows = String(count);
    box.style.setProperty("--n", String(Math.max(perRow, 1)));
    box.classList.toggle("stacked", stacked);
    const focusCard = raised && cards.includes(raised) ? raised : cards[0];
    cards.forEach((c, i) => {
      if (stacked && i > 0 && i % perRow === 0) {
        const br = document.createElement("div");
        br.className = "row-break";
        box.append(br);
      }
      const e = cardElement(c);
      e.setAttribute("role", "button");
      e.tabIndex = c === focusCard ? 0 : -1;
      e.classList.toggle("raised", c === raised);
      e.classList.toggle("playable", playable);
      if (online) e.toggleAttribute("data-legal", playable && online.legal().includes(c));
      if (c === raised) e.setAttribute("aria-pressed", "true");
      e.addEventListener("click", () => tapCard(c));
      box.append(e);
    });
    box.classList.toggle("my-turn", playable);
  }

  function drawTrick() {
    for (const slot of s.querySelectorAll("#trick .slot")) {
      slot.replaceChildren();
      const seat = seatAt(slot.dataset.pos);
      slot.dataset.seat = seat;
      const p = shown.trick.find((x) => x.seat === seat);
      const tag = document.createElement("span");
      tag.className = "slot-seat";
      tag.textContent = seat;
      tag.setAttribute("aria-hidden", "true");
      slot.append(tag);
      if (p) {
        const e = cardElement(p.card);
        e.setAttribute("aria-label", `${seat} played ${cardLabel(p.card)}`);
        slot.append(e);
      }
      slot.classList.toggle("winner", winnerSeat === seat);
      slot.classList.toggle("leader", shown.trick.length > 0 && shown.trick[0].seat === seat);
    }
    const mineIdx = shown.dealer === me() ? 0 : 1;
    $("tricks-won").innerHTML = `<span class="lbl">Tricks</span><span><b id="tricks-0">${shown.won[mineIdx]}</b>–<b id="tricks-1">${shown.won[1 - mineIdx]}</b></span>`;
    $("tricks-won").setAttribute("aria-label", `Tricks this hand: your side ${shown.won[mineIdx]}, theirs ${shown.won[1 - mineIdx]}`);
  }

  function drawCommands() {
    const box = $("commands");
    const show = myTurnToCommand() && shown;
    box.hidden = !show;
    box.replaceChildren();
    if (!show) return;
    const t = view.table;
    box.setAttribute("aria-label", `Commands for ${t.to_play}, your android`);
    const valid = openCommands(t);
    const groups = [
      ["", FOLLOW],
      ["", ["spades", "hearts", "diamonds", "clubs", "shortest", "longest"]],
      ["High:", ["high-spades", "high-hearts", "high-diamonds", "high-clubs", "high-shortest", "high-longest"]],
    ];
    for (const [title, list] of groups) {
      const open = list.filter((c) => valid.includes(c));
      if (!open.length) continue;
      const row = document.createElement("div");
      row.className = "cmd-row";
      if (title) {
        const lbl = document.createElement("span");
        lbl.className = "cmd-row-label";
        lbl.textContent = title;
        lbl.setAttribute("aria-hidden", "true");
        row.append(lbl);
      }
      for (const c of open) {
        const b = document.createElement("button");
        b.dataset.command = c;
        const key = COMMANDS.find((x) => x[0] === c)[1];
        const base = c.replace(/^high-/, "");
        const suit = { spades: "S", hearts: "H", diamonds: "D", clubs: "C" }[base];
        const shownText = suit ? SUIT_SYMBOL[suit] : base[0].toUpperCase() + base.slice(1);
        b.innerHTML = `<span aria-hidden="true">${shownText}</span><kbd aria-hidden="true">${key}</kbd>`;
        b.setAttribute("aria-label", c.replace("-", " "));
        b.title = `${c.replace("-", " ")} (key ${key})`;
        b.setAttribute("aria-keyshortcuts", key === key.toLowerCase() ? key : `Shift+${key}`);
        b.className = `cmd${suit ? ` suit ${suit === "H" || suit === "D" ? "red" : "black"}` : ""}`;
        b.addEventListener("click", () => command(c));
        row.append(b);
      }
      box.append(row);
    }
  }

  function drawLog() {
    const ol = $("log").querySelector("ol");
    ol.replaceChildren();
    for (const e of shown.events ?? []) {
      const li = document.createElement("li");
      li.textContent = eventText(e);
      ol.append(li);
    }
  }

  function draw() {
    drawScore();
    if (!shown) {
      $("message").textContent = "Dealing…";
      return;
    }
    s.dataset.seat = shown.seat;
    drawTrump();
    for (const pos of POSITIONS) drawSeat(pos);
    drawTrick();
    drawCommands();
    drawLog();
    $("undo-button").hidden = !view?.can_undo;
  }

  function eventText(e) {
    const who = `${e.seat}`;
    if (!e.command) return `${who} plays ${cardText(e.card)}`;
    if (e.card) return `${who} told “${e.command}”: ${cardText(e.card)}`;
    return `${who} told “${e.command}”: “Error.” (${ANSWER[e.answer] ?? e.answer})`;
  }

  function say(text) {
    $("message").textContent = text;
  }

  function prompt() {
    if (!view || pumping) return;
    if (lastError) {
      say(lastError);
      return;
    }
    if (view.state !== "playing") return;
    if (myTurnToPlay()) say(shown.trick.length ? `Your turn: follow to ${cardText(shown.trick[0].card)} if you can.` : "Your lead: play a card.");
    else if (myTurnToCommand()) say(`Your android ${view.table.to_play} is to play: give it a command.`);
    else say(`${shown.to_play} (${seatTitle(shown.to_play)}) is to play…`);
  }

  // ---- acting ---------------------------------------------------------------------------------

  function bounce(card, why) {
    const e = s.querySelector(`#my-hand [data-card="${card}"]`);
    if (e) {
      e.classList.remove("bounce");
      void e.offsetWidth;
      e.classList.add("bounce");
    }
    say(why);
  }

  function tapCard(card) {
    if (!myTurnToPlay()) {
      bounce(card, view?.state === "playing" ? "Not your turn to play a card." : "The hand is over.");
      return;
    }
    if (online && !online.legal().includes(card)) {
      const led = shown.trick[0]?.card[1];
      bounce(card, led ? `You must follow suit: ${SUIT_NAME[led]} were led.` : `Not the ${cardText(card)} now.`);
      return;
    }
    if (!online && shown.trick.length) {
      const led = shown.trick[0].card[1];
      if (card[1] !== led && shown.own.some((c) => c[1] === led)) {
        bounce(card, `You must follow suit: ${SUIT_NAME[led]} were led.`);
        return;
      }
    }
    if (raised === card || settings.get("single-click") === "on") {
      play(card);
    } else {
      raised = card;
      drawSeat("bottom");
      s.querySelector(`#my-hand [data-card="${card}"]`)?.focus();
      say(`${cardLabel(card)} raised: tap it again or press Enter to play it.`);
    }
  }

  function play(card) {
    raised = null;
    lastError = "";
    send({ type: "act", action: { type: "play", card } });
  }

  function command(c) {
    if (!myTurnToCommand()) return;
    lastError = "";
    send({ type: "act", action: { type: "command", command: c } });
  }

  // ---- events, paced -------------------------------------------------------------------------

  const pace = () => PACE[settings.get("speed")] ?? PACE.normal;
  // The events and views, paced by event-player.js: an event is shown at once and waited on; a view
  // redraws the table; when all is shown, the prompt and the end-of-hand dialog.
  const player = createEventPlayer({
    onView(v) {
      view = v;
      if (view.game !== "android") return;
      fromView(view);
      draw();
    },
    async onEvent(m) {
      if (!shown || m.hand !== view?.hand_number) return; // a new hand: the view redraws it
      if (m.kind === "play") {
        shown.trick.push({ seat: m.seat, card: m.card });
        if (m.seat === mySeat()) shown.own = shown.own.filter((c) => c !== m.card);
        if (m.seat === shown.opposing_android) shown.opposing = shown.opposing.filter((c) => c !== m.card);
        shown.held[m.seat]--;
        shown.to_play = ORDER[(ORDER.indexOf(m.seat) + 1) % 4];
        shown.events = [...shown.events, { seat: m.seat, command: m.command, card: m.card, answer: "card" }];
        drawTrick();
        drawSeat(posOf(m.seat));
        drawLog();
        say(m.command ? `${m.seat} (${seatTitle(m.seat)}) told “${m.command}”: plays ${cardText(m.card)}.`
          : `${m.seat} (${seatTitle(m.seat)}) plays ${cardText(m.card)}.`);
        if (!isMe(playerOf(m.seat)) || m.command) await sleep(pace().draw);
      } else if (m.kind === "error") {
        shown.events = [...shown.events, { seat: m.seat, command: m.command, card: null, answer: m.answer }];
        drawLog();
        const text = `${m.seat} (${seatTitle(m.seat)}) told “${m.command}”: “Error.” (${ANSWER[m.answer] ?? m.answer})`;
        if (isMe(playerOf(m.seat))) lastError = `${text} Another command, please.`;
        say(text);
        await sleep(pace().draw);
      } else if (m.kind === "trick") {
        winnerSeat = m.seat;
        const side = m.seat === "D" || m.seat === "X" ? 0 : 1;
        shown.won[side]++;
        drawTrick();
        say(`${m.seat} (${seatTitle(m.seat)}) takes the trick${isMe(playerOf(m.seat)) ? " for your side" : ""}.`);
        await sleep(pace().trick);
        shown.trick = [];
        winnerSeat = null;
        drawTrick();
      } else if (m.kind === "score") {
        lastScore = m;
      } else if (m.kind === "deal") {
        await sleep(pace().deal);
      }
    },
    onIdle() {
      pumping = false;
      if (view?.game === "android" && shown) {
        const hadFocus = !document.activeElement || document.activeElement === document.body || s.contains(document.activeElement);
        draw();
        prompt();
        endDialog();
        if (hadFocus && !$("scoreboard").open) {
          if (myTurnToPlay()) s.querySelector('#my-hand [tabindex="0"]')?.focus({ preventScroll: true });
          else if (myTurnToCommand()) s.querySelector("#commands button")?.focus({ preventScroll: true });
        }
      }
    },
  });
  const sleep = player.sleep;
  // Queues an item ({view} or {event}); the commands hide while the queue plays.
  function pump(item) {
    if (!pumping) {
      pumping = true;
      drawCommands();
    }
    player.push(item);
  }

  // ---- the end of a hand, of the rubber -------------------------------------------------------

  let dialogFor = ""; // the hand and state the dialog shows
  let dismissed = ""; // the one the player answered (Continue, New rubber, Home): not shown again
  function endDialog() {
    const dlg = $("scoreboard");
    const key = `${view.hand_number}:${view.state}`;
    if (view.state === "playing") {
      if (dlg.open) dlg.close();
      dialogFor = "";
      return;
    }
    if ((dialogFor === key && dlg.open) || dismissed === key) return;
    dialogFor = key;
    const r = view.rubber;
    const mineIdx = shown.dealer === me() ? 0 : 1;
    const my = shown.won[mineIdx];
    const their = shown.won[1 - mineIdx];
    const body = [];
    // A side by its human: yours, the computer's, or (online) the other person's.
    const side = (p) => (isMe(p) ? "Your side" : online ? `${escapeHtml(nameFor(p))}'s side` : "The computer's side");
    const sideLower = (p) => (isMe(p) ? "your side" : online ? `${escapeHtml(nameFor(p))}'s side` : "the computer's side");
    const handWinner = side(my > their ? me() : 1 - me());
    const pts = Math.max(my, their) - 6;
    body.push(`<p class="big">${handWinner} won the hand, <b>${Math.max(my, their)}</b> tricks to ${Math.min(my, their)}: <b>${pts}</b> point${pts === 1 ? "" : "s"}.</p>`);
    if (lastScore && lastScore.hand === view.hand_number && lastScore.game_winner !== null && lastScore.game_winner !== undefined) {
      body.push(`<p>That wins game ${r.results.length} for ${sideLower(lastScore.game_winner)}, worth <b>${lastScore.game_value}</b>.</p>`);
    }
    const rows = r.results.map((g, i) => `<tr><th scope="row">Game ${i + 1}</th><td>${side(g.winner)}</td><td>${g.value}</td></tr>`).join("");
    body.push(`<table class="a-board"><caption>The rubber</caption>
      <thead><tr><th scope="col"></th><th scope="col">${side(0)}</th><th scope="col">${side(1)}</th></tr></thead>
      <tbody>${view.state === "over" ? "" : `<tr><th scope="row">Points in this game</th><td>${r.points[0]}</td><td>${r.points[1]}</td></tr>`}
      <tr><th scope="row">Games</th><td>${r.games[0]}</td><td>${r.games[1]}</td></tr>
      <tr><th scope="row">Values</th><td>${r.values[0]}</td><td>${r.values[1]}</td></tr></tbody></table>`);
    if (rows) body.push(`<table class="a-board"><caption>Games won</caption><thead><tr><th scope="col">Game</th><th scope="col">Winner</th><th scope="col">Value</th></tr></thead><tbody>${rows}</tbody></table>`);
    const buttons = $("scoreboard-buttons");
    buttons.replaceChildren();
    if (view.state === "over") {
      const won = isMe(r.winner);
      $("scoreboard-title").innerHTML = won ? `<span id="trophy" role="img" aria-label="Trophy">${ICONS.trophy}</span> You win the rubber`
        : online ? `${escapeHtml(nameFor(r.winner))} wins the rubber` : "The computer wins the rubber";
      body.push(`<p>${side(r.winner)} wins by ${r.margin} (values ${r.values[0]} to ${r.values[1]}, the rubber's 2 included).</p>`);
      if (online) {
        if (viewer() !== null) {
          const b = button("new-match", online.rematchText(), true, () => {
            online.rematch();
            b.textContent = online.rematchText();
          });
          buttons.append(b);
        }
        // Close shows the table and its bar (the chat, the rematch) again.
        buttons.append(button("board-close", "Close", false, () => {
          dismissed = key;
          dlg.close();
        }));
      } else {
        buttons.append(button("new-match", "New rubber", true, () => {
          dismissed = key;
          dlg.close();
          start("android"); // the rubber is over: nothing to abandon
        }));
      }
    } else {
      $("scoreboard-title").textContent = `Hand ${view.hand_number} is over`;
      if (viewer() !== null) {
        buttons.append(button("continue", "Continue", true, () => {
          dismissed = key;
          dlg.close();
          send({ type: "next" });
        }));
      }
    }
    buttons.append(button("home", "Home", false, () => {
      dismissed = key;
      dlg.close();
      go("home");
    }));
    $("scoreboard-body").innerHTML = body.join("");
    if (!dlg.open) dlg.showModal();
    buttons.querySelector(".primary")?.focus();
  }

  // ---- keyboard ------------------------------------------------------------------------------

  function onKey(e) {
    if (e.target.closest?.("dialog") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.matches?.("input, select, textarea")) return;
    if (myTurnToCommand() && e.key.length === 1) {
      const c = COMMANDS.find((x) => x[1] === e.key);
      if (c) {
        e.preventDefault();
        if (openCommands(view.table).includes(c[0])) command(c[0]);
        else say(`Not “${c[0]}” now: ${openCommands(view.table).join(", ")}.`);
        return;
      }
    }
    const hand = s.querySelector("#my-hand");
    const cards = [...(hand?.querySelectorAll("[data-card]") ?? [])];
    const at = cards.indexOf(document.activeElement);
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (!cards.length) return;
      e.preventDefault();
      const next = at < 0 ? 0 : (at + (e.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
      cards.forEach((c, i) => (c.tabIndex = i === next ? 0 : -1));
      cards[next].focus();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && at >= 0) {
      e.preventDefault();
      tapCard(cards[at].dataset.card);
      return;
    }
    if (e.key === "Escape") {
      raised = null;
      typed = "";
      drawSeat("bottom");
      return;
    }
    if (myTurnToPlay() && e.key.length === 1 && /[0-9akqjtshdc♠♥♦♣]/i.test(e.key)) {
      typed = (typed + e.key).slice(-3);
      const c = parseCard(typed) ?? parseCard(typed.slice(-2));
      if (c) {
        typed = "";
        e.preventDefault();
        if (!shown.own.includes(c)) say(`You do not hold ${cardLabel(c)}.`);
        else {
          raised = c;
          tapCard(c);
        }
      }
    }
  }
  document.addEventListener("keydown", onKey);

  // Escape does not close the scoreboard: its buttons are the way on.
  $("scoreboard").addEventListener("cancel", (e) => e.preventDefault());
  $("home-button").addEventListener("click", () => go("home"));
  $("undo-button").addEventListener("click", () => net.send({ type: "undo" }));
  $("log-button").addEventListener("click", () => {
    const log = $("log");
    log.hidden = !log.hidden;
    $("log-button").setAttribute("aria-expanded", String(!log.hidden));
  });
  const offSettings = settings.onChange(relayout);

  // The state the shell already holds: a view of this game, or wait for it.
  // The rubber the connection follows; else the player's rubber, opened (follow: a reload on
  // #android when the match changed last, a Resume from home); else home, which offers one.
  if (online) {
    catchingUp = !online.view();
    if (online.view()) pump({ view: online.view() });
    else draw();
  } else if (state.game?.game === "android" && state.view?.game === "android") {
    catchingUp = false;
    pump({ view: state.view });
  } else {
    catchingUp = true;
    draw();
    if (!(state.game?.game === "android" || state.starting === "android" || follow("android")))
      queueMicrotask(() => go("home", {}, { replace: true }));
  }

  return {
    title: "Android Whist",
    onMessage(m) {
      if (m.type === "resync") {
        // Online: the table comes whole (join, rejoin, rematch): its events until the view are history.
        player.reset();
        pumping = false;
        catchingUp = true;
        lastError = "";
        return;
      }
      if (m.type === "rematch") {
        const b = $("new-match");
        if (b && online) b.textContent = online.rematchText();
        return;
      }
      if (m.type === "welcome") {
        player.reset();
        pumping = false;
        catchingUp = true;
        lastError = "";
        // Not the rubber (the match, followed after a drop, or answering an open sent before this
        // screen's): open the rubber, if there is one; else home.
        if (!m.game || m.game.game !== "android") {
          if (!follow("android")) {
            view = null;
            shown = null;
            go("home", {}, { replace: true });
          }
        }
        return;
      }
      if (m.type === "event") {
        if (!catchingUp && (online || state.game?.game === "android")) {
          pump({ event: m });
        }
        return;
      }
      if (m.type === "view") {
        if (m.view.game !== "android") return; // the match's, before the rubber's welcome
        catchingUp = false;
        pump({ view: m.view });
        return;
      }
      if (m.type === "error") {
        lastError = m.message || m.code;
        say(lastError);
        // A refused Continue or New rubber: the scoreboard comes back.
        if (view && view.state !== "playing" && !pumping) {
          dismissed = "";
          endDialog();
        }
      }
    },
    unmount() {
      document.removeEventListener("keydown", onKey);
      mq.removeEventListener("change", relayout);
      window.removeEventListener("resize", onResize);
      offSettings();
    },
  };
}
