// app.js: the web client's shell. It opens the connection (transport.js: the WebSocket of net.js to
// whist serve, or without a server the engine in a Web Worker, local.js), keeps the settings
// (settings.js) and what the server last said about the player's game, and shows one screen at a
// time (js/screens/NAME.js). The screen's name is kept in the address (#table), so a reload comes
// back to the same screen; the server sends the game again on every connection. Each screen opened
// is an entry of the browser's history: Back returns to the screen before, typing an address (#home)
// opens that screen, and Back from home leaves the app as on any site.

import { createTransport } from "./transport.js";
import { createSettings } from "./settings.js";
import { createOnline } from "./online.js";

const SCREENS = ["home", "table", "android", "settings", "stats", "history", "replay", "rules", "online", "friend", "lobby"];

// The WebSocket to whist serve, or without a server the engine in a Web Worker (transport.js).
const net = createTransport();
const settings = createSettings(net);
// The online table this page follows, if any (online.js), over the same connection.
const online = createOnline(net);

// What the server said last. The player keeps a German Whist match and an Android Whist rubber;
// this connection follows one of them (docs/protocol.md, "The browser's WebSocket"):
// state.game (the configuration of the game followed, or null: the player has none of that kind),
// state.following ("german" or "android": the kind followed, as far as this page knows: the game's,
// else the kind it last opened or started), state.events (the game's events since the welcome),
// state.view (its view), state.games ({german, android}: the summary of each of the player's games,
// or null: {state, hand, score}), state.welcomed.
const state = { game: null, following: null, events: [], view: null, games: { german: null, android: null }, welcomed: false };

net.on("welcome", (m) => {
  state.game = m.game;
  if (m.game) state.following = m.game.game;
  state.events = [];
  state.view = null;
  if (m.games) state.games = m.games;
  state.welcomed = true;
});
net.on("games", (m) => {
  state.games = m.games;
});

// A screen that shows one kind of game (the two tables) makes the connection follow the player's game
// of that kind: follow(kind) sends "open" unless the connection follows it already, a new one of that
// kind is being started, or the player has none (false then). An "open" waits for its welcome: one in
// flight before it (the other kind's) does not send it again; a new connection forgets it.
let opening = null;
function follow(kind) {
  if (state.game?.game === kind || state.starting === kind || !state.games[kind]) return false;
  if (opening === kind) return true;
  state.following = kind;
  opening = kind;
  if (!net.send({ type: "open", game: kind })) opening = null;
  return true;
}
net.on("welcome", (m) => {
  if (m.game?.game === state.starting) state.starting = null; // the new game's welcome
  if (opening && (m.game?.game === opening || !m.games?.[opening])) opening = null;
});
net.on("status", (st) => st !== "open" && (opening = state.starting = null));
net.on("error", () => (state.starting = null)); // a new game refused (busy): the game as it was

// Starts a new game of kind (the `new` message, options from the settings): it replaces the player's
// game of that kind (the caller asks the player first when that one is unfinished: unfinished()).
function start(kind) {
  state.starting = kind;
  state.following = kind;
  return net.send({ type: "new", options: settings.newGameOptions(kind) });
}
// The player's game of kind when it is not over (a match or rubber going on), else null.
function unfinished(kind) {
  const g = state.games[kind];
  return g && g.state !== "over" ? g : null;
}
// While the connection follows an online table, its events are the table's (online.js keeps them).
net.on("event", (m) => !online.following && state.events.push(m));
net.on("view", (m) => {
  state.view = m.view;
});
// Leaves the online table (going elsewhere): the connection then follows no game of the player's, so
// the computer game is opened again when a table screen asks for it (follow).
function leaveTable() {
  if (!online.following) return;
  online.leave();
  state.game = null;
  state.view = null;
  state.events = [];
}

const root = document.getElementById("app");
let current = null; // {name, params, screen}

const ctx = { net, settings, state, go, follow, start, unfinished, online, leaveTable };

// The online table's addresses are its links: #/t/TABLE/SECRET (a seat) and #/t/TABLE (watching).
const hashOf = (name, params) =>
  name === "online" && params.table
    ? `#/t/${params.table}${params.secret ? `/${params.secret}` : ""}`
    : Object.keys(params).length ? `#${name}?${encodeURIComponent(JSON.stringify(params))}` : `#${name}`;

