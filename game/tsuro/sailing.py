"""Following wakes (section C, "Sail"): the one voyage the engine and the bots share.

It only reads the board; the world (world.py) applies what it finds.
"""

from collections.abc import Sequence

from game.tsuro.board import ACROSS, OFF
from game.tsuro.tiles import Lookup

# What happens to a ship that sails (None: it stops, facing an empty square).
EDGE, DAIKAIJU, LOOP = "edge", "daikaiju", "loop"

# Placing rules 1-3: the three ways a player may not willingly end their own voyage.
SELF_ELIMINATION_RULE = {EDGE: 1, LOOP: 2, DAIKAIJU: 3}

# A voyage's path: (square, entry point, exit point) of each square it crosses.
Path = list[tuple[int, int, int]]


def sail(position: int, wakes: Sequence[Lookup | None], kaiju_at: Sequence[int],
         square: int = OFF, lookup: Lookup | None = None, path: Path | None = None) -> int:
    """Follow the wakes from `position` (a ship facing a square that holds a tile).

    `wakes[square]` is the lookup of the tile on a square, or None; `kaiju_at[square]`
    is a daikaiju number or -1. `square` and `lookup` pretend one more tile is there
    (a placement being judged). Returns where the ship stops: the position it reaches
    (>= 0) if it sails on, facing an empty square; or ~end (< 0) if the voyage puts it
    out, `end` being the point it leaves the board by, or the position where it meets a
    daikaiju or closes a loop (how_out tells which). With `path` (a list), each (square,
    entry point, exit point) crossed is appended to it: the engine shows and remembers
    the voyage, a bot's lookahead needs only where it ends - and a plain number, fast.

    Reading D11, the endless loop: the ship comes back to a point it already passed.
    Wakes join points in pairs, so the first point a voyage can come back to is the
    one it started from; comparing with the start is enough.
    """
    here = position
    while True:
        at = here >> 3
        exit_point = (lookup if at == square else wakes[at])[here & 7]  # type: ignore[index]
        if path is not None:
            path.append((at, here & 7, exit_point))
        there = ACROSS[(here & ~7) | exit_point]
        if there < 0:  # beyond the edge
            return ~((here & ~7) | exit_point)
        ahead = there >> 3
        if kaiju_at[ahead] >= 0 or there == position:
            return ~there
        if ahead != square and wakes[ahead] is None:
            return there
        here = there


def how_out(end: int, kaiju_at: Sequence[int]) -> str:
    """How a voyage that put its ship out ended at `end` (~ what sail returned): at the
    edge of the board (EDGE), facing a daikaiju (DAIKAIJU), else back at its start (LOOP)."""
    if ACROSS[end] == OFF:
        return EDGE
    return DAIKAIJU if kaiju_at[end >> 3] >= 0 else LOOP
