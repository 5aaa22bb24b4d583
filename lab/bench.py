"""Load-time benchmark: `python3 -m lab.bench [--runs N] [--slow-runs M]` (needs
Playwright: run it with the test environment's Python, `.venv/bin/python -m lab.bench`,
after `python3 tests/run.py` has made .venv).

In one run it builds the site, adds its bare page (lab/bare.html, never part of the
published site) beside the runtime, serves it on 127.0.0.1 and measures, in a fresh browser
context each time (no service worker: the HTTP cache alone makes a visit warm):
  - the time from navigation to `<html data-ready="true">`, for the start page and each
    game's page, against a bare Pyodide page (lab/bare.html) booting the same vendored
    runtime and setting the same flag; medians over N runs;
  - of that, the time after the last piece of the runtime arrived (the page's own work,
    less noisy than the total on a busy machine);
  - the bytes each page downloads before it is ready beyond the runtime (static/vendor/):
    the game's own files;
  - the first paint of the start screen (the later of the first contentful paint and
    the moment both game cards are in the page) and the bytes that arrived before it;
  - all of it for the start page and the bare page cold and warm (a second visit, from
    the HTTP cache), on the local server and with Chromium's network emulation at
    10 Mbit/s and 40 ms latency (M runs each, medians).
  - a returning visitor's start of the Tsuro page: a context where the service worker
    may work; a first visit, then, once the service worker keeps the compiled standard
    library (game/site/stdlib.py), the measured visit, which starts on it
    ("returning_ready_ms_median", and which library the worker ran on).
It prints one JSON object. Goals: every page ready within 1.1x the bare page, own files
under 300 kB, the start screen painted within 0.5 s locally and 1.5 s at 10 Mbit/s. With
--check it exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, SiteServer

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
BARE = Path(__file__).with_name("bare.html")
BARE_URL = "static/bare.html"  # beside the runtime, which its relative URLs name
BARE_SCRIPTS = ("bare.js", "bare-engine.js")  # the bare page's side and its worker
PAGES = {
    "bare": BARE_URL,
    "start": "",
    "tsuro": "?game=tsuro",
    "tatsu": "?game=tatsu",
}
RATIO_GOAL = 1.1
FIRST_PAINT_GOAL_MS = {"local": 500, "10mbit": 1500}
NETWORKS = {"local": None,  # (bytes per second, latency in ms) for Chromium's emulation
            "10mbit": (10e6 / 8, 40)}
OWN_BYTES_GOAL = 300_000
RUNTIME_PREFIX = "static/vendor/"

# Notes the moment the page sets data-ready="true", on the page's own clock (0 = navigation),
# and when the worker last told the runtime's download (what follows is the page's own
# work: starting the interpreter, unpacking its files, importing and running its Python).
_READY_PROBE = """
new MutationObserver(() => {
  if (!("__cardsAt" in window)
      && document.querySelector("article.game-card[data-card='tatsu'] .card-links"))
    window.__cardsAt = performance.now();
}).observe(document, {childList: true, subtree: true});
addEventListener("boot:bytes", () => {  // the last piece of the runtime told
  window.__interpreterAt = performance.now();
});
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "true" && !("__readyAt" in window))
    window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""

_DOWNLOADS = """
(readyAt) => [performance.getEntriesByType("navigation")[0],
              ...performance.getEntriesByType("resource")]
  .filter((entry) => entry.startTime <= readyAt)
  .map((entry) => [entry.name, entry.encodedBodySize])
"""

# The start screen's first paint: the later of the first contentful paint and both cards
# being in the page; and what had arrived by then (bytes over the wire, headers included).
_FIRST_PAINT = """
() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  if (!paint || !("__cardsAt" in window)) return null;
  const at = Math.max(paint.startTime, window.__cardsAt);
  const bytes = [performance.getEntriesByType("navigation")[0],
                 ...performance.getEntriesByType("resource")]
    .filter((entry) => entry.responseEnd <= at)
    .reduce((sum, entry) => sum + entry.transferSize, 0);
  return [at, bytes];
}
"""


def launch_args() -> dict:
    args = {"args": CHROMIUM_FLAGS}
    if os.environ.get("CHROMIUM"):
        args["executable_path"] = os.environ["CHROMIUM"]
    return args


