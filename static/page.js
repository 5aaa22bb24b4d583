// The page's side of the line (game/web/protocol.py has every message): it starts the
// game's Python in a worker (static/engine.js), passes on what the person does (clicks,
// keys, form fields, files, the address) and shows what the worker sends (HTML of a
// region, log lines, motions to play, things to keep). It knows nothing of the rules; it
// keeps the focus, the keyboard's roving and the help dialog, which need no Python.
import { TYPING, keyRoute, roved } from "./keys.js";
import { cut, paredBefore } from "./board_markup.js";
import { asOneTransform, places, turns } from "./motion_frames.js";

const root = document.documentElement;
const PAGE = document.body.classList.contains("learn") ? "learn"
  : document.body.classList.contains("embed") ? "embed" : "index";
const KEPT = "tsuro-tatsu."; // the site's keys in localStorage
const framed = window.parent !== window;
// The runtime: one for every page of the site where the browser allows a shared worker
// (the frames of a teaching page start one Python, not one each), named by the build's
// RUNTIME (game/site/build.py: it changes with the engine and the game's Python, so that
// a page never talks to another version's); else the page's own worker.
const RUNTIME = null;
const ENGINE = new URL("./engine.js", import.meta.url);
const ownWorker = () => {
  const worker = new Worker(ENGINE, { type: "module" });
  return { port: worker, events: worker, shared: false };
};
function runtime(restart = 0) {
  if (typeof SharedWorker === "function") {
    try {
      const name = `tsuro-tatsu ${RUNTIME}${restart ? ` (${restart})` : ""}`;
      const worker = new SharedWorker(ENGINE, { type: "module", name });
      return { port: worker.port, events: worker, shared: true };
    } catch (refused) { /* not here (a browser, or a frame, that refuses it): our own */ }
  }
  return ownWorker();
}
let worker = runtime();
// What was sent before the runtime first answered: said again to a page's own worker if a
// shared one fails to start (a frame of another site where the browser blocks its storage
// refuses it with an error event, not at once).
let unanswered = worker.shared ? [] : null;
const send = (message) => {
  if (unanswered) unanswered.push(message);
  worker.port.postMessage(message);
};
// The page is gone: its session in a shared runtime is let go (a page's own worker goes
// with it anyway).
addEventListener("pagehide", (event) => { if (!event.persisted) send({ kind: "bye" }); });
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
    restarted: restarts > 0, memo: restarts > 0 ? memo : null,
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
  // where the caret was in a field being typed in: a field redrawn under the typing keeps
  // it (else the next letters would go before what it holds)
  const caret = key !== null && typeof active.selectionStart === "number"
    ? [active.value, active.selectionStart, active.selectionEnd, active.selectionDirection]
    : null;
  const typed = region === "setup" ? formValues() : null;
  const board = region === "board";
  if (element.querySelector(":scope > .built")) overBuilt = true;
  standIn = (board ? null : element.querySelector("#poster:not([hidden])")) || standIn;
  const before = board ? boardAsDrawn() : null;
  if (board) noteChanges(watcher.takeRecords()); // (changes not yet told to the watcher)
  const same = before?.element === element && before.html === html
    && !touched.has(before.tree.node); // (nothing to do: no frame of its own either)
  if (board && redraw(element, html)) {
    motion.before = before.tree; // the board as drawn before, cut: a move may want pieces of it
  } else {
    if (board) motion.before = element.querySelector("svg");
    element.innerHTML = html;
    if (board) noteDrawn(element, html);
  }
  // The empty board shown while Python started (static/poster.js) stands in the new
  // screen's board's place, once there is one, until the board is drawn
  const room = standIn && !boardDrawn() ? byId("board") : null;
  if (room && !room.firstChild) {
    room.append(standIn);
    standIn = null;
  }
  if (typed) {
    keepTyped(typed);
    baseForm = null;
  }
  if (key !== null) {
    if (active.isConnected && document.activeElement === active && active.matches(key)) {
      tabStop(active); // kept where it was: still the roving group's tab stop, as if refocused
    } else {
      const again = element.querySelector(key); // the same control, redrawn, keeps the focus
      if (again) again.focus({ preventScroll: true });
      if (again && caret && again.value === caret[0] && again.setSelectionRange) {
        again.setSelectionRange(caret[1], caret[2], caret[3]);
      }
      if (!again || document.activeElement !== again) lost = true;
    }
  }
  return !same;
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
  // A board in a frame moves the focus only while the reader is in it: it never takes
  // the focus from the page around it (a teacher's page, a rules page's examples).
  if (window.parent !== window && !document.hasFocus()) return;
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

