"""The rules pages' live examples (issue 41): `.venv/bin/python -m lab.bench_rules
[--runs N] [--rate 4] [--site DIR] [--own-workers]` (Playwright, as lab.bench: run it with
the test environment's Python; CHROMIUM names the browser, e.g. CHROMIUM=/usr/bin/chromium).

It serves the site (built into a temporary folder unless DIR names one built before) on
127.0.0.1 and, for each game's rules page, in fresh browser contexts (service workers
blocked and the HTTP cache empty: a first visit):
  - "first example": the time from the navigation until the page's first example is a
    live board (its figure gets `live-ready` when the board says `ready`:
    static/rules-live.js), the page opened at that example (`#diagram-NAME`, as a link
    to a rule opens it), against the time until a single embed.html with the same
    parameters is ready (`data-ready="true"`), each run in turn, unthrottled. Goal: the
    ratio of the medians at most 1.2;
  - "main thread": with Chromium's CPU throttling at --rate (4x: a phone-class CPU) and
    a trace of the browser (lab/bench_main_thread.py: every top-level slice of the page's
    renderer main thread, which same-site frames share), the page opened at its first
    example, then scrolled through to its end a screen at a time, every 0.5 s, until
    every example is live (or 240 s have passed): the longest main-thread task from the
    navigation on, and how many passed 50 and 100 ms. Goal: none over 100 ms.
With --pictures-only, only the second, on the pages as they were before their examples
came alive (static/rules-live.js left out): the baseline. With --breakdown, the trace
also records what each long task did (as
lab/bench_main_thread.py --breakdown). With --own-workers, SharedWorker is taken from the
pages, so that each board starts its own runtime: the fallback. Medians over the runs;
one JSON object is printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from game.core.figures import all_figures
from game.core.registry import games
from game.core.rule_links import page_url
from game.site.rules import live_address
from lab.bench import launch_args
from lab.bench_main_thread import (
    BREAKDOWN_CATEGORIES,
    READY_SAID,
    TRACE_CATEGORIES,
    breakdown,
    served_site,
    traced_tasks,
)

BOOT_TIMEOUT_S = 240
GOAL_RATIO = 1.2
GOAL_TASK_MS = 100

# Each page records when its first example went live, or when the embed said ready.
_INIT = r"""
window.__live = {firstAt: null};
new MutationObserver(() => {
  if (window.__live.firstAt === null && document.querySelector("figure.live-ready")) {
    window.__live.firstAt = performance.now();
    performance.mark(READY_MARK);
  }
  if (window.__live.firstAt === null && document.documentElement.dataset.ready === "true"
      && !document.querySelector("main.rules")) {
    window.__live.firstAt = performance.now();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["class", "data-ready"]});
""".replace("READY_MARK", json.dumps(READY_SAID))
_NO_SHARED = "delete window.SharedWorker;"


def first_example(key: str) -> str:
    """The name of the first figure on the game's rules page."""
    names = [name for name, (info, _figure) in all_figures().items() if info.key == key]
    return names[0]


def open_fresh(browser, url: str, own: bool, rate: float | None = None, trace=False,
               detailed=False, pictures=False):
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.add_init_script(_INIT)
    if own:
        page.add_init_script(_NO_SHARED)
    if pictures:  # the page as it was: its pictures only (rules-live.js does nothing)
        page.route("**/static/rules-live.js", lambda route: route.fulfill(
            body="", content_type="text/javascript"))
    if rate:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    if trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES
                              + (BREAKDOWN_CATEGORIES if detailed else []))
    page.goto(url, wait_until="commit")
    if pictures:  # the mark at the load event instead
        page.wait_for_load_state("load")
        page.evaluate("""(mark) => { window.__live.firstAt = performance.now();
                                     performance.mark(mark); }""", READY_SAID)
    page.wait_for_function("() => window.__live && window.__live.firstAt !== null",
                           timeout=BOOT_TIMEOUT_S * 1000, polling=100)
    return context, page


