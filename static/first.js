// The first screen as built (index.html, game/site/first_paint.py) is there before the
// runtime: this script shows how much of the runtime has arrived, of how much, and keeps
// a click on a game's button made before Python is ready, for game/web/index_page.py.
// (The runtime downloads in the game's worker, static/engine.js, which tells each piece.)
(() => {
  // The page's language (static/words.js): its first screen, built into index.html as a
  // <template> for each other language, takes the English one's place before anything
  // is painted; the picker switches it again before Python is ready.
  const root = document.documentElement;
  root.dataset.firstReady = "true"; // (static/early.js kept any click made before now)
  const app = document.getElementById("app");
  const say = window.pageSay || ((text, fill = {}) => text.replace(
    /\{(\w+)\}/g, (hole, name) => (name in fill ? String(fill[name]) : hole)));
  const screens = new Map();
  for (const template of document.querySelectorAll("template[id^='first-screen-']")) {
    screens.set(template.lang, template);
  }
  const english = app.cloneNode(true);
  const speak = (lang) => {
    const screen = lang === "en" ? english : screens.get(lang);
    if (!screen) return;
    const bar = document.getElementById("boot-progress");
    const copy = (screen.content || screen).cloneNode(true);
    app.replaceChildren(...copy.childNodes);
    root.lang = lang;
    const fresh = document.getElementById("boot-progress");
    if (bar && fresh) fresh.value = bar.value; // the download goes on: its bar too
  };
  speak(window.pageLanguage ? window.pageLanguage() : "en");
  const bar = () => document.getElementById("boot-progress");
  if (!bar()) return;
  const status = () => document.getElementById("status");
  const total = Number(bar().max);
  const arrived = new Map(); // URL -> bytes so far (a file counted once, however fetched)
  let drawing = 0;
  let started = false;

  const draw = () => {
    drawing = 0;
    let sum = 0;
    for (const bytes of arrived.values()) sum += bytes;
    sum = Math.min(sum, total);
    const shown = bar();
    const amount = document.getElementById("boot-amount");
    if (!shown || !amount) return; // Python has the page now
    shown.value = sum;
    amount.textContent = say("{done} of {total} MB",
                             { done: (sum / 1e6).toFixed(1), total: amount.dataset.totalMb });
    if (!started && sum >= total * 0.98 && !root.dataset.bootChoice) {
      started = true;
      status().textContent = say("Starting the game…");
    }
  };
  const note = (url, bytes) => {
    const key = url.split("#")[0];
    if ((arrived.get(key) || 0) >= bytes) return;
    arrived.set(key, bytes);
    if (!drawing) drawing = requestAnimationFrame(draw);
  };

  // Files fetched by the runtime (the interpreter, its library, the game's archive):
  // counted as they stream in, told by the worker (static/engine.js, page.js: "boot:bytes").
  const counting = (event) => note(event.detail.url, event.detail.bytes);
  addEventListener("boot:bytes", counting);
  // The page's own scripts: counted when each has arrived.
  const watcher = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) note(entry.name, entry.decodedBodySize);
  });
  watcher.observe({ type: "resource", buffered: true });
  addEventListener("page:ready", () => {
    removeEventListener("boot:bytes", counting);
    watcher.disconnect();
  }, { once: true });

  // A game's button pressed before Python is ready: the address says which game
  // (?game=), as the live page's own click does, and the page opens it once ready.
  const choose = (game, how) => {
    const title = document.getElementById(`card-${game}-title`);
    if (!title) return false;
    root.dataset.bootChoice = game;
    status().textContent = say("Opening {game} as soon as it is ready…",
                               { game: title.textContent });
    for (const button of document.querySelectorAll("button[data-game]")) {
      button.setAttribute("aria-busy", String(button.dataset.game === game));
    }
    if (how) {
      const query = new URLSearchParams(location.search);
      query.set("game", game); // (and any other parameter, the language's, stays)
      history[how](null, "", `?${query}`);
    }
    return true;
  };
  document.addEventListener("click", (event) => {
    if (root.dataset.ready) return; // Python has the page now
    const button = event.target.closest("button[data-game]");
    if (button) choose(button.dataset.game, "pushState");
  });
  // The language picker before Python is ready: the screen in that language at once,
  // the choice kept (Python reads it when it starts), an address's ?lang= follows it.
  document.addEventListener("change", (event) => {
    if (root.dataset.ready || !event.target.matches("select[data-language]")) return;
    const lang = event.target.value;
    try { localStorage.setItem("tsuro-tatsu.lang", lang); } catch (error) { /* kept: no */ }
    const query = new URLSearchParams(location.search);
    if (query.has("lang")) {
      query.set("lang", lang);
      history.replaceState(history.state, "", `?${query}${location.hash}`);
    }
    speak(lang);
    if (root.dataset.bootChoice) choose(root.dataset.bootChoice, null);
    else if (started) status().textContent = say("Starting the game…");
    document.querySelector("select[data-language]")?.focus();
  });
  const asked = new URLSearchParams(location.search).get("game");
  if (asked) choose(asked.trim().toLowerCase(), null);
})();
