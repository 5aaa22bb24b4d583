"""The actions of Tsuro of the Seas, made by name rather than spelled as bare tuples.

Each is an Action (game/core/actions.py): a kind and plain arguments, as saved in a
game record. Which decision each answers is listed at the top of state.py.
"""

from collections.abc import Iterable

from game.core.actions import Action


def start(mark: int) -> Action:
    """Put your ship on a free start mark (setup, D5); `mark` is a position (board.py)."""
    return Action("start", (mark,))


def relocate(mark: int) -> Action:
    """Move your ship to another start mark on the same edge (D8)."""
    return Action("relocate", (mark,))


def place(tile: int, rotation: int) -> Action:
    """Lay wake tile `tile` (0-55), turned `rotation` quarter turns (0-3), in front of your ship."""
    return Action("place", (tile, rotation))


def bonus(give: Iterable[int] = (), take: Iterable[int] = ()) -> Action:
    """The elimination bonus: the tiles you give and take (both empty: no swap)."""
    return Action("bonus", (tuple(give), tuple(take)))


__all__ = ["bonus", "place", "relocate", "start"]
