"""What every test shares: the order in which tests/run.py's parallel run (pytest-xdist,
`--dist loadgroup`) hands out the tests, and how long any one test may take
(pytest-timeout).

- Each test is a unit of its own, handed to the next worker that is free, in the order
  set here. (No test is marked with a group: pytest 9.2's node ids no longer take the
  group that pytest-xdist 3.8 adds to them, so tests marked alike were shared out one by
  one anyway.) A worker starts one Chromium for all the browser tests it takes; the site
  they load is built once per run (tests/once.py), as is the site the site tooling tests
  read (tests/site/conftest.py).
- The browser tests go first, longest first (LONGEST): the longest part of the run starts
  at once. Every other test comes after them. (Spread among the browser tests instead,
  to use the processor while a page waits, they made the whole run half a minute longer:
  the pages waited longer for a busier processor.)
- A browser test whose page crashes under it ("Target crashed": a renderer lost on a
  loaded machine, seen about once in four runs here) runs once more (pytest-rerunfailures,
  only for that error): the test is about the page, not the machine.
- A test that runs past its time fails (a broken rule that makes games run to their
  step cap fails in a minute, not at the end of a stalled run): a minute for a test
  without a browser, four for one that plays whole games in Chromium.
"""

import pytest

NATIVE_SECONDS = 60
BROWSER_SECONDS = 240
# The browser files whose tests take longest first (measured), so that the workers end
# together.
# (Those that start runtimes of their own weigh most now that the others find one started:
# tests/e2e/conftest.py.)
LONGEST = ("test_full_games", "test_stdlib", "test_languages", "test_one_runtime",
           "test_accessibility", "test_pwa", "test_moving_pieces", "test_smoke",
           "test_embed_cross_site", "test_first_paint", "test_keyboard", "test_durable")


@pytest.hookimpl(tryfirst=True)  # (the marks set before any other plugin reads them)
def pytest_collection_modifyitems(config, items):
    browser, others = [], []
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["Target crashed"]))
            seconds = BROWSER_SECONDS
            browser.append(item)
        else:
            seconds = NATIVE_SECONDS
            others.append(item)
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(seconds))
    browser.sort(key=lambda item: LONGEST.index(item.path.stem)
                 if item.path.stem in LONGEST else len(LONGEST))  # (a stable sort)
    items[:] = browser + others
