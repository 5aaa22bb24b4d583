"""Paired comparison of two simulator runs on the same games.

Two runs with the same --seed deal the same games in the same seats, so a bot's change
can be judged game by game: the difference of its win share in each game, averaged,
with the standard error of that mean. Most games end alike in both runs when the change
is small, and the paired error is then far below that of two separate shares (the dice
decide most games of Tsuro of the Seas).

The runs are the JSON lines written by `python3 -m game simulate --games-out FILE`.
Pairs of runs with other seeds can be pooled (`pooled`): a change that alters most
games (a start mark, say) needs thousands of games before its paired error is small.
"""

import json
import math
import os
from collections.abc import Sequence
from typing import Any

GameRecord = dict[str, Any]  # one game of a run (game/core/simulate.py, game_record)


class CompareError(ValueError):
    """Two runs that cannot be compared game by game (the message says why)."""


def read_games(path: str | os.PathLike[str]) -> list[GameRecord]:
    """The game records of one run, refused whole with a reason if malformed."""
    records = []
    try:
        with open(path, encoding="utf-8") as file:
            for line_number, line in enumerate(file, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as error:
                    raise CompareError(
                        f"{path}, line {line_number}: not JSON ({error.msg})") from None
                if not isinstance(record, dict) or not {"game", "seed", "seats"} <= set(record):
                    raise CompareError(f"{path}, line {line_number}: not a game record "
                                       "(game, seed and seats are needed)")
                records.append(record)
    except OSError as error:
        raise CompareError(f"cannot read {path}: {error.strerror or error}") from None
    if not records:
        raise CompareError(f"{path} holds no games")
    return records


def pooled(runs: Sequence[tuple[list[GameRecord], list[GameRecord]]],
           bot: str) -> dict[str, Any]:
    """`paired` over several pairs of runs [(before, after), ...] (other seeds, say),
    pooled game by game; each pair must hold the same games (a refusal names the pair)."""
    if not runs:
        raise CompareError("no runs to compare")
    before, after = [], []
    for number, (one, other) in enumerate(runs, 1):
        try:
            paired(one, other, bot)
        except CompareError as error:
            raise CompareError(
                f"pair {number}: {error}" if len(runs) > 1 else str(error)) from None
        before += one
        after += other
    return paired(before, after, bot)


def paired(before: Sequence[GameRecord], after: Sequence[GameRecord],
           bot: str) -> dict[str, Any]:
    """The win share of `bot` (per seat it holds) in two runs of the same games, their
    difference and its paired standard error, in percent."""
    if len(before) != len(after):
        raise CompareError(f"the runs hold {len(before)} and {len(after)} games")
    differences: list[float] = []
    shares: tuple[list[float], list[float]] = ([], [])
    for a, b in zip(before, after):
        if (a["game"], a["seed"], a["seats"]) != (b["game"], b["seed"], b["seats"]):
            raise CompareError(f"game {a['game']} differs between the runs (seed or seats): "
                               "run both with the same --seed, --games and --bots names")
        seats = a["seats"].count(bot)
        if not seats:
            raise CompareError(f"no seat of game {a['game']} is played by {bot!r}")
        for record in (a, b):
            if "problem" in record:
                raise CompareError(f"game {record['game']} did not finish "
                                   f"({record['problem']}): nothing to compare")
        pair = (a["shares"][bot] / seats, b["shares"][bot] / seats)
        shares[0].append(pair[0])
        shares[1].append(pair[1])
        differences.append(pair[1] - pair[0])
    n = len(differences)
    mean = sum(differences) / n
    spread = (math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1))
              if n > 1 else 0.0)
    return {
        "bot": bot,
        "games": n,
        "share_before": round(100 * sum(shares[0]) / n, 2),
        "share_after": round(100 * sum(shares[1]) / n, 2),
        "difference": round(100 * mean, 2),
        "paired_standard_error": round(100 * spread / math.sqrt(n), 2),
        "same_result": round(100 * sum(1 for d in differences if d == 0) / n, 1),
    }
