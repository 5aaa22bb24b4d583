"""One page's Python, in the worker: what every page of the site shares.

A session is made from the page's "start" message (game/web/protocol.py): its address,
what the browser keeps for the site (localStorage, read by the page: a worker has none),
the browser's languages. It holds that state in one object (no module globals), speaks
the page's language, keeps things through the page, and turns any error into a plain
sentence for the player and a traceback in the console. Everything it does runs in a
context of its own (`self.context`: `serve()` and each message's task), where it speaks
its own language: one runtime may serve several pages at once (the frames of a teaching
page: game/web/worker.py), each in its language. The index page, the lessons and
the embedded board are its subclasses (index_page.py, learn_page.py, embed_page.py).
Nothing here imports browser code: the worker passes in how to fetch a file.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
import traceback
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

from game.core.i18n import (
    CATALOG_URL,
    LANGUAGE_KEY,
    N_,
    SOURCE_LANGUAGE,
    _,
    add_catalog,
    current,
    has_catalog,
    known_language,
    negotiate,
    own_voice,
    use,
)
from game.web import query_value
from game.web.port import Port, Superseded

SORRY = N_("Sorry, something went wrong. Please reload the page.")  # said through _()
Fetch = Callable[[str], Awaitable[bytes | None]]


def site_base(href: str) -> str:
    """The folder of a page's address: what the site's relative URLs start from."""
    address = href.split("#")[0].split("?")[0]
    return address[:address.rfind("/") + 1]


class Session(ABC):
    def __init__(self, port: Port, start: dict, fetch: Fetch):
        self.port = port
        self.fetch = fetch
        self.search = str(start.get("search") or "")
        self.params = {str(key): str(value)
                       for key, value in dict(start.get("params") or {}).items()}
        self.hash = str(start.get("hash") or "")
        self.href = str(start.get("href") or "")
        storage = start.get("storage")
        self.storage: dict[str, str] = {
            str(key): str(value) for key, value in (storage or {}).items()}
        self.languages = [str(code) for code in start.get("languages") or ()]
        self.built_lang = start.get("built")
        self.framed = bool(start.get("framed"))
        self.restarted = bool(start.get("restarted"))  # on a new runtime, the old one ended
        memo = start.get("memo") if self.restarted else None
        self.memo: dict = memo if isinstance(memo, dict) else {}  # what it told the page
        self.tasks: set[asyncio.Task] = set()
        self.context = contextvars.copy_context()  # where this page's work runs
        self.context.run(own_voice)  # ...in its own language

    # --- what the browser keeps ---------------------------------------------------------
    def stored(self, key: str) -> str | None:
        return self.storage.get(key)

    def store(self, key: str, value: str | None) -> None:
        """Keep (None: forget) `key`; the page says "unkept" where the browser refuses."""
        if value is None:
            self.storage.pop(key, None)
        else:
            self.storage[key] = value
        self.port.tell("store", key=key, value=value)

    def unkept(self, key: str) -> None:
        """The browser refused to keep `key` (private mode, storage blocked in a frame of
        another site): the play goes on."""
        self.storage.pop(key, None)

    # --- the page's language ------------------------------------------------------------
    def page_language(self, asked=None) -> str:
        """The language to speak, `asked` being the address's (or parameter's) value."""
        return negotiate(asked if isinstance(asked, str) else None,
                         self.storage.get(LANGUAGE_KEY), self.languages)

    async def ready_language(self, lang: str) -> str:
        """`lang` once its catalog is here (fetched if need be), or English when it cannot
        be had (offline before the site was kept, or a damaged file)."""
        if has_catalog(lang):
            return lang
        try:
            data = await self.fetch(site_base(self.href) + CATALOG_URL.format(lang=lang))
            if data is None:
                return SOURCE_LANGUAGE
            add_catalog(lang, data)
        except Exception:  # noqa: BLE001 -- no network, or not a catalog: English is spoken
            return SOURCE_LANGUAGE
        return lang

    def speak(self, lang: str) -> str:
        """Speak `lang` from now on, on the whole page (<html lang>); returns it."""
        self.port.tell("lang", lang=use(lang))
        return current()

    async def speak_ready(self, lang: str) -> str:
        return self.speak(await self.ready_language(lang))

    async def keep_language(self, code: str) -> str | None:
        """The picker's choice: spoken from now on and kept for next time; the language,
        or None if `code` names none of ours (or its catalog cannot be had)."""
        lang = known_language(code)
        if lang is None or await self.ready_language(lang) != lang:
            return None
        self.store(LANGUAGE_KEY, lang)
        return self.speak(lang)

    def follow_in_address(self, lang: str) -> None:
        """An address that names a language (?lang=) names the one chosen, so that a
        reload or a copied link keeps it."""
        if query_value(self.search, "lang") is None:
            return
        pairs = [pair if not pair.startswith("lang=") else f"lang={lang}"
                 for pair in self.search.lstrip("?").split("&")]
        self.address("replace", "?" + "&".join(pairs) + self.hash)

    def address(self, how: str, url: str) -> None:
        """The address shown becomes `url` (a query and fragment), pushed or replaced."""
        query, _hash, fragment = url.partition("#")
        self.search = query if query.startswith("?") else self.search
        self.hash = f"#{fragment}" if fragment else ""
        self.port.tell("address", how=how, url=url)

    # --- messages and errors ------------------------------------------------------------
    def report(self, error: BaseException) -> None:
        """Log the details for a developer, show the player a plain sentence."""
        print("".join(traceback.format_exception(error)), file=sys.stderr)
        self.port.tell("failed", text=_(SORRY))

    def run(self, work: Awaitable) -> None:
        """Handle a message as a task of its own: a computer's turn may still be playing
        when the next click comes. Errors are reported, never raised at the player."""
        async def guarded():
            try:
                await work
            except Superseded:  # a replaced board's play: it just stops
                pass
            except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
                self.report(error)

        task = self.context.run(asyncio.ensure_future, guarded())  # (in the page's context)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def receive(self, message: dict) -> None:
        """A message from the page (game/web/protocol.py's TO_WORKER)."""
        kind = message.get("kind")
        if kind == "answer":
            self.port.answer(message.get("ask"), message.get("value"))
        elif kind == "unkept":
            self.unkept(str(message.get("key")))
        elif kind in ("click", "key", "change", "file", "address", "parent"):
            self.run(getattr(self, "on_" + kind)(message))

    async def serve(self) -> None:
        """The page comes alive: `begin()`, in the page's own context."""
        await self.context.run(asyncio.ensure_future, self.begin())

    def close(self) -> None:
        """The page is gone (its frame or tab closed): its work stops where it is."""
        for task in list(self.tasks):
            task.cancel()

    @abstractmethod
    async def begin(self) -> None:
        """The page comes alive (its subclass says how), then says so: data-ready."""

    # What a page does with each message of the person or the framing page: nothing,
    # unless its subclass says otherwise.
    async def on_click(self, message: dict) -> None:  # noqa: B027
        """A click on an element: its data attributes, the start form's values."""

    async def on_key(self, message: dict) -> None:  # noqa: B027
        """A key for the board."""

    async def on_change(self, message: dict) -> None:  # noqa: B027
        """A form field changed."""

    async def on_file(self, message: dict) -> None:  # noqa: B027
        """A file chosen or dropped."""

    async def on_address(self, message: dict) -> None:  # noqa: B027
        """The address changed."""

    async def on_parent(self, message: dict) -> None:  # noqa: B027
        """A message of the page framing this one."""
