// home.js: the home screen: resume the player's German Whist match and Android Whist rubber (each
// while it goes on, with its score), a new game of either kind (asking first when it would abandon
// one going on), history, settings, statistics, rules, and the sound switch, with a short welcome for
// a newcomer.

import { ICONS } from "../icons.js";
import { confirmDialog, onSwipe, rulesText, screenSection } from "./page.js";
import { loadSeats } from "../online.js";

// A phone or tablet (a finger, not a mouse): the seed's "Touch to play"; elsewhere "Start a game".
const touch = () => window.matchMedia("(pointer: coarse)").matches;

export function mount(root, ctx) {
  const { settings, state, go, start, unfinished } = ctx;
  const s = screenSection("home", "home", `
    <header class="home-top">
      <button id="open-stats" class="icon-button" aria-label="Statistics" title="Statistics">${ICONS.trophy}</button>
      <button id="sound-toggle" class="icon-button" aria-pressed="true"></button>
    </header>
    <div class="home-main">
      <div class="home-hero" aria-hidden="true">
        <span class="hero-card black">A<br>♠</span><span class="hero-card red">K<br>♥</span>
      </div>
      <h1 class="title">German Whist</h1>
      <p class="subtitle" id="welcome"></p>
      <nav class="home-menu" aria-label="Play">
        <button id="resume" class="primary" hidden></button>
        <button id="resume-android" class="primary" hidden></button>
        <button id="new-game" class="primary"></button>
        <p class="home-rules" id="home-rules"></p>
        <button id="android-game">Android Whist</button>
        <div id="online-resume" class="online-resume"></div>
        <button id="play-friend">Play a friend</button>
        <button id="open-lobby">Lobby</button>
        <button id="open-history">History</button>
      </nav>
    </div>
    <footer class="home-bottom">
      <button id="open-settings" class="icon-button" aria-label="Settings" title="Settings">${ICONS.gear}</button>
      <button id="open-rules" class="icon-button" aria-label="Rules" title="Rules">${ICONS.help}</button>
    </footer>`);
  root.append(s);
  const $ = (id) => s.querySelector(`#${id}`);

  // What each of the player's games is, from the server's summaries (welcome, games): a Resume for
  // each one going on, never for one that is over.
  function refresh() {
    const g = unfinished("german");
    const a = unfinished("android");
    const when = (x) => (x.state === "hand_over" ? `after hand ${x.hand}` : `hand ${x.hand}`);
    $("resume").hidden = !g;
    if (g) $("resume").textContent = `Resume your match (${g.score[0]}–${g.score[1]}, ${when(g)})`;
    $("resume-android").hidden = !a;
    if (a) $("resume-android").textContent = `Resume Android Whist (games ${a.score[0]}–${a.score[1]}, ${when(a)})`;
    $("new-game").textContent = state.games.german ? "Start new game" : touch() ? "Touch to play" : "Start a game";
    $("new-game").classList.toggle("primary", !g && !a);
    $("android-game").textContent = a ? "New Android Whist rubber" : "Android Whist";
    const name = settings.get("name");
    const back = `Welcome back${name ? `, ${name}` : ""}`;
    const over = !g && state.games.german ? "match" : !a && state.games.android ? "Android Whist rubber" : null;
    $("welcome").textContent = g && a
      ? `${back}: your match and your Android Whist rubber are waiting.`
      : g || a
        ? `${back}: your ${g ? "match" : "Android Whist rubber"} is waiting.`
        : over
          ? `${back}: your last ${over} is over. Start a new one?`
          : `${name ? `Welcome, ${name}. ` : ""}Two players, one deck: win the up-cards, then the tricks.`;
    $("home-rules").textContent = `${rulesText(settings.get("variant"), settings.get("scoring"), settings.get("target"))} · computer: ${settings.get("opponent")}`;
    const on = settings.get("sound") === "on";
    $("sound-toggle").innerHTML = on ? ICONS.soundOn : ICONS.soundOff;
    $("sound-toggle").setAttribute("aria-pressed", String(on));
    $("sound-toggle").setAttribute("aria-label", "Sound");
    $("sound-toggle").title = on ? "Sound on" : "Sound off";
  }
  refresh();
  const offSettings = settings.onChange(refresh);

  $("resume").onclick = () => go("table");
  $("resume-android").onclick = () => go("android");
  // A new game of a kind replaces the player's game of that kind: one going on is abandoned only if
  // the player says so.
  const KINDS = {
    german: { screen: "table", title: "Start a new match?", what: "match", keep: "Keep my match", yes: "Start a new match" },
    android: { screen: "android", title: "Start a new rubber?", what: "Android Whist rubber", keep: "Keep my rubber", yes: "Start a new rubber" },
  };
  async function newGame(kind) {
    const k = KINDS[kind];
    const going = unfinished(kind);
    if (going) {
      const score = kind === "android" ? `games ${going.score[0]}–${going.score[1]}` : `${going.score[0]}–${going.score[1]}`;
      const ok = await confirmDialog(s, {
        title: k.title,
        text: `Your ${k.what} in progress (${score}, ${going.state === "hand_over" ? `after hand ${going.hand}` : `hand ${going.hand}`}) will be abandoned.`,
        yes: k.yes,
        no: k.keep,
      });
      if (!ok) return;
    }
    start(kind);
    go(k.screen);
  }
  $("new-game").onclick = () => newGame("german");
  $("android-game").onclick = () => newGame("android");
  $("play-friend").onclick = () => go("friend");
  $("open-lobby").onclick = () => go("lobby");
  // The online games this browser plays (their seat links, kept in localStorage), newest first.
  for (const x of loadSeats().filter((e) => !e.over).slice(0, 3)) {
    const b = document.createElement("button");
    b.className = "resume-online";
    b.textContent = `Back to your online ${x.game === "android" ? "Android Whist" : "game"}`;
    b.onclick = () => go("online", { table: x.table, secret: x.secret });
    $("online-resume").append(b);
  }
  $("open-settings").onclick = () => go("settings");
  $("open-stats").onclick = () => go("stats");
  $("open-history").onclick = () => go("history");
  $("open-rules").onclick = () => go("rules");
  $("sound-toggle").onclick = () => settings.set({ sound: settings.get("sound") === "on" ? "off" : "on" });

  // The seed's gestures: a swipe to the right opens the settings, to the left the rules.
  onSwipe(s, (way) => go(way === "right" ? "settings" : "rules"));

  return {
    title: "German Whist",
    onMessage(m) {
      if (m.type === "welcome" || m.type === "games") refresh();
    },
    unmount() {
      offSettings();
    },
  };
}
