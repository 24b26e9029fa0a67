// online.js (screen): an online table, opened by its link: #/t/TABLE/SECRET takes that seat, #/t/TABLE
// watches. Above the table, a bar with both names, whose turn it is, the clock per card as a countdown,
// "waiting for X to reconnect (52 s)" and then Claim the match / Let the computer play, the end and
// the rematch, and the chat phrases. The table itself is the game against the computer's own drawing
// (table.js for German Whist, android.js for Android Whist), mounted with a host that tells it who the
// viewer is and what the server says may be played. While the friend has not come, the invite: the
// friend's link and the watch link, to copy or share. A link that opens nothing, and a seat opened in
// another browser, get a page of their own.

import { button, escapeHtml, screenSection } from "./page.js";
import { ICONS } from "../icons.js";
import { loadSeats } from "../online.js";

export const PHRASES = { good_game: "Good game", well_played: "Well played", thanks: "Thanks", oops: "Oops" };
const HOW = { played: "", claimed: " (claimed: the other player left)", resigned: " (the other player resigned)" };

export function mount(root, ctx, params) {
  const { online, go } = ctx;
  const st = online.state;

  if (params.invalid !== undefined || !params.table) return problemPage(root, go, "This link is not a table's link.",
    "A table's link looks like …/#/t/TABLE/SECRET (to play) or …/#/t/TABLE (to watch). Ask your friend to send it again.");

  const bar = screenSection("online-bar", "online-bar", `
    <button id="ob-home" class="icon-button" aria-label="Home" title="Home">${ICONS.home}</button>
    <div class="ob-names" id="ob-names"></div>
    <p class="ob-chat" id="ob-chat" aria-live="polite" hidden></p>
    <p class="ob-status" id="ob-status" role="status" aria-live="polite"></p>
    <div class="ob-actions" id="ob-actions"></div>
    <button id="chat-button" class="icon-button" aria-label="Say something" title="Say something" aria-expanded="false">${ICONS.chat}</button>
    <dialog class="ob-phrases" id="ob-phrases" aria-label="Say something">
      <div class="ob-phrase-list">${Object.entries(PHRASES).map(([k, v]) => `<button data-phrase="${k}">${v}</button>`).join("")}</div>
      <button id="phrases-cancel">Cancel</button>
    </dialog>`);
  bar.classList.remove("screen");
  root.append(bar);
  root.classList.add("online-host");
  const $ = (id) => bar.querySelector(`#${id}`);

  let game = null; // {kind, screen, section}
  let page = null; // the invite, moved or problem page shown instead of the table
  let gameLoading = null;

  const viewer = () => st.table?.you.player ?? null;
  const nameOf = (p) => st.seats?.[p]?.name || st.view?.names?.[p] || `Player ${p + 1}`;
  const host = {
    viewer,
    name: nameOf,
    legal: () => st.legal,
    view: () => st.view,
    events: () => st.events,
    send(m) {
      if (m.type === "act") return online.send({ type: "table_act", action: m.action });
      if (m.type === "next") return online.send({ type: "table_next" });
      return false;
    },
    rematch: () => online.send({ type: "table_rematch" }),
    rematchText() {
      const p = viewer();
      if (p === null) return "Rematch";
      if (st.rematch[p]) return "Rematch offered…";
      return st.rematch[1 - p] ? "Accept the rematch" : "Rematch";
    },
  };

  // ---- the game's own drawing ---------------------------------------------------------------------
  async function ensureGame() {
    const kind = st.table?.config?.game;
    if (!kind || !st.view) return;
    if (game?.kind === kind || gameLoading === kind) return;
    gameLoading = kind;
    const mod = await import(kind === "android" ? "./android.js" : "./table.js");
    if (gameLoading !== kind || unmounted) return;
    gameLoading = null;
    dropGame();
    clearPage();
    const holder = document.createElement("div");
    holder.className = "online-game";
    root.append(holder);
    const screen = mod.mount(holder, ctx, {}, host) ?? {};
    game = { kind, screen, holder };
    holder.firstElementChild?.classList.add("online");
    // The Android table is tall (four seats, the commands): its own header takes the chat button, and
    // the bar shows only when it has more to say than the table (a clock, a player away, the end).
    if (kind === "android") holder.querySelector(".a-top #log-button")?.before($("chat-button"));
    drawBar();
  }
  function dropGame() {
    if (!game) return;
    bar.append($("chat-button")); // back from the Android header
    game.screen.unmount?.();
    game.holder.remove();
    game = null;
  }
  const tell = (m) => game?.screen.onMessage?.(m);

  // ---- pages instead of the table -----------------------------------------------------------------
  function clearPage() {
    page?.remove();
    page = null;
  }
  function showPage(el) {
    clearPage();
    dropGame();
    page = el;
    root.append(el);
  }
  function invitePage() {
    const mine = loadSeats().find((x) => x.table === st.following?.table && x.secret === st.following?.secret);
    const base = `${location.origin}${location.pathname}`;
    const friend = mine?.invite ? `${base}#/t/${st.table.table}/${mine.invite}` : null;
    const watch = `${base}#/t/${st.table.table}`;
    const s = screenSection("invite", "page invite", `
      <header class="page-head"><button id="invite-home" class="icon-button" aria-label="Home" title="Home">${ICONS.home}</button>
      <h1>Play a friend</h1></header>
      <div class="page-body">
        ${friend ? `<p>Send this link to your friend: whoever opens it takes the other seat.</p>
        <div class="link-row"><input id="friend-link" readonly value="${escapeHtml(friend)}" aria-label="Your friend's link">
          <button id="copy-friend" class="primary">Copy</button>${navigator.share ? `<button id="share-friend">Share</button>` : ""}</div>`
          : `<p>Waiting for someone to take the other seat.</p>`}
        <p>Anyone with this link can watch (no hands are shown):</p>
        <div class="link-row"><input id="watch-link" readonly value="${escapeHtml(watch)}" aria-label="The watch link">
          <button id="copy-watch">Copy</button></div>
        <p class="waiting" id="waiting"><span class="spinner" aria-hidden="true"></span>Waiting for your friend…</p>
        <p class="fine">${escapeHtml(rulesLine())}</p>
      </div>`);
    const copy = async (input, btn) => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
      } catch {
        document.execCommand?.("copy");
      }
      btn.textContent = "Copied";
      setTimeout(() => (btn.textContent = "Copy"), 2000);
    };
    s.querySelector("#invite-home").onclick = () => go("home");
    if (friend) s.querySelector("#copy-friend").onclick = (e) => copy(s.querySelector("#friend-link"), e.currentTarget);
    s.querySelector("#copy-watch").onclick = (e) => copy(s.querySelector("#watch-link"), e.currentTarget);
    s.querySelector("#share-friend")?.addEventListener("click", () =>
      navigator.share({ title: "German Whist", text: "Play a game of whist with me", url: friend }).catch(() => {}));
    return s;
  }
  function rulesLine() {
    const t = st.table;
    if (!t) return "";
    const c = t.config;
    const game = c.game === "android" ? "Android Whist" : `German Whist, ${c.variant}, ${c.scoring}, to ${c.target}`;
    return `${game} · grace ${t.grace} s · ${t.clock ? `${t.clock} s a card` : "no clock"} · ${t.rated ? "rated" : "not rated"}`;
  }

  // ---- the bar ------------------------------------------------------------------------------------
  function seatLeft(p) {
    const x = st.seats?.[p];
    if (!x || x.grace_left_ms === null || x.grace_left_ms === undefined) return null;
    return Math.max(0, x.grace_left_ms - (performance.now() - x.at));
  }
  function drawBar() {
    const t = st.table;
    if (!t) {
      setHtml($("ob-names"), "");
      $("ob-status").textContent = st.problem ? "" : "Joining the table…";
      $("ob-actions").replaceChildren();
      actionsSig = "";
      return;
    }
    const me = viewer();
    const spectator = me === null;
    bar.dataset.role = spectator ? "spectator" : "player";
    // The names are on the table (the score boxes, the seats); the bar marks a spectator.
    setHtml($("ob-names"), spectator ? `<span class="badge" id="watching">Watching</span>` : "");
    $("ob-names").classList.toggle("empty", !spectator);
    const actions = [];
    let text = "";
    const other = spectator ? null : 1 - me;
    const o = other !== null ? st.seats?.[other] : null;
    if (st.over) {
      const w = st.over.winner;
      const what = t.config.game === "android" ? "rubber" : "match";
      text = w === null || w === undefined ? `The ${what} is over: a tie.`
        : w === me ? `You win the ${what}${HOW[st.over.how] ?? ""}.` : `${nameOf(w)} wins the ${what}${HOW[st.over.how] ?? ""}.`;
      if (!spectator) {
        const b = button("rematch-button", host.rematchText(), true, () => {
          host.rematch();
          b.textContent = host.rematchText();
        });
        if (st.rematch[other]) text += ` ${nameOf(other)} offers a rematch.`;
        actions.push(b);
      }
    } else if (t.phase === "waiting" && !st.view) {
      text = "Waiting for the other player…";
    } else if (o && o.kind === "person" && o.grace_left_ms !== null && o.grace_left_ms !== undefined && !o.taken_over) {
      // Away (the host gives the grace left only for a person who left and has not been replaced).
      const left = seatLeft(other);
      if (left === null || left <= 0) {
        text = `${nameOf(other)} has left.`;
        actions.push(button("claim-button", "Claim the match", true, () => online.send({ type: "table_claim" })));
        actions.push(button("computer-button", "Let the computer play", false, () => online.send({ type: "table_computer" })));
      } else text = `Waiting for ${nameOf(other)} to reconnect (${Math.ceil(left / 1000)} s)`;
    } else {
      const turn = st.view?.turn;
      const clock = st.clock ? Math.max(0, st.clock.left_ms - (performance.now() - st.clock.at)) : null;
      const secs = clock === null ? "" : ` (${Math.ceil(clock / 1000)} s)`;
      if (st.view?.state === "playing" && turn && turn.player !== null) {
        text = turn.player === me ? `Your turn${secs}` : `${nameOf(turn.player)}'s turn${secs}`;
        if (o?.taken_over) text += ` · the computer plays for ${nameOf(other)}`;
      } else if (st.view?.state === "hand_over") text = "The hand is over.";
      bar.classList.toggle("clock-low", clock !== null && clock < 5000);
    }
    if (spectator) {
      const who = [0, 1].filter((p) => st.seats?.[p] && st.seats[p].grace_left_ms !== null && st.seats[p].grace_left_ms !== undefined && st.seats[p].kind === "person" && !st.seats[p].taken_over);
      if (!st.over && who.length) text = `${who.map(nameOf).join(" and ")} away. ${text}`;
    }
    if ($("ob-status").textContent !== text) $("ob-status").textContent = text;
    const away = [0, 1].some((p) => st.seats?.[p]?.grace_left_ms !== null && st.seats?.[p]?.grace_left_ms !== undefined);
    const quiet = game?.kind === "android" && !spectator && !st.over && !actions.length && !st.clock && !away;
    bar.classList.toggle("quiet", quiet);
    // The buttons are replaced only when they change (the bar is drawn again every 250 ms while a
    // clock runs: a button under the finger or the focus stays).
    const sig = actions.map((b) => `${b.id}:${b.textContent}`).join("|");
    if (sig !== actionsSig) {
      actionsSig = sig;
      $("ob-actions").replaceChildren(...actions);
    }
  }
  let actionsSig = "";
  function setHtml(el, html) {
    if (el.dataset.html !== html) {
      el.dataset.html = html;
      el.innerHTML = html;
    }
  }
  function showChat() {
    const c = st.chat;
    const el = $("ob-chat");
    if (!c) return;
    const who = c.from === "spectator" ? "A spectator" : c.from === viewer() ? "You" : nameOf(c.from);
    el.textContent = `${who}: ${PHRASES[c.phrase] ?? c.phrase}`;
    // Shown for a while in the names' place (nothing on the table is covered, nothing moves).
    el.hidden = false;
    $("ob-names").hidden = true;
    clearTimeout(chatTimer);
    chatTimer = setTimeout(() => {
      el.hidden = true;
      $("ob-names").hidden = false;
    }, 4000);
  }
  let chatTimer = null;
  // The phrases in a small dialog (a tap away from the table, which it does not cover for long).
  const phrases = $("ob-phrases");
  $("ob-home").onclick = () => go("home");
  $("chat-button").onclick = () => {
    phrases.showModal();
    $("chat-button").setAttribute("aria-expanded", "true");
  };
  phrases.addEventListener("close", () => $("chat-button").setAttribute("aria-expanded", "false"));
  $("phrases-cancel").onclick = () => phrases.close();
  for (const b of bar.querySelectorAll("[data-phrase]")) {
    b.onclick = () => {
      online.send({ type: "table_chat", phrase: b.dataset.phrase });
      phrases.close();
    };
  }

  // ---- what the server says -----------------------------------------------------------------------
  function update() {
    bar.hidden = !!(st.problem || st.moved);
    drawBar();
    if (st.problem) {
      const code = st.problem.code;
      showPage(problemSection(go,
        code === "bad_secret" ? "This seat's link opens no seat." : code === "no_table" ? "There is no such table." : "This server has no online tables.",
        code === "bad_secret"
          ? "The link may be mistyped, or the table is over. Ask for the link again, or watch the table with its watch link."
          : code === "no_table" ? "The table may have ended long ago, or the link is mistyped." : st.problem.message || ""));
      return;
    }
    if (st.moved) {
      const s = problemSection(go, "This seat was opened in another browser.",
        "Only one browser plays a seat at a time: the game goes on there.");
      const again = button("take-back", "Play here instead", true, () => online.rejoin());
      s.querySelector(".page-body").append(again);
      showPage(s);
      return;
    }
    // Waiting for the friend: until the match's first view comes (the phase of the `table` message
    // may be the one of the join; table_seats and the first view follow when the friend comes).
    if (st.table?.phase === "waiting" && !st.view && viewer() !== null) {
      if (!page || page.id !== "screen-invite") showPage(invitePage());
      return;
    }
    if (page) clearPage();
    ensureGame();
  }
  const off = online.subscribe((kind, m) => {
    switch (kind) {
      case "table":
        tell({ type: "resync" });
        break;
      case "event":
        tell(m);
        break;
      case "view":
        tell({ type: "view", view: m.view });
        break;
      case "rematch":
        tell({ type: "rematch" });
        break;
      case "chat":
        showChat();
        break;
      case "error":
        tell(m);
        break;
      default:
        break;
    }
    update();
  });
  const tick = setInterval(() => {
    if (st.clock || st.seats?.some((x) => x.grace_left_ms)) drawBar();
  }, 250);
  let unmounted = false;

  online.follow(params.table, params.secret ?? null);
  update();

  return {
    title: "German Whist — online",
    unmount() {
      unmounted = true;
      off();
      clearInterval(tick);
      clearTimeout(chatTimer);
      if (phrases.open) phrases.close();
      dropGame();
      root.classList.remove("online-host");
    },
  };
}

function problemSection(go, title, text) {
  const s = screenSection("link-problem", "page link-problem", `
    <header class="page-head"><button id="problem-home" class="icon-button" aria-label="Home" title="Home">${ICONS.home}</button>
    <h1>${escapeHtml(title)}</h1></header>
    <div class="page-body"><p>${escapeHtml(text)}</p><button id="go-home" class="primary">Home</button></div>`);
  s.querySelector("#problem-home").onclick = () => go("home");
  s.querySelector("#go-home").onclick = () => go("home");
  return s;
}
function problemPage(root, go, title, text) {
  root.append(problemSection(go, title, text));
  return { title: "German Whist — no such table" };
}
