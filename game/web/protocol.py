"""The line between the page and its Python: every message either side sends, in one place.

The game's Python runs in a web worker (static/engine.js starts it, game/web/worker.py
receives), shared by the site's pages where the browser allows (each page a session of
its own in it); the page's main thread (static/page.js) only draws what arrives and
passes on what the person does. They talk by postMessage alone: plain objects {kind, ...fields},
no shared memory (an embedded board is never cross-origin isolated inside a teacher's
page). An "ask" carries a number, and the page's "answer" with that number settles it.

`message()` builds a message to the page and refuses a kind or field not listed here, so
a typo fails in the native tests, not in a browser; tests/web/test_web_protocol.py checks
that static/page.js handles every kind to the page and sends only the kinds listed.
"""

from __future__ import annotations

# What Python tells the page. Regions and elements are named by id.
TO_PAGE: dict[str, tuple[str, ...]] = {
    "show": ("region", "html"),  # replace an element's content (the focus kept if it can)
    "text": ("region", "text"),  # replace an element's text
    "hidden": ("region", "hidden"),  # hide or show an element
    "remove": ("region",),  # take an element out of the page
    "value": ("region", "value"),  # a form field's value
    "alert": ("region", "text"),  # an element's text, said at once (role=alert), once
    "focus": ("selectors", "force"),  # the focus onto the first of these that takes it
    "refocus": (),  # the next "focus" moves the focus even if the person's element stayed
    "log": ("line", "step"),  # a line added to the game log (#log), step or None
    "mark-log": ("step",),  # the replay's step marked in the log (None: none)
    "highlight": ("selector",),  # board elements cued for a moment
    "hold": ("moves",),  # pieces about to move wait where their moves begin
    "release": ("selector",),  # held pieces (None: all) go back to their places
    "root": ("name", "value"),  # a data attribute of <html> (data-ready, data-over, ...)
    "lang": ("lang",),  # <html lang>
    "title": ("title",),  # the document's title
    "address": ("how", "url"),  # history "push" or "replace" (a query and fragment)
    "store": ("key", "value"),  # localStorage: kept (value None: removed)
    "download": ("name", "text"),  # a file of JSON offered to save
    "clickable": ("selector",),  # what a click acts on, besides buttons
    # the start form about to be shown is made from the form sent with this number: what
    # the person typed since then is kept
    "form-base": ("seq",),
    "parent": ("message",),  # posted to the page framing this one (an embedded board)
    # what the page holds for its session, in memory only, and gives back in its "start"
    # on a new runtime (an embedded board: its board and where it stands)
    "memo": ("memo",),
    "failed": ("text",),  # something went wrong: this sentence in the status line
    # these messages (told in one step of Python's event loop, game/web/port.py), applied
    # in order in one task: no frame shows them half applied
    "batch": ("messages",),
}

# What static/engine.js itself tells the page while Python starts.
FROM_ENGINE: dict[str, tuple[str, ...]] = {
    "bytes": ("url", "bytes"),  # so much of a runtime file has arrived (the progress bar)
    # Python is ready: the page sends its "start", as it stands now; the standard library
    # it runs on ("compiled" or "source": for the tests and the lab)
    "loaded": ("library",),
    "broken": ("reason",),  # the runtime could not start
    "pong": (),  # the runtime is there (the answer to "ping")
}

# What Python asks the page, awaiting its answer.
ASKS: dict[str, tuple[str, ...]] = {
    "move": ("moves", "seconds"),  # play these moves; answered when done (or skipped)
    "confirm": ("text",),  # the browser's confirm(): answered True or False
    "copy": ("text",),  # to the clipboard: answered True, or False where refused
    "file-text": (),  # the text of the file last chosen or dropped (or None)
}

# What the page sends.
TO_WORKER: dict[str, tuple[str, ...]] = {
    # the page: which page ("index", "learn", "embed"), its address (and its query's
    # parameters, decoded), the site's keys in localStorage, navigator.languages, the
    # language of the start screen as built (None: none), whether it is framed, whether
    # it starts again on a new runtime (its shared one ended), and then the last "memo"
    # its session told it (None: none)
    "start": ("page", "search", "params", "hash", "href", "storage", "languages", "built",
              "framed", "restarted", "memo"),
    # a clicked element's data attributes; the start form's values and their number
    "click": ("data", "form", "seq"),
    "key": ("key",),  # a key for the board (the page keeps the focus keys itself)
    "change": ("data", "value", "form", "seq"),  # a form field changed: its data attributes
    "file": ("size",),  # a file chosen or dropped (its text asked for if wanted)
    # the address changed: event "pop" (back, forward) or "hash" (a new fragment)
    "address": ("search", "hash", "event"),
    "unkept": ("key",),  # the browser refused to keep this key
    "parent": ("message",),  # a message from the framing page (an embedded board)
    "answer": ("ask", "value"),  # the answer to an ask
}


# What the page tells static/engine.js itself, before Python runs.
TO_ENGINE: dict[str, tuple[str, ...]] = {
    "prefetch": ("url",),  # a file Python will want (the language's catalog): asked for now
    "bye": (),  # the page is gone: its session in a shared runtime is let go
    "ping": (),  # is the runtime there? (a shared one may end: answered "pong")
}


class ProtocolError(ValueError):
    """A message that is not in the protocol (a bug, caught by the native tests)."""


def message(kind: str, **fields) -> dict:
    """A message to the page: `kind` with exactly its fields."""
    wanted = TO_PAGE.get(kind, ASKS.get(kind))
    if wanted is None:
        raise ProtocolError(f"no message {kind!r} to the page")
    if set(fields) != set(wanted):
        raise ProtocolError(f"{kind!r} takes {wanted}, not {tuple(fields)}")
    return {"kind": kind, **fields}
