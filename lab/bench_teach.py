"""What a teaching page costs a reader: `.venv/bin/python -m lab.bench_teach [--runs N]`.

The example teaching page (teach.html: six static diagrams and eight live boards, each an
<iframe loading="lazy"> of embed.html, sharing one runtime) is opened in a fresh
Chromium each run, 1280x800:

  - "pictures": the page as it first shows, its frames below the fold and not loaded:
    the time to the `load` event and the memory of the whole browser;
  - "live": after scrolling to each frame, until every board is ready (their "ready"
    messages reach the page): the time from navigation and the memory again;
  - "blank": the same browser on about:blank, the floor under both;
  - "pictures only": the same page with its frames taken out (teach-pictures.html, made
    for the run): what the six diagrams cost alone.

Memory is the sum over the browser's processes of their proportional set size (PSS,
/proc/PID/smaps_rollup: shared pages divided among the processes that share them), so
it is what the page costs the machine, not a double count. Linux only. Medians of N runs;
one JSON object is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, SiteServer

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
PAGE = "teach.html"
PICTURES = "teach-pictures.html"  # teach.html without its frames, written for the run
LISTEN = """
window.__ready = [];
addEventListener("message", (event) => {
  if (event.data && event.data.source === "tsuro-tatsu" && event.data.type === "ready")
    window.__ready.push(event.data.id);
});
"""


def descendants(root: int) -> list[int]:
    """Every process below `root` (the browser and its renderers, GPU, utilities)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        for child in children.get(pid, []):
            found.append(child)
            todo.append(child)
    return found


def pss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return round(total / 1024, 1)


def browser_memory() -> float:
    """The PSS of every chromium process started from this one (through Playwright)."""
    pids = [pid for pid in descendants(os.getpid())
            if "chrom" in Path(f"/proc/{pid}/comm").read_text(errors="replace").lower()]
    return pss_mb(pids)


def pictures_only(url: str, executable: str | None, playwright) -> float:
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url, wait_until="load")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(1500)
        return browser_memory()
    finally:
        browser.close()


def one_run(playwright, url: str, executable: str | None) -> dict:
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto("about:blank")
        time.sleep(1.0)
        blank = browser_memory()
        page.add_init_script(LISTEN)
        start = time.perf_counter()
        page.goto(url, wait_until="load")
        loaded = time.perf_counter() - start
        page.wait_for_timeout(1500)  # let a lazy frame that would start, start
        frames_started = sum(1 for frame in page.frames if "embed.html" in frame.url)
        pictures = browser_memory()
        for frame in page.locator("iframe").all():
            frame.scroll_into_view_if_needed()
        boards = page.locator("iframe").count()
        page.wait_for_function(f"() => window.__ready.length >= {boards}", timeout=180_000)
        live_at = time.perf_counter() - start
        page.wait_for_timeout(1000)
        live = browser_memory()
        images = page.evaluate("[...document.images].filter(i => i.complete && "
                               "i.naturalWidth > 0).length")
        result = {"blank_mb": blank, "first_view_mb": pictures, "live_mb": live,
                  "load_s": round(loaded, 2), "all_live_s": round(live_at, 2),
                  "live_boards": boards,
                  "frames_before_scroll": frames_started, "diagrams_shown": images}
    finally:
        browser.close()
    # measured alone: two browsers at once would be counted together
    result["pictures_only_mb"] = pictures_only(url.replace(PAGE, PICTURES), executable,
                                               playwright)
    result["per_live_board_mb"] = round((result["live_mb"] - result["pictures_only_mb"])
                                        / result["live_boards"], 1)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("CHROMIUM") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site)
        text = (site / PAGE).read_text()
        (site / PICTURES).write_text(re.sub(r"<iframe.*?</iframe>", "", text, flags=re.S))
        server = SiteServer(DirectorySite(site), quiet=True)
        server.start()
        try:
            with sync_playwright() as playwright:
                runs = [one_run(playwright, server.url + PAGE, executable)
                        for _ in range(args.runs)]
        finally:
            server.shutdown()
            server.server_close()
    summary = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    summary["runs"] = args.runs
    summary["page"] = PAGE
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
