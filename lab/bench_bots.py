"""How long the computer players think, natively and in the browser:
`.venv/bin/python -m lab.bench_bots [--positions N] [--levels medium,hard]`
(it needs Playwright: use the test environment's Python after `python3 tests/run.py`).

The same Python (`TIMING` below) runs twice: here in CPython, and in a real Chromium
on Pyodide loaded from the vendored runtime, with the game package unpacked from the
site's own archive. For each game and level it times one decision on each of N seeded
mid-game positions (Tsuro of the Seas also at its start marks, a decision of its own)
and prints one JSON object with the median, p95 and maximum in
milliseconds and the browser/native ratio. Goals (issue 5): `hard` at most 1000 ms and
`medium` at most 50 ms in the browser.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from game.site.server import DirectorySite, SiteServer
from lab.bench import BARE_URL, build_with_bare, launch_args

GOALS_MS = {"medium": 50, "hard": 1000}

# Runs unchanged in CPython and in Pyodide; leaves its JSON answer in RESULT.
TIMING = r"""
import json, random, statistics, time
import game.tatsu as tatsu
import game.tsuro as tsuro
from game.core.bots import make_bot

def positions(package, config, count):
    found, seed = [], 0
    while len(found) < count:
        state = package.State(config, seed)
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(4, 60)):
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over:
            found.append((seed, state))
        seed += 1
    return found

def start_marks(package, config, count):  # at a start mark, 0-3 ships placed at random
    found = []
    for seed in range(count):
        state = package.State(config, seed)
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(4)):
            state.apply(chooser.choice(state.legal_actions()))
        found.append((seed, state))
    return found

def timing(count, levels):
    answer = {}
    games = {"tsuro": (tsuro, tsuro.config_for(4), positions),
             "tsuro-start-mark": (tsuro, tsuro.config_for(4), start_marks),
             "tatsu": (tatsu, tatsu.config_for(2), positions)}
    for name, (package, config, find) in games.items():
        table = find(package, config, count)
        for level in levels:
            if level not in package.BOTS:
                continue
            spent = []
            for seed, state in table:
                bot = make_bot(level, state.to_move, seed, package.BOTS)
                started = time.perf_counter()
                bot(state)
                spent.append(1000 * (time.perf_counter() - started))
            spent.sort()
            answer[f"{name}/{level}"] = {
                "median": round(statistics.median(spent), 2),
                "p95": round(spent[min(len(spent) - 1, int(0.95 * len(spent)))], 2),
                "max": round(spent[-1], 2), "positions": len(spent)}
    return answer

RESULT = json.dumps(timing(COUNT, LEVELS))
"""

# Loads Pyodide in the page from the site's own runtime, unpacks the game's archive and
# runs TIMING; everything comes from the served site.
_IN_BROWSER = """
async ([site, source]) => {
  const { loadPyodide } = await import(site + "static/vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: site + "static/vendor/pyodide/" });
  const archive = await (await fetch(site + "static/game.zip")).arrayBuffer();
  pyodide.unpackArchive(archive, "zip");
  pyodide.runPython(source);
  return pyodide.globals.get("RESULT");
}
"""


def _source(count: int, levels: list) -> str:
    return f"COUNT = {count}\nLEVELS = {levels!r}\n" + TIMING


def native(count: int, levels: list) -> dict:
    space = {}
    exec(_source(count, levels), space)  # the same text the browser runs
    return json.loads(space["RESULT"])


def browser(count: int, levels: list) -> dict:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        build_with_bare(Path(folder) / "site", log=lambda *_: None)
        server = SiteServer(DirectorySite(Path(folder) / "site"), quiet=True)
        server.start()
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(**launch_args())
                page = chromium.new_page()
                page.goto(server.url + BARE_URL)
                answer = page.evaluate(_IN_BROWSER, [server.url, _source(count, levels)])
                chromium.close()
        finally:
            server.shutdown()
            server.server_close()
    return json.loads(answer)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.bench_bots")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    here, there = native(args.positions, levels), browser(args.positions, levels)
    report = {}
    missed = False
    for key in here:
        level = key.split("/")[1]
        ratio = there[key]["median"] / here[key]["median"] if here[key]["median"] else None
        goal = GOALS_MS.get(level)
        met = goal is None or there[key]["p95"] <= goal
        missed |= not met
        report[key] = {"native_ms": here[key], "browser_ms": there[key],
                       "browser_over_native": round(ratio, 2) if ratio else None,
                       "goal_ms": goal, "goal_met_at_p95": met}
    print(json.dumps(report, indent=1))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["browser", "main", "native"]
