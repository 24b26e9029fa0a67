// engine-worker.js: the Web Worker of the game without a server (local.js is its other end). It loads the
// engine in WebAssembly (js/whist-engine.js, which `./run.sh web-build` adds: docs/wasm.md) and answers, for the
// player's computer games, the messages whist serve answers over the WebSocket (protocol 2: welcome, new,
// open, act, undo, next, hint, quit, settings, stats, history, replay with its review; docs/protocol.md, "The
// browser's WebSocket"). It is a thin adapter: each game is the engine's table host (a German Whist match
// or an Android Whist rubber, the player at seat 0, the computer at seat 1), and every rule, legal move,
// computer decision, hint and review is the module's; the worker only turns the table's messages into
// the player's (`table` -> welcome, `table_view` -> view; events and errors as they are) and keeps the
// player's state in IndexedDB (store-idb.js): the settings, each game as the table's save text after
// every change (so a reload or a closed tab resumes it), each finished hand's record with its history
// entry and its facts for the statistics, and each finished match's (rubber's) result. The statistics are
// the module's, counted from those facts as whist serve counts them from its database (gw_wasm_stats). The
// computer thinks here, synchronously, so the page never waits on it.

import { openStore } from "./store-idb.js";
const MODULE = new URL("./whist-engine.js", import.meta.url);
const THINK_MS = 300; // the computer's time per decision, as whist serve's default
const KINDS = ["german", "android"];

const post = (m) => self.postMessage(m);
const now = () => performance.now();
const err = (code, message) => ({ type: "error", code, message });

// ---- the module: every call JSON in and out (docs/wasm.md) -----------------------------------------------

let M = null;
function call(name, ...args) {
  const f = M[`_${name}`];
  const ptrs = [];
  const cargs = args.map((a) => {
    if (typeof a !== "string") return a;
    const n = M.lengthBytesUTF8(a) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(a, p, n);
    ptrs.push(p);
    return p;
  });
  try {
    const out = f(...cargs);
    if (!out) return null;
    const text = M.UTF8ToString(out);
    M._gw_wasm_free(out);
    return JSON.parse(text);
  } finally {
    for (const p of ptrs) M._free(p);
  }
}
const E = {
  create: (req) => call("gw_wasm_new", JSON.stringify(req), now()),
  load: (save) => call("gw_wasm_load", JSON.stringify({ save, options: { "think-ms": THINK_MS } }), now()),
  join: (h, req) => call("gw_wasm_join", h, JSON.stringify(req), now()),
  leave: (h, conn) => call("gw_wasm_leave", h, conn, now()),
  message: (h, conn, m) => call("gw_wasm_message", h, conn, JSON.stringify(m), now()),
  computer: (h) => call("gw_wasm_computer", h, now()),
  tick: (h) => call("gw_wasm_tick", h, now()),
  save: (h) => call("gw_wasm_save", h),
  close: (h) => M._gw_wasm_close(h),
  hint: (h) => call("gw_wasm_hint", h, 0),
  review: (record) => call("gw_wasm_review", JSON.stringify({ record, seat: 0 })),
  settings: (kept, patch) => call("gw_wasm_settings", JSON.stringify(kept ?? {}), patch === undefined ? "" : JSON.stringify(patch)),
  stats: (facts) => call("gw_wasm_stats", JSON.stringify(facts)),
};
const failed = (r) => (r && r.ok === false ? err(r.error?.code ?? "server", r.error?.message ?? "the engine refused") : null);

// ---- the player's state ------------------------------------------------------------------------------------

let store = null;
let settings = {}; // every key (the module's gw_wasm_settings), once the engine is loaded
// games[kind]: {h (the table's handle), secret (seat 0's), conn, match, view, config, scores (the score
// events by hand), over (the match's over event, once seen)} or null: the player has none of that kind.
const games = { german: null, android: null };
let following = "german"; // the game the page follows
let conns = 0;

const random = (bytes) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
const seed = () => BigInt(`0x${random(8)}`).toString(10);

function summary(g) {
  const v = g?.view;
  if (!v) return null;
  return { state: v.state, hand: v.hand_number, score: v.game === "german" ? v.score : v.rubber.games };
}
const summaries = () => ({ german: summary(games.german), android: summary(games.android) });

