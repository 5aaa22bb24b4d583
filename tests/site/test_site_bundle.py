"""The game's Python for the page: one deterministic archive of exactly the modules the page
imports, without the tooling."""

import gettext
import gzip
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from game.core.catalogs import read_po
from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, catalog_path
from game.site.bundle import (
    GAME,
    archive_members,
    catalog_file,
    catalog_languages,
    game_archive,
    page_modules,
)
from game.site.slim import slim_source

# What the page imports, by reading game/web/worker.py and the sessions it serves: its
# entry point (with Pyodide's `js` and `pyodide` stubbed), what it imports when a game is
# chosen or started, the bots behind every seat (the packages' BOTS), and what the engines
# import inside functions.
PAGE_IMPORTS = (
    "game.web.worker",  # the worker's entry point (static/engine.js imports it)
    "game.web.index_page", "game.web.embed_page",  # the game's page, the embeddable board
    "game.web.learn_page", "game.tsuro.lessons", "game.tatsu.lessons",  # Learn to play
    "game.tsuro.goals", "game.tatsu.goals",  # the challenges' goals, named by GAME
    "game.web.setup", "game.web.saved", "game.web.start", "game.core.match",
    "game.web.tsuro_setup", "game.web.tatsu_setup",  # the games' own forms, named by GAME
    "game.tsuro", "game.tsuro.text", "game.tsuro.svg", "game.web.tsuro_table",
    "game.tatsu", "game.tatsu.text", "game.tatsu.svg", "game.web.tatsu_table",
    "game.tsuro.bots", "game.tatsu.bots",
    "game.tsuro.coach", "game.tatsu.coach",  # the coaches (hints, reviews), named by GAME
    "game.tsuro.state", "game.tatsu.state",  # the engines, which the registry names
    "game.tatsu.position",  # imported inside TatsuState
)
DEVELOPER_ONLY = ("game/__main__.py", "game/site/", "game/core/simulate.py",
                  "game/core/compare.py", "fit_", "bench", "tests/",
                  # the diagrams with notes, for the rules pages: the command line's
                  "game/core/diagram.py", "game/tsuro/diagram.py", "game/tatsu/diagram.py")

# Run with PYTHONPATH the unpacked archive only and no site-packages (-S), as in Pyodide:
# imports PAGE_IMPORTS and prints the file of every game module that got loaded.
IMPORT_PAGE = f"""
import json, sys, types
js = types.ModuleType("js")  # the worker's global scope
js.postMessage = js.fetch = lambda *_: None
js.Object = types.SimpleNamespace(fromEntries=dict)
pyodide = types.ModuleType("pyodide")
pyodide.ffi = types.ModuleType("pyodide.ffi")
pyodide.ffi.to_js = lambda value, **_: value
sys.modules.update({{"js": js, "pyodide": pyodide, "pyodide.ffi": pyodide.ffi}})
import {", ".join(PAGE_IMPORTS)}
print(json.dumps(sorted(module.__file__ for name, module in sys.modules.items()
                        if name == "game" or name.startswith("game."))))
"""


def names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_archive_holds_the_game_package_for_the_page():
    members = names(game_archive())
    for needed in ("game/__init__.py", "game/core/__init__.py", "game/web/__init__.py",
                   "game/web/worker.py", "game/web/index_page.py", "game/web/embed_page.py",
                   "game/web/learn_page.py", "game/tsuro/bots/search.py",
                   "game/tatsu/bots/search.py"):
        assert needed in members
    assert all(name.startswith("game/") and name.endswith(".py") for name in members)


def test_each_catalog_is_a_file_of_its_own_compiled_and_gzipped():
    """Not in the archive: an English visit downloads no catalog, another language one."""
    assert catalog_languages() == sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
    for lang in catalog_languages():
        data = catalog_file(lang)
        assert data == catalog_file(lang) and data[:2] == b"\x1f\x8b"  # the same bytes
        assert len(data) < 60_000
        words = gettext.GNUTranslations(io.BytesIO(gzip.decompress(data)))
        for message, translated in read_po(catalog_path(lang).read_text("utf-8")).items():
            if isinstance(message, str) and message:
                assert words.gettext(message) == translated


def test_archive_leaves_out_what_the_page_never_imports():
    tools = [name for name in names(game_archive()) if any(part in name for part in DEVELOPER_ONLY)]
    assert not tools


def test_the_page_leaves_the_diagrams_to_the_command_line():
    """A game's diagrams (game/<game>/diagram.py over game/core/diagram.py) draw on its
    board's layers, never the other way round: no drawing the page loads (svg.py)
    imports them, and no game's description names them for the page to load."""
    from game.core.registry import games
    from game.site.bundle import imported_names, module_file

    diagrams = {"game.core.diagram"}
    for info in games().values():
        name = f"{info.package}.diagram"
        assert module_file(GAME, name) is not None and name not in info.modules()
        diagrams.add(name)
    for info in games().values():
        drawing = module_file(GAME, info.drawing)
        assert not diagrams & imported_names(drawing, info.drawing), info.drawing
    assert not diagrams & set(page_modules())


