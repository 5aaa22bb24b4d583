"""The game's Python for the page, as one zip archive.

The game's worker (static/engine.js) fetches it once and unpacks it into a folder on
Python's path, so `import game.web.worker` works without one request per module. The
archive holds exactly the modules the page can import: the page's entry points, the modules
each game's description names for the page to load by name (game/core/registry.py,
GameInfo.modules(): engine, words, drawing, bots, table, the start form's pieces, the
seats' labels and colours) and, transitively, every module of the `game` package named by
one of their import statements (those inside functions too), with the packages above each.
What only a developer runs (this site tooling, the command line with its simulator and
compare, the research tools in lab/) is never imported by the page, so it is never shipped.
The languages' message catalogs are not in it: each is compiled here from its .po source
(game/locale/LANG/LC_MESSAGES/game.po) into a file of its own, static/locale/LANG.mo.gz
(game/core/i18n.py CATALOG_URL), which a page fetches only when it speaks that language
(game/web/session.py): an English visit downloads none, a Spanish one some 38 kB.
"""

from __future__ import annotations

import ast
import functools
import gzip
import io
import threading
import zipfile
from pathlib import Path

from game.site.slim import slim_source

GAME = Path(__file__).resolve().parent.parent  # the game package folder
ARCHIVE_NAME = "game.zip"

# Where the pages' imports start: the worker's entry point, and the page sessions it
# imports by name (index.html's game.web.index_page, embed.html's game.web.embed_page,
# learn.html's game.web.learn_page).
PAGE_ENTRY = "game.web.worker"
PAGE_ENTRIES = (PAGE_ENTRY, "game.web.index_page", "game.web.embed_page",
                "game.web.learn_page")
_EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same source gives the same bytes


# CPython 3.11's parser is not safe in several threads at once ("AST constructor recursion
# depth mismatch", seen when `serve` made game.zip for parallel requests): one at a time.
_PARSING = threading.Lock()

def module_file(package: Path, name: str) -> Path | None:
    """The source file of module `name` (e.g. "game.core.rng") in package, or None."""
    first, *rest = name.split(".")
    if first != package.name:
        return None  # the standard library, or Pyodide's `js` and `pyodide`
    path = package.joinpath(*rest)
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    if rest and path.with_name(f"{path.name}.py").is_file():
        return path.with_name(f"{path.name}.py")
    return None  # a name taken from a module (`from game.core import Action`), or nothing


def imported_names(source: Path, name: str) -> set[str]:
    """Every dotted name an import statement of module `name` may load, wherever it stands.
    `from a import b` may load a.b (a module) or only take a name from a; both are listed,
    and names that are no module are dropped by the caller."""
    package = name if source.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for level, module, taken in _import_statements(source.read_bytes(), str(source)):
        if level is None:  # import a, b
            names.update(taken)
            continue
        base = module
        if level:  # relative: from this module's package, or one above it
            anchor = package.rsplit(".", level - 1)[0]
            base = f"{anchor}.{base}" if base else anchor
        names.add(base)
        names.update(f"{base}.{alias}" for alias in taken)
    return names


# Parsed once per content (`serve` makes game.zip, which the first screen and the service
# worker read too, for many requests of one page load: some 2 s each, unmemoized): the
# result depends on the bytes alone, so a memo never gives another file's answer.
@functools.lru_cache(maxsize=1024)
def _import_statements(data: bytes, filename: str) -> tuple:
    """(None, None, names) for each `import` statement, (level, module, names) for each
    `from` one, in the order ast.walk meets them."""
    with _PARSING:
        tree = ast.parse(data, filename)
    found: list[tuple] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.append((None, None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or "",
                          tuple(alias.name for alias in node.names)))
    return tuple(found)


def page_roots() -> tuple:
    """The entry points, and every module the registered games name, which no import
    statement shows: the page loads them by name when a game is chosen."""
    from game.core.registry import games

    named: list[str] = []
    for info in games().values():
        named += info.modules()  # every "module" or "module:NAME" of its description
    return (*PAGE_ENTRIES, *dict.fromkeys(named))


def page_modules(package: Path = GAME, roots=None) -> dict[str, Path]:
    """{module name: source file} for every module the page can import, sorted by name."""
    roots = page_roots() if roots is None else roots
    found: dict[str, Path] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        source = module_file(package, name)
        if source is None:
            if name in roots:
                raise ValueError(f"the page imports {name}, which is not in {package}")
            continue
        found[name] = source
        if "." in name:
            todo.append(name.rpartition(".")[0])  # importing a.b runs a/__init__.py first
        todo.extend(imported_names(source, name))
    return dict(sorted(found.items()))


def archive_members(package: Path = GAME, roots=None) -> list[tuple[str, Path]]:
    """(name in the archive, source file) for every module the page needs, sorted by name."""
    members = [(source.relative_to(package.parent).as_posix(), source)
               for source in page_modules(package, roots).values()]
    return sorted(members)


def catalog_languages(package: Path = GAME) -> list[str]:
    """The languages with a catalog (every one but English), sorted."""
    return sorted(source.parent.parent.name
                  for source in (package / "locale").glob("*/LC_MESSAGES/game.po"))


def catalog_file(lang: str, package: Path = GAME) -> bytes:
    """`lang`'s catalog as the site serves it (CATALOG_URL): compiled, then gzipped (the
    same source gives the same bytes)."""
    from game.core.catalogs import read_po, write_mo

    source = package / "locale" / lang / "LC_MESSAGES" / "game.po"
    compiled = write_mo(read_po(source.read_text("utf-8")))
    return gzip.compress(compiled, compresslevel=9, mtime=0)


@functools.lru_cache(maxsize=1024)  # (as _import_statements: by content)
def _slimmed(source: bytes, name: str) -> bytes:
    return slim_source(source, name)


def game_archive(package: Path = GAME, roots=None) -> bytes:
    """The zip archive's bytes (deterministic for the same sources), its modules without
    comments and docstrings (slim.py)."""
    buffer = io.BytesIO()
    listed = archive_members(package, roots)
    with _PARSING:  # (slimming parses too)
        members = [(name, _slimmed(path.read_bytes(), name) if name.endswith(".py")
                    else path.read_bytes()) for name, path in listed]
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in members:
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()
