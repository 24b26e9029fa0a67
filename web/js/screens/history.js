// history.js: the stored hands of both games, newest first, as the terminal game's history: when,
// the rules, the computer, the tricks that counted and the result. A hand opens in the replay.

import { escapeHtml, pageSection, rulesText } from "./page.js";

const LIMIT = 200;

// "You 2", "You 10, slam", "Computer 3", "No score", with ", assisted" when you took back a card.
export function resultText(e) {
  if (e.winner === null || e.winner === undefined || e.winner < 0) return "No score";
  const other = e.vs === "person" ? "Opponent" : "Computer";
  const who = e.winner === 0 ? (e.game === "android" ? "Your side" : "You") : e.game === "android" ? "Their side" : other;
  return `${who} ${e.points}${e.slam ? ", slam" : ""}${e.assisted ? ", assisted" : ""}`;
}

function item(e) {
  const opponent = e.vs === "person" ? "a person" : e.opponent; // an online table's hand
  const rules = e.game === "android" ? "Android Whist" : rulesText(e.variant, e.scoring, e.target);
  const cls = e.winner === 0 ? "won" : e.winner === 1 ? "lost" : "";
  const label = `${rules}, hand ${e.number}, played ${e.played}, against ${opponent}: tricks ${e.tricks[0]} to ${e.tricks[1]}; ${resultText(e)}. Open the replay.`;
  return `<li><button class="history-item" data-id="${escapeHtml(e.id)}" data-game="${escapeHtml(e.game)}" aria-label="${escapeHtml(label)}">
    <span class="h-rules">${escapeHtml(rules)} <span class="h-detail">· hand ${escapeHtml(e.number)} · ${escapeHtml(opponent)}</span></span>
    <span class="h-result ${cls}">${escapeHtml(resultText(e))}</span>
    <span class="h-when"><span>${escapeHtml(String(e.played).slice(0, 16))}</span> · <span>tricks ${escapeHtml(e.tricks[0])}–${escapeHtml(e.tricks[1])}</span> · <span>score ${escapeHtml(e.score[0])}–${escapeHtml(e.score[1])}</span></span>
  </button></li>`;
}

export function mount(root, ctx) {
  const { net, go } = ctx;
  const { body } = pageSection(root, "history", "History", () => go("home"));
  body.innerHTML = `<p class="loading" role="status">Reading the history…</p>`;
  const ask = () => net.send({ type: "history", limit: LIMIT });
  ask();
  const offOpen = net.on("status", (st) => st === "open" && ask());
  const onKey = (e) => e.key === "Escape" && go("home");
  document.addEventListener("keydown", onKey);
  return {
    title: "History · German Whist",
    onMessage(m) {
      if (m.type === "history") {
        if (!m.entries.length) {
          body.innerHTML = `<p class="panel" id="history-empty">No hands yet: every hand you finish is listed here, newest first.</p>`;
          return;
        }
        body.innerHTML = `<div class="panel"><p class="muted">Newest first. Choose a hand to replay it${m.entries.length >= LIMIT ? ` (the last ${LIMIT} hands)` : ""}.</p>
          <ul class="history-list" id="history-list">${m.entries.map(item).join("")}</ul></div>`;
        for (const b of body.querySelectorAll(".history-item")) b.addEventListener("click", () => go("replay", { id: Number(b.dataset.id) }));
      } else if (m.type === "error" && body.querySelector(".loading")) {
        body.querySelector(".loading").textContent = `The history cannot be read: ${m.message ?? m.code}`;
      }
    },
    unmount() {
      offOpen();
      document.removeEventListener("keydown", onKey);
    },
  };
}
