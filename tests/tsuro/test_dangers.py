"""The sea's dangers before a placement (game/tsuro/dangers.py): the odds of the next
daikaiju roll (C1) and where each face of the daikaiju die takes the daikaiju (D3-D6),
on constructed positions, and drawn on the board (svg.board(reach=...))."""

from fractions import Fraction
from itertools import product

from game.tsuro import dangers, svg
from game.tsuro.board import NEIGHBOUR, OFF, SIZE
from game.tsuro.daikaiju import DAIKAIJU_COUNT, TILES
from game.tsuro.state import TsuroState

NORTH, EAST, SOUTH, WEST = range(4)
MIDDLE = 3 * SIZE + 3


def sea(*kaiju: tuple[int, int, int], daikaiju: bool = True) -> TsuroState:
    """A new game's state with only the daikaiju given, (daikaiju, square, facing)."""
    state = TsuroState({"players": 2, "daikaiju": daikaiju}, 3)
    state.kaiju_at = [-1] * len(state.kaiju_at)
    state.kaiju_square = [OFF] * DAIKAIJU_COUNT
    for number, square, facing in kaiju:
        state.kaiju_at[square] = number
        state.kaiju_square[number] = square
        state.kaiju_facing[number] = facing
    state.supply = [k for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] == OFF]
    return state


def test_the_daikaiju_stir_on_16_rolls_in_36():
    stirring = sum(6 <= gold + blue <= 8 for gold, blue in product(range(1, 7), repeat=2))
    assert stirring == 16
    assert dangers.stir_chance() == Fraction(16, 36) and dangers.stir_odds() == (16, 36)


def test_no_roll_comes_with_fewer_than_three_daikaiju_or_without_them():
    three = ((2, 0, NORTH), (4, 6, NORTH), (6, 42, NORTH))
    assert dangers.rolls_next(sea(*three))
    assert not dangers.rolls_next(sea(*three[:2]))  # C: the next captain places instead
    assert dangers.reached_squares(sea(*three[:2])) == {}
    assert not dangers.rolls_next(sea(*three, daikaiju=False))
    assert dangers.reach(sea(*three, daikaiju=False)) == {}


def test_each_face_moves_a_daikaiju_by_its_own_arrow():
    # daikaiju 0 (tile 1, arrows F R B L C) in the middle facing east: 1 forward (east),
    # 2 right (south), 3 back (west), 4 left (north), 5 turns in place
    assert TILES[0][2] == "FRBLC"
    far = ((8, 0, NORTH), (9, SIZE - 1, NORTH))  # (facing north on the top edge: 1 or 2
    state = sea((0, MIDDLE, EAST), *far)         # of their faces takes them off)
    found = dangers.reach(state)
    assert sorted(found) == [1, 2, 3, 4, 5]
    expected = {1: NEIGHBOUR[MIDDLE][EAST], 2: NEIGHBOUR[MIDDLE][SOUTH],
                3: NEIGHBOUR[MIDDLE][WEST], 4: NEIGHBOUR[MIDDLE][NORTH], 5: MIDDLE}
    assert {face: outcome.squares[0] for face, outcome in found.items()} == expected
    reached = dangers.reached_squares(state)
    for face in (1, 2, 3, 4):
        assert face in reached[expected[face]]
    assert MIDDLE not in reached  # a turn in place reaches no square
    assert OFF not in reached  # a daikaiju that leaves the board reaches none


def test_a_daikaiju_moving_onto_a_tile_takes_it():
    state = sea((0, MIDDLE, EAST), (8, 0, NORTH), (9, SIZE - 1, NORTH))
    east = NEIGHBOUR[MIDDLE][EAST]
    state.tile_at[east] = state.draw_pile.pop()
    state.rotation_at[east] = 0
    found = dangers.reach(state)
    assert found[1].eaten == {east} and not found[2].eaten
    assert state.tile_at[east] >= 0  # (the position itself is left as it was)


def test_the_reach_is_drawn_with_its_faces_and_words():
    state = sea((0, MIDDLE, EAST), (8, 0, NORTH), (9, SIZE - 1, NORTH))
    reached = dangers.reached_squares(state)
    drawn = svg.board(svg.board_view(state), reach=reached)
    east = NEIGHBOUR[MIDDLE][EAST]
    faces = " ".join(map(str, reached[east]))
    assert f'<g data-square="{east}" data-faces="{faces}">' in drawn
    assert "A daikaiju moves here on a die of" in drawn
    assert 'class="reach"' not in svg.board(svg.board_view(state))
