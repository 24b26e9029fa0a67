// replay.js: a hand of the history replayed. German Whist: trick by trick (forward, back, first,
// last; arrow keys), both hands shown face up (the hand is over), the up-card fought for and what each
// drew, and for each of your endgame cards the exact solver's verdict: "best", or the tricks it lost
// against the best card. Android Whist: the hand's record as text.

import { cardElement, cardLabel, cardText, sortHand, SUIT_NAME, SUIT_SYMBOL } from "../cards.js";
import { escapeHtml, pageSection, rulesText } from "./page.js";

// "best", or "lost 2 tricks" (against the best card).
export function verdictText(v) {
  const lost = v.best - v.value;
  return lost <= 0 ? "best" : `lost ${lost} trick${lost === 1 ? "" : "s"}`;
}

// Both hands before trick `k` (1-based; k = tricks + 1: after the last).
function handsBefore(r, k) {
  const hands = [new Set(r.hands[0]), new Set(r.hands[1])];
  for (const t of r.tricks.slice(0, k - 1)) {
    hands[t.leader].delete(t.cards[0]);
    hands[1 - t.leader].delete(t.cards[1]);
    if (t.draws) t.draws.forEach((c, p) => c && hands[p].add(c));
  }
  return hands.map((h) => [...h]);
}

