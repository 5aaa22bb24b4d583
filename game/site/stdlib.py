"""The standard library as the pages get it: Pyodide's archive with the modules a page
imports while it starts compiled ahead, by the pinned runtime itself.

Why: Pyodide ships its standard library as source, and a page compiled some 130 modules
before it was ready, most of its start-up (on this machine, ready after 2.5 s instead of
1.0 s in the headless shell, a second run of `?game=tsuro`). Bytecode must come from the
runtime's own Python, so Node.js runs the vendored Pyodide once (compile_stdlib.mjs, with
bytecode.py inside it) and the archive is kept in static/vendor/.compiled/, named by what
it was made from. Without Node.js the pages get Pyodide's archive as it comes: they work,
they start more slowly, and the build says so.

The list (stdlib_at_start.txt, one archive entry a line) is what the pages import before
they are ready; a browser test (tests/e2e/test_stdlib.py) says when it changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from game.site.runtime import PYODIDE, VENDOR, is_installed

HERE = Path(__file__).resolve().parent
AT_START = HERE / "stdlib_at_start.txt"
COMPILER = HERE / "compile_stdlib.mjs"
BYTECODE = HERE / "bytecode.py"
ARCHIVE = "python_stdlib.zip"  # Pyodide's name for it, which the page asks for
URL = f"static/vendor/{PYODIDE.dest}/{ARCHIVE}"
KEPT = ".compiled"  # under static/vendor/: hidden, so never served as it is


def at_start() -> list[str]:
    return AT_START.read_text().split()


def key() -> str:
    """What a compiled archive is made from: the runtime's pin, the list, the compiler."""
    digest = hashlib.sha256(f"{PYODIDE.name}@{PYODIDE.version}#{PYODIDE.integrity}\n".encode())
    for part in (AT_START, COMPILER, BYTECODE):
        digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


def compiled_archive(vendor: Path = VENDOR) -> Path | None:
    """The compiled archive for the runtime in vendor/, if it has been made."""
    path = vendor / KEPT / f"python_stdlib-{key()}.zip"
    return path if path.is_file() and is_installed(PYODIDE, vendor) else None


def ensure_compiled(vendor: Path = VENDOR, log=print) -> Path | None:
    """Make the compiled archive once for this runtime and list; None (said) if we cannot."""
    if not is_installed(PYODIDE, vendor):
        return None
    found = compiled_archive(vendor)
    if found:
        return found
    node = shutil.which("node")
    if not node:
        log("note: no Node.js here, so the standard library stays as source: "
            "the pages work, and start about a second later (game/site/stdlib.py)")
        return None
    kept = vendor / KEPT
    kept.mkdir(exist_ok=True)
    for old in kept.glob("python_stdlib-*.zip"):  # another runtime's or list's
        old.unlink()
    target = kept / f"python_stdlib-{key()}.zip"
    work = Path(tempfile.mkdtemp(prefix=".stdlib-", dir=kept))
    try:
        made = work / ARCHIVE
        try:
            run = subprocess.run(
                [node, str(COMPILER), str(vendor / PYODIDE.dest), str(BYTECODE),
                 str(AT_START), str(made)], capture_output=True, text=True, timeout=300)
            said = (run.stderr or run.stdout).strip()[-600:]
            failed = bool(run.returncode)
        except (OSError, subprocess.TimeoutExpired) as error:
            said, failed = str(error), True
        if failed or not made.is_file() or not zipfile.is_zipfile(made):
            log(f"note: Node.js could not compile the standard library, so it stays as "
                f"source: {said}")
            return None
        os.replace(made, target)
        log(f"compiled the {len(at_start())} standard library modules the pages start with")
        return target
    finally:
        shutil.rmtree(work, ignore_errors=True)
