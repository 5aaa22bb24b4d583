"""The page in a real Chromium: it starts, shows each game's board, asks nothing of any other
origin, has no console error and no failed response, fits a phone, fails gently and works
offline once opened."""

import io
import zipfile

import pytest
from browsing import READY, Site, open_page, own_worker, watch
from players import start_game

from game.site.bundle import game_archive

pytestmark = pytest.mark.e2e


def test_start_page_gets_ready(page, site, watched):
    open_page(page, site.url)
    assert page.locator("h1").inner_text().startswith("Tsuro of the Seas")
    buttons = page.locator("button[data-game]")
    assert buttons.all_inner_texts() == ["Play Tsuro of the Seas", "Play Tatsu"]
    # each game shown as it looks: a picture of its board in play
    for game in ("tsuro", "tatsu"):
        picture = page.locator(f"[data-card='{game}'] img.card-picture")
        assert picture.evaluate("(img) => img.complete && img.naturalWidth > 0")
        assert picture.get_attribute("alt")
    watched.assert_clean()


@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_game_page_shows_its_board(page, site, watched, game):
    own_worker(page)  # (its downloads counted among the page's requests)
    open_page(page, f"{site.url}?game={game}")
    board = page.locator(f"svg[data-board='{game}']")
    assert board.count() == 1 and board.is_visible()
    assert page.locator("svg[data-board]").count() == 1
    assert page.locator(f"button[data-game='{game}']").get_attribute("aria-pressed") == "true"
    rules = page.locator("a.rules-link")  # the game's rules, a click away
    assert rules.inner_text().startswith("Rules of ")
    response = page.request.get(site.url + rules.get_attribute("href"))
    assert response.ok and "<h1" in response.text()
    watched.assert_clean()
    # Everything came from the site itself, each file once, under the sub-path.
    own = [url for url in watched.requests if url.startswith(site.url)]
    assert len(own) == len(watched.requests)
    for needed in ("static/page.js", "static/engine.js", "static/game.zip",
                   "static/vendor/pyodide/pyodide.asm.wasm"):
        assert site.url + needed in watched.requests


def test_choosing_a_game_shows_its_board_without_reloading(page, site, watched):
    open_page(page, site.url)
    page.evaluate("window.sameDocument = true")
    page.get_by_role("button", name="Tatsu").click()
    page.wait_for_selector("svg[data-board='tatsu']")
    assert page.url.endswith("?game=tatsu")
    page.get_by_role("button", name="Tsuro of the Seas").click()
    page.wait_for_selector("svg[data-board='tsuro']")
    assert page.locator("svg[data-board='tatsu']").count() == 0
    page.go_back()
    page.wait_for_selector("svg[data-board='tatsu']")
    assert page.evaluate("window.sameDocument") is True
    watched.assert_clean()


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_layout_fits_phone_and_desktop(page, site, watched, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, f"{site.url}?game=tsuro")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator("svg[data-board='tsuro']").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    if width > height:  # a landscape screen shows the whole board without scrolling
        assert box["y"] + box["height"] <= height
    for button in page.locator("button[data-game]").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["x"] + size["width"] <= width  # touchable
    # a game in play, in the language with the longest words: the players' list and the
    # start-mark menu (its entries long) stay within the screen
    open_page(page, f"{site.url}?game=tsuro&lang=es")
    start_game(page, {"players": 3, "player0": "human", "player1": "easy", "player2": "easy",
                      "seed": 7, "speed": "fast"})
    page.wait_for_selector("#panel .roster")
    page.wait_for_selector("#panel select[data-mark-select]")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    watched.assert_clean()


def archive_with(replacements: dict[str, str]) -> bytes:
    """The game archive with some files' text replaced (to break the page on purpose)."""
    source = zipfile.ZipFile(io.BytesIO(game_archive()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            target.writestr(name, replacements.get(name, source.read(name)))
    return out.getvalue()


def serve_archive(page, data: bytes):
    own_worker(page)  # (its download of the archive is the page's, routed here)
    page.route("**/static/game.zip", lambda route: route.fulfill(
        status=200, body=data, content_type="application/zip"))


FAILURE_CASES = {
    "error while starting": {
        "game/web/__init__.py": "GAMES = {'tsuro': 'Tsuro of the Seas', 'tatsu': 'Tatsu'}\n"
                                "def chosen_game(query):\n"
                                "    raise ValueError('deliberate failure')\n"},
    "module that does not import": {"game/web/worker.py": "def serve(:\n    pass\n"},
}


@pytest.mark.parametrize("case", sorted(FAILURE_CASES))
def test_errors_reach_the_console_never_the_player(page, site, watched, case):
    watched.expect_errors = True
    serve_archive(page, archive_with(FAILURE_CASES[case]))
    open_page(page, f"{site.url}?game=tsuro", expect="error")
    text = page.inner_text("body")
    assert "Sorry" in text and "reload" in text
    for leak in ("Traceback", "Error", "deliberate", "File \"", "line "):
        assert leak not in text
    assert page.locator(".py-error").count() == 0
    assert watched.console_errors, "the details must reach the console"
    assert page.locator("#board svg[data-board]").count() == 0  # no game table
    assert page.locator("#boot-progress").count() == 0
    for button in page.locator("button[data-game]").all():  # the built first screen's
        assert button.is_disabled()


@pytest.mark.parametrize("path", ["embed.html?game=tatsu", "learn.html?game=tsuro&step=2"])
def test_a_page_script_that_cannot_be_had_is_said_at_once(page, site, watched, path):
    """The guard is deferred like the page's other scripts (static/guard.js, embed.html):
    it still runs before them and hears the one that could not be had, long before its
    60 s of silence."""
    watched.expect_errors = True
    page.route("**/static/page.js", lambda route: route.abort("failed"))
    page.goto(site.url + path)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'",
                           timeout=15_000)
    assert "could not start" in page.locator("#status").inner_text()
    assert "page.js" in " ".join(watched.console_errors)


def test_works_offline_once_opened(context, built_site):
    """Open the page once; with the server gone and the network off, it still starts."""
    site = Site(built_site, base="/offline/")
    watched = watch(context, site.origin)
    page = context.new_page()
    try:
        open_page(page, f"{site.url}?game=tsuro")
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == site.url
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((request) => request.url);
        }""")
        assert site.url + "static/vendor/pyodide/pyodide.asm.wasm" in cached
        assert site.url + "static/game.zip" in cached
        watched.assert_clean()
    finally:
        site.stop()
    context.set_offline(True)
    watched.expect_errors = True  # the service worker's network attempts fail, by design
    offline = context.new_page()
    open_page(offline, f"{site.url}?game=tatsu")
    assert offline.locator("svg[data-board='tatsu']").is_visible()
    assert offline.evaluate(READY) == "true"
    # the embeddable board, the lessons and the rules pages were kept too
    open_page(offline, f"{site.url}embed.html?game=tsuro&mode=play&players=you,easy")
    assert offline.locator("#board svg[data-board='tsuro']").is_visible()
    open_page(offline, f"{site.url}learn.html?game=tatsu")
    assert offline.locator("#board svg[data-board='tatsu']").is_visible()
    offline.goto(f"{site.url}rules/tsuro-of-the-seas.html#placing-rule-1")
    assert offline.locator("#placing-rule-1").is_visible()
    assert not [url for url in watched.foreign]
