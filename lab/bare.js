// The bare page's side (lab/bare.html): Pyodide started in a worker, nothing else.
const worker = new Worker(new URL("./bare-engine.js", import.meta.url), { type: "module" });
worker.onmessage = () => { document.documentElement.dataset.ready = "true"; };