def build_with_bare(out: Path, log, **options) -> None:
    """The published site (build's options) plus the benchmark's bare page, which the
    site itself lacks."""
    build(out, log=log, **options)
    shutil.copyfile(BARE, out / BARE_URL)
    for name in BARE_SCRIPTS:
        shutil.copyfile(BARE.with_name(name), out / "static" / name)


# Whether this origin's service worker keeps the compiled standard library yet.
_KEEPS_COMPILED = """async () => {
  if (!navigator.serviceWorker || !(await navigator.serviceWorker.getRegistration())) return false;
  await navigator.serviceWorker.ready;  // (active: the next visit is in its hands)
  for (const key of await caches.keys()) {
    const kept = await (await caches.open(key)).keys();
    if (kept.some((request) => request.url.includes("python_stdlib-compiled-"))) return true;
  }
  return false;
}"""


def measure(browser, url: str, base: str, timeout_ms: float = 180_000,
            network=None, warm: bool = False, returning: bool = False) -> dict:
    context = browser.new_context(service_workers="allow" if returning else "block")
    # the page's own worker, as a page alone starts it: a shared one's downloads are not
    # the page's (its resource timings), and the bare page compared has none
    context.add_init_script("delete window.SharedWorker;")
    try:
        page = context.new_page()
        if returning:  # a first visit, until its service worker keeps every file
            page.goto(url)
            deadline = time.monotonic() + timeout_ms / 1000
            while not page.evaluate(_KEEPS_COMPILED):  # (evaluate awaits; a wait would not)
                if time.monotonic() > deadline:
                    raise TimeoutError("the service worker kept no compiled library")
                page.wait_for_timeout(250)
            page.close()
            page = context.new_page()
        if network is not None:
            throughput, latency = network
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency, "downloadThroughput": throughput,
                "uploadThroughput": throughput})
        page.add_init_script(_READY_PROBE)
        if warm:  # a visit before, so that this one comes from the HTTP cache
            page.goto(url, wait_until="commit")
            page.wait_for_function("() => '__readyAt' in window", timeout=timeout_ms, polling=50)
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => '__readyAt' in window", timeout=timeout_ms, polling=50)
        ready, interpreter = page.evaluate("[window.__readyAt, window.__interpreterAt]")
        first_paint = page.evaluate(_FIRST_PAINT)
        own, runtime = {}, 0
        for name, size in page.evaluate(_DOWNLOADS, ready):
            path = name.split("#")[0]
            relative = path.removeprefix(base)
            if relative == "" or relative.startswith("?"):
                relative = "index.html" + relative
            if relative.split("?")[0].startswith(RUNTIME_PREFIX):
                runtime += size
            else:
                own[relative] = own.get(relative, 0) + size
        library = [worker.evaluate("self.pythonLibrary") for worker in page.workers]
        return {"ready_ms": ready, "own": own,
                # (the bare page's worker tells no download: none)
                "after_interpreter_ms": None if interpreter is None else ready - interpreter,
                "library": library,
                "runtime_bytes": runtime,
                "first_paint_ms": first_paint[0] if first_paint else None,
                "bytes_before_first_paint": first_paint[1] if first_paint else None}
    finally:
        context.close()


def first_paint(browser, server, slow_runs: int) -> dict:
    """The start page against the bare page, cold and warm, on each network: medians."""
    result = {}
    for network, conditions in NETWORKS.items():
        for visit in ("cold", "warm"):
            samples = {"bare": [], "start": []}
            for _ in range(slow_runs):
                for name in samples:
                    samples[name].append(measure(browser, server.url + PAGES[name],
                                                 server.url, network=conditions,
                                                 warm=visit == "warm"))
            start, bare = samples["start"], samples["bare"]
            ready = statistics.median(s["ready_ms"] for s in start)
            bare_ready = statistics.median(s["ready_ms"] for s in bare)
            paint = statistics.median(s["first_paint_ms"] for s in start)
            result[f"{network} {visit}"] = {
                "start_screen_painted_ms": round(paint),
                "bytes_before_first_paint": round(statistics.median(
                    s["bytes_before_first_paint"] for s in start)),
                "ready_ms": round(ready), "bare_ready_ms": round(bare_ready),
                "ratio_to_bare": round(ready / bare_ready, 3),
                "paint_goal_met": paint <= FIRST_PAINT_GOAL_MS[network],
            }
            print(f"{network} {visit}: {result[f'{network} {visit}']}", file=sys.stderr)
    return result


