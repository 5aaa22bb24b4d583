"""The page's entry point: `main()` is run by index.html once PyScript has started.

This is the one module that touches the browser (through `pyscript`). It draws the
shell, reads the start screen's form into a Match, and hands clicks and keys to the
game's table (game/web/tsuro_table.py, game/web/tatsu_table.py), which asks the engine
for everything. Once interactive it sets `<html data-ready="true">`, which the tests and
the benchmark wait for. A player never sees a Python traceback: any error is logged to
the browser console and the page shows a short, friendly message instead.
"""

import asyncio
import importlib
import random
import traceback
from html import escape

from pyscript import document, window
from pyscript.ffi import create_proxy

from game.web import GAMES, chosen_game

SORRY = "Sorry, something went wrong. Please reload the page."
CUE_SECONDS = 0.9  # how long an animation cue stays on a board element
_listeners = []  # keeps the event-handler proxies alive for the page's lifetime
_tasks = set()  # running handlers, kept until done
current = {"game": None, "table": None}  # what the page shows now

# What the page clicks on: elements with one of these data attributes.
CLICKABLE = ",".join(f"[data-{name}]" for name in (
    "game", "start", "again", "new", "ready", "mark", "tile", "rotate", "place", "square",
    "give", "take", "bonus", "action", "target-segment", "segment", "mat", "pass"))


def _table_class(game: str):
    """The game's package, its event words and its table (imported when first needed)."""
    if game == "tsuro":
        import game.tsuro as package
        from game.tsuro.text import describe
        from game.web.tsuro_table import TsuroTable as table
    else:
        import game.tatsu as package
        from game.tatsu.text import describe
        from game.web.tatsu_table import TatsuTable as table
    return package, describe, table


def shell(game) -> str:
    """The page's HTML: the game choice, then the start form and the table."""
    buttons = "".join(
        f'<button type="button" class="choice" data-game="{key}" '
        f'aria-pressed="{"true" if key == game else "false"}">{escape(name)}</button>'
        for key, name in GAMES.items())
    parts = ['<header class="masthead"><h1>Tsuro of the Seas <span class="amp">&amp;</span> '
             "Tatsu</h1></header>",
             f'<nav class="choices" aria-label="Choose a game">{buttons}</nav>']
    if game is None:
        parts.append('<p class="intro">Choose a game to play: <strong>Tsuro of the Seas</strong>'
                     " for 2 to 8 captains among sea monsters, or <strong>Tatsu</strong>, a "
                     "dice battle of dragons for two.</p>")
        parts.append('<p class="notice" id="status"></p>')
    else:
        parts.append(
            f'<section class="table" data-game="{game}" aria-label="{escape(GAMES[game])}">'
            '<p id="status" class="status" aria-live="polite"></p>'
            '<div class="table-grid"><div id="board" class="board-wrap"></div>'
            '<aside class="side"><div id="setup"></div><div id="panel"></div>'
            '<details class="log-box" open><summary>Game log</summary>'
            '<ol id="log" class="log"></ol></details>'
            '<p class="seed-line" id="seed-line"></p></aside></div>'
            '<div id="overlay"></div></section>')
    return "".join(parts)


class Page:
    """What a table may ask of the page (see game/web/table.py)."""

    def show(self, region: str, html: str) -> None:
        element = document.getElementById(region)
        if element is not None:
            element.innerHTML = html

    def log(self, line: str) -> None:
        log = document.getElementById("log")
        item = document.createElement("li")
        item.textContent = line
        log.appendChild(item)
        log.scrollTop = log.scrollHeight

    def highlight(self, selector: str) -> None:
        board = document.getElementById("board")
        for element in board.querySelectorAll(selector):
            element.classList.add("cue")

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def done(self, winners) -> None:
        document.documentElement.dataset.over = "true"


def render(game) -> None:
    current["game"], current["table"] = game, None
    document.getElementById("app").innerHTML = shell(game)
    title = "Tsuro of the Seas · Tatsu"
    document.title = f"{GAMES[game]} · {title}" if game else title
    document.documentElement.dataset.over = "false"
    if game is not None:
        show_setup(game)


def show_setup(game: str, form_html=None) -> None:
    """The start form, over a board of a fresh game for a first look."""
    from game.web.setup import form_html as default_form

    package, _, _ = _table_class(game)
    document.getElementById("setup").innerHTML = form_html or default_form(game)
    document.getElementById("setup").hidden = False
    sample = package.State(package.config_for(package.PLAYERS[0]), 0)
    svg = importlib.import_module(f"game.{game}.svg")
    document.getElementById("board").innerHTML = svg.board(sample, highlight=False)
    document.getElementById("panel").innerHTML = ""
    document.getElementById("log").innerHTML = ""
    document.getElementById("status").textContent = "Choose the seats, then start."


