// Offline play and safe updates: the service worker of the site, published at the site
// root as ./sw.js so that its scope covers every page. `python3 -m game serve|build` fills
// in the two lines below: a version that changes with any file, and the site's files
// (relative URLs).
//
// A version's files are kept together in one cache named by VERSION and served only from
// there, so a page never mixes files of two versions. A new version installs beside the
// one in use and waits: the page offers the player a reload (static/boot.js) and, when
// the player accepts, asks it to take over ("skip-waiting"); the old cache is then removed.
const VERSION = "dev";
const PRECACHE = ["./"];

const PREFIX = "tsuro-tatsu-";
const CACHE = `${PREFIX}${VERSION}`;
const RUNTIME = new URL("./static/vendor/", self.location).href; // pinned by the build

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // The pinned runtime may come from the HTTP cache (the page just loaded it); the
      // site's own files are asked of the server, so that the cache holds this version.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, {
        cache: new URL(url, self.location).href.startsWith(RUNTIME) ? "default" : "no-cache",
      }))))
      // A version that could not be kept whole is not kept at all (the one in use stays).
      .catch((error) => caches.delete(CACHE).then(() => { throw error; })),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE)
          .map((key) => caches.delete(key))))
      // On a first visit this takes the open pages in hand, so that they work offline.
      .then(() => self.clients.claim()),
  );
});

// Every file of the site from this version's cache; the network only for what the cache
// does not hold. A page's address is found whatever its query (`./?game=tatsu` is the
// kept `./`).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  const options = { cacheName: CACHE, ignoreSearch: request.mode === "navigate" };
  event.respondWith(
    caches.match(request, options).then((hit) => hit || fetch(request)),
  );
});
