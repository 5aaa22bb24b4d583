"""The 7 x 7 board: squares, how points meet across sides, start marks, dice coordinates.

A square is `row * 7 + column`, row 0 at the top, column 0 at the left. A ship stands on
a point between two squares and faces one of them; its *position* is
`square * 8 + point`, naming the square it faces and the point of that square it stands
on. Sides: 0 top, 1 right, 2 bottom, 3 left (also the directions north, east, south,
west). Points are numbered as in tiles.py.
"""

from game.core.i18n import N_, _
from game.tsuro.tiles import side

SIZE = 7
SQUARES = SIZE * SIZE
OFF = -1  # "beyond the edge of the board"

# (row step, column step) for each side/direction
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))

# Point p of a square meets point PARTNER[p] of the neighbour across p's side.
PARTNER = (5, 4, 7, 6, 1, 0, 3, 2)


def _neighbour(square: int, direction: int) -> int:
    row, col = divmod(square, SIZE)
    dr, dc = STEP[direction]
    row, col = row + dr, col + dc
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else OFF


# NEIGHBOUR[square][direction]: the adjacent square, or OFF.
NEIGHBOUR = tuple(tuple(_neighbour(sq, d) for d in range(4)) for sq in range(SQUARES))

# ACROSS[square * 8 + point]: the position on the far side of that point (the
# neighbour's square and its matching point), or OFF at the board's edge. Leaving a
# square at point q, a ship arrives at position ACROSS[square * 8 + q].
ACROSS = tuple(
    OFF if NEIGHBOUR[sq][side(p)] == OFF else NEIGHBOUR[sq][side(p)] * 8 + PARTNER[p]
    for sq in range(SQUARES) for p in range(8)
)


def point_id(position: int) -> int:
    """One number for a physical point, whichever of its two squares names it."""
    other = ACROSS[position]
    return position if other == OFF or position < other else other


POINT_ID = tuple(point_id(p) for p in range(SQUARES * 8))  # point_id, looked up


def squares_apart(a: int, b: int) -> int:
    """How many squares apart two squares are, rows plus columns."""
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def behind(position: int) -> int:
    """The square behind a ship at `position` (the tile it is on, reading D6), or OFF
    for a ship still on its start mark."""
    square, point = divmod(position, 8)
    return NEIGHBOUR[square][side(point)]


# D5: every outer point is a start mark: 7 squares x 2 points x 4 edges = 56. A mark is
# the position of a ship standing on it (facing the edge square next to it). Listed
# clockwise around the board from the top-left corner.
def _marks() -> tuple[int, ...]:
    top = [c * 8 + p for c in range(SIZE) for p in (0, 1)]
    right = [(r * SIZE + SIZE - 1) * 8 + p for r in range(SIZE) for p in (2, 3)]
    bottom = [((SIZE - 1) * SIZE + c) * 8 + p for c in reversed(range(SIZE)) for p in (4, 5)]
    left = [(r * SIZE) * 8 + p for r in reversed(range(SIZE)) for p in (6, 7)]
    return tuple(top + right + bottom + left)


START_MARKS = _marks()
START_MARK_SET = frozenset(START_MARKS)


def edge_of_mark(mark: int) -> int:
    """Which edge a start mark is on (0 top, 1 right, 2 bottom, 3 left)."""
    return side(mark % 8)


# D1: a die has 6 faces, the board 7 lines; the middle line carries no number.
# Gold picks the column, blue the row: faces 1-3 are lines 1-3, faces 4-6 lines 5-7.
DIE_TO_LINE = {1: 0, 2: 1, 3: 2, 4: 4, 5: 5, 6: 6}
LINE_TO_DIE = {line: face for face, line in DIE_TO_LINE.items()}


def square_for_dice(gold: int, blue: int) -> int:
    return DIE_TO_LINE[blue] * SIZE + DIE_TO_LINE[gold]


# --- names, as the board prints them: gold numbers the columns, blue the rows (D1) -----
def column_name(col: int) -> str:
    """A column as the board names it: its gold number, or the middle column."""
    face = LINE_TO_DIE.get(col)
    return _("the middle column") if face is None else _("gold {gold}").format(gold=face)


def row_name(row: int) -> str:
    """A row as the board names it: its blue number, or the middle row."""
    face = LINE_TO_DIE.get(row)
    return _("the middle row") if face is None else _("blue {blue}").format(blue=face)


def square_name(square: int) -> str:
    """A square as the board names it, in the log, the tooltips, the menus and the names
    a screen reader reads: "gold 3, blue 5"; on the middle lines "gold 3, the middle
    row", "the middle column, blue 5", and the centre square."""
    row, col = divmod(square, SIZE)
    if row not in LINE_TO_DIE and col not in LINE_TO_DIE:
        return _("the centre square")
    return _("{column}, {row}").format(column=column_name(col), row=row_name(row))


# A start mark by its edge (0 top .. 3 left) and which of its square's two points on
# that edge it is (0: left or upper, 1: right or lower); the line as the board names it.
MARK_WORDS = (
    (N_("start mark on the top edge, {line}, left point"),
     N_("start mark on the top edge, {line}, right point")),
    (N_("start mark on the right edge, {line}, upper point"),
     N_("start mark on the right edge, {line}, lower point")),
    (N_("start mark on the bottom edge, {line}, left point"),
     N_("start mark on the bottom edge, {line}, right point")),
    (N_("start mark on the left edge, {line}, upper point"),
     N_("start mark on the left edge, {line}, lower point")),
)


def mark_name(mark: int) -> str:
    """A start mark as the board names it: "start mark on the top edge, gold 4, left
    point"."""
    square, point = divmod(mark, 8)
    row, col = divmod(square, SIZE)
    edge = edge_of_mark(mark)
    # the second point of its side: the right one (top, bottom), the lower one (sides)
    second = point not in ((0, 5) if edge in (0, 2) else (2, 7))
    line = column_name(col) if edge in (0, 2) else row_name(row)
    return _(MARK_WORDS[edge][second]).format(line=line)
