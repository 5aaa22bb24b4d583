"""Load-time benchmark: `python3 -m lab.bench [--runs N]` (needs Playwright: run it with
the test environment's Python, `.venv/bin/python -m lab.bench`, after
`python3 tests/run.py` has made .venv).

In one run it builds the site, adds its bare page (lab/bare.html, never part of the
published site) beside the runtime, serves it on 127.0.0.1 and measures, in a fresh browser
context each time (cold cache, no service worker):
  - the time from navigation to `<html data-ready="true">`, for the start page and each
    game's page, against a bare PyScript page (lab/bare.html) booting the same vendored
    runtime and setting the same flag; medians over N runs;
  - of that, the time after PyScript reports the interpreter loaded (the page's own work,
    less noisy than the total on a busy machine);
  - the bytes each page downloads before it is ready beyond the runtime (static/vendor/):
    the game's own files.
It prints one JSON object. Goals: every page under 1.2x the bare page, own files under
300 kB. With --check it exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, SiteServer

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
BARE = Path(__file__).with_name("bare.html")
BARE_URL = "static/bare.html"  # beside the runtime, which its relative URLs name
PAGES = {
    "bare": BARE_URL,
    "start": "",
    "tsuro": "?game=tsuro",
    "tatsu": "?game=tatsu",
}
RATIO_GOAL = 1.2
OWN_BYTES_GOAL = 300_000
RUNTIME_PREFIX = "static/vendor/"

# Notes the moment the page sets data-ready="true", on the page's own clock (0 = navigation),
# and when PyScript reports the interpreter loaded (what follows is the page's own work:
# fetching and unpacking its files, importing and running its Python).
_READY_PROBE = """
addEventListener("py:progress", ({detail}) => {
  if (detail === "Loaded interpreter") window.__interpreterAt = performance.now();
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


def measure(browser, url: str, base: str, timeout_ms: float = 120_000) -> dict:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(_READY_PROBE)
        page.goto(url, wait_until="commit")
        page.wait_for_function("'__readyAt' in window", timeout=timeout_ms, polling=50)
        ready, interpreter = page.evaluate("[window.__readyAt, window.__interpreterAt]")
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
        return {"ready_ms": ready, "after_interpreter_ms": ready - interpreter, "own": own,
                "runtime_bytes": runtime}
    finally:
        context.close()


def run(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "site"
        build_with_bare(out, log=lambda line: print(line, file=sys.stderr))
        server = SiteServer(DirectorySite(out), quiet=True)
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**launch_args())
                try:
                    measure(browser, server.url + PAGES["bare"], server.url)  # warm-up
                    samples = {name: [] for name in PAGES}
                    for index in range(runs):
                        for name, path in PAGES.items():
                            samples[name].append(measure(browser, server.url + path, server.url))
                        print(f"run {index + 1}/{runs}: " + ", ".join(
                            f"{name} {samples[name][-1]['ready_ms']:.0f} ms" for name in PAGES),
                            file=sys.stderr)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return summarize(samples, runs)


def summarize(samples: dict, runs: int) -> dict:
    median = {name: round(statistics.median(s["ready_ms"] for s in runs_), 1)
              for name, runs_ in samples.items()}
    ratio = {name: round(median[name] / median["bare"], 3) for name in PAGES if name != "bare"}
    after = {name: round(statistics.median(s["after_interpreter_ms"] for s in runs_), 1)
             for name, runs_ in samples.items()}
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
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("error: the benchmark needs Playwright: run it as .venv/bin/python -m "
              "lab.bench (python3 tests/run.py makes .venv)", file=sys.stderr)
        return 2
    result = run(max(1, args.runs))
    print(json.dumps(result, indent=2))
    return 1 if args.check and not result["goals"]["met"] else 0


if __name__ == "__main__":
    sys.exit(main())
