// subscribers.js: the subscriptions the transports share (net.js's WebSocket, local.js's Web Worker and
// transport.js, which picks one of them): on(type, fn) for each message of a type ("*": all of them;
// "status": the connection's), and the connection's status, told to the "status" subscribers when it
// changes.

export function createSubscribers() {
  const subs = new Map(); // type -> Set of fn
  let status = "connecting";
  const emit = (type, value) => {
    for (const fn of [...(subs.get(type) ?? [])]) fn(value);
  };
  return {
    // Calls fn(value) for each value of that type. Returns the function that unsubscribes.
    on(type, fn) {
      if (!subs.has(type)) subs.set(type, new Set());
      subs.get(type).add(fn);
      return () => subs.get(type).delete(fn);
    },
    // A message: to the subscribers of its type, then to those of "*".
    deliver(m) {
      emit(m.type, m);
      emit("*", m);
    },
    get status() {
      return status;
    },
    setStatus(s) {
      status = s;
      emit("status", s);
    },
  };
}
