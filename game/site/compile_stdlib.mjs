// Compiles ahead the standard library modules the pages start with, in the pinned Pyodide
// itself (so the bytecode is its Python's): game/site/stdlib.py runs
//   node compile_stdlib.mjs PYODIDE_DIR BYTECODE_PY LIST_TXT OUT_ZIP
// and bytecode.py's `precompiled` does the work on PYODIDE_DIR/python_stdlib.zip.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, bytecode, list, out] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree("/compile");
pyodide.FS.writeFile("/compile/bytecode.py", readFileSync(bytecode));
pyodide.FS.writeFile("/compile/in.zip", readFileSync(join(dir, "python_stdlib.zip")));
pyodide.FS.writeFile("/compile/list.txt", readFileSync(list));
pyodide.runPython(`
import sys
sys.path.insert(0, "/compile")
from bytecode import precompiled
with open("/compile/in.zip", "rb") as archive, open("/compile/list.txt") as listed:
    made = precompiled(archive.read(), listed.read().split(),
                       f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip")
with open("/compile/out.zip", "wb") as out:
    out.write(made)
`);
writeFileSync(out, pyodide.FS.readFile("/compile/out.zip"));
