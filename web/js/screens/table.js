// table.js: the German Whist table. It draws the player's view (the truth the server sends after
// every change) and, between two views, plays the events that led to it at the pace of the speed
// setting: the cards played, who won the trick, what each player drew (the computer's draw face
// down), the next up-card, the score. Cards are played by tap (raise, then play; or one tap with
// single-click play), by keyboard (arrows and Enter, or typing a card such as "10h"), with hints,
// the card tracker, the last trick and undo at hand; the scoreboard ends each hand.

import { PACE } from "../settings.js";
import { escapeHtml, screenSection } from "./page.js";
import {
  RANKS,
  SUIT_NAME,
  SUIT_SYMBOL,
  backElement,
  cardElement,
  cardLabel,
  cardText,
  parseCard,
  refreshFaces,
  sortHand,
  suitOrder,
} from "../cards.js";
import { play as playSound, unlockSound } from "../sound.js";
import { nameOf, plural, refusal, refusalText, scoreHand, scoringName, tricksOf } from "../table-rules.js";
import { fitRows, flyFrom, layoutFor, onShapeChange, rowsFor } from "../table-layout.js";
import { TABLE_HELP_KEYS } from "../keys.js";
import { createEventPlayer } from "../event-player.js";

// Refusal codes of the session (protocol.md "Error codes") that mean "this card, not now".
const REFUSALS = new Set(["not_your_turn", "computer", "wrong_kind", "not_a_card", "not_held", "must_follow",
  "busy", "hand_over"]);

