// home.js: the home screen: new game, resume, Android Whist, settings, statistics, history, rules,
// and the sound switch.

export function mount(root, ctx) {
  const { net, settings, state, go } = ctx;
  const s = document.createElement("section");
  s.id = "screen-home";
  s.dataset.screen = "home";
  s.className = "screen home";
  s.innerHTML = `
    <header class="home-top">
      <button id="open-stats" class="icon-button" aria-label="Statistics" title="Statistics">🏆</button>
      <button id="sound-toggle" class="icon-button" aria-pressed="true"></button>
    </header>
    <h1 class="title">German Whist</h1>
    <p class="subtitle">Two players, one deck: win the up-cards, then the tricks.</p>
    <nav class="home-menu">
      <button id="resume" class="primary" hidden>Resume game</button>
      <button id="new-game" class="primary">New game</button>
      <button id="android-game">Android Whist</button>
      <button id="open-history">History</button>
    </nav>
    <footer class="home-bottom">
      <button id="open-settings" class="icon-button" aria-label="Settings" title="Settings">⚙</button>
      <button id="open-rules" class="icon-button" aria-label="Rules" title="Rules">?</button>
    </footer>`;
  root.append(s);
  const $ = (id) => s.querySelector(`#${id}`);

  function refresh() {
    const g = state.game;
    $("resume").hidden = !g;
    $("resume").textContent = g?.game === "android" ? "Resume Android Whist" : "Resume game";
    $("new-game").textContent = state.game ? "Start new game" : "Touch to play";
    const on = settings.get("sound") === "on";
    $("sound-toggle").textContent = on ? "🔊" : "🔇";
    $("sound-toggle").setAttribute("aria-pressed", String(on));
    $("sound-toggle").setAttribute("aria-label", on ? "Sound on" : "Sound off");
  }
  refresh();
  const offSettings = settings.onChange(refresh);

  $("resume").onclick = () => go(state.game?.game === "android" ? "android" : "table");
  $("new-game").onclick = () => {
    net.send({ type: "new", options: settings.newGameOptions("german") });
    go("table");
  };
  $("android-game").onclick = () => {
    net.send({ type: "new", options: settings.newGameOptions("android") });
    go("android");
  };
  $("open-settings").onclick = () => go("settings");
  $("open-stats").onclick = () => go("stats");
  $("open-history").onclick = () => go("history");
  $("open-rules").onclick = () => go("rules");
  $("sound-toggle").onclick = () => settings.set({ sound: settings.get("sound") === "on" ? "off" : "on" });

  return {
    title: "German Whist",
    onMessage(m) {
      if (m.type === "welcome") refresh();
    },
    unmount() {
      offSettings();
    },
  };
}
