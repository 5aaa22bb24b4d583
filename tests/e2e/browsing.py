"""What the browser tests share: the served site, the watch on a page's traffic, console
and Content-Security-Policy, and waiting for the page to be ready. (The fixtures are in
conftest.py.)"""

from __future__ import annotations

import os
import re
import urllib.parse
from dataclasses import dataclass, field

from playwright.sync_api import Frame, Page

from game.site.server import DirectorySite, SiteServer

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
SUB_PATH = "/tsuro-tatsu/"
READY = "document.documentElement.dataset.ready"
BOOT_TIMEOUT_MS = 90_000  # a cold start on a busy 2-core machine
# Every page and frame of a watched context reports what its Content-Security-Policy
# refused: kept in window.__cspViolations and said on the console with this prefix.
VIOLATION = "CSP violation:"
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const line = [event.effectiveDirective, event.blockedURI || "(inline)",
                event.sourceFile + ":" + event.lineNumber].join(" ");
  window.__cspViolations.push(line);
  console.error("VIOLATION " + line);
}, true);
""".replace("VIOLATION", VIOLATION)

# The board markup the game's worker sent last (static/page.js draws it by difference:
# DRAWN_AS_SENT compares what the page shows with that markup parsed anew).
RECORD_BOARDS = """
(() => {
  const heard = ({ data }) => {
    for (const one of data && data.kind === "batch" ? data.messages : [data]) {
      if (one && one.kind === "show" && one.region === "board") window.__boardSent = one.html;
    }
  };
  const Own = window.Worker;
  if (Own) {
    window.Worker = class extends Own {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", heard);
      }
    };
  }
  const Shared = window.SharedWorker; // (the pages' runtime, where the browser has it)
  if (Shared) {
    window.SharedWorker = class extends Shared {
      constructor(...args) {
        super(...args);
        this.port.addEventListener("message", heard);
      }
    };
  }
})();
"""
# null when the board shows the markup sent last (parsed anew), else both serialised. What
# the page's own hands add between two drawings is left out: the copies of pieces gone and
# their layer (g.leaving), the centres set for a turn (style), the cue of an event (class
# "cue") and the roving tab stop (tabindex); the markup not yet drawn (a redraw waits for a
# frame) is a difference: compare again a moment later.
DRAWN_AS_SENT = """() => {
  const board = document.getElementById("board");
  if (window.__boardSent === undefined || !board) return "no board sent";
  const plain = (root) => {
    const copy = document.createElement("div");
    for (const node of root.childNodes) copy.append(node.cloneNode(true));
    copy.querySelectorAll("g.leaving").forEach((layer) => layer.remove());
    for (const element of copy.querySelectorAll("*")) {
      element.removeAttribute("style");
      element.removeAttribute("tabindex");
      element.classList.remove("cue");
      if (element.getAttribute("class") === "") element.removeAttribute("class");
    }
    return copy.innerHTML;
  };
  const template = document.createElement("template");
  template.innerHTML = window.__boardSent;
  const [drawn, sent] = [plain(board), plain(template.content)];
  return drawn === sent ? null : [drawn, sent];
}"""


# The pages forbid evaluating strings (their policy has no 'unsafe-eval'), and Playwright
# runs a wait's predicate given as an expression with eval() in the page: the tests' waits
# are given as expressions, so each is passed on as a function, which needs no eval.
_FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")


def as_function(expression: str) -> str:
    return expression if _FUNCTION.match(expression) else f"() => ({expression})"


def _waiting_without_eval(wait):
    def wait_for_function(self, expression, *args, **kwargs):
        return wait(self, as_function(expression), *args, **kwargs)
    return wait_for_function


Page.wait_for_function = _waiting_without_eval(Page.wait_for_function)
Frame.wait_for_function = _waiting_without_eval(Frame.wait_for_function)


def whole_browser_args(launch_args: dict) -> dict:
    """Launch arguments for Chromium itself, run headless, rather than its headless shell
    (tests/run.py names both): for what only the whole browser does."""
    args = dict(launch_args)
    if os.environ.get("CHROMIUM_BROWSER"):
        args["executable_path"] = os.environ["CHROMIUM_BROWSER"]
    else:  # Playwright's own download: its "chromium" channel is the whole browser
        args.pop("executable_path", None)
        args["channel"] = "chromium"
    return args


class _Missing:
    def __init__(self, site, ends):
        self.site, self.ends = site, ends

    def lookup(self, name):
        return None if name.endswith(self.ends) else self.site.lookup(name)


class Site:
    """A built site served on 127.0.0.1 in a background thread."""

    def __init__(self, folder, base=SUB_PATH, missing=()):
        """`missing`: the ends of names this server answers 404 (a download that fails,
        for whatever asks: a page, its worker, a worker the pages share)."""
        site = DirectorySite(folder)
        if missing:
            site = _Missing(site, tuple(missing))
        self.server = SiteServer(site, base=base, quiet=True)
        self.server.start()
        self.url = self.server.url
        parts = urllib.parse.urlsplit(self.url)
        self.origin = f"{parts.scheme}://{parts.netloc}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Watch:
    """What a page did: requests, bad responses, console errors and page errors."""

    origin: str
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)  # refused by a page's CSP
    expect_errors: bool = False  # a test of the failure path sets this
    checked: bool = False
    context: object = None
    listeners: list = field(default_factory=list)

    def saw(self, url: str):
        self.requests.append(url)
        if not (url + "/").startswith(self.origin + "/") and \
                not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def on_response(self, response):
        self.saw(response.url)
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url}")

    def on_failed(self, request):
        self.saw(request.url)
        self.failed.append(f"{request.failure} {request.url}")

    def on_console(self, message):
        if message.text.startswith(VIOLATION):
            self.violations.append(message.text.removeprefix(VIOLATION).strip())
        elif message.type == "error":
            self.console_errors.append(message.text)

    def problems(self) -> list[str]:
        found = [f"request left the origin: {url}" for url in self.foreign]
        found += [f"refused by the page's policy: {line}" for line in self.violations]
        found += [f"error response: {line}" for line in self.bad_responses]
        # (ERR_CACHE_MISS: a question to the browser's cache alone, answered "not there":
        # static/engine.js asks whether it holds the compiled standard library)
        found += [f"request failed: {line}" for line in self.failed
                  if not any(error in line for error in ("ERR_ABORTED", "ERR_CACHE_MISS"))
                  and not self.expect_errors]
        if not self.expect_errors:
            found += [f"console error: {text}" for text in self.console_errors]
            found += [f"page error: {text}" for text in self.page_errors]
        return found

    def stop(self):
        """Stop listening (the context may serve the next test)."""
        for event, handler in self.listeners:
            self.context.remove_listener(event, handler)
        self.listeners = []

    def assert_clean(self):
        self.checked = True
        assert self.requests, "no request was recorded"
        assert self.problems() == []


def watch(context, origin: str) -> Watch:
    """Record what every page of the context (and its service worker) asks for, and what
    the pages' Content-Security-Policy refuses. Every request ends in a response or a
    failure, so those two events say all (Playwright sends only the events listened to:
    one per request rather than two costs the run less)."""
    watched = Watch(origin, context=context)
    record_violations(context)
    watched.listeners = [
        ("response", watched.on_response), ("requestfailed", watched.on_failed),
        ("console", watched.on_console),
        ("weberror", lambda error: watched.page_errors.append(str(error.error)))]
    for event, handler in watched.listeners:
        context.on(event, handler)
    return watched


def record_violations(context) -> None:
    """Have every page of the context report what its policy refuses, and keep the board
    its game's worker sent last (once per context: an init script cannot be taken back,
    and a context may serve many tests)."""
    if not getattr(context, "_records_violations", False):
        context.add_init_script(RECORD_VIOLATIONS)
        context.add_init_script(RECORD_BOARDS)
        context._records_violations = True


def open_page(page, url: str, expect: str = "true"):
    """Navigate and wait until the page says it is ready (or has failed). A renderer that
    crashes while the runtime boots (seen rarely on a loaded 2-core machine, never twice
    in a row) gets one more navigation: the test is about the page, not the machine."""
    for attempt in (1, 2):
        try:
            page.goto(url)
            page.wait_for_function(f"{READY} === 'true' || {READY} === 'error'",
                                   timeout=BOOT_TIMEOUT_MS)
            break
        except Exception as error:  # playwright's Error: "Target crashed"
            if attempt == 2 or "crash" not in str(error).lower():
                raise
    state = page.evaluate(READY)
    assert state == expect, f"the page is {state!r}: {page.inner_text('body')!r}"


def own_worker(page) -> None:
    """The page starts its own worker, as where a shared one cannot be had (static/page.js
    falls back to it): Playwright routes and sees the requests of a page's own worker,
    not those of a worker the pages share, so a test that replaces or counts the
    runtime's downloads asks for this one."""
    page.add_init_script("delete window.SharedWorker;")


# The pictures of a page that do not show, each by its address, once every one has been
# asked for: the pictures of the rules pages load lazily (loading="lazy", when scrolled
# near), so each is made eager first and waited for (decode() settles once it is there,
# or has failed).
BROKEN_IMAGES = """async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => null)));
    return images.filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.src);
}"""
