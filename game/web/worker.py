"""The game's Python in its web worker: the one module that imports browser code (`js`).

static/engine.js loads Pyodide in a worker, unpacks static/game.zip and calls `serve()`
with the page's first message ("start", game/web/protocol.py). Every later message of
the page comes to `receive()`; messages to the page go out with postMessage. What a page
does is its session's (index_page.py, learn_page.py, embed_page.py), tested natively.
"""

from __future__ import annotations

import js  # Pyodide's module: the worker's global scope
from pyodide.ffi import to_js

from game.web.port import Port
from game.web.session import Session

PAGES = {"index": "game.web.index_page:IndexPage", "learn": "game.web.learn_page:LearnPage",
         "embed": "game.web.embed_page:EmbedPage"}
_session: dict[str, Session] = {}  # the one session of this worker's page


def post(message: dict) -> None:
    js.postMessage(to_js(message, dict_converter=js.Object.fromEntries))


async def fetch_bytes(url: str) -> bytes | None:
    response = await js.fetch(url)
    if not response.ok:
        return None
    return (await response.arrayBuffer()).to_bytes()


def session_for(start: dict) -> Session:
    module, _colon, name = PAGES.get(str(start.get("page")), PAGES["index"]).partition(":")
    page_class = getattr(__import__(module, fromlist=[name]), name)
    return page_class(Port(post, batched=True), start, fetch_bytes)


async def serve(start) -> None:
    """The page's start: its session made, its screen drawn, data-ready set."""
    session = session_for(start.to_py())
    _session["page"] = session
    try:
        await session.begin()
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        session.port.flush()  # (what was drawn before it, first)
        post({"kind": "root", "name": "ready", "value": "error"})
        session.report(error)


def receive(data) -> None:
    """A message of the page (anything but "start")."""
    session = _session.get("page")
    if session is not None:
        session.receive(data.to_py())
