// The game's Python, in a web worker of the page (static/page.js starts it): Pyodide and
// the game's archive load here, so the page's own thread stays free for the player while
// they arrive and while the computers think. The page and this worker talk by messages
// only (game/web/protocol.py); game/web/worker.py is the Python end.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const PYODIDE = new URL("./vendor/pyodide/", import.meta.url).href;
const GAME = new URL("./game.zip", import.meta.url).href;
const HOME = "/home/pyodide/site"; // the game package is unpacked here, on sys.path
// The standard library's modules compiled (game/site/stdlib.py), its address filled in by
// the build (null without one): used when the browser already holds it, never downloaded
// for a start. A first visit compiles each module as it imports it; the service worker then
// keeps this archive with every file, and a later start (or a page of the same cache: the
// HTTP cache serves it too) compiles nothing, a second or more sooner on a phone.
const COMPILED = null;

const say = (message) => postMessage(message);
const broken = (reason) => say({ kind: "broken", reason: String(reason && reason.stack || reason) });

// The large files are asked for at once, side by side, instead of one after the other as
// the runtime gets to them; the runtime's own request for each is then answered with the
// same response (never a second download). Every download's bytes are told to the page
// as they arrive, for its progress bar.
const fetched = self.fetch.bind(self);
const counted = (url, response) => {
  if (!response.ok || !response.body) return response;
  const reader = response.clone().body.getReader();
  let bytes = 0;
  let told = 0; // (told ten times a second at most: each message is the page's work)
  const pump = () => reader.read().then(({ done, value }) => {
    if (!done) bytes += value.byteLength;
    if (done || performance.now() - told > 100) {
      told = performance.now();
      say({ kind: "bytes", url, bytes });
    }
    return done ? undefined : pump();
  }).catch(() => {});
  pump();
  return response;
};
const get = (url) => fetched(url).then((response) => {
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return counted(url, response);
});
// Which standard library this start runs on ("compiled" or "source"): tests and the lab
// read it.
self.pythonLibrary = null;
const kept = COMPILED
  ? fetched(new URL(COMPILED, import.meta.url), { cache: "only-if-cached", mode: "same-origin" })
    .then((response) => (response.ok ? response : null), () => null)
  : Promise.resolve(null);
const library = kept.then((response) => {
  self.pythonLibrary = response ? "compiled" : "source";
  return response ? counted(response.url, response) : get(PYODIDE + "python_stdlib.zip");
});
const early = new Map([
  [PYODIDE + "pyodide.asm.wasm", get(PYODIDE + "pyodide.asm.wasm")],
  [PYODIDE + "python_stdlib.zip", library],
]);
self.fetch = (input, init) => {
  const url = typeof input === "string" || input instanceof URL ? new URL(input, PYODIDE).href
    : input.url;
  if (early.has(url) && (!init || !init.method || init.method === "GET")) {
    const answer = early.get(url);
    early.delete(url); // a response is read once: a second request goes to the network
    return answer;
  }
  return fetched(input, init).then((response) => (url.startsWith(PYODIDE) ? counted(url, response)
    : response));
};
const game = get(GAME).then((response) => response.arrayBuffer());
// A download that fails is a start that cannot be: said at once (the runtime would wait
// on its interpreter for ever, and the page would learn it only from its silence).
for (const download of [...early.values(), game]) download.catch(broken);

// Messages that come before Python is ready wait for it, in order.
let start = null;
let receive = null;
const waiting = [];
self.onmessage = (event) => {
  const message = event.data;
  // (a catalog is not counted in the progress: the bar's total is the runtime's)
  if (message && message.kind === "prefetch") early.set(message.url, fetched(message.url));
  else if (message && message.kind === "start") start = message;
  else if (receive) receive(message);
  else waiting.push(message);
  if (start && ready) go();
};

let ready = null;
let going = false;
async function go() {
  if (going) return;
  going = true;
  try {
    const { serve, receive: take } = await ready;
    serve(start);
    receive = take;
    for (const message of waiting.splice(0)) take(message);
  } catch (error) {
    broken(error);
  }
}

ready = (async () => {
  const pyodide = await loadPyodide({
    indexURL: PYODIDE,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  pyodide.FS.mkdirTree(HOME);
  pyodide.unpackArchive(await game, "zip", { extractDir: HOME });
  pyodide.runPython(`import sys; sys.path.insert(0, "${HOME}")`);
  const worker = pyodide.pyimport("game.web.worker");
  say({ kind: "loaded" }); // the page answers with its "start", as it stands now
  return { serve: worker.serve, receive: worker.receive };
})();
ready.catch(broken);
if (start) go();
