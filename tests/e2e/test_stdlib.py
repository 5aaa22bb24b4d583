"""The pages on the standard library the build serves them (game/site/stdlib.py): only the
modules found for them, each lean. A module they import and it lacks is a
ModuleNotFoundError on the console, so each test here fails on it: in each language a
whole game of computers alone at the fast pace in each game; the first step of each
game's lesson; a game of computers on an embedded board. Each plays on the archive a first
visit gets (the modules' lean source: the compiled archive, which a later start finds in
the browser's cache, is kept from them); the last test, on the compiled one.

Only the pages' public hooks drive them (`data-ready`, button[data-game], the start
form's field names and [data-start], [data-again] once a game is over, `#log li`,
svg[data-board] and the board's own click targets in it, game/<game>/svg.py, the embedded
board's parameters and messages), so that they play the pages before and after a rebuild
alike. Each test is a pytest-xdist group of its own (tests/conftest.py groups a browser
file's tests together otherwise): the file's minute and a half of play spreads over the
workers."""

import io
import json
import urllib.parse
import zipfile

import pytest
from browsing import BOOT_TIMEOUT_MS, open_page, own_worker, watch

from game.core.i18n import LANGUAGES
from game.core.registry import game
from game.site.stdlib import URL, compiled_archive, trimmed_archive

pytestmark = pytest.mark.e2e

FORM = "form:has([data-start])"
# Games of computers alone that end soon (seeded; natively, with the page's bots:
# Tsuro of the Seas 3 actions, Tatsu 15).
GAMES = {
    "tsuro": {"players": "2", "player0": "easy", "player1": "easy", "daikaiju": True,
              "seed": "23", "speed": "fast"},
    "tatsu": {"player0": "easy", "player1": "medium", "first": "black", "seed": "393",
              "speed": "fast"},
}
GAME_SECONDS = 120  # the longest a game may take on a loaded machine
EMBED_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>An embedded board</title><link rel="icon" href="data:,"></head><body>
<script>
  window.got = [];
  addEventListener("message", (event) => {
    if (event.data && event.data.source === "tsuro-tatsu") window.got.push(event.data);
  });
</script>
<iframe title="A game of computers" width="640" height="480" src="%s"></iframe>
</body></html>"""


COMPILED = "**/python_stdlib-compiled-*.zip"
READY = "() => document.documentElement.dataset.ready === 'true'"


def first_visit(page) -> None:
    """The page gets no compiled standard library, as on a first visit (the worker's
    question to the cache for it is refused: it starts on the modules' source)."""
    own_worker(page)  # (its requests are the page's: the route below sees them)
    page.route(COMPILED, lambda route: route.abort("aborted"))


def library(page) -> list[str]:
    """Which standard library each of the page's game workers started on."""
    told = [frame.evaluate("window.pythonLibrary") for frame in page.frames]
    return [library for library in told if library]  # (engine.js says it with "loaded")


def test_the_site_serves_only_the_modules_found_each_lean(built_site):
    served = (built_site / URL).read_bytes()
    made = trimmed_archive()
    assert made is not None and made.read_bytes() == served, \
        "the site serves Pyodide's whole standard library (Node.js missing, or failing?)"
    with zipfile.ZipFile(io.BytesIO(served)) as archive:
        names = archive.namelist()
        assert names == sorted(names) and 100 < len(names) < 200
        for needed in ("json/__init__.py", "gettext.py", "html/__init__.py",  # the game's
                       "asyncio/__init__.py",  # Pyodide's, as it starts
                       "encodings/cp437.py"):  # zipfile's, as the game's archive unpacks
            assert needed in names
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_DEFLATED}
        source = archive.read("json/__init__.py").decode()
    assert '"""' not in source and "#" not in source  # no docstring, no comment
    assert len(served) < 500_000


def test_the_site_serves_the_same_modules_compiled_for_a_later_start(built_site):
    url, made = compiled_archive()
    compiled = (built_site / url).read_bytes()
    assert made.read_bytes() == compiled
    with zipfile.ZipFile(io.BytesIO((built_site / URL).read_bytes())) as archive:
        sources = archive.namelist()
    with zipfile.ZipFile(io.BytesIO(compiled)) as archive:
        assert archive.namelist() == [name + "c" if name.endswith(".py") else name
                                      for name in sources]
        headers = {archive.read(name)[:8] for name in archive.namelist()
                   if name.endswith(".pyc")}
    assert len(headers) == 1 and headers.pop()[4:] == bytes([1, 0, 0, 0])  # one magic, unchecked
    engine = (built_site / "static/engine.js").read_text()
    assert f'const COMPILED = "{url.removeprefix("static/")}";' in engine
    assert f'"./{url}"' in (built_site / "sw.js").read_text()  # kept: a later start finds it


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_of_computers_to_its_end_in_each_game(page, site, watched, lang):
    first_visit(page)
    open_page(page, f"{site.url}?game=tsuro&lang={lang}")
    assert library(page) == ["source"]
    for key, form in GAMES.items():
        # the game's start screen (again, for the game shown): filled in once it is drawn
        # anew, never while the click's drawing may still come and reset what was typed
        page.evaluate(f"document.querySelector('{FORM}')?.setAttribute('data-before', '')")
        page.click(f"button[data-game='{key}']")
        page.wait_for_selector(f"svg[data-board='{key}'] >> nth=0")
        page.wait_for_selector(f"{FORM}:not([data-before])")
        play_to_the_end(page, form)
    watched.assert_clean()


