"""Fit the hard Tsuro bot's judgement of a playout's end (LEAF_WEIGHTS in game/tsuro/bots/leaf.py).

    python3 -m lab.fit_leaf --players 4 --games 1500 --seeds 101000 102000
    python3 -m lab.fit_leaf --players 2 --games 1500 --seeds 201000 202000

For each seed, plays `games` games of hard against medium bots (three, or one with
`--players 2`) with daikaiju, the seats rotated every game and seeded as the simulator
seeds them. At each placement of
the hard seat with a choice, its best placement by the evaluation (the hard weights,
one roll's daikaiju risk) gives one row: the features of what it leaves behind
(bots.leaf.leaf_features) and the ships afloat after it; placements that end the game
or the ship are left out. When the game ends, each row gets the hard seat's share of
the win (a shared win split). For each number of ships afloat (four, three, two; in
a game of two, two), the weights are the least-squares fit of the share on the
features, with an intercept; they are printed as a dictionary to paste into
bots.leaf.LEAF_WEIGHTS[players]. About 2 games a second
natively: 3000 games take about 25 minutes on one core. Rerun it when a bot or the
rules change, and measure the new weights against the old game by game.
"""

import argparse
import random
import sys

from game.tsuro import BOTS, TURN_CAP, TsuroState, config_for
from game.tsuro.bots.eval import LOSS, WIN, Context, afloat, outcome_value
from game.tsuro.bots.leaf import FEATURES, leaf_features
from game.tsuro.bots.search import LATER_WEIGHTS
from game.tsuro.state import PLACEMENT
from game.tsuro.tiles import ORIENTED
from lab.fit_marks import least_squares

PLAYERS = (4, 2)  # the tables of bots/leaf.py: games of 4 captains (used from 3 up), of 2
SEEDS = {4: [101000, 102000], 2: [201000, 202000]}


def afloat_counts(players: int) -> tuple:
    """The ships afloat after a placement that a game of `players` fits weights for."""
    return (2,) if players == 2 else (4, 3, 2)


def placement_row(state, me):
    """(ships afloat after, features) of seat `me`'s best placement by LATER_WEIGHTS,
    or None when that placement ends the game or the ship."""
    ctx = Context(state, LATER_WEIGHTS)
    best = None
    for action in state.legal_actions():
        tile, rotation = action.args
        voyages = state.placement_outcome(tile, rotation).voyages
        value = outcome_value(state, me, tile, ORIENTED[tile][rotation], voyages, ctx)
        if best is None or value > best[0]:
            best = (value, tile, rotation, voyages)
    value, tile, rotation, voyages = best
    if value <= LOSS / 2 or value >= WIN / 8 - 1:
        return None
    ships, wakes = list(state.ships), list(state.wakes)
    wakes[ships[me] >> 3] = ORIENTED[tile][rotation]
    for seat, voyage in voyages.items():
        ships[seat] = voyage[0] if voyage[1] is None else None
    hand = list(state.hands[me])
    hand.remove(tile)
    return afloat(ships), leaf_features(me, ships, wakes, state.kaiju_at, hand, ctx)


def hard_rows(games: int, seed: int, players: int = 4):
    """Yield (ships afloat, features, share) for the hard seat's placements."""
    seeds = random.Random(seed)
    config = config_for(players, daikaiju=True)
    for number in range(games):
        game_seed = seeds.randrange(2**32)
        hard = number % players  # the simulator's rotation of the seats
        state = TsuroState(config, game_seed)
        bots = [BOTS["hard" if seat == hard else "medium"](seat, f"{game_seed}:{seat}")
                for seat in range(players)]
        rows = []
        while not state.is_over and state.turn <= TURN_CAP:
            seat = state.to_move
            if seat == hard and state.decision == PLACEMENT and len(state.legal_actions()) > 1:
                row = placement_row(state, seat)
                if row is not None:
                    rows.append(row)
            state.apply(bots[seat](state))
        winners = state.winners if state.is_over else ()
        share = 1 / len(winners) if hard in winners else 0.0
        for alive, features in rows:
            yield alive, features, share


def fit(rows, players: int = 4) -> dict:
    """{ships afloat: {"share": intercept, feature: weight}} by least squares. With two
    ships the rival facing another's square is the bot's own `shared`: not fitted (0)."""
    table = {}
    for alive in afloat_counts(players):
        names = [n for n in FEATURES if not (alive == 2 and n == "rivals_shared")]
        chosen = [(features, share) for a, features, share in rows if a == alive]
        weights = least_squares(chosen, names)
        fitted = dict(zip(["share"] + names, weights))
        table[alive] = {name: fitted.get(name, 0.0) for name in ["share", *FEATURES]}
    return table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.fit_leaf")
    parser.add_argument("--players", type=int, choices=PLAYERS, default=4)
    parser.add_argument("--games", type=int, default=1500, help="games per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=None,
                        help="default: those the weights in bots/leaf.py were fitted on")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    seeds = args.seeds or SEEDS[args.players]
    rows = [row for seed in seeds for row in hard_rows(args.games, seed, args.players)]
    try:
        table = fit(rows, args.players)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    counts = ", ".join(f"{sum(1 for r in rows if r[0] == a)} with {a} afloat"
                       for a in afloat_counts(args.players))
    print(f"# {len(rows)} placements: {counts}", file=sys.stderr)
    print("{")
    for alive, weights in table.items():
        text = ", ".join(f'"{name}": {round(w, 4)}' for name, w in weights.items())
        print(f"    {alive}: {{{text}}},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
