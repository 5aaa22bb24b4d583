"""The coach in the browser (issue 40): `CHROMIUM=/usr/bin/chromium .venv/bin/python -m
lab.bench_coach [--positions 30] [--site DIR] [--out FILE]`.

Hints: for each game, `--positions` positions of seeded games (a person and a medium
computer; the person's decisions those of a medium computer too), each opened in the
page as a saved game (the start screen's "Open a saved game…", a file with hints on);
the time from the click on Hint until the ghost is on the board, at the hard computer's
budget (the coach's own). Median and p95.

Review: a whole game of each (Tsuro of the Seas: two captains, a game of some 40 turns;
Tatsu: a game of some 40 turns), a person against a medium computer, opened finished;
the time from the click on "Review the game" until its summary is shown.

It builds the site into a temporary folder (or serves --site DIR) on 127.0.0.1 and runs
the system Chromium ($CHROMIUM) headless, one page per position, its caches kept between
them (a returning visitor: the runtime comes from the service worker's cache).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from game.core.bots import make_bot
from game.core.match import Match, Seat
from game.core.registry import games
from game.web.saved import saved_text
from lab.bench import launch_args
from lab.bench_main_thread import served_site

READY = "() => document.documentElement.dataset.ready === 'true'"


def seated_games(key: str, count: int, seed: int = 1) -> list[tuple[str, Match]]:
    """`count` positions where the person (seat 0) is to move with a choice: (label,
    match with hints on), from seeded games of medium computers."""
    info = games()[key]
    found = []
    game_seed = seed
    while len(found) < count:
        match = Match(info, info.config_for(2), game_seed,
                      [Seat("Ann"), Seat("Bob", "medium")], hints=True)
        bots = [make_bot("medium", seat, f"{game_seed}:{seat}", info.bot_classes)
                for seat in (0, 1)]
        decisions = 0
        while not match.state.is_over and len(found) < count:
            state = match.state
            if state.to_move == 0 and len(state.legal_actions()) > 1:
                decisions += 1
                if decisions % 4 == 2:  # every 4th of the person's choices
                    found.append((f"{key} seed {game_seed} action {len(state.history)}",
                                  _copy(info, match)))
            match.play(bots[state.to_move](state))
        game_seed += 1
    return found


def finished_game(key: str, seed: int, turns: int = 40) -> Match:
    """A finished game of a person (seat 0, playing as a medium computer) and a medium
    computer, the first seeded one that lasts about `turns` turns."""
    info = games()[key]
    best = None
    for game_seed in range(seed, seed + 40):
        match = Match(info, info.config_for(2), game_seed,
                      [Seat("Ann"), Seat("Bob", "medium")], hints=True)
        bots = [make_bot("medium", s, f"{game_seed}:{s}", info.bot_classes) for s in (0, 1)]
        while not match.state.is_over:
            match.play(bots[match.state.to_move](match.state))
        if best is None or abs(match.state.turn - turns) < abs(best.state.turn - turns):
            best = match
        if abs(match.state.turn - turns) <= 2:
            break
    return best  # type: ignore[return-value]


def _copy(info, match: Match) -> Match:
    again = Match(info, match.state.config, match.seed, match.seats, hints=True)
    for action in match.state.history:
        again.play(action)
    return again


def opened(page, url: str, key: str, match: Match, folder: Path) -> None:
    """The page of `key` with `match` opened from a saved-game file."""
    path = folder / f"{key}.json"
    path.write_text(saved_text(match, "instant"))
    page.goto(f"{url}?game={key}")
    page.wait_for_function(READY, timeout=120_000)
    page.set_input_files("input[data-open-file]", str(path))


def timed(page, url, key, match, folder, button: str, shown: str) -> float:
    """Seconds from a click on `button` (once the game is open) until `shown` is on the
    page: the Hint and its ghost, "Review the game" and its summary."""
    opened(page, url, key, match, folder)
    page.wait_for_selector(button, timeout=60_000)
    began = time.perf_counter()
    page.click(button)
    page.wait_for_selector(shown, timeout=300_000)
    return time.perf_counter() - began


HINT = ("button[data-hint]", "#board svg g.ghost[data-advice]")
REVIEW = ("button[data-review]", "#panel section.review")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_coach")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--site", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    report: dict = {"positions": args.positions, "hint_ms": {}, "review_s": {}}
    with served_site(args.site) as url, tempfile.TemporaryDirectory() as folder, \
            sync_playwright() as driver:
        browser = driver.chromium.launch(**launch_args())
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # (over the game kept before)
        for key in ("tsuro", "tatsu"):
            times = [1000 * timed(page, url, key, match, Path(folder), *HINT)
                     for _label, match in seated_games(key, args.positions)]
            times.sort()
            report["hint_ms"][key] = {
                "median": round(statistics.median(times)),
                "p95": round(times[min(len(times) - 1, int(0.95 * len(times)))]),
                "max": round(times[-1]), "positions": len(times)}
            print(key, "hints", report["hint_ms"][key], file=sys.stderr)
            match = finished_game(key, 7)
            decisions = sum(1 for seat, _count in match.steps if seat == 0)
            seconds = timed(page, url, key, match, Path(folder), *REVIEW)
            report["review_s"][key] = {"seconds": round(seconds, 2), "turns": match.state.turn,
                                       "person_actions": decisions}
            print(key, "review", report["review_s"][key], file=sys.stderr)
        browser.close()
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
