"""What one module of the game takes from another is public: no module of game/ imports a
name with a leading underscore from another module of game/, nor reads one through a
module of the game it imported (`svg._polar`). A name another module needs has a public
name in the module it belongs to (each game's board geometry: game/<game>/geometry.py).
gettext's `_` (game/core/i18n.py), which every module imports by that name, is no
private name."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def is_private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not name.startswith("__")


def private_uses(path: Path, root: Path = ROOT) -> list[str]:
    """Each private name the module at `path` (inside `root`, the folder holding the
    `game` package) takes from another module of the game, with its line."""
    parts = path.relative_to(root).with_suffix("").parts
    package = parts[-1] == "__init__"
    here = ".".join(parts[:-1] if package else parts)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found, modules = [], set()

    def is_module(dotted: str) -> bool:
        return (root.joinpath(*dotted.split(".")).with_suffix(".py").is_file()
                or root.joinpath(*dotted.split("."), "__init__.py").is_file())

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:  # relative: from the package this module is in
                base = here.split(".")[:len(here.split(".")) - node.level + package]
                source = ".".join(base + ([source] if source else []))
            if source.split(".")[0] != "game" or source == here:
                continue
            for alias in node.names:
                if is_private(alias.name):
                    found.append(f"{node.lineno}: from {source} import {alias.name}")
                elif is_module(f"{source}.{alias.name}"):  # `from game.tsuro import svg`
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "game":
                    modules.add(alias.asname or "game")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and is_private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return [f"{path.relative_to(root)}:{line}" for line in found]


def test_no_module_of_the_game_takes_a_private_name_from_another():
    found = [use for path in sorted((ROOT / "game").rglob("*.py"))
             for use in private_uses(path)]
    assert not found, "private names taken from other modules:\n" + "\n".join(found)


def test_the_check_sees_a_private_name_imported_or_read_through_a_module(tmp_path):
    folder = tmp_path / "game" / "tsuro"
    folder.mkdir(parents=True)
    (folder / "svg.py").write_text("")
    checked = folder / "motion.py"
    checked.write_text("from game.tsuro.svg import _hidden, shown\n"
                       "from game.core.i18n import _\n"
                       "from game.tsuro import svg\n"
                       "from . import svg as drawing\n"
                       "svg._other(1), drawing._third, svg.shown, svg.__name__\n"
                       "from .svg import _fourth\n")
    assert sorted(private_uses(checked, tmp_path)) == [
        "game/tsuro/motion.py:1: from game.tsuro.svg import _hidden",
        "game/tsuro/motion.py:5: drawing._third",
        "game/tsuro/motion.py:5: svg._other",
        "game/tsuro/motion.py:6: from game.tsuro.svg import _fourth"]