def test_archive_is_what_the_page_imports_no_more_no_less(tmp_path):
    """Unpacked alone, the archive imports everything the page imports, and every module
    in it is one that those imports load."""
    zipfile.ZipFile(io.BytesIO(game_archive())).extractall(tmp_path)
    env = {"PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1",
           "PATH": os.environ.get("PATH", "")}
    run = subprocess.run([sys.executable, "-S", "-c", IMPORT_PAGE], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    loaded = {os.path.relpath(path, tmp_path).replace(os.sep, "/")
              for path in json.loads(run.stdout)}
    assert all(not name.startswith("..") for name in loaded), loaded  # none from elsewhere
    shipped = {name for name in names(game_archive()) if name.endswith(".py")}
    assert not shipped - loaded, (
        f"game.zip holds modules the page never imports: {sorted(shipped - loaded)} "
        "(if the page does import them, name them in PAGE_IMPORTS)")
    assert loaded <= shipped


def write_package(root, files: dict[str, str]):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


FAKE_GAME = {
    "game/__init__.py": "",
    "game/__main__.py": "import game.core.simulate\n",
    "game/core/__init__.py": "from game.core.rules import Rule\n",  # a name, not a module
    "game/core/rules.py": "import random\nRule = 1\n",
    "game/core/simulate.py": "from game.core import rules\n",
    "game/core/data.json": "{}",
    "game/site/build.py": "import game.web.worker\n",
    "game/web/__init__.py": "",
    "game/web/worker.py": "import js\nfrom pyodide.ffi import to_js\n\n"
                          "def later():\n    from game.web import table\n",  # inside a function
    "game/web/table.py": "from . import helper\nfrom ..core import Rule\n",  # relative
    "game/web/helper.py": "",
    "game/tsuro/__init__.py": "",
    "game/tsuro/svg.py": "",
    "game/tsuro/fit.py": "import game.tsuro.svg\n",
    "game/tsuro/__pycache__/svg.cpython-311.pyc": "",
    "game/tatsu/__init__.py": "",
    "game/tatsu/svg.py": "",
}


FAKE_ROOTS = ("game.web.worker", "game.tsuro.svg", "game.tatsu.svg")


def test_archive_follows_every_import_statement_and_nothing_else(tmp_path):
    write_package(tmp_path, FAKE_GAME)
    assert names(game_archive(tmp_path / "game", FAKE_ROOTS)) == [
        "game/__init__.py", "game/core/__init__.py", "game/core/rules.py",
        "game/tatsu/__init__.py", "game/tatsu/svg.py", "game/tsuro/__init__.py",
        "game/tsuro/svg.py", "game/web/__init__.py", "game/web/helper.py", "game/web/table.py",
        "game/web/worker.py"]


def test_a_page_module_that_is_missing_is_an_error(tmp_path):
    write_package(tmp_path, {k: v for k, v in FAKE_GAME.items() if k != "game/tatsu/svg.py"})
    with pytest.raises(ValueError, match="game.tatsu.svg"):
        page_modules(tmp_path / "game", FAKE_ROOTS)


def test_the_page_starts_from_what_each_game_names():
    """A game's description names its engine, words, drawing, bots and table, which the
    page loads by name: each is in the archive."""
    from game.core.registry import games
    from game.site.bundle import page_roots

    roots = page_roots()
    for info in games().values():
        for module in (info.package, info.state.partition(":")[0], info.words,
                       info.drawing, info.bots, info.table.partition(":")[0]):
            assert module in roots
    assert set(roots) <= set(page_modules())


def test_archive_is_deterministic_and_small(tmp_path):
    copy = tmp_path / "game"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("__pycache__"))
    first = game_archive(copy)
    os.utime(copy / "__init__.py", (0, 0))  # file times do not matter, only content
    assert game_archive(copy) == first
    # (the catalogs are files of their own) 285 kB: the page's own code, typed, with its
    # events declared and its invariants written once (247 kB before, untyped)
    assert len(first) < 285_000


def test_archive_content_is_the_sources(tmp_path):
    copy = tmp_path / "game"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("__pycache__"))
    archive = zipfile.ZipFile(io.BytesIO(game_archive(copy)))
    members = archive_members(copy)
    assert archive.namelist() == [name for name, _ in members]
    for name, path in members:  # each module slimmed (game/site/slim.py), anything else as is
        expected = slim_source(path.read_bytes(), name) if name.endswith(".py") \
            else path.read_bytes()
        assert archive.read(name) == expected
    assert archive.testzip() is None
