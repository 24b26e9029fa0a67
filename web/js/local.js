// local.js: the game against the computer without a server: a transport with net.js's interface (send,
// on, status, message, close) whose other end is a Web Worker (engine-worker.js) running the engine in
// WebAssembly, which answers the messages `whist serve` answers for a player's computer games (protocol
// 2: docs/protocol.md, "The browser's WebSocket"). The page never waits on it: the computer thinks in the
// worker. Status: "connecting" while the worker loads the engine, then "open", or "failed" (no engine
// here, or no Web Worker), or "refused" while another tab of the browser plays (until it closes), with
// the reason in `message`.

import { createSubscribers } from "./subscribers.js";

export function createLocal(url = new URL("./engine-worker.js", import.meta.url)) {
  const subs = createSubscribers();
  let message = "";
  let worker = null;

  function fail(why) {
    message = why;
    if (worker) worker.terminate();
    worker = null;
    subs.setStatus("failed");
  }
  try {
    worker = new Worker(url, { type: "module" });
  } catch (e) {
    queueMicrotask(() => fail(`no Web Worker: ${e.message}`));
  }
  if (worker) {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m && m.type === "local_status") {
        if (m.status === "open") subs.setStatus("open");
        else if (m.status === "waiting") {
          message = m.message; // another tab plays: "refused" until it closes
          subs.setStatus("refused");
        }
        else fail(m.message || "the engine did not load");
        return;
      }
      if (!m || typeof m.type !== "string") return;
      subs.deliver(m);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (subs.status === "connecting") fail(e.message || "the engine's worker did not start");
    };
  }

  return {
    // Hands obj to the worker; false until the engine is loaded (nothing is queued, as on the socket).
    send(obj) {
      if (!worker || subs.status !== "open") return false;
      worker.postMessage(JSON.parse(JSON.stringify(obj)));
      return true;
    },
    on: subs.on,
    get status() {
      return subs.status;
    },
    get message() {
      return message;
    },
    close() {
      if (worker) worker.terminate();
      worker = null;
    },
  };
}