export function mount(root, ctx, params = {}) {
  const { net, settings, go } = ctx;
  // params: {id} the hand; {back} the screen Back returns to (default the history).
  const backTo = () => go(typeof params.back === "string" ? params.back : "history");
  const { section, body } = pageSection(root, "replay", "Replay", backTo);
  body.innerHTML = `<p class="loading" role="status">Reading the hand…</p>`;
  const id = Number(params.id);
  const ask = () => Number.isInteger(id) && net.send({ type: "replay", id });
  if (!Number.isInteger(id)) body.innerHTML = `<p class="panel">No hand was chosen: open one from the History.</p>`;
  ask();
  const offOpen = net.on("status", (st) => st === "open" && ask());
  let rep = null;
  let step = 0; // 0: the deal; 1..n: trick k

  function names() {
    const levels = ["random", "easy", "hard", "expert", "oracle", "greedy"];
    const other = rep.names?.[1];
    return [rep.names?.[0] || "You", !other ? "Computer" : levels.includes(other) ? `Computer (${other})` : other];
  }

  function resultLine() {
    const r = rep.result;
    if (rep.rules.scoring === "total" && r.scored) return `${names()[0]} scored ${r.scored[0]}, ${names()[1]} ${r.scored[1]}`;
    if (r.winner === null || r.winner < 0) return "no score";
    return `${names()[r.winner]} scored ${r.points}`;
  }

  function handBox(p, cards, trick) {
    const box = document.createElement("div");
    box.className = "replay-hand";
    box.innerHTML = `<h3>${escapeHtml(names()[p])}${rep.dealer === p ? " (dealer)" : ""}: ${cards.length} cards</h3>`;
    const row = document.createElement("div");
    row.className = "replay-cards";
    row.setAttribute("role", "list");
    row.setAttribute("aria-label", `${names()[p]}'s hand`);
    for (const c of sortHand(cards, settings.get("suit-order"), rep.trump)) {
      const e = cardElement(c);
      e.setAttribute("role", "listitem");
      if (trick?.cards.includes(c)) {
        e.classList.add("played");
        e.setAttribute("aria-label", `${cardLabel(c)}, played to this trick`);
      }
      row.append(e);
    }
    box.append(row);
    return box;
  }

  function drawGerman() {
    const n = rep.tricks.length;
    const t = step > 0 ? rep.tricks[step - 1] : null;
    const hands = handsBefore(rep, Math.max(step, 1));
    const foreplay = t && t.up !== null && t.up !== undefined;
    body.innerHTML = `
      <div class="panel replay-head">
        <span><b>${escapeHtml(rulesText(rep.rules.variant, rep.rules.scoring, rep.rules.target))}</b></span>
        <span>Trump: <b class="${rep.trump === "H" || rep.trump === "D" ? "red-text" : ""}">${SUIT_SYMBOL[rep.trump]} ${SUIT_NAME[rep.trump]}</b></span>
        <span id="replay-result">Result: ${escapeHtml(names()[0])} ${rep.result.tricks[0]} – ${rep.result.tricks[1]} ${escapeHtml(names()[1])}; ${escapeHtml(resultLine())}</span>
      </div>
      <nav class="replay-nav" aria-label="Tricks">
        <button id="replay-first" aria-label="The deal" title="The deal"><span aria-hidden="true">◀◀</span></button>
        <button id="replay-prev" aria-label="Previous trick" title="Previous trick"><span aria-hidden="true">◀</span></button>
        <output id="replay-step" aria-live="polite">${step === 0 ? "The deal" : `Trick ${step} of ${n}`}</output>
        <button id="replay-next" aria-label="Next trick" title="Next trick"><span aria-hidden="true">▶</span></button>
        <button id="replay-last" aria-label="The last trick" title="The last trick"><span aria-hidden="true">▶▶</span></button>
      </nav>
      <div class="panel" id="replay-trick-panel"></div>
      <div class="replay-hands" id="replay-hands"></div>
      <div class="panel" id="replay-verdicts"></div>`;
    const tp = body.querySelector("#replay-trick-panel");
    if (!t) {
      tp.innerHTML = `<p>The hand as dealt. ${escapeHtml(names()[1 - rep.dealer])} leads first. Step through the tricks with the arrows (or the arrow keys).</p>`;
    } else {
      const phase = foreplay ? "Foreplay" : "Endgame";
      tp.innerHTML = `<h2>${phase}, trick ${t.number}</h2><div class="replay-trick" id="replay-trick"></div><p id="replay-news"></p>`;
      const row = tp.querySelector("#replay-trick");
      t.cards.forEach((c, i) => {
        const p = i === 0 ? t.leader : 1 - t.leader;
        const f = document.createElement("figure");
        f.append(cardElement(c));
        const cap = document.createElement("figcaption");
        cap.textContent = `${names()[p]}${i === 0 ? " (led)" : ""}`;
        f.append(cap);
        row.append(f);
      });
      if (foreplay) {
        const f = document.createElement("figure");
        f.append(cardElement(t.up));
        const cap = document.createElement("figcaption");
        cap.textContent = "the up-card";
        f.append(cap);
        row.append(f);
      }
      const news = [`${names()[t.winner]} won the trick${foreplay ? ` and took the ${cardText(t.up)}` : ""}.`];
      if (t.draws) news.push(`${names()[1 - t.winner]} drew the ${cardText(t.draws[1 - t.winner])}.`);
      const v = rep.verdicts.find((x) => x.trick === t.number);
      if (v) news.push(`Your ${cardText(v.card)}: <span class="verdict ${verdictText(v) === "best" ? "best" : "lost"}" id="replay-verdict">${verdictText(v)}</span> (with best play after it you take ${v.value} of the endgame tricks left; with the best card, ${v.best}).`);
      tp.querySelector("#replay-news").innerHTML = news.join(" ");
    }
    const hb = body.querySelector("#replay-hands");
    hb.append(handBox(0, hands[0], t), handBox(1, hands[1], t));
    const vb = body.querySelector("#replay-verdicts");
    if (!rep.verdicts.length) {
      vb.innerHTML = `<h2>Your endgame</h2><p>No verdicts for this hand.</p>`;
    } else {
      const best = rep.verdicts.filter((v) => v.value >= v.best).length;
      vb.innerHTML = `<h2>Your endgame</h2><p>${best} of your ${rep.verdicts.length} endgame cards were best. Choose one to see its trick.</p><ul class="verdict-list"></ul>`;
      const ul = vb.querySelector("ul");
      for (const v of rep.verdicts) {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.className = verdictText(v) === "best" ? "best" : "lost";
        b.textContent = `${v.trick}. ${cardText(v.card)}: ${verdictText(v)}`;
        b.setAttribute("aria-label", `Trick ${v.trick}, ${cardLabel(v.card)}: ${verdictText(v)}`);
        b.addEventListener("click", () => {
          step = rep.tricks.findIndex((x) => x.number === v.trick) + 1;
          drawGerman();
        });
        li.append(b);
        ul.append(li);
      }
    }
    const to = (k) => () => {
      step = Math.max(0, Math.min(n, k));
      drawGerman();
      body.querySelector("#replay-step")?.focus?.();
    };
    body.querySelector("#replay-first").addEventListener("click", to(0));
    body.querySelector("#replay-prev").addEventListener("click", to(step - 1));
    body.querySelector("#replay-next").addEventListener("click", to(step + 1));
    body.querySelector("#replay-last").addEventListener("click", to(n));
    body.querySelector("#replay-prev").disabled = step === 0;
    body.querySelector("#replay-first").disabled = step === 0;
    body.querySelector("#replay-next").disabled = step === n;
    body.querySelector("#replay-last").disabled = step === n;
  }

  function drawAndroid() {
    body.innerHTML = `<div class="panel"><h2>Android Whist, hand ${escapeHtml(String(rep.id))}</h2>
      <p class="muted">The hand's record: the deck in deal order, then each trick from its leader; an android's play is its command (<code>command!</code> failed with “Error.”, <code>command=CARD</code> played the card).</p>
      <pre class="record-text" id="replay-record"></pre></div>`;
    body.querySelector("#replay-record").textContent = rep.record;
  }

  const onKey = (e) => {
    if (e.key === "Escape") {
      backTo();
      return;
    }
    if (!rep || rep.game !== "german" || e.target.matches?.("input, select")) return;
    const n = rep.tricks.length;
    const k = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: n }[e.key];
    if (k === undefined) return;
    e.preventDefault();
    step = Math.max(0, Math.min(n, k));
    drawGerman();
  };
  document.addEventListener("keydown", onKey);

  return {
    title: "Replay · German Whist",
    onMessage(m) {
      if (m.type === "replay" && m.id === id) {
        rep = m;
        section.querySelector("h1").textContent = m.game === "android" ? "Replay: Android Whist" : "Replay";
        if (m.game === "android") drawAndroid();
        else drawGerman();
      } else if (m.type === "error" && !rep) {
        body.innerHTML = `<p class="panel" id="replay-error">This hand cannot be replayed: ${escapeHtml(m.message ?? m.code)}</p>`;
      }
    },
    unmount() {
      offOpen();
      document.removeEventListener("keydown", onKey);
    },
  };
}