// Mounts screen name with params, in place of the one shown (the history is not touched).
let showing = 0; // bumped by every show: a later one wins over an import still on its way
let wanted = null; // the address of the screen shown, or being loaded
async function show(name, params) {
  const token = ++showing;
  wanted = hashOf(name, params);
  const mod = await import(`./screens/${name}.js`);
  if (token !== showing) return;
  if (current) current.screen.unmount?.();
  if (name !== "online") leaveTable();
  root.replaceChildren();
  current = { name, params, screen: null, hash: hashOf(name, params) };
  current.screen = mod.mount(root, ctx, params) ?? {};
  document.title = current.screen.title ?? "German Whist";
}

// The history entries of this visit carry {depth, from}: how many screens above the first one of
// the visit the entry is, and the address of the screen it was opened from.
const entry = () => history.state ?? { depth: 0, from: null };
let homeAtRoot = false; // going back to the visit's first entry to show home there

// Shows screen name (one of SCREENS) with params (an object, kept in the address as JSON) as a new
// entry of the history. Going to the screen this one was opened from goes back instead (Back
// buttons, Close), and going home goes back to the visit's first entry, so that the history holds
// each screen once and Back from home leaves the app. replace: take this entry's place (a screen
// that hands over to another by itself, as the table to the Android table).
export function go(name, params = {}, { replace = false } = {}) {
  if (!SCREENS.includes(name)) name = "home";
  const hash = hashOf(name, params);
  const at = entry();
  if (!replace && hash !== location.hash && at.from === hash) {
    history.back();
    return;
  }
  if (!replace && name === "home" && at.depth > 0) {
    homeAtRoot = true;
    history.go(-at.depth);
    return;
  }
  if (hash === location.hash || replace) history.replaceState(at, "", hash);
  else history.pushState({ depth: at.depth + 1, from: location.hash || "#home" }, "", hash);
  remember();
  show(name, params);
}

// Back, Forward, or an address typed: show the screen the address names.
function onAddress() {
  if (homeAtRoot) {
    homeAtRoot = false;
    history.replaceState(entry(), "", "#home");
  } else if (history.state === null) {
    // An address typed or followed: a new entry above the screen it replaced.
    history.replaceState({ depth: (lastEntry?.depth ?? 0) + 1, from: lastEntry?.hash ?? null }, "", location.hash);
  }
  const [name, params] = fromHash();
  const hash = hashOf(name, params);
  if (location.hash !== hash) history.replaceState(entry(), "", hash); // an unknown screen: home
  if (wanted !== hash) show(name, params);
  remember();
}
let lastEntry = null; // the entry shown last and its address (for an address typed after it)
const remember = () => (lastEntry = { ...entry(), hash: location.hash });
window.addEventListener("popstate", onAddress);
window.addEventListener("hashchange", () => wanted !== null && wanted !== location.hash && onAddress());

net.on("*", (m) => current?.screen?.onMessage?.(m));

// Connection news in one place for every screen. While a server that answered is out of reach, the
// player may play the computer on this device instead (transport.js, playHere); once they do, the news
// says so for a while, with the way back (a reload tries the server first).
const status = document.getElementById("net-status");
let hereNoteTimer = null;
function button(text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}
let news = ""; // what the news shows, so that a reconnection's every try does not build it again
net.on("status", (s) => {
  document.body.dataset.net = s;
  const here = s === "open" && net.fellBack;
  const text = s === "open" ? "" : s === "refused" ? net.message : net.lost ? "Connection lost: reconnecting…" : s === "connecting" ? "Connecting…" : "Connection lost: reconnecting…";
  const offer = !here && net.lost && net.canPlayHere;
  const key = here ? "here" : `${text}|${offer}`;
  if (key === news) return;
  news = key;
  clearTimeout(hereNoteTimer);
  status.hidden = s === "open" && !here;
  if (here) {
    status.replaceChildren("Playing on this device: the server is out of reach. ", button("Reconnect", () => location.reload()));
    hereNoteTimer = setTimeout(() => (status.hidden = true), 10_000);
    return;
  }
  status.textContent = text;
  if (offer) status.append(" ", button("Play on this device", () => net.playHere()));
});

function fromHash() {
  if (location.hash.startsWith("#/t/")) {
    const t = /^#\/t\/([0-9A-Za-z_-]{1,32})(?:\/([0-9a-f]{32}))?$/.exec(location.hash);
    return t ? ["online", t[2] ? { table: t[1], secret: t[2] } : { table: t[1] }] : ["online", { invalid: location.hash.slice(4, 80) }];
  }
  const m = /^#([a-z]+)(?:\?(.*))?$/.exec(location.hash);
  if (!m || !SCREENS.includes(m[1])) return ["home", {}];
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
  history.replaceState(entry(), "", hashOf(name, params));
  remember();
  show(name, params);
});

// The service worker (sw.js) keeps the app shell for a visit without the network. A page opened from a
// file or an insecure address has none: it works as before.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
