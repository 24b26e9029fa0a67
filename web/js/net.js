// net.js: the client's one WebSocket to `whist serve` (path /ws, subprotocol "whist"): sends JSON
// messages, hands each received message to the subscribers of its type, and reconnects after a drop
// (the server then sends welcome, the events so far and the view again). A fatal refusal of the server
// (docs/protocol.md, "Identity") is shown as it says: two_tokens stops reconnecting (the browser must
// clear the site's cookies); too_many_new_players, server_full and not_saved before any welcome retry
// after 30 seconds.

import { createSubscribers } from "./subscribers.js";

const RETRY_MS = 30_000; // after a refusal that may pass
const FATAL = ["too_many_new_players", "server_full", "not_saved"]; // before a welcome

export function createNet(url = defaultUrl()) {
  const subs = createSubscribers(); // "*" for every message, "status" for the connection
  let ws = null;
  let delay = 250;
  let message = ""; // the server's words while the status is "refused"
  let stopped = false; // two_tokens: no more connections

  function open() {
    subs.setStatus("connecting");
    ws = new WebSocket(url, "whist");
    let welcomed = false; // this connection's
    let refused = false;
    ws.onopen = () => {
      delay = 250;
      subs.setStatus("open");
    };
    ws.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return; // the server sends JSON only
      }
      if (m.type === "welcome") welcomed = true;
      if (m.type === "error" && (m.code === "two_tokens" || (!welcomed && FATAL.includes(m.code)))) {
        refused = true;
        stopped = m.code === "two_tokens";
        message = m.message || "The server refused the connection.";
        subs.setStatus("refused"); // the server closes the socket next
        return;
      }
      subs.deliver(m);
    };
    ws.onclose = () => {
      ws = null;
      if (stopped) return; // the message stays
      if (refused) {
        setTimeout(open, RETRY_MS); // the message stays until then
        return;
      }
      subs.setStatus("closed");
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
    // "closed", "refused"). Returns the function that unsubscribes.
    on: subs.on,
    get status() {
      return subs.status;
    },
    // The server's explanation while the status is "refused".
    get message() {
      return message;
    },
    // Closes the socket for good: no status follows, no reconnection (transport.js: the page plays
    // on the engine's Web Worker instead).
    close() {
      stopped = true;
      if (ws) ws.close();
    },
  };
}

function defaultUrl() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}
