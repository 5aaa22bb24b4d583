"""The page in another language, in a real Chromium: `?lang=` makes the start screen speak
it (the first screen as built is English, so it is drawn again once Python is ready),
`<html lang>` follows, and choosing a game keeps the language in the address."""

import functools
import random
import re

import pytest
from browsing import open_page, own_worker
from players import (
    TatsuPlayer,
    TsuroPlayer,
    choose_tatsu,
    choose_tsuro,
    start_game,
    tatsu_twin,
    tsuro_twin,
)

from game.core import i18n
from game.core.catalogs import read_po
from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, catalog_path
from game.web.start import start_screen_html

pytestmark = pytest.mark.e2e

# The catalogs the page itself asked for (its service worker keeps them all for offline
# play, but a visit downloads only the one it speaks).


def catalogs_fetched(page) -> list:
    """The catalogs the page and its worker ask for, in order, from now on (not the
    service worker, which keeps every file of the site for offline play). The page's own
    worker: those of a worker the pages share are not the page's requests."""
    own_worker(page)
    fetched: list = []
    page.on("request", lambda request: fetched.append(request.url.split("/").pop())
            if "/static/locale/" in request.url and request.service_worker is None else None)
    return fetched


def test_english_keeps_the_first_screen_as_built(page, site, watched):
    fetched = catalogs_fetched(page)
    open_page(page, f"{site.url}?lang=de")  # no such catalog: English
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator(".start-lead").inner_text() == (
        "Play with friends at one screen, or against the computer.")
    assert fetched == []  # English needs none
    watched.assert_clean()


# --- a game of each kind in each language: no English left ------------------------------
TRANSLATED = sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
NAMES = ("Ana", "Béla")  # names, not words of any language checked
# Words of English that none of the four languages writes as a word of its own.
ENGLISH_WORDS = re.compile(r"\b(the|and|your|you|with|from|tile|tiles|game|"
                           r"place|roll|rolled|wins|turn|player|players|choose|click|"
                           r"stone|stones|ship|ships|dice|die|thinking|which|when|where|"
                           r"pass|screen|seed|keys|log|left|right|rules|back|next|show)\b",
                           re.IGNORECASE)
SEEN_TEXT = """() => {
  const app = document.getElementById('app');
  const parts = [app.innerText];
  for (const element of app.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      if (element.hasAttribute(name)) parts.push(element.getAttribute(name));
    }
  }
  for (const title of app.querySelectorAll('svg title, svg desc')) parts.push(title.textContent);
  return parts.join('\\n');
}"""


@functools.cache  # (read once per language: every screen of every test asks)
def english_chunks(lang: str) -> tuple[str, ...]:
    """The English texts of the catalog a translation replaces (each message's words
    between its placeholders, those of three words or more), to be found nowhere."""
    catalog = read_po(catalog_path(lang).read_text("utf-8"))
    chunks = set()
    for message, translated in catalog.items():
        sources = message if isinstance(message, tuple) else (message,)
        forms = translated if isinstance(translated, tuple) else (translated,)
        for source in sources:
            for chunk in re.split(r"\{[^{}]*\}", source):
                chunk = chunk.strip(" .,:;()“”")
                if len(chunk.split()) >= 3 and not any(chunk in form for form in forms):
                    chunks.add(chunk)
    return tuple(sorted(chunks))


def assert_no_english(page, lang: str) -> None:
    seen = page.evaluate(SEEN_TEXT)
    for name in sorted((*NAMES, "Tsuro of the Seas", "Tatsu", "English",
                        *LANGUAGES.values()), key=len, reverse=True):
        seen = seen.replace(name, " ")
    left = [chunk for chunk in english_chunks(lang) if chunk in seen]
    assert not left, (lang, left[:5])
    words = sorted({w.lower() for w in ENGLISH_WORDS.findall(seen)})
    assert not words, (lang, words, [line for line in seen.splitlines()
                                     if ENGLISH_WORDS.search(line)][:5])


