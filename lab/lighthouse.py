"""Lighthouse benchmark: `.venv/bin/python -m lab.lighthouse [--runs N] [--site DIR]
[--pages NAME,...] [--reports DIR] [--throttling devtools|simulate] [--ready-timeout S]
[--check]` (issue 39). Needs Node.js (with npm) and Chromium; run it with the test
environment's Python (`python3 tests/run.py` makes .venv), from the repository.

It builds the site into a temporary folder (or takes an already built one, --site DIR),
serves it on 127.0.0.1 as GitHub Pages does: gzip (Content-Encoding: gzip, when the request
accepts it) for the text types (html, css, js/mjs, json, svg, toml, txt, webmanifest) and
for application/wasm, never for .zip, .png or the already gzipped catalogs (*.mo.gz), and
`Cache-Control: max-age=600`. Then it runs Lighthouse 12 (the npm package pinned in
lab/lighthouse/package-lock.json, installed there with `npm ci` when missing) N times on
each page with the system Chromium ($CHROMIUM, else /usr/bin/chromium), headless, a fresh
profile (empty caches) each run, in Lighthouse's mobile profile (a Moto G Power's screen,
slow 4G, a 4x slower CPU), categories performance and accessibility. The pages: the start
screen (index.html), the Tsuro game (index.html?game=tsuro), the Tatsu lessons
(learn.html?game=tatsu) and the README's embedded Tatsu challenge (embed.html).

How a run waits for the whole start. Lighthouse ends a navigation by itself once the load
event has passed and the network has been "2-quiet" (at most two requests in flight) for
networkQuietThresholdMs, then the CPU quiet: no setting makes it wait for one long
download, and the game's web worker downloads the Python runtime (pyodide.asm.wasm, 3.55
MB gzipped of the ~4.4 MB) alone, after the page has loaded, so Lighthouse used to stop
with a part of it (and before the game could be played). So lab/lighthouse/run.mjs drives
Lighthouse through its Node API with a navigation *requestor* (lighthouse.navigation(page,
requestor), as user flows do): a function that opens the page with Puppeteer (Lighthouse's
own dependency) and resolves only when <html data-ready="true"> (the game's Python runs and
its first screen is live) and, after that, no request of the page or its workers has been
in flight and the main thread has had no long task for 5.25 s (Lighthouse's own quiet
windows under devtools throttling, so that time to interactive has its quiet window
inside the trace). Lighthouse's navigation ends only when both its own conditions and the
requestor are done, so the trace and the network records cover the whole start. A page
that is not ready within --ready-timeout seconds (default 120), or says data-ready="error",
fails the run (exit 2, with a message); so does a run whose records lack any part of the
wasm's gzip. The page is given no SharedWorker (run.mjs), so that it starts Python in a
dedicated worker of its own, as where the browser has none: Lighthouse's records follow a
page's dedicated workers, never a shared worker (a target of its own, whose download of the
runtime it would not see), and the page's main thread does the same work either way.

Why devtools throttling (--throttling devtools, the default here; Lighthouse's own default
is simulate). Simulated throttling loads the page at full speed and estimates the metrics
with Lantern from the main thread's tasks and the network requests; it cannot see that the
page's later main-thread work waits on the worker's messages, and its time to interactive
and contentful paints leave the worker's fetches out: on this page it gave interactive
1.1 s and TBT 0 ms although the wasm alone takes about 24 s on slow 4G. With devtools
throttling Chromium really slows the network (Lighthouse's slow 4G: 562.5 ms per request,
1.47 Mbit/s down; the dedicated worker's requests are slowed too) and the page's main
thread (4x), and Lighthouse reports what it observed. Chromium refuses CPU throttling for
worker targets ("only supported for pages, not workers"), so the worker's own work
(Python's start) runs at this machine's speed: ready_ms is optimistic for a phone, while
TBT and main-thread work, the page's main thread, are throttled as the profile means.
Lighthouse follows the page, its frames and dedicated workers, not service workers: what
sw.js fetches for offline play after the page is ready is not in the byte weight.
Observed figures depend on the machine's load: check `uptime` first on a shared machine,
and prefer medians over --runs 3 or more.

Per page, medians over the N runs: the performance and accessibility scores, total
blocking time, largest and first contentful paint, speed index, time to interactive (ms),
total byte weight (bytes over the wire), the main thread's work and the scripts' boot-up
time (ms); the time until data-ready="true" (ready_ms, from navigation start), the
blocking time after first contentful paint over the whole observed start
(blocking_time_after_fcp_ms: Lighthouse's TBT formula, not cut at time to interactive,
which on this page comes while the worker is still downloading) and pyodide.asm.wasm's
bytes over the wire (wasm_transfer_bytes; wasm_gzip_bytes is what the server sends for
it); per run, whether the page was seen ready (ready_seen_all) and the wasm's bytes
(wasm_transfer_bytes_all); and, from the run with the median performance score, the
largest contentful paint's element and the 8 largest transfers (path, bytes over the wire,
bytes unpacked) from the network-requests audit. --reports DIR keeps each run's whole
Lighthouse report (with the wait's record under "labRun").

It prints one JSON object. Goals, on every page: performance >= 0.9, total blocking time
<= 200 ms, accessibility 1.0, total byte weight <= 4.5 MB. With --check it exits 1 when a
goal is missed (2 when the tools are missing or Lighthouse fails).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import json
import os
import posixpath
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path

from game.site.build import build
from game.site.server import DirectorySite, Handler, SiteServer, mime_type

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "lighthouse"  # package.json and package-lock.json: lighthouse, pinned
CLI = PACKAGE / "node_modules" / "lighthouse" / "cli" / "index.js"
RUNNER = PACKAGE / "run.mjs"  # one run: Lighthouse's Node API, waiting for data-ready
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update"]
PAGES = {
    "start": "index.html",
    "tsuro": "index.html?game=tsuro",
    "learn-tatsu": "learn.html?game=tatsu",
    # The README's embedding snippet (also the accessibility and cross-site tests' link).
    "embed-tatsu": "embed.html?game=tatsu&position=5(Fv)13v4_b23&mode=challenge&goal=escape",
}
GOALS = {"performance_min": 0.9, "total_blocking_time_ms_max": 200,
         "accessibility_min": 1.0, "total_byte_weight_max": 4_500_000}
READY_TIMEOUT_S = 120  # from navigation start to data-ready="true"
QUIET_MS = 5250  # after ready: no request in flight, no long task (Lighthouse's devtools windows)
RUN_TIMEOUT_S = 300  # Lighthouse's own work, besides the wait for ready
WASM = "static/vendor/pyodide/pyodide.asm.wasm"
NOT_READY = 3  # run.mjs's exit when the page never became ready
LARGEST = 8
# What GitHub Pages compresses (by type: .zip, .png and *.mo.gz go as they are).
GZIP_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".toml", ".txt",
                 ".webmanifest", ".wasm"}
# Lighthouse audit id -> the name in the report (numeric values, ms unless said).
METRICS = {
    "total-blocking-time": "total_blocking_time_ms",
    "largest-contentful-paint": "largest_contentful_paint_ms",
    "first-contentful-paint": "first_contentful_paint_ms",
    "speed-index": "speed_index_ms",
    "interactive": "interactive_ms",
    "total-byte-weight": "total_byte_weight",
    "mainthread-work-breakdown": "mainthread_work_ms",
    "bootup-time": "bootup_time_ms",
}
# Figures of the whole start, besides Lighthouse's audits (medians, as those).
EXTRA = ("ready_ms", "blocking_time_after_fcp_ms", "wasm_transfer_bytes")


class ToolMissing(Exception):
    """Node.js, npm, Chromium or the Lighthouse package is not there (a message for a person)."""


class LighthouseFailed(Exception):
    """A Lighthouse run that timed out or gave no usable report."""


class NotReady(LighthouseFailed):
    """A page that did not become ready (data-ready="true") within the limit."""


# ---------------------------------------------------------------- serving as Pages does

def compressible(name: str) -> bool:
    return posixpath.splitext(name)[1].lower() in GZIP_SUFFIXES or (
        posixpath.basename(name) == "LICENSE")


def accepts_gzip(header: str | None) -> bool:
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class PagesHandler(Handler):
    """game.site.server's handler, answering as GitHub Pages does: gzip for the text types
    and wasm when the browser accepts it, and a 10-minute cache lifetime. Anything else
    (redirects, errors, "not modified", files sent as they are) is the base handler's."""

    server: PagesServer

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "cache-control":
            value = "max-age=600"
        super().send_header(keyword, value)

    def _respond(self, body: bool) -> None:
        name = self._file_name()
        if name is None or not compressible(name) or not accepts_gzip(
                self.headers.get("Accept-Encoding")):
            return super()._respond(body)
        try:
            data = self.server.site.lookup(name)
        except Exception:  # noqa: BLE001 -- the base handler says what went wrong
            data = None
        if data is None:
            return super()._respond(body)
        tag = f'W/"{hashlib.sha1(data).hexdigest()}"'
        if tag in (self.headers.get("If-None-Match") or ""):
            return super()._respond(body)  # its "not modified"
        packed = self.server.gzipped(name, data)
        self.send_response(200)
        self.send_header("Content-Type", mime_type(name))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(packed)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("ETag", tag)
        self.end_headers()
        if body:
            self.wfile.write(packed)

    def _file_name(self) -> str | None:
        """The site's file this request names (as the base handler finds it), or None when
        the base handler answers otherwise (a redirect, a path outside the site)."""
        base = self.server.base
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if not path.startswith(base) or path + "/" == base:
            return None
        name = path[len(base):]
        if name == "" or name.endswith("/"):
            name += "index.html"
        if any(part in ("", ".", "..") for part in name.split("/")):
            return None
        return name


