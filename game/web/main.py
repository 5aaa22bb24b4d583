"""The page's entry point: `main()` is run by index.html once PyScript has started.

For now a shell: a heading, one button per game and, for `?game=tsuro|tatsu`, that game's
board (a placeholder `<svg data-board="...">` until `game.tsuro.svg.board(state)` and its
Tatsu twin exist). Once interactive it sets `<html data-ready="true">`, which the tests and
the benchmark wait for. A player never sees a Python traceback: any error is logged to the
browser console and the page shows a short, friendly message instead.
"""

import traceback
from html import escape

from pyscript import document, window
from pyscript.ffi import create_proxy

from game.web import GAMES, chosen_game

SORRY = "Sorry, something went wrong. Please reload the page."
_listeners = []  # keeps the event-handler proxies alive for the page's lifetime


def placeholder_board(game: str) -> str:
    """A stand-in board until the game's own svg module draws the real one."""
    name = escape(GAMES[game])
    return (
        f'<svg data-board="{game}" class="board" viewBox="0 0 100 100" role="img" '
        f'aria-label="{name} board" xmlns="http://www.w3.org/2000/svg">'
        '<rect x="2" y="2" width="96" height="96" rx="4" class="board-sea"/>'
        f'<text x="50" y="52" text-anchor="middle" class="board-label">{name}</text>'
        "</svg>"
    )


def shell(game: str | None) -> str:
    """The page's HTML for the start screen, or for a game's table."""
    buttons = "".join(
        f'<button type="button" class="choice" data-game="{key}" '
        f'aria-pressed="{"true" if key == game else "false"}">{escape(name)}</button>'
        for key, name in GAMES.items()
    )
    parts = [
        ('<header class="masthead"><h1>Tsuro of the Seas <span class="amp">&amp;</span> Tatsu</h1>'
        "</header>"),
        f'<nav class="choices" aria-label="Choose a game">{buttons}</nav>',
    ]
    if game is None:
        parts.append('<p class="intro">Choose a game to play.</p>')
    else:
        parts.append(
            f'<section class="table" data-game="{game}" aria-label="{escape(GAMES[game])}">'
            f"{placeholder_board(game)}</section>"
        )
    return "".join(parts)


def render(game: str | None) -> None:
    document.getElementById("app").innerHTML = shell(game)
    title = "Tsuro of the Seas · Tatsu"
    document.title = f"{GAMES[game]} · {title}" if game else title


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
    """An event handler that reports instead of raising."""

    def run(event):
        try:
            handler(event)
        except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
            report(error)

    proxy = create_proxy(run)
    _listeners.append(proxy)
    return proxy


def on_click(event) -> None:
    button = event.target.closest("button[data-game]")
    if button is None:
        return
    game = button.dataset.game
    if game != chosen_game(window.location.search):
        window.history.pushState(None, "", f"?game={game}")
    render(game)


def on_history(_event) -> None:
    render(chosen_game(window.location.search))


def main() -> None:
    root = document.documentElement
    try:
        render(chosen_game(window.location.search))
        document.getElementById("app").addEventListener("click", guarded(on_click))
        window.addEventListener("popstate", guarded(on_history))
        root.dataset.ready = "true"
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        root.dataset.ready = "error"
        report(error)
