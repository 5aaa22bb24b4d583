"""The standard library as the pages get it: only the modules they import, each lean.

Why: Pyodide's archive of the standard library is 2.5 MB, of which a page imports some 130
modules. The build finds those, Node.js running the pinned Pyodide (stdlib_trim.mjs): what
Pyodide imports while it starts and unpacks the game's archive, and every module of the
standard library that the game's Python imports anywhere (the files of game.zip, read with
ast: imports inside functions too), with all that they import in turn. The archive served
as python_stdlib.zip holds those alone, each without docstrings and comments and checked
to compile to the same code (stdlib_trim.py, run in that Pyodide): some 0.39 MB.

Beside it, the same modules compiled by that Pyodide (COMPILED_URL, some 1.2 MB): a first
visit does not download it, compiling the modules as it imports them (some 1.3 s of a
start); the service worker keeps it with every file, and a later start finds it in the
browser's cache and compiles nothing (static/engine.js).

It is kept in static/vendor/.stdlib/, named by what it was made from (the runtime's pin,
the list, the scripts), beside the list found for the game's imports: Node.js runs again
only when those imports, the runtime or the scripts change. Without Node.js, or when it
fails, the pages get Pyodide's whole archive: they work, a first visit downloads 2 MB more,
and `build` and `serve` say so.

What this does not find, a module the standard library imports only inside a function the
game calls, a browser test does (tests/e2e/test_stdlib.py: whole games in every language,
the lessons and an embedded board on the served archive): name it in ALSO.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
import zipfile
from pathlib import Path

from game.site.bundle import GAME, archive_members, game_archive, imported_names
from game.site.runtime import PYODIDE, VENDOR, is_installed

HERE = Path(__file__).resolve().parent
SCRIPTS = (HERE / "stdlib_trim.mjs", HERE / "stdlib_trim.py")
ARCHIVE = "python_stdlib.zip"  # Pyodide's name for it, which the page asks for
URL = f"static/vendor/{PYODIDE.dest}/{ARCHIVE}"
KEPT = ".stdlib"  # under static/vendor/: hidden, so never served as it is
COMPILED_URL = f"static/vendor/{PYODIDE.dest}/python_stdlib-compiled-{{key}}.zip"
# Modules imported only inside the standard library's functions that the game calls (none
# so far: the browser test would name them).
ALSO: tuple[str, ...] = ()
NODE_SECONDS = 600  # Pyodide started, and 130 modules checked, on a loaded 2-core machine

_making = threading.Lock()  # (`serve` answers requests in threads)
_failed: set[tuple[str, str]] = set()  # (vendor, key) whose archive could not be made
_scanned: dict[tuple, list[str]] = {}  # the last scan, by the game's files' sizes and dates


def game_imports(package: Path = GAME, roots=None) -> list[str]:
    """Every module outside the game that the game's archive names in an import statement,
    wherever it stands, and ALSO (sorted). Names taken from a module are among them
    (`from json import dumps`: json.dumps): Pyodide passes over what is not a module."""
    stamp = (str(package), roots, *((str(path), status.st_mtime_ns, status.st_size)
                                    for path in sorted(package.rglob("*.py"))
                                    for status in (path.stat(),)))
    found = _scanned.get(stamp)
    if found is None:
        names = set(ALSO)
        for member, source in archive_members(package, roots):
            module = member.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            names |= {name for name in imported_names(source, module)
                      if name.partition(".")[0] != package.name}
        found = sorted(names)
        _scanned.clear()  # (one game at a time)
        _scanned[stamp] = found
    return found


def key(kind: str, names) -> str:
    """What an archive or a list is made from: the runtime's pin, the scripts, the names
    (`kind` says which names: the game's imports, or the archive's entries)."""
    digest = hashlib.sha256(f"{PYODIDE.name}@{PYODIDE.version}#{PYODIDE.integrity}\n"
                            f"{kind}\n".encode())
    for script in SCRIPTS:
        digest.update(script.read_bytes())
    digest.update("\n".join(names).encode())
    return digest.hexdigest()[:16]


def trimmed_archive(vendor: Path = VENDOR, package: Path = GAME, roots=None) -> Path | None:
    """The archive made for the game's imports and the runtime in vendor/, if it has been."""
    if not is_installed(PYODIDE, vendor):
        return None
    listed = vendor / KEPT / f"found-{key('imports', game_imports(package, roots))}.txt"
    try:
        entries = listed.read_text().split()
    except OSError:
        return None
    made = vendor / KEPT / f"python_stdlib-{key('entries', entries)}.zip"
    return made if made.is_file() and _compiled(made).is_file() else None


