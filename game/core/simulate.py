"""The simulator: plays many complete games with bots, checks every invariant after
every action, and summarises results and speed as one JSON object.

It knows nothing of either game's rules: it asks the state (GameState) for whose
decision it is, its legal actions and its invariants.
"""

import random
import statistics
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.core.bots import BotClass, make_bot

if TYPE_CHECKING:
    from game.core.state import GameState


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def game_record(number: int, game_seed: int, seat_bots: Sequence[str],
                state: "GameState | None", problem: str | None) -> dict[str, Any]:
    """One game of a run: its number, seed, the bot in each seat, the winning seats and
    each bot's share of the win (a shared win split), or the problem that stopped it."""
    record: dict[str, Any] = {"game": number, "seed": game_seed, "seats": list(seat_bots)}
    if problem is not None:
        record["problem"] = problem
        return record
    winners = list(state.winners)  # type: ignore[union-attr]  # (a finished game's state)
    shares = {name: 0.0 for name in seat_bots}
    for seat in winners:
        shares[seat_bots[seat]] += 1 / len(winners)
    record.update(winners=winners, turns=state.turn,  # type: ignore[union-attr]
                  shares={k: round(v, 6) for k, v in shares.items()})
    return record


def _report(each_game: Callable[[dict[str, Any]], object] | None, number: int,
            game_seed: int, seat_bots: Sequence[str], state: "GameState | None",
            problem: str | None) -> None:
    if each_game is not None:
        each_game(game_record(number, game_seed, seat_bots, state, problem))


def simulate(new_state: "Callable[[int], GameState]", *, game: str, players: int, games: int,
             seed: int, bots: Sequence[str], turn_cap: int,
             registry: Mapping[str, BotClass] | None = None,
             log: Callable[[str], object] | None = None,
             each_game: Callable[[dict[str, Any]], object] | None = None) -> dict[str, Any]:
    """Play `games` games. `new_state(game_seed)` makes a fresh state; `bots` names one
    bot per seat, the assignment rotating by one seat each game. `each_game`, if given,
    is called after every game with its record (see game_record)."""
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots named for {players} seats")
    seeds = random.Random(seed)
    totals = {
        "completed": 0, "errors": 0, "capped": 0, "invariant_checks": 0,
        "invariant_violations": 0, "ties": 0,
    }
    wins_by_seat = [0.0] * players
    wins_by_bot = {name: 0.0 for name in bots}
    games_by_bot = {name: 0 for name in bots}
    move_seconds: dict[str, list[float]] = {name: [] for name in bots}
    turns = []
    problems = []
    started = time.perf_counter()
    for number in range(games):
        game_seed = seeds.randrange(2**32)
        seat_bots = [bots[(seat - number) % players] for seat in range(players)]
        for name in seat_bots:
            games_by_bot[name] += 1
        state = None
        try:
            state = new_state(game_seed)
            agents = [make_bot(name, seat, f"{game_seed}:{seat}", registry)
                      for seat, name in enumerate(seat_bots)]
            broken = False
            while not state.is_over and state.turn <= turn_cap:
                seat: int = state.to_move  # type: ignore[assignment]  # (not over)
                tick = time.perf_counter()
                action = agents[seat](state)
                move_seconds[seat_bots[seat]].append(time.perf_counter() - tick)
                state.apply(action)
                totals["invariant_checks"] += 1
                wrong = state.invariant_violations()
                if wrong:
                    totals["invariant_violations"] += len(wrong)
                    problems.append({"seed": game_seed, "action": len(state.history),
                                     "violations": wrong})
                    broken = True
                    break
            if broken:
                _report(each_game, number, game_seed, seat_bots, state, "invariant violation")
                continue
            if not state.is_over:
                totals["capped"] += 1
                problems.append({"seed": game_seed, "capped_at_turn": state.turn})
                _report(each_game, number, game_seed, seat_bots, state, "turn cap")
                continue
        except Exception as err:  # the simulator reports, it does not stop
            totals["errors"] += 1
            problems.append({"seed": game_seed, "error": repr(err),
                             "where": traceback.format_exc(limit=-3)})
            _report(each_game, number, game_seed, seat_bots, state, "error")
            continue
        _report(each_game, number, game_seed, seat_bots, state, None)
        totals["completed"] += 1
        turns.append(state.turn)
        winners = state.winners
        if len(winners) > 1:
            totals["ties"] += 1
        for seat in winners:
            wins_by_seat[seat] += 1 / len(winners)
            wins_by_bot[seat_bots[seat]] += 1 / len(winners)
        if log and (number + 1) % max(1, games // 10) == 0:
            log(f"{number + 1}/{games} games")
    seconds = time.perf_counter() - started
    return {
        "game": game,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": list(bots),
        **totals,
        "turns_mean": round(statistics.fmean(turns), 2) if turns else None,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "wins_by_seat": [round(w, 3) for w in wins_by_seat],
        "wins_by_bot": {k: round(v, 3) for k, v in wins_by_bot.items()},
        "win_share_by_bot": {k: round(wins_by_bot[k] / games_by_bot[k], 4)
                             for k in bots if games_by_bot[k]},
        "move_ms": {
            name: {"median": round(1000 * statistics.median(v), 3),
                   "p95": round(1000 * _percentile(v, 0.95), 3), "decisions": len(v)}
            for name, v in move_seconds.items() if v
        },
        "problems": problems[:20],
    }
