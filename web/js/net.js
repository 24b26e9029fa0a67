// net.js: the client's one WebSocket to `whist serve` (path /ws, subprotocol "whist"): sends JSON
// messages, hands each received message to the subscribers of its type, and reconnects after a drop
// (the server then sends welcome, the events so far and the view again).

export function createNet(url = defaultUrl()) {
  const subs = new Map(); // type ("*" for every message, "status" for the connection) -> Set of fn
  let ws = null;
  let delay = 250;
  let status = "connecting";

  function emit(type, value) {
    for (const fn of subs.get(type) ?? []) fn(value);
  }
  function setStatus(s) {
    status = s;
    emit("status", s);
  }
  function open() {
    setStatus("connecting");
    ws = new WebSocket(url, "whist");
    ws.onopen = () => {
      delay = 250;
      setStatus("open");
    };
    ws.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return; // the server sends JSON only
      }
      emit(m.type, m);
      emit("*", m);
    };
    ws.onclose = () => {
      ws = null;
      setStatus("closed");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    };
  }
  open();

  return {
    // Sends obj as JSON; false when the connection is down (nothing is queued: the game's state
    // comes back whole on reconnect, and a stale action must not be replayed).
    send(obj) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(obj));
      return true;
    },
    // Calls fn(message) for each message of that type ("*": all; "status": "connecting", "open",
    // "closed"). Returns the function that unsubscribes.
    on(type, fn) {
      if (!subs.has(type)) subs.set(type, new Set());
      subs.get(type).add(fn);
      return () => subs.get(type).delete(fn);
    },
    get status() {
      return status;
    },
  };
}

function defaultUrl() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}
