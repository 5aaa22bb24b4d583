"""Where things are on the Tatsu board, in the drawing's user units: the one geometry
that the drawing (game/tatsu/svg.py) draws with, the motion (game/tatsu/motion.py) moves
stones along and the diagrams (game/tatsu/diagram.py) put their notes on. Pure
arithmetic, standard library only.

The board is drawn in a WIDTH x HEIGHT rectangle, (0, 0) at its top-left corner, x to
the right and y down: Black's side (a strip PANEL_H high) at the top, the arena (ARENA_H
high, the ring round its centre (CX, CY)) in the middle, White's side at the bottom.
Segments are numbered 0-23 clockwise from the top (game/tatsu/arena.py); each has an
inner field between R_IN and R_MID and an outer field between R_MID and R_OUT.

    polar(segment, radius)       a point on the ring (fractional segments too)
    sector(segment, r1, r2)      a segment's annular sector, as SVG path data
    field_radius(field)          the radius a stone on that field is drawn at
    side_top(seat)               the top of a side's strip
    pile_centre(box, kind)       a pile's stone in a side's tray, mat or dead zone
"""

from math import cos, pi, sin

from game.core.svg import xy
from game.tatsu.arena import INNER, KINDS, SEGMENTS

Point = tuple[float, float]  # (x, y) on the board

# --- the arena --------------------------------------------------------------------------
WIDTH = 400
PANEL_H = 100  # each player's strip: Black's above the arena, White's below
ARENA_H = 396
HEIGHT = 2 * PANEL_H + ARENA_H
CX, CY = WIDTH / 2, PANEL_H + ARENA_H / 2  # the ring's centre
R_OUT, R_MID, R_IN = 172, 134, 96  # the ring: outer fields between R_MID and R_OUT
R_INNER_STONE, R_OUTER_STONE = (R_IN + R_MID) / 2, (R_MID + R_OUT) / 2  # stones' centres
R_NUMBER = 184  # the segments' numbers, outside the ring
R_BADGE = 80  # corner badges and entry points, just inside the ring
STEP = 360 / SEGMENTS  # one segment, in degrees
STONE_R = 13  # a stone in the arena
PILE_R = 12.5  # a stone in a tray, on a mat or in a dead zone
LOCK_AT = (9.5, -9.5)  # the lock's place on a held stone, from the stone's centre


def polar(segment: float, radius: float) -> Point:
    """The point at `radius` from the centre, in the middle of `segment` (0 at the top,
    numbered clockwise); fractional segments are allowed."""
    angle = segment * STEP * pi / 180
    return CX + radius * sin(angle), CY - radius * cos(angle)


def sector(segment: int, r1: float, r2: float) -> str:
    """The annular sector of one segment between radii r1 < r2, as SVG path data."""
    a, b = segment - 0.5, segment + 0.5
    (x1, y1), (x2, y2) = polar(a, r2), polar(b, r2)
    (x3, y3), (x4, y4) = polar(b, r1), polar(a, r1)
    return (f"M{xy(x1, y1)}A{r2} {r2} 0 0 1 {xy(x2, y2)}"
            f"L{xy(x3, y3)}A{r1} {r1} 0 0 0 {xy(x4, y4)}Z")


def field_radius(field: str) -> float:
    """How far from the centre a stone on `field` ("inner" or "outer") is drawn."""
    return R_INNER_STONE if field == INNER else R_OUTER_STONE


# --- each player's side: tray, mat, dead zone -------------------------------------------
BOX_X, BOX_W, BOX_GAP, BOX_Y, BOX_H = 10, 124, 4, 34, 58  # three boxes side by side
PILE_W, PILE_Y = BOX_W / 3, 64  # a pile's column in its box; its stone's centre
BOXES = ("tray", "mat", "dead")  # a side's boxes, left to right


def side_top(seat: int) -> float:
    """Where a side is drawn: its strip's top (Black's above the arena, White's below)."""
    return 0 if seat == 0 else PANEL_H + ARENA_H


def pile_centre(box: str, kind: str) -> Point:
    """The centre of a pile's stone, within its side (drawn at (0, side_top(seat)))."""
    left = BOX_X + BOXES.index(box) * (BOX_W + BOX_GAP) + KINDS.index(kind) * PILE_W
    return left + PILE_W / 2, PILE_Y


__all__ = ["ARENA_H", "BOXES", "BOX_GAP", "BOX_H", "BOX_W", "BOX_X", "BOX_Y", "CX", "CY",
           "HEIGHT", "LOCK_AT", "PANEL_H", "PILE_R", "PILE_W", "PILE_Y", "R_BADGE", "R_IN",
           "R_INNER_STONE", "R_MID", "R_NUMBER", "R_OUT", "R_OUTER_STONE", "STEP", "STONE_R",
           "WIDTH", "Point", "field_radius", "pile_centre", "polar", "sector", "side_top"]
