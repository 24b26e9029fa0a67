// replay.js: a hand of the history replayed, trick by trick (forward, back, first, last; arrow keys),
// every hand face up (the hand is over). German Whist: both hands, the up-card fought for and what each
// drew, and the review of your cards in points of the hand's scoring rule: for each foreplay card the
// expert's verdict from what you could know then (the points it was expected to cost against its best
// card, ± its standard error), for each endgame card the exact solver's ("best", or the tricks and points
// it lost), and the hand's costliest decisions. The hand is drawn as soon as the `replay` message comes;
// the review's verdicts are added as the `review` messages bring them (a progress line until the last).
// Android Whist: the four hands as dealt, the turned trump card, each trick with who played what and
// every command and "Error." of the androids, and the result.

import { cardElement, cardLabel, cardText, sortHand, SUIT_NAME, SUIT_SYMBOL } from "../cards.js";
import { escapeHtml, pageSection, rulesText } from "./page.js";
import { isAndroidSeat } from "./android.js";
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

export function mount(root, ctx, params = {}) {
  const { net, settings, go } = ctx;
  // params: {id} the hand; {back} the screen Back returns to (default the history).
  const backTo = () => go(typeof params.back === "string" ? params.back : "history");
  const { body } = pageSection(root, "replay", "Replay", backTo);
  body.innerHTML = `<p class="loading" role="status">Reading the hand…</p>`;
  const id = Number(params.id);
  const ask = () => Number.isInteger(id) && net.send({ type: "replay", id });
  if (!Number.isInteger(id)) body.innerHTML = `<p class="panel">No hand was chosen: open one from the History.</p>`;
  ask();
  const offOpen = net.on("status", (st) => st === "open" && ask());
  let rep = null; // the replay as received so far (the review's parts added to it)
  let reviewError = ""; // why the review stopped, if it did
  let step = 0; // 0: the deal; 1..n: trick k
  let retry = null; // a replay refused as busy is asked again
  const $ = (sel) => body.querySelector(sel);

  const LEVELS = ["random", "easy", "hard", "expert", "oracle", "greedy"];
  function names() {
    const other = rep.names?.[1];
    return [rep.names?.[0] || "You", !other ? "Computer" : LEVELS.includes(other) ? `Computer (${other})` : other];
  }

  // The frame both games share: the head (the game, the trump, the result), the navigation, the trick,
  // the hands; the German review below. Drawn once per replay message; drawStep() fills it.
  function drawFrame() {
    const n = rep.tricks.length;
    const android = rep.game === "android";
    body.innerHTML = `
      <div class="panel replay-head">
        <span><b id="replay-game"></b></span>
        <span>Trump: <b class="${rep.trump === "H" || rep.trump === "D" ? "red-text" : ""}">${SUIT_SYMBOL[rep.trump]} ${SUIT_NAME[rep.trump]}</b>${android ? ` <span id="replay-turned"></span>` : ""}</span>
        <span id="replay-result"></span>
        <span id="replay-progress" class="replay-progress" role="status" hidden></span>
      </div>
      <nav class="replay-nav" aria-label="Tricks">
        <button id="replay-first" aria-label="The deal" title="The deal"><span aria-hidden="true">◀◀</span></button>
        <button id="replay-prev" aria-label="Previous trick" title="Previous trick"><span aria-hidden="true">◀</span></button>
        <output id="replay-step" aria-live="polite"></output>
        <button id="replay-next" aria-label="Next trick" title="Next trick"><span aria-hidden="true">▶</span></button>
        <button id="replay-last" aria-label="The last trick" title="The last trick"><span aria-hidden="true">▶▶</span></button>
      </nav>
      <div class="panel replay-trick-panel" id="replay-trick-panel" tabindex="-1"></div>
      <div class="replay-hands${android ? " four" : ""}" id="replay-hands"></div>
      ${android ? "" : `<div class="panel" id="replay-verdicts"></div>`}`;
    $("#replay-game").textContent = android ? "Android Whist" : rulesText(rep.rules.variant, rep.rules.scoring, rep.rules.target);
    $("#replay-result").textContent = android ? androidResult() : germanResult();
    if (android) {
      const b = document.createElement("b");
      b.className = rep.trump === "H" || rep.trump === "D" ? "red-text" : "";
      b.textContent = cardText(rep.trump_card);
      $("#replay-turned").append("(", b, " turned)");
    }
    const to = (k) => () => {
      goTo(k);
      $("#replay-step")?.focus?.();
    };
    $("#replay-first").addEventListener("click", () => to(0)());
    $("#replay-prev").addEventListener("click", () => to(step - 1)());
    $("#replay-next").addEventListener("click", () => to(step + 1)());
    $("#replay-last").addEventListener("click", () => to(n)());
    drawStep();
    if (!android) drawReview();
  }

  function goTo(k) {
    step = Math.max(0, Math.min(rep.tricks.length, k));
    drawStep();
  }

  // The step shown: the navigation, the trick (or the deal), the hands before it.
  function drawStep() {
    const n = rep.tricks.length;
    $("#replay-step").textContent = step === 0 ? "The deal" : `Trick ${step} of ${n}`;
    $("#replay-prev").disabled = $("#replay-first").disabled = step === 0;
    $("#replay-next").disabled = $("#replay-last").disabled = step === n;
    if (rep.game === "android") drawAndroidStep();
    else drawGermanStep();
  }

  // ---- German Whist ------------------------------------------------------------------------------

  function germanResult() {
    const r = rep.result;
    const [a, b] = names();
    let line;
    if (rep.rules.scoring === "total" && r.scored) line = `${a} scored ${r.scored[0]}, ${b} ${r.scored[1]}`;
    else if (r.winner === null || r.winner < 0) line = "no score";
    else line = `${names()[r.winner]} scored ${r.points}`;
    return `Result: ${a} ${r.tricks[0]} – ${r.tricks[1]} ${b}; ${line}`;
  }

  // Both hands before trick k (1-based; k = tricks + 1: after the last).
  function germanHandsBefore(k) {
    const hands = [new Set(rep.hands[0]), new Set(rep.hands[1])];
    for (const t of rep.tricks.slice(0, k - 1)) {
      hands[t.leader].delete(t.cards[0]);
      hands[1 - t.leader].delete(t.cards[1]);
      if (t.draws) t.draws.forEach((c, p) => c && hands[p].add(c));
    }
    return hands.map((h) => [...h]);
  }

  function handBox(title, cards, played, trump) {
    const box = document.createElement("div");
    box.className = "replay-hand";
    const h = document.createElement("h3");
    h.textContent = `${title}: ${cards.length} card${cards.length === 1 ? "" : "s"}`;
    const row = document.createElement("div");
    row.className = "replay-cards";
    row.setAttribute("role", "list");
    row.setAttribute("aria-label", `${title}'s hand`);
    for (const c of sortHand(cards, settings.get("suit-order"), trump)) {
      const e = cardElement(c);
      e.setAttribute("role", "listitem");
      if (played.includes(c)) {
        e.classList.add("played");
        e.setAttribute("aria-label", `${cardLabel(c)}, played to this trick`);
      }
      row.append(e);
    }
    box.append(h, row);
    return box;
  }

  function figure(card, caption, extra) {
    const f = document.createElement("figure");
    f.append(cardElement(card));
    const cap = document.createElement("figcaption");
    cap.textContent = caption;
    if (extra) {
      const x = document.createElement("span");
      x.className = "replay-command";
      x.textContent = extra;
      cap.append(document.createElement("br"), x);
    }
    f.append(cap);
    return f;
  }

  function drawGermanStep() {
    const t = step > 0 ? rep.tricks[step - 1] : null;
    const hands = germanHandsBefore(Math.max(step, 1));
    const foreplay = t && t.up !== null && t.up !== undefined;
    const tp = $("#replay-trick-panel");
    if (!t) {
      tp.innerHTML = `<p>The hand as dealt. ${escapeHtml(names()[1 - rep.dealer])} leads first. Step through the tricks with the arrows (or the arrow keys).</p>`;
    } else {
      tp.innerHTML = `<h2>${foreplay ? "Foreplay" : "Endgame"}, trick ${t.number}</h2><div class="replay-trick" id="replay-trick"></div><p id="replay-news"></p>`;
      const row = tp.querySelector("#replay-trick");
      t.cards.forEach((c, i) => row.append(figure(c, `${names()[i === 0 ? t.leader : 1 - t.leader]}${i === 0 ? " (led)" : ""}`)));
      if (foreplay) row.append(figure(t.up, "the up-card"));
      drawGermanNews();
    }
    const hb = $("#replay-hands");
    hb.replaceChildren(
      ...[0, 1].map((p) => handBox(`${names()[p]}${rep.dealer === p ? " (dealer)" : ""}`, hands[p], t?.cards ?? [], rep.trump)),
    );
  }

  // What happened in the trick shown, with your card's verdict once the review has it.
  function drawGermanNews() {
    const t = step > 0 ? rep.tricks[step - 1] : null;
    const el = $("#replay-news");
    if (!t || !el) return;
    const foreplay = t.up !== null && t.up !== undefined;
    // Built as HTML (the verdicts are marked up): every text in it is escaped, names first of all.
    const news = [escapeHtml(`${names()[t.winner]} won the trick${foreplay ? ` and took the ${cardText(t.up)}` : ""}.`)];
    if (t.draws) news.push(escapeHtml(`${names()[1 - t.winner]} drew the ${cardText(t.draws[1 - t.winner])}.`));
    const v = rep.verdicts.find((x) => x.trick === t.number);
    if (v) news.push(`Your ${escapeHtml(cardText(v.card))}: <span class="verdict ${verdictText(v) === "best" ? "best" : "lost"}" id="replay-verdict">${escapeHtml(verdictText(v))}</span> (with best play after it you take ${escapeHtml(v.value)} of the endgame tricks left; with the best card, ${escapeHtml(v.best)}).`);
    const f = rep.foreplay.find((x) => x.trick === t.number);
    if (f) {
      const lost = f.loss > 0 && !f.forced;
      const why = lost
        ? ` (the expert, from what you knew then, would have played the ${cardText(f.best)}; over ${f.worlds} sampled deals)`
        : "";
      news.push(`Your ${escapeHtml(cardText(f.card))}: <span class="verdict ${lost ? "lost" : "best"}" id="replay-foreplay-verdict">${escapeHtml(foreplayText(f))}</span>${escapeHtml(why)}.`);
    }
    if (!v && !f && !rep.complete) news.push(`<span class="muted" id="replay-pending">Your card's verdict is still being judged.</span>`);
    el.innerHTML = news.join(" ");
  }

  // The review as far as it has come: the progress line until it is complete, then the hand's
  // summary; the lists of verdicts so far, each opening its trick.
  function drawReview() {
    const vb = $("#replay-verdicts");
    if (!vb) return;
    const judged = rep.foreplay.length + rep.verdicts.length;
    const progress = $("#replay-progress");
    progress.hidden = rep.complete && !reviewError;
    if (reviewError) progress.textContent = `The review stopped: ${reviewError}`;
    else if (!rep.complete) {
      progress.replaceChildren();
      const bar = document.createElement("progress");
      bar.max = rep.tricks.length;
      bar.value = judged;
      bar.setAttribute("aria-hidden", "true");
      progress.append(`Reviewing your cards… ${judged} of ${rep.tricks.length}`, " ", bar);
    }
    // Keep the focus on the verdict it was on (a list redrawn under a finger or the keyboard).
    const focused = vb.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    vb.replaceChildren();
    // A button per verdict that opens its trick, scrolled into view and focused.
    const verdictButton = (trick, label, text, lost, key) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.className = lost ? "lost" : "best";
      b.textContent = label;
      b.dataset.key = key;
      b.setAttribute("aria-label", `Trick ${trick}, ${text}`);
      b.addEventListener("click", () => {
        goTo(rep.tricks.findIndex((x) => x.number === trick) + 1);
        const tp = $("#replay-trick-panel");
        tp.scrollIntoView({ block: "start", behavior: "instant" });
        tp.focus({ preventScroll: true });
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
          ol.append(verdictButton(c.trick, `${c.trick}. ${cardText(c.card)}: ${cost} (best ${cardText(c.best)})`, text, true, `c${c.trick}`));
        }
      } else {
        sec.insertAdjacentHTML("beforeend", `<p>None of your cards lost anything.</p>`);
      }
      vb.append(sec);
    }
    const fore = rep.foreplay;
    if (fore.length) {
      const sec = document.createElement("section");
      const best = fore.filter((f) => !(f.loss > 0)).length;
      sec.innerHTML = `<h2>Your foreplay</h2><p>${best} of your ${fore.length} foreplay cards${rep.complete ? "" : " judged so far"} were the expert's choice or as good. Choose one to see its trick.</p><ul class="verdict-list" id="replay-foreplay-list"></ul>`;
      const ul = sec.querySelector("ul");
      for (const f of fore)
        ul.append(verdictButton(f.trick, `${f.trick}. ${cardText(f.card)}: ${foreplayText(f)}`, `${cardLabel(f.card)}: ${foreplayText(f)}`, f.loss > 0 && !f.forced, `f${f.trick}`));
      vb.append(sec);
    }
    const end = document.createElement("section");
    if (!rep.verdicts.length) {
      end.innerHTML = `<h2>Your endgame</h2><p>${rep.complete ? "No verdicts for this hand." : "Its verdicts come last, all at once."}</p>`;
    } else {
      const best = rep.verdicts.filter((v) => v.value >= v.best).length;
      end.innerHTML = `<h2>Your endgame</h2><p>${best} of your ${rep.verdicts.length} endgame cards were best. Choose one to see its trick.</p><ul class="verdict-list" id="replay-endgame-list"></ul>`;
      const ul = end.querySelector("ul");
      for (const v of rep.verdicts)
        ul.append(verdictButton(v.trick, `${v.trick}. ${cardText(v.card)}: ${verdictText(v)}`, `${cardLabel(v.card)}: ${verdictText(v)}`, verdictText(v) !== "best", `e${v.trick}`));
    }
    vb.append(end);
    if (focused) vb.querySelector(`[data-key="${focused}"]`)?.focus({ preventScroll: true });
  }

  // ---- Android Whist -----------------------------------------------------------------------------

  const SEATS = ["D", "L", "X", "N"];
  // "D · You", "L · their android": each seat by its letter and whose it is.
  function seatName(seat) {
    const player = rep.seats[seat];
    if (isAndroidSeat(seat)) return player === 0 ? "your android" : "their android";
    return names()[player];
  }
  const seatTitle = (seat) => `${seat} · ${seatName(seat)}`;
  const sideName = (player) => (player === 0 ? "your side" : "the computer's side");

  function androidResult() {
    const r = rep.result;
    const won = r.winner === null || r.winner === undefined ? "nobody scored" : `${sideName(r.winner)} scored ${r.points} point${r.points === 1 ? "" : "s"}`;
    const score = r.score ? ` (game points ${r.score[0]}–${r.score[1]})` : "";
    return `Result: your side ${r.tricks[0]} tricks, the computer's side ${r.tricks[1]}; ${won}${score}`;
  }

  // Each seat's hand before trick k (1-based).
  function androidHandsBefore(k) {
    const hands = Object.fromEntries(SEATS.map((x) => [x, new Set(rep.hands[x])]));
    for (const t of rep.tricks.slice(0, k - 1)) t.cards.forEach((c, i) => hands[t.seats[i]].delete(c));
    return Object.fromEntries(SEATS.map((x) => [x, [...hands[x]]]));
  }

  // An event of the trick in words: "L · your android told “shortest”: “Error.” (clubs and spades tie
  // for shortest)", "L · your android told “spades”: 4♠", "N · You plays 8♠".
  function eventText(e) {
    const who = seatTitle(e.seat);
    if (!e.command) return `${who} plays ${cardText(e.card)}`;
    if (e.card) return `${who} told “${e.command}”: ${cardText(e.card)}`;
    return `${who} told “${e.command}”: “Error.” (${e.why ?? e.answer})`;
  }

  function drawAndroidStep() {
    const t = step > 0 ? rep.tricks[step - 1] : null;
    const hands = androidHandsBefore(Math.max(step, 1));
    const tp = $("#replay-trick-panel");
    tp.replaceChildren();
    if (!t) {
      const p = document.createElement("p");
      const lead = rep.tricks[0] ? ` ${seatTitle(rep.tricks[0].leader)} leads first.` : "";
      p.textContent = `The hand as dealt: ${seatTitle("D")} dealt and turned the ${cardLabel(rep.trump_card)}, D's card, which makes ${SUIT_NAME[rep.trump]} trump.${lead} Step through the tricks with the arrows (or the arrow keys).`;
      const row = document.createElement("div");
      row.className = "replay-trick";
      row.id = "replay-trump-card";
      row.append(figure(rep.trump_card, "the turned card"));
      tp.append(p, row);
    } else {
      const h = document.createElement("h2");
      h.textContent = `Trick ${t.number}`;
      const row = document.createElement("div");
      row.className = "replay-trick four";
      row.id = "replay-trick";
      t.cards.forEach((c, i) => {
        const seat = t.seats[i];
        const played = t.events.find((e) => e.seat === seat && e.card === c);
        const f = figure(c, `${seatTitle(seat)}${i === 0 ? " (led)" : ""}${seat === t.winner ? ", won" : ""}`, played?.command ? `“${played.command}”` : "");
        if (seat === t.winner) f.classList.add("winner");
        row.append(f);
      });
      const ol = document.createElement("ol");
      ol.className = "replay-events";
      ol.id = "replay-events";
      for (const e of t.events) {
        const li = document.createElement("li");
        li.textContent = eventText(e);
        if (!e.card) li.className = "error";
        ol.append(li);
      }
      const news = document.createElement("p");
      news.id = "replay-news";
      news.textContent = `${seatTitle(t.winner)} took the trick for ${sideName(rep.seats[t.winner])}.`;
      tp.append(h, row, ol, news);
    }
    const hb = $("#replay-hands");
    const order = ["D", "N", "L", "X"].filter((x) => rep.seats[x] === 0).concat(["D", "N", "L", "X"].filter((x) => rep.seats[x] !== 0));
    hb.replaceChildren(...order.map((x) => handBox(`${seatTitle(x)}${x === "D" ? " (dealer)" : ""}`, hands[x], t?.cards ?? [], rep.trump)));
  }

  const onKey = (e) => {
    if (e.key === "Escape") {
      backTo();
      return;
    }
    if (!rep || e.target.matches?.("input, select")) return;
    const n = rep.tricks.length;
    const k = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: n }[e.key];
    if (k === undefined) return;
    e.preventDefault();
    goTo(k);
  };
  document.addEventListener("keydown", onKey);

  return {
    title: "Replay · German Whist",
    onMessage(m) {
      if (m.type === "replay" && m.id === id) {
        // The whole hand at once; a German hand's review follows unless complete (kept from before).
        rep = { ...m, verdicts: [...(m.verdicts ?? [])], foreplay: [...(m.foreplay ?? [])] };
        reviewError = "";
        step = Math.min(step, rep.tricks.length);
        document.title = rep.game === "android" ? "Replay · Android Whist" : "Replay · German Whist";
        drawFrame();
      } else if (m.type === "review" && rep && m.id === id && !rep.complete) {
        rep.verdicts.push(...m.verdicts);
        rep.foreplay.push(...m.foreplay);
        if (m.complete) {
          rep.complete = true;
          rep.review = m.review;
        }
        drawReview();
        drawGermanNews();
      } else if (m.type === "error" && !rep && m.code === "busy") {
        // Another review of the player's is being worked out: ask again in a moment.
        $(".loading") && ($(".loading").textContent = "Another review is being worked out: waiting for it…");
        clearTimeout(retry);
        retry = setTimeout(ask, 1500);
      } else if (m.type === "error" && !rep) {
        body.innerHTML = `<p class="panel" id="replay-error">This hand cannot be replayed: ${escapeHtml(m.message ?? m.code)}</p>`;
      } else if (m.type === "error" && rep && !rep.complete && rep.game === "german" && ["server", "no_memory"].includes(m.code)) {
        reviewError = m.message ?? m.code;
        drawReview();
      }
    },
    unmount() {
      offOpen();
      clearTimeout(retry);
      document.removeEventListener("keydown", onKey);
    },
  };
}
