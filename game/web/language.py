"""The language a page of the site speaks, in the browser: the address's ?lang= (or an
embedded board's `lang` parameter), else the player's saved choice, else the browser's
languages, else English (game/core/i18n.py negotiate() decides; static/words.js decides
the same way before Python is ready). The picker's choice is kept in localStorage, so
the game, the lessons and embedded boards all speak it next time.
"""

from contextlib import suppress

from pyscript import window
from pyscript.ffi import is_none

from game.core.i18n import (
    CATALOG_URL,
    LANGUAGE_KEY,
    SOURCE_LANGUAGE,
    add_catalog,
    has_catalog,
    known_language,
    negotiate,
    use,
)


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


async def ready_language(lang: str) -> str:
    """`lang` once its catalog is here (fetched if need be), or English when it cannot be
    had (offline before the site was kept, or a damaged file)."""
    if has_catalog(lang):
        return lang
    try:
        response = await window.fetch(CATALOG_URL.format(lang=lang))
        if not response.ok:
            return SOURCE_LANGUAGE
        add_catalog(lang, (await response.arrayBuffer()).to_bytes())
    except Exception:  # noqa: BLE001 -- no network, or not a catalog: English is spoken
        return SOURCE_LANGUAGE
    return lang


async def speak_ready(lang: str) -> str:
    """speak(lang), once its catalog has arrived; returns the language spoken."""
    return speak(await ready_language(lang))


def speak(lang: str) -> str:
    """Speak `lang` from now on, on the whole page (<html lang>); returns it."""
    window.document.documentElement.lang = use(lang)
    return window.document.documentElement.lang


async def keep_language(code: str):
    """The picker's choice: spoken from now on and kept for next time; the language, or
    None if `code` names none of ours (or its catalog cannot be had)."""
    lang = known_language(code)
    if lang is None or await ready_language(lang) != lang:
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
           "ready_language", "saved_language", "speak", "speak_ready"]
