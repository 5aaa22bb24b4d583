// Finds the standard library modules the pages need and makes their archive, in the pinned
// Pyodide itself: game/site/stdlib.py runs
//   node stdlib_trim.mjs PYODIDE_DIR STDLIB_TRIM_PY GAME_ZIP NAMES_TXT OUT_ZIP OUT_LIST \
//     OUT_COMPILED_ZIP
// Pyodide starts and unpacks the game's archive, as a page does; every name of NAMES_TXT
// (what the game's Python imports) is imported, a name that is no module here passed over
// (`pyscript`, `json.dumps`); the archive entries loaded by then, sorted, go to OUT_LIST,
// and stdlib_trim.py makes OUT_ZIP of those alone, and OUT_COMPILED_ZIP of the same
// compiled by this Python (the pages' own: its bytecode is theirs). Each module kept as
// it was is named on stdout, one a line; a failure is said on stderr, and the exit
// status is 1.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// The archive entries of every module loaded once `names` are imported too (before this,
// nothing but what Pyodide and the game's unpacking import: none of the trimming).
const FIND = (names) => `
import sys
for name in ${JSON.stringify(names)}:
    try:
        __import__(name)
    except ImportError:
        pass
"\\n".join(sorted({module.__file__[len(module.__loader__.archive) + 1:]
                   for module in list(sys.modules.values())
                   if type(getattr(module, "__loader__", None)).__name__ == "zipimporter"}))
`;

const MAKE = (found) => `
import sys
sys.path.insert(0, "/trim")
from stdlib_trim import compiled, trimmed
with open("/trim/in.zip", "rb") as archive:
    made, kept = trimmed(archive.read(), ${JSON.stringify(found)})
with open("/trim/out.zip", "wb") as out:
    out.write(made)
import json  # (loaded from the archive as the pages load it: where Pyodide puts it)
with open("/trim/compiled.zip", "wb") as out:
    out.write(compiled(made, json.__loader__.archive))
"\\n".join(kept)
`;

const [dir, trimPy, gameZip, namesTxt, outZip, outList, outCompiled] =
  process.argv.slice(2).map((path) => resolve(path));
try {
  const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: dir + "/", stdout: () => {}, stderr: () => {} });
  pyodide.unpackArchive(new Uint8Array(readFileSync(gameZip)), "zip", { extractDir: "/game" });
  const names = readFileSync(namesTxt, "utf8").split(/\s+/).filter(Boolean);
  const found = pyodide.runPython(FIND(names)).split("\n").filter(Boolean);
  pyodide.FS.mkdirTree("/trim");
  pyodide.FS.writeFile("/trim/stdlib_trim.py", readFileSync(trimPy));
  pyodide.FS.writeFile("/trim/in.zip", readFileSync(join(dir, "python_stdlib.zip")));
  const kept = pyodide.runPython(MAKE(found));
  writeFileSync(outZip, pyodide.FS.readFile("/trim/out.zip"));
  writeFileSync(outCompiled, pyodide.FS.readFile("/trim/compiled.zip"));
  writeFileSync(outList, found.join("\n") + "\n");
  if (kept) console.log(kept);
} catch (error) {
  console.error(String(error && error.message || error).slice(-2000));
  process.exit(1);
}
