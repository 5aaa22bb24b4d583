"""The game's Python for the page: one deterministic archive, without the tooling."""

import io
import os
import shutil
import zipfile

from game.site.bundle import GAME, archive_members, game_archive


def names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_archive_holds_the_game_package_for_the_page():
    members = names(game_archive())
    for needed in ("game/__init__.py", "game/core/__init__.py", "game/web/__init__.py",
                   "game/web/main.py"):
        assert needed in members
    assert all(name.startswith("game/") for name in members)


def test_archive_leaves_out_tooling_tests_and_caches(tmp_path):
    package = tmp_path / "game"
    for name in ("__init__.py", "__main__.py", "core/rules.py", "core/data.json",
                 "site/build.py", "web/main.py", "tsuro/tests/test_x.py",
                 "core/__pycache__/rules.cpython-311.pyc", ".hidden/x.py", "core/.swp.py",
                 "core/notes.md", "core/x.pyc"):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("x = 1\n")
    assert names(game_archive(package)) == [
        "game/__init__.py", "game/core/data.json", "game/core/rules.py", "game/web/main.py"]


def test_archive_is_deterministic_and_small(tmp_path):
    copy = tmp_path / "game"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("__pycache__"))
    first = game_archive(copy)
    os.utime(copy / "__init__.py", (0, 0))  # file times do not matter, only content
    assert game_archive(copy) == first
    assert len(first) < 300_000


def test_archive_content_is_the_sources(tmp_path):
    copy = tmp_path / "game"
    shutil.copytree(GAME, copy, ignore=shutil.ignore_patterns("__pycache__"))
    archive = zipfile.ZipFile(io.BytesIO(game_archive(copy)))
    members = archive_members(copy)
    assert archive.namelist() == [name for name, _ in members]
    for name, path in members:
        assert archive.read(name) == path.read_bytes()
    assert archive.testzip() is None
