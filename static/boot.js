// Every page that runs the game's Python (index.html, embed.html, learn.html) ends with
// this: once the page is ready (static/page.js says "page:ready"), offline support and
// updates. (A page that could not start
// says so: static/guard.js.)
// The page's words in its language (static/words.js), English if that script is missing.
const say = (text) => (window.pageSay ? window.pageSay(text) : text);

addEventListener("page:ready", () => {
  if ("serviceWorker" in navigator && isSecureContext) keepOffline(navigator.serviceWorker);
}, { once: true });

// The service worker (sw.js) serves every file of one version from that version's cache.
// A newer version installs beside it and waits; this page then offers a reload at a calm
// moment, in a small notice that takes no focus. Only the player's "Reload" lets the new
// version take over (the page reloads once it has), so a game is never cut short and old
// and new files never meet in one page. A first visit (no worker in charge yet) has
// nothing to offer.
function keepOffline(workers) {
  const hadController = Boolean(workers.controller);
  let registration = null;
  let accepted = false;
  const reload = () => {
    accepted = true;
    const waiting = registration && registration.waiting;
    if (waiting) waiting.postMessage({ type: "skip-waiting" }); // then "controllerchange"
    else location.reload();
  };
  const notice = updateNotice(reload);
  workers.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    // Another tab let a new version take over: the one this page runs is gone, so this
    // page too offers the reload.
    else if (hadController) offer(notice);
  });

  const offerIfWaiting = (worker) => {
    if (worker.state === "installed" && workers.controller) offer(notice);
  };
  const follow = (worker) => {
    if (!worker) return;
    offerIfWaiting(worker);
    worker.addEventListener("statechange", () => offerIfWaiting(worker));
  };
  workers.register("./sw.js").then((found) => {
    registration = found;
    follow(found.waiting);
    follow(found.installing);
    found.addEventListener("updatefound", () => follow(found.installing));
    // A page left open for long still learns of a new version when it is looked at again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") found.update().catch(() => {});
    });
  }).catch((error) => console.warn("offline play unavailable:", error));
}

// The notice, at the end of the page: a polite status region, there and empty from the
// start so that its words are announced when they come; "Later" empties it again. Its
// data-state says where an offer stands: none yet (no attribute), "held" (a new version
// waits for a calm moment), "shown", "later" (put off by the player).
function updateNotice(reload) {
  const notice = document.createElement("div");
  notice.id = "update";
  notice.className = "update";
  notice.setAttribute("role", "status");
  document.body.append(notice);
  notice.show = () => {
    if (notice.firstChild) return;
    notice.dataset.state = "shown";
    const words = document.createElement("p");
    words.textContent = say("A new version is ready.");
    const now = document.createElement("button");
    now.type = "button";
    now.className = "primary";
    now.dataset.updateReload = "";
    now.textContent = say("Reload");
    now.addEventListener("click", () => { now.disabled = true; reload(); }, { once: true });
    const later = document.createElement("button");
    later.type = "button";
    later.dataset.updateLater = "";
    later.textContent = say("Later");
    later.addEventListener("click", () => {
      notice.replaceChildren();
      notice.dataset.state = "later";
    });
    notice.append(words, now, later);
  };
  return notice;
}

// Calm: no computer thinking, no animation running, no screen being passed between
// players, and no click or key for a moment. Checked every second until so.
const QUIET_MS = 2000;
let lastInput = -Infinity;
for (const kind of ["pointerdown", "keydown"]) {
  addEventListener(kind, () => { lastInput = performance.now(); },
                   { capture: true, passive: true });
}

// (An animation without end, the tile preview's flowing paths, is no piece moving.)
const moving = (animation) => animation.playState === "running"
  && animation.effect?.getComputedTiming().endTime !== Infinity;

function busy() {
  return Boolean(document.querySelector(".thinking, #overlay:not(:empty)"))
    || document.getAnimations().some(moving)
    || performance.now() - lastInput < QUIET_MS;
}

function offer(notice) {
  if (busy()) {
    notice.dataset.state = "held";
    setTimeout(() => offer(notice), 1000);
  } else notice.show();
}
