"""The web package's pure parts, and the rule that only game/web talks to the browser."""

import ast
from pathlib import Path

import pytest

from game.web import GAMES, chosen_game, key_route, unknown_game

GAME = Path(__file__).resolve().parents[2] / "game"


@pytest.mark.parametrize("query, game", [
    ("?game=tsuro", "tsuro"), ("?game=tatsu", "tatsu"), ("game=tatsu", "tatsu"),
    ("?seed=3&game=tsuro", "tsuro"), ("", None), ("?", None), ("?game=", None),
    ("?game=chess", None), ("?games=tsuro", None), ("?game=tsuro&game=tatsu", "tsuro"),
    ("?game=TSURO", "tsuro"), ("?game=Tatsu", "tatsu"), ("?game=%20tatsu", None),
])
def test_chosen_game(query, game):
    assert chosen_game(query) == game


@pytest.mark.parametrize("query, unknown", [
    ("?game=chess", "chess"), ("?game=go+moku", "go moku"), ("?game=tsuro", None),
    ("?game=TsUrO", None), ("", None), ("?game=", None), ("?seed=3", None),
    ("?game=" + "x" * 80, "x" * 59 + "…"),  # cut by game/core/limits.py's `shown`
])
def test_an_unknown_game_is_named_back(query, unknown):
    assert unknown_game(query) == unknown


@pytest.mark.parametrize("key, tag, role, route", [
    ("Enter", "BUTTON", None, "ignore"),  # the focused button clicks itself: nothing more
    (" ", "BUTTON", None, "ignore"),
    ("Enter", "SELECT", None, "ignore"), ("r", "INPUT", None, "ignore"),
    ("Enter", "g", "button", "click"),  # a mark drawn on the board acts like a button
    (" ", "rect", "button", "click"),
    ("Enter", "BODY", None, "board"),  # no control has focus: the board's shortcut
    ("r", "BUTTON", None, "board"), ("1", "BODY", None, "board"),
    ("Escape", "g", "button", "board"),
])
def test_a_key_acts_once(key, tag, role, route):
    assert key_route(key, tag, role) == route


def test_both_games_are_offered():
    assert GAMES == {"tsuro": "Tsuro of the Seas", "tatsu": "Tatsu"}


def browser_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & {"js", "pyscript", "pyodide"}


def test_only_the_web_package_imports_the_browser():
    offenders = [str(path.relative_to(GAME)) for path in sorted(GAME.rglob("*.py"))
                 if browser_imports(path) and "web" not in path.relative_to(GAME).parts[:1]]
    assert offenders == []
    assert browser_imports(GAME / "web" / "main.py") == {"pyscript"}
    assert browser_imports(GAME / "web" / "__init__.py") == set()