@contextlib.contextmanager
def served_in_chromium(make=build_with_bare):
    """(server, browser): the site made by `make` (the published site and the bare page,
    unless told) in a temporary folder, served on 127.0.0.1, and a Chromium; all of it
    gone afterwards. The benchmarks of lab/ measure in it."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "site"
        make(out, log=lambda line: print(line, file=sys.stderr))
        server = SiteServer(DirectorySite(out), quiet=True)
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**launch_args())
                try:
                    yield server, browser
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()


def run(runs: int, slow_runs: int = 3) -> dict:
    with served_in_chromium() as (server, browser):
        measure(browser, server.url + PAGES["bare"], server.url)  # warm-up
        painted = first_paint(browser, server, slow_runs) if slow_runs else {}
        samples = {name: [] for name in PAGES}
        returning: list[dict] = []
        for index in range(runs):
            for name, path in PAGES.items():
                samples[name].append(measure(browser, server.url + path, server.url))
            returning.append(measure(browser, server.url + PAGES["tsuro"], server.url,
                                     returning=True))
            print(f"run {index + 1}/{runs}: " + ", ".join(
                f"{name} {samples[name][-1]['ready_ms']:.0f} ms" for name in PAGES)
                + f", tsuro returning {returning[-1]['ready_ms']:.0f} ms", file=sys.stderr)
    return {**summarize(samples, runs), **came_back(returning, samples), "first_paint": painted,
            "first_paint_goals_met": all(p["paint_goal_met"] for p in painted.values())}


def came_back(returning: list[dict], samples: dict) -> dict:
    """A returning visitor's start of the Tsuro page, against a first visit's."""
    ready = statistics.median(s["ready_ms"] for s in returning)
    first = statistics.median(s["ready_ms"] for s in samples["tsuro"])
    return {"returning_ready_ms_median": round(ready, 1),
            "returning_ready_ms_all": [round(s["ready_ms"]) for s in returning],
            "returning_to_first_visit": round(ready / first, 3),
            "returning_library": sorted({kind for s in returning for kind in s["library"]}),
            "first_visit_library": sorted({kind for s in samples["tsuro"]
                                           for kind in s["library"]})}


def summarize(samples: dict, runs: int) -> dict:
    median = {name: round(statistics.median(s["ready_ms"] for s in runs_), 1)
              for name, runs_ in samples.items()}
    ratio = {name: round(median[name] / median["bare"], 3) for name in PAGES if name != "bare"}
    after = {name: round(statistics.median(s["after_interpreter_ms"] for s in runs_), 1)
             for name, runs_ in samples.items() if name != "bare"}
    own = {name: samples[name][-1]["own"] for name in PAGES if name != "bare"}
    own_bytes = {name: sum(files.values()) for name, files in own.items()}
    met = all(r < RATIO_GOAL for r in ratio.values()) and \
        all(b < OWN_BYTES_GOAL for b in own_bytes.values())
    return {
        "runs": runs,
        "ready_ms_median": median,
        "ready_ms_all": {name: [round(s["ready_ms"]) for s in s_] for name, s_ in samples.items()},
        "ratio_to_bare": ratio,
        "after_interpreter_ms_median": after,
        "own_bytes": own_bytes,
        "own_files": own["tsuro"],
        "runtime_bytes": samples["tsuro"][-1]["runtime_bytes"],
        "goals": {"ratio_below": RATIO_GOAL, "own_bytes_below": OWN_BYTES_GOAL, "met": met},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="measurements per page (median)")
    parser.add_argument("--slow-runs", type=int, default=3,
                        help="measurements of first paint per network and visit (0: none)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("error: the benchmark needs Playwright: run it as .venv/bin/python -m "
              "lab.bench (python3 tests/run.py makes .venv)", file=sys.stderr)
        return 2
    result = run(max(1, args.runs), max(0, args.slow_runs))
    print(json.dumps(result, indent=2))
    met = result["goals"]["met"] and result["first_paint_goals_met"]
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