// Relays the messages of a table call for the connection of kind's game, as the player's protocol has
// them; with welcome, the table's `table` message becomes the welcome. Returns the hands scored.
function relay(kind, r, { welcome = false, quiet = false } = {}) {
  const g = games[kind];
  const shown = !quiet && following === kind;
  let changed = false;
  for (const o of r.out ?? []) {
    if (o.conn !== g.conn) continue;
    const m = JSON.parse(o.text);
    if (m.type === "table") {
      g.config = m.config;
      if (welcome && shown) post({ type: "welcome", protocol: 2, game: m.config, games: summaries(), settings });
    } else if (m.type === "event") {
      if (m.kind === "score") g.scores.set(m.hand, m);
      if (m.kind === "over") g.over = m;
      if (shown) post(m);
    } else if (m.type === "table_view") {
      const before = JSON.stringify(summary(g));
      g.view = m.view;
      changed ||= JSON.stringify(summary(g)) !== before;
      if (shown) post({ type: "view", view: m.view });
    } else if (m.type === "error") {
      if (shown) post(m);
    } // table_seats, table_over, table_chat ...: a table's news, not a computer game's
  }
  return changed;
}

// After every call on kind's table: keep the finished hands, save the table, tell the summaries, and let
// the computer act when it is due (after the page had the messages so far).
async function after(kind, r, changed) {
  const g = games[kind];
  if (!g) return;
  for (const hand of r.hands ?? []) await keepHand(kind, hand);
  if (g.over) await keepResult(kind);
  await saveGame(kind);
  if (changed) post({ type: "games", games: summaries() });
  if (r.computer_due) setTimeout(() => run(() => step(kind, "computer")), 0);
  if (r.deadline >= 0) {
    clearTimeout(g.timer);
    g.timer = setTimeout(() => run(() => step(kind, "tick")), Math.max(0, r.deadline - now()));
  }
}

// What the engine does on kind's table by itself: "computer" (the computer's card, when due) or "tick" (a
// deadline of the clock passed).
async function step(kind, what) {
  const g = games[kind];
  if (!g) return;
  const r = E[what](g.h);
  if (failed(r)) return;
  await after(kind, r, relay(kind, r));
}

async function saveGame(kind) {
  const g = games[kind];
  const s = E.save(g.h);
  if (failed(s)) return;
  await store.put({ [`game:${kind}`]: { save: s.save, secret: g.secret, match: g.match } });
}

// A hand scored: its record and its history entry (the figures of the hand's score event, the rules of
// the game's configuration: nothing worked out here).
async function keepHand(kind, hand) {
  const g = games[kind];
  const c = g.config ?? {};
  const e = g.scores.get(hand.number);
  const winner = e?.winner ?? null;
  const opponent = c.players?.[1]?.level ?? "";
  const entry = {
    game: kind,
    match: g.match,
    number: hand.number,
    played: new Date().toISOString().replace("T", " ").slice(0, 19),
    // Android Whist: as whist serve's history gives it (src/host/history.c): "android", "rubber" and its
    // games' 5 points (GW_ANDROID_GAME_POINTS)
    variant: kind === "android" ? "android" : c.variant ?? "",
    scoring: kind === "android" ? "rubber" : c.scoring ?? "",
    opponent,
    vs: "computer",
    target: kind === "android" ? 5 : c.target ?? 0,
    tricks: e?.tricks ?? [0, 0],
    winner,
    points: winner === null ? 0 : e.points[winner],
    scored: e?.points ?? [0, 0],
    slam: hand.slam === true, // the session's: the hand's winner took every counted trick
    assisted: hand.assisted === true, // the session's: the hand had an undo
    score: e?.score ?? [0, 0],
  };
  // What the statistics count of it (gw_wasm_stats; docs/wasm.md): as whist serve's database has it.
  const fact =
    kind === "german"
      ? { game: kind, variant: entry.variant, scoring: entry.scoring, target: entry.target, opponent, winner, slam: entry.slam, assisted: entry.assisted }
      : { game: kind, opponent, winner, points: entry.points, game_winner: e?.game_winner ?? null };
  await store.addHand({ record: hand.record, entry, fact, review: null });
}

