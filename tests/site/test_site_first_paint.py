"""The first screen is in index.html as built (game/site/first_paint.py): the start screen
drawn by the same Python the page runs, with a progress bar out of what a first visit
downloads, and the script that fills it in, loaded before static/page.js (which starts
the game's worker, whose downloads it tells)."""

import fnmatch
import re

import pytest

from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, speaking
from game.site.build import BuildError, build, read, site_files
from game.site.first_paint import (
    BOARD_SKETCH,
    BOOT_FILES,
    LESSON_SCREEN,
    boot_bytes,
    filled,
    index_page,
)
from game.web.start import CARD_PICTURE, first_screen_html


def quiet(*_args):
    pass


@pytest.fixture
def built(site_built_once):
    return site_built_once


def test_the_built_index_holds_the_start_screen_and_its_progress(built):
    page = (built / "index.html").read_text()
    main = page[page.index('<main id="app">'):page.index("</main>")]
    assert "<template" not in main  # the other languages' screens come before it
    assert page.count('<template id="first-screen-') == 4
    assert page.rindex("</template>") < page.index('<main id="app">')
    assert "<!-- first screen" not in main and "Loading the game" not in main
    for game in ("tsuro", "tatsu"):
        assert f'data-card="{game}"' in main and f'button type="button" class="choice play" ' \
            f'data-game="{game}"' in main
    pictures = re.findall(r'<img class="card-picture" src="([^"]+)"', main)  # each card's board
    assert pictures == ["cards/tsuro-en.svg", "cards/tatsu-en.svg"]
    assert all((built / picture).read_text().startswith("<svg") for picture in pictures)
    # small: the pictures come as files; each language's screen some 4 kB
    assert len(page.encode()) < 32_000
    assert "Getting the game ready…" in main
    total = int(re.search(r'<progress id="boot-progress" max="(\d+)"', main).group(1))
    files = {p.relative_to(built).as_posix(): p for p in built.rglob("*") if p.is_file()}
    assert total == boot_bytes(files, read) > 0
    for pattern in BOOT_FILES:  # each counted file is one the build wrote
        assert fnmatch.filter(files, pattern), pattern
    assert total > (built / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").stat().st_size
    # the progress script runs before the page's module, so that it hears everything the
    # worker (which page.js starts) tells of its downloads
    assert page.index('src="./static/first.js"') < page.index('src="./static/page.js"')
    # a click made while the page is read is kept by a script read before it (not deferred)
    assert '<script src="./static/early.js"></script>' in page
    assert page.index('src="./static/early.js"') < page.index('<main id="app">')
    assert (built / "static" / "first.js").is_file()


def test_the_start_screen_as_built_is_the_live_one_with_the_bar_added():
    built = index_page('<main id="app"><!-- first screen --><p>old</p><!-- /first screen -->'
                       "</main>", 12_345_678).decode()
    strip = re.compile(r'<div class="boot".*?</div>|<p class="notice"[^>]*>.*?</p>')
    before, _main, english = built.partition('<main id="app">')
    english = english.removesuffix("</main>")
    others = [t for t in re.split(r"\s*<template ", before) if t.strip()]
    assert strip.sub("", english) == strip.sub("", first_screen_html())
    assert "12.3 MB" in built and "<p>old</p>" not in built
    # each other language's screen, for static/first.js to show at once
    assert len(others) == len(LANGUAGES) - 1
    for lang, template in zip([code for code in LANGUAGES if code != SOURCE_LANGUAGE], others):
        assert template.startswith(f'id="first-screen-{lang}" lang="{lang}">')
        screen = template[template.index(">") + 1:template.rindex("</template>")]
        with speaking(lang):
            assert strip.sub("", screen) == strip.sub("", first_screen_html())
            assert _("Getting the game ready…") in screen


def test_boot_bytes_counts_only_what_a_first_visit_downloads(tmp_path):
    sizes = {"static/vendor/pyodide/pyodide.asm.wasm": 1000,
             "static/vendor/pyodide/python_stdlib.zip": 300,
             "static/vendor/pyodide/pyodide-lock.json": 4, "static/game.zip": 20,
             # imported by the worker, not fetched: no progress is told of them
             "static/vendor/pyodide/pyodide.mjs": 50, "static/vendor/pyodide/pyodide.asm.mjs": 60,
             # the page's own files, there before the download begins
             "static/page.js": 500, "static/engine.js": 70, "static/style.css": 7000,
             "index.html": 9000}
    files = {}
    for name, size in sizes.items():
        path = tmp_path / name.replace("/", "_")
        path.write_bytes(bytes(size))
        files[name] = path
    files["static/game.zip"] = lambda: bytes(20)  # made at build time
    assert boot_bytes(files, read) == 1000 + 300 + 4 + 20
    assert "static/vendor/pyodide/pyodide.asm.wasm" in BOOT_FILES


def test_an_index_without_the_marks_is_refused(source_root, fake_runtime, tmp_path):
    page = source_root / "index.html"
    page.write_text(page.read_text().replace("<!-- /first screen -->", ""))
    packages, registry = fake_runtime
    with pytest.raises(BuildError, match="first screen"):
        build(tmp_path / "dist", root=source_root, packages=packages,
              registry=registry.url, log=quiet)


def test_the_dev_server_serves_the_same_first_screen(source_root, fake_runtime):
    packages, _ = fake_runtime
    files = site_files(source_root, packages)
    assert b'id="boot-progress"' in read(files["index.html"])


def live_lesson(key: str, lang: str) -> dict[str, str]:
    """What learn.html's Python (game/web/learn_page.py) shows on opening `key`'s lesson
    in `lang` for a learner who has solved nothing: {region: its markup}, the last shown."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from game.core.i18n import use
    from game.web.learn_page import LearnPage
    from game.web.port import Port

    shown: dict[str, str] = {}

    def take(message):
        if message["kind"] == "show":
            shown[message["region"]] = message["html"]
    page = LearnPage(Port(take), {"page": "learn", "search": f"?game={key}&lang={lang}",
                                  "hash": "", "href": f"http://site/learn.html?game={key}",
                                  "params": {}, "storage": {}, "languages": [lang],
                                  "built": None, "framed": False}, fetch=None)
    try:  # (on a thread of its own: the browser tests may leave a loop running in this one)
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, page.serve()).result()
    finally:
        use(SOURCE_LANGUAGE)  # (the page speaks its language from then on: not the tests)
    return shown


@pytest.mark.parametrize("key", ["tsuro", "tatsu"])
def test_a_lessons_first_step_as_built_is_the_live_one_in_every_language(built, key):
    """static/first/learn-GAME-LANG.txt (static/poster.js shows it while Python starts)
    is what the live page draws in <main>: the same markup, so nothing moves when it comes."""
    for lang in LANGUAGES:
        made = (built / LESSON_SCREEN.format(game=key, lang=lang)).read_text()
        assert made == filled(live_lesson(key, lang)), lang
        assert '<svg' in made and f'data-board="{key}"' in made
        with speaking(lang):
            assert _("Step {number} of {count}: {title}").split("{")[0] in made
    names = {name for name in site_files(log=quiet) if name.startswith("static/first/")}
    assert names == {screen.format(game=game, lang=lang) for screen in (LESSON_SCREEN, BOARD_SKETCH)
                     for game in ("tsuro", "tatsu") for lang in LANGUAGES}
    assert all(f'"./{name}"' in (built / "sw.js").read_text() for name in names)  # offline


def test_an_empty_board_stands_for_a_position_python_has_not_read_yet(built):
    """static/first/board-GAME-LANG.svg (static/poster.js shows it in an embed until
    Python draws the board the link asks for): the game's board, its words in the
    language, and no piece on it: no stone, count or die in Tatsu, no tile, ship or
    daikaiju on the sea of Tsuro of the Seas."""
    pieces = {"tatsu": ("stone", "die", "pile"), "tsuro": ("tile", "ship", "daikaiju")}
    for lang in LANGUAGES:
        for key, kinds in pieces.items():
            sketch = (built / BOARD_SKETCH.format(game=key, lang=lang)).read_text()
            card = (built / CARD_PICTURE.format(game=key, lang=lang)).read_text()
            assert sketch.startswith("<svg") and "<title>" in sketch
            for kind in kinds:
                assert f'id="start-{key}-{kind}-' in card  # (the card's position has them)
                if kind != "pile":  # (Tatsu's piles stay: its sides' empty boxes)
                    assert f'id="sketch-{key}-{kind}-' not in sketch, (key, lang, kind)
        tatsu = (built / BOARD_SKETCH.format(game="tatsu", lang=lang)).read_text()
        with speaking(lang):
            assert _("Tray").upper() in tatsu.upper() and _("Dead zone").upper() in tatsu.upper()
        assert "×" not in tatsu  # (no count: there are no stones)


def test_filling_puts_each_region_in_its_place_in_the_order_shown():
    shown = {"app": '<div id="lesson"></div><div id="play"></div>',
             "play": '<p id="status" class="status"></p><div id="board"></div>',
             "board": "<svg></svg>", "status": "Yours", "lesson": "<h2>Step</h2>",
             "nowhere": "<p>left</p>"}
    assert filled(shown) == ('<div id="lesson"><h2>Step</h2></div><div id="play">'
                             '<p id="status" class="status">Yours</p><div id="board"><svg></svg>'
                             "</div></div>")
