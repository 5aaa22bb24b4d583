"""The web package's pure parts, and the rule that only game/web talks to the browser."""

import ast
from pathlib import Path

import pytest

from game.web import GAMES, chosen_game

GAME = Path(__file__).resolve().parents[2] / "game"


@pytest.mark.parametrize("query, game", [
    ("?game=tsuro", "tsuro"), ("?game=tatsu", "tatsu"), ("game=tatsu", "tatsu"),
    ("?seed=3&game=tsuro", "tsuro"), ("", None), ("?", None), ("?game=", None),
    ("?game=chess", None), ("?games=tsuro", None), ("?game=tsuro&game=tatsu", "tsuro"),
])
def test_chosen_game(query, game):
    assert chosen_game(query) == game


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
