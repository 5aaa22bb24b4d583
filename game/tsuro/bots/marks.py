"""The `hard` bot's start mark: a value fitted on games with marks taken at random.

The start mark decides much of a game (a hard bot taking its mark at random loses about
7 points of win share), yet the evaluation's mark value (bots.eval.mark_value) tells
good marks from bad ones without finding the best among the good. So the hard bot
scores each mark by a linear formula over the features below, the mark value among
them, whose weights come from an experiment rather than from judgement:
fit_marks.py plays games of four medium bots in which one seat (a different one each
game) takes a start mark uniformly at random, and fits the final win share of that
seat on the features of its mark by least squares. Because the marks were random, a
weight says what a feature is worth, not what the medium bot tends to choose.

Everything here reads only what every captain sees at the start: the daikaiju on the
board, their facings, the supply's size, and the ships already placed.
"""

from collections.abc import Mapping, Sequence

from game.core import Action
from game.tsuro.board import OFF, SIZE, SQUARES, squares_apart
from game.tsuro.bots.eval import LOSS, Context, Weights, mark_value, openness, risk_maps
from game.tsuro.daikaiju import DAIKAIJU_COUNT
from game.tsuro.world import World

CORNERS = (0, SIZE - 1, SQUARES - SIZE, SQUARES - 1)
LONG_ROLLS = 16  # the longest look ahead of the daikaiju risk (risk_maps)

# Fitted by `python3 -m lab.fit_marks --games 15000 --seeds 11 22` (25648 marks
# that were not lost at once), rounded to 4 decimals. Share of the win per unit.
MARK_WEIGHTS = {
    "value": 0.0041,  # the evaluation's mark value (bots.eval.mark_value)
    "nearest": -0.0028,  # squares (row + column) to the nearest daikaiju (9: none)
    "within2": 0.0048,  # daikaiju 2 squares or nearer
    "within3": -0.0080,  # daikaiju 3 squares or nearer
    "enter8": -0.2521,  # chance a daikaiju comes onto the first square in 8 rolls
    "enter16": -0.0850,  # ... in 16 rolls
    "corner": -0.1340,  # the first square is a corner of the board
    "off_middle": -0.0033,  # squares from the first square to the middle of its edge
    "open": -0.4584,  # openness of the mark (the evaluation counts it too)
    "ships1": -0.0049,  # ships already placed facing a square 1 away
    "ships2": -0.0126,  # ... 2 away
}


def mark_features(state: World, me: int, mark: int, ctx: Context,
                  enter: Sequence[Sequence[float]]) -> dict[str, float] | None:
    """The features of `mark` for seat `me` (None if the mark is lost at once: its first
    square holds a daikaiju or a tile). `enter` is risk_maps(state, LONG_ROLLS)[0]."""
    value = mark_value(state, me, mark, ctx)
    if value <= LOSS / 2:
        return None
    square = mark >> 3
    row, column = divmod(square, SIZE)
    daikaiju = [squares_apart(state.kaiju_square[k], square) for k in range(DAIKAIJU_COUNT)
                if state.kaiju_square[k] != OFF]
    ships = [squares_apart(p >> 3, square) for seat, p in enumerate(state.ships)
             if seat != me and p is not None]
    along = column if row in (0, SIZE - 1) else row
    return {
        "value": value,
        "nearest": min(daikaiju) if daikaiju else 9,
        "within2": sum(d <= 2 for d in daikaiju),
        "within3": sum(d <= 3 for d in daikaiju),
        "enter8": enter[8][square],
        "enter16": enter[16][square],
        "corner": int(square in CORNERS),
        "off_middle": abs(SIZE // 2 - along),
        "open": openness(mark, state.wakes, state.kaiju_at),
        "ships1": sum(d == 1 for d in ships),
        "ships2": sum(d == 2 for d in ships),
    }


def mark_score(features: Mapping[str, float],
               weights: Mapping[str, float] = MARK_WEIGHTS) -> float:
    return sum(weights[name] * x for name, x in features.items())


def best_fitted_mark(state: World, me: int, actions: Sequence[Action], weights: Weights) -> Action:
    """The start mark (one of `actions`) with the best fitted score; `weights` are the
    evaluation's (for the mark value)."""
    ctx = Context(state, weights)
    enter = risk_maps(state, LONG_ROLLS)[0]
    best, best_score = actions[0], None
    for action in actions:
        features = mark_features(state, me, action.args[0], ctx, enter)
        if features is None:
            continue
        score = mark_score(features)
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


__all__ = ["MARK_WEIGHTS", "best_fitted_mark", "mark_features", "mark_score"]
