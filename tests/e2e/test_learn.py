"""Learn to play in a real Chromium: the start screen links each game's lesson, a learner
clicks through every step of the Tatsu lesson to its end, a wrong try gets its hint, and
the progress is still there after a reload."""

import json

import pytest
from browsing import open_page

from game.core.actions import Action
from game.core.registry import game

pytestmark = pytest.mark.e2e


def click_tatsu(page, seat, action):
    """A person's clicks for a Tatsu action: the stone (or mat pile), then its target.
    The stone once it may be moved (`movable`): after the action before, the board shows
    the next position only when its motion has ended."""
    stone = action.args[0]
    if stone[0] == "mat":
        page.click(f'#board g.pile.movable[data-seat="{seat}"][data-mat="{stone[1]}"]')
    else:
        page.click(f'#board g.stone.movable[data-segment="{stone[0]}"]'
                   f'[data-field="{stone[1]}"]')
    data = json.dumps(action.to_json(), separators=(",", ":"))
    page.click(f"#board g.target[data-action='{data}']")


def test_the_tatsu_lesson_runs_to_its_end_and_is_remembered(page, site, watched):
    open_page(page, site.url)
    page.click('a[href="learn.html?game=tatsu"]')
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    lesson = game("tatsu").lesson
    assert page.locator(".lesson-steps button").count() == len(lesson)
    for index, step in enumerate(lesson):
        page.wait_for_function(f"document.documentElement.dataset.step === '{index + 1}'")
        assert page.locator("#step-title").inner_text().endswith(step.title)
        if index == 1:  # a wrong try first: the hint, then "Try again"
            # the 5 first, then the 2 moves the stone on 1 onto an empty segment
            for wrong in (Action("move", ((3, "inner"), 5)), Action("move", ((1, "inner"), 2))):
                click_tatsu(page, 0, wrong)
            page.wait_for_selector('.verdict[data-verdict="failed"]')
            assert step.hint in page.locator(".verdict .hint").inner_text()
            page.get_by_role("button", name="Try again", exact=True).click()
            page.wait_for_selector(".verdict", state="detached")
        for raw in step.solution:
            if page.locator('.verdict[data-verdict="solved"]').count():
                break
            click_tatsu(page, 0, Action.from_json(raw))
        page.wait_for_selector('.verdict[data-verdict="solved"]')
        if index + 1 < len(lesson):
            page.get_by_role("button", name="Next step").click()
    assert page.get_by_role("link", name="Play a game of Tatsu").is_visible()
    done = json.loads(page.evaluate("localStorage.getItem('tsuro-tatsu.lessons.tatsu')"))
    assert done == [step.key for step in lesson]
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert page.locator(".lesson-steps .step-dot.done").count() == len(lesson)
    watched.assert_clean()
