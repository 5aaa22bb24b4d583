"""Calibrate the hard bot's dead values (bot_search.DEAD_VALUES) on its own games.

    python3 -m game.tsuro.calibrate_dead --games 300 --seed 555 --flat -30

Plays `games` games of hard against three medium bots with daikaiju, the seats rotated
every game as the simulator does. At each placement the hard bot searched, it notes the
value of the placement chosen (HardBot.last_value) and the ships afloat; when the game
ends, each note gets the hard seat's share of the win. For each number of ships afloat
it fits share = a + b x value by least squares and prints the value at which the fitted
share comes to nothing: -a / b, what being put out is worth on the search's own scale.
`--flat V` plays with one dead value V whatever the ships afloat (the published
calibration used -30, the value before it). About 2 games a second natively.
"""

import argparse
import random
import statistics
import sys

from game.tsuro import BOTS, TURN_CAP, TsuroState, bot_search
from game.tsuro.bot_eval import afloat
from game.tsuro.state import PLACEMENT


def noted_values(games: int, seed: int):
    """Yield (ships afloat, value, share) for every placement the hard bot searched."""
    seeds = random.Random(seed)
    for number in range(games):
        game_seed = seeds.randrange(2**32)
        state = TsuroState({"players": 4, "daikaiju": True}, game_seed)
        hard = number % 4
        bots = [BOTS["hard" if seat == hard else "medium"](seat, f"{game_seed}:{seat}")
                for seat in range(4)]
        notes = []
        while not state.is_over and state.turn <= TURN_CAP:
            seat = state.to_move
            if seat == hard and state.decision == PLACEMENT:
                bots[hard].last_value = None
                action = bots[hard](state)
                if bots[hard].last_value is not None:
                    notes.append((afloat(state.ships), bots[hard].last_value))
            else:
                action = bots[seat](state)
            state.apply(action)
        winners = state.winners
        share = 1 / len(winners) if hard in winners else 0.0
        for count, value in notes:
            yield count, value, share


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game.tsuro.calibrate_dead")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=555)
    parser.add_argument("--flat", type=float, default=None, metavar="V",
                        help="play with this one dead value whatever the ships afloat")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    saved = bot_search.DEAD_VALUE, bot_search.DEAD_VALUES
    if args.flat is not None:
        bot_search.DEAD_VALUE, bot_search.DEAD_VALUES = args.flat, {}
    groups = {}
    try:
        for count, value, share in noted_values(args.games, args.seed):
            groups.setdefault(count, ([], []))
            groups[count][0].append(value)
            groups[count][1].append(share)
    finally:
        bot_search.DEAD_VALUE, bot_search.DEAD_VALUES = saved
    for count in sorted(groups, reverse=True):
        values, shares = groups[count]
        try:
            slope, intercept = statistics.linear_regression(values, shares)
        except statistics.StatisticsError as error:
            print(f"{count} ships afloat: {len(values)} placements, no fit ({error})")
            continue
        dead = f"{-intercept / slope:.1f}" if slope > 0 else "none (the share does not rise)"
        print(f"{count} ships afloat: {len(values)} placements; share = {intercept:.3f} + "
              f"{slope:.4f} x value; share 0 at value {dead}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
