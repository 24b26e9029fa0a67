// sw.js: the web client's service worker. It keeps the app shell (every file of web/, listed in SHELL)
// and the WebAssembly engine (js/whist-engine.js, when the static build has it) in a cache, so that after one visit
// the page opens and plays with the network off (the engine then runs in a Web Worker: js/local.js).
// Network first: while the server answers, every file comes from it as before (and refreshes the cache);
// only a request the network cannot answer is served from the cache. The WebSocket never passes here.

const CACHE = "whist-shell-v1";
// Every file of web/ (tests/web/specs/offline.spec.js checks the list against the folder).
const SHELL = [
  "./",
  "index.html",
  "manifest.webmanifest",
  "icon.svg",
  "css/android.css",
  "css/base.css",
  "css/cards.css",
  "css/online.css",
  "css/screens.css",
  "css/table.css",
  "js/app.js",
  "js/cards.js",
  "js/engine-worker.js",
  "js/event-player.js",
  "js/icons.js",
  "js/keys.js",
  "js/local.js",
  "js/net.js",
  "js/online.js",
  "js/settings.js",
  "js/sound.js",
  "js/store-idb.js",
  "js/subscribers.js",
  "js/table-layout.js",
  "js/table-rules.js",
  "js/transport.js",
  "js/screens/android.js",
  "js/screens/friend.js",
  "js/screens/history.js",
  "js/screens/home.js",
  "js/screens/lobby.js",
  "js/screens/online.js",
  "js/screens/page.js",
  "js/screens/replay.js",
  "js/screens/rules.js",
  "js/screens/settings.js",
  "js/screens/stats.js",
  "js/screens/table.js",
];
// The engine, present in the static build only (whist serve plays on its own engine): cached when there.
const ENGINE = ["js/whist-engine.js"];

self.addEventListener("install", (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL.map((p) => new Request(p, { cache: "reload" })));
      await Promise.all(
        ENGINE.map(async (p) => {
          try {
            const r = await fetch(p, { cache: "reload" });
            if (r.ok) await cache.put(p, r);
          } catch {
            // no engine here: the page needs its server
          }
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    (async () => {
      for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin) return;
  e.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const r = await fetch(req);
        if (r.ok && r.type === "basic") cache.put(req, r.clone()).catch(() => {});
        return r;
      } catch (err) {
        // Offline: the cached copy; a page's address (#screen or a query) is the one page.
        const hit = (await cache.match(req, { ignoreSearch: true })) ??
          (req.mode === "navigate" ? await cache.match("./") ?? (await cache.match("index.html")) : undefined);
        if (hit) return hit;
        throw err;
      }
    })(),
  );
});