def first_ready(browser, url: str, own: bool) -> float:
    context, page = open_fresh(browser, url, own)
    try:
        return page.evaluate("window.__live.firstAt") / 1000
    finally:
        context.close()


def scrolled_through(browser, url: str, own: bool, rate: float, detailed=False,
                     pictures=False) -> dict:
    """The page at `rate`x, traced, scrolled to its end until every example is live
    (`pictures`: to its end, then 5 s more)."""
    context, page = open_fresh(browser, url, own, rate, trace=True, detailed=detailed,
                               pictures=pictures)
    traced = False
    try:
        first_at = page.evaluate("window.__live.firstAt")
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        total = page.locator("figure[data-live]").count()
        while time.monotonic() < deadline:
            live = page.evaluate("""() => {
                window.scrollBy(0, innerHeight);
                return document.querySelectorAll('figure.live-ready').length; }""")
            if live == total or (pictures and page.evaluate(
                    "innerHeight + scrollY >= document.body.scrollHeight - 2")):
                break
            time.sleep(0.5)
        if pictures:
            time.sleep(5)
        all_at = page.evaluate("performance.now()")
        trace, traced = browser.stop_tracing(), True
    finally:
        if not traced:
            browser.stop_tracing()
        context.close()
    tasks = traced_tasks(trace, first_at) or []
    longest = max((duration for _start, duration in tasks), default=0.0)
    details = {"breakdown": breakdown(trace, first_at, -1e9, 1e9)} if detailed else {}
    return {**details, "live": live, "examples": total, "first_s": round(first_at / 1000, 2),
            "all_s": round(all_at / 1000, 2), "longest_task_ms": round(longest),
            "over_50": len(tasks), "tasks": [f"{s:.0f}+{d:.0f}" for s, d in tasks],
            "over_100": sum(duration > GOAL_TASK_MS for _start, duration in tasks)}


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--site", type=Path)
    parser.add_argument("--own-workers", action="store_true")
    parser.add_argument("--pictures-only", action="store_true",
                        help="the main thread of the pages as they were, pictures only")
    parser.add_argument("--breakdown", action="store_true",
                        help="what each long task did (devtools.timeline and v8 traced)")
    options = parser.parse_args(argv)
    found: dict = {"runs": options.runs, "rate": options.rate,
                   "own_workers": options.own_workers}
    with served_site(options.site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        try:
            if options.pictures_only:
                for key in games():
                    rules = f"{url}{page_url(key)}#diagram-{first_example(key)}"
                    found[key] = {"pictures_only": [
                        scrolled_through(browser, rules, False, options.rate,
                                         options.breakdown, pictures=True)
                        for _run in range(options.runs)]}
                print(json.dumps(found, indent=1))
                return 0
            for key in games():
                name = first_example(key)
                info, figure = all_figures()[name]
                rules = f"{url}{page_url(key)}#diagram-{name}"
                alone = url + live_address(name, figure.example.parameters(key, figure),
                                           "en").removeprefix("../")
                pairs = [(first_ready(browser, rules, options.own_workers),
                          first_ready(browser, alone, options.own_workers))
                         for _run in range(options.runs)]
                on_page = statistics.median(p for p, _a in pairs)
                single = statistics.median(a for _p, a in pairs)
                throttled = [scrolled_through(browser, rules, options.own_workers,
                                              options.rate, options.breakdown)
                             for _run in range(options.runs)]
                found[key] = {
                    "first_example_s": round(on_page, 2), "single_embed_s": round(single, 2),
                    "ratio": round(on_page / single, 2),
                    "goal_ratio_met": on_page / single <= GOAL_RATIO,
                    "throttled": {
                        "longest_task_ms": statistics.median(
                            r["longest_task_ms"] for r in throttled),
                        "worst_task_ms": max(r["longest_task_ms"] for r in throttled),
                        "goal_task_met": all(r["over_100"] == 0 for r in throttled),
                        "runs": throttled},
                    "pairs_s": [[round(p, 2), round(a, 2)] for p, a in pairs]}
                print(key, json.dumps(found[key]), file=sys.stderr)
        finally:
            browser.close()
    print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
