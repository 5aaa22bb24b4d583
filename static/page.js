// The page's side of the line (game/web/protocol.py has every message): it starts the
// game's Python in a worker (static/engine.js), passes on what the person does (clicks,
// keys, form fields, files, the address) and shows what the worker sends (HTML of a
// region, log lines, motions to play, things to keep). It knows nothing of the rules; it
// keeps the focus, the keyboard's roving and the help dialog, which need no Python.
import { TYPING, keyRoute, roved } from "./keys.js";

const root = document.documentElement;
const PAGE = document.body.classList.contains("learn") ? "learn"
  : document.body.classList.contains("embed") ? "embed" : "index";
const KEPT = "tsuro-tatsu."; // the site's keys in localStorage
const framed = window.parent !== window;
const worker = new Worker(new URL("./engine.js", import.meta.url), { type: "module" });
const send = (message) => worker.postMessage(message);
// A language other than English is spoken once its catalog has arrived: the worker asks
// for it now, beside the runtime, so that it is there when Python wants it.
if (window.pageLanguage && window.pageLanguage() !== "en") {
  send({ kind: "prefetch", url: new URL(`./static/locale/${window.pageLanguage()}.mo.gz`,
                                        location.href).href });
}
const byId = (id) => document.getElementById(id);
const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
let clickable = "button";
let lost = true; // the focus was on something a redraw took away: the next "focus" moves it
let pendingFile = null; // the file last chosen or dropped, until its text is asked for

function kept() {
  const found = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(KEPT)) found[key] = localStorage.getItem(key);
    }
  } catch (refused) { /* storage refused (private mode, a frame of another site) */ }
  return found;
}

function start() {
  let languages = [];
  try { languages = [...navigator.languages]; } catch (old) { /* no list: none */ }
  send({
    kind: "start", page: PAGE, search: location.search, hash: location.hash,
    params: Object.fromEntries(new URLSearchParams(location.search)), href: location.href,
    storage: kept(), languages, built: byId("boot") ? root.lang : null, framed,
  });
}

// --- showing ---------------------------------------------------------------------------
// A selector that finds an element again after its region is redrawn: its tag, name and
// data attributes (a hand tile's data-tile, a turn button's data-rotate...).
function focusKey(element) {
  let key = element.tagName.toLowerCase();
  for (const attribute of element.attributes) {
    if (attribute.name === "name" || attribute.name.startsWith("data-")) {
      key += `[${attribute.name}="${CSS.escape(attribute.value)}"]`;
    }
  }
  return key;
}

function show(region, html) {
  const element = byId(region);
  if (!element) return;
  const active = document.activeElement;
  const key = active && element.contains(active) && active !== element ? focusKey(active) : null;
  if (region === "board") motion.before = element.querySelector("svg");
  const typed = region === "setup" ? formValues() : null;
  element.innerHTML = html;
  if (typed) {
    keepTyped(typed);
    baseForm = null;
  }
  if (key !== null) { // the same control, redrawn, keeps the focus
    const again = element.querySelector(key);
    if (again) again.focus({ preventScroll: true });
    if (!again || document.activeElement !== again) lost = true;
  }
}

// The start form redrawn (its number of seats changed...) from the values it had when a
// change was sent ("form-base" says which): what the person typed since then stays.
let formSeq = 0;
const sentForms = new Map(); // the forms sent, by number, until one is redrawn from
let baseForm = null;
function keepTyped(typed) {
  const form = byId("setup-form");
  if (!form || !baseForm) return;
  for (const field of form.elements) {
    const name = field.name;
    if (!name || !(name in typed) || typed[name] === baseForm[name]) continue;
    if (field.type === "checkbox") field.checked = typed[name] === "on";
    else field.value = typed[name];
  }
}

function focus(selectors, force) {
  const active = document.activeElement;
  if (!force && !lost && active && active !== document.body) return;
  for (const selector of selectors) {
    for (const element of document.querySelectorAll(selector)) {
      element.focus({ preventScroll: true });
      if (document.activeElement === element) {
        lost = false;
        return;
      }
    }
  }
  // Nothing to act on yet (a computer plays): the board holds the focus meanwhile, never
  // the page's body, and the next call still moves it on.
  if (!active || active === document.body || !active.isConnected) {
    byId("board")?.focus({ preventScroll: true });
  }
}

