// lobby.js: the open tables waiting for a second player (the `lobby` message: each with its game,
// rules, grace, clock, whether it is rated, the waiting player's name and rating), each with a Play
// button (play_anyone with its rules: the server pairs with a table of them waiting), and "Play anyone"
// with rules of one's choice (friend.js with params.anyone). Asked again every 5 seconds while shown.

import { escapeHtml, pageSection, rulesText } from "./page.js";

export function mount(root, ctx) {
  const { online, go } = ctx;
  const { body } = pageSection(root, "lobby", "Lobby", () => go("home"));
  body.innerHTML = `
    <p>Tables waiting for a second player. Play at one, or ask for your own rules.</p>
    <div class="form-buttons"><button id="play-anyone" class="primary">Play anyone…</button>
      <button id="lobby-refresh">Refresh</button></div>
    <ul id="lobby-list" class="lobby-list panel" aria-live="polite"><li class="hint">Asking the server…</li></ul>
    <p id="lobby-error" class="error" role="alert" hidden></p>`;
  const list = body.querySelector("#lobby-list");
  body.querySelector("#play-anyone").onclick = () => go("friend", { anyone: true });
  body.querySelector("#lobby-refresh").onclick = () => online.askLobby();

  const describe = (t) => {
    const rules = t.game === "android" ? "Android Whist"
      : t.rules ? `German Whist · ${rulesText(t.rules.variant, t.rules.scoring, String(t.rules.target))}` : "German Whist";
    const clock = t.clock ? `${t.clock} s a card` : "no clock";
    return `${rules} · ${clock} · ${t.rated ? "rated" : "not rated"}`;
  };
  function draw(tables) {
    list.replaceChildren();
    if (!tables.length) {
      const li = document.createElement("li");
      li.className = "hint";
      li.textContent = "No table is waiting now. Play anyone makes one that others see here.";
      list.append(li);
      return;
    }
    for (const t of tables) {
      const li = document.createElement("li");
      li.className = "lobby-row";
      li.dataset.table = t.table;
      const rating = t.rating === null || t.rating === undefined ? "unrated" : `rating ${Math.round(t.rating)}`;
      li.innerHTML = `<div class="lobby-text"><b>${escapeHtml(t.waiting || "Someone")}</b> <small>(${rating})</small><br>
        <span>${escapeHtml(describe(t))}</span></div>`;
      const b = document.createElement("button");
      b.className = "primary";
      b.textContent = "Play";
      b.setAttribute("aria-label", `Play ${t.waiting || "someone"}: ${describe(t)}`);
      b.onclick = () => {
        const o = { game: t.game, grace: String(t.grace), clock: t.clock ? String(t.clock) : "off", rated: t.rated ? "yes" : "no" };
        if (t.game === "german" && t.rules) Object.assign(o, { variant: t.rules.variant, scoring: t.rules.scoring, target: String(t.rules.target) });
        online.create(o, true);
        b.disabled = true;
      };
      li.append(b);
      list.append(li);
    }
  }
  const off = online.subscribe((kind, m) => {
    if (kind === "lobby") draw(m.tables);
    else if (kind === "created") go("online", { table: m.table, secret: online.following.secret }, { replace: true });
    else if (kind === "error") {
      const e = body.querySelector("#lobby-error");
      e.textContent = m.message || m.code;
      e.hidden = false;
    }
  });
  online.askLobby();
  const timer = setInterval(() => online.askLobby(), 5000);
  return {
    title: "German Whist — lobby",
    unmount() {
      off();
      clearInterval(timer);
    },
  };
}
