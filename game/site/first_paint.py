"""The first screens as built, so that a visitor reads them at once: the start screen
in index.html, and each lesson's first step (learn.html).

The runtime (Pyodide, some 14 MB) takes seconds to arrive on a phone's connection. So
the build renders the start screen with the same Python the page runs
(game/web/start.py: the title, a card per game with its board) and writes it between the
`<!-- first screen -->` marks of index.html. Its status line carries a progress bar that
static/first.js fills in as the runtime's files arrive, of `boot_bytes` in all; when
Python is ready, game/web/index_page.py keeps the same screen, alive.

An embedded board's position comes from its link, and only the game's Python can read
it. So until Python draws it, embed.html (and a lesson opening on another step) shows the
game's board with no piece on it (BOARD_SKETCH, in each language: the sides' names are
words): the board's own colours at once, its pieces when Python comes. An empty board,
never another position: nothing shown before Python is untrue.

A lesson's first step, in each language, is a file of its own (LESSON_SCREEN, a text
file: not a page to open, a part of one): the markup game/web/learn_page.py puts in
learn.html's <main> for a learner who has solved no step, its words and its board as the
live page draws them. static/poster.js fetches the one the address and the language name
and shows it, inert, while Python starts; the live page then draws the same screen in
its place, and nothing moves.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable
from pathlib import Path

# The files a first visit downloads before the game can start, as the game's worker
# (static/engine.js) tells their progress: the interpreter, its standard library and
# package list, the game's own archive. (The interpreter's scripts, pyodide*.mjs, are
# imported, not fetched: no progress is told of them, so they are not counted.)
BOOT_FILES = ("static/vendor/pyodide/pyodide.asm.wasm",
              "static/vendor/pyodide/python_stdlib.zip",
              "static/vendor/pyodide/pyodide-lock.json", "static/game.zip")
LESSON_SCREEN = "static/first/learn-{game}-{lang}.txt"
BOARD_SKETCH = "static/first/board-{game}-{lang}.svg"
_FIRST_SCREEN = re.compile(r"<!-- first screen[^>]*-->.*?<!-- /first screen -->", re.DOTALL)


class FirstPaintError(Exception):
    """index.html lacks the marks where the first screen goes."""


def boot_bytes(files: dict, read: Callable) -> int:
    """What the files a first visit needs before the game starts weigh, in bytes."""
    total = 0
    for name, source in files.items():
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in BOOT_FILES):
            total += source.stat().st_size if isinstance(source, Path) else len(read(source))
    return total


def index_page(template: str, total_bytes: int) -> bytes:
    """index.html with the start screen written in, its progress bar out of
    `total_bytes`: in English, and in each other language in a <template
    id="first-screen-LANG"> that static/first.js puts in its place at once when the page
    speaks that language."""
    from game.core.i18n import LANGUAGES, SOURCE_LANGUAGE, speaking
    from game.web.start import built_first_screen

    screen = built_first_screen(total_bytes)
    others = ""
    for lang in LANGUAGES:
        if lang != SOURCE_LANGUAGE:
            with speaking(lang):
                others += (f'<template id="first-screen-{lang}" lang="{lang}">'
                           f"{built_first_screen(total_bytes)}</template>\n  ")
    page, found = _FIRST_SCREEN.subn(lambda _match: screen, template, count=1)
    if not found:
        raise FirstPaintError("index.html lacks the '<!-- first screen -->' and "
                              "'<!-- /first screen -->' marks where the start screen goes")
    # (before <main>: the English screen is the page's last long part, so that a button
    # seen is soon a button static/first.js answers)
    page = page.replace('<main id="app">', f'{others}<main id="app">', 1)
    return page.encode()


def lesson_screen(key: str, lang: str) -> bytes:
    """The first step of game `key`'s lesson as learn.html shows it in `lang` to a learner
    who has solved none: what the live page puts in <main> (learn_page.py: the page, the
    step's words, its task, then its table's first drawing), each region filled in."""
    from game.core.i18n import speaking
    from game.core.registry import games
    from game.web.embed import embed_table
    from game.web.learn import page_html, play_html, step_embed, step_html
    from game.web.port import Port, TablePage

    info = games()[key]
    with speaking(lang):
        embed = step_embed(info, info.lesson[0])
        shown = {"app": page_html(), "lesson": step_html(info, 0, set()),
                 "play": play_html(embed.challenge.task)}  # type: ignore[union-attr]

        def take(message: dict) -> None:  # what the table shows, as the page would
            if message["kind"] == "show":
                shown[message["region"]] = message["html"]
        embed_table(embed, TablePage(Port(take)), lambda *_: None).render()
    return filled(shown).encode()


def filled(shown: dict[str, str]) -> str:
    """The markup of region "app" with every other region's put in its element, in the
    order shown, as the page does (static/page.js: a region it does not have is left)."""
    html = shown["app"]
    for region, inner in shown.items():
        if region == "app":
            continue
        found = re.search(rf'<(\w+)\b[^>]*\bid="{re.escape(region)}"[^>]*>(.*?)</\1>', html,
                          re.DOTALL)
        if found:
            html = html[:found.start(2)] + inner + html[found.end(2):]
    return html


def board_sketch(key: str, lang: str) -> bytes:
    """Game `key`'s board with no piece on it, as an image file, its words in `lang`: the
    card's position (game/web/start.py) emptied, drawn without cues or counts."""
    from game.core.i18n import speaking
    from game.core.registry import games
    from game.web.start import as_image, picture_state

    info = games()[key]
    view = _EMPTIED[key](info.svg.board_view(picture_state(key)))
    with speaking(lang):
        drawn = info.svg.board(view, highlight=False, id_prefix=f"sketch-{key}-")
    return as_image(_COUNT.sub("", drawn)).encode()


