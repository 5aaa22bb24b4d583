"""Following wakes, and judging a placement before it is made (section C, "Placing").

These functions only read the board; the state applies what they find.
"""

from game.tsuro.board import ACROSS, OFF, point_id

# What happens to a ship that sails (None: it stops, facing an empty square).
EDGE, DAIKAIJU, LOOP = "edge", "daikaiju", "loop"

# Placing rules 1-3: the three ways a player may not willingly end their own voyage.
SELF_ELIMINATION_RULE = {EDGE: 1, LOOP: 2, DAIKAIJU: 3}


def sail(position, wakes, kaiju_at, extra_square=OFF, extra_wakes=None):
    """Follow the wakes from `position` (a ship facing a square that holds a tile).

    `wakes[square]` is the lookup of the tile on a square, or None; `kaiju_at[square]`
    is a daikaiju number or -1. `extra_square`/`extra_wakes` pretend one more tile is
    there (a placement being judged). Returns (end, fate, path): `end` is the position
    reached (for EDGE, the square and point the ship leaves by), `fate` None, EDGE,
    DAIKAIJU or LOOP, and `path` the (square, entry point, exit point) crossed.

    Reading D11, the endless loop: the ship comes back to a point it already passed.
    Wakes join points in pairs, so the first point a voyage can come back to is the
    one it started from; comparing with the start is enough.
    """
    path = []
    here = position
    while True:
        square, entry = divmod(here, 8)
        lookup = extra_wakes if square == extra_square else wakes[square]
        exit_point = lookup[entry]
        path.append((square, entry, exit_point))
        there = ACROSS[square * 8 + exit_point]
        if there == OFF:
            return square * 8 + exit_point, EDGE, path
        ahead = there >> 3
        if kaiju_at[ahead] >= 0:
            return there, DAIKAIJU, path
        if there == position:
            return there, LOOP, path
        if ahead != extra_square and wakes[ahead] is None:
            return there, None, path
        here = there


class Outcome:
    """What one placement would do: where each moved ship ends and how."""

    __slots__ = ("voyages", "own_fate", "same_wake")

    def __init__(self, voyages, own_fate, same_wake):
        self.voyages = voyages  # {seat: (end, fate, path)}
        self.own_fate = own_fate  # the active ship's fate (None: it sails on)
        self.same_wake = same_wake  # placing rule 4 / reading D9 broken


def judge(square, lookup, active, movers, still, wakes, kaiju_at):
    """The outcome of placing a tile with wakes `lookup` on `square`.

    `movers` lists (seat, position) of the ships facing that square, which the tile
    will move; `still` is the set of points (point_id) where the other ships stand.
    Reading D9: two ships would travel the same wake in the same direction when, after
    the move, two end on the same point, or leave the board or meet a daikaiju at the
    same point. Ships caught in a loop have no end point.
    """
    voyages = {}
    ends = set(still)
    same_wake = False
    for seat, position in movers:
        voyage = voyages[seat] = sail(position, wakes, kaiju_at, square, lookup)
        if voyage[1] != LOOP:
            where = point_id(voyage[0])
            if where in ends:
                same_wake = True
            ends.add(where)
    return Outcome(voyages, voyages[active][1], same_wake)