// The match (rubber) of kind's game is over: its result for the statistics, once per match (a reload sees
// the over event again). A game quit before its end is abandoned: no result, as whist serve counts it.
async function keepResult(kind) {
  const g = games[kind];
  const c = g.config ?? {};
  const winner = g.over.winner;
  if (g.overKept || (winner !== 0 && winner !== 1)) return;
  g.overKept = true;
  const results = (await store.get("results")) ?? {};
  if (results[g.match]) return;
  const opponent = c.players?.[1]?.level ?? "";
  results[g.match] =
    kind === "german" ? { game: kind, variant: c.variant ?? "", scoring: c.scoring ?? "", target: c.target ?? 0, opponent, winner } : { game: kind, opponent, winner };
  await store.put({ results });
}

// The page now follows kind: a fresh connection of the table (welcome, every event so far, the view), or
// a welcome without a game.
async function follow(kind) {
  following = kind;
  const g = games[kind];
  if (!g) {
    post({ type: "welcome", protocol: 2, game: null, games: summaries(), settings });
    return;
  }
  if (g.conn) E.leave(g.h, g.conn);
  g.conn = ++conns;
  const r = E.join(g.h, { conn: g.conn, secret: g.secret, identity: "me", name: settings.name || "You", since: 0 });
  const bad = failed(r);
  if (bad) {
    post(bad);
    return;
  }
  const changed = relay(kind, r, { welcome: true });
  await after(kind, r, changed);
}

async function newGame(options) {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return post(err("wrong_type", "options must be an object"));
  for (const [k, v] of Object.entries(options)) {
    if (!["game", "variant", "scoring", "target", "opponent"].includes(k)) return post(err("unknown_field", `options has no field '${k}'`));
    if (typeof v !== "string") return post(err("wrong_type", `options.${k} must be a string`));
  }
  const kind = options.game ?? "german";
  if (!KINDS.includes(kind)) return post(err("bad_value", "game is german or android"));
  const secret = random(16);
  const r = E.create({
    options: { ...options, game: kind, seed: seed(), "think-ms": THINK_MS },
    secrets: [secret, random(16)],
    grace: 3600,
    undo: true, // the player may take back cards, as in whist serve's computer games
  });
  const bad = failed(r);
  if (bad) return post(bad);
  const old = games[kind];
  if (old) {
    clearTimeout(old.timer);
    E.close(old.h);
  }
  const match = ((await store.get("matches")) ?? 0) + 1;
  await store.put({ matches: match, last: kind });
  games[kind] = { h: r.table, secret, conn: 0, match, view: null, config: null, scores: new Map(), over: null, overKept: false, timer: null };
  await follow(kind);
  post({ type: "games", games: summaries() });
}

async function quit() {
  const g = games[following];
  if (g) {
    clearTimeout(g.timer);
    E.close(g.h);
    games[following] = null;
    await store.put({ [`game:${following}`]: null });
  }
  post({ type: "welcome", protocol: 2, game: null, games: summaries(), settings });
  post({ type: "games", games: summaries() });
}

// A message for the game followed, to its table: act, next, undo.
async function toTable(m) {
  const g = games[following];
  if (!g) return post(err("no_game", "You have no game of this kind: start one."));
  const r = E.message(g.h, g.conn, m);
  const bad = failed(r);
  if (bad) return post(bad);
  await store.put({ last: following });
  await after(following, r, relay(following, r));
}

// The settings message: checked by the module as whist serve checks it (gw_web_settings_patch: the same
// keys, values, codes and words).
async function setSettings(patch) {
  if (patch === undefined) return post(err("missing_field", "a settings message needs 'settings' (an object)"));
  const r = E.settings(settings, patch);
  if (failed(r)) return post(failed(r));
  settings = r.settings;
  await store.put({ settings });
  post({ type: "settings", settings });
}

async function history(limit) {
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) return post(err("out_of_range", "limit is 1 to 500"));
  const hands = await store.hands(limit);
  post({ type: "history", entries: hands.map((h) => ({ id: h.id, ...h.entry })) });
}

// The statistics: the module counts them from the facts kept (every hand, in the order played, and the
// finished matches and rubbers), as whist serve does from its database; ratings: none offline (they are
// between people).
async function stats() {
  const hands = (await store.hands(0)).reverse();
  const results = (await store.get("results")) ?? {};
  const facts = {
    hands: hands.filter((h) => h.fact).map((h) => h.fact),
    games: Object.keys(results)
      .sort((a, b) => a - b)
      .map((k) => results[k]),
  };
  const r = E.stats(facts);
  post(failed(r) ?? r.message);
}

