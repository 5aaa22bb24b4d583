"""How long the first screen takes to make natively: `python3 -m lab.bench_start [--runs N]
[--check]`. Each run is a fresh Python that imports the games' drawing and engines first
(what the page has loaded by then), then times `start_screen_html()` twice: the first
call draws the cards' boards, the second finds them made. Prints the medians, in
milliseconds, as one JSON object. Goals: under 50 ms the first time, under 5 ms again
(`--check` exits 1 when one is missed). Timings belong here, not in the tests: a loaded
machine slows a run without anything being wrong."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS_MS = {"first": 50.0, "again": 5.0}
TIMED = ("import time\n"
         "import game.web.start as start\n"
         "import game.tsuro.svg, game.tatsu.svg, game.tsuro.state, game.tatsu.state\n"
         "t = time.perf_counter(); start.start_screen_html()\n"
         "first = time.perf_counter() - t\n"
         "t = time.perf_counter(); start.start_screen_html()\n"
         "print(first, time.perf_counter() - t)\n")


def one_run() -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", TIMED], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    first, again = map(float, out)
    return first * 1000, again * 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args(argv)
    runs = [one_run() for _ in range(args.runs)]
    result = {"runs": args.runs,
              "first_ms": round(statistics.median(r[0] for r in runs), 2),
              "again_ms": round(statistics.median(r[1] for r in runs), 3)}
    result["goals_met"] = (result["first_ms"] < GOALS_MS["first"]
                           and result["again_ms"] < GOALS_MS["again"])
    print(json.dumps(result))
    return 1 if args.check and not result["goals_met"] else 0


if __name__ == "__main__":
    sys.exit(main())
