"""The web page: the only code that imports `pyscript` or `js` (in `game.web.main`).

How it boots: index.html loads PyScript (static/vendor/pyscript/core.js) with the
configuration pyscript.toml, which points at the local Pyodide and unpacks static/game.zip
(this `game` package, made by `python3 -m game serve|build`) into Python's working folder.
The page's one `<script type="py">` then runs `from game.web.main import main; await main()`.

What is here, outside main.py, stays importable without a browser (for native tests).
Mind the start-up time: every module imported on the way to the first screen is paid for on
each page load (in Pyodide, `urllib.parse` alone costs about 0.2 s; `html` and `traceback`
are already loaded by PyScript).
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


# Keys that activate the focused control themselves (a button's click, a menu opening):
# the board's shortcut for the same key must then stay silent, or one key acts twice.
ACTIVATING_KEYS = ("Enter", " ")
CONTROL_TAGS = ("BUTTON", "A", "SUMMARY", "INPUT", "SELECT", "TEXTAREA", "OPTION")
TYPING_TAGS = ("INPUT", "SELECT", "TEXTAREA")
# Keys that move the focus within a roving group (the choices of one decision, each with
# data-rove: one in the tab order, the arrows reach the others).
ROVING_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1,
               "Home": "first", "End": "last"}


def key_route(key: str, tag: str, role: str | None, rove: str | None = None) -> str:
    """Where a key pressed on an element goes, so that it acts once:
    "ignore" (the focused control handles it, or the person is typing), "click" (a board
    element drawn as a button: Enter and Space press it), "rove" (an arrow, Home or End
    on one of a roving group's elements, `rove` its data-rove: the focus moves within the
    group), or "board" (the game's shortcut)."""
    tag = (tag or "").upper()
    if tag in TYPING_TAGS:
        return "ignore"
    if rove and key in ROVING_KEYS:
        return "rove"
    if key in ACTIVATING_KEYS:
        if role == "button" and tag not in CONTROL_TAGS:
            return "click"
        if tag in CONTROL_TAGS:
            return "ignore"
    return "board"


def roved(count: int, at: int, key: str) -> int:
    """The index a roving key moves the focus to among `count` elements from `at`: the
    arrows wrap round, Home and End go to the ends."""
    step = ROVING_KEYS[key]
    if step == "first":
        return 0
    if step == "last":
        return count - 1
    return (at + step) % count  # type: ignore[operator]  # (a number by now)
