"""The hard bot's start mark: the fitted value (bots/marks.py) and its fit (fit_marks.py)."""

import random

import pytest

from game.tsuro.board import OFF
from game.tsuro.bots.eval import Context, risk_maps
from game.tsuro.bots.marks import (
    LONG_ROLLS,
    MARK_WEIGHTS,
    best_fitted_mark,
    mark_features,
    mark_score,
)
from game.tsuro.bots.search import HARD_WEIGHTS, HardBot
from game.tsuro.daikaiju import DAIKAIJU_COUNT
from game.tsuro.state import TsuroState
from lab.fit_marks import least_squares, random_mark_rows

CORNER_MARK = 0 * 8 + 0  # top edge, facing the top-left corner square
MIDDLE_MARK = 3 * 8 + 0  # top edge, facing the middle square of the top row


def start_with(daikaiju, ships=(), players=4):
    """A game at its first start mark, with the daikaiju {k: (square, facing)} alone on
    the board (the rest in the supply) and the given ships already on their marks."""
    state = TsuroState({"players": players, "daikaiju": True}, 5)
    state.kaiju_square = [OFF] * DAIKAIJU_COUNT
    state.kaiju_facing = [0] * DAIKAIJU_COUNT
    state.kaiju_at = [-1] * len(state.kaiju_at)
    for kaiju, (square, facing) in daikaiju.items():
        state.kaiju_square[kaiju], state.kaiju_facing[kaiju] = square, facing
        state.kaiju_at[square] = kaiju
    state.supply = [k for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] == OFF]
    for seat, mark in enumerate(ships, start=1):
        state.ships[seat] = mark
    return state


def features_of(state, mark, me=0):
    ctx = Context(state, HARD_WEIGHTS)
    return mark_features(state, me, mark, ctx, risk_maps(state, LONG_ROLLS)[0])


def test_mark_features_on_a_constructed_start():
    # one daikaiju two squares below the corner square, one far away; a ship already
    # faces the square right of the corner
    state = start_with({0: (14, 0), 1: (40, 0), 2: (44, 0)}, ships=[1 * 8 + 0])
    corner = features_of(state, CORNER_MARK)
    assert corner["corner"] == 1 and corner["off_middle"] == 3
    assert corner["nearest"] == 2 and corner["within2"] == 1 and corner["within3"] == 1
    assert corner["ships1"] == 1 and corner["ships2"] == 0
    assert 0 < corner["enter8"] <= corner["enter16"] <= 1
    middle = features_of(state, MIDDLE_MARK)
    assert middle["corner"] == 0 and middle["off_middle"] == 0
    assert middle["ships1"] == 0 and middle["ships2"] == 1
    assert set(corner) == set(MARK_WEIGHTS)


def test_a_mark_whose_first_square_holds_a_daikaiju_is_never_taken():
    state = start_with({0: (3, 0), 1: (40, 0), 2: (44, 0)})
    assert features_of(state, MIDDLE_MARK) is None
    for seed in range(3):
        choice = HardBot(0, seed)(state)
        assert choice.args[0] >> 3 != 3


def test_the_fitted_value_prefers_the_middle_of_an_edge_to_a_corner():
    """With the daikaiju far off, the middle of the top edge beats its corner."""
    state = start_with({0: (40, 0), 1: (44, 0), 2: (48, 2)})
    assert mark_score(features_of(state, MIDDLE_MARK)) > mark_score(
        features_of(state, CORNER_MARK))


def test_the_fitted_value_keeps_away_from_a_daikaiju_coming():
    """Two middle-of-edge marks alike but for a daikaiju beside one of them, facing it."""
    near_left = start_with({0: (22, 3), 1: (40, 0), 2: (44, 0)})  # row 3, column 1, facing west
    left_mark = (3 * 7) * 8 + 6  # left edge, facing square 21
    right_mark = (3 * 7 + 6) * 8 + 2  # right edge, facing square 27
    assert mark_score(features_of(near_left, right_mark)) > mark_score(
        features_of(near_left, left_mark))


def test_hard_takes_the_mark_with_the_best_fitted_score():
    for seed in range(4):
        state = TsuroState({"players": 5, "daikaiju": True}, 300 + seed)
        state.apply(state.legal_actions()[7])  # a first ship on the board
        me = state.to_move
        scored = []
        for action in state.legal_actions():
            features = features_of(state, action.args[0], me)
            if features is not None:
                scored.append((mark_score(features), action))
        best = max(score for score, _ in scored)
        assert HardBot(me, seed)(state) in [a for s, a in scored if s == best]
        assert best_fitted_mark(state, me, state.legal_actions(), HARD_WEIGHTS) == (
            HardBot(me, seed)(state))


def test_least_squares_recovers_the_weights_of_an_exact_line():
    rng = random.Random(3)
    names = ["a", "b", "c"]
    truth = [0.5, -2.0, 0.25, 3.0]  # intercept, then a, b, c
    rows = []
    for _ in range(40):
        x = {n: rng.uniform(-1, 1) for n in names}
        rows.append((x, truth[0] + sum(w * x[n] for w, n in zip(truth[1:], names))))
    fitted = least_squares(rows, names)
    assert all(abs(f - t) < 1e-9 for f, t in zip(fitted, truth))


def test_least_squares_refuses_a_feature_that_never_varies():
    rows = [({"a": float(i), "b": 1.0}, float(i)) for i in range(5)]  # b = the intercept
    with pytest.raises(ValueError, match="never varies"):
        least_squares(rows, ["a", "b"])


def test_random_mark_rows_are_reproducible_and_well_formed():
    first = list(random_mark_rows(6, 11))
    assert first == list(random_mark_rows(6, 11))
    assert first
    for features, share in first:
        assert set(features) == set(MARK_WEIGHTS)
        assert 0.0 <= share <= 1.0
