// home.js: the home screen: new game, resume, Android Whist, settings, statistics, history, rules,
// and the sound switch, with a short welcome for a newcomer.

import { ICONS } from "../icons.js";
import { onSwipe, rulesText, screenSection } from "./page.js";

// A phone or tablet (a finger, not a mouse): the seed's "Touch to play"; elsewhere "Start a game".
const touch = () => window.matchMedia("(pointer: coarse)").matches;

export function mount(root, ctx) {
  const { net, settings, state, go } = ctx;
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
        <button id="new-game" class="primary"></button>
        <p class="home-rules" id="home-rules"></p>
        <button id="android-game">Android Whist</button>
        <button id="open-history">History</button>
      </nav>
    </div>
    <footer class="home-bottom">
      <button id="open-settings" class="icon-button" aria-label="Settings" title="Settings">${ICONS.gear}</button>
      <button id="open-rules" class="icon-button" aria-label="Rules" title="Rules">${ICONS.help}</button>
    </footer>`);
  root.append(s);
  const $ = (id) => s.querySelector(`#${id}`);

  function refresh() {
    // A game to resume: one that is not over (a finished match stays the player's game until a new
    // one, but there is nothing left to play in it).
    const g = state.game && !(state.view?.game === state.game.game && state.view.state === "over") ? state.game : null;
    const done = state.game && !g ? state.game : null;
    $("resume").hidden = !g;
    $("resume").textContent = g?.game === "android" ? "Resume Android Whist" : "Resume game";
    $("new-game").textContent = state.game ? "Start new game" : touch() ? "Touch to play" : "Start a game";
    $("new-game").classList.toggle("primary", !g);
    const name = settings.get("name");
    const kind = (x) => (x.game === "android" ? "Android Whist rubber" : "match");
    $("welcome").textContent = g
      ? `Welcome back${name ? `, ${name}` : ""}: your ${kind(g)} is waiting.`
      : done
        ? `Welcome back${name ? `, ${name}` : ""}: your last ${kind(done)} is over. Start a new one?`
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

  $("resume").onclick = () => go(state.game?.game === "android" ? "android" : "table");
  $("new-game").onclick = () => {
    state.starting = "german";
    net.send({ type: "new", options: settings.newGameOptions("german") });
    go("table");
  };
  $("android-game").onclick = () => {
    state.starting = "android";
    net.send({ type: "new", options: settings.newGameOptions("android") });
    go("android");
  };
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
      if (m.type === "welcome" || m.type === "view") refresh();
    },
    unmount() {
      offSettings();
    },
  };
}