class PagesServer(SiteServer):
    """A SiteServer with PagesHandler, keeping each file's gzip (level 6, as gzip's
    default) so that the 9.6 MB wasm is packed once, not on every run."""

    def __init__(self, site, host: str = "127.0.0.1", port: int = 0, quiet: bool = True):
        super().__init__(site, host=host, port=port, quiet=quiet)
        self.RequestHandlerClass = PagesHandler
        self._packed: dict[tuple[str, bytes], bytes] = {}
        self._lock = threading.Lock()

    def gzipped(self, name: str, data: bytes) -> bytes:
        key = (name, hashlib.sha1(data).digest())
        with self._lock:
            if key not in self._packed:
                self._packed[key] = gzip.compress(data, compresslevel=6, mtime=0)
            return self._packed[key]


@contextlib.contextmanager
def served(site: Path | None):
    """A PagesServer on 127.0.0.1 for the built folder site, or for a fresh build of the
    work tree in a temporary folder (gone afterwards)."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-site-") as folder:
        if site is None:
            site = Path(folder) / "site"
            build(site, log=lambda line: print(line, file=sys.stderr))
        elif not (site / "index.html").is_file():
            raise ToolMissing(f"{site} is not a built site (no index.html): build it with "
                              "python3 -m game build --out DIR")
        server = PagesServer(DirectorySite(site))
        server.start()
        try:
            yield server
        finally:
            server.shutdown()
            server.server_close()


# ---------------------------------------------------------------- the tools

def chromium_path() -> str:
    for candidate in (os.environ.get("CHROMIUM"), os.environ.get("CHROME_PATH"),
                      "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise ToolMissing("Chromium not found: install it (apt-get install chromium) or set "
                      "$CHROMIUM to its executable")


def node_path() -> str:
    node = shutil.which("node")
    if node is None:
        raise ToolMissing("Node.js not found: Lighthouse is a Node.js program "
                          "(apt-get install nodejs npm)")
    return node


def ensure_lighthouse() -> None:
    """Install the pinned Lighthouse (npm ci from the lock file) unless it is there."""
    if CLI.is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise ToolMissing("npm not found, needed once to install Lighthouse into "
                          f"{PACKAGE}/node_modules (apt-get install nodejs npm)")
    print(f"installing Lighthouse: npm ci --prefix {PACKAGE}", file=sys.stderr)
    done = subprocess.run([npm, "ci", "--prefix", str(PACKAGE), "--no-audit", "--no-fund"],
                          stdout=sys.stderr, timeout=600, check=False)
    if done.returncode != 0 or not CLI.is_file():
        raise ToolMissing(f"npm ci --prefix {PACKAGE} failed (exit {done.returncode})")


def _descendants(pid: int) -> list[int]:
    """The processes pid started, and theirs (Chromium leads a process group of its own,
    so killing Lighthouse's group alone would leave it running)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _kill_tree(process: subprocess.Popen) -> None:
    for pid in [process.pid, *_descendants(process.pid)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    process.wait()


def lighthouse(url: str, chromium: str, node: str, throttling: str = "devtools",
               ready_timeout_s: float = READY_TIMEOUT_S) -> dict:
    """One Lighthouse run on url (lab/lighthouse/run.mjs): its report (the JSON Lighthouse
    writes), with the wait's record (ready, settled, ...) under "labRun"."""
    timeout_s = ready_timeout_s + RUN_TIMEOUT_S
    with tempfile.TemporaryDirectory(prefix="lighthouse-run-",
                                     ignore_cleanup_errors=True) as folder:
        report = Path(folder) / "report.json"
        options = {"url": url, "output": str(report), "chromium": chromium,
                   "chromeFlags": CHROMIUM_FLAGS,
                   "categories": ["performance", "accessibility"],
                   "throttlingMethod": throttling,
                   "readyTimeoutMs": round(ready_timeout_s * 1000), "quietMs": QUIET_MS}
        env = {**os.environ, "CHROME_PATH": chromium, "TMPDIR": folder}
        process = subprocess.Popen([node, str(RUNNER), json.dumps(options)], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _, errors = process.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill_tree(process)
            raise LighthouseFailed(f"Lighthouse took over {timeout_s:.0f} s on {url}") from None
        if process.returncode not in (0, NOT_READY) or not report.is_file():
            raise LighthouseFailed(f"Lighthouse failed on {url} (exit {process.returncode}):\n"
                                   + errors.strip()[-2000:])
        written = json.loads(report.read_text())
    result, lab = written["lhr"], written["lab"]
    result["labRun"] = lab
    if process.returncode == NOT_READY or not lab["ready"]["seen"]:
        said = lab["ready"]["state"]
        raise NotReady(f"{url} did not become ready within {ready_timeout_s:.0f} s "
                       f"(data-ready={said!r}" + (f"; {lab['error']}" if lab["error"] else "")
                       + "): the run would not count the whole start")
    if result.get("runtimeError"):
        raise LighthouseFailed(f"Lighthouse on {url}: {result['runtimeError']}")
    return result


# ---------------------------------------------------------------- reading the reports

def read_report(report: dict, base: str) -> dict:
    """The figures of one Lighthouse report."""
    audits, categories = report["audits"], report["categories"]
    sample = {"performance": categories["performance"]["score"],
              "accessibility": categories["accessibility"]["score"]}
    for audit, name in METRICS.items():
        sample[name] = audits[audit].get("numericValue")
    failed = [audit for audit in categories["accessibility"]["auditRefs"]
              if audit["weight"] and audits[audit["id"]].get("score") not in (None, 1)]
    sample["accessibility_failed"] = [audit["id"] for audit in failed]
    requests = audits["network-requests"].get("details", {}).get("items", [])
    largest = sorted(requests, key=lambda item: item.get("transferSize") or 0, reverse=True)
    sample["largest_transfers"] = [
        {"path": _short(item["url"], base), "transfer_bytes": item.get("transferSize"),
         "resource_bytes": item.get("resourceSize")} for item in largest[:LARGEST]]
    sample["requests"] = len(requests)
    wasm = [item for item in requests if urllib.parse.urlsplit(item["url"]).path.endswith(
        "/" + WASM)]
    sample["wasm_transfer_bytes"] = sum(item.get("transferSize") or 0 for item in wasm)
    sample["unfinished_requests"] = [_short(item["url"], base) for item in requests
                                     if item.get("finished") is False]
    lab = report.get("labRun", {})
    sample["ready_seen"] = bool(lab.get("ready", {}).get("seen"))
    sample["ready_ms"] = lab.get("ready", {}).get("ms")
    sample["settled"] = lab.get("settled")
    sample["blocking_time_after_fcp_ms"] = lab.get("blocking_time_after_fcp_ms")
    sample["lcp_element"] = _lcp_element(audits.get("largest-contentful-paint-element", {}))
    sample["warnings"] = report.get("runWarnings", [])
    sample["benchmark_index"] = report.get("environment", {}).get("benchmarkIndex")
    return sample


def _lcp_element(audit: dict) -> str | None:
    """The selector of the largest contentful paint's element, as Lighthouse found it."""
    with contextlib.suppress(KeyError, IndexError, TypeError):
        return audit["details"]["items"][0]["items"][0]["node"]["selector"]
    return None


def _short(url: str, base: str) -> str:
    return url.removeprefix(base) or "/"


def summarize(samples: list[dict]) -> dict:
    """Medians over the runs of one page, the goals, and the median run's transfers."""
    summary: dict = {"runs": len(samples)}
    for name in ("performance", "accessibility", *METRICS.values(), *EXTRA):
        values = [s[name] for s in samples if s[name] is not None]
        median = statistics.median(values) if values else None
        summary[name] = (None if median is None else
                         round(median, 2) if name in ("performance", "accessibility")
                         else round(median))
    summary["performance_all"] = [s["performance"] for s in samples]
    summary["total_blocking_time_ms_all"] = [round(s["total_blocking_time_ms"]) for s in samples]
    summary["ready_seen_all"] = [s["ready_seen"] for s in samples]
    summary["settled_all"] = [s["settled"] for s in samples]
    summary["wasm_transfer_bytes_all"] = [s["wasm_transfer_bytes"] for s in samples]
    unfinished = sorted({path for s in samples for path in s["unfinished_requests"]})
    if unfinished:
        summary["unfinished_requests"] = unfinished
    middle = sorted(samples, key=lambda s: s["performance"] or 0)[len(samples) // 2]
    summary["requests"] = middle["requests"]
    indexes = [s["benchmark_index"] for s in samples if s["benchmark_index"]]
    # Lighthouse's measure of this machine's CPU speed (its warning below about 1000: the
    # simulated 4x slower CPU is then slower still, and blocking times longer).
    summary["benchmark_index"] = round(statistics.median(indexes)) if indexes else None
    summary["lcp_element"] = middle["lcp_element"]
    summary["largest_transfers"] = middle["largest_transfers"]
    summary["accessibility_failed"] = sorted(
        {audit for s in samples for audit in s["accessibility_failed"]})
    warnings = sorted({w for s in samples for w in s["warnings"]})
    if warnings:
        summary["warnings"] = warnings
    summary["goals_met"] = {
        "performance": (summary["performance"] or 0) >= GOALS["performance_min"],
        "total_blocking_time": summary["total_blocking_time_ms"] is not None
        and summary["total_blocking_time_ms"] <= GOALS["total_blocking_time_ms_max"],
        "accessibility": (summary["accessibility"] or 0) >= GOALS["accessibility_min"],
        "total_byte_weight": summary["total_byte_weight"] is not None
        and summary["total_byte_weight"] <= GOALS["total_byte_weight_max"],
    }
    return summary


def wasm_gzip_bytes(server: PagesServer) -> int:
    """What the server sends for the runtime's wasm (its gzip), the bytes a run must see."""
    data = server.site.lookup(WASM)
    if data is None:
        raise ToolMissing(f"the site has no {WASM}")
    return len(server.gzipped(WASM, data))


def run(runs: int, site: Path | None, pages: dict[str, str], keep: Path | None = None,
        throttling: str = "devtools", ready_timeout_s: float = READY_TIMEOUT_S) -> dict:
    chromium, node = chromium_path(), node_path()
    ensure_lighthouse()
    version = json.loads((CLI.parent.parent / "package.json").read_text())["version"]
    samples: dict[str, list[dict]] = {name: [] for name in pages}
    with served(site) as server:
        wasm_bytes = wasm_gzip_bytes(server)
        for index in range(runs):
            for name, path in pages.items():
                report = lighthouse(server.url + path, chromium, node, throttling,
                                    ready_timeout_s)
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / f"{name}-{index + 1}.json").write_text(json.dumps(report))
                samples[name].append(read_report(report, server.url))
                latest = samples[name][-1]
                print(f"run {index + 1}/{runs} {name}: performance {latest['performance']}, "
                      f"TBT {latest['total_blocking_time_ms']:.0f} ms, "
                      f"LCP {latest['largest_contentful_paint_ms']:.0f} ms, "
                      f"{latest['total_byte_weight']:.0f} bytes, ready at "
                      f"{latest['ready_ms']:.0f} ms, wasm {latest['wasm_transfer_bytes']} "
                      f"of {wasm_bytes} bytes", file=sys.stderr)
                if latest["wasm_transfer_bytes"] < wasm_bytes:
                    raise LighthouseFailed(
                        f"{name}: the run saw {latest['wasm_transfer_bytes']} of the "
                        f"{wasm_bytes} bytes of {WASM}: it did not count the whole start")
    result = {name: summarize(page_samples) for name, page_samples in samples.items()}
    return {
        "lighthouse": version,
        "profile": (f"mobile (Moto G Power screen, slow 4G, 4x CPU), {throttling} throttling; "
                    "each run waits for data-ready=\"true\" and a quiet page"),
        "throttling": throttling,
        "ready_timeout_s": ready_timeout_s,
        "wasm_gzip_bytes": wasm_bytes,
        "site": str(site) if site else "built from the work tree",
        "runs": runs,
        "pages": {name: {"url": path, **result[name]} for name, path in pages.items()},
        "goals": {**GOALS, "met": all(all(r["goals_met"].values()) for r in result.values())},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.lighthouse", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (median)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--pages", default=",".join(PAGES),
                        help=f"which pages, comma-separated (default: all of {', '.join(PAGES)})")
    parser.add_argument("--reports", type=Path,
                        help="also keep each run's Lighthouse report (JSON) in this folder")
    parser.add_argument("--throttling", choices=("devtools", "simulate"), default="devtools",
                        help="Lighthouse's throttling method (default devtools: see above)")
    parser.add_argument("--ready-timeout", type=float, default=READY_TIMEOUT_S, metavar="S",
                        help="seconds a page may take to become ready (default "
                             f"{READY_TIMEOUT_S}); exit 2 when it does not")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.pages.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in PAGES]
    if unknown or not chosen:
        parser.error(f"unknown page {', '.join(unknown)}: choose among {', '.join(PAGES)}")
    try:
        result = run(max(1, args.runs), args.site.resolve() if args.site else None,
                     {name: PAGES[name] for name in chosen}, args.reports,
                     args.throttling, args.ready_timeout)
    except (ToolMissing, LighthouseFailed) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 1 if args.check and not result["goals"]["met"] else 0


if __name__ == "__main__":
    sys.exit(main())