def play_to_the_end(page, form: dict) -> None:
    for name, value in form.items():
        field = page.locator(f'{FORM} [name="{name}"]')
        kind = field.evaluate("(element) => element.tagName + ':' + (element.type || '')")
        if kind.startswith("SELECT"):
            field.select_option(value)
        elif kind == "INPUT:checkbox":
            field.set_checked(value)
        else:
            field.fill(value)
    page.click(f"{FORM} [data-start]")
    try:
        page.wait_for_selector("[data-again]", timeout=GAME_SECONDS * 1000)
    except Exception as stalled:  # playwright's TimeoutError: say where the game stood
        seen = page.evaluate("""() => ({
            status: document.getElementById('status')?.textContent,
            log: [...document.querySelectorAll('#log li')].slice(-4).map((li) => li.textContent),
            moving: document.getAnimations().map((a) => a.playState),
            seed: document.getElementById('seed-line')?.textContent})""")
        raise AssertionError(f"the game did not end in {GAME_SECONDS} s: {seen}") from stalled
    assert page.locator("#log li").count() > 2


@pytest.mark.parametrize("key", ("tsuro", "tatsu"))
def test_the_first_step_of_a_lesson(page, site, watched, key):
    first_visit(page)
    open_page(page, f"{site.url}learn.html?game={key}")
    assert library(page) == ["source"]
    board = page.locator(f"svg[data-board='{key}']")
    for raw in game(key).lesson[0].solution:
        kind, *args = raw
        if key == "tsuro":  # a start mark: chosen, then chosen again to set sail
            mark = f'g.mark.choice[data-mark="{args[0]}"]'
            board.locator(mark).click()
            board.locator(f"{mark}.picked").click()
        else:  # a stone once it may be moved, then where it goes
            segment, field = args[0]
            board.locator(f'g.stone.movable[data-segment="{segment}"][data-field="{field}"]'
                          ).click()
            action = json.dumps(raw, separators=(",", ":"))
            board.locator(f"g.target[data-action='{action}']").click()
    page.wait_for_selector('[data-verdict="solved"]', timeout=GAME_SECONDS * 1000)
    watched.assert_clean()


@pytest.mark.parametrize("lang", ["ro"])
def test_an_embedded_board_plays_a_game_of_computers(page, site, watched, lang):
    params = {"game": "tsuro", "mode": "play", "players": "easy,easy", "lang": lang,
              "id": "stdlib"}
    frame = site.url + "embed.html?" + urllib.parse.urlencode(params)
    host = site.url + "stdlib-host.html"
    first_visit(page)
    page.route(host, lambda route: route.fulfill(body=EMBED_HOST % frame,
                                                 content_type="text/html"))
    page.goto(host)
    page.wait_for_function("window.got.some((m) => m.type === 'ready')",
                           timeout=BOOT_TIMEOUT_MS)
    assert library(page) == ["source"]
    page.wait_for_function("window.got.some((m) => m.type === 'game_over')",
                           timeout=GAME_SECONDS * 1000)
    kinds = [message["type"] for message in page.evaluate("window.got")]
    assert "error" not in kinds and "action" in kinds
    watched.assert_clean()


def test_a_later_start_runs_on_the_compiled_modules(context, site):
    """A first visit starts on the modules' source, and its service worker keeps the
    compiled archive with every file; the next start finds it and compiles nothing: a
    whole game of each kind plays on it."""
    watched = watch(context, site.origin)
    page = context.new_page()
    open_page(page, f"{site.url}?game=tatsu")
    assert library(page) == ["source"]
    url, _ = compiled_archive()
    for _ in range(GAME_SECONDS * 2):  # (evaluate awaits the answer; a wait would not)
        if page.evaluate("""async (name) => {
            await navigator.serviceWorker.ready;
            for (const key of await caches.keys()) {
              const kept = await (await caches.open(key)).keys();
              if (kept.some((request) => request.url.endsWith(name))) return true;
            }
            return false;
        }""", url.rpartition("/")[2]):
            break
        page.wait_for_timeout(500)
    else:
        raise AssertionError("the service worker never kept the compiled library")
    page.close()
    again = context.new_page()
    open_page(again, f"{site.url}?game=tatsu&lang=pt")
    assert library(again) == ["compiled"]
    for key, form in GAMES.items():
        again.click(f"button[data-game='{key}']")
        again.wait_for_selector(f"svg[data-board='{key}'] >> nth=0")
        play_to_the_end(again, form)
    watched.stop()
    watched.assert_clean()
