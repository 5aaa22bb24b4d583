// The game's Python, in a web worker (static/page.js starts it): Pyodide and the game's
// archive load here, so the page's own thread stays free for the player while they
// arrive and while the computers think. The page and this worker talk by messages only
// (game/web/protocol.py); game/web/worker.py is the Python end.
//
// The worker is shared where the browser allows (a SharedWorker of the site's origin):
// every page of the site that connects (the frames of a teaching page, the site's tabs)
// is a client of the same runtime, each with a session of its own in it, so that eight
// boards start one Python, not eight. Elsewhere it is the page's own (a dedicated Worker,
// one client). A client's page says "bye" when it goes; its session is then let go.
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

// The pages served: client number -> { port, start, waiting } (a dedicated worker's one
// page is client 0, its port the worker's own scope).
const clients = new Map();
const shared = typeof SharedWorkerGlobalScope === "function" && self instanceof SharedWorkerGlobalScope;
const sayAll = (message) => clients.forEach((client) => client.port.postMessage(message));
// Python's way to a page (game/web/worker.py); a page gone meanwhile hears nothing.
self.tell = (id, message) => clients.get(id)?.port.postMessage(message);
let failure = null; // why the runtime cannot start, told to every page, even one that comes later
const broken = (reason) => {
  failure = failure || { kind: "broken", reason: String(reason && reason.stack || reason) };
  sayAll(failure);
};

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
      sayAll({ kind: "bytes", url, bytes });
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
// Which standard library this start runs on ("compiled" or "source"): told to each page
// with "loaded" (window.pythonLibrary there), for the tests and the lab.
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

// A page's messages: its "start", then the rest; those that come before Python is ready
// wait for it, in order.
let python = null; // game.web.worker, once loaded
let nextClient = 0;
function connect(port) {
  const id = nextClient++;
  const client = { port, start: null, waiting: [] };
  clients.set(id, client);
  port.onmessage = (event) => {
    const message = event.data;
    // (a catalog is not counted in the progress: the bar's total is the runtime's)
    if (message && message.kind === "ping") port.postMessage({ kind: "pong" }); // (alive)
    else if (message && message.kind === "prefetch") {
      if (!early.has(message.url)) early.set(message.url, fetched(message.url));
    } else if (message && message.kind === "bye") {
      clients.delete(id);
      if (python) python.forget(id);
    } else if (message && message.kind === "start") {
      if (!client.start) {
        client.start = message;
        if (python) serve(id, client);
      }
    } else if (python && client.start) python.receive(message, id);
    else client.waiting.push(message);
  };
  if (failure) port.postMessage(failure);
  else if (python) port.postMessage({ kind: "loaded", library: self.pythonLibrary });
}
function serve(id, client) {
  try {
    python.serve(client.start, id);
    for (const message of client.waiting.splice(0)) python.receive(message, id);
  } catch (error) {
    broken(error);
  }
}
if (shared) self.onconnect = (event) => connect(event.ports[0]);
else connect(self);

const ready = (async () => {
  const pyodide = await loadPyodide({
    indexURL: PYODIDE,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  pyodide.FS.mkdirTree(HOME);
  pyodide.unpackArchive(await game, "zip", { extractDir: HOME });
  pyodide.runPython(`import sys; sys.path.insert(0, "${HOME}")`);
  python = pyodide.pyimport("game.web.worker");
  // each page answers with its "start", as it stands now (one that sent it already is
  // served at once)
  sayAll({ kind: "loaded", library: self.pythonLibrary });
  clients.forEach((client, id) => { if (client.start) serve(id, client); });
})();
ready.catch(broken);
