// Read first by every page that runs the game's Python (index.html, embed.html,
// learn.html), before PyScript. It makes the start work wherever the page is opened, and
// never hang silently:
//
// 1. The runtime needs no storage. PyScript keeps a cache of Pyodide packages in
//    IndexedDB (its IDBMap, databases named "IDBMap/…") and waits for it before Python
//    starts. A board framed by another site, where the browser blocks third-party storage
//    (Chromium's default here, incognito windows, any user who blocks third-party
//    cookies), cannot open it: PyScript's error handler then throws and the page stayed
//    on "Loading…" for ever. The game loads no Pyodide package, so the cache would hold
//    nothing: those databases are kept in memory instead, the same in every browser. The
//    page's own storage (kept games, the language) is localStorage, each use of which
//    already copes with a refusal.
// 2. Any failure to start ends in the page's "could not start" sentence (from <body
//    data-cannot-start>): an uncaught error or rejection before the page is ready, PyScript
//    done without the page being ready, or nothing arriving and nothing starting for
//    SILENCE_MS. An embedded board also tells the page around it ("error", with its id
//    and game), so a host page with several boards knows which one failed.
(() => {
  const root = document.documentElement;
  const SILENCE_MS = 60_000;
  const say = (text) => (window.pageSay ? window.pageSay(text) : text);
  const ready = () => root.dataset.ready === "true";

  // 1. IndexedDB in memory for PyScript's IDBMap: just what it calls (open, one object
  // store "entries", and count, clear, delete, get, getKey, getAllKeys, put), each answer
  // coming after the caller has set its handlers, as a real request's does.
  const databases = new Map();
  const answer = (compute) => {
    const request = { readyState: "pending", error: null };
    queueMicrotask(() => {
      request.result = compute();
      request.readyState = "done";
      if (request.onsuccess) request.onsuccess({ type: "success", target: request });
    });
    return request;
  };
  const memoryDatabase = (name) => {
    const entries = new Map();
    const store = {
      count: () => answer(() => entries.size),
      clear: () => answer(() => { entries.clear(); }),
      delete: (key) => answer(() => { entries.delete(key); }),
      get: (key) => answer(() => entries.get(key)),
      getKey: (key) => answer(() => (entries.has(key) ? key : undefined)),
      getAllKeys: () => answer(() => [...entries.keys()]),
      put: (value, key) => answer(() => { entries.set(key, value); return key; }),
    };
    return {
      name,
      objectStoreNames: { length: 1, contains: () => true },
      createObjectStore: () => store,
      transaction: () => ({ objectStore: () => store }),
      close() {},
    };
  };
  let real = null;
  try { real = window.indexedDB; } catch (refused) { real = null; } // (Firefox may throw)
  const factory = {
    open(name, ...rest) {
      if (String(name).startsWith("IDBMap/")) {
        if (!databases.has(name)) databases.set(name, memoryDatabase(name));
        return answer(() => databases.get(name));
      }
      if (!real) throw new DOMException("IndexedDB is not available here.", "SecurityError");
      return real.open(name, ...rest);
    },
    deleteDatabase: (name) => real.deleteDatabase(name),
    databases: () => real.databases(),
    cmp: (a, b) => real.cmp(a, b),
  };
  Object.defineProperty(window, "indexedDB", { configurable: true, get: () => factory });

  // 2. Never silent.
  let failed = false;
  const frameWords = () => {
    const query = new URLSearchParams(location.search);
    const game = (query.get("game") || "").trim().toLowerCase();
    return { game: game || null, id: (query.get("id") || "").slice(0, 64) };
  };
  window.startFailed = (reason) => {
    if (failed || ready()) return;
    failed = true;
    clearTimeout(timer);
    console.error("the page could not start:", reason);
    const show = () => {
      root.dataset.ready = "error";
      const status = document.getElementById("status");
      const sentence = say(document.body.dataset.cannotStart);
      if (status && !document.querySelector("[data-failed]")) {
        status.dataset.failed = "";
        status.setAttribute("role", "alert");
        status.textContent = sentence;
      }
      // The first screen as built (index.html) stays to read, but no game can start
      // from it: its progress goes and its game buttons are switched off.
      document.getElementById("boot")?.remove();
      for (const button of document.querySelectorAll(".start button[data-game]")) {
        button.disabled = true;
      }
      if (document.body.classList.contains("embed") && window.parent !== window) {
        window.parent.postMessage({ source: "tsuro-tatsu", type: "error", ...frameWords(),
                                    message: sentence }, "*");
      }
    };
    if (document.body) show();
    else addEventListener("DOMContentLoaded", show, { once: true });
  };

  let timer = 0;
  const alive = () => {
    if (failed || ready()) return;
    clearTimeout(timer);
    timer = setTimeout(() => window.startFailed(`nothing arrived for ${SILENCE_MS} ms`),
                       SILENCE_MS);
  };
  alive();
  const fault = (event) => {
    if (!ready()) window.startFailed(event.reason || event.error || event.message);
  };
  addEventListener("error", fault);
  addEventListener("error", (event) => { // a script of the page that could not be had
    if (event.target instanceof HTMLScriptElement) fault({ message: event.target.src });
  }, true);
  addEventListener("unhandledrejection", fault);
  addEventListener("py:all-done", () => {
    clearTimeout(timer);
    if (!ready()) window.startFailed("PyScript finished, the page not ready");
  }, { once: true });
  for (const kind of ["py:ready", "py:done"]) addEventListener(kind, alive);

  // Progress: every resource that arrives, and each piece of every file the runtime
  // fetches as it streams in (told to static/first.js as "boot:bytes" {url, bytes}).
  new PerformanceObserver(alive).observe({ type: "resource", buffered: true });
  // A file of the runtime itself that cannot be had is the end of the start (Pyodide
  // only warns, then waits for ever); a language's catalog is not (English is spoken).
  const RUNTIME = /\/(static\/vendor\/|static\/game\.zip$|pyscript\.toml$)/;
  const fetched = window.fetch;
  window.fetch = function (input, init) {
    const answered = fetched.apply(this, arguments);
    if (failed || ready()) return answered;
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const needed = RUNTIME.test(url.pathname);
    answered.then((response) => {
      if (needed && !response.ok) window.startFailed(`${response.status} ${url}`);
      if (!response.ok || !response.body) return;
      const reader = response.clone().body.getReader();
      let bytes = 0;
      const pump = () => reader.read().then(({ done, value }) => {
        if (done) return undefined;
        bytes += value.byteLength;
        alive();
        dispatchEvent(new CustomEvent("boot:bytes", { detail: { url: response.url, bytes } }));
        return ready() ? reader.cancel() : pump();
      });
      pump().catch(() => {});
    }, (error) => { if (needed) window.startFailed(`${error} ${url}`); });
    return answered;
  };
})();
