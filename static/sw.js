// Offline play: the service worker of the site, published at the site root as ./sw.js so
// that its scope covers every page. `python3 -m game serve|build` fills in the two lines
// below: a version that changes with any file, and the site's files (relative URLs).
const VERSION = "dev";
const PRECACHE = ["./"];

const CACHE = `tsuro-tatsu-${VERSION}`;
const RUNTIME = new URL("./static/vendor/", self.location).href; // pinned, never changes
const KEPT = new Set(PRECACHE.map((url) => new URL(url, self.location).href));
const withoutQuery = (url) => url.split(/[?#]/)[0];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // The pinned runtime may come from the HTTP cache (the page just loaded it); the
      // site's own small files are checked with the server.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, {
        cache: new URL(url, self.location).href.startsWith(RUNTIME) ? "default" : "no-cache",
      }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("tsuro-tatsu-") && key !== CACHE)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The runtime from the cache first; the site's own files from the network first (so an
// update shows at once, and the kept copy is refreshed), falling back to the cache when
// offline (`./?game=tatsu` is answered with the kept `./`).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.url.startsWith(RUNTIME)) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        const key = withoutQuery(request.url);
        if (response.ok && response.type === "basic" && KEPT.has(key)) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request, { cacheName: CACHE, ignoreSearch: true })
        .then((hit) => hit || Response.error())),
  );
});
