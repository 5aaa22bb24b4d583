"""How long the entry points take on the worst input within (or just past) the limits of
game/core/limits.py: `python3 -m lab.bench_limits`. Prints the median of five runs for
each case, in milliseconds, natively (Pyodide in Chromium is some 2-3 times slower).

The point is that every answer comes within a fixed time, whatever is sent: nothing
recurses, nothing converts a huge number, no link unpacks into more than a saved game.
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import statistics
import time
import zlib

from game.core.errors import RecordError
from game.core.limits import MAX_JSON_CHARS, MAX_POSITION_TEXT, LimitError, load_json
from game.core.position import PositionError
from game.core.registry import games
from game.web.saved import SavedGameError, from_fragment


def longest_game(info, seeds=150):
    """The longest of `seeds` random games of the game, as a record."""
    longest = None
    for seed in range(seeds):
        state = info.state_class(info.config_for(info.players[1]), seed)
        chooser = random.Random(seed)
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
        if longest is None or len(state.history) > len(longest.history):
            longest = state
    return longest


def timed(run) -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        with contextlib.suppress(LimitError, RecordError, PositionError, SavedGameError):
            run()  # (a refusal is an answer too: its time is what is measured)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cases():
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_JSON_CHARS * 50), 9)).decode()
    yield "JSON: 1 MB of '[]' pairs", lambda: load_json("[]" * (MAX_JSON_CHARS // 2))
    yield "JSON: 1 MB of '\\\"' (an unclosed text)", lambda: load_json('"\\"' * 333_333)
    yield "JSON: 500,000 '[' (nesting)", lambda: load_json("[" * 500_000)
    yield "JSON: 250,000 numbers in a list", lambda: load_json("[" + "0," * 249_999 + "0]")
    yield "share link: a zip bomb (50 MB of spaces)", lambda: from_fragment("replay=" + bomb)
    for info in sorted(games().values(), key=lambda i: i.key):
        state = longest_game(info)
        text = state.to_json()
        yield (f"{info.key}: the longest of 150 random games ({len(state.history)} "
               f"actions) from its record", lambda t=text, c=info.state_class: c.from_record(t))
        yield (f"{info.key}: a position's text form at its limit",
               lambda c=info.state_class: c.from_position("x" * MAX_POSITION_TEXT))
        middle = info.state_class.from_record(text, upto=len(state.history) // 2)
        position = json.dumps(middle.to_position())
        yield (f"{info.key}: a position as JSON, mid-game",
               lambda c=info.state_class, p=position: c.from_position(p))


def main() -> None:
    for name, run in cases():
        print(f"{timed(run):9.1f} ms  {name}")


if __name__ == "__main__":
    main()
