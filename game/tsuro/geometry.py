"""Where things are on the board of Tsuro of the Seas, in the drawing's user units: the
one geometry that the drawing (game/tsuro/svg.py) draws with, the motion
(game/tsuro/motion.py) moves pieces along and the diagrams (game/tsuro/diagram.py) put
their notes on. Pure arithmetic, standard library only.

The board is drawn in a VIEW x VIEW square, (0, 0) at its top-left corner, x to the
right and y down: the SIZE x SIZE squares, SQ units each, inside a MARGIN for the ships
on start marks and the dice numbers.

    square_origin(square)        the top-left corner of a square (row * 7 + column)
    point_xy(position)           a point of a square (position = square * 8 + point)
    wake_curve(a, b, dx, dy)     a wake's cubic Bezier from point a to point b
    ship_facing(position)        the direction a ship there faces (0 N .. 3 W)
    ship_centre(position)        where a ship there is drawn
    mark_area(mark)              the rectangle a start mark owns in the margin

Points of a square are numbered as in game/tsuro/tiles.py: 0-7 clockwise from the top
edge's left point, two on each side, at 1/3 and 2/3 of it.
"""

from game.tsuro.board import SIZE, START_MARKS, edge_of_mark
from game.tsuro.tiles import side

Point = tuple[float, float]  # (x, y) on the board

SQ = 60  # one square; its points are at 1/3 and 2/3 of each side: 20 and 40
MARGIN = 38  # room around the board for ships on start marks and the dice numbers
BOARD = SIZE * SQ  # the squares, side to side
VIEW = BOARD + 2 * MARGIN  # the whole drawing, the margin on both sides

# Points of a square (tiles.py numbering), in the square's own coordinates.
POINT_XY = ((20, 0), (40, 0), (60, 20), (60, 40), (40, 60), (20, 60), (0, 40), (0, 20))
# The way into the square from each side (also the way a ship on that side faces).
INWARD = ((0, 1), (-1, 0), (0, -1), (1, 0))
VECTOR = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W: one step that way


def square_origin(square: int) -> tuple[int, int]:
    """The top-left corner of `square` (row * SIZE + column), in board coordinates."""
    row, col = divmod(square, SIZE)
    return MARGIN + col * SQ, MARGIN + row * SQ


def point_xy(position: int) -> Point:
    """Where a ship at `position` (square * 8 + point) stands, in board coordinates."""
    square, point = divmod(position, 8)
    x0, y0 = square_origin(square)
    px, py = POINT_XY[point]
    return x0 + px, y0 + py


def wake_curve(a: int, b: int, dx: float = 0, dy: float = 0) -> tuple[Point, ...]:
    """The four points of a wake's cubic Bezier, from point a to point b of a square
    whose top-left is (dx, dy): it leaves each point straight into the square (what the
    drawing draws, and what the motion sails)."""
    (ax, ay), (bx, by) = POINT_XY[a], POINT_XY[b]
    (nax, nay), (nbx, nby) = INWARD[side(a)], INWARD[side(b)]
    ka: float
    kb: float
    if side(a) == side(b):
        ka = kb = 16  # a small arc back to the same side
    elif (side(a) - side(b)) % 2 == 0:
        ka = kb = 27  # across: straight or a gentle S
    else:  # round a corner: a quarter of an ellipse
        ka = 0.55 * abs((bx - ax) * nax + (by - ay) * nay)
        kb = 0.55 * abs((ax - bx) * nbx + (ay - by) * nby)
    pts = ((ax, ay), (ax + nax * ka, ay + nay * ka), (bx + nbx * kb, by + nby * kb), (bx, by))
    return tuple((x + dx, y + dy) for x, y in pts)


def ship_facing(position: int) -> int:
    """The direction (0 N .. 3 W) a ship at `position` faces: into its square."""
    return (side(position % 8) + 2) % 4


def ship_centre(position: int) -> Point:
    """Where a ship at `position` is drawn: a little behind its point, its bow reaching
    into the square it faces."""
    x, y = point_xy(position)
    vx, vy = VECTOR[ship_facing(position)]
    return x - vx * 4, y - vy * 4


MARK_INSET = 3  # the marks' areas keep this far inside the frame: their focus ring shows


def mark_area(mark: int) -> tuple[int, int, int, int]:
    """The rectangle (x, y, width, height) a start mark owns in the margin: its half of
    the square's side along the edge, the margin deep (to MARK_INSET from the frame's
    edge). Two marks on one side are 20 units apart, too close for a round target each;
    the rectangles tile the margin without overlapping. Each corner of the margin
    belongs to the first mark of the edge that starts there, going clockwise (top-left to
    the top edge's first mark, top-right to the right edge's, and so on)."""
    if mark not in START_MARKS:
        raise ValueError(f"no start mark {mark!r}")
    square, point = divmod(mark, 8)
    x0, y0 = square_origin(square)
    px, py = POINT_XY[point]
    half, deep = SQ // 2, MARGIN - MARK_INSET
    edge = edge_of_mark(mark)
    if edge in (0, 2):
        x, w = x0 + (0 if px < half else half), half
        y, h = (MARK_INSET if edge == 0 else MARGIN + BOARD), deep
        if edge == 0 and x == MARGIN:  # the top-left corner
            x, w = MARK_INSET, w + deep
        if edge == 2 and x + w == MARGIN + BOARD:  # the bottom-right corner
            w += deep
    else:
        y, h = y0 + (0 if py < half else half), half
        x, w = (MARGIN + BOARD if edge == 1 else MARK_INSET), deep
        if edge == 1 and y == MARGIN:  # the top-right corner
            y, h = MARK_INSET, h + deep
        if edge == 3 and y + h == MARGIN + BOARD:  # the bottom-left corner
            h += deep
    return x, y, w, h


__all__ = ["BOARD", "INWARD", "MARGIN", "MARK_INSET", "POINT_XY", "SQ", "VECTOR", "VIEW",
           "Point", "mark_area", "point_xy", "ship_centre", "ship_facing", "square_origin",
           "wake_curve"]
