"""What the site is made of, and `python3 -m game build --out DIR` to write it out.

The site is: index.html (the game), embed.html (the board alone, for other pages to
embed), learn.html (Learn to play: the lessons), teach.html (an example teaching page:
diagrams and embedded boards only) and
manifest.webmanifest (what an installed copy is called and shows), every file of static/
(styles, icons, the vendored runtime; static/words.js with the scripts' words in every
language), the game's Python as one archive (static/game.zip, made from the sources at
serve/build time), each language's compiled catalog (static/locale/LANG.mo.gz, fetched by
a page that speaks it), the rules pages (made from docs/rules-*.md by game/site/rules.py:
rules/GAME.html in English, rules/GAME.LANG.html from docs/rules-GAME.LANG.md), the
games' figures (diagrams/NAME.svg, diagrams/NAME.LANG.svg in another language, drawn from
game/<game>/figures.py: the rules pages show them, teaching pages link them), the start
screen's card pictures (cards/GAME-LANG.svg, game/web/start.py), each lesson's first step
as learn.html draws it (static/first/learn-GAME-LANG.txt, game/site/first_paint.py: shown
while Python starts) and the service worker at
the site root (sw.js, made from static/sw.js with the list of files to keep for offline
play).
All URLs are relative, so the written site works from any folder, e.g. a project page.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import posixpath
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from game.core.i18n import CATALOG_URL, LANGUAGES, speaking
from game.site.bundle import ARCHIVE_NAME, catalog_file, catalog_languages, game_archive
from game.site.first_paint import (
    FirstPaintError,
    board_sketch_files,
    boot_bytes,
    index_page,
    lesson_screen_files,
)
from game.site.rules import DIAGRAMS, MarkdownError, diagram_file, every_page_name, rules_page
from game.site.runtime import (
    LOCK_URL,
    ROOT,
    RUNTIME,
    ensure_runtime,
    is_installed,
    lock_without_packages,
)
from game.site.stdlib import URL as STDLIB_URL
from game.site.stdlib import compiled_archive, served_archive
from game.web.page_words import WORDS_TEMPLATE, words_script
from game.web.start import card_picture_files

Source = Path | Callable[[], bytes]

PAGE_FILES = ("index.html", "embed.html", "learn.html", "teach.html",
              "manifest.webmanifest")  # the web app manifest: at the root, as its scope
ARCHIVE_URL = f"static/{ARCHIVE_NAME}"
SW_TEMPLATE = "static/sw.js"  # published at the site root, so that its scope is the whole site
SW_URL = "sw.js"
ENGINE_URL = "static/engine.js"  # the worker: told where the compiled standard library is
PAGE_SCRIPT_URL = "static/page.js"  # the page's side: told the name of its runtime
# Files served but not kept for offline play: the runtime's licence texts.
NOT_PRECACHED = ("*/LICENSE",)
BUILD_MARKER = ".tsuro-tatsu-site"  # marks a folder as written by build(), safe to replace


class BuildError(Exception):
    """The site could not be built (the message says why, for a person)."""


def site_files(root: Path = ROOT, packages=RUNTIME, log=print) -> dict[str, Source]:
    """Every file of the site by its URL path (relative to the site root), sorted; `log`
    hears what the making of the standard library the pages get has to say (stdlib.py)."""
    root = Path(root)
    files: dict[str, Source] = {}
    for name in PAGE_FILES:
        files[name] = root / name
    static = root / "static"
    vendor_dirs = {f"static/vendor/{p.dest}/" for p in packages
                   if is_installed(p, static / "vendor")}
    for path in sorted(static.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if not path.is_file() or any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        if relative in (SW_TEMPLATE, ARCHIVE_URL):
            continue
        if relative.startswith("static/vendor/") and not any(
                relative.startswith(d) for d in vendor_dirs):
            continue  # leftovers of another runtime version, or a runtime not yet verified
        files[relative] = path
    if STDLIB_URL in files and (stdlib := served_archive(static / "vendor", root / "game", log)):
        files[STDLIB_URL] = stdlib  # only the modules the pages import, made once for them
    compiled = compiled_archive(static / "vendor", root / "game") if STDLIB_URL in files else None
    if compiled:  # (the same modules compiled: for a start after the first, stdlib.py)
        files[compiled[0]] = compiled[1]
    if ENGINE_URL in files:  # (and the page's script beside it, which names its runtime)
        files[ENGINE_URL] = lambda: engine_script(root, compiled and compiled[0])
        files[PAGE_SCRIPT_URL] = lambda: page_script(root, files)
    if isinstance(lock := files.get(LOCK_URL), Path):  # the game loads no package
        files[LOCK_URL] = lambda lock=lock: lock_without_packages(lock.read_bytes())  # type: ignore[misc]
    files[ARCHIVE_URL] = lambda: game_archive(root / "game")
    for lang in catalog_languages(root / "game"):  # one file per language
        files[CATALOG_URL.format(lang=lang)] = lambda lang=lang: catalog_file(lang, root / "game")  # type: ignore[misc]
    files["index.html"] = lambda: _index_page(root, files)  # with the first screen in it
    files.update(lesson_screen_files())  # each lesson's first step, as learn.html draws it
    files.update(board_sketch_files())  # each game's empty board, until Python draws one
    files[WORDS_TEMPLATE] = lambda: words_script((root / WORDS_TEMPLATE).read_text())
    if (root / "docs").is_dir():  # (a copy of the sources without docs/ has no rules pages)
        for name, (key, lang) in every_page_name().items():  # each game, each language
            files[name] = lambda key=key, lang=lang: _rules_page(root, key, lang)  # type: ignore[misc]
    files.update(card_picture_files())  # the start screen's pictures, one per language
    for name, picture in DIAGRAMS.items():  # the same figure always gives the same bytes
        for lang in LANGUAGES:  # its words in each language
            files[diagram_file(name, lang)] = lambda picture=picture, lang=lang: _drawn(  # type: ignore[misc]
                picture, lang)
    files[SW_URL] = lambda: service_worker(root, files, packages)
    # (the first screen and the service worker read `files`: from now on, this listing)
    files = {name: _once(source) if callable(source) else source
             for name, source in sorted(files.items())}
    return files


def _once(make: Callable[[], bytes]) -> Callable[[], bytes]:
    """A made file, made at most once for one listing of the site's files: the service
    worker's version reads every file and the first screen reads the page's own, then
    the build writes them all (a new listing, as `serve` makes for each request, makes
    them afresh)."""
    made: list[bytes] = []

    def source() -> bytes:
        if not made:
            made.append(make())
        return made[0]
    return source


def _index_page(root: Path, files: dict[str, Source]) -> bytes:
    try:
        return index_page((root / "index.html").read_text(), boot_bytes(files, read))
    except FirstPaintError as error:
        raise BuildError(f"cannot make the first screen: {error}") from error


def _drawn(picture, lang: str) -> bytes:
    from game.core.diagram import image_file

    with speaking(lang):
        return image_file(picture().svg).encode()


def _rules_page(root: Path, game_key: str, lang: str) -> bytes:
    try:
        return rules_page(game_key, root, lang=lang)
    except MarkdownError as error:
        raise BuildError(f"cannot make the rules page: {error}") from error


def read(source: Source) -> bytes:
    return source() if callable(source) else source.read_bytes()


def precache_list(files: dict[str, Source]) -> list[str]:
    """The URLs the service worker keeps for offline play, relative to the site root."""
    kept = [name for name in files if name != SW_URL
            and not any(fnmatch.fnmatchcase(name, p) for p in NOT_PRECACHED)]
    return ["./", *(f"./{name}" for name in kept)]


def _version(files: dict[str, Source], packages) -> str:
    """A short hash that changes whenever a precached file does (vendor files by their pin,
    the trimmed standard library by the name that says what it was made from)."""
    digest = hashlib.sha256()
    for package in packages:
        digest.update(f"{package.name}@{package.version}#{package.integrity}\n".encode())
    for name, source in files.items():
        if name == STDLIB_URL and isinstance(source, Path):
            digest.update(f"{name} {source.name}\n".encode())
        if name == SW_URL or name.startswith("static/vendor/"):
            continue
        digest.update(f"{name}\n".encode())
        digest.update(hashlib.sha256(read(source)).digest())
    return digest.hexdigest()[:16]


def engine_script(root: Path, compiled: str | None) -> bytes:
    """static/engine.js with the address of the compiled standard library filled in
    (relative to the script), or null when there is none."""
    text = (Path(root) / ENGINE_URL).read_text()
    where = json.dumps(posixpath.relpath(compiled, posixpath.dirname(ENGINE_URL))
                       if compiled else None)
    text, found = re.subn(r'^const COMPILED = null;', lambda _: f"const COMPILED = {where};",
                          text, count=1, flags=re.MULTILINE)
    if not found:
        raise BuildError(f"{ENGINE_URL} lacks the 'const COMPILED = null;' line that the "
                         "build fills in")
    return text.encode()


def runtime_name(files: dict[str, Source]) -> str:
    """What names the shared runtime of the pages (static/page.js's RUNTIME): a hash of
    the worker's script and the game's Python, so that a page never joins a runtime of
    another version that a tab still open keeps running."""
    digest = hashlib.sha256(read(files[ENGINE_URL]))
    digest.update(read(files[ARCHIVE_URL]))
    return digest.hexdigest()[:12]


def page_script(root: Path, files: dict[str, Source]) -> bytes:
    """static/page.js with the name of its runtime filled in."""
    text = (Path(root) / PAGE_SCRIPT_URL).read_text()
    text, found = re.subn(r'^const RUNTIME = null;', lambda _: 'const RUNTIME = '
                          f'"{runtime_name(files)}";', text, count=1, flags=re.MULTILINE)
    if not found:
        raise BuildError(f"{PAGE_SCRIPT_URL} lacks the 'const RUNTIME = null;' line that the "
                         "build fills in")
    return text.encode()


def service_worker(root: Path, files: dict[str, Source], packages=RUNTIME) -> bytes:
    """static/sw.js with its version and precache list filled in."""
    template = (Path(root) / SW_TEMPLATE).read_text()
    text, found_version = re.subn(r'^const VERSION = .*;$',
                                  f'const VERSION = "{_version(files, packages)}";',
                                  template, count=1, flags=re.MULTILINE)
    urls = json.dumps(precache_list(files), indent=2)
    text, found_list = re.subn(r'^const PRECACHE = \[[^\]]*\];$',
                               lambda _: f"const PRECACHE = {urls};", text, count=1,
                               flags=re.MULTILINE)
    if not (found_version and found_list):
        raise BuildError(f"{SW_TEMPLATE} lacks the 'const VERSION = ...;' and "
                         "'const PRECACHE = [...];' lines that the build fills in")
    return text.encode()


def build(out: Path, root: Path = ROOT, packages=RUNTIME, registry: str | None = None,
          log=print) -> dict:
    """Write the complete deployable site into out (replacing a previous build there)."""
    root = Path(root).resolve()
    out = Path(out).resolve()
    if out == root or root.is_relative_to(out) or out.is_relative_to(root / "static"):
        raise BuildError(f"refusing to build into {out}: choose a folder outside the sources")
    if out.exists() and (not out.is_dir() or (any(out.iterdir())
                                              and not (out / BUILD_MARKER).exists())):
        raise BuildError(f"refusing to overwrite {out}: it exists and is not a previous build "
                         "(remove it or choose another --out)")
    ensure_runtime(root / "static" / "vendor", packages, registry, log=log)
    files = site_files(root, packages, log)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        staged = work / "site"
        total = 0
        for name, source in files.items():
            target = staged / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if callable(source):
                data = source()
                target.write_bytes(data)
                total += len(data)
            else:
                shutil.copyfile(source, target)
                total += target.stat().st_size
        (staged / ".nojekyll").write_bytes(b"")  # GitHub Pages: publish the files as they are
        (staged / BUILD_MARKER).write_text("written by python3 -m game build\n")
        if out.exists():
            os.rename(out, work / "previous")
        os.rename(staged, out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    summary = {"out": str(out), "files": len(files), "bytes": total}
    log(f"built the site into {out}: {len(files)} files, {total / 1e6:.1f} MB")
    return summary
