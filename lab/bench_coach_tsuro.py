"""How long the Tsuro of the Seas coach takes to advise (issue 40), natively:
`.venv/bin/python -m lab.bench_coach_tsuro [--positions 30] [--players 4]
[--rollouts 288,144,96]`

The positions: placement decisions with a choice (two legal placements or more) from
seeded games of medium bots (four by default) (game seeds 0, 1, ...), every EVERY-th one, so that
they spread over the game. For each budget of playouts (`advise(state, rollouts=N)`;
288 is the hard bot's, bots.search.ROLLOUTS) it prints one JSON line: the median, p95
and maximum milliseconds of a hint (advise run to the end), of a review (the same with
an action played: the last legal placement, played out in the same worlds), and, for a
budget smaller than the first, what it changes: how many of the positions get the same
advice as with the first budget, and the share of the win its advice gives up as the
first budget's search values it (`advise(state, played=its advice, rollouts=first).cost`:
mean and maximum). The page wants a hint within 1 s in the browser, where Pyodide runs
this code about 2-3x slower than CPython: some 330 ms here.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Iterator

from game.core.actions import Action
from game.core.coach import Advice
from game.tsuro import TsuroState
from game.tsuro.bots.eval import MediumBot
from game.tsuro.coach import advise
from game.tsuro.state import PLACEMENT

EVERY = 4  # one placement decision in so many


def placements(count: int, players: int = 4) -> Iterator[TsuroState]:
    """`count` placement decisions with a choice from games of medium bots."""
    found = seen = 0
    game = 0
    while found < count:
        state = TsuroState({"players": players, "daikaiju": True}, game)
        bots = [MediumBot(seat, 0) for seat in range(players)]
        while not state.is_over and found < count:
            if state.decision == PLACEMENT and len(state.legal_actions()) > 1:
                seen += 1
                if seen % EVERY == 0:
                    found += 1
                    yield state.clone()
            state.apply(bots[state.to_move](state))
        game += 1


def timed(state: TsuroState, rollouts: int,
          played: Action | None = None) -> tuple[float, Advice]:
    """Milliseconds of one advice run to the end, and the advice."""
    started = time.perf_counter()
    steps = advise(state, played, rollouts=rollouts)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return 1000 * (time.perf_counter() - started), done.value


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {"median": round(statistics.median(times), 1),
            "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "max": round(times[-1], 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rollouts", default="288,144,96",
                        help="budgets of playouts, the first the reference (default: "
                             "%(default)s)")
    args = parser.parse_args()
    budgets = [int(b) for b in args.rollouts.split(",")]
    states = list(placements(args.positions, args.players))
    reference: list[Action] = []
    for budget in budgets:
        hints, reviews, same, lost = [], [], 0, []
        for number, state in enumerate(states):
            spent, advice = timed(state, budget)
            hints.append(spent)
            reviews.append(timed(state, budget, state.legal_actions()[-1])[0])
            if budget == budgets[0]:
                reference.append(advice.action)
                continue
            same += advice.action == reference[number]
            lost.append(timed(state, budgets[0], advice.action)[1].cost)
        line: dict[str, object] = {"rollouts": budget, "positions": len(states),
                                   "hint_ms": summary(hints), "review_ms": summary(reviews)}
        if budget != budgets[0]:
            line.update(same_advice=same, share_given_up={
                "mean": round(statistics.fmean(lost), 4), "max": round(max(lost), 4)})
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
