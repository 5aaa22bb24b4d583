"""What each kind of the board's motion costs the page's main thread (issue 39):
`.venv/bin/python -m lab.bench_animation_cost [--runs N] [--site DIR]` (Playwright, as
lab.bench; CHROMIUM names the browser).

On each game's start screen (its sample board), with Chromium's CPU throttling at 4x, for
each kind of keyframes the games' moves use (game/core/motion.py, game/tsuro/motion.py:
a die's tumble, a piece rising, turning, a tile laid, going under, leaving) it plays them
on a piece of the board (a square, a stone) for 2 s, twice: as the keyframes say (the CSS
properties rotate, scale, translate) and as the page plays them (static/motion_frames.js:
one transform), and it lights up three pieces with the board's cue (the class "cue",
static/style.css) six times, a second apart. For each, from a trace of the browser: the
main thread's tasks of 1 ms or more, their number and their total time (ms). An animation
Chromium plays on its compositor costs the main thread a few tasks at its start and end;
one it plays on the main thread costs a style, paint and layerize at every frame. Prints
one JSON object: per game, each case's medians over the runs. A busy machine adds tasks of
its own: compare cases of one run."""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from pathlib import Path

from game.core.motion import rise, roll, turn_from
from game.tsuro.motion import _placed, _under
from lab.bench import launch_args
from lab.bench_main_thread import TASKS, served_site, thread_slices

MARK = "bench_animation_cost: start"
KINDS = {
    "tumble": list(roll()), "rise": list(rise()), "turn": list(turn_from(90)),
    "laid": list(_placed(3)), "under": list(_under(0.3, 30, 90)),
    "leave": [{"translate": "0px 0px", "opacity": 1},
              {"translate": "30px -20px", "opacity": 0.6, "offset": 0.6},
              {"translate": "50px -35px", "opacity": 0}],
}
TARGET = {"tsuro": "#board svg rect.square", "tatsu": "#board svg g.stone"}  # a piece
CUED = {"tsuro": ['[data-square="9"]', '[data-square="10"]', "g.mark"],
        "tatsu": ['[data-segment="3"]', '[data-segment="4"]', "g.stone"]}
PLAY = """async ([frames, asOne, target]) => {
  const { asOneTransform } = await import(new URL("static/motion_frames.js", location.href));
  const element = document.querySelector(target);
  const own = element.transform.baseVal.consolidate()?.matrix;
  performance.mark("MARK");
  await element.animate(asOne ? asOneTransform(frames, own) : frames, 2000).finished;
  return performance.now();
}""".replace("MARK", MARK)
CUE = """async (selectors) => {
  const svg = document.querySelector("#board svg");
  performance.mark("MARK");
  for (let n = 0; n < 6; n += 1) {
    for (const element of svg.querySelectorAll(".cue")) element.classList.remove("cue");
    await new Promise((done) => requestAnimationFrame(done));
    for (const selector of selectors) svg.querySelector(selector)?.classList.add("cue");
    await new Promise((done) => setTimeout(done, 1000));
  }
  return performance.now();
}""".replace("MARK", MARK)


def main_thread_tasks(trace: bytes, until: float) -> list[float]:
    """The durations (ms) of the page's main-thread tasks of 1 ms or more from the mark
    to `until` (page clock)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mark = next(e for e in events if e.get("name") == MARK)
    thread = (mark["pid"], mark["tid"])
    found, end = [], float("-inf")
    for ts, dur, name, _args in thread_slices(events, thread):
        if name not in TASKS or ts < end or ts < mark["ts"]:
            continue
        end = ts + dur
        if (ts - mark["ts"]) / 1000 <= until and dur >= 1000:
            found.append(dur / 1000)
    return found


def measure(browser, url: str, game: str) -> dict[str, tuple[int, float]]:
    """One run on one game's start screen: {case: (tasks, total ms)}."""
    cases = [(f"{kind} as {way}", PLAY, [frames, one, TARGET[game]])
             for one, way in ((False, "properties"), (True, "one transform"))
             for kind, frames in KINDS.items()]
    cases.append(("cue x6", CUE, CUED[game]))
    found = {}
    for name, script, argument in cases:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{url.rstrip('/')}/index.html?game={game}")
        page.wait_for_selector("html[data-ready=true]", timeout=120_000)
        page.wait_for_selector("#board svg[data-board]")
        page.mouse.move(2, 2)
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.wait_for_timeout(500)
        browser.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
        began = page.evaluate("performance.now()")
        ended = page.evaluate(script, argument)
        tasks = main_thread_tasks(browser.stop_tracing(), ended - began)
        found[name] = (len(tasks), round(sum(tasks), 1))
        page.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per game (median)")
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build)")
    parser.add_argument("--games", default="tsuro,tatsu")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    result: dict = {"rate": 4, "runs": args.runs}
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(served_site(args.site))
        browser = stack.enter_context(sync_playwright()).chromium.launch(**launch_args())
        for game in args.games.split(","):
            runs = [measure(browser, url, game) for _run in range(args.runs)]
            result[game] = {name: {"tasks": statistics.median(run[name][0] for run in runs),
                                   "ms": statistics.median(run[name][1] for run in runs)}
                            for name in runs[0]}
        browser.close()
    json.dump(result, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
