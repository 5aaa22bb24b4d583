"""One description per game: the shared code never names a game. What differs between
the games is in each package's GAME (game/core/registry.py) and in the per-game modules
that it names (whose files start with the game's key: game/web/tsuro_setup.py, ...)."""

import ast
import dataclasses
import re
from importlib import import_module
from pathlib import Path

import pytest

from game.core.registry import GameInfo, games
from game.site.bundle import page_roots

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"tsuro", "tatsu"} | set(games())  # the games of today, and any registered since
SHARED = ("game/web/*.py", "game/__main__.py", "game/core/*.py")


def shared_sources() -> list[Path]:
    found = sorted(path for pattern in SHARED for path in ROOT.glob(pattern)
                   if not path.name.startswith(tuple(f"{key}_" for key in KEYS)))
    assert any(path.name == "setup.py" for path in found)  # the globs still find the code
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the Constant nodes that are docstrings (words, not code)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_names(path: Path) -> list[str]:
    """Where the code names a game: a string that is a game's key (`game == "tsuro"`,
    `{"tatsu": ...}`, `CARDS["tsuro"]`), or an import of a game's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = docstrings(tree)
    packages = re.compile(rf"^game\.({'|'.join(sorted(KEYS))})(\.|$)")
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(path.parents[1])}:{getattr(node, 'lineno', '?')}"
        if (isinstance(node, ast.Constant) and id(node) not in skip
                and isinstance(node.value, str) and node.value.strip().lower() in KEYS):
            found.append(f"{where} {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [f"{where} import {alias.name}" for alias in node.names
                      if packages.match(alias.name)]
        elif isinstance(node, ast.ImportFrom) and packages.match(node.module or ""):
            found.append(f"{where} from {node.module} import")
    return found


def test_the_shared_code_never_names_a_game():
    named = [hit for path in shared_sources() for hit in game_names(path)]
    assert not named, ("ask the game's description (GameInfo) instead of naming the game: "
                       + "; ".join(named))


def test_the_check_would_see_a_game_named(tmp_path):
    code = ('"""A docstring may say game == "tsuro"."""\n'
            'def f(game):\n    """Nor here: "tatsu"."""\n'
            '    if game == "tsuro":\n        import game.tatsu as package\n'
            '    return {"tatsu": 1}["tatsu"]\n')
    path = tmp_path / "web" / "probe.py"
    path.parent.mkdir()
    path.write_text(code, encoding="utf-8")
    hits = game_names(path)
    assert len(hits) == 4, hits  # the comparison, the import, the key and the subscript


@pytest.mark.parametrize("key", sorted(games()))
def test_every_piece_a_description_names_loads_and_is_shipped(key):
    info = games()[key]
    roots = set(page_roots())
    for name in GameInfo.NAMED:
        reference = getattr(info, name)
        module, _, attribute = reference.partition(":")
        assert module in roots, (name, reference)  # in the page's bundle
        loaded = import_module(module)
        assert not attribute or hasattr(loaded, attribute), (name, reference)
    # a field that names a module is one the bundle follows
    reference = re.compile(r"^game(\.\w+)+(:\w+)?$")
    for field in dataclasses.fields(info):
        value = getattr(info, field.name)
        if isinstance(value, str) and reference.match(value):
            assert field.name in GameInfo.NAMED, field.name
    labels = GameInfo.load(info.seat_labels)
    colours = GameInfo.load(info.seat_colours)
    assert len(labels) >= info.players[1] and len(colours) >= info.players[1]
    assert info.card.how and info.sample_words
