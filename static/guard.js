// Read first by every page that runs the game's Python (index.html, embed.html,
// learn.html). It makes sure the start never hangs silently: any failure to start ends
// in the page's "could not start" sentence (from <body data-cannot-start>): an uncaught
// error or rejection before the page is ready, the game's worker broken (static/page.js
// calls startFailed), or nothing arriving and nothing starting for SILENCE_MS. An
// embedded board also tells the page around it ("error", with its id and game), so a host
// page with several boards knows which one failed. (The runtime needs no storage: a board
// framed by another site, its storage blocked, starts like any other.)
(() => {
  const root = document.documentElement;
  const SILENCE_MS = 60_000;
  const say = (text) => (window.pageSay ? window.pageSay(text) : text);
  const ready = () => root.dataset.ready === "true";

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
  // The worker's runtime tells its progress (static/engine.js, passed on by page.js).
  addEventListener("boot:bytes", alive);
  // Progress: every resource of the page that arrives.
  new PerformanceObserver(alive).observe({ type: "resource", buffered: true });
})();
