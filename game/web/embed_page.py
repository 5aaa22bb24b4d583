"""The embeddable board's entry point: `main()` is run by embed.html.

The frame reads its URL (game/web/embed.py says what each parameter means), draws the
board alone (no masthead, no start form) and plays through the game's own table. It
talks to the page around it with window.postMessage, every message being an object
{source: "tsuro-tatsu", type, game, id, ...}:

  sent      ready {mode, seat, task}: always the board's first message, before any
            computer's action; action {seat, action, events}; solved / failed
            {words, actions}; game_over {winners, reason}; error {message}
  received  load {params}: show another board (the same parameters as the URL);
            reset: back to the starting position. Either is obeyed at any moment, a
            motion or a computer's turn included: the board it replaces stops there.

`game` and `id` are those the board was asked for, in every message (an error included,
`game` then being null where no game was named). `seat`, `winners` and the seats of
`action` count from 0, as in a game's record; the words of a message (and the `seat`
parameter) count from 1, as people do.

The host's origin is not checked: a frame holds nothing secret and changes nothing
outside itself, so any page may embed it and drive it.
"""

from contextlib import suppress
from html import escape
from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from game.core.i18n import _
from game.web import GAMES, game_name
from game.web.embed import (
    LONGEST_ID,
    Embed,
    EmbedError,
    embed_table,
    message_params,
    read,
    views,
)
from game.web.language import page_language, speak_ready
from game.web.main import Page, Superseded, clicked, guarded, report, table_key

SOURCE = "tsuro-tatsu"
# the board shown: what was asked for (game and id, for the messages), what it is once
# read, its table and the page that table draws on (retired when another board comes)
frame: dict[str, Any] = {"asked": {"game": None, "id": ""}, "embed": None, "table": None,
                         "page": None, "step": 0, "shown": [], "loads": 0}


def tell(kind: str, data: dict) -> None:
    message = {"source": SOURCE, "type": kind, **frame["asked"], **data}
    if window.parent != window:
        window.parent.postMessage(to_js(message, dict_converter=window.Object.fromEntries),
                                  "*")


def url_params() -> dict:
    """The URL's parameters, percent-decoded by the browser."""
    search = window.URLSearchParams.new(window.location.search)
    return dict(window.Object.entries(window.Object.fromEntries(search)).to_py())


def heading(name: str) -> str:
    """The frame's title for screen readers (a frame is a page of its own)."""
    return f'<h1 class="vh">{escape(name)}</h1>'


def show_error(message: str) -> None:
    document.getElementById("app").innerHTML = (
        heading(" · ".join(game_name(key) for key in GAMES))
        + f'<p class="embed-error" id="status" role="alert">{escape(message)}</p>')
    document.documentElement.dataset.embedError = "true"
    tell("error", {"message": message})


async def speak_as_asked(params: dict) -> None:
    """The frame's words in the language its `lang` parameter names, else the visitor's
    (game/web/language.py)."""
    lang = params.get("lang") if isinstance(params, dict) else None
    await speak_ready(page_language(lang if type(lang) is str else None))


def asked(params) -> dict:
    """The game and id a board was asked for, as its messages carry them (even when the
    rest of its parameters cannot be read)."""
    params = params if isinstance(params, dict) else {}
    game, ident = params.get("game"), params.get("id")
    game = game.strip().lower()[:LONGEST_ID] if type(game) is str else ""
    return {"game": game or None, "id": ident[:LONGEST_ID] if type(ident) is str else ""}


def replace_board() -> None:
    """The board shown gives way to another: its table's play stops where it is."""
    if frame["page"] is not None:
        frame["page"].retire()
    frame.update(embed=None, table=None, page=None, step=0, shown=[])