let scrolling = 0;
function log(line, step) {
  const list = byId("log");
  if (!list) return;
  const item = document.createElement("li");
  item.textContent = line;
  if (step != null) item.dataset.step = String(step);
  list.append(item);
  // brought into view once a frame, not at each line (each would lay the page out)
  if (!scrolling) {
    scrolling = requestAnimationFrame(() => {
      scrolling = 0;
      const shown = byId("log");
      if (shown) shown.scrollTop = shown.scrollHeight;
    });
  }
}

function markLog(step) {
  let first = null;
  for (const item of document.querySelectorAll("#log li[data-step]")) {
    if (step != null && item.dataset.step === String(step)) {
      item.setAttribute("aria-current", "step");
      first = first || item;
    } else item.removeAttribute("aria-current");
  }
  first?.scrollIntoView({ block: "nearest" });
}

function failed(text) {
  if (root.dataset.ready !== "true") {
    window.startFailed?.(text);
    return;
  }
  let status = byId("status");
  if (!status) {
    status = document.createElement("p");
    status.id = "status";
    status.className = "notice";
    byId("app").append(status);
  }
  status.textContent = text;
  status.dataset.failed = "";
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

// --- motion: an event's moves (game/core/motion.py), with the browser's animations ------
// The animations holding pieces where their moves begin, whether Skip was pressed, the
// board as drawn before the action (its <svg>), the copies of pieces it took off.
const motion = { held: [], skipped: false, before: null, copies: new Map() };

// An SVG element's own place (its transform attribute's translation) as a CSS transform.
function ownPlace(element) {
  const place = element.transform.baseVal.consolidate();
  const [x, y] = place ? [place.matrix.e, place.matrix.f] : [0, 0];
  return `translate(${x.toFixed(2)}px, ${y.toFixed(2)}px)`;
}

// A move's turn and scale about the element's own centre where it is drawn (the origin
// in its parent's coordinates: its place plus the centre of its drawing).
function aboutItsCentre(element) {
  const box = element.getBBox();
  const place = element.transform.baseVal.consolidate();
  const [x, y] = place ? [place.matrix.e, place.matrix.f] : [0, 0];
  element.style.transformBox = "view-box";
  element.style.transformOrigin = `${(x + box.x + box.width / 2).toFixed(2)}px `
    + `${(y + box.y + box.height / 2).toFixed(2)}px`;
}

// Copies of the elements of `selector` as the board drew them before the action, laid
// over the board as it is now, each once: the pieces a move with `before` animates.
function copiesOf(selector) {
  if (motion.copies.has(selector)) return motion.copies.get(selector);
  const board = document.querySelector("#board svg");
  const copies = [];
  if (motion.before && board) {
    let layer = board.querySelector("g.leaving");
    if (!layer) {
      layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
      layer.setAttribute("class", "leaving");
      layer.setAttribute("aria-hidden", "true");
      layer.setAttribute("pointer-events", "none");
      board.append(layer);
    }
    for (const element of motion.before.querySelectorAll(selector)) {
      const copy = element.cloneNode(true);
      for (const named of [copy, ...copy.querySelectorAll("[id]")]) named.removeAttribute("id");
      layer.append(copy);
      copies.push(copy);
    }
  }
  motion.copies.set(selector, copies);
  return copies;
}

// The board's own elements of `selector`, not the copies of pieces gone.
const drawn = (selector) => [...(byId("board")?.querySelectorAll(selector) || [])]
  .filter((element) => !element.closest("g.leaving"));
const movers = (move) => (move.before ? copiesOf(move.selector) : drawn(move.selector));

function hold(moves) {
  if (reduced()) return;
  for (const move of moves) {
    for (const element of movers(move)) {
      if (move.centred) aboutItsCentre(element);
      const { offset, ...first } = move.keyframes[0];
      motion.held.push([move.selector,
        element.animate([first, first], { duration: 1, fill: "forwards" })]);
    }
  }
}

function release(selector) {
  motion.held = motion.held.filter(([heldSelector, animation]) => {
    if (selector != null && heldSelector !== selector) return true;
    animation.cancel();
    return false;
  });
  if (selector == null) {
    for (const copies of motion.copies.values()) for (const copy of copies) copy.remove();
    motion.copies.clear();
    motion.skipped = false;
  }
}

async function move(moves) {
  if (motion.skipped || reduced()) return true;
  const running = [];
  for (const one of moves) {
    release(one.selector);
    for (const element of movers(one)) {
      const frames = one.keyframes.map((frame) => ({ ...frame }));
      if (one.home) frames.push({ transform: ownPlace(element), offset: 1 });
      if (one.centred) aboutItsCentre(element);
      running.push(element.animate(frames, one.options));
    }
  }
  if (!running.length) return true;
  const skip = byId("skip-motion");
  if (skip) skip.hidden = false;
  await Promise.all(running.map((animation) => animation.finished.catch(() => {})));
  if (skip && skip.isConnected) {
    if (document.activeElement === skip) byId("board")?.focus({ preventScroll: true });
    skip.hidden = true;
  }
  return true;
}

// Skip: the action's motion ends at once, the moves under way and those to come.
function skipMotion() {
  motion.skipped = true;
  release(undefined);
  motion.skipped = true;
  for (const animation of byId("board")?.getAnimations({ subtree: true }) || []) {
    if (animation.effect.getComputedTiming().endTime !== Infinity) animation.finish();
  }
}

// --- what the worker says --------------------------------------------------------------
// (Python's None arrives as undefined: `== null` below takes both.)
const answer = (ask, value) => send({ kind: "answer", ask, value });
const ASKS = {
  move: (message) => move(message.moves),
  confirm: (message) => window.confirm(message.text),
  copy: (message) => navigator.clipboard.writeText(message.text).then(() => true, () => false),
  "file-text": () => (pendingFile ? pendingFile.text() : null),
};
const TOLD = {
  show: (m) => show(m.region, m.html),
  text: (m) => { const element = byId(m.region); if (element) element.textContent = m.text; },
  hidden: (m) => { const element = byId(m.region); if (element) element.hidden = m.hidden; },
  remove: (m) => byId(m.region)?.remove(),
  value: (m) => { const element = byId(m.region); if (element) element.value = m.value; },
  alert: (m) => {
    const element = byId(m.region);
    if (!element) return;
    element.setAttribute("role", "alert"); // said once, at once: only then does it speak
    element.textContent = m.text;
  },
  focus: (m) => focus(m.selectors, m.force),
  refocus: () => { lost = true; },
  log: (m) => log(m.line, m.step),
  "mark-log": (m) => markLog(m.step),
  highlight: (m) => {
    for (const element of byId("board")?.querySelectorAll(m.selector) || []) {
      element.classList.add("cue");
    }
  },
  hold: (m) => hold(m.moves),
  release: (m) => release(m.selector),
  root: (m) => {
    root.dataset[m.name] = m.value;
    if (m.name === "ready" && m.value === "true") dispatchEvent(new Event("page:ready"));
  },
  lang: (m) => { root.lang = m.lang; },
  title: (m) => { document.title = m.title; },
  address: (m) => history[m.how === "push" ? "pushState" : "replaceState"](null, "", m.url),
  store: (m) => {
    try {
      if (m.value == null) localStorage.removeItem(m.key);
      else localStorage.setItem(m.key, m.value);
    } catch (refused) { // full, disabled, or blocked in a frame of another site
      send({ kind: "unkept", key: m.key });
    }
  },
  download: (m) => download(m.name, m.text),
  clickable: (m) => { clickable = m.selector; },
  "form-base": (m) => {
    baseForm = sentForms.get(m.seq) || null;
    for (const seq of sentForms.keys()) if (seq <= m.seq) sentForms.delete(seq);
  },
  parent: (m) => { if (framed) window.parent.postMessage(m.message, "*"); },
  failed: (m) => failed(m.text),
  // the worker's own: a start that went wrong, the runtime's download, Python loaded
  broken: (m) => { console.error(m.reason); failed(m.reason); },
  bytes: (m) => dispatchEvent(new CustomEvent("boot:bytes", { detail: m })),
  loaded: () => start(),
};

worker.onmessage = async ({ data: message }) => {
  if ("ask" in message) {
    try {
      answer(message.ask, await ASKS[message.kind](message));
    } catch (error) {
      console.error(error);
      answer(message.ask, null);
    }
  } else TOLD[message.kind](message);
};
worker.onerror = (event) => failed(event.message || "the game's worker could not start");

// --- what the person does --------------------------------------------------------------
const live = () => root.dataset.ready === "true";

// The start form's values; `sending`, numbered (`formSeq`) and kept until redrawn from.
function formValues(sending = false) {
  const form = byId("setup-form");
  if (!form) return null;
  const values = {};
  for (const element of form.elements) {
    if (!element.name) continue;
    values[element.name] = element.type === "checkbox" ? (element.checked ? "on" : "")
      : element.value;
  }
  if (sending) {
    formSeq += 1;
    sentForms.set(formSeq, values);
  }
  return values;
}

function chooseFile(file) {
  if (!file) return;
  pendingFile = file;
  send({ kind: "file", size: file.size });
}

// The help dialog of the keys: opened by its button or "?", the focus back where it was.
let helpReturn = null;
function openHelp() {
  const dialog = byId("keys-help");
  if (!dialog || dialog.open) return;
  helpReturn = document.activeElement;
  dialog.showModal();
  dialog.querySelector("[data-keys-close]")?.focus();
}

const app = byId("app");
app.addEventListener("click", (event) => {
  if (!live()) return;
  const element = event.target.closest("button") || event.target.closest(clickable);
  if (!element) return;
  const data = { ...element.dataset, tag: element.tagName };
  if (element.classList.contains("target")) data.target = "1";
  if ("skipMotion" in data) skipMotion();
  else if ("keysHelp" in data) openHelp();
  else if ("keysClose" in data) byId("keys-help")?.close();
  else {
    if ("start" in data) event.preventDefault();
    const form = formValues(true);
    send({ kind: "click", data, form, seq: formSeq });
  }
});
app.addEventListener("change", (event) => {
  if (!live()) return;
  const target = event.target;
  if (target.matches("[data-open-file]")) chooseFile(target.files[0]);
  else {
    const form = formValues(true);
    send({ kind: "change", data: { ...target.dataset }, value: target.value, form,
      seq: formSeq });
  }
});
app.addEventListener("submit", (event) => event.preventDefault()); // Start's click starts
app.addEventListener("dragover", (event) => event.preventDefault()); // a file may be dropped
app.addEventListener("drop", (event) => {
  event.preventDefault();
  if (live()) chooseFile(event.dataTransfer.files[0]);
});
app.addEventListener("close", (event) => { // (close does not bubble)
  if (event.target.id !== "keys-help") return;
  const back = helpReturn;
  helpReturn = null;
  if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
  else byId("board")?.focus({ preventScroll: true });
}, true);

// Keys: each acts once, on the focused control or as the board's shortcut (keys.js).
const roveGroup = (element) => [...(element.closest("svg") || element.parentElement)
  .querySelectorAll(`[data-rove="${CSS.escape(element.getAttribute("data-rove"))}"]`)];

function rove(element, key) {
  const group = roveGroup(element);
  if (!group.length) return;
  const at = Math.max(0, group.indexOf(element));
  group[roved(group.length, at, key)].focus(); // focusin makes it the tab stop
}

document.addEventListener("keydown", (event) => {
  if (!live() || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) {
    return;
  }
  const target = event.target;
  if (event.key === "?" && byId("keys-help") && !TYPING.includes(target.tagName)) {
    event.preventDefault();
    openHelp();
    return;
  }
  if (target.closest && target.closest("dialog")) return; // the dialog's own keys
  const route = keyRoute(event.key, target.tagName, target.getAttribute?.("role"),
                         target.getAttribute?.("data-rove"));
  if (route === "ignore") return;
  const replaying = Boolean(document.querySelector("#board [data-replay-at]"));
  if (route === "rove" && !replaying) {
    event.preventDefault(); // the focus moves, the page does not scroll
    rove(target, event.key);
    return;
  }
  if ((event.key === "Home" || event.key === "End") && replaying) event.preventDefault();
  if (route === "click") { // marks, stones and targets drawn on the board act like buttons
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return;
  }
  send({ kind: "key", key: event.key });
});

// A roving group's element that gets the focus becomes the group's one tab stop.
document.addEventListener("focusin", (event) => {
  const target = event.target;
  if (!target || !target.getAttribute || !target.getAttribute("data-rove")) return;
  for (const element of roveGroup(target)) {
    element.setAttribute("tabindex", element === target ? "0" : "-1");
  }
});

addEventListener("popstate", () => {
  if (live()) send({ kind: "address", search: location.search, hash: location.hash, event: "pop" });
});
addEventListener("hashchange", () => {
  if (live()) send({ kind: "address", search: location.search, hash: location.hash, event: "hash" });
});
// The framing page's messages (an embedded board): its own, passed on as they are.
addEventListener("message", (event) => {
  const data = event.data;
  if (PAGE !== "embed" || event.source === worker || !data || data.source !== "tsuro-tatsu") {
    return;
  }
  try {
    send({ kind: "parent", message: data });
  } catch (uncloneable) { /* not a message of ours */ }
});