// online (null for the game against the computer): the online table's host (screens/online.js): the
// viewer, the players' names, the legal cards, the events so far, and send(message) for the table's
// messages. The player drawn at the bottom is the view's viewer (a spectator sees player 0 there).
export function mount(root, ctx, params = {}, online = null) {
  const { net, settings, state, go, follow, start } = ctx;
  // ---- who is who ---------------------------------------------------------------------------------
  const viewer = () => (online ? online.viewer() : 0); // null: a spectator
  const me = () => viewer() ?? 0; // the player at the bottom
  const at = (p) => (p === me() ? 0 : 1); // where player p sits: 0 at the bottom, 1 at the top
  const mine = (p) => viewer() !== null && p === me(); // p is the person at this screen
  const nameFor = (p) => online?.name(p) || `Player ${p + 1}`;
  // "You" or the other's name (the computer: "The computer"), capitalised, as a sentence's subject.
  const Who = (p) => (mine(p) ? "You" : online ? nameFor(p) : "The computer");
  const whoLower = (p) => (mine(p) ? "you" : online ? nameFor(p) : "the computer");
  const send = (m) => (online ? online.send(m) : net.send(m));
  const events = () => (online ? online.events() : state.events);
  const s = screenSection("table", "table", `
    <div class="side">
      <header class="table-top">
        <button id="home-button" class="icon-button" aria-label="Home" title="Home">⌂</button>
        <div class="phase-box">
          <p id="phase"></p>
          <p class="match-line"></p>
        </div>
      </header>
      <nav class="tools" aria-label="Help">
        <button id="hint-button" title="Hint (h)"><span class="ico" aria-hidden="true">${BULB}</span><span class="lbl">Hint</span></button>
        <button id="undo-button" title="Undo your last card (u): the hand then counts as assisted"><span class="ico" aria-hidden="true">↶</span><span class="lbl">Undo</span></button>
        <button id="tracker-button" aria-pressed="false" title="Card tracker (t)"><span class="ico" aria-hidden="true">▦</span><span class="lbl">Tracker</span></button>
        <button id="last-trick-button" title="Last trick (l)"><span class="ico" aria-hidden="true">⟲</span><span class="lbl">Last trick</span></button>
      </nav>
    </div>
    <section id="tracker" class="tracker" aria-label="Card tracker" hidden></section>
    <div id="their-hand" class="hand their-hand" role="img" aria-label="The computer's hand"></div>
    <div id="score-1" class="score" role="group"></div>
    <div class="middle">
      <div class="pile">
        <div id="trump" class="trump" role="img"></div>
        <div id="stock" class="stock" aria-label="The stock">
          <div class="deck"></div>
          <span id="stock-count" class="stock-count"></span>
        </div>
      </div>
      <div id="trick" class="trick" role="group" aria-label="The trick">
        <div class="slot slot-1"></div>
        <div class="slot slot-0"></div>
      </div>
    </div>
    <p id="message" class="message" role="status" aria-live="polite"></p>
    <div id="score-0" class="score" role="group"></div>
    <div id="my-hand" class="hand my-hand" role="group" aria-label="Your hand"></div>
    <dialog id="scoreboard" class="scoreboard" aria-labelledby="sb-title">
      <h2 id="sb-title"></h2>
      <table class="sb-table">
        <thead><tr><th scope="col"></th><th scope="col" class="n0"></th><th scope="col" class="n1"></th></tr></thead>
        <tbody></tbody>
      </table>
      <p class="sb-why"></p>
      <p class="sb-target"></p>
      <div class="sb-buttons">
        <button id="continue" class="primary">Continue</button>
        <button id="new-match" class="primary" hidden>New game</button>
        <button id="replay-hand">Replay hand</button>
        <button id="home">Home</button>
      </div>
    </dialog>
    <dialog id="last-trick" class="last-trick" aria-labelledby="lt-title">
      <h2 id="lt-title">Last trick</h2>
      <div class="lt-cards"></div>
      <p class="lt-text"></p>
      <div class="sb-buttons"><button class="primary lt-close">Close</button></div>
    </dialog>`);
  root.append(s);
  const $ = (sel) => s.querySelector(sel);
  const myHand = $("#my-hand");
  const theirHand = $("#their-hand");
  const msgEl = $("#message");
  const scoreboard = $("#scoreboard");
  const lastTrickDlg = $("#last-trick");

  // ---- what is on screen -------------------------------------------------------------------------
  let shown = null; // the view the table shows now (null: none yet)
  let raised = null; // the raised card of my hand
  let pending = null; // the card sent to the server, not yet played
  let expecting = null; // "act", "hint", "undo", "next", "history": what a reply or error answers
  let hint = null; // {view hand/trick key, message} while it holds
  let typed = ""; // letters typed towards a card
  let news = false; // an event said something since the last view
  let boardFor = null; // the hand whose scoreboard is open ("N:state")
  let dealtHand = null; // the hand the deal animation ran for
  let boardTimer = null;
  const sound = () => settings.get("sound") === "on";
  const pace = () => PACE[settings.get("speed")] ?? PACE.normal;
  const flyMs = () => Math.round((pace().draw || 0) * 0.5);

  // why (optional): the reason behind the text, shown in brackets before the closing full stop; a short
  // narrow table leaves it out of sight (table.css) and keeps it in the message's title.
  function say(text, why) {
    if (why === undefined) {
      msgEl.textContent = text;
      msgEl.removeAttribute("title");
    } else {
      const span = document.createElement("span");
      span.className = "why";
      span.textContent = ` (${why})`;
      msgEl.replaceChildren(text, span, ".");
      msgEl.title = `${text} (${why}).`;
    }
    news = true;
  }

  // ---- the queue of events and views (event-player.js paces them) --------------------------------
  const player = createEventPlayer({
    onEvent: (e, g) => animate(e, g),
    onView: (v) => render(v, { live: true }),
  });
  const sleep = player.sleep;
  const enqueue = player.push;
  const rush = player.rush;
  // Drops what is queued and shows view v as it is (a welcome: reconnect, reload, new game).
  function resync(v) {
    player.reset();
    if (v) render(v);
  }
  const synced = () => player.idle;

  // ---- one event, animated ----------------------------------------------------------------------
  async function animate(e, g) {
    const t = shown?.table;
    const p = pace();
    switch (e.kind) {
      case "deal": {
        closeBoard();
        clearTrick();
        const dealer = mine(e.player) ? "You deal" : `${Who(e.player)} deals`;
        say(`Hand ${e.hand}: ${dealer}. Trumps are ${SUIT_NAME[e.card[1]]} ${SUIT_SYMBOL[e.card[1]]}.`);
        setTrump(e.card[1]);
        setUpcard(e.card, null);
        pulseTrump();
        await sleep(p.deal);
        break;
      }
      case "play": {
        if (!t) break;
        clearLastTrickIfFull();
        const answering = s.querySelectorAll("#trick .card").length === 1;
        const el = cardElement(e.card);
        let from = null;
        if (at(e.player) === 0 && viewer() !== null) {
          const mine = myHand.querySelector(`[data-card="${e.card}"]`);
          from = mine?.getBoundingClientRect();
          mine?.remove();
          if (pending === e.card) pending = null;
          if (raised === e.card) raised = null;
          refitHand();
        } else {
          const box = at(e.player) === 1 ? theirHand : myHand; // a spectator's bottom hand is face down too
          const back = box.querySelector(".card:last-child");
          from = back?.getBoundingClientRect();
          back?.remove();
          fitRows(box);
        }
        const slot = $(`.slot-${at(e.player)}`);
        slot.replaceChildren(el);
        turnLight(e.player, false); // a card played: not that player's turn any more
        el.classList.add("played");
        flyFrom(el, from, flyMs(), s.hasAttribute("data-turned"));
        playSound("card", sound());
        if (!mine(e.player)) {
          say(`${Who(e.player)} ${answering ? "answers with" : "leads"} the ${cardText(e.card)}${e.card[1] === t.trump ? " (a trump)" : ""}.`);
          if (e.card[1] === t.trump) pulseTrump();
          await sleep(Math.round(p.draw * 0.8));
        }
        break;
      }
      case "trick": {
        const slot = $(`.slot-${at(e.player)}`);
        slot.querySelector(".card")?.classList.add("winner");
        const up = t?.phase === "foreplay" && t.upcard ? ` and takes the ${cardText(t.upcard)}` : "";
        say(mine(e.player) ? `You win the trick${up.replace("takes", "take")}.` : `${Who(e.player)} wins the trick${up}.`);
        $(`#score-${at(e.player)}`).classList.add("won-trick");
        await sleep(p.trick);
        if (!player.current(g)) return;
        $(`#score-${at(e.player)}`).classList.remove("won-trick");
        sweepTrick(at(e.player));
        break;
      }
      case "draw": {
        const upEl = $("#upcard");
        const from = (upEl ?? $("#stock .deck"))?.getBoundingClientRect();
        const tookUp = !e.hidden && upEl && upEl.dataset.card === e.card;
        if (tookUp) upEl.remove();
        setStockCount(Math.max(0, (Number($("#stock").dataset.count) || 1) - 1));
        if (mine(e.player)) {
          const el = addToMyHand(e.card);
          el.classList.add("drawn");
          flyFrom(el, from, flyMs(), s.hasAttribute("data-turned"));
          say(tookUp ? `You take the ${cardText(e.card)}.` : `You draw the ${cardText(e.card)}.`);
        } else {
          const box = at(e.player) === 1 ? theirHand : myHand;
          const el = backElement("face-down card");
          box.querySelector(".row")?.append(el);
          fitRows(box);
          flyFrom(el, from, flyMs(), s.hasAttribute("data-turned"));
          say(tookUp ? `${Who(e.player)} takes the ${cardText(e.card)}.` : `${Who(e.player)} draws a card (face down).`);
        }
        await sleep(p.draw);
        break;
      }
      case "upcard": {
        if (e.card) {
          setUpcard(e.card, null);
          say(`Next up-card: ${cardText(e.card)}${t && e.card[1] === t.trump ? " (a trump)" : ""}.`);
          if (t && e.card[1] === t.trump) pulseTrump();
        } else {
          $("#stock").hidden = true;
          say("The stock is empty: the endgame begins.");
        }
        await sleep(p.draw);
        break;
      }
      case "score": {
        const w = e.winner;
        say(w === 0 || w === 1 ? `${Who(w)} score${mine(w) ? "" : "s"} ${e.points[w]}.` : "Nobody scores.");
        await sleep(p.draw);
        break;
      }
      case "undo":
        say(`Took back ${e.count} ${plural(e.count, "card")}: this hand now counts as assisted.`);
        break;
      default:
        break;
    }
  }

  // ---- drawing the view -------------------------------------------------------------------------
  // Draws view v. live: it follows events just played (a fanfare may sound); defer: the view was
  // already there when the table opened (the scoreboard waits a moment: a new game may be coming).
  function render(v, { live = false, defer = false } = {}) {
    if (!v || v.game !== "german") return;
    const prev = shown;
    shown = v;
    const t = v.table;
    s.dataset.phase = t.phase;
    s.dataset.state = v.state;
    setTrump(t.trump);
    renderStock(t);
    renderTheirs(viewer() === null ? handCounts(v)[1] : t.opponent_count);
    renderMine(t, prev);
    renderTrick(t);
    renderScores(v);
    renderPhase(v);
    renderTools(v);
    renderTracker();
    if (hint && hint.key !== hintKey(v)) clearHint();
    if (pending && !t.own.includes(pending)) pending = null;
    if (v.state === "playing" && mine(v.turn.player)) {
      const prompt = t.led ? `Your turn: answer the ${cardText(t.led)}.` : "Your turn: lead a card.";
      if (!news) msgEl.textContent = prompt;
      else if (!msgEl.textContent.includes("Your turn")) msgEl.textContent += " Your turn.";
    }
    news = false;
    clearTimeout(boardTimer);
    if (v.state === "playing") closeBoard();
    else if (defer) boardTimer = setTimeout(() => shown === v && openBoard(v, false), 400);
    else openBoard(v, live);
  }

  const hintKey = (v) => `${v.hand_number}:${v.table.moves.length}`;

  function setTrump(suit) {
    const el = $("#trump");
    el.dataset.suit = suit;
    el.textContent = SUIT_SYMBOL[suit];
    el.className = `trump ${suit === "H" || suit === "D" ? "red" : "black"}`;
    el.setAttribute("aria-label", `Trumps: ${SUIT_NAME[suit]}`);
    el.title = `Trumps: ${SUIT_NAME[suit]}`;
  }

  function pulseTrump() {
    const el = $("#trump");
    el.classList.remove("pulse");
    void el.offsetWidth; // restart the animation
    el.classList.add("pulse");
    playSound("trump", sound());
    setTimeout(() => el.classList.remove("pulse"), 1500);
  }

  function setUpcard(card, _count) {
    const stock = $("#stock");
    stock.hidden = false;
    const old = $("#upcard");
    if (old?.dataset.card === card) return;
    const el = cardElement(card);
    el.id = "upcard";
    el.setAttribute("aria-label", `up-card: ${cardLabel(card)}`);
    if (old) old.replaceWith(el);
    else stock.querySelector(".deck").after(el);
  }

  function setStockCount(n) {
    const stock = $("#stock");
    stock.dataset.count = String(n);
    $("#stock-count").textContent = `${n} ${plural(n, "card")}`;
    stock.setAttribute("aria-label", `The stock: ${n} ${plural(n, "card")}`);
    stock.querySelector(".deck").dataset.depth = n > 8 ? "3" : n > 2 ? "2" : "1";
  }

  function renderStock(t) {
    const stock = $("#stock");
    if (!t.upcard || t.phase !== "foreplay") {
      stock.hidden = true;
      $("#upcard")?.remove();
      return;
    }
    setUpcard(t.upcard);
    setStockCount(t.stock);
    const deck = stock.querySelector(".deck");
    if (!deck.childElementCount) deck.append(backElement("the stock, face down"));
  }

  function renderTheirs(n) {
    let row = theirHand.querySelector(".row");
    if (!row) {
      row = document.createElement("div");
      row.className = "row";
      theirHand.append(row);
    }
    while (row.childElementCount > n) row.lastElementChild.remove();
    while (row.childElementCount < n) row.append(backElement("face-down card"));
    theirHand.setAttribute("aria-label", `${online ? `${nameFor(1 - me())}'s` : "The computer's"} hand: ${n} ${plural(n, "card")}, face down`);
    fitRows(theirHand);
  }

  function sorted(cards, trump) {
    return sortHand(cards, settings.get("suit-order"), trump);
  }

  function handCard(card) {
    const el = cardElement(card);
    el.setAttribute("role", "button");
    el.tabIndex = -1;
    el.addEventListener("click", () => activate(card));
    return el;
  }

  // The width of a card of the hand as the layout draws it now.
  function handCardWidth() {
    const card = myHand.querySelector(".card");
    if (card?.offsetWidth) return card.offsetWidth;
    const probe = backElement("");
    myHand.append(probe);
    const w = probe.offsetWidth;
    probe.remove();
    return w || 60;
  }

  // Lays the card elements els (in order) out in the rows the hand needs: one, or more when one row
  // would leave a card less than MIN_TOUCH px to be tapped (or two with the stacked hand display).
  function placeHand(els) {
    const n = els.length;
    const count = rowsFor(n, myHand.clientWidth, handCardWidth(), settings.get("hand-display") === "stacked");
    const per = Math.ceil(n / count) || 1;
    const rows = [];
    for (let r = 0; r < count; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.append(...els.slice(r * per, (r + 1) * per));
      rows.push(row);
    }
    myHand.replaceChildren(...rows);
    myHand.dataset.rows = String(count);
    fitRows(myHand);
  }
  // Lays the hand out again when its width calls for another number of rows.
  function refitHand() {
    const els = [...myHand.querySelectorAll(".card")];
    const count = rowsFor(els.length, myHand.clientWidth, handCardWidth(), settings.get("hand-display") === "stacked");
    if (els.length && String(count) !== myHand.dataset.rows) placeHand(els);
    else fitRows(myHand);
  }

  // A spectator's view counts no hand: each player's cards, counted from what is not elsewhere (the
  // cards neither played nor in the stock are in the two hands, the leader of an unfinished trick holding
  // one fewer).
  function handCounts(v) {
    const t = v.table;
    const known = v.spectator_known ?? [[], []];
    const hidden = t.stock - (t.upcard ? 1 : 0);
    const held = t.unseen.length + known[0].length + known[1].length - hidden;
    const each = t.led ? (held + 1) / 2 : held / 2;
    return [0, 1].map((p) => (t.led && t.leader === p ? each - 1 : each));
  }

  function renderMine(t, prev) {
    if (viewer() === null) {
      // A spectator sees no hand: the bottom player's cards face down (its count: the top player's,
      // one fewer or more while one of them has a card on the table).
      const n = handCounts(shown)[0];
      placeHand(Array.from({ length: Math.max(0, n) }, () => backElement("face-down card")));
      myHand.setAttribute("aria-label", `${nameFor(0)}'s hand: ${n} ${plural(n, "card")}, face down`);
      return;
    }
    const cards = sorted(t.own, t.trump);
    const have = new Map([...myHand.querySelectorAll(".card")].map((el) => [el.dataset.card, el]));
    placeHand(cards.map((c) => {
      const el = have.get(c) ?? handCard(c);
      el.classList.remove("drawn", "dealing", "pending", "bounce");
      el.style.animationDelay = "";
      return el;
    }));
    if (raised && !t.own.includes(raised)) raised = null;
    for (const el of myHand.querySelectorAll(".card")) {
      const c = el.dataset.card;
      el.classList.toggle("raised", c === raised);
      el.classList.toggle("pending", c === pending);
      el.setAttribute("aria-pressed", String(c === raised));
    }
    if (online) {
      // The cards the server says may be played now (its latest view only).
      const now = shown === online.view() && shown.state === "playing" && mine(shown.turn.player) ? online.legal() : [];
      for (const el of myHand.querySelectorAll(".card")) el.toggleAttribute("data-legal", now.includes(el.dataset.card));
    }
    // Deal: the first view of a fresh hand brings the cards in one by one.
    const fresh = t.moves.length === 0 && t.phase === "foreplay";
    const key = `${shown.hand_number}`;
    if (fresh && dealtHand !== key && (!prev || prev.hand_number !== shown.hand_number || prev.state !== "playing")) {
      myHand.querySelectorAll(".card").forEach((el, i) => {
        el.classList.add("dealing");
        el.style.animationDelay = `${i * 45}ms`;
      });
    }
    if (fresh) dealtHand = key;
    setRoving();
  }

  // Keyboard focus goes to one card of the hand at a time (roving tab index).
  function setRoving(focusCard) {
    const all = [...myHand.querySelectorAll(".card")];
    if (!all.length) return;
    let target = all.find((el) => el.dataset.card === (focusCard ?? raised)) ??
      all.find((el) => el.tabIndex === 0) ?? all[0];
    for (const el of all) el.tabIndex = el === target ? 0 : -1;
    if (focusCard) target.focus();
  }

  function addToMyHand(card) {
    const el = handCard(card);
    const t = shown?.table;
    const now = [...myHand.querySelectorAll(".card")].map((c) => c.dataset.card);
    const order = sorted([...now, card], t?.trump);
    const i = order.indexOf(card);
    const next = order[i + 1] && myHand.querySelector(`[data-card="${order[i + 1]}"]`);
    if (next) next.before(el);
    else (myHand.querySelector(".row:last-child") ?? myHand).append(el);
    placeHand([...myHand.querySelectorAll(".card")]);
    return el;
  }

  function clearTrick() {
    for (const slot of s.querySelectorAll("#trick .slot")) slot.replaceChildren();
  }
  function clearLastTrickIfFull() {
    // A finished trick still on the table (instant speed leaves no pause) makes way for the next.
    const cards = s.querySelectorAll("#trick .card");
    if (cards.length >= 2) clearTrick();
  }

  function sweepTrick(winner) {
    const cards = [...s.querySelectorAll("#trick .card")];
    const ms = flyMs();
    if (!ms) {
      clearTrick();
      return;
    }
    const dy = winner === 0 ? 120 : -120; // winner: the position (0 at the bottom)
    for (const el of cards) {
      const a = el.animate?.([{ transform: "none", opacity: 1 }, { transform: `translateY(${dy}px) scale(.6)`, opacity: 0 }],
        { duration: ms, easing: "ease-in" });
      if (a) a.onfinish = () => el.remove();
      else el.remove();
    }
  }

  function renderTrick(t) {
    clearTrick();
    if (!t.led) return;
    const el = cardElement(t.led);
    el.classList.add("played");
    $(`.slot-${at(t.leader)}`).append(el);
  }

  function renderScores(v) {
    const t = v.table;
    for (const p of [0, 1]) {
      const box = $(`#score-${at(p)}`);
      const who = online ? (mine(p) ? "You" : nameFor(p)) : p === 0 ? nameOf(v, 0) : "Computer";
      const turn = v.state === "playing" && v.turn.player === p;
      const ph = t.phase === "endgame" || t.phase === "over" ? "endgame" : "foreplay";
      const tricks = t.won[ph][p];
      const champion = v.state === "over" && v.winner === p;
      box.innerHTML = `<span class="turn-light${turn ? " on" : ""}" aria-hidden="true"></span>
        <span class="who">${escapeHtml(who)}${p === 1 && !online ? `<small> ${escapeHtml(v.names[1] ?? "")}</small>` : ""}</span>
        <span class="points">${v.score[p]}</span>
        <span class="tricks">${tricks} ${plural(tricks, "trick")}</span>${champion ? `<span class="champion" aria-hidden="true">${TROPHY}</span>` : ""}`;
      box.classList.toggle("turn", turn);
      box.setAttribute("aria-label", `${who}: ${v.score[p]} ${plural(v.score[p], "point")}, ${tricks} ${ph} ${plural(tricks, "trick")}${turn ? ", to play" : ""}${champion ? ", match winner" : ""}`);
    }
  }

  function turnLight(p, on) {
    $(`#score-${at(p)} .turn-light`)?.classList.toggle("on", on);
    $(`#score-${at(p)}`).classList.toggle("turn", on);
  }

  function renderPhase(v) {
    const t = v.table;
    const half = v.rules.variant === "small" ? 7 : 13;
    let text;
    if (v.state === "over") text = "Match over";
    else if (v.state === "hand_over" || t.phase === "over") text = "Hand over";
    else if (t.phase === "foreplay") text = `Foreplay · trick ${t.trick_number} of ${half}`;
    else text = `Endgame · trick ${t.trick_number - half} of ${half}`;
    $("#phase").textContent = text;
    const assisted = handAssisted(v.hand_number) ? " · assisted" : "";
    $(".match-line").textContent = `Hand ${v.hand_number} · ${scoringName(v.rules)} · to ${v.rules.target}${assisted}`;
  }

  function handAssisted(hand) {
    return events().some((e) => e.kind === "undo" && e.hand === hand);
  }

  function renderTools(v) {
    const myTurn = v.state === "playing" && mine(v.turn.player);
    $("#hint-button").disabled = !myTurn;
    $("#undo-button").disabled = !v.can_undo;
    if (online) {
      // Between two people: no hints, no undo; a spectator has no tracker either (it sees no hand).
      $("#hint-button").hidden = $("#undo-button").hidden = true;
      $("#tracker-button").hidden = viewer() === null;
    }
    $("#last-trick-button").disabled = v.table.moves.length < 2;
  }

  function renderTracker() {
    const on = settings.get("tracker") === "on";
    const btn = $("#tracker-button");
    btn.setAttribute("aria-pressed", String(on));
    btn.classList.toggle("on", on);
    const box = $("#tracker");
    box.hidden = !on || viewer() === null;
    s.dataset.tracker = on && viewer() !== null ? "on" : "off";
    if (!on || !shown || viewer() === null) return;
    const t = shown.table;
    const They = online ? nameFor(1 - me()) : "The computer";
    // What the view says: the cards unseen, the computer's cards known (the up-cards it took and
    // still holds, and in the endgame the rest of its hand, which is all that is left). The cards
    // the table showed earlier in the hand that an undo put back (the view counts them unseen again)
    // are told apart: the player saw them.
    const before = seenBeforeUndo(shown);
    const unseen = t.unseen.filter((c) => !before.has(c));
    const took = t.opponent_known.filter((c) => t.upcards[1 - me()].includes(c));
    const rest = t.opponent_known.filter((c) => !took.includes(c));
    const order = suitOrder(settings.get("suit-order"), t.trump);
    const rows = order.map((suit) => {
      const cards = unseen.filter((c) => c[1] === suit).sort((a, b) => RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]));
      const red = suit === "H" || suit === "D" ? " red" : "";
      const ranks = cards.map((c) => `<span class="tr-card" data-card="${c}">${c[0] === "T" ? "10" : c[0]}</span>`).join("");
      return `<li aria-label="${SUIT_NAME[suit]}: ${cards.length ? cards.map(cardLabel).join(", ") : "none"}">
        <span class="tr-suit${red}" aria-hidden="true">${SUIT_SYMBOL[suit]}</span><span class="tr-ranks" aria-hidden="true">${ranks || "—"}</span></li>`;
    });
    const list = (cards) => cards.map((c) => `<span class="tr-c${c[1] === "H" || c[1] === "D" ? " red" : ""}" data-card="${c}" aria-label="${cardLabel(c)}">${cardText(c)}</span>`).join(" ");
    const lines = [];
    if (t.phase === "foreplay") {
      if (took.length) lines.push(`<p class="tr-known tr-took">${escapeHtml(They)} holds the up-cards it took: ${list(took)}.</p>`);
    } else if (t.opponent_known.length) {
      const ups = took.length ? ` <span class="tr-took">Of these, the up-cards it took: ${list(took)}.</span>` : "";
      lines.push(`<p class="tr-known">${escapeHtml(They)} holds ${list([...rest, ...took])}.${ups}</p>`);
    }
    const next = [...before].filter(([c, why]) => why.up && t.unseen.includes(c) && why.up > t.trick_number);
    const other = [...before].filter(([c, why]) => !(why.up > t.trick_number) && t.unseen.includes(c));
    if (next.length) {
      lines.push(`<p class="tr-known tr-seen">Seen before your undo: the up-card${next.length > 1 ? "s" : ""} to come, ${next
        .sort((a, b) => a[1].up - b[1].up).map(([c, why]) => `${list([c])} (trick ${why.up})`).join(", ")}.</p>`);
    }
    if (other.length) lines.push(`<p class="tr-known tr-seen">Also seen before your undo: ${list(other.map(([c]) => c))}.</p>`);
    const where = t.phase === "foreplay" ? "the stock or the computer's hand" : "the computer's hand";
    box.innerHTML = `<h3>Unseen: ${unseen.length} <small>(${where})</small></h3><ul>${rows.join("")}</ul>${lines.join("")}`;
  }

  // The cards the table showed the player in view v's hand before its last undo, each with what the
  // table showed of it ({up: N}: the up-card of trick N, which the stock turns up whoever wins;
  // {}: a card the player drew or the computer played): a Map, empty when nothing was taken back.
  function seenBeforeUndo(v) {
    if (online) return new Map(); // no undo between two people
    const events = state.events.filter((e) => e.hand === v.hand_number); // the computer game only (undo)
    const seen = new Map();
    if (!events.some((e) => e.kind === "undo")) return seen;
    for (const e of events) {
      if (e.kind === "deal" && e.card) seen.set(e.card, { up: 1 });
      else if (e.kind === "upcard" && e.card) seen.set(e.card, { up: e.trick + 1 });
      else if ((e.kind === "draw" && e.player === 0 && e.card && !seen.has(e.card)) || (e.kind === "play" && e.player === 1)) seen.set(e.card, {});
    }
    return seen;
  }

  // ---- the scoreboard ---------------------------------------------------------------------------
  function openBoard(v, live) {
    const key = `${v.hand_number}:${v.state}`;
    if (boardFor === key && (scoreboard.open || closedBoard === key)) return;
    boardFor = key;
    const t = v.table;
    const r = scoreHand(v.rules, t.won, online ? Who : undefined);
    const ev = [...events()].reverse().find((e) => e.kind === "score" && e.hand === v.hand_number);
    const points = ev ? ev.points : r.points;
    const over = v.state === "over";
    const n0 = online ? nameFor(0) : nameOf(v, 0);
    const wins = (p, what) => (mine(p) ? `You win the ${what}` : `${Who(p)} wins the ${what}`);
    let title;
    if (over) title = v.winner === 0 || v.winner === 1 ? wins(v.winner, "match") + (mine(v.winner) ? "!" : "") : "The match is over";
    else title = r.winner === 0 || r.winner === 1 ? wins(r.winner, "hand") : "Nobody wins the hand";
    $("#sb-title").textContent = title;
    $(".sb-table .n0").textContent = n0;
    $(".sb-table .n1").textContent = online ? nameFor(1) : "Computer";
    const counted = v.rules.scoring === "every" ? "All tricks" : "Endgame tricks (counted)";
    const trophy = (p) => (over && v.winner === p ? ` <span id="trophy" role="img" aria-label="trophy: match winner">${TROPHY}</span>` : "");
    const rows = [
      ["Foreplay tricks", t.won.foreplay[0], t.won.foreplay[1]],
      [counted, r.counted[0], r.counted[1]],
      ["Points this hand", points[0], points[1]],
    ].map(([h, a, b]) => `<tr><th scope="row">${h}</th><td>${a}</td><td>${b}</td></tr>`);
    rows.push(`<tr class="sb-match"><th scope="row">Match score</th><td>${v.score[0]}${trophy(0)}</td><td>${v.score[1]}${trophy(1)}</td></tr>`);
    $(".sb-table tbody").innerHTML = rows.join("");
    $(".sb-why").textContent = r.why + (handAssisted(v.hand_number) ? " (You took back a card: this hand counts as assisted.)" : "");
    $(".sb-target").textContent = over
      ? `First to ${v.rules.target} won the match.`
      : `First to ${v.rules.target} wins the match.`;
    $("#continue").hidden = over || (online && viewer() === null);
    $("#new-match").hidden = !over || (online && viewer() === null);
    if (online) {
      // Online: no replay here; Close shows the table and its bar (the chat, the rematch) again.
      $("#replay-hand").textContent = "Close";
      $("#replay-hand").hidden = !over;
      $("#new-match").textContent = online.rematchText();
    }
    if (live && over && mine(v.winner)) playSound("win", sound());
    if (!scoreboard.open) scoreboard.showModal();
    (over ? $("#new-match") : $("#continue")).focus();
  }
  function closeBoard() {
    if (scoreboard.open) scoreboard.close();
  }
  scoreboard.addEventListener("cancel", (e) => e.preventDefault()); // Escape: choose a button
  $("#continue").onclick = () => {
    expecting = "next";
    if (!send({ type: "next" })) say("Not connected: try again in a moment.");
  };
  $("#new-match").onclick = () => {
    if (online) {
      online.rematch();
      $("#new-match").textContent = online.rematchText();
      return;
    }
    closeBoard();
    boardFor = null;
    start("german"); // the match is over: nothing to abandon
  };
  $("#home").onclick = () => go("home");
  let closedBoard = null; // online: the board closed by its Close button (not opened again)
  $("#replay-hand").onclick = () => {
    if (online) {
      closedBoard = boardFor;
      closeBoard();
      return;
    }
    expecting = "history";
    if (!net.send({ type: "history", limit: 1 })) go("history");
    clearTimeout(historyTimer);
    historyTimer = setTimeout(() => expecting === "history" && go("history"), 2000);
  };
  let historyTimer = null;

  // ---- playing a card ---------------------------------------------------------------------------
  function latest() {
    if (online) return online.view() ?? shown;
    return state.view?.game === "german" ? state.view : shown;
  }

  // Why this card may not be played now (a sentence), or null. Online, the server's legal cards say
  // (no rule is worked out here); against the computer, the rules of table-rules.js.
  function refuse(v, card) {
    if (!online) return refusal(v, card);
    if (!v || v.state !== "playing") return "The hand is over.";
    if (!mine(v.turn.player)) return viewer() === null ? "You are watching." : `Wait: it is ${nameFor(v.turn.player)}'s turn.`;
    if (!v.table.own.includes(card)) return `You do not hold ${cardText(card)}.`;
    if (!online.legal().includes(card)) {
      const led = v.table.led;
      return led ? `You must follow suit: play a ${SUIT_NAME[led[1]].replace(/s$/, "")} ${SUIT_SYMBOL[led[1]]}.` : `Not the ${cardText(card)} now.`;
    }
    return null;
  }

  function cardEl(card) {
    return myHand.querySelector(`[data-card="${card}"]`);
  }

  function bounce(card, why) {
    const el = cardEl(card);
    if (el) {
      el.classList.remove("bounce", "raised");
      void el.offsetWidth;
      el.classList.add("bounce");
      setTimeout(() => el.classList.remove("bounce"), 700);
    }
    if (raised === card) raised = null;
    say(why);
    playSound("bounce", sound());
  }

  function raise(card) {
    raised = card;
    for (const el of myHand.querySelectorAll(".card")) {
      el.classList.toggle("raised", el.dataset.card === card);
      el.setAttribute("aria-pressed", String(el.dataset.card === card));
    }
    setRoving(card);
  }

  // A tap or Enter on a card: raise it, or play it (raised already, or single-click play).
  function activate(card) {
    unlockSound();
    if (pending) return;
    const why = refuse(latest(), card);
    if (why) {
      bounce(card, why);
      return;
    }
    if (settings.get("single-click") === "on" || raised === card) playCard(card);
    else raise(card);
  }

  function playCard(card) {
    const v = latest();
    const why = refuse(v, card);
    if (why) {
      bounce(card, why);
      return;
    }
    if (!synced()) {
      rush();
      resync(v);
    }
    pending = card;
    expecting = "act";
    cardEl(card)?.classList.add("pending");
    turnLight(me(), false);
    if (!send({ type: "act", action: { type: "play", card } })) {
      pending = null;
      cardEl(card)?.classList.remove("pending");
      if (shown) renderScores(shown);
      say("Not connected: the card was not played. Try again in a moment.");
    }
  }

  // ---- help -------------------------------------------------------------------------------------
  function askHint() {
    if (online) {
      say("No hints in a game between two people.");
      return;
    }
    const v = latest();
    if (!v || v.state !== "playing" || v.turn.player !== 0) {
      say("Hints are given when it is your turn.");
      return;
    }
    expecting = "hint";
    say("Working out a hint…");
    net.send({ type: "hint" });
  }

  function showHint(m) {
    clearHint();
    const v = latest();
    if (!v) return;
    hint = { key: hintKey(v) };
    // The numbers on the cards: what the hand is worth to the player under the rule in force, in points
    // (theirs minus the computer's at the hand's end): exact in the endgame, expected in the foreplay.
    const unit = m.unit ?? (m.exact ? "points" : "expected points");
    const counted = v.rules.scoring === "every" ? "tricks in all" : "endgame tricks";
    const top = Math.max(...m.cards.map((c) => c.value));
    const shown = (value) => {
      const r = m.exact ? Math.round(value) : Math.round(value * 10) / 10;
      const text = m.exact ? String(r) : r.toFixed(1);
      return r > 0 ? `+${text}` : r === 0 ? text.replace("-", "") : text;
    };
    const tricksText = (t) => (m.exact ? String(Math.round(t)) : t.toFixed(1));
    for (const { card, value, tricks } of m.cards) {
      const el = cardEl(card);
      if (!el) continue;
      const best = Math.abs(value - top) < 1e-9;
      const shownValue = shown(value);
      const b = document.createElement("span");
      b.className = `hint-badge${best ? " best" : ""}`;
      b.textContent = shownValue;
      b.title = `${shownValue} ${unit}`;
      b.setAttribute("aria-hidden", "true");
      el.append(b);
      el.classList.toggle("best", best);
      el.dataset.hint = shownValue;
      el.setAttribute("aria-description", `${shownValue} ${unit}, ${tricksText(tricks ?? 0)} ${counted}${best ? ", best" : ""}`);
    }
    const bestOnes = m.cards.filter((c) => Math.abs(c.value - top) < 1e-9);
    const names = bestOnes.map((c) => cardText(c.card));
    const bestCards = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : names[0];
    const rule = `${scoringName(v.rules)} points: yours minus the computer's at the hand's end`;
    const bestTricks = tricksText(bestOnes[0]?.tricks ?? 0);
    // The best card first, so that it is named whatever the width.
    if (m.exact) say(`Best: ${bestCards}: ${shown(top)} ${plural(Math.abs(Math.round(top)), "point")}, ${bestTricks} ${counted}`, `exact, with best play by both; ${rule}`);
    else say(`Best: ${bestCards}: ${shown(top)} expected points, ${bestTricks} ${counted}`, `estimated from ${m.samples} deals; ${rule}`);
    s.dataset.hint = m.exact ? "exact" : "estimate";
    s.dataset.hintUnit = unit;
  }

  function clearHint() {
    hint = null;
    delete s.dataset.hint;
    delete s.dataset.hintUnit;
    for (const b of myHand.querySelectorAll(".hint-badge")) b.remove();
    for (const el of myHand.querySelectorAll(".card")) {
      el.classList.remove("best");
      delete el.dataset.hint;
      el.removeAttribute("aria-description");
    }
  }

  function undo() {
    if (online) {
      say("No taking back in a game between two people.");
      return;
    }
    const v = latest();
    if (!v?.can_undo) {
      say("There is nothing to take back.");
      return;
    }
    expecting = "undo";
    net.send({ type: "undo" });
  }

  function toggleTracker() {
    settings.set({ tracker: settings.get("tracker") === "on" ? "off" : "on" });
    renderTracker();
  }

  function showLastTrick() {
    const v = latest();
    const tricks = v ? tricksOf(v.table) : [];
    const last = tricks[tricks.length - 1];
    if (!last) {
      say("No trick has been finished in this hand yet.");
      return;
    }
    const box = lastTrickDlg.querySelector(".lt-cards");
    box.replaceChildren();
    last.cards.forEach((c, i) => {
      const p = i === 0 ? last.leader : 1 - last.leader;
      const fig = document.createElement("figure");
      const el = cardElement(c);
      if (p === last.winner) el.classList.add("winner");
      fig.append(el);
      const cap = document.createElement("figcaption");
      cap.textContent = `${mine(p) ? "You" : online ? nameFor(p) : "Computer"}${i === 0 ? " led" : ""}`;
      fig.append(cap);
      box.append(fig);
    });
    const who = Who(last.winner);
    const half = v.rules.variant === "small" ? 7 : 13;
    const ph = last.number <= half ? `Foreplay trick ${last.number}` : `Endgame trick ${last.number - half}`;
    const up = last.up ? `, taking the ${cardText(last.up)}` : "";
    $(".lt-text").textContent = `${ph}: ${who} won with the ${cardText(last.cards[last.winner === last.leader ? 0 : 1])}${up}.`;
    $("#lt-title").textContent = "Last trick";
    lastTrickDlg.showModal();
    lastTrickDlg.querySelector(".lt-close").focus();
  }
  lastTrickDlg.querySelector(".lt-close").onclick = () => lastTrickDlg.close();
  lastTrickDlg.addEventListener("click", (e) => {
    if (e.target === lastTrickDlg) lastTrickDlg.close();
  });

  $("#home-button").onclick = () => go("home");
  $("#hint-button").onclick = askHint;
  $("#undo-button").onclick = undo;
  $("#tracker-button").onclick = toggleTracker;
  $("#last-trick-button").onclick = showLastTrick;

  // ---- keyboard ---------------------------------------------------------------------------------
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (scoreboard.open || lastTrickDlg.open) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    unlockSound();
    const k = e.key;
    const cards = [...myHand.querySelectorAll(".card")];
    const at = cards.indexOf(document.activeElement);
    if (k === "ArrowLeft" || k === "ArrowRight" || k === "ArrowUp" || k === "ArrowDown" || k === "Home" || k === "End") {
      if (!cards.length) return;
      e.preventDefault();
      let i = at < 0 ? Math.max(0, cards.findIndex((el) => el.tabIndex === 0)) : at;
      if (at >= 0) {
        if (k === "ArrowLeft" || k === "ArrowUp") i = Math.max(0, i - 1);
        else if (k === "ArrowRight" || k === "ArrowDown") i = Math.min(cards.length - 1, i + 1);
        else if (k === "Home") i = 0;
        else i = cards.length - 1;
      }
      setRoving(cards[i].dataset.card);
      return;
    }
    if (k === "Enter" || (k === " " && at >= 0)) {
      if (typed) {
        e.preventDefault();
        const text = typed;
        typed = "";
        const card = parseCard(text);
        if (!card) say(`"${text}" is not a card: type one like as, 10h or qs.`);
        else if (!cardEl(card)) say(`You do not hold the ${cardText(card)}.`);
        else playCard(card);
        return;
      }
      if (at >= 0) {
        e.preventDefault();
        activate(cards[at].dataset.card);
      } else if (raised && document.activeElement === document.body) {
        e.preventDefault();
        activate(raised);
      }
      return;
    }
    if (k === "Escape") {
      typed = "";
      if (raised) raise(null);
      return;
    }
    if (k === "Backspace" && typed) {
      e.preventDefault();
      typed = typed.slice(0, -1);
      say(typed ? `Typed: ${typed}` : "");
      return;
    }
    if (k.length !== 1) return;
    const c = k.toLowerCase();
    const help = !typed && TABLE_HELP_KEYS.find((x) => x.key === c);
    if (help) {
      e.preventDefault();
      ({ hint: askHint, undo, tracker: toggleTracker, last: showLastTrick })[help.action]();
      return;
    }
    if (/[0-9ajqkt]/.test(c) && !typed) typed = c;
    else if (typed && /[0-9shdc\u2660-\u2667]/.test(c)) typed += c;
    else return;
    e.preventDefault();
    if (typed.length > 4) typed = c;
    const card = parseCard(typed);
    if (card && cardEl(card)) {
      raise(card);
      say(`Typed ${typed}: ${cardLabel(card)}. Enter plays it.`);
    } else {
      say(`Typed: ${typed}`);
    }
  }
  document.addEventListener("keydown", onKey);
  const onPointer = () => unlockSound();
  s.addEventListener("pointerdown", onPointer);

  // ---- layout -----------------------------------------------------------------------------------
  function applyLayout() {
    const { layout, turned } = layoutFor(settings.get("orientation"));
    s.dataset.layout = layout;
    s.toggleAttribute("data-turned", turned);
    requestAnimationFrame(() => {
      refitHand();
      fitRows(theirHand);
    });
  }
  const offShape = onShapeChange(applyLayout);
  const ro = new ResizeObserver(() => {
    refitHand();
    fitRows(theirHand);
  });
  ro.observe(myHand);
  ro.observe(theirHand);
  let lastLook = lookKey();
  function lookKey() {
    return ["suit-order", "hand-display", "faces", "orientation", "tracker"].map((k) => settings.get(k)).join("|");
  }
  const offSettings = settings.onChange(() => {
    const look = lookKey();
    if (look === lastLook) return;
    lastLook = look;
    applyLayout();
    refreshFaces(s, settings.get("faces"));
    if (shown) {
      renderMine(shown.table, shown);
      renderTracker();
    }
  });
  applyLayout();

  // ---- messages ---------------------------------------------------------------------------------
  function noGame() {
    shown = null;
    s.dataset.state = "none";
    msgEl.innerHTML = "";
    const p = document.createElement("span");
    p.textContent = "No game in progress. ";
    const b = document.createElement("button");
    b.className = "primary";
    b.id = "start-game";
    b.textContent = "New game";
    b.onclick = () => start("german");
    msgEl.append(p, b);
  }

  function onMessage(m) {
    switch (m.type) {
      case "welcome":
        clearTimeout(boardTimer);
        dealtHand = null; // a new match deals hand 1 again: a fresh hand after a welcome is dealt in
        shown = null;
        pending = null;
        expecting = null;
        clearHint();
        resync(null);
        resyncing = true;
        // The connection follows the player's Android Whist rubber (a reload, another tab's game, a
        // new connection after a drop): this screen opens the match (follow), if there is one.
        if (!m.game || m.game.game !== "german") {
          if (follow("german")) msgEl.textContent = "Dealing…";
          else noGame();
        } else {
          // A reconnection, a reload: what was said is old news; the view's prompt follows whole.
          msgEl.textContent = "";
          news = false;
        }
        break;
      case "resync": // online: the table's state comes whole (join, rejoin, rematch)
        clearTimeout(boardTimer);
        dealtHand = null;
        pending = null;
        expecting = null;
        resync(null);
        resyncing = true;
        break;
      case "rematch": // online: the offers changed
        if (scoreboard.open) $("#new-match").textContent = online.rematchText();
        break;
      case "event":
        if (online) {
          if (!resyncing) enqueue({ event: m });
          return;
        }
        if (state.view === null) return; // a welcome's replay of the game so far: the view follows
        if (state.game?.game !== "german") return; // the rubber's, before this screen's open is answered
        enqueue({ event: m });
        break;
      case "view":
        if (m.view.game !== "german") return;
        if (expecting === "act" || expecting === "undo" || expecting === "next") expecting = null; // accepted
        if (!shown || s.dataset.state === "none" || resyncing) {
          resyncing = false;
          resync(m.view);
        } else enqueue({ view: m.view });
        break;
      case "hint":
        if (expecting === "hint") expecting = null;
        showHint(m);
        break;
      case "history":
        if (expecting !== "history") return;
        expecting = null;
        clearTimeout(historyTimer);
        {
          const e = m.entries?.[0];
          if (e && e.game === "german") go("replay", { id: e.id, back: "table" });
          else go("history");
        }
        break;
      case "error":
        onError(m);
        break;
      default:
        break;
    }
  }
  let resyncing = false;

  function onError(m) {
    const was = expecting;
    expecting = null;
    if (was === "history") {
      clearTimeout(historyTimer);
      go("history");
      return;
    }
    if (was === "act" && pending && REFUSALS.has(m.code)) {
      const card = pending;
      pending = null;
      cardEl(card)?.classList.remove("pending");
      if (shown) renderScores(shown);
      bounce(card, refusalText(m.code, latest(), card) ?? m.message);
      return;
    }
    if (was) {
      pending = null;
      say(refusalText(m.code, latest()) ?? m.message);
      return;
    }
    // Not an answer to the table (a setting the server does not know yet, say): only trouble.
    if (["not_saved", "server", "server_full", "no_memory", "no_game"].includes(m.code)) say(m.message);
  }

  // ---- start ------------------------------------------------------------------------------------
  // The match the connection follows; else the player's match, opened (follow); else none.
  if (online) {
    if (online.view()) render(online.view(), { defer: true });
    else msgEl.textContent = "Dealing…";
  } else if (state.game?.game === "german" && state.view?.game === "german") render(state.view, { defer: true });
  else if (state.game?.game === "german" || state.starting === "german" || follow("german")) msgEl.textContent = "Dealing…";
  else noGame();

  return {
    title: online ? "German Whist — online" : "German Whist — table",
    onMessage,
    unmount() {
      player.reset();
      document.removeEventListener("keydown", onKey);
      offShape();
      offSettings();
      ro.disconnect();
      clearTimeout(historyTimer);
      clearTimeout(boardTimer);
      if (scoreboard.open) scoreboard.close();
      if (lastTrickDlg.open) lastTrickDlg.close();
    },
  };
}

// Small drawings instead of emoji (not every system has an emoji font).
const TROPHY = `<svg viewBox="0 0 24 24" width="1em" height="1em" focusable="false"><path fill="#f3c44b" stroke="#7a5a00" stroke-width="1" d="M6 3h12v3h3v2a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.3 13H8a5 5 0 0 1-5-5V6h3zM5 8a3 3 0 0 0 2.4 2.9A8 8 0 0 1 6 8zm14 0h-1a8 8 0 0 1-1.4 2.9A3 3 0 0 0 19 8z"/></svg>`;
const BULB = `<svg viewBox="0 0 24 24" width="1.1em" height="1.1em" focusable="false"><path fill="#f3c44b" stroke="#1d1600" stroke-width="1" d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z"/><path fill="none" stroke="currentColor" stroke-width="1.8" d="M9 19.5h6M10 22h4"/></svg>`;