def _compiled(archive: Path) -> Path:
    """Where the compiled twin of a trimmed archive is kept."""
    return archive.with_name(archive.name.replace("python_stdlib-", "python_stdlib-compiled-"))


def compiled_archive(vendor: Path = VENDOR, package: Path = GAME,
                     roots=None) -> tuple[str, Path] | None:
    """(the URL it is served at, the file) of the trimmed archive's modules compiled, if it
    has been made (served_archive makes both)."""
    made = trimmed_archive(vendor, package, roots)
    if made is None:
        return None
    return COMPILED_URL.format(key=made.stem.rpartition("-")[2]), _compiled(made)


def served_archive(vendor: Path = VENDOR, package: Path = GAME, log=print,
                   roots=None) -> Path | None:
    """What the pages get as python_stdlib.zip: the trimmed archive, made now if need be,
    else Pyodide's own (said once); None without the runtime."""
    if not is_installed(PYODIDE, vendor):
        return None
    whole = vendor / PYODIDE.dest / ARCHIVE
    with _making:
        made = trimmed_archive(vendor, package, roots)
        if made:
            return made
        names = game_imports(package, roots)
        attempt = (str(vendor), key("imports", names))
        if attempt in _failed:
            return whole
        made = _make(vendor, package, roots, names, log)
        if made is None:
            _failed.add(attempt)
            return whole
        return made


def _make(vendor: Path, package: Path, roots, names: list[str], log) -> Path | None:
    node = shutil.which("node")
    if not node:
        log("note: no Node.js here, so the pages get Pyodide's whole standard library: "
            "they work, and a first visit downloads 2 MB more (game/site/stdlib.py)")
        return None
    kept = vendor / KEPT
    kept.mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".making-", dir=kept))
    try:
        (work / "names.txt").write_text("\n".join(names) + "\n")
        (work / "game.zip").write_bytes(game_archive(package, roots))
        made, found, twin = work / ARCHIVE, work / "found.txt", work / "compiled.zip"
        try:
            run = subprocess.run(
                [node, str(SCRIPTS[0]), str(vendor / PYODIDE.dest), str(SCRIPTS[1]),
                 str(work / "game.zip"), str(work / "names.txt"), str(made), str(found),
                 str(twin)],
                capture_output=True, text=True, timeout=NODE_SECONDS)
            said, failed = (run.stderr or run.stdout).strip()[-600:], bool(run.returncode)
        except (OSError, subprocess.TimeoutExpired) as error:
            said, failed = str(error), True
        if failed or not found.is_file() or not all(map(zipfile.is_zipfile, (made, twin))):
            log(f"note: Node.js could not make the standard library the pages need, so they "
                f"get Pyodide's whole one (2 MB more): {said}")
            return None
        entries = found.read_text().split()
        for name in run.stdout.split():
            log(f"note: {name} is served as it was: its lean source compiles to other code")
        for old in [*kept.glob("python_stdlib-*.zip"), *kept.glob("found-*.txt")]:
            old.unlink(missing_ok=True)  # another runtime's, or another list's
        target = kept / f"python_stdlib-{key('entries', entries)}.zip"
        os.replace(twin, _compiled(target))
        os.replace(made, target)
        os.replace(found, kept / f"found-{key('imports', names)}.txt")  # (the list last)
        log(f"made the standard library the pages need: {len(entries)} modules, "
            f"{target.stat().st_size / 1e6:.2f} MB")
        return target
    finally:
        shutil.rmtree(work, ignore_errors=True)
