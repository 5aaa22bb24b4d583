"""The standard library compiled ahead (game/site/bytecode.py, game/site/stdlib.py): the
archive it makes, and what the build does without Node.js. That the pages start on it,
and that its list is what they import, is a browser test (tests/e2e/test_stdlib.py)."""

import importlib
import io
import json
import sys
import zipfile
import zipimport

import pytest

from game.site import stdlib
from game.site.build import _version
from game.site.bytecode import BytecodeError, precompiled
from game.site.runtime import PYODIDE, STAMP

MOUNT = "/lib/python3xx.zip"


def archive(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as made:
        for name, data in entries.items():
            made.writestr(zipfile.ZipInfo(name, (2026, 1, 2, 3, 4, 6)), data,
                          compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


SOURCES = {
    "greet/__init__.py": b'"""A package."""\nfrom greet.words import HELLO\n',
    "greet/words.py": b"HELLO = 'hello ' + str(6 * 7)\n",
    "late.py": b"def later():\n    raise ValueError('from late')\n",
    "greet/data.txt": b"not a module",
}


def test_named_sources_become_bytecode_that_zipimport_runs(tmp_path, monkeypatch):
    made = precompiled(archive(SOURCES), ["greet/__init__.py", "greet/words.py"], MOUNT)
    with zipfile.ZipFile(io.BytesIO(made)) as result:
        assert result.namelist() == ["greet/__init__.pyc", "greet/words.pyc", "late.py",
                                     "greet/data.txt"]  # in the same order
        assert result.read("late.py") == SOURCES["late.py"]  # the others as they were
        assert result.read("greet/data.txt") == SOURCES["greet/data.txt"]
        assert {info.date_time for info in result.infolist()} == {(2026, 1, 2, 3, 4, 6)}
    path = tmp_path / "lib.zip"
    path.write_bytes(made)
    monkeypatch.syspath_prepend(str(path))
    sys.modules.pop("greet", None), sys.modules.pop("greet.words", None)
    try:
        package = importlib.import_module("greet")
        assert isinstance(package.__loader__, zipimport.zipimporter)
        assert package.HELLO == "hello 42"
        assert package.__file__.endswith("greet/__init__.pyc")  # taken compiled
        assert sys.modules["greet.words"].__file__.endswith("greet/words.pyc")
        assert package.__doc__ == "A package."  # nothing optimised away
    finally:
        sys.modules.pop("greet", None), sys.modules.pop("greet.words", None)


def test_the_same_archive_and_list_give_the_same_bytes():
    assert precompiled(archive(SOURCES), ["late.py"], MOUNT) == \
        precompiled(archive(SOURCES), ["late.py"], MOUNT)


def test_a_traceback_names_the_module_where_the_runtime_mounts_it():
    made = precompiled(archive(SOURCES), ["late.py"], MOUNT)
    with zipfile.ZipFile(io.BytesIO(made)) as result:
        data = result.read("late.pyc")
    code = __import__("marshal").loads(data[16:])
    assert code.co_filename == f"{MOUNT}/late.py"


def test_a_source_the_archive_lacks_is_refused_by_name():
    with pytest.raises(BytecodeError, match="no source gone.py, greet/data.txt"):
        precompiled(archive(SOURCES), ["gone.py", "late.py", "greet/data.txt"], MOUNT)


def test_the_list_names_sources_once_each_sorted():
    listed = stdlib.at_start()
    assert listed == sorted(set(listed)) and all(name.endswith(".py") for name in listed)


@pytest.fixture
def vendor(tmp_path):
    """A vendor folder holding (a stand-in for) the pinned Pyodide."""
    folder = tmp_path / "vendor"
    (folder / PYODIDE.dest).mkdir(parents=True)
    (folder / PYODIDE.dest / stdlib.ARCHIVE).write_bytes(archive(SOURCES))
    (folder / PYODIDE.dest / STAMP).write_text(json.dumps(
        {"name": PYODIDE.name, "version": PYODIDE.version, "integrity": PYODIDE.integrity}))
    return folder


def test_without_node_the_pages_get_the_archive_as_it_comes_and_the_build_says_so(
        vendor, monkeypatch):
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: None)
    said = []
    assert stdlib.ensure_compiled(vendor, log=said.append) is None
    assert len(said) == 1 and said[0].startswith("note: no Node.js here")
    assert stdlib.compiled_archive(vendor) is None
    assert not (vendor / stdlib.KEPT).exists() or not any((vendor / stdlib.KEPT).iterdir())


def test_a_compile_that_fails_leaves_nothing_and_says_why(vendor, monkeypatch):
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: "/bin/false")
    said = []
    assert stdlib.ensure_compiled(vendor, log=said.append) is None
    assert said[0].startswith("note: Node.js could not compile the standard library")
    assert not list((vendor / stdlib.KEPT).iterdir())  # no half-made archive


def test_a_compiled_archive_is_found_by_what_it_was_made_from(vendor):
    kept = vendor / stdlib.KEPT
    kept.mkdir()
    (kept / "python_stdlib-0000000000000000.zip").write_bytes(b"another list's")
    assert stdlib.compiled_archive(vendor) is None
    made = kept / f"python_stdlib-{stdlib.key()}.zip"
    made.write_bytes(b"this list's")
    assert stdlib.compiled_archive(vendor) == made


def test_the_site_version_follows_the_compiled_archive(tmp_path):
    one, other = tmp_path / "python_stdlib-1.zip", tmp_path / "python_stdlib-2.zip"
    for path in (one, other):
        path.write_bytes(b"same bytes, another making")
    assert _version({stdlib.URL: one}, ()) != _version({stdlib.URL: other}, ())
    assert _version({stdlib.URL: one}, ()) == _version({stdlib.URL: one}, ())
