"""What many live boards on one page cost: `.venv/bin/python -m lab.bench_boards
[--boards 1,2,4,8] [--runs 3] [--own-workers] [--other-site [--third-party-allowed]]
[--site DIR]`.

A host page holds N boards at once, all in view: half Tatsu challenges, half Tsuro of
the Seas games against computers (embed.html). The host is of the site itself (as
teach.html and the rules pages are), or with `--other-site` of another site (`localhost`,
the boards being at `127.0.0.1`, as a teacher's page frames them: the whole Chromium
blocks third-party storage there, and with it the shared runtime, so each board starts
its own; `--third-party-allowed` runs it with a profile that allows it, as a visitor who
allows third-party cookies: the frames then share a runtime, partitioned by the host's
site). Each run is a fresh Chromium,
1280 x 800; it measures the time from navigation until every board has sent its `ready`
message, and the memory of the whole browser then (PSS, as lab/bench_teach.py: shared
pages divided among the processes that share them; Linux only).

The pages share one Python runtime (a SharedWorker, static/engine.js) where the browser
allows; `--own-workers` takes SharedWorker away from the pages (as in a browser without
it), so that each board starts its own: the fallback, and the time before. Medians of N
runs; one JSON object is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, SiteServer
from lab.bench_teach import CHROMIUM_FLAGS, browser_memory

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Boards</title>
<link rel="icon" href="data:,"><style>iframe {{ width: 300px; height: 300px; }}</style>
</head><body>
<script>
  window.ready = [];
  addEventListener("message", (event) => {{
    if (event.data && event.data.source === "tsuro-tatsu" && event.data.type === "ready")
      window.ready.push(event.data.id);
  }});
</script>
{frames}
</body></html>"""
BOARDS = ("game=tatsu&position=5(Fv)13v4_b23&mode=challenge&goal=escape",
          "game=tsuro&mode=play&players=you,easy")
NO_SHARED = "delete window.SharedWorker;"


class WithHosts:
    """The built site, and the host pages beside it (the same site)."""

    def __init__(self, site: Path, hosts: Path):
        self.site, self.hosts = DirectorySite(site), DirectorySite(hosts)

    def lookup(self, name: str) -> bytes | None:
        return self.hosts.lookup(name) or self.site.lookup(name)


def host_page(folder: Path, site: str, boards: int) -> Path:
    frames = "\n".join(
        f'<iframe title="Board {i + 1}" src="{site}embed.html?{BOARDS[i % 2]}&id=b{i}">'
        "</iframe>" for i in range(boards))
    page = folder / f"host-{boards}.html"
    page.write_text(HOST.format(frames=frames))
    return page


def one_run(playwright, url: str, boards: int, executable: str | None, own: bool,
            third_party: bool = False) -> dict:
    profile = None
    if third_party:  # a profile whose preferences allow third-party cookies and storage
        profile = Path(tempfile.mkdtemp(prefix="bench-boards-"))
        (profile / "Default").mkdir()
        (profile / "Default" / "Preferences").write_text(json.dumps(
            {"profile": {"cookie_controls_mode": 0, "block_third_party_cookies": False}}))
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=executable, args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 800})
        browser = context
    else:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        if own:
            context.add_init_script(NO_SHARED)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(f"() => window.ready.length >= {boards}", timeout=300_000,
                               polling=50)
        ready = time.perf_counter() - start
        page.wait_for_timeout(1000)
        return {"ready_s": round(ready, 2), "memory_mb": browser_memory()}
    finally:
        browser.close()
        if profile is not None:
            shutil.rmtree(profile, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="1,2,4,8")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--own-workers", action="store_true",
                        help="no SharedWorker: each board its own runtime")
    parser.add_argument("--other-site", action="store_true",
                        help="the host page on another site than the boards")
    parser.add_argument("--third-party-allowed", action="store_true",
                        help="with --other-site: a browser profile that allows third-party "
                             "storage")
    parser.add_argument("--site", help="a built site to serve (default: build one)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    counts = [int(n) for n in args.boards.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        site = Path(args.site) if args.site else Path(folder) / "site"
        if not args.site:
            build(site)
        hosts = Path(folder) / "hosts"
        hosts.mkdir()
        server = SiteServer(WithHosts(site, hosts), quiet=True)
        server.start()
        host = SiteServer(DirectorySite(hosts), quiet=True)
        host.start()
        base = host.url.replace("127.0.0.1", "localhost") if args.other_site else server.url
        results = {}
        try:
            with sync_playwright() as playwright:
                for boards in counts:
                    url = base + host_page(hosts, server.url, boards).name
                    runs = [one_run(playwright, url, boards, executable, args.own_workers,
                                    args.third_party_allowed) for _ in range(args.runs)]
                    results[boards] = {key: statistics.median(run[key] for run in runs)
                                       for key in runs[0]}
        finally:
            for served in (server, host):
                served.shutdown()
                served.server_close()
    first = results[counts[0]]
    summary = {"runtime": "own worker per board" if args.own_workers else "shared",
               "host": ("another site" if args.other_site else "the site")
               + (", third-party storage allowed" if args.third_party_allowed else ""),
               "runs": args.runs,
               "boards": {n: {**r, "time_ratio": round(r["ready_s"] / first["ready_s"], 2),
                              "memory_ratio": round(r["memory_mb"] / first["memory_mb"], 2)}
                          for n, r in results.items()}}
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
