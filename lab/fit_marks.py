"""Fit the hard Tsuro bot's start-mark weights (MARK_WEIGHTS, game/tsuro/bots/marks.py).

    python3 -m lab.fit_marks --games 15000 --seeds 11 22

For each seed, plays `games` games of four medium bots with daikaiju. In game n, seat
n % 4 takes its start mark uniformly at random (from a generator seeded seed + 1); the
features of that mark (bots.marks.mark_features) and the seat's final share of the win
(a shared win split) make one row. Marks lost at once are left out. The weights are
the least-squares fit of the share on the features, with an intercept; they are
printed as a dictionary to paste into MARK_WEIGHTS. About 50 games a second natively:
30 000 games take about 10 minutes on one core.
"""

import argparse
import random
import sys

from game.tsuro import BOTS, TURN_CAP, TsuroState
from game.tsuro.bots.eval import Context, risk_maps
from game.tsuro.bots.marks import LONG_ROLLS, MARK_WEIGHTS, mark_features
from game.tsuro.bots.search import HARD_WEIGHTS
from game.tsuro.state import START_MARK


def random_mark_rows(games: int, seed: int):
    """Yield (features, share) for each game whose random mark was not lost at once."""
    seeds = random.Random(seed)
    pick = random.Random(seed + 1)
    for number in range(games):
        game_seed = seeds.randrange(2**32)
        state = TsuroState({"players": 4, "daikaiju": True}, game_seed)
        bots = [BOTS["medium"](seat, f"{game_seed}:{seat}") for seat in range(4)]
        chooser, features = number % 4, None
        chosen = False
        while not state.is_over and state.turn <= TURN_CAP:
            seat = state.to_move
            if seat == chooser and state.decision == START_MARK and not chosen:
                actions = state.legal_actions()
                action = actions[pick.randrange(len(actions))]
                enter = risk_maps(state, LONG_ROLLS)[0]
                features = mark_features(state, seat, action.args[0],
                                         Context(state, HARD_WEIGHTS), enter)
                chosen = True
            else:
                action = bots[seat](state)
            state.apply(action)
        if features is not None:
            winners = state.winners
            yield features, (1 / len(winners) if chooser in winners else 0.0)


def least_squares(rows, names):
    """Weights (intercept first) minimising the squared error of share on the features:
    the normal equations, solved by Gaussian elimination with partial pivoting."""
    size = len(names) + 1
    a = [[0.0] * size for _ in range(size)]
    b = [0.0] * size
    for features, share in rows:
        x = [1.0] + [float(features[name]) for name in names]
        for i in range(size):
            b[i] += x[i] * share
            row = a[i]
            for j in range(size):
                row[j] += x[i] * x[j]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("too few marks to fit: a feature never varies, or two move "
                             "together; play more games")
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, size):
            factor = a[r][col] / a[col][col]
            for c in range(col, size):
                a[r][c] -= factor * a[col][c]
            b[r] -= factor * b[col]
    weights = [0.0] * size
    for r in range(size - 1, -1, -1):
        weights[r] = (b[r] - sum(a[r][c] * weights[c] for c in range(r + 1, size))) / a[r][r]
    return weights


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.fit_marks")
    parser.add_argument("--games", type=int, default=15000, help="games per seed")
    parser.add_argument("--seeds", nargs="+", default=["11", "22"],
                        help="seeds, each as SEED or SEED:GAMES (games for that seed)")
    args = parser.parse_args(argv)
    runs = []
    for text in args.seeds:
        seed, _, games = text.partition(":")
        try:
            runs.append((int(seed), int(games) if games else args.games))
        except ValueError:
            parser.error(f"a seed is SEED or SEED:GAMES, whole numbers, not {text!r}")
    names = list(MARK_WEIGHTS)
    rows = [row for seed, games in runs for row in random_mark_rows(games, seed)]
    try:
        weights = least_squares(rows, names)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"# {len(rows)} marks; intercept {weights[0]:.4f}", file=sys.stderr)
    print("{" + ", ".join(f'"{n}": {w:.4f}' for n, w in zip(names, weights[1:])) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
