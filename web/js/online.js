// online.js: the state of the online table this page follows (docs/protocol.md, "Tables: two people
// online"): what the server said (the table, its seats, the events of the match in play, the view, what
// the viewer may do now, the running clock, the end, the rematch offers, the chat) and nothing worked out
// from the rules. It speaks through a transport ({send, on}: net.js's WebSocket today, a Web Worker's
// port tomorrow), remembers the last event number and joins again with `since` after a drop, makes
// tables (Play a friend, Play anyone), asks for the lobby, and keeps the seat links of the tables this
// browser plays at (localStorage) so that home can offer to go back to them.

const STORE = "whist-tables"; // [{table, secret, game, invite, watch, at}] newest first
const KEEP = 6;

export function loadSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) ?? "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.table === "string" && typeof x.secret === "string") : [];
  } catch {
    return [];
  }
}
function saveSeats(list) {
  try {
    localStorage.setItem(STORE, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    // private mode, full storage: the links are not remembered, the game goes on
  }
}
export function rememberSeat(entry) {
  const list = loadSeats().filter((x) => !(x.table === entry.table && x.secret === entry.secret));
  const old = loadSeats().find((x) => x.table === entry.table && x.secret === entry.secret) ?? {};
  saveSeats([{ ...old, ...entry, at: Date.now() }, ...list]);
}
export function forgetSeat(table) {
  saveSeats(loadSeats().filter((x) => x.table !== table));
}

export function createOnline(transport) {
  const subs = new Set();
  const st = {
    following: null, // {table, secret}: the table this page follows (secret null: watching)
    joined: false, // the server answered this connection's join with `table`
    table: null, // the `table` message: you, config, grace, clock, rated, phase, seats, match, base, ratings
    events: [], // the events of the match in play, as this viewer sees them
    last: 0, // the number of the last event seen (the table's numbering)
    view: null,
    legal: [],
    clock: null, // {player, left_ms, at}: at, the page's time when it came
    seats: null, // [SEAT, SEAT], each with `at` (when its grace_left_ms came)
    over: null, // {winner, how}
    rematch: [false, false],
    chat: null, // the last phrase: {from, phrase, at}
    moved: false, // the seat was opened in another browser
    problem: null, // {code, message}: the link opens nothing (no_table, bad_secret)
    lobby: null, // the lobby's tables
    creating: null, // the options of a table_new or play_anyone sent, until table_created
  };
  const emit = (kind, m) => {
    for (const fn of [...subs]) fn(kind, m);
  };

  function join() {
    if (!st.following) return;
    st.joined = false;
    const { table, secret } = st.following;
    transport.send({ type: "table_join", table, secret: secret ?? null, since: st.last });
  }

  transport.on("status", (s) => {
    if (s !== "open") {
      st.joined = false;
      emit("status", s);
      return;
    }
    join(); // a new connection: the server follows no table for it yet
    emit("status", s);
  });

  transport.on("table_created", (m) => {
    const game = st.creating?.game ?? "german";
    st.creating = null;
    // The maker gets both seats' secrets (its own first); one paired by Play anyone gets its own only
    // (the other null).
    const [s0, s1] = m.links.seat;
    const mine = s0 ?? s1;
    rememberSeat({ table: m.table, secret: mine, game, invite: s0 && s1 ? s1 : null, watch: m.links.watch });
    st.following = { table: m.table, secret: mine };
    reset();
    emit("created", m);
  });
  transport.on("table", (m) => {
    if (!st.following || m.table !== st.following.table) return;
    const newMatch = st.table && st.table.match !== m.match;
    if (m.resync || newMatch || !st.table) {
      st.events = [];
      st.over = null;
    }
    st.events = st.events.filter((e) => e.number > m.base);
    st.table = m;
    st.seats = stamp(m.seats);
    st.joined = true;
    st.moved = false;
    st.problem = null;
    if (m.phase === "over" && !st.over) st.over = { winner: null, how: "played" };
    if (m.phase !== "over") {
      st.over = null;
      st.rematch = [false, false];
    }
    if (m.you.player !== null && st.following.secret) rememberSeat({ table: m.table, secret: st.following.secret, game: m.config.game });
    emit("table", m);
  });
  transport.on("event", (m) => {
    if (!st.joined) return; // the computer game's events (a welcome), or before the table's answer
    if (m.number <= st.last && st.events.some((e) => e.number === m.number)) return;
    st.events.push(m);
    st.last = Math.max(st.last, m.number);
    emit("event", m);
  });
  transport.on("table_view", (m) => {
    if (!st.joined) return;
    if (!m.view) return; // no match yet (a seat is empty)
    st.view = m.view;
    st.legal = m.legal ?? [];
    st.clock = m.clock ? { ...m.clock, at: performance.now() } : null;
    if (st.table && m.view.state === "over" && !st.over) st.over = { winner: m.view.winner, how: "played" };
    emit("view", m);
  });
  transport.on("table_seats", (m) => {
    if (!st.joined) return;
    st.seats = stamp(m.seats);
    emit("seats", m);
  });
  transport.on("table_over", (m) => {
    if (!st.joined) return;
    st.over = { winner: m.winner, how: m.how };
    if (st.following) {
      const entry = loadSeats().find((x) => x.table === st.following.table);
      if (entry) rememberSeat({ ...entry, over: true });
    }
    emit("over", m);
  });
  transport.on("table_rematch", (m) => {
    if (!st.joined) return;
    st.rematch = m.offered;
    emit("rematch", m);
  });
  transport.on("table_chat", (m) => {
    if (!st.joined) return;
    st.chat = { from: m.from, phrase: m.phrase, at: performance.now() };
    emit("chat", m);
  });
  transport.on("table_moved", () => {
    st.moved = true;
    st.joined = false;
    emit("moved");
  });
  transport.on("lobby", (m) => {
    st.lobby = m.tables;
    emit("lobby", m);
  });
  transport.on("error", (m) => {
    // The answer to a join that opens nothing (unknown_type: a server without tables).
    if (["no_table", "bad_secret", "unknown_type"].includes(m.code) && st.following && !st.joined) {
      st.problem = { code: m.code, message: m.message };
      if (st.following.secret && m.code !== "unknown_type") forgetSeat(st.following.table);
      emit("problem", m);
      return;
    }
    if (st.creating) st.creating = null;
    emit("error", m);
  });

  function stamp(seats) {
    const now = performance.now();
    return seats.map((x) => ({ ...x, at: now }));
  }
  function reset() {
    st.joined = false;
    st.table = null;
    st.events = [];
    st.last = 0;
    st.view = null;
    st.legal = [];
    st.clock = null;
    st.seats = null;
    st.over = null;
    st.rematch = [false, false];
    st.chat = null;
    st.moved = false;
    st.problem = null;
  }

  return {
    state: st,
    // Calls fn(kind, message) on every change ("table", "event", "view", "seats", "over", "rematch",
    // "chat", "moved", "problem", "lobby", "created", "error", "status"). Returns the unsubscriber.
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    // Follows table id as the seat of secret (null: watching); nothing when it does already.
    follow(table, secret = null) {
      const same = st.following && st.following.table === table && st.following.secret === secret;
      if (same && (st.joined || st.table)) {
        if (!st.joined && !st.moved) join();
        return;
      }
      if (!same) reset();
      st.following = { table, secret };
      join();
    },
    // Takes the seat back after it was opened elsewhere.
    rejoin() {
      st.moved = false;
      join();
    },
    leave() {
      if (st.following) transport.send({ type: "table_leave" });
      st.following = null;
      reset();
    },
    // Makes a table (Play a friend) or asks to be paired (Play anyone): options as the protocol's.
    create(options, anyone = false) {
      st.creating = options;
      st.following = null;
      reset();
      return transport.send({ type: anyone ? "play_anyone" : "table_new", options });
    },
    askLobby() {
      return transport.send({ type: "lobby" });
    },
    send(m) {
      return transport.send(m);
    },
    get following() {
      return st.following;
    },
  };
}
