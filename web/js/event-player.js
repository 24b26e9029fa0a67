// event-player.js: the one pacer of both tables' events (German Whist and Android Whist, against
// the computer or online). Items come in order, each an event (animated by the table's onEvent, which
// waits with the player's sleep) or a view (drawn at once by onView: the truth after the events
// before it). rush() plays what is left without waiting (the player acts before the animations are
// over); reset() drops everything queued (a resynchronisation: the view that follows is drawn whole).
// onIdle runs when the queue is empty again.

export function createEventPlayer({ onEvent, onView, onIdle = () => {} }) {
  let queue = [];
  let running = false;
  let rushing = false;
  let gen = 0; // bumped by reset(): an animation of an older generation stops at its next sleep
  const wakers = new Set();

  function sleep(ms) {
    if (!ms || rushing) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });
  }
  async function run() {
    running = true;
    const g = gen;
    while (queue.length && g === gen) {
      const item = queue.shift();
      if (item.view) onView(item.view, item);
      else await onEvent(item.event, g);
    }
    if (g === gen) {
      running = false;
      rushing = false;
      onIdle();
    }
  }
  const wakeAll = () => {
    for (const w of [...wakers]) w();
  };
  return {
    // Adds {event} or {view} to the queue.
    push(item) {
      queue.push(item);
      if (!running) run();
    },
    rush() {
      if (!running && !queue.length) return;
      rushing = true;
      wakeAll();
    },
    reset() {
      gen++;
      queue = [];
      running = false;
      rushing = false;
      wakeAll();
    },
    sleep,
    // True while generation g (the one an onEvent was called in) is still the current one.
    current: (g) => g === gen,
    get idle() {
      return !running && !queue.length;
    },
  };
}
