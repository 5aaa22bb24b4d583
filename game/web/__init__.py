"""The web page's Python, which runs in a web worker (game/web/protocol.py: the line).

How it boots: each page (index.html, embed.html, learn.html) loads static/page.js, which
starts static/engine.js in a worker: Pyodide, then static/game.zip (this `game` package,
made by `python3 -m game serve|build`) unpacked onto Python's path, then
`game.web.worker`, the one module that imports browser code (`js`). The worker serves
the page's session (index_page.py, learn_page.py, embed_page.py): what to show in answer
to what the person does. Everything here but worker.py is importable without a browser
(for native tests). Mind the start-up time: every module imported on the way to the
first screen is paid for on each page load.
"""

from game.core.i18n import _
from game.core.limits import shown
from game.core.registry import games

# The games the page offers, by the `?game=` value that opens them (the registry's keys),
# with their names in English, as each game marks its GameInfo.name (`game_name` says
# them in the language spoken now: "Tsuro dos Mares").
GAMES = {key: info.name for key, info in games().items()}


def game_name(key: str) -> str:
    """The name of the game `key` in the language spoken now."""
    return _(GAMES[key])


def query_value(query: str, name: str) -> str | None:
    """The first value of `name` in a location's query string, or None if absent.
    (Percent-escapes are left as they are: the values the page reads need none.)"""
    for pair in query.lstrip("?").split("&"):
        key, _equals, value = pair.partition("=")
        if key == name:
            return value
    return None


def game_query(game: str, query: str) -> str:
    """The query string that opens `game`, keeping the language the page was asked for
    (`?lang=`)."""
    lang = query_value(query, "lang")
    return f"?game={game}" + (f"&lang={lang}" if lang and lang.isalpha() else "")


def chosen_game(query: str) -> str | None:
    """The game named by a location's query string (`?game=tsuro`, in any case), or
    None for the start screen."""
    value = (query_value(query, "game") or "").strip().lower()
    return value if value in GAMES else None


def unknown_game(query: str) -> str | None:
    """A `?game=` value that names no game here (for a sentence saying so), or None."""
    value = query_value(query, "game")
    if value is None or not value.strip() or chosen_game(query) is not None:
        return None
    value = value.replace("+", " ").strip()
    return shown(value, quoted=False)
