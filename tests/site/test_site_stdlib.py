"""The standard library the pages get (game/site/stdlib.py, game/site/stdlib_trim.py): the
game's imports found wherever they stand, lean modules that compile to the same code, the
archive and its cache, and what the build does without Node.js. That the pinned Pyodide
finds the modules and makes the archive, and that the pages play on it, is a browser test
(tests/e2e/test_stdlib.py), where tests/run.py provides Node.js and the runtime."""

import importlib
import io
import json
import sys
import textwrap
import zipfile
import zipimport
from pathlib import Path

import pytest

from game.site import stdlib, stdlib_trim
from game.site.build import BuildError, _version, engine_script, site_files
from game.site.runtime import PYODIDE, STAMP
from game.site.stdlib_trim import EPOCH, compiled, lean_module, same_code, trimmed

PAGE = """import json
from html import escape
from . import helper


def later():
    import csv
    from gettext import ngettext
"""
HELPER = """def deep():
    if True:
        import statistics
"""


@pytest.fixture
def package(tmp_path):
    """A game of two modules, whose page is game.page (its root)."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "page.py").write_text(PAGE)
    (folder / "helper.py").write_text(HELPER)
    return folder


ROOTS = ("game.page",)


def test_the_game_imports_are_found_wherever_they_stand(package):
    names = stdlib.game_imports(package, ROOTS)
    assert names == sorted(names)
    assert {"json", "html", "html.escape", "csv", "gettext", "gettext.ngettext",
            "statistics"} <= set(names)  # at the top, in a function, in another module
    assert not [name for name in names if name.split(".")[0] == "game"]


def test_the_real_game_imports_what_its_pages_use():
    names = stdlib.game_imports()
    assert {"json", "gettext", "gzip", "html", "asyncio"} <= set(names)
    assert "argparse" not in names  # the command line's, never in game.zip


SAMPLE = '''\
"""A module's docstring,
on two lines."""  # and a comment

import math  # why it is imported

WIDE = {"a": 1,   # aligned
        "b": 2}
TEXT = """kept
  as it is,  with its spaces   """
JOINED = 1 + \\
    2
EMPTY = '' ''
REAL = 1 .real


class Nothing(Exception):
    """Only a docstring."""


class Point:
    """A point."""

    x: float = 0.0

    def norm(self, scale=-1.0):
        """The length."""
        "a bare string in a body"
        return math.hypot(self.x, 2) * -scale  # comment

    async def later(self):
        pass


def shown(name):
    if name:
        return f"{name!r:>8} is {len(name)} {'long' if name else ''}"
    else:
        "nothing"
    return None
'''


def test_a_lean_module_is_the_same_code_on_the_same_lines_without_docs_or_comments():
    slim = lean_module(SAMPLE.encode(), "sample.py").decode()
    assert "docstring" not in slim and "Only a docstring" not in slim and "#" not in slim
    assert "bare string" not in slim and "nothing" not in slim
    assert len(slim) < len(SAMPLE) * 0.7
    assert slim.count("\n") == SAMPLE.count("\n")  # every line where it was
    original, made = (compile(text, "sample.py", "exec", optimize=2, dont_inherit=True)
                      for text in (SAMPLE, slim))
    assert same_code(original, made)
    assert lines_of(original) == lines_of(made)  # a traceback names the same lines
    ours, theirs = {}, {}  # (as a page runs them: not optimized)
    exec(compile(SAMPLE, "sample.py", "exec"), ours)
    exec(compile(slim, "sample.py", "exec"), theirs)
    for name in ("WIDE", "TEXT", "JOINED", "EMPTY", "REAL"):
        assert ours[name] == theirs[name]
    assert ours["shown"]("ab") == theirs["shown"]("ab") == "    'ab' is 2 long"
    assert theirs["Point"].norm.__doc__ is None and ours["Point"].norm.__doc__


def lines_of(code) -> list:
    lines = [(code.co_name, code.co_firstlineno)]
    for constant in code.co_consts:
        if hasattr(constant, "co_code"):
            lines += lines_of(constant)
    return lines


# This Python's own standard library: lean, each of these is the same code.
HERE = ("json/__init__.py", "json/decoder.py", "json/encoder.py", "textwrap.py",
        "dataclasses.py", "typing.py", "enum.py", "gettext.py", "html/__init__.py",
        "random.py", "functools.py", "inspect.py", "tokenize.py", "ast.py", "argparse.py",
        "re/_parser.py", "collections/__init__.py", "zipfile/__init__.py"
        if sys.version_info >= (3, 12) else "zipfile.py")


@pytest.mark.parametrize("name", HERE)
def test_the_standard_library_here_is_the_same_code_lean(name):
    source = (Path(textwrap.__file__).parent / name).read_bytes()
    slim = lean_module(source, name)
    assert slim is not None, f"{name}: its lean source compiles to other code"
    assert len(slim) < len(source) * 0.8


def test_same_code_tells_other_code_apart():
    def code(text):
        return compile(textwrap.dedent(text), "x.py", "exec", optimize=2)
    assert same_code(code("def f():\n    return 1\n"), code("\n\ndef f(): return 1\n"))
    assert not same_code(code("def f():\n    return 1\n"), code("def f():\n    return 2\n"))
    assert not same_code(code("x = 0.0"), code("x = -0.0"))
    assert not same_code(code("x = 1"), code("x = True"))
    assert not same_code(code("def f(a): pass"), code("def f(b): pass"))


def archive(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as made:
        for name, data in entries.items():
            made.writestr(zipfile.ZipInfo(name, (2026, 1, 2, 3, 4, 6)), data,
                          compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


SOURCES = {
    "greet/__init__.py": b'"""A package."""\nfrom greet.words import HELLO  # the word\n',
    "greet/words.py": b"HELLO = 'hello ' + str(6 * 7)\n",
    "late.py": b"def later():\n    raise ValueError('from late')\n",
    "greet/data.txt": b"not a module",
    "unused.py": b"UNUSED = True\n",
}
ENTRIES = ["late.py", "greet/words.py", "greet/__init__.py", "greet/data.txt"]


def test_the_archive_holds_the_entries_alone_lean_always_the_same_bytes(tmp_path,
                                                                        monkeypatch):
    made, kept = trimmed(archive(SOURCES), ENTRIES)
    assert kept == [] and trimmed(archive(SOURCES), reversed(ENTRIES))[0] == made
    with zipfile.ZipFile(io.BytesIO(made)) as result:
        assert result.namelist() == sorted(ENTRIES)
        assert {info.date_time for info in result.infolist()} == {EPOCH}
        assert {info.compress_type for info in result.infolist()} == {zipfile.ZIP_DEFLATED}
        package = result.read("greet/__init__.py").decode()
        assert package.endswith("\nfrom greet.words import HELLO\n")
        assert "A package" not in package and "#" not in package
        assert result.read("greet/data.txt") == SOURCES["greet/data.txt"]
    path = tmp_path / "lib.zip"
    path.write_bytes(made)
    monkeypatch.syspath_prepend(str(path))
    for name in ("greet", "greet.words"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    try:
        package = importlib.import_module("greet")
        assert isinstance(package.__loader__, zipimport.zipimporter)
        assert package.HELLO == "hello 42" and package.__doc__ is None
    finally:
        for name in ("greet", "greet.words"):
            sys.modules.pop(name, None)


def test_the_compiled_archive_holds_the_same_modules_as_bytecode_alone(tmp_path,
                                                                      monkeypatch):
    lean = trimmed(archive(SOURCES), ENTRIES)[0]
    made = compiled(lean, "/lib/here.zip")
    assert compiled(lean, "/lib/here.zip") == made  # the same every time
    with zipfile.ZipFile(io.BytesIO(made)) as result:
        assert result.namelist() == ["greet/__init__.pyc", "greet/data.txt",
                                     "greet/words.pyc", "late.pyc"]
        assert {info.date_time for info in result.infolist()} == {EPOCH}
        assert result.read("greet/data.txt") == SOURCES["greet/data.txt"]
    path = tmp_path / "lib.zip"
    path.write_bytes(made)
    monkeypatch.syspath_prepend(str(path))
    names = ("greet", "greet.words", "late")
    for name in names:
        monkeypatch.delitem(sys.modules, name, raising=False)
    try:
        package = importlib.import_module("greet")
        assert package.HELLO == "hello 42" and package.__file__.endswith("__init__.pyc")
        with pytest.raises(ValueError, match="from late") as raised:
            importlib.import_module("late").later()
        # (a traceback names the module where the runtime mounts the archive, and its line)
        last = raised.traceback[-1]
        assert (str(last.path), last.lineno) == ("/lib/here.zip/late.py", 1)
    finally:
        for name in names:
            sys.modules.pop(name, None)


def test_a_module_whose_lean_source_is_other_code_is_kept_as_it_was(monkeypatch):
    real = stdlib_trim.lean
    monkeypatch.setattr(stdlib_trim, "lean", lambda source, docstring: real(
        source, docstring).replace("7", "8") if b"6 * 7" in source else real(source, docstring))
    made, kept = trimmed(archive(SOURCES), ENTRIES)
    assert kept == ["greet/words.py"]
    with zipfile.ZipFile(io.BytesIO(made)) as result:
        assert result.read("greet/words.py") == SOURCES["greet/words.py"]
        assert result.read("late.py") != SOURCES["late.py"]  # the others lean


def test_an_entry_the_archive_lacks_fails_the_making():
    with pytest.raises(KeyError, match="gone.py"):
        trimmed(archive(SOURCES), ["late.py", "gone.py"])


@pytest.fixture
def vendor(tmp_path, monkeypatch):
    """A vendor folder holding (a stand-in for) the pinned Pyodide, and no attempt yet."""
    monkeypatch.setattr(stdlib, "_failed", set())
    folder = tmp_path / "static" / "vendor"
    (folder / PYODIDE.dest).mkdir(parents=True)
    (folder / PYODIDE.dest / stdlib.ARCHIVE).write_bytes(archive(SOURCES))
    (folder / PYODIDE.dest / STAMP).write_text(json.dumps(
        {"name": PYODIDE.name, "version": PYODIDE.version, "integrity": PYODIDE.integrity}))
    return folder


def test_without_node_the_pages_get_the_whole_archive_and_the_build_says_so_once(
        vendor, package, monkeypatch):
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: None)
    said = []
    whole = vendor / PYODIDE.dest / stdlib.ARCHIVE
    for _ in range(2):  # (`serve` asks at every request)
        assert stdlib.served_archive(vendor, package, said.append, ROOTS) == whole
    assert len(said) == 1 and said[0].startswith("note: no Node.js here")
    assert stdlib.trimmed_archive(vendor, package, ROOTS) is None
    assert not (vendor / stdlib.KEPT).exists()


def test_a_making_that_fails_leaves_nothing_and_says_why(vendor, package, monkeypatch):
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: "/bin/false")
    said = []
    whole = vendor / PYODIDE.dest / stdlib.ARCHIVE
    assert stdlib.served_archive(vendor, package, said.append, ROOTS) == whole
    assert said[0].startswith("note: Node.js could not make the standard library")
    assert not list((vendor / stdlib.KEPT).iterdir())  # nothing half-made


def keep(vendor: Path, package: Path, entries: list[str], roots=ROOTS) -> Path:
    """An archive made before, kept as the making leaves it."""
    kept = vendor / stdlib.KEPT
    kept.mkdir(exist_ok=True)
    names = stdlib.game_imports(package, roots)
    (kept / f"found-{stdlib.key('imports', names)}.txt").write_text("\n".join(entries))
    made = kept / f"python_stdlib-{stdlib.key('entries', entries)}.zip"
    made.write_bytes(trimmed(archive(SOURCES), entries)[0])
    made.with_name(made.name.replace("stdlib-", "stdlib-compiled-")).write_bytes(
        compiled(made.read_bytes(), "/lib/here.zip"))
    return made


def not_again(*args):
    raise AssertionError("Node.js was asked again")


def test_an_archive_made_before_is_found_by_what_it_was_made_from(vendor, package,
                                                                  monkeypatch):
    made = keep(vendor, package, ENTRIES)
    monkeypatch.setattr(stdlib, "_make", not_again)
    assert stdlib.trimmed_archive(vendor, package, ROOTS) == made
    assert stdlib.served_archive(vendor, package, print, ROOTS) == made
    (package / "helper.py").write_text(HELPER + "    import bisect\n")  # another import
    assert stdlib.trimmed_archive(vendor, package, ROOTS) is None


def test_an_archive_whose_compiled_twin_is_gone_is_made_again(vendor, package):
    made = keep(vendor, package, ENTRIES)
    url, twin = stdlib.compiled_archive(vendor, package, ROOTS)
    assert url.startswith(f"static/vendor/{PYODIDE.dest}/python_stdlib-compiled-")
    assert twin.is_file() and twin.parent == made.parent
    twin.unlink()  # (kept by a build from before there was one)
    assert stdlib.trimmed_archive(vendor, package, ROOTS) is None
    assert stdlib.compiled_archive(vendor, package, ROOTS) is None


def test_the_site_serves_the_trimmed_archive(source_root, monkeypatch):
    monkeypatch.setattr(stdlib, "_failed", set())
    vendor = source_root / "static" / "vendor"
    (vendor / PYODIDE.dest).mkdir(parents=True)
    (vendor / PYODIDE.dest / stdlib.ARCHIVE).write_bytes(archive(SOURCES))
    (vendor / PYODIDE.dest / STAMP).write_text(json.dumps(
        {"name": PYODIDE.name, "version": PYODIDE.version, "integrity": PYODIDE.integrity}))
    made = keep(vendor, source_root / "game", ["late.py"], roots=None)
    monkeypatch.setattr(stdlib, "_make", not_again)
    files = site_files(source_root, (PYODIDE,))
    assert files[stdlib.URL] == made
    url, twin = stdlib.compiled_archive(vendor, source_root / "game")
    assert files[url] == twin  # served beside it, and so kept for offline play
    engine = files["static/engine.js"]().decode()  # type: ignore[operator]
    assert f'const COMPILED = "{url.removeprefix("static/")}";' in engine


def test_the_worker_is_told_where_the_compiled_archive_is_or_that_there_is_none(tmp_path):
    (tmp_path / "static").mkdir()
    engine = tmp_path / "static" / "engine.js"
    engine.write_text("const A = 1;\nconst COMPILED = null; // filled in\n")
    assert engine_script(tmp_path, None) == engine.read_bytes()
    assert engine_script(tmp_path, "static/vendor/x/compiled-1.zip") == (
        b'const A = 1;\nconst COMPILED = "vendor/x/compiled-1.zip"; // filled in\n')
    engine.write_text("const A = 1;\n")
    with pytest.raises(BuildError, match="const COMPILED = null;"):
        engine_script(tmp_path, None)


def test_the_site_version_follows_the_archive(tmp_path):
    one, other = tmp_path / "python_stdlib-1.zip", tmp_path / "python_stdlib-2.zip"
    for path in (one, other):
        path.write_bytes(b"same bytes, another making")
    assert _version({stdlib.URL: one}, ()) != _version({stdlib.URL: other}, ())
    assert _version({stdlib.URL: one}, ()) == _version({stdlib.URL: one}, ())
