"""The actions of Tatsu, made by name rather than spelled as bare tuples.

Each is an Action (game/core/actions.py): a kind and plain arguments, as saved in a
game record. A stone in the arena is addressed by (segment 0-23, "inner" | "outer"),
a stone on the mat by ("mat", kind).
"""

from game.core.actions import Action
from game.tatsu.arena import INNER, MAT


def move(segment: int, die: int, field: str = INNER) -> Action:
    """Move the stone on `field` of `segment` by `die` pips."""
    return Action("move", ((segment, field), die))


def enter(kind: str, die: int) -> Action:
    """Bring a `kind` dragon from your mat into the arena at entry point `die` (1-3)."""
    return Action("enter", ((MAT, kind), die))


def escape(segment: int, die: int) -> Action:
    """Free the entangled stone of `segment` with the smaller die (a whole turn, D4)."""
    return Action("escape", ((segment, INNER), die))


PASS = Action("pass", ())  # only when no die can be used


__all__ = ["PASS", "enter", "escape", "move"]