// The game log (#log) holds its lines in lists of LOG_PART (game/web/table.py draws the
// whole log alike), each contained (style.css): a line added lays out and paints its own
// list, where one list of every line was laid out and painted again at each line, a third
// of each frame's time late in a game.
const LOG_PART = 50;
let scrolling = 0;
function log(line, step) {
  const list = byId("log");
  if (!list) return;
  const item = document.createElement("li");
  item.textContent = line;
  let part = list.lastElementChild;
  const last = part?.lastElementChild; // (the line before: its number, drawn by the style)
  item.dataset.n = String(Number(last?.dataset.n || 0) + 1);
  if (step != null) item.dataset.step = String(step);
  if (part?.localName !== "ol" || part.children.length >= LOG_PART) {
    part = document.createElement("ol");
    part.className = "log-part";
    list.append(part);
  }
  part.append(item);
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

// --- the board redrawn by difference --------------------------------------------------
// The worker sends the whole board, an <svg> of some 700 elements, at each step of play,
// most of it as it was. Put in whole (innerHTML), each would be parsed, styled and laid out
// anew: a long task on a slow device. Instead its markup is cut into nodes, compared with
// the markup drawn last, and only the nodes that differ are parsed (together, once) and put
// in place; the rest stays, and so does the focus on it. Markup the cutting does not expect
// (not one <svg>, a comment, a tag closed out of order) is put in whole, as before. (The
// cutting is static/board_markup.js.)
const SVG = "http://www.w3.org/2000/svg";

// Binds a cut tree to the nodes parsed from its markup; false if they do not match.
function bind(tree, node) {
  tree.node = node;
  if (tree.name === null) return node.nodeType === Node.TEXT_NODE;
  if (node.nodeType !== Node.ELEMENT_NODE
      || node.localName.toLowerCase() !== tree.name.toLowerCase()) return false;
  if (!tree.kids) return node.childNodes.length === 0;
  const nodes = node.childNodes;
  return nodes.length === tree.kids.length && tree.kids.every((kid, i) => bind(kid, nodes[i]));
}

// The board as drawn: its element (#board), the cut of the markup it shows, the markup.
// A board drawn whole is cut and bound in a task of its own after its frame (`unbound`
// till then): on a slow device that took half of the task that drew it (a rules page's
// example drawn for the first time), and only the next redraw needs it.
let drawnBoard = null;
let unbound = null; // {element, html, node}: drawn whole, its cut not yet bound
const boardDrawn = () => drawnBoard || unbound;
let overBuilt = false; // Python's drawing took the place of a built first step (poster.js)
let standIn = null; // the empty board (poster.js) taken off the page, for the board's place
let standingIn = false; // the first board waits for the frame that shows it standing in
// The nodes changed since they were drawn (a cue, a move's origin, the copies laid over, a
// roving tab stop) and those holding one: `touched`; those whose own attributes or text
// changed: `retouched`. Such a node is brought back to its markup, never kept as it is.
let touched = new WeakSet();
let retouched = new WeakSet();
const watcher = new MutationObserver(noteChanges);
function noteChanges(records) {
  for (const record of records) {
    if (record.type !== "childList") retouched.add(record.target);
    for (let node = record.target; node && !touched.has(node); node = node.parentNode) {
      touched.add(node);
    }
  }
}

// The board drawn whole (innerHTML): its cut bound to its nodes, for the next redraw,
// once its frame is drawn (or at the next redraw, if that comes first). What changes on it
// meanwhile is watched from now on, as after a redraw.
function noteDrawn(element, html) {
  watcher.takeRecords(); // (the content replaced: none of it is drawn any more)
  drawnBoard = null;
  // Markup that is not one <svg> (a replay's board, in its frame) is never cut: nothing
  // waits to be bound, and the next board is drawn whole again, at once
  const one = /^<svg[\s>]/.test(html) && html.endsWith("</svg>")
    && element.childNodes.length === 1;
  unbound = one ? { element, html, node: element.firstChild } : null;
  if (!one) return;
  watcher.observe(element, { subtree: true, childList: true, attributes: true,
    characterData: true });
  const later = () => setTimeout(boardAsDrawn); // (the task after the frame)
  if (document.hidden) later(); else requestAnimationFrame(later);
}
// The board as drawn, its cut bound to its nodes (null: it cannot be, it is drawn whole
// next time).
function boardAsDrawn() {
  if (unbound) {
    const { element, html, node } = unbound;
    unbound = null;
    const tree = element.firstChild === node && element.childNodes.length === 1 ? cut(html)
      : null;
    if (tree && bind(tree, node)) drawnBoard = { element, tree, html };
  }
  return drawnBoard;
}

// Pairs the new tree `next` with the drawn tree `old` (an element of the same tag, drawn
// as `old.node`): `next` keeps that node, its children are paired in turn. Notes in `fresh`
// what must be parsed (a node anew, or an opening tag for its attributes) and in `lists`
// the elements whose children must be put in order.
function pair(old, next, fresh, lists) {
  next.node = old.node;
  if (old.open !== next.open || retouched.has(old.node)) fresh.push({ tree: next, open: true });
  lists.push(next);
  const unused = new Map(); // the old children not yet paired, by markup
  for (const kid of old.kids) {
    if (touched.has(kid.node)) continue;
    if (!unused.has(kid.html)) unused.set(kid.html, []);
    unused.get(kid.html).push(kid);
  }
  const left = [];
  const taken = new Set();
  for (const kid of next.kids) { // the same markup, untouched: kept as it is
    const same = unused.get(kid.html)?.shift();
    if (same) {
      kid.node = same.node;
      kid.kids = same.kids;
      taken.add(same);
    } else left.push(kid);
  }
  const others = old.kids.filter((kid) => !taken.has(kid) && kid.name !== null && kid.kids);
  for (const kid of left) { // an element of the same tag (and id): brought up to date
    const at = kid.kids ? others.findIndex((other) => other.key === kid.key) : -1;
    if (at >= 0) pair(others.splice(at, 1)[0], kid, fresh, lists);
    else fresh.push({ tree: kid, open: false });
  }
}

// The board brought to `html` by difference; false (nothing changed) where it cannot be.
function redraw(element, html) {
  const before = boardAsDrawn();
  if (!before || before.element !== element || element.childNodes.length !== 1
      || element.firstChild !== before.tree.node) return false;
  if (html === before.html && !touched.has(before.tree.node)) return true; // as it is
  const next = cut(html);
  if (!next) return false;
  const fresh = [];
  const lists = [];
  pair(before.tree, next, fresh, lists);
  if (fresh.length) { // parsed together, in a template (inert: no style, no layout)
    const template = document.createElement("template");
    template.innerHTML = `<svg xmlns="${SVG}">${fresh.map(({ tree, open }) => (open
      ? `<g>${tree.open}</${tree.name}></g>` : `<g>${tree.html}</g>`)).join("")}</svg>`;
    const made = [...(template.content.firstChild?.childNodes || [])] // (each in a <g>: two
      .map((g) => (g.childNodes.length === 1 ? g.firstChild : null)); // texts stay two)
    if (made.length !== fresh.length || made.includes(null)) return false;
    for (const [i, { tree, open }] of fresh.entries()) {
      if (open) {
        if (made[i].localName?.toLowerCase() !== tree.name.toLowerCase()) return false;
        tree.attributes = made[i].attributes;
      } else if (!bind(tree, made[i])) return false;
    }
  }
  // Nothing has changed on the page until here.
  for (const { tree, open } of fresh) if (open) sameAttributes(tree.node, tree.attributes);
  for (const tree of lists) sameChildren(tree.node, tree.kids.map((kid) => kid.node));
  watcher.takeRecords(); // (its own changes)
  touched = new WeakSet();
  retouched = new WeakSet();
  drawnBoard = { element, tree: next, html };
  return true;
}

// The element's attributes made those parsed, in their order (as innerHTML would).
function sameAttributes(element, attributes) {
  const had = element.attributes;
  let at = 0; // the attributes named in the same order are kept, their values set
  while (at < attributes.length && at < had.length
         && had[at].namespaceURI === attributes[at].namespaceURI
         && had[at].localName === attributes[at].localName) {
    if (had[at].value !== attributes[at].value) had[at].value = attributes[at].value;
    at += 1;
  }
  for (const { namespaceURI, localName } of [...had].slice(at)) {
    element.removeAttributeNS(namespaceURI, localName);
  }
  for (const { namespaceURI, name, value } of [...attributes].slice(at)) {
    element.setAttributeNS(namespaceURI, name, value);
  }
}

// The element's children made `nodes`, in order, moving as few as it can.
function sameChildren(element, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...element.childNodes]) if (!wanted.has(child)) child.remove();
  let at = element.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else element.insertBefore(node, at);
  }
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

