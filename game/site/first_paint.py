"""The first screen in index.html as built, so that a visitor reads it at once.

The runtime (Pyodide, some 14 MB) takes seconds to arrive on a phone's connection. So
the build renders the start screen with the same Python the page runs
(game/web/start.py: the title, a card per game with its board) and writes it between the
`<!-- first screen -->` marks of index.html. Its status line carries a progress bar that
static/first.js fills in as the runtime's files arrive, of `boot_bytes` in all; when
Python is ready, game/web/index_page.py keeps the same screen, alive.
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


__all__ = ["BOOT_FILES", "FirstPaintError", "boot_bytes", "index_page"]
