"""The web package's pure parts, and the rule that only game/web/worker.py talks to the
browser."""

import ast
from pathlib import Path

import pytest

from game.web import GAMES, chosen_game, unknown_game

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


def test_only_the_worker_imports_the_browser():
    """game/web/worker.py alone imports Pyodide's `js` and `pyodide`: everything else,
    the pages' sessions included, runs natively (and no module imports PyScript, gone)."""
    importers = {path.relative_to(GAME).as_posix(): browser_imports(path)
                 for path in sorted(GAME.rglob("*.py")) if browser_imports(path)}
    assert importers == {"web/worker.py": {"js", "pyodide"}}
