// The bare page's worker (lab/bare.html): Pyodide loaded as static/engine.js loads it.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
postMessage("ready");
