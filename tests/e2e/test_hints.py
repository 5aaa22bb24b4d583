"""The coach in a real Chromium (issue 40): a game started with "Hints on request" says so
in its log, offers a Hint button to the person to move, and a hint draws the hard
computer's move as a ghost on the board with its sentence above the prompt, by a click
or by the key H; it stays on through a reload."""

import time

import pytest
from browsing import open_page
from players import start_game

from game.core.match import HINTS_LINE

pytestmark = pytest.mark.e2e

FIRST_LINE = "() => document.querySelector('#log li')?.textContent"
GHOST = "#board svg g.ghost"


def test_a_game_with_hints_shows_the_coachs_move_and_keeps_the_setting(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"player0": "human", "player1": "easy", "first": "black", "seed": 8,
                      "speed": "instant", "hints": True})
    page.wait_for_selector("button[data-hint]")
    assert page.evaluate(FIRST_LINE) == HINTS_LINE
    assert page.locator(GHOST).count() == 0
    began = time.perf_counter()
    page.click("button[data-hint]")
    page.wait_for_selector(GHOST)
    took = time.perf_counter() - began
    status = page.locator("#panel .hint-line").inner_text()
    assert status.startswith("Hint: ") and len(status) > 20
    assert page.locator(GHOST).get_attribute("pointer-events") == "none"
    assert took < 10  # (a bound for a loaded test machine; lab/bench_coach measures it)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    page.click("[data-resume]")
    page.wait_for_selector("button[data-hint]")
    assert page.evaluate(FIRST_LINE) == HINTS_LINE
    page.locator("#board").focus()
    page.keyboard.press("h")
    page.wait_for_selector(GHOST)
    watched.assert_clean()
