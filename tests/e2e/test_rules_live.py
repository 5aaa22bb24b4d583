"""The rules pages' live examples (issue 41; static/rules-live.js): each figure becomes a
board once the reader comes near it, in the page's language, stepped through ◀ ▶ or
answered; the picture is shown until the board is ready, a button brings it back, and
with scripts off the pages are pictures only. The page's policy refuses anything inline
(every browser test fails on a refusal: tests/e2e/browsing.py)."""

import pytest
from browsing import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def live(page, name: str):
    page.wait_for_selector(f"#diagram-{name}.live-ready", timeout=BOOT_TIMEOUT_MS)
    return page.frame_locator(f"#diagram-{name} iframe.live")


def test_an_example_steps_through_its_line_in_the_page_language(page, site):
    page.goto(site.url + "rules/tatsu.hu.html#diagram-tatsu-moving")
    picture = page.locator("#diagram-tatsu-moving img")
    assert picture.is_visible()  # the picture, until the board is ready
    board = live(page, "tatsu-moving")
    assert picture.is_hidden()
    assert board.locator("html").get_attribute("lang") == "hu"
    count = board.locator(".step-count")
    start = count.inner_text()
    assert start == "0. lépés (összesen 2)"
    board.locator('[data-view-step="1"]').click()
    board.locator('[data-view-step="1"]').click()
    page.wait_for_function("""() => document.querySelector('#diagram-tatsu-moving iframe')
        .contentDocument.querySelector('[data-view-step="1"]').disabled""")
    board.locator('[data-view-step="-1"]').click()
    board.locator('[data-view-step="-1"]').click()
    page.wait_for_function("""([start]) => document.querySelector(
        '#diagram-tatsu-moving iframe').contentDocument.querySelector('.step-count')
        .textContent === start""", arg=[start])
    # a figure far below the reader is not framed yet: it starts when the reader nears it
    assert page.locator("#diagram-tatsu-win-kind iframe").count() == 0

    # the button under the board brings the picture back, from the keyboard too
    toggle = page.locator("#diagram-tatsu-moving .live-toggle")
    assert toggle.inner_text() == "A kép mutatása"
    toggle.focus()
    page.keyboard.press("Enter")
    assert picture.is_visible()
    assert page.locator("#diagram-tatsu-moving iframe.live").is_hidden()
    assert toggle.inner_text() == "Az élő tábla mutatása"
    page.keyboard.press("Enter")
    assert picture.is_hidden() and toggle.inner_text() == "A kép mutatása"


def test_a_question_is_answered_on_the_page_and_the_later_examples_join_quickly(page, site):
    page.goto(site.url + "rules/tatsu.html#diagram-tatsu-entangle")
    board = live(page, "tatsu-entangle")
    assert board.locator("#task").inner_text().startswith("Entangle")
    board.locator('#board g.stone[data-segment="9"][data-field="inner"]').click()
    board.locator('#board g.target[data-target-segment="11"]').click()
    board.locator(".verdict").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "Well done" in board.locator(".verdict").inner_text()
    # the last example, scrolled to, joins the runtime already started
    page.locator("#diagram-tatsu-win-kind").scroll_into_view_if_needed()
    live(page, "tatsu-win-kind")


def test_a_tsuro_example_answers_with_a_placement(page, site):
    page.goto(site.url + "rules/tsuro-of-the-seas.html#diagram-tsuro-placing-rule-3")
    board = live(page, "tsuro-placing-rule-3")
    assert "afloat" in board.locator("#task").inner_text()
    assert board.locator("#board svg[data-board]").count() == 1


def test_with_scripts_off_the_rules_pages_are_their_pictures(browser, site):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        for name in ("rules/tatsu.html", "rules/tsuro-of-the-seas.ro.html"):
            page.goto(site.url + name)
            figures = page.locator("figure[data-live]")
            assert figures.count() >= 10
            assert page.locator("figure[data-live] img:visible").count() == figures.count()
            assert page.locator("iframe").count() == 0
    finally:
        context.close()


def test_a_link_to_a_rule_keeps_the_rule_in_view_while_examples_above_come_alive(page, site):
    """A refused move links its rule (#placing-rule-1): the boards that take the place
    of the pictures above it are taller, and the rule must not slide away meanwhile."""
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site.url + "rules/tsuro-of-the-seas.html#placing-rule-1")
    top = "document.getElementById('placing-rule-1').getBoundingClientRect().top"
    at_first = page.evaluate(top)
    assert 0 <= at_first < 100
    above = """() => [...document.querySelectorAll('figure.live-ready')].some((figure) =>
        figure.compareDocumentPosition(document.getElementById('placing-rule-1'))
        & Node.DOCUMENT_POSITION_FOLLOWING)"""
    page.wait_for_function(above, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => !document.querySelector('figure.live-loading')",
                           timeout=BOOT_TIMEOUT_MS)
    assert abs(page.evaluate(top) - at_first) <= 2
