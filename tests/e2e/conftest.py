"""Fixtures for the browser tests (pytest-playwright, Chromium).

- Chromium: the one named by $CHROMIUM (tests/run.py sets it to the system's) with flags
  that keep it from calling home, else Playwright's own.
- `site`: the runtime fetched (pinned, verified), the site built as `python3 -m game build`
  writes it, and served on a free 127.0.0.1 port under a sub-path, as a project page is.
- `watched`: the test's page, with every request, response, console error and page error
  recorded; the test fails if a request leaves the site's origin, a response is an error
  (404 included) or the console shows an error.
"""

import os

import pytest
from browsing import CHROMIUM_FLAGS, Site, watch
from once import once_per_run

from game.site.build import build
from game.site.runtime import ensure_runtime


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    if os.environ.get("CHROMIUM"):
        args["executable_path"] = os.environ["CHROMIUM"]
    args["args"] = [*args.get("args", []), *CHROMIUM_FLAGS]
    return args


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
    if not watched.checked:
        watched.assert_clean()
