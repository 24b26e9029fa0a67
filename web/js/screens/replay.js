// replay.js: a hand of the history replayed. German Whist: trick by trick (forward, back, first,
// last; arrow keys), both hands shown face up (the hand is over), the up-card fought for and what each
// drew, and the review of your cards in points of the hand's scoring rule: for each foreplay card the
// expert's verdict from what you could know then (the points it was expected to cost against its best
// card, ± its standard error), for each endgame card the exact solver's ("best", or the tricks and points
// it lost), and the hand's costliest decisions. Android Whist: the hand's record as text.

import { cardElement, cardLabel, cardText, sortHand, SUIT_NAME, SUIT_SYMBOL } from "../cards.js";
import { escapeHtml, pageSection, rulesText } from "./page.js";
import { scoringName } from "../table-rules.js";

// "1 point", "4 points", "0.42 points": a loss in points of the scoring rule.
export function pointsText(x) {
  const whole = Number.isInteger(x);
  return `${whole ? x : x.toFixed(2)} point${whole && x === 1 ? "" : "s"}`;
}

// An endgame verdict: "best", or "lost 2 tricks" (against the best card), with the points when known:
// "lost 1 trick (4 points)".
export function verdictText(v) {
  const lost = v.best - v.value;
  if (lost <= 0) return "best";
  const pts = typeof v.loss === "number" ? ` (${pointsText(v.loss)})` : "";
  return `lost ${lost} trick${lost === 1 ? "" : "s"}${pts}`;
}

// A foreplay verdict (the expert's): "best", "only card", or "cost 0.42 ± 0.11 points".
export function foreplayText(v) {
  if (v.forced) return "only card";
  if (!(v.loss > 0)) return "best";
  return `cost ${v.loss.toFixed(2)} ± ${v.se.toFixed(2)} points`;
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
      // Built as HTML (the verdicts are marked up): every text in it is escaped, names first of all.
      const news = [escapeHtml(`${names()[t.winner]} won the trick${foreplay ? ` and took the ${cardText(t.up)}` : ""}.`)];
      if (t.draws) news.push(escapeHtml(`${names()[1 - t.winner]} drew the ${cardText(t.draws[1 - t.winner])}.`));
      const v = rep.verdicts.find((x) => x.trick === t.number);
      if (v) news.push(`Your ${escapeHtml(cardText(v.card))}: <span class="verdict ${verdictText(v) === "best" ? "best" : "lost"}" id="replay-verdict">${escapeHtml(verdictText(v))}</span> (with best play after it you take ${escapeHtml(v.value)} of the endgame tricks left; with the best card, ${escapeHtml(v.best)}).`);
      const f = (rep.foreplay || []).find((x) => x.trick === t.number);
      if (f) {
        const lost = f.loss > 0 && !f.forced;
        const why = lost
          ? ` (the expert, from what you knew then, would have played the ${cardText(f.best)}; over ${f.worlds} sampled deals)`
          : "";
        news.push(`Your ${escapeHtml(cardText(f.card))}: <span class="verdict ${lost ? "lost" : "best"}" id="replay-foreplay-verdict">${escapeHtml(foreplayText(f))}</span>${escapeHtml(why)}.`);
      }
      tp.querySelector("#replay-news").innerHTML = news.join(" ");
    }
    const hb = body.querySelector("#replay-hands");
    hb.append(handBox(0, hands[0], t), handBox(1, hands[1], t));
    const vb = body.querySelector("#replay-verdicts");
    // A button per verdict that opens its trick.
    const verdictButton = (trick, label, text, lost) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.className = lost ? "lost" : "best";
      b.textContent = label;
      b.setAttribute("aria-label", `Trick ${trick}, ${text}`);
      b.addEventListener("click", () => {
        step = rep.tricks.findIndex((x) => x.number === trick) + 1;
        drawGerman();
      });
      li.append(b);
      return li;
    };
    const review = rep.review;
    if (review) {
      const sec = document.createElement("section");
      sec.id = "replay-review";
      const total = `${review.loss.toFixed(2)} ± ${review.se.toFixed(2)} points`;
      sec.innerHTML = `<h2>Your hand's review</h2><p id="replay-review-total">Your cards lost ${total} in ${escapeHtml(scoringName(rep.rules))} scoring: ${review.foreplay_loss.toFixed(2)} in the foreplay (the expert's estimate, ${review.iterations} sampled deals a card), ${escapeHtml(pointsText(review.endgame_loss))} in the endgame (exact).</p>`;
      if (review.costliest.length) {
        sec.insertAdjacentHTML("beforeend", `<p>Your costliest decisions:</p><ol class="verdict-list" id="replay-costliest"></ol>`);
        const ol = sec.querySelector("ol");
        for (const c of review.costliest) {
          const cost = c.phase === "foreplay" ? `${c.loss.toFixed(2)} ± ${c.se.toFixed(2)} points` : pointsText(c.loss);
          const text = `${cardLabel(c.card)} cost ${cost}, the ${cardLabel(c.best)} was best`;
          ol.append(verdictButton(c.trick, `${c.trick}. ${cardText(c.card)}: ${cost} (best ${cardText(c.best)})`, text, true));
        }
      } else {
        sec.insertAdjacentHTML("beforeend", `<p>None of your cards lost anything.</p>`);
      }
      vb.append(sec);
    }
    const fore = rep.foreplay || [];
    if (fore.length) {
      const sec = document.createElement("section");
      const best = fore.filter((f) => !(f.loss > 0)).length;
      sec.innerHTML = `<h2>Your foreplay</h2><p>${best} of your ${fore.length} foreplay cards were the expert's choice or as good. Choose one to see its trick.</p><ul class="verdict-list" id="replay-foreplay-list"></ul>`;
      const ul = sec.querySelector("ul");
      for (const f of fore)
        ul.append(verdictButton(f.trick, `${f.trick}. ${cardText(f.card)}: ${foreplayText(f)}`, `${cardLabel(f.card)}: ${foreplayText(f)}`, f.loss > 0 && !f.forced));
      vb.append(sec);
    }
    const end = document.createElement("section");
    if (!rep.verdicts.length) {
      end.innerHTML = `<h2>Your endgame</h2><p>No verdicts for this hand.</p>`;
    } else {
      const best = rep.verdicts.filter((v) => v.value >= v.best).length;
      end.innerHTML = `<h2>Your endgame</h2><p>${best} of your ${rep.verdicts.length} endgame cards were best. Choose one to see its trick.</p><ul class="verdict-list" id="replay-endgame-list"></ul>`;
      const ul = end.querySelector("ul");
      for (const v of rep.verdicts)
        ul.append(verdictButton(v.trick, `${v.trick}. ${cardText(v.card)}: ${verdictText(v)}`, `${cardLabel(v.card)}: ${verdictText(v)}`, verdictText(v) !== "best"));
    }
    vb.append(end);
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
