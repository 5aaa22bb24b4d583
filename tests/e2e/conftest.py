"""Fixtures for the browser tests (pytest-playwright, Chromium).

- Chromium: the one named by $CHROMIUM (tests/run.py sets it to the system's) with flags
  that keep it from calling home, else Playwright's own.
- `site`: the runtime fetched (pinned, verified), the site built as `python3 -m game build`
  writes it, and served on a free 127.0.0.1 port under a sub-path, as a project page is.
- `page`: a new tab in the worker's one browser context, left as a first visit finds it
  (below); a test that asks for `context` itself gets a fresh context and its page there.
- `watched`: the test's page, with every request, response, console error and page error
  recorded; the test fails if a request leaves the site's origin, a response is an error
  (404 included) or the console shows an error.

Why one context for the tests that take `page`: starting the runtime is most of what a
browser test costs (about 7 s of CPU in a fresh context here). In one context, with one
renderer process per site (`--process-per-site`), a page starts on the runtime already
compiled by the page before (about 4.6 s of CPU, 2.6 s instead of 3.5 s on the clock),
and the test run takes minutes less. Between tests the context is put back as a first
visit finds it: every page closed, the storage of every origin it reached cleared (local
storage, IndexedDB, Cache Storage, service workers, cookies), routes, offline and
permissions reset. Only the HTTP cache stays, as for anyone who has been to the site.

And one runtime kept warm: the site's pages share their Python in a shared worker
(static/engine.js) where the browser allows, and the browser ends a shared worker when
its last page goes. The shared context holds one more page of its own, the keeper, which
connects to that worker as the pages do and is never closed between tests: each test's
page finds Python started, as a page does in a tab beside another of the site (about
0.3 s instead of 2.6 s, and none of the 4.6 s of CPU). A test about the runtime's own
start (its downloads, its failures, its end, the count of shared workers) takes a context
of its own, or a page's own worker (browsing.own_worker), and starts one as a first visit.
The shared context registers no service worker (Playwright's service_workers="block"):
one would take the kept runtime in hand (sw.js claims the pages' clients, and a shared
worker is one), and clearing it between tests would leave that runtime with no network.
The service worker's own tests (test_pwa.py, test_smoke.py's offline test, the compiled
library of a later start) take a context of their own, where it installs as on a first
visit.
"""

import os
import re
import urllib.parse

import pytest
from browsing import CHROMIUM_FLAGS, Site, record_violations, watch, whole_browser_args
from once import once_per_run

from game.site.build import build
from game.site.runtime import ensure_runtime


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    if os.environ.get("CHROMIUM"):
        args["executable_path"] = os.environ["CHROMIUM"]
    args["args"] = [*args.get("args", []), *CHROMIUM_FLAGS, "--process-per-site"]
    return args


@pytest.fixture(scope="session")
def whole_browser(playwright, browser_type_launch_args):
    """Chromium itself, run headless, rather than its headless shell (which the other
    tests run, tests/run.py): for what only the whole browser does, blocking third-party
    storage (the shell never blocks it) and judging whether a site can be installed.
    Launched only when such a test runs."""
    browser = playwright.chromium.launch(**whole_browser_args(browser_type_launch_args))
    yield browser
    browser.close()


@pytest.fixture
def whole_context(whole_browser, browser_context_args):
    """A fresh context of the whole browser."""
    context = whole_browser.new_context(**browser_context_args)
    yield context
    context.close()


# The shared runtime's name and address as static/page.js gives them (the build writes its
# RUNTIME); the keeper connects as a page does, and so keeps it.
RUNTIME_NAMED = re.compile(r'^const RUNTIME = "([0-9a-f]+)";$', re.M)
KEEP = """([engine, name]) => {
  window.keptRuntime = new SharedWorker(engine, { type: "module", name });
  window.keptRuntime.port.start();
}"""


def keep_runtime(context, site, built_site):
    """The keeper: a page of the site's origin holding the pages' shared runtime."""
    named = RUNTIME_NAMED.search((built_site / "static" / "page.js").read_text())
    assert named, "static/page.js no longer names its runtime as the keeper expects"
    keeper = context.new_page()
    keeper.goto(site.url + "static/favicon.svg")  # (any document of the origin)
    keeper.evaluate(KEEP, [site.url + "static/engine.js", f"tsuro-tatsu {named[1]}"])
    return keeper


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args, site, built_site):
    """The worker's one context, its keeper, and the origins its pages' frames have
    reached (what keeps storage: a document's origin, and its service worker's, the
    same)."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "block"})
    record_violations(context)
    reached = set()

    def note(frame):
        parts = urllib.parse.urlsplit(frame.url)
        if parts.scheme in ("http", "https"):
            reached.add(f"{parts.scheme}://{parts.netloc}")
    context.on("page", lambda page: page.on("framenavigated", note))
    keeper = keep_runtime(context, site, built_site)
    yield context, reached, keeper
    context.close()


def as_first_visit(context, reached, keeper) -> None:
    """Put the shared context back as a first visit finds it (but for the HTTP cache,
    and the runtime its keeper holds)."""
    for page in context.pages:
        if page is not keeper:
            page.close()
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    context.clear_cookies()
    context.clear_permissions()
    blank = context.new_page()
    devtools = context.new_cdp_session(blank)
    for origin in sorted(reached):
        devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    kept = {origin: usage for origin in sorted(reached)
            if (usage := devtools.send("Storage.getUsageAndQuota", {"origin": origin})["usage"])}
    devtools.detach()
    assert not kept, f"storage left after a test, in bytes by origin: {kept}"
    blank.close()
    reached.clear()


@pytest.fixture
def page(request, shared_context):
    """The test's page: in the shared context, or in the test's own when it asks for one."""
    if "context" in request.fixturenames:
        yield request.getfixturevalue("context").new_page()
        return
    context, reached, keeper = shared_context
    yield context.new_page()
    as_first_visit(context, reached, keeper)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The deployable site, built once per test run (fetching the runtime on first use),
    however many workers run browser tests (tests/once.py)."""
    def make(folder):
        ensure_runtime()
        build(folder / "dist", log=lambda *_: None)
        return folder / "dist"
    return once_per_run(tmp_path_factory, "site", make)


@pytest.fixture(scope="session")
def site(built_site):
    served = Site(built_site)
    yield served
    served.stop()


@pytest.fixture
def watched(page, site):
    """The test's page, watched; checked again when the test ends."""
    watched = watch(page.context, site.origin)
    yield watched
    watched.stop()
    if not watched.checked:
        watched.assert_clean()
