"""The language a page of the site speaks, in the browser: the address's ?lang= (or an
embedded board's `lang` parameter), else the player's saved choice, else the browser's
languages, else English (game/core/i18n.py negotiate() decides; static/words.js decides
the same way before Python is ready). The picker's choice is kept in localStorage, so
the game, the lessons and embedded boards all speak it next time.
"""

from contextlib import suppress

from pyscript import window
from pyscript.ffi import is_none

from game.core.i18n import LANGUAGE_KEY, known_language, negotiate, use


def saved_language():
    """The player's saved choice, or None (none made, or storage refused)."""
    try:
        value = window.localStorage.getItem(LANGUAGE_KEY)
    except Exception:  # noqa: BLE001 -- storage refused (private mode, disabled)
        return None
    return None if is_none(value) else str(value)


def browser_languages() -> list:
    try:
        return [str(code) for code in window.navigator.languages]
    except Exception:  # noqa: BLE001 -- an old browser: no list of languages
        return []


def page_language(asked=None) -> str:
    """The language to speak, `asked` being the address's (or parameter's) value."""
    return negotiate(asked if isinstance(asked, str) else None, saved_language(),
                     browser_languages())


def speak(lang: str) -> str:
    """Speak `lang` from now on, on the whole page (<html lang>); returns it."""
    window.document.documentElement.lang = use(lang)
    return window.document.documentElement.lang


def keep_language(code: str):
    """The picker's choice: spoken from now on and kept for next time; the language, or
    None if `code` names none of ours."""
    lang = known_language(code)
    if lang is None:
        return None
    with suppress(Exception):  # storage refused: the choice lasts this visit
        window.localStorage.setItem(LANGUAGE_KEY, lang)
    return speak(lang)


def follow_in_address(lang: str) -> None:
    """An address that names a language (?lang=) names the one chosen, so that a reload
    or a copied link keeps it."""
    params = window.URLSearchParams.new(window.location.search)
    if params.has("lang"):
        params.set("lang", lang)
        window.history.replaceState(None, "", f"?{params.toString()}{window.location.hash}")


__all__ = ["browser_languages", "follow_in_address", "keep_language", "page_language",
           "saved_language", "speak"]
