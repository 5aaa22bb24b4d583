"""How long the Tatsu coach takes to advise (issue 40), natively:
`.venv/bin/python -m lab.bench_coach_tatsu [--positions 30] [--fit GAMES]`

The positions: decisions with a choice (two legal actions or more) from seeded games of
medium bots (game seeds 0, 1, ...), every EVERY-th one, so that they spread over the
games. It prints one JSON line: the median, p95 and maximum milliseconds of a hint
(`advise(state)` run to the end), of a review (the same with an action played: the last
legal one) and of the hard bot's own choice (HardBot.think) on the same positions.

`--fit GAMES` fits the scale of the coach's logistic (game/tatsu/coach.py, SCALE) again:
games between hard bots (seeds 5000, 5001, ..., who starts rolled), the evaluation at the
start of each turn (the player to move to roll) against who won, and the scale of
least log loss among 10, 15, ..., 200 (one JSON line).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable, Generator, Iterator
from typing import Any

from game.core.bots import think_through
from game.core.rng import new_rng
from game.tatsu import TatsuState
from game.tatsu.bots.eval import WIN, MediumBot, evaluate
from game.tatsu.bots.search import HardBot
from game.tatsu.coach import advise

EVERY = 5  # one decision with a choice in so many


def positions(count: int) -> Iterator[TatsuState]:
    """`count` decisions with a choice from games of medium bots."""
    found = seen = game = 0
    while found < count:
        state = TatsuState({"first": "roll" if game % 2 else "black"}, game)
        bots = [MediumBot(0, game), MediumBot(1, game)]
        while not state.is_over and found < count:
            if len(state.legal_actions()) > 1:
                seen += 1
                if seen % EVERY == 0:
                    found += 1
                    yield state.clone(rng=new_rng(0))
            state.apply(bots[state.to_move](state))
        game += 1


def timed(run: Callable[[], Generator[None, None, Any]]) -> float:
    """Milliseconds of one thinking generator run to the end."""
    started = time.perf_counter()
    think_through(run())
    return 1000 * (time.perf_counter() - started)


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {"median": round(statistics.median(times), 1),
            "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
            "max": round(times[-1], 1)}


def fit(games: int) -> dict[str, Any]:
    """The logistic scale of least log loss for the evaluation at each turn's start."""
    rows: list[tuple[float, int]] = []
    for game in range(games):
        state = TatsuState({"first": "roll"}, 5000 + game)
        bots = [HardBot(0, game), HardBot(1, game)]
        seen = []
        while not state.is_over:
            if state.used == 0:
                value = evaluate(state.position, state.mover, state.mover)
                if abs(value) < WIN:
                    seen.append((state.mover, value))
            state.apply(bots[state.mover](state))
        rows += [(value, int(state.winners == (seat,))) for seat, value in seen]

    def loss(scale: float) -> float:
        total = 0.0
        for value, won in rows:
            p = min(max(1 / (1 + math.exp(-max(-500.0, min(500.0, value / scale)))), 1e-12),
                    1 - 1e-12)
            total -= math.log(p if won else 1 - p)
        return total / len(rows)

    losses = {scale: loss(scale) for scale in range(10, 201, 5)}
    best = min(losses, key=losses.__getitem__)
    return {"games": games, "turns": len(rows), "scale": best,
            "log_loss": round(losses[best], 4)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--fit", type=int, default=0, metavar="GAMES")
    args = parser.parse_args()
    if args.fit:
        print(json.dumps(fit(args.fit)), flush=True)
        return 0
    states = list(positions(args.positions))
    hints, reviews, bots = [], [], []
    for state in states:
        hints.append(timed(lambda state=state: advise(state)))
        last = state.legal_actions()[-1]
        reviews.append(timed(lambda state=state, last=last: advise(state, last)))
        bots.append(timed(lambda state=state: HardBot(state.mover, 0).think(state)))
    print(json.dumps({"positions": len(states), "hint_ms": summary(hints),
                      "review_ms": summary(reviews), "hard_bot_ms": summary(bots)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
