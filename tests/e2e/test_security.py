"""The pages' Content-Security-Policy (game/site/head.py) in a real Chromium: it refuses
what it should (a picture from another site, refused by the browser itself) and the
watch on every browser test reports the refusal; the pages that run no script (the rules
pages, and the teaching page with its two live boards in frames) show everything without
one. Every test with the `watched` fixture fails on a refusal too: the start page, the
board, the lessons, and whole seeded games of both games (test_full_games.py)."""

import pytest
from browsing import BOOT_TIMEOUT_MS, BROKEN_IMAGES, VIOLATION, open_page

from game.site.rules import page_names

pytestmark = pytest.mark.e2e

FOREIGN_PICTURE = "http://192.0.2.1/picture.png"  # a documentation address, never routed


def test_the_policy_refuses_another_origin_and_the_watch_says_so(page, site, watched):
    open_page(page, site.url)
    with page.expect_console_message(lambda message: message.text.startswith(VIOLATION)):
        page.evaluate("""(src) => {
            const picture = document.createElement('img');
            picture.alt = '';
            picture.src = src;
            document.body.append(picture);
        }""", FOREIGN_PICTURE)
    # (the console's copy of it has reached the watch: events come in order, and this
    # answer comes after it)
    assert page.evaluate("window.__cspViolations")[0].startswith(f"img-src {FOREIGN_PICTURE}")
    refused = f"refused by the page's policy: img-src {FOREIGN_PICTURE} "
    assert [line for line in watched.problems() if line.startswith(refused)] != []
    watched.checked = True
    # the browser refused it itself: it never reached the network
    assert [line for line in watched.failed if FOREIGN_PICTURE in line] == [
        f"csp {FOREIGN_PICTURE}"]  # the failure Chromium gives a refused request


def test_the_pages_without_python_refuse_nothing(page, site, watched):
    for name in [*page_names().values(), "teach.html"]:
        page.goto(site.url + name)
        page.wait_for_load_state("load")
        assert page.evaluate(BROKEN_IMAGES) == [], name
        assert page.evaluate("window.__cspViolations") == [], name
    # the teaching page's live boards: embed.html in frames, each under its own policy
    frames = page.locator("iframe")
    assert frames.count() == 8
    for index in range(8):
        frames.nth(index).scroll_into_view_if_needed()
        board = page.frame_locator("iframe").nth(index).locator(
            "html[data-ready='true'] #board svg[data-board]")
        board.wait_for(timeout=BOOT_TIMEOUT_MS)
    boards = [frame for frame in page.frames if "embed.html" in frame.url]
    assert len(boards) == 8
    for frame in boards:
        assert frame.evaluate("window.__cspViolations") == []
    watched.assert_clean()
