"""Lighthouse benchmark: `.venv/bin/python -m lab.lighthouse [--runs N] [--site DIR]
[--pages NAME,...] [--reports DIR] [--check]` (issue 39). Needs Node.js (with npm) and
Chromium; run it with the test environment's Python (`python3 tests/run.py` makes .venv),
from the repository.

It builds the site into a temporary folder (or takes an already built one, --site DIR),
serves it on 127.0.0.1 as GitHub Pages does: gzip (Content-Encoding: gzip, when the request
accepts it) for the text types (html, css, js/mjs, json, svg, toml, txt, webmanifest) and
for application/wasm, never for .zip, .png or the already gzipped catalogs (*.mo.gz), and
`Cache-Control: max-age=600`. Then it runs Lighthouse 12 (the npm package pinned in
lab/lighthouse/package-lock.json, installed there with `npm ci` when missing) N times on
each page with the system Chromium ($CHROMIUM, else /usr/bin/chromium), headless, in
Lighthouse's default mobile profile (a Moto G Power's screen, simulated slow 4G and a 4x
slower CPU), categories performance and accessibility. The pages: the start screen
(index.html), the Tsuro game (index.html?game=tsuro), the Tatsu lessons
(learn.html?game=tatsu) and the README's embedded Tatsu challenge (embed.html).

Per page, medians over the N runs: the performance and accessibility scores, total
blocking time, largest and first contentful paint, speed index, time to interactive (ms),
total byte weight (bytes over the wire), the main thread's work and the scripts' boot-up
time (ms); and, from the run with the median performance score, the largest contentful
paint's element and the 8 largest transfers (path, bytes over the wire, bytes unpacked)
from the network-requests audit. --reports DIR keeps each run's whole Lighthouse report.

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
RUN_TIMEOUT_S = 300
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


class ToolMissing(Exception):
    """Node.js, npm, Chromium or the Lighthouse package is not there (a message for a person)."""


class LighthouseFailed(Exception):
    """A Lighthouse run that timed out or gave no usable report."""


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


def lighthouse(url: str, chromium: str, node: str, timeout_s: float = RUN_TIMEOUT_S) -> dict:
    """One Lighthouse run on url: its report (the JSON lighthouse writes)."""
    with tempfile.TemporaryDirectory(prefix="lighthouse-run-",
                                     ignore_cleanup_errors=True) as folder:
        report = Path(folder) / "report.json"
        command = [node, str(CLI), url, "--output=json", f"--output-path={report}",
                   "--only-categories=performance,accessibility", "--quiet",
                   "--chrome-flags=" + " ".join(CHROMIUM_FLAGS)]
        env = {**os.environ, "CHROME_PATH": chromium, "TMPDIR": folder}
        process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        try:
            _, errors = process.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill_tree(process)
            raise LighthouseFailed(f"Lighthouse took over {timeout_s:.0f} s on {url}") from None
        if process.returncode != 0 or not report.is_file():
            raise LighthouseFailed(f"Lighthouse failed on {url} (exit {process.returncode}):\n"
                                   + errors.strip()[-2000:])
        result = json.loads(report.read_text())
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
    for name in ("performance", "accessibility", *METRICS.values()):
        values = [s[name] for s in samples if s[name] is not None]
        median = statistics.median(values) if values else None
        summary[name] = (None if median is None else
                         round(median, 2) if name in ("performance", "accessibility")
                         else round(median))
    summary["performance_all"] = [s["performance"] for s in samples]
    summary["total_blocking_time_ms_all"] = [round(s["total_blocking_time_ms"]) for s in samples]
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


def run(runs: int, site: Path | None, pages: dict[str, str], keep: Path | None = None) -> dict:
    chromium, node = chromium_path(), node_path()
    ensure_lighthouse()
    version = json.loads((CLI.parent.parent / "package.json").read_text())["version"]
    samples: dict[str, list[dict]] = {name: [] for name in pages}
    with served(site) as server:
        for index in range(runs):
            for name, path in pages.items():
                report = lighthouse(server.url + path, chromium, node)
                if keep is not None:
                    keep.mkdir(parents=True, exist_ok=True)
                    (keep / f"{name}-{index + 1}.json").write_text(json.dumps(report))
                samples[name].append(read_report(report, server.url))
                latest = samples[name][-1]
                print(f"run {index + 1}/{runs} {name}: performance {latest['performance']}, "
                      f"TBT {latest['total_blocking_time_ms']:.0f} ms, "
                      f"LCP {latest['largest_contentful_paint_ms']:.0f} ms, "
                      f"{latest['total_byte_weight']:.0f} bytes", file=sys.stderr)
    result = {name: summarize(page_samples) for name, page_samples in samples.items()}
    return {
        "lighthouse": version,
        "profile": "mobile, simulated throttling (Lighthouse's default)",
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
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.pages.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in PAGES]
    if unknown or not chosen:
        parser.error(f"unknown page {', '.join(unknown)}: choose among {', '.join(PAGES)}")
    try:
        result = run(max(1, args.runs), args.site.resolve() if args.site else None,
                     {name: PAGES[name] for name in chosen}, args.reports)
    except (ToolMissing, LighthouseFailed) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 1 if args.check and not result["goals"]["met"] else 0


if __name__ == "__main__":
    sys.exit(main())
