// app.js: the web client's shell. It opens the connection (net.js), keeps the settings
// (settings.js) and what the server last said about the player's game, and shows one screen at a
// time (js/screens/NAME.js). The screen's name is kept in the address (#table), so a reload comes
// back to the same screen; the server sends the game again on every connection.

import { createNet } from "./net.js";
import { createSettings } from "./settings.js";

const SCREENS = ["home", "table", "android", "settings", "stats", "history", "replay", "rules"];

const net = createNet();
const settings = createSettings(net);

// What the server said last: state.game (the game's configuration, or null: no game), state.events
// (its events since the connection's welcome), state.view (the player's view), state.welcomed.
const state = { game: null, events: [], view: null, welcomed: false };

net.on("welcome", (m) => {
  state.game = m.game;
  state.events = [];
  state.view = null;
  state.welcomed = true;
});
net.on("event", (m) => state.events.push(m));
net.on("view", (m) => {
  state.view = m.view;
});

const root = document.getElementById("app");
let current = null; // {name, params, screen}

const ctx = { net, settings, state, go };

// Shows screen name (one of SCREENS) with params (an object, kept in the address as JSON).
export async function go(name, params = {}) {
  if (!SCREENS.includes(name)) name = "home";
  const mod = await import(`./screens/${name}.js`);
  if (current) current.screen.unmount?.();
  root.replaceChildren();
  const hash = Object.keys(params).length ? `#${name}?${encodeURIComponent(JSON.stringify(params))}` : `#${name}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  current = { name, params, screen: null };
  current.screen = mod.mount(root, ctx, params) ?? {};
  document.title = current.screen.title ?? "German Whist";
}

net.on("*", (m) => current?.screen?.onMessage?.(m));

// Connection news in one place for every screen.
const status = document.getElementById("net-status");
net.on("status", (s) => {
  status.hidden = s === "open";
  status.textContent =
    s === "open" ? "" : s === "connecting" ? "Connecting…" : s === "refused" ? net.message : "Connection lost: reconnecting…";
  document.body.dataset.net = s;
});

function fromHash() {
  const m = /^#([a-z]+)(?:\?(.*))?$/.exec(location.hash);
  if (!m) return ["home", {}];
  let params = {};
  try {
    params = m[2] ? JSON.parse(decodeURIComponent(m[2])) : {};
  } catch {
    params = {};
  }
  return [m[1], params];
}

// The first screen waits for the first welcome, so it knows whether there is a game.
const off = net.on("welcome", () => {
  off();
  const [name, params] = fromHash();
  go(name, params);
});
