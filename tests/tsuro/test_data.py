"""Section A/D/E data: the deck (D2), the daikaiju table (D3), dice coordinates (D1),
start marks (D5) and the point numbering (E)."""

import hashlib
from collections import Counter
from itertools import product

import pytest

from game.tsuro import board, daikaiju, tiles
from game.tsuro.board import (
    ACROSS,
    NEIGHBOUR,
    OFF,
    START_MARKS,
    behind,
    edge_of_mark,
    squares_apart,
)
from game.tsuro.tiles import DECK, ORIENTED

from .tsuro_helpers import at, sq

STRAIGHT = frozenset({frozenset({0, 5}), frozenset({1, 4}), frozenset({2, 7}), frozenset({3, 6})})


def all_matchings(points):
    if not points:
        yield frozenset()
        return
    first, rest = points[0], points[1:]
    for i, other in enumerate(rest):
        for tail in all_matchings(rest[:i] + rest[i + 1:]):
            yield tail | {frozenset({first, other})}


def turned(matching, quarter_turns):
    return frozenset(frozenset((p + 2 * quarter_turns) % 8 for p in pair) for pair in matching)


def canonical(matching):
    """One representative per class of matchings equal up to rotation."""
    return min(tuple(sorted(tuple(sorted(pair)) for pair in turned(matching, r)))
               for r in range(4))


