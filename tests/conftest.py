"""What every test shares: where tests/run.py's parallel run (pytest-xdist, `--dist
loadgroup`) places each test, and how long any one test may take (pytest-timeout).

- The browser tests go first, a file's tests together (BROWSER_GROUPS): the longest
  part of the run starts at once, and a worker that takes browser tests starts one
  Chromium for all it takes. The site they load is built once per run (tests/once.py),
  as is the site the site tooling tests read (tests/site/conftest.py).
- Every other test goes wherever a worker is free.
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
# "file": a file's browser tests together, the files shared out among the workers;
# "one": all of them in one worker (one Chromium in all).
BROWSER_GROUPS = "file"
# The longest browser files first (measured), so that the workers end together.
# (Those that start runtimes of their own weigh most now that the others find one started:
# tests/e2e/conftest.py.)
LONGEST = ("test_full_games", "test_stdlib", "test_languages", "test_one_runtime",
           "test_accessibility", "test_pwa", "test_moving_pieces", "test_smoke",
           "test_embed_cross_site", "test_first_paint", "test_keyboard", "test_durable")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    browser, others = [], []
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["Target crashed"]))
            group = item.path.stem if BROWSER_GROUPS == "file" else "browser"
            item.add_marker(pytest.mark.xdist_group(group))
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