async def load(params: dict) -> None:
    replace_board()
    frame["asked"] = asked(params)
    frame["loads"] += 1
    this_load = frame["loads"]
    await speak_as_asked(params)
    if this_load != frame["loads"]:  # another board was asked for meanwhile
        return
    try:
        embed = read(params)
    except EmbedError as err:
        show_error(str(err))
        document.documentElement.dataset.ready = "true"  # (ready to say what is wrong)
        return
    frame["embed"] = embed
    document.documentElement.dataset.embedError = "false"
    document.documentElement.dataset.game = embed.info.key
    document.documentElement.dataset.mode = embed.mode
    task = embed.task or (embed.challenge.task if embed.challenge else "")
    document.getElementById("app").innerHTML = (
        heading(embed.info.shown_name)
        + (f'<p class="task" id="task">{escape(task)}</p>' if task else "")
        + '<p id="status" class="status" aria-live="polite"></p>'
        '<div class="embed-grid"><div id="board" class="board-wrap" tabindex="-1"></div>'
        '<aside id="panel" class="side"></aside></div><div id="overlay"></div>'
        '<ol id="log" class="log" hidden></ol>')
    if embed.mode == "view":
        frame["shown"] = views(embed)
        show_view()
        tell("ready", {"mode": embed.mode, "seat": embed.seat, "task": task})
        document.documentElement.dataset.ready = "true"
    else:
        table = new_table(embed)
        tell("ready", {"mode": embed.mode, "seat": embed.seat, "task": task})
        document.documentElement.dataset.ready = "true"
        await play_on(table)  # (the computers, if they move first: after "ready")


async def play_on(table) -> None:
    """The computers play until a person is to act; a board replaced meanwhile (a load
    or reset came) just stops."""
    with suppress(Superseded):
        await table.advance()


def new_table(embed: Embed):
    """The board's table, drawn, its computers not yet moved."""
    page = Page()
    table = embed_table(embed, page, tell)
    frame.update(table=table, page=page)
    table.render()
    return table


def show_view() -> None:
    embed: Embed = frame["embed"]
    shown, step = frame["shown"], frame["step"]
    state, words = shown[step]
    drawing = embed.info.svg
    document.getElementById("board").innerHTML = drawing.board(
        drawing.board_view(state), seat=embed.seat, highlight=False)
    last = len(shown) - 1
    controls = ""
    if last:
        back, forward = escape(_("◀ Back")), escape(_("Next ▶"))
        count = escape(_("Step {step} of {last}").format(step=step, last=last))
        controls = (
            '<div class="controls step-controls">'
            f'<button type="button" data-view-step="-1"{" disabled" if step == 0 else ""}>'
            f"{back}</button>"
            f'<span class="step-count">{count}</span>'
            f'<button type="button" data-view-step="1"{" disabled" if step == last else ""}>'
            f"{forward}</button></div>")
    name = embed.info.seat_names_for(state.players)[embed.seat]
    document.getElementById("panel").innerHTML = controls + embed.info.table_class.seat_html(
        state, embed.seat, name)
    document.getElementById("status").textContent = " ".join(words) or (
        _("Step through the game with Next ▶.") if last and step == 0 else "")


async def on_click(event) -> None:
    element, data = clicked(event)
    if element is None:
        return
    if "viewStep" in data:
        frame["step"] = max(0, min(len(frame["shown"]) - 1,
                                   frame["step"] + int(data["viewStep"])))
        show_view()
        return
    if "embedReset" in data:
        await reset()
        return
    table = frame["table"]
    if table is not None:
        await table.click(data)


async def reset() -> None:
    embed = frame["embed"]
    if embed is None:
        return
    if embed.mode == "view":
        frame["step"] = 0
        show_view()
    else:
        frame["page"].retire()
        await play_on(new_table(embed))


async def on_key(event) -> None:
    await table_key(frame["table"], event)


async def on_message(event) -> None:
    data = event.data
    try:  # two levels: the message and its parameters; anything deeper stays in JS
        message = data.to_py(depth=2) if hasattr(data, "to_py") else None
    except Exception:  # noqa: BLE001 -- not ours: a message we cannot read is ignored
        return
    if not isinstance(message, dict) or message.get("source") != SOURCE:
        return
    if message.get("type") == "load":
        try:
            params = message_params(message)
        except EmbedError as err:
            replace_board()
            frame["asked"] = asked(message.get("params"))
            show_error(str(err))
            return
        await load(params)  # read() refuses any value that is not a short text
    elif message.get("type") == "reset":
        await reset()


async def begin() -> None:
    try:
        await load(url_params())
    except Exception:
        document.documentElement.dataset.ready = "error"
        raise


async def main() -> None:
    """Awaited by embed.html, so that PyScript's "all done" comes after the frame is
    ready."""
    root = document.documentElement
    try:
        app = document.getElementById("app")
        app.addEventListener("click", guarded(on_click))
        document.addEventListener("keydown", guarded(on_key))
        window.addEventListener("message", guarded(on_message))
        await begin()
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        root.dataset.ready = "error"
        report(error)
