// transport.js: the one connection the page speaks protocol 2 over: the WebSocket to `whist serve`
// (net.js) when the page's server answers it, else the engine in a Web Worker (local.js): a static host
// (no /ws) or a server out of reach (the page opened from the service worker's cache with the network
// off; whist serve hands out the engine too: `whist serve --engine`). The socket is tried first; if it
// closes before it ever opened, the worker is started, and whichever works first is kept: a socket that
// opens wins (the worker is dropped); a worker that loads its engine wins (the socket stops retrying); a
// worker that cannot load (no engine here) leaves the socket retrying as before. Once a socket has
// opened, a drop is a drop (net.js reconnects): the player's games are the server's, and a game kept
// there cannot move into the page (that would hand the page the cards it must not see). While that
// socket is down, playHere() lets the player choose the worker instead (the same race: the socket
// coming back first keeps the server); the worker's games are this browser's own, and a reload tries
// the server again. Same interface as net.js (send, on, status, message), plus `kind` ("socket" or
// "local", also in <body data-transport>), `canPlayHere` and `fellBack` (the worker chosen by
// playHere).

import { createNet } from "./net.js";
import { createLocal } from "./local.js";
import { createSubscribers } from "./subscribers.js";

export function createTransport() {
  const subs = createSubscribers();
  const net = createNet();
  let cur = net;
  let deciding = true; // until the socket opened once, or the worker runs, or the worker failed
  let local = null;
  let fellBack = false; // the worker chosen by playHere
  let noEngine = false; // the worker could not load here: playHere is not offered again
  let wasOpen = false; // a socket opened once
  const mark = () => (document.body.dataset.transport = cur === net ? "socket" : "local");
  mark();
  // The messages of t, while it is the one in use.
  const relay = (t) =>
    t.on("*", (m) => {
      if (cur === t) subs.deliver(m);
    });

  relay(net);
  net.on("status", (s) => {
    if (cur !== net) return;
    if (s === "open") wasOpen = true;
    if (s === "open" && deciding) {
      deciding = false;
      local?.close();
      local = null;
    }
    if (deciding && s === "closed") {
      if (!local) tryLocal();
      return; // still "connecting" to the page
    }
    subs.setStatus(s);
  });

  function tryLocal() {
    local = createLocal();
    const l = local;
    relay(l);
    l.on("status", (s) => {
      if (l !== local) return;
      if ((s === "open" || s === "refused") && deciding) {
        // the engine runs ("refused": it waits for another tab to close)
        deciding = false;
        net.close();
        cur = l;
        mark();
        subs.setStatus(s);
      } else if (s === "failed" && deciding) {
        deciding = false; // the socket it is, retrying as before
        local = null;
        noEngine = true;
        subs.setStatus(net.status);
      } else if (cur === l) subs.setStatus(s);
    });
  }

  // The worker instead of a socket that opened once and is down now (reconnecting); false if it cannot be
  // tried.
  const lost = () => cur === net && wasOpen && (net.status === "closed" || net.status === "connecting");
  function playHere() {
    if (!lost() || local || !canRun()) return false;
    deciding = true;
    fellBack = true;
    tryLocal();
    return true;
  }
  const canRun = () => !noEngine && typeof Worker === "function" && typeof WebAssembly === "object";

  return {
    send: (obj) => cur.send(obj),
    playHere,
    get canPlayHere() {
      return lost() && !local && canRun();
    },
    // The socket had opened and is down now, reconnecting.
    get lost() {
      return lost();
    },
    get fellBack() {
      return fellBack && cur !== net;
    },
    on: subs.on,
    get status() {
      return subs.status;
    },
    get message() {
      return cur.message;
    },
    get kind() {
      return cur === net ? "socket" : "local";
    },
  };
}
