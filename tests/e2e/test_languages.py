"""The page in another language, in a real Chromium: `?lang=` makes the start screen speak
it (the first screen as built is English, so it is drawn again once Python is ready),
`<html lang>` follows, and choosing a game keeps the language in the address."""

import pytest
from browsing import open_page

from game.core import i18n
from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.web.start import start_screen_html

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {SOURCE_LANGUAGE}))
def test_the_start_screen_speaks_the_language_of_the_address(page, site, watched, lang):
    i18n.use(lang)
    try:
        lead = start_screen_html().split('<p class="start-lead">')[1].split("</p>")[0]
        play = i18n._("Play {game}").format(game="Tatsu")
        title = i18n._("New game of {game}").format(game="Tatsu")
        start = i18n._("Start the game")
    finally:
        i18n.use(SOURCE_LANGUAGE)
    open_page(page, f"{site.url}?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".start-lead").inner_text() == lead
    assert page.locator("button[data-game='tatsu']").inner_text() == play
    assert page.locator("#boot-progress").count() == 0
    page.click("button[data-game='tatsu']")
    page.wait_for_selector("#setup-form[data-game='tatsu']")
    assert page.evaluate("location.search") == f"?game=tatsu&lang={lang}"
    assert page.locator("#setup-title").inner_text() == title
    assert page.locator("button[data-start]").inner_text() == start
    watched.assert_clean()


def test_english_keeps_the_first_screen_as_built(page, site, watched):
    open_page(page, f"{site.url}?lang=de")  # no such catalog: English
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".start-lead").inner_text() == (
        "Play with friends at one screen, or against the computer.")
    watched.assert_clean()