def form_values() -> dict:
    form = document.getElementById("setup-form")
    values = {}
    for element in form.elements:
        if not element.name:
            continue
        if element.type == "checkbox":
            values[element.name] = "on" if element.checked else ""
        else:
            values[element.name] = element.value
    return values


async def start_game(game: str, values=None, match=None) -> None:
    from game.core.match import Match
    from game.web.setup import read_form

    package, describe, table_class = _table_class(game)
    if match is None:
        try:
            config, seed, seats, speed = read_form(game, values, random.randrange(10**9))
        except ValueError as problem:
            document.getElementById("status").textContent = str(problem)
            return
        match = Match(package, describe, config, seed, seats)
        current["speed"] = speed
    document.getElementById("setup").hidden = True
    document.getElementById("log").innerHTML = ""
    document.getElementById("seed-line").textContent = (
        f"Game seed {match.seed} (enter it on the start screen to play this game again).")
    document.documentElement.dataset.over = "false"
    table = table_class(match, Page(), current.get("speed", "normal"))
    current["table"] = table
    for _, line in match.log:  # what happened at setup (daikaiju placed, dice rolled)
        if line:
            table.page.log(line)
    await table.start()


def refresh_seats(game: str) -> None:
    """The number of captains changed: redraw the seat rows, keeping what was typed."""
    from game.web.setup import tsuro_form

    values = form_values()
    players = int(values["players"])
    names = [values.get(f"name{i}") for i in range(8) if f"name{i}" in values]
    kinds = [values.get(f"player{i}") for i in range(8) if f"player{i}" in values]
    document.getElementById("setup").innerHTML = tsuro_form(
        players, names, kinds, values.get("daikaiju") == "on", values.get("seed", ""),
        values.get("speed", "normal"))


async def on_click(event) -> None:
    # a button wins over what is drawn inside it (a hand tile's picture has data-tile too)
    element = event.target.closest("button") or event.target.closest(CLICKABLE)
    if element is None:
        return
    data = dict(window.Object.entries(element.dataset).to_py())
    if element.classList.contains("target"):
        data["target"] = "1"
    if "game" in data and element.tagName == "BUTTON":
        game = data["game"]
        if game != chosen_game(window.location.search):
            window.history.pushState(None, "", f"?game={game}")
        render(game)
    elif "start" in data:
        event.preventDefault()
        await start_game(current["game"], form_values())
    elif "again" in data and current["table"] is not None:
        old = current["table"].match
        await start_game(current["game"], match=old.rematch(old.seed + 1))
    elif "new" in data:
        render(current["game"])
    elif current["table"] is not None:
        await current["table"].click(data)


async def on_key(event) -> None:
    table = current["table"]
    typing = event.target.tagName in ("INPUT", "SELECT", "TEXTAREA")
    if table is None or (typing and not document.getElementById("setup").hidden):
        return
    if event.key in ("Enter", " ") and event.target.getAttribute("role") == "button":
        event.preventDefault()  # marks and targets drawn on the board act like buttons
        event.target.dispatchEvent(window.MouseEvent.new("click", {"bubbles": True}))
        return
    await table.key(event.key)


def on_change(event) -> None:
    if event.target.getAttribute("data-refresh"):
        refresh_seats(current["game"])


def on_submit(event) -> None:
    event.preventDefault()  # the Start button's click starts the game


def on_history(_event) -> None:
    render(chosen_game(window.location.search))


def report(error: BaseException) -> None:
    """Log the details for a developer, show the player a plain sentence."""
    window.console.error("".join(traceback.format_exception(error)))
    try:
        status = document.getElementById("status")
        if status is None:
            status = document.createElement("p")
            status.id = "status"
            status.className = "notice"
            document.getElementById("app").appendChild(status)
        status.textContent = SORRY
        status.dataset.failed = ""
    except Exception:  # noqa: BLE001, S110 -- the page itself is gone: the console has it all
        pass


def guarded(handler):
    """An event handler that reports instead of raising; coroutines run as tasks."""

    async def finish(coroutine):
        try:
            await coroutine
        except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
            report(error)

    def run(event):
        try:
            result = handler(event)
            if asyncio.iscoroutine(result):
                task = asyncio.ensure_future(finish(result))
                _tasks.add(task)
                task.add_done_callback(_tasks.discard)
        except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
            report(error)

    proxy = create_proxy(run)
    _listeners.append(proxy)
    return proxy


def main() -> None:
    root = document.documentElement
    try:
        render(chosen_game(window.location.search))
        app = document.getElementById("app")
        app.addEventListener("click", guarded(on_click))
        app.addEventListener("change", guarded(on_change))
        app.addEventListener("submit", guarded(on_submit))
        document.addEventListener("keydown", guarded(on_key))
        window.addEventListener("popstate", guarded(on_history))
        root.dataset.ready = "true"
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        root.dataset.ready = "error"
        report(error)
