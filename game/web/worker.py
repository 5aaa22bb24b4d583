"""The game's Python in its web worker: the one module that imports browser code (`js`).

static/engine.js loads Pyodide in a worker, unpacks static/game.zip and calls `serve()`
with a page's first message ("start", game/web/protocol.py). Every later message of the
page comes to `receive()`; messages to the page go out through engine.js's `tell`. The
worker may be shared (a SharedWorker: the frames of a teaching page, the site's tabs):
each page is then a client of its own, numbered by engine.js, with a session of its own
(its state, its language: game/web/session.py), until `forget()` says the page is gone.
What a page does is its session's (index_page.py, learn_page.py, embed_page.py), tested
natively.
"""

from __future__ import annotations

import js  # Pyodide's module: the worker's global scope
from pyodide.ffi import to_js

from game.web.port import Port
from game.web.session import Session

PAGES = {"index": "game.web.index_page:IndexPage", "learn": "game.web.learn_page:LearnPage",
         "embed": "game.web.embed_page:EmbedPage"}
_sessions: dict[int, Session] = {}  # each page served, by its client number


def poster(client: int):
    """How to send a message to the page of `client` (engine.js passes it to its port)."""
    def post(message: dict) -> None:
        js.tell(client, to_js(message, dict_converter=js.Object.fromEntries))
    return post


async def fetch_bytes(url: str) -> bytes | None:
    response = await js.fetch(url)
    if not response.ok:
        return None
    return (await response.arrayBuffer()).to_bytes()


def session_for(start: dict, client: int) -> Session:
    module, _colon, name = PAGES.get(str(start.get("page")), PAGES["index"]).partition(":")
    page_class = getattr(__import__(module, fromlist=[name]), name)
    return page_class(Port(poster(client), batched=True), start, fetch_bytes)


async def serve(start, client: int = 0) -> None:
    """A page's start: its session made, its screen drawn, data-ready set."""
    session = session_for(start.to_py(), client)
    _sessions[client] = session
    try:
        await session.serve()
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        session.port.flush()  # (what was drawn before it, first)
        poster(client)({"kind": "root", "name": "ready", "value": "error"})
        session.context.run(session.report, error)  # (said in the page's language)


def receive(data, client: int = 0) -> None:
    """A message of a page (anything but "start")."""
    session = _sessions.get(client)
    if session is not None:
        session.receive(data.to_py())


def forget(client: int) -> None:
    """A page is gone (its tab or frame closed): its session's work stops, and is let go."""
    session = _sessions.pop(client, None)
    if session is not None:
        session.close()
