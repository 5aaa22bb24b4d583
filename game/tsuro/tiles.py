"""Wake tiles: the 56-tile deck (reading D2) and how a tile's wakes turn with it.

A tile's 8 points are numbered clockwise from the top-left: 0, 1 on the top side (left
to right), 2, 3 on the right (top to bottom), 4, 5 on the bottom (right to left), 6, 7 on
the left (bottom to top). A tile is 4 wakes, each joining two points. Turning a tile a
quarter turn clockwise takes point p to p + 2 (mod 8).
"""

POINTS = 8
ROTATIONS = 4

# D2: the 35 distinct ways to join 8 points in pairs (up to rotation), once each, then a
# second copy of the 21 patterns with no wake returning to its own side, less the one
# whose four wakes all run straight across. Tile number = index in this list.
DECK = (
    ((0, 1), (2, 3), (4, 5), (6, 7)),
    ((0, 1), (2, 3), (4, 6), (5, 7)),
    ((0, 1), (2, 3), (4, 7), (5, 6)),
    ((0, 1), (2, 4), (3, 6), (5, 7)),
    ((0, 1), (2, 4), (3, 7), (5, 6)),
    ((0, 1), (2, 5), (3, 6), (4, 7)),
    ((0, 1), (2, 5), (3, 7), (4, 6)),
    ((0, 1), (2, 6), (3, 4), (5, 7)),
    ((0, 1), (2, 6), (3, 5), (4, 7)),
    ((0, 1), (2, 6), (3, 7), (4, 5)),
    ((0, 1), (2, 7), (3, 4), (5, 6)),
    ((0, 1), (2, 7), (3, 5), (4, 6)),
    ((0, 1), (2, 7), (3, 6), (4, 5)),
    ((0, 2), (1, 3), (4, 6), (5, 7)),
    ((0, 2), (1, 3), (4, 7), (5, 6)),
    ((0, 2), (1, 4), (3, 6), (5, 7)),
    ((0, 2), (1, 4), (3, 7), (5, 6)),
    ((0, 2), (1, 5), (3, 6), (4, 7)),
    ((0, 2), (1, 5), (3, 7), (4, 6)),
    ((0, 2), (1, 6), (3, 4), (5, 7)),
    ((0, 2), (1, 6), (3, 5), (4, 7)),
    ((0, 2), (1, 7), (3, 4), (5, 6)),
    ((0, 2), (1, 7), (3, 5), (4, 6)),
    ((0, 3), (1, 2), (4, 7), (5, 6)),
    ((0, 3), (1, 4), (2, 6), (5, 7)),
    ((0, 3), (1, 4), (2, 7), (5, 6)),
    ((0, 3), (1, 5), (2, 6), (4, 7)),
    ((0, 3), (1, 6), (2, 5), (4, 7)),
    ((0, 4), (1, 2), (3, 6), (5, 7)),
    ((0, 4), (1, 2), (3, 7), (5, 6)),
    ((0, 4), (1, 3), (2, 6), (5, 7)),
    ((0, 4), (1, 5), (2, 6), (3, 7)),
    ((0, 4), (1, 5), (2, 7), (3, 6)),
    ((0, 5), (1, 4), (2, 7), (3, 6)),
    ((0, 7), (1, 2), (3, 4), (5, 6)),
    ((0, 2), (1, 3), (4, 6), (5, 7)),
    ((0, 2), (1, 3), (4, 7), (5, 6)),
    ((0, 2), (1, 4), (3, 6), (5, 7)),
    ((0, 2), (1, 4), (3, 7), (5, 6)),
    ((0, 2), (1, 5), (3, 6), (4, 7)),
    ((0, 2), (1, 5), (3, 7), (4, 6)),
    ((0, 2), (1, 6), (3, 4), (5, 7)),
    ((0, 2), (1, 6), (3, 5), (4, 7)),
    ((0, 2), (1, 7), (3, 4), (5, 6)),
    ((0, 2), (1, 7), (3, 5), (4, 6)),
    ((0, 3), (1, 2), (4, 7), (5, 6)),
    ((0, 3), (1, 4), (2, 6), (5, 7)),
    ((0, 3), (1, 4), (2, 7), (5, 6)),
    ((0, 3), (1, 5), (2, 6), (4, 7)),
    ((0, 3), (1, 6), (2, 5), (4, 7)),
    ((0, 4), (1, 2), (3, 6), (5, 7)),
    ((0, 4), (1, 2), (3, 7), (5, 6)),
    ((0, 4), (1, 3), (2, 6), (5, 7)),
    ((0, 4), (1, 5), (2, 6), (3, 7)),
    ((0, 4), (1, 5), (2, 7), (3, 6)),
    ((0, 7), (1, 2), (3, 4), (5, 6)),
)
DECK_SIZE = len(DECK)


def connections(pairs) -> tuple:
    """The wakes as a lookup: connections(pairs)[p] is the point joined to p."""
    joined = [0] * POINTS
    for a, b in pairs:
        joined[a], joined[b] = b, a
    return tuple(joined)


def rotate(joined: tuple, quarter_turns: int) -> tuple:
    """The lookup of a tile turned clockwise by `quarter_turns` quarter turns."""
    shift = 2 * quarter_turns
    turned = [0] * POINTS
    for p in range(POINTS):
        turned[(p + shift) % POINTS] = (joined[p] + shift) % POINTS
    return tuple(turned)


# ORIENTED[tile][rotation] is the lookup of that tile turned that many quarter turns.
ORIENTED = tuple(
    tuple(rotate(connections(pairs), r) for r in range(ROTATIONS)) for pairs in DECK
)


def side(point: int) -> int:
    """0 top, 1 right, 2 bottom, 3 left."""
    return point // 2
