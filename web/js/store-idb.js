// store-idb.js: what the offline game keeps in the browser (IndexedDB, database "whist"), for the engine's
// Web Worker (engine-worker.js): the player's settings and other small values by key ("kv": the settings,
// each game's table as the table host's save text, which game was changed last), and the finished hands
// ("hands": each hand's record text, its history entry and its facts for the statistics, numbered 1, 2, ...
// as the history's ids; the finished matches' results are in "kv", under "results").
// Every call is a promise; a browser without IndexedDB (or one that refuses it) gets a store in memory,
// so the game still plays, forgetting all at the next load.

const DB = "whist";
const VERSION = 1;

function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export async function openStore() {
  let db = null;
  try {
    const open = indexedDB.open(DB, VERSION);
    open.onupgradeneeded = () => {
      const d = open.result;
      if (!d.objectStoreNames.contains("kv")) d.createObjectStore("kv");
      if (!d.objectStoreNames.contains("hands")) d.createObjectStore("hands", { keyPath: "id", autoIncrement: true });
    };
    db = await req(open);
  } catch {
    db = null;
  }
  if (!db) return memoryStore();
  const tx = (name, mode) => db.transaction(name, mode).objectStore(name);
  const done = (t) =>
    new Promise((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = t.onabort = () => reject(t.error);
    });
  return {
    get: (key) => req(tx("kv", "readonly").get(key)),
    // Writes several keys in one transaction (null or undefined deletes the key): all or none.
    async put(values) {
      const t = db.transaction("kv", "readwrite");
      const s = t.objectStore("kv");
      for (const [k, v] of Object.entries(values)) (v === null || v === undefined ? s.delete(k) : s.put(v, k));
      await done(t);
    },
    // Adds a finished hand ({record, entry, ...}): its id.
    addHand: (hand) => req(tx("hands", "readwrite").add(hand)),
    putHand: (hand) => req(tx("hands", "readwrite").put(hand)),
    hand: (id) => req(tx("hands", "readonly").get(id)),
    // The last limit hands (every hand when limit is 0), newest first.
    hands(limit = 0) {
      return new Promise((resolve, reject) => {
        const out = [];
        const r = tx("hands", "readonly").openCursor(null, "prev");
        r.onsuccess = () => {
          const c = r.result;
          if (!c || (limit && out.length >= limit)) return resolve(out);
          out.push(c.value);
          c.continue();
        };
        r.onerror = () => reject(r.error);
      });
    },
  };
}

function memoryStore() {
  const kv = new Map();
  const hands = [];
  return {
    get: async (key) => kv.get(key),
    async put(values) {
      for (const [k, v] of Object.entries(values)) (v === null || v === undefined ? kv.delete(k) : kv.set(k, v));
    },
    async addHand(hand) {
      const id = hands.length + 1;
      hands.push({ ...hand, id });
      return id;
    },
    async putHand(hand) {
      hands[hand.id - 1] = hand;
      return hand.id;
    },
    hand: async (id) => hands[id - 1],
    hands: async (limit = 0) => hands.slice().reverse().slice(0, limit || undefined),
  };
}