def returns_to_own_side(matching):
    return any(len({p // 2 for p in pair}) == 1 for pair in matching)


def test_d2_deck_is_the_35_classes_plus_21_doubles():
    matchings = list(all_matchings(list(range(8))))
    assert len(matchings) == 105
    classes = {canonical(m): m for m in matchings}
    assert len(classes) == 35
    doubles = [c for c, m in classes.items() if not returns_to_own_side(m)
               and canonical(STRAIGHT) != c]
    assert len(doubles) == 21
    expected = Counter(list(classes)) + Counter(doubles)
    assert sum(expected.values()) == 56

    assert len(DECK) == 56
    for pairs in DECK:
        flat = [p for pair in pairs for p in pair]
        assert sorted(flat) == list(range(8)), pairs
    actual = Counter(canonical(frozenset(frozenset(p) for p in pairs)) for pairs in DECK)
    assert actual == expected
    # the straight-across pattern is there exactly once
    assert actual[canonical(STRAIGHT)] == 1


def test_d2_deck_order_is_pinned():
    """Tile numbers are in saved games, positions and links: the deck, derived in
    tiles.py, keeps the order it was first written in (a digest and a few tiles)."""
    assert hashlib.sha256(repr(DECK).encode()).hexdigest() == (
        "bd7b33b1adaec445cae5ac181ff32c6e47369fbefaa9eebb6819e58a7abd3a4b")
    assert DECK[:35] == tiles.PATTERNS
    assert DECK[0] == ((0, 1), (2, 3), (4, 5), (6, 7))
    assert DECK[33] == ((0, 5), (1, 4), (2, 7), (3, 6)) == tiles.STRAIGHT_ACROSS
    assert DECK[34] == DECK[55] == ((0, 7), (1, 2), (3, 4), (5, 6))
    assert DECK[35] == DECK[13] == ((0, 2), (1, 3), (4, 6), (5, 7))


def test_oriented_is_each_tile_turned_clockwise():
    for t, pairs in enumerate(DECK):
        for r in range(4):
            lookup = ORIENTED[t][r]
            expected = {}
            for a, b in pairs:
                expected[(a + 2 * r) % 8] = (b + 2 * r) % 8
                expected[(b + 2 * r) % 8] = (a + 2 * r) % 8
            assert lookup == tuple(expected[p] for p in range(8)), (t, r)
            assert all(lookup[lookup[p]] == p and lookup[p] != p for p in range(8))


def test_section_e_rotation_maps_p_to_p_plus_2():
    joined = tiles.connections(((0, 1), (2, 4), (3, 7), (5, 6)))
    once = tiles.rotate(joined, 1)
    # 0-1 becomes 2-3, 2-4 becomes 4-6, 3-7 becomes 5-1, 5-6 becomes 7-0
    assert once == tiles.connections(((2, 3), (4, 6), (5, 1), (7, 0)))
    assert tiles.rotate(joined, 4) == joined


D3 = """
1 1 yes F R B L C
2 1 no A F R B L
3 2 yes L C F R B
4 2 no B L A F R
5 3 yes R B L C F
6 3 no F L B R A
7 4 yes C B F L R
8 4 no R A L B F
9 5 yes L F C R B
10 5 no B R F A L
"""


def test_d3_daikaiju_table_matches_the_specification():
    rows = [line.split() for line in D3.strip().splitlines()]
    assert len(daikaiju.TILES) == 10
    for row in rows:
        k = int(row[0]) - 1
        number, gold, arrows = daikaiju.TILES[k]
        assert number == int(row[1]), row
        assert gold is (row[2] == "yes"), row
        assert tuple(arrows) == tuple(row[3:]), row
        for face in range(1, 6):
            assert daikaiju.arrow(k, face) == row[2 + face]


def test_d3_movement_order_is_ascending_gold_first():
    assert tuple(range(10)) == daikaiju.MOVEMENT_ORDER
    numbers = [daikaiju.TILES[k][0] for k in daikaiju.MOVEMENT_ORDER]
    assert numbers == sorted(numbers)


def test_setup_counts_and_minimum():
    assert daikaiju.SETUP_COUNT == {2: 6, 3: 6, 4: 6, 5: 5, 6: 5, 7: 4, 8: 4}
    assert daikaiju.MINIMUM_ON_BOARD == 3


def test_d1_dice_coordinates():
    squares = {}
    for gold, blue in product(range(1, 7), repeat=2):
        square = board.square_for_dice(gold, blue)
        row, col = divmod(square, 7)
        assert row != 3 and col != 3, (gold, blue)  # never the middle cross
        # gold picks the column, blue the row; 1-3 -> lines 1-3, 4-6 -> lines 5-7
        assert col == (gold - 1 if gold <= 3 else gold)
        assert row == (blue - 1 if blue <= 3 else blue)
        squares[square] = (gold, blue)
    assert len(squares) == 36
    # the rulebook's example: gold 2, blue 5 is column 2 of row 6 (1-based)
    assert board.square_for_dice(2, 5) == sq(5, 1)
    assert board.square_for_dice(1, 1) == sq(0, 0)
    assert board.square_for_dice(6, 6) == sq(6, 6)
    assert board.square_for_dice(4, 3) == sq(2, 4)


def test_d5_start_marks():
    assert len(START_MARKS) == 56 and len(set(START_MARKS)) == 56
    outer = [p for p in range(49 * 8) if ACROSS[p] == OFF]
    assert sorted(START_MARKS) == sorted(outer)
    per_edge = Counter(edge_of_mark(m) for m in START_MARKS)
    assert per_edge == {0: 14, 1: 14, 2: 14, 3: 14}
    for m in START_MARKS:
        square, point = divmod(m, 8)
        row, col = divmod(square, 7)
        side = point // 2
        assert behind(m) == OFF  # on no tile (D6)
        assert NEIGHBOUR[square][side] == OFF  # the mark is on the outer side of its square
        assert edge_of_mark(m) == side
        assert (row, col, side) in (
            {(0, c, 0) for c in range(7)} | {(r, 6, 1) for r in range(7)}
            | {(6, c, 2) for c in range(7)} | {(r, 0, 3) for r in range(7)})
    # each edge square has its two marks on each outer side; a corner has four
    assert sum(1 for m in START_MARKS if m // 8 == sq(0, 0)) == 4
    assert sum(1 for m in START_MARKS if m // 8 == sq(0, 3)) == 2
    assert sum(1 for m in START_MARKS if m // 8 == sq(3, 3)) == 0


@pytest.mark.parametrize("square", [sq(3, 3), sq(1, 5), sq(5, 1)])
def test_section_e_points_meet(square):
    up, right, down, left = square - 7, square + 1, square + 7, square - 1
    assert ACROSS[at(square, 0)] == at(up, 5)
    assert ACROSS[at(square, 1)] == at(up, 4)
    assert ACROSS[at(square, 2)] == at(right, 7)
    assert ACROSS[at(square, 3)] == at(right, 6)
    assert ACROSS[at(square, 4)] == at(down, 1)
    assert ACROSS[at(square, 5)] == at(down, 0)
    assert ACROSS[at(square, 6)] == at(left, 3)
    assert ACROSS[at(square, 7)] == at(left, 2)


def test_across_is_symmetric_and_behind_is_the_other_square():
    for p in range(49 * 8):
        q = ACROSS[p]
        if q != OFF:
            assert ACROSS[q] == p
            assert behind(q) == p // 8


def test_squares_apart_counts_rows_plus_columns():
    assert squares_apart(0, 0) == 0
    assert squares_apart(0, 48) == 12  # corner to corner
    assert squares_apart(24, 17) == 1 and squares_apart(17, 24) == 1  # next row
    assert squares_apart(6, 7) == 7  # row 0 column 6 to row 1 column 0, not 1
