"""The languages the page speaks, read with the standard library's gettext.

The words a player sees are written in English in the code and marked: `_("text")` where
they are used, `N_("text")` where they are defined before a language is known (constants
and the games' descriptions), `ngettext(one, many, n)` where a number decides the form.
Each language's translations are a gettext catalog, game/locale/LANG/LC_MESSAGES/game.po
(game/locale/README.md says how they are made). A source tree compiles them when first
asked (game/core/catalogs.py); the site serves each compiled and gzipped on its own
(CATALOG_URL, written by the build), and a page fetches the one it speaks and hands it to
`add_catalog` (game/web/session.py). `use(lang)` chooses the language for everything
said after it (the page's choice); `with speaking(lang):` speaks another for the block,
in its own thread (or asyncio task) only: the server renders pages in many threads at
once, each in its own language, and none may change what another says. `own_voice()`
gives the code run in the current context (an asyncio task, and the tasks it starts) a
language of its own, which its `use()` changes: each page's session in a runtime shared
by several pages speaks its own (game/web/session.py).

The languages are those of the rulebooks this project was made from.
"""

from __future__ import annotations

import gettext
import gzip
import io
import struct
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TypedDict

from game.core.catalogs import read_po, write_mo

LANGUAGES = {"en": "English", "es": "Español", "pt": "Português", "hu": "Magyar",
             "ro": "Română"}
SOURCE_LANGUAGE = "en"
DOMAIN = "game"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
CATALOG_URL = "static/locale/{lang}.mo.gz"  # a language's compiled catalog, on the site
_GZIP = b"\x1f\x8b"

_translations: dict[str, gettext.NullTranslations] = {}


class _Speaking(TypedDict):
    lang: str
    words: gettext.NullTranslations


# The language chosen with use(); a context's own voice, if it has one (use() changes it in
# place, so that every task it starts hears the change); a `speaking` block's, which only
# its thread or task hears.
_chosen: _Speaking = {"lang": SOURCE_LANGUAGE, "words": gettext.NullTranslations()}
_voice: ContextVar[_Speaking | None] = ContextVar("voice", default=None)
_block: ContextVar[_Speaking | None] = ContextVar("block", default=None)


def _spoken() -> _Speaking:
    return _block.get() or _voice.get() or _chosen


def own_voice() -> None:
    """From now on, the current context (and the tasks made in it) speaks a language of
    its own, English until `use()` changes it; nothing else hears that change."""
    _voice.set({"lang": SOURCE_LANGUAGE, "words": translation(SOURCE_LANGUAGE)})


def catalog_path(lang: str, suffix: str = ".po") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: the words as written). Where the sources are not
    (in the page), a language's catalog is the one given to `add_catalog`."""
    if lang not in _translations:
        if lang == SOURCE_LANGUAGE or lang not in LANGUAGES:
            _translations[lang] = gettext.NullTranslations()
        else:
            data = write_mo(read_po(catalog_path(lang).read_text("utf-8")))
            _translations[lang] = gettext.GNUTranslations(io.BytesIO(data))
    return _translations[lang]


def has_catalog(lang: str) -> bool:
    """Whether `lang` can be spoken without fetching anything: English, a language not
    ours (spoken as English), a catalog given or already read, or a source tree's .po."""
    return (lang == SOURCE_LANGUAGE or lang not in LANGUAGES or lang in _translations
            or catalog_path(lang).is_file())


def add_catalog(lang: str, data: bytes) -> None:
    """`lang`'s compiled catalog (.mo bytes, gzipped or not: a server may have unpacked
    it already), as fetched by the page. Raises ValueError if it is no catalog, and then
    nothing changes."""
    if lang not in LANGUAGES or lang == SOURCE_LANGUAGE:
        raise ValueError(f"no catalog is needed for {lang!r}")
    try:
        raw = gzip.decompress(data) if data[:2] == _GZIP else bytes(data)
        words = gettext.GNUTranslations(io.BytesIO(raw))
    except (OSError, EOFError, ValueError, IndexError, struct.error) as error:
        raise ValueError(f"the {LANGUAGES[lang]} catalog cannot be read: {error}") from error
    _translations[lang] = words


def use(lang: str) -> str:
    """Speak `lang` from now on (an unknown one: English); returns the language used."""
    lang = lang if lang in LANGUAGES else SOURCE_LANGUAGE
    (_voice.get() or _chosen).update({"lang": lang, "words": translation(lang)})
    return lang


def current() -> str:
    return _spoken()["lang"]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` inside a `with` block (in this thread or task only), then the
    language spoken before it."""
    lang = lang if lang in LANGUAGES else SOURCE_LANGUAGE
    token = _block.set({"lang": lang, "words": translation(lang)})
    try:
        yield
    finally:
        _block.reset(token)


def _(message: str) -> str:
    return _spoken()["words"].gettext(message)


def N_(message: str) -> str:  # noqa: N802 -- gettext's own name for "mark, do not translate"
    """Marks a text for translation where it is defined; `_()` translates it where used."""
    return message


def ngettext(one: str, many: str, count: int) -> str:
    return _spoken()["words"].ngettext(one, many, count)


LANGUAGE_KEY = "tsuro-tatsu.lang"  # where the page keeps the player's choice (localStorage)


def known_language(asked: object) -> str | None:
    """The language of ours a code names ("es", "pt-BR", "HU"), or None."""
    code = asked.strip().lower()[:2] if isinstance(asked, str) else ""
    return code if code in LANGUAGES else None


def negotiate(asked: object = None, saved: object = None,
              browser: Iterable[object] = ()) -> str:
    """The language to speak: the address's `?lang=`, else the player's saved choice,
    else the first of the browser's languages (navigator.languages) we speak, else
    English. (static/first.js decides the same way before Python is ready; a browser test
    checks that they agree.)"""
    for code in (asked, saved, *browser):
        found = known_language(code)
        if found:
            return found
    return SOURCE_LANGUAGE


# How each language groups the digits of a large number (CLDR's conventions): the
# separator, and the fewest digits that are grouped (Spanish and Hungarian write 4000).
_GROUPING = {"en": (",", 4), "es": (".", 5), "pt": (".", 4), "hu": ("\u00a0", 5),
             "ro": (".", 4)}


def grouped(number: int) -> str:
    """A whole number as the language spoken writes it: 1,000,000 / 1.000.000 /
    1 000 000."""
    separator, fewest = _GROUPING.get(current(), _GROUPING[SOURCE_LANGUAGE])
    digits = str(abs(number))
    if len(digits) >= fewest:
        digits = f"{abs(number):,}".replace(",", separator)
    return ("-" if number < 0 else "") + digits


def chosen_language(asked: str | None) -> str:
    """The language a `?lang=` value names (its first two letters, any case), or English."""
    code = (asked or "").strip().lower()[:2]
    return code if code in LANGUAGES else SOURCE_LANGUAGE


__all__ = ["CATALOG_URL", "DOMAIN", "LANGUAGES", "LANGUAGE_KEY", "LOCALE", "N_",
           "SOURCE_LANGUAGE", "_", "add_catalog", "catalog_path", "chosen_language",
           "current", "grouped", "has_catalog", "known_language", "negotiate", "ngettext",
           "own_voice", "speaking", "translation", "use"]
