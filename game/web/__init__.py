"""The web page: the only code that imports `pyscript` or `js` (in `game.web.main`).

How it boots: index.html loads PyScript (static/vendor/pyscript/core.js) with the
configuration pyscript.toml, which points at the local Pyodide and unpacks static/game.zip
(this `game` package, made by `python3 -m game serve|build`) into Python's working folder.
The page's one `<script type="py">` then runs `from game.web.main import main; main()`.

What is here, outside main.py, stays importable without a browser (for native tests).
Mind the start-up time: every module imported on the way to the first screen is paid for on
each page load (in Pyodide, `urllib.parse` alone costs about 0.2 s; `html` and `traceback`
are already loaded by PyScript).
"""

# The games the page offers, by the `?game=` value that opens them.
GAMES = {"tsuro": "Tsuro of the Seas", "tatsu": "Tatsu"}


def chosen_game(query: str) -> str | None:
    """The game named by a location's query string (`?game=tsuro`), or None for the start."""
    for pair in query.lstrip("?").split("&"):
        key, _, value = pair.partition("=")
        if key == "game":
            return value if value in GAMES else None
    return None
