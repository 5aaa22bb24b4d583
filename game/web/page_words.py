"""The words the pages' JavaScript says (static/first.js and static/poster.js before
Python is ready, static/boot.js when the runtime cannot start or a new version is
ready), in every language: the build writes them from the catalogs into static/words.js, so that the
scripts speak the page's language without a second way of translating.

Each text is marked here, so that Babel extracts it into the catalogs; the scripts look a
text up by its English words and fill its {placeholders} themselves.
"""

from __future__ import annotations

import json

from game.core.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _, speaking

PAGE_WORDS = (
    N_("Loading the lesson…"),
    N_("Loading the board…"),
    N_("Starting the game…"),
    N_("Opening {game} as soon as it is ready…"),
    N_("{done} of {total} MB"),
    N_("A new version is ready."),
    N_("Reload"),
    N_("Later"),
    N_("Sorry, the game could not start. Please reload the page."),
    N_("Sorry, the lesson could not start. Please reload the page."),
    N_("Sorry, the board could not start. Please reload the page."),
)
WORDS_TEMPLATE = "static/words.js"  # built with its table filled in
_TABLE = "const WORDS = {};"


def words_table() -> dict[str, dict[str, str]]:
    """{language: {English text: its words}} for every language but English."""
    table = {}
    for lang in LANGUAGES:
        if lang != SOURCE_LANGUAGE:
            with speaking(lang):
                table[lang] = {text: _(text) for text in PAGE_WORDS}
    return table


def words_script(template: str) -> bytes:
    """static/words.js with the table of every language's words written in."""
    if template.count(_TABLE) != 1:
        raise ValueError(f"{WORDS_TEMPLATE} lacks its one line '{_TABLE}'")
    table = json.dumps(words_table(), ensure_ascii=False, sort_keys=True)
    return template.replace(_TABLE, f"const WORDS = {table};").encode()


__all__ = ["PAGE_WORDS", "WORDS_TEMPLATE", "words_script", "words_table"]