class Silent:
    """A twin-checked player that leaves out what is said in words the twin cannot say
    (the status line; Tatsu's panel title): the board, the hands and every log line, in
    the page's language, are still checked."""

    unchecked = ("status",)

    def expected(self) -> dict:
        facts = super().expected()
        return {key: value for key, value in facts.items() if key not in self.unchecked}


class SilentTsuro(Silent, TsuroPlayer):
    pass


class SilentTatsu(Silent, TatsuPlayer):
    unchecked = ("status", "panel")


def switch_to(page, lang: str) -> None:
    page.select_option("select[data-language]", lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def open_start_screen_in(page, site, lang):
    """`?lang=` makes the start screen speak the language (the first screen as built is
    English), `<html lang>` follows, and choosing Tatsu keeps the language in the
    address; the page downloads that language's catalog and no other."""
    lead = start_screen_html().split('<p class="start-lead">')[1].split("</p>")[0]
    fetched = catalogs_fetched(page)
    open_page(page, f"{site.url}?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert fetched == [f"{lang}.mo.gz"]  # preloaded, fetched once
    assert page.locator(".start-lead").inner_text() == lead
    assert page.locator("button[data-game='tatsu']").inner_text() == i18n._("Play {game}").format(
        game="Tatsu")
    assert page.locator("#boot-progress").count() == 0
    page.click("button[data-game='tatsu']")
    page.wait_for_selector("#setup-form[data-game='tatsu']")
    assert page.evaluate("location.search") == f"?game=tatsu&lang={lang}"
    assert page.locator("#setup-title").inner_text() == i18n._("New game of {game}").format(
        game="Tatsu")
    assert page.locator("button[data-start]").inner_text() == i18n._("Start the game")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_tsuro_of_the_seas_in_the_language_then_another(page, site, watched, lang):
    """Two people at one screen set sail and place tiles (the pass screen between them):
    the log is the engine's words in the language, nothing English is left; then the
    picker switches the whole game, its log included, to another language at once."""
    i18n.use(lang)
    try:
        fetched = catalogs_fetched(page)
        open_page(page, f"{site.url}?game=tsuro&lang={lang}")
        assert_no_english(page, lang)
        twin = tsuro_twin(7, NAMES, ["human", "human"])
        start_game(page, {"players": 2, "name0": NAMES[0], "name1": NAMES[1],
                          "player0": "human", "player1": "human", "seed": 7,
                          "speed": "instant"})
        player = SilentTsuro(page, twin)
        player.settle()
        rng = random.Random(7)
        for _step in range(4):
            player.play(choose_tsuro(twin.state, rng))
            assert_no_english(page, lang)
        player.pass_screen()
        assert_no_english(page, lang)
        other = TRANSLATED[(TRANSLATED.index(lang) + 1) % len(TRANSLATED)]
        i18n.use(other)
        twin.lines[:] = [line for line in (twin.describe(e, twin.names) for e in twin.events)
                         if line]
        switch_to(page, other)
        player.settle()
        assert_no_english(page, other)
        assert page.evaluate("location.search") == f"?game=tsuro&lang={other}"
        assert fetched == [f"{lang}.mo.gz", f"{other}.mo.gz"]
    finally:
        i18n.use(SOURCE_LANGUAGE)
    watched.assert_clean()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_tatsu_in_the_language(page, site, watched, lang):
    """From the start screen in the language to six actions of a game, nothing English."""
    i18n.use(lang)
    try:
        open_start_screen_in(page, site, lang)
        assert_no_english(page, lang)
        labels = [i18n._(colour) for colour in ("Black", "White")]
        twin = tatsu_twin(29, [f"{n} ({c})" for n, c in zip(NAMES, labels)],
                          ["human", "human"])
        start_game(page, {"name0": NAMES[0], "name1": NAMES[1], "player0": "human",
                          "player1": "human", "seed": 29, "speed": "instant"})
        player = SilentTatsu(page, twin)
        player.settle()
        rng = random.Random(29)
        for _step in range(6):
            player.play(choose_tatsu(twin.state, rng))
            assert_no_english(page, lang)
    finally:
        i18n.use(SOURCE_LANGUAGE)
    watched.assert_clean()