// A move's turn and scale about each element's own centre where it is drawn (the origin
// in its parent's coordinates: its place plus the centre of its drawing). All are read
// before any is written: a read after a write would lay the board out again.
function aboutTheirCentres(elements) {
  const origins = elements.map((element) => {
    const box = element.getBBox();
    const place = element.transform.baseVal.consolidate();
    const [x, y] = place ? [place.matrix.e, place.matrix.f] : [0, 0];
    return `${(x + box.x + box.width / 2).toFixed(2)}px `
      + `${(y + box.y + box.height / 2).toFixed(2)}px`;
  });
  elements.forEach((element, i) => {
    element.style.transformBox = "view-box";
    element.style.transformOrigin = origins[i];
  });
}

// Copies of the elements of `selector` as the board drew them before the action, laid
// over the board as it is now, each once: the pieces a move with `before` animates. Its
// keyframes (`frames`) say where a copy goes: those that place it on the board (a
// translate in their transform: game/core/motion.py's `at`, the board's coordinates)
// have it laid over the board as it is; the others, where it was drawn, inside its
// groups' transforms.
const placesOnBoard = (frames) => frames
  .some((frame) => /translate\(/.test(frame.transform || ""));
function copiesOf(selector, frames) {
  if (motion.copies.has(selector)) return motion.copies.get(selector);
  const board = document.querySelector("#board svg");
  const copies = [];
  let before = motion.before;
  if (before && !(before instanceof Element)) { // the cut board (a redraw by difference)
    const template = document.createElement("template");
    const pared = paredBefore(before, selector);
    template.innerHTML = pared ?? before.html;
    before = template.content.querySelector("svg");
    if (pared === null) motion.before = before; // (parsed whole: kept for the next)
  }
  if (before && board) {
    let layer = board.querySelector("g.leaving");
    if (!layer) {
      layer = document.createElementNS("http://www.w3.org/2000/svg", "g");
      layer.setAttribute("class", "leaving");
      layer.setAttribute("aria-hidden", "true");
      layer.setAttribute("pointer-events", "none");
      board.append(layer);
    }
    for (const element of before.querySelectorAll(selector)) {
      const copy = element.cloneNode(true);
      for (const named of [copy, ...copy.querySelectorAll("[id]")]) named.removeAttribute("id");
      // placed as it was: inside its groups' transforms (a pile's count in the lower
      // player's boxes was drawn over the upper player's without them); but keyframes
      // that place it would place it twice (a vine's tendrils let go flew off the board)
      const groups = [];
      for (let up = placesOnBoard(frames) ? null : element.parentElement;
        up && up.localName !== "svg";
        up = up.parentElement) {
        if (up.hasAttribute("transform")) groups.unshift(up.getAttribute("transform"));
      }
      if (groups.length) {
        const placed = document.createElementNS(SVG, "g");
        placed.setAttribute("transform", groups.join(" "));
        placed.append(copy);
        layer.append(placed);
      } else layer.append(copy);
      copies.push(copy);
    }
  }
  motion.copies.set(selector, copies);
  return copies;
}

// The board's own elements of `selector`, not the copies of pieces gone.
const drawn = (selector) => [...(byId("board")?.querySelectorAll(selector) || [])]
  .filter((element) => !element.closest("g.leaving"));
const movers = (move) => (move.before ? copiesOf(move.selector, move.keyframes)
  : drawn(move.selector));

function hold(moves) {
  if (reduced()) return;
  const held = moves.flatMap((move) => movers(move).map((element) => [move, element]));
  aboutTheirCentres(held.filter(([move]) => move.centred).map(([, element]) => element));
  for (const [move, element] of held) {
    const { offset, ...first } = move.keyframes[0];
    motion.held.push([move.selector,
      element.animate([first, first], { duration: 1, fill: "forwards" })]);
  }
}

function release(selector) {
  motion.held = motion.held.filter(([heldSelector, animation]) => {
    if (selector != null && heldSelector !== selector) return true;
    animation.cancel();
    return false;
  });
  if (selector == null) {
    for (const copies of motion.copies.values()) {
      for (const copy of copies) (copy.closest("g.leaving > *") || copy).remove(); // (its place)
    }
    motion.copies.clear();
    motion.skipped = false;
  }
}

// Only where nothing else moves the element meanwhile is a move's turn, scale and shift
// played as one transform (static/motion_frames.js says why): two animations of its
// transform would not add up, as those properties and a transform do.
function alone(element, moving) {
  const mine = moving.filter(([, other]) => other === element).map(([, , frames]) => frames);
  if (mine.length !== 1 || !turns(mine[0]) || mine[0].some((frame) => "transform" in frame)) {
    return false;
  }
  return !element.getAnimations().some((animation) => !(animation instanceof CSSAnimation)
    && places(animation.effect?.getKeyframes?.() || []));
}

async function move(moves) {
  if (motion.skipped || reduced()) return true;
  const moving = [];
  for (const one of moves) {
    release(one.selector);
    for (const element of movers(one)) {
      const frames = one.keyframes.map((frame) => ({ ...frame }));
      if (one.home) frames.push({ transform: ownPlace(element), offset: 1 });
      moving.push([one, element, frames]);
    }
  }
  aboutTheirCentres(moving.filter(([one]) => one.centred).map(([, element]) => element));
  const running = moving.map(([one, element, frames]) => element.animate(
    alone(element, moving)
      ? asOneTransform(frames, element.transform.baseVal.consolidate()?.matrix) : frames,
    one.options));
  if (!running.length) return true;
  const skip = byId("skip-motion");
  if (skip) skip.hidden = false;
  await Promise.all(running.map((animation) => animation.finished.catch(() => {})));
  // A move played out leaves the piece as drawn (only a copy taken off keeps its last frame,
  // "both", until released): its animation is let go. Kept, finished, on the piece, it
  // made Chromium play the piece's next move on the page's main thread, at every frame
  // (a die's tumble: two in three of a game's rolls), not on its compositor.
  for (const animation of running) {
    const { fill } = animation.effect?.getTiming() || {};
    if (animation.playState === "finished" && fill !== "both" && fill !== "forwards") {
      animation.cancel();
    }
  }
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
// The status line while the pieces move and the computers play (a line of play or news,
// which the log reads out, or a computer thinking: game/web/table.py) keeps the tallest
// height it has had since, so that the board under it does not move up and down at each
// line (on a phone a line of play takes one to three lines of text); it takes its own
// height again when it says something else (a person to act, the end).
const PLAYING = ".thinking, :scope > span[aria-hidden='true']";
const heldStatus = new ResizeObserver(([entry]) => {
  const status = entry.target;
  if (!status.isConnected || !status.querySelector(PLAYING)) return;
  const height = entry.borderBoxSize[0].blockSize; // (border-box sizing, as in style.css)
  if (height > (parseFloat(status.style.minHeight) || 0)) status.style.minHeight = `${height}px`;
});
function holdStatus(region) {
  const status = region === "status" ? byId("status") : null;
  if (!status?.classList.contains("status")) return;
  if (status.querySelector(PLAYING)) heldStatus.observe(status, { box: "border-box" });
  else {
    heldStatus.unobserve(status);
    status.style.minHeight = "";
  }
}
const TOLD = {
  show: (m) => {
    redrawn = show(m.region, m.html) && m.region === "board";
    holdStatus(m.region);
  },
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
  memo: (m) => { memo = m.memo; },
  failed: (m) => failed(m.text),
  // the worker's own: a start that went wrong, the runtime's download, Python loaded
  broken: (m) => { console.error(m.reason); failed(m.reason); },
  bytes: (m) => dispatchEvent(new CustomEvent("boot:bytes", { detail: m })),
  pong: () => {}, // the runtime is there (heard: see the heartbeat)
  loaded: (m) => {
    window.pythonLibrary = m.library;
    start();
  },
  // what Python told in one step (game/web/port.py): all in this task, no frame between;
  // unpacked as it arrives (worker.onmessage), so that a message that must wait for a
  // frame waits with those after it, in order
  batch: (m) => m.messages.forEach(take),
};

async function ask(message) {
  try {
    answer(message.ask, await ASKS[message.kind](message));
  } catch (error) {
    console.error(error);
    answer(message.ask, null);
  }
}

// Messages are applied in order as they come. But an action's motion starts a frame after
// its board: the board redrawn and its pieces held where they were (a "hold" right after
// it) are drawn in a frame of their own, and what follows (the first event's log line,
// status and motion) waits until that frame is drawn, so that no frame has it all to
// style, lay out and paint at once (a long task on a slow device). Meanwhile the pieces
// wait where they were and the text is as it was.
const waiting = [];
let redrawn = false; // the message applied last redrew the board
let drawing = 0; // the board and its held pieces (their number) wait for their frame
let drawings = 0;
let beginning = false; // the start form went: the next board is a new game's
let beginningWaited = false; // and it waits for the frame of the side's change
function apply(message) {
  const held = message.kind === "hold" && redrawn;
  // the first board, some 700 elements parsed, styled and laid out anew, has a frame to
  // itself too: the panel and the rest come in the task after it. Not where it takes the
  // place of a lesson's built first step (static/poster.js), whose screen Python draws
  // again the same: a frame between would show it without its panel, what comes after
  // moved up into the room, where nothing may move. And the screen before it is laid
  // out in the frame before only where the empty board stands in its place meanwhile:
  // elsewhere that frame would show the screen without its board.
  const first = message.kind === "show" && message.region === "board" && !boardDrawn();
  if (first && !standingIn && byId("board")?.querySelector(":scope > #poster")
      && !document.hidden) {
    standingIn = true;
    waiting.unshift(message);
    waitForFrame();
    return;
  }
  if (first) standingIn = false;
  // A game begins (the start form goes: "setup" hidden): its board, drawn anew over the
  // start form's sample board, waits for the frame in which the side changes (the form
  // gone, the log and the game's files come), and has a frame of its own; the panel and
  // the status come after it. The three in one frame took 90 ms at 4x CPU slowdown. (Not
  // where the screen was drawn anew, a game said again in another language: its board's
  // place is empty, and a frame would show it so.)
  if (message.kind === "hidden" && message.region === "setup") beginning = message.hidden;
  const boardShown = message.kind === "show" && message.region === "board";
  const begun = boardShown && beginning && !first
    && Boolean(byId("board")?.querySelector(":scope > svg"));
  if (begun && !beginningWaited && !document.hidden) {
    beginningWaited = true;
    waiting.unshift(message);
    waitForFrame();
    return;
  }
  if (boardShown) beginning = beginningWaited = false; // (the next board is no new game's)
  redrawn = false;
  if ("ask" in message) ask(message);
  else TOLD[message.kind](message);
  if (held || begun || (first && boardDrawn() && !overBuilt)) waitForFrame();
}
function waitForFrame() {
  if (document.hidden) return; // no frame comes: nothing waits for one
  const mine = ++drawings;
  drawing = mine;
  const go = () => {
    if (drawing !== mine) return;
    drawing = 0;
    while (waiting.length && !drawing) apply(waiting.shift());
  };
  requestAnimationFrame(() => setTimeout(go)); // (the task after the frame)
  setTimeout(go, 200); // a frame that does not come (a frame of another site out of view)
}
function take(message) {
  // while the empty board stands in for the first board, the status line above it is
  // put in place at once, so that the board comes where it stays: nothing moves when it
  // does. (The panel still comes after the board: laid out with the status in the frame
  // before it, a hand of tiles made that frame's task as long as the board's.)
  const around = standingIn && ["show", "text"].includes(message.kind)
    && message.region === "status";
  if (drawing && !around) waiting.push(message);
  else apply(message);
}
// A shared runtime the browser ended (it may end a shared worker; a crash ends it too)
// answers no more, and says nothing of it: the page asks it now and then whether it is
// there ("ping", answered by engine.js itself, even while Python works), and after
// SILENCE_MS without a word starts another and says "start" again, as it stands now
// (the game's page resumes the game it keeps; a board starts from its parameters).
const PING_MS = window.runtimePingMs || 5000; // (a test may hasten both)
const SILENCE_MS = window.runtimeSilenceMs || 30000;
let heard = performance.now();
let restarts = 0;
let memo = null; // what the session asked to be given back on a new runtime ("memo")
setInterval(() => {
  if (!worker.shared || root.dataset.ready !== "true") return;
  if (performance.now() - heard < SILENCE_MS) send({ kind: "ping" });
  else {
    restarts += 1;
    worker = runtime(restarts);
    unanswered = worker.shared ? [] : null;
    heard = performance.now();
    listen();
  }
}, PING_MS);
function listen() {
  worker.port.onmessage = ({ data: message }) => {
    heard = performance.now();
    unanswered = null; // (it answers: it started)
    if (message.kind === "batch") TOLD.batch(message);
    else take(message);
  };
  worker.events.onerror = (event) => {
    if (unanswered) { // a shared runtime refused: the page's own, told the same
      const told = unanswered;
      worker = ownWorker();
      unanswered = null;
      listen();
      told.forEach((message) => worker.port.postMessage(message));
    } else failed(event.message || "the game's worker could not start");
  };
}
listen();

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
function tabStop(target) {
  if (!target || !target.getAttribute || !target.getAttribute("data-rove")) return;
  for (const element of roveGroup(target)) {
    element.setAttribute("tabindex", element === target ? "0" : "-1");
  }
}
document.addEventListener("focusin", (event) => tabStop(event.target));

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