def _empty_tatsu(view: dict) -> dict:
    """Tatsu with no stone anywhere and no dice: the arena, its corners and entries."""
    none = {kind: 0 for kind in view["trays"][0]}
    return dict(view, arena=[dict(place, inner=None, outer=None) for place in view["arena"]],
                trays=[none, none], mats=[none, none], dead=[none, none], dice=[],
                dice_left=[], to_move=None, decision=None, winners=[], legal=[])


def _empty_tsuro(view: dict) -> dict:
    """The sea of Tsuro of the Seas with no tile, ship or daikaiju on it."""
    return dict(view, tiles=[], daikaiju=[], ships=[None] * len(view["ships"]), active=None,
                decision=None, winners=[], marks=[], trails=[[] for _ in view["trails"]])


_EMPTIED: dict[str, Callable[[dict], dict]] = {"tatsu": _empty_tatsu, "tsuro": _empty_tsuro}
_COUNT = re.compile(r'<text class="count"[^>]*>[^<]*</text>')  # (Tatsu's "x0": no stones)


def board_sketch_files() -> dict[str, Callable[[], bytes]]:
    """{URL: maker} of each game's empty board, in every language."""
    from game.core.i18n import LANGUAGES
    from game.core.registry import games

    return {BOARD_SKETCH.format(game=key, lang=lang):
            lambda key=key, lang=lang: board_sketch(key, lang)  # type: ignore[misc]
            for key in games() for lang in LANGUAGES}


def lesson_screen_files() -> dict[str, Callable[[], bytes]]:
    """{URL: maker} of every lesson's first step as built, in every language."""
    from game.core.i18n import LANGUAGES
    from game.core.registry import games

    return {LESSON_SCREEN.format(game=key, lang=lang):
            lambda key=key, lang=lang: lesson_screen(key, lang)  # type: ignore[misc]
            for key, info in games().items() if info.lesson for lang in LANGUAGES}


__all__ = ["BOARD_SKETCH", "BOOT_FILES", "LESSON_SCREEN", "FirstPaintError", "board_sketch",
           "board_sketch_files", "boot_bytes", "filled", "index_page", "lesson_screen",
           "lesson_screen_files"]
