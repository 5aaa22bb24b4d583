"""Wake tiles: the 56-tile deck (reading D2) and how a tile's wakes turn with it.

A tile's 8 points are numbered clockwise from the top-left: 0, 1 on the top side (left
to right), 2, 3 on the right (top to bottom), 4, 5 on the bottom (right to left), 6, 7 on
the left (bottom to top). A tile is 4 wakes, each joining two points. Turning a tile a
quarter turn clockwise takes point p to p + 2 (mod 8).
"""

from collections.abc import Iterable, Iterator

POINTS = 8
ROTATIONS = 4

# A tile as laid, its wakes as a lookup: lookup[p] is the point joined to point p.
Lookup = tuple[int, ...]

Pairs = tuple[tuple[int, int], ...]  # a tile's 4 wakes, each (lower point, higher point)


def side(point: int) -> int:
    """0 top, 1 right, 2 bottom, 3 left."""
    return point // 2


def _pairings(points: tuple[int, ...]) -> Iterator[Pairs]:
    """Every way to join `points` in pairs (105 for 8 points), each pair in order."""
    if not points:
        yield ()
        return
    first = points[0]
    for i in range(1, len(points)):
        for rest in _pairings(points[1:i] + points[i + 1:]):
            yield ((first, points[i]), *rest)


def _lowest_turn(pairs: Pairs) -> Pairs:
    """A pattern as written once for all its rotations: of its four turns (point p to
    p + 2 a quarter turn), the least, its pairs sorted."""
    turns = []
    for quarter_turns in range(ROTATIONS):
        shift = 2 * quarter_turns
        ends = (((a + shift) % POINTS, (b + shift) % POINTS) for a, b in pairs)
        turns.append(tuple(sorted((min(a, b), max(a, b)) for a, b in ends)))
    return min(turns)


# D2: the 35 distinct ways to join 8 points in pairs (up to rotation), once each, in
# order; then a second copy of those that have no wake returning to its own side (22),
# less the one whose four wakes all run straight across: 35 + 21 = 56. Tile number =
# index in DECK (tests/tsuro/test_data.py pins it).
PATTERNS = tuple(sorted({_lowest_turn(pairs) for pairs in _pairings(tuple(range(POINTS)))}))
STRAIGHT_ACROSS = ((0, 5), (1, 4), (2, 7), (3, 6))
DECK = PATTERNS + tuple(pairs for pairs in PATTERNS if pairs != STRAIGHT_ACROSS
                        and all(side(a) != side(b) for a, b in pairs))
DECK_SIZE = len(DECK)


def connections(pairs: Iterable[tuple[int, int]]) -> Lookup:
    """The wakes as a lookup: connections(pairs)[p] is the point joined to p."""
    joined = [0] * POINTS
    for a, b in pairs:
        joined[a], joined[b] = b, a
    return tuple(joined)


def rotate(joined: Lookup, quarter_turns: int) -> Lookup:
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