// A replay: the hand at once when its review is kept, else the hand (from the module's replay and review,
// one call: the review is worked out here, the page is not kept waiting on it) and the review kept.
async function replay(id) {
  const hand = Number.isInteger(id) ? await store.hand(id) : undefined;
  if (!hand) return post(err("not_found", "There is no such hand in your history."));
  if (hand.review) return post({ ...hand.review, id });
  const r = E.review(hand.record);
  const bad = failed(r);
  if (bad) return post(bad);
  const m = { ...r.message, id };
  hand.review = m;
  await store.putHand(hand);
  post(m);
}

async function hint() {
  const g = games[following];
  if (!g) return post(err("no_game", "You have no game of this kind: start one."));
  const r = E.hint(g.h);
  post(failed(r) ?? r.message);
}

async function handle(m) {
  if (!m || typeof m.type !== "string") return post(err("not_object", "a message is a JSON object"));
  switch (m.type) {
    case "new":
      return newGame(m.options ?? {});
    case "open":
      if (!KINDS.includes(m.game)) return post(err("bad_value", "game is german or android"));
      return follow(m.game);
    case "act":
      return toTable({ type: "table_act", action: m.action });
    case "next":
      return toTable({ type: "table_next" });
    case "undo":
      // the table host's undo, the session's as whist serve's (its refusals: cannot_undo with the reason)
      return toTable({ type: "table_undo" });
    case "hint":
      return hint();
    case "quit":
      return quit();
    case "settings":
      return setSettings(m.settings);
    case "stats":
      return stats();
    case "history":
      return history(m.limit);
    case "replay":
      return replay(m.id);
    default:
      // tables, the lobby, play anyone: people online need the server
      return post(err("unknown_type", "Playing people online needs the server: this page plays offline."));
  }
}

// One thing at a time, in order: the page's messages and the computer's turns.
let queue = Promise.resolve();
function run(job) {
  queue = queue.then(job).catch((e) => post(err("server", `the offline engine failed: ${e?.message ?? e}`)));
  return queue;
}

// One tab at a time plays from the browser's store: a second tab's worker waits (the page says why) until
// the first tab is closed, then reads the games as that one left them. The lock is held for good.
function holdLock() {
  if (!navigator.locks) return Promise.resolve();
  const hold = (resolve) => () => {
    resolve();
    return new Promise(() => {});
  };
  return new Promise((resolve) =>
    navigator.locks.request("whist-offline", { ifAvailable: true }, (lock) => {
      if (lock) return hold(resolve)();
      post({ type: "local_status", status: "waiting", message: "The game is open in another tab: close that tab to play here." });
      navigator.locks.request("whist-offline", hold(resolve));
      return null;
    }),
  );
}

async function start() {
  const { default: create } = await import(MODULE.href);
  M = await create();
  await holdLock();
  store = await openStore();
  settings = E.settings(await store.get("settings"), undefined).settings; // what this whist takes of them
  for (const kind of KINDS) {
    const kept = await store.get(`game:${kind}`);
    if (!kept) continue;
    const r = E.load(kept.save);
    if (failed(r)) continue; // a save this engine cannot read: that game is lost, the other plays on
    games[kind] = { h: r.table, secret: kept.secret, conn: 0, match: kept.match, view: null, config: null, scores: new Map(), over: null, overKept: false, timer: null };
  }
  const last = await store.get("last");
  following = KINDS.includes(last) ? last : games.german || !games.android ? "german" : "android";
  // Each game's view (for the summaries) before the first welcome: join both, the followed one last.
  for (const kind of KINDS) {
    if (!games[kind] || kind === following) continue;
    const g = games[kind];
    g.conn = ++conns;
    const r = E.join(g.h, { conn: g.conn, secret: g.secret, identity: "me", name: settings.name || "You", since: 0 });
    if (failed(r)) continue;
    relay(kind, r, { quiet: true });
    if (r.computer_due) setTimeout(() => run(() => step(kind, "computer")), 0);
  }
  post({ type: "local_status", status: "open" });
  await follow(following);
}

self.onmessage = (e) => run(() => handle(e.data));
run(() =>
  start().catch((e) => {
    post({ type: "local_status", status: "failed", message: `the engine did not load: ${e?.message ?? e}` });
    self.close();
  }),
);
