"""Learn to play: `main()` is run by learn.html (game/web/learn.py says what it shows).

The page shows one step of a game's lesson: its words, then a live board on which the
learner plays the task (the embeddable board's table, game/web/embed.py). A solved step
is kept in localStorage and opens the next; `?step=N` (from 1) opens a given step.
"""

from html import escape
from typing import Any

from pyscript import document, window
from pyscript.ffi import is_none

from game.core.i18n import SOURCE_LANGUAGE, _, current
from game.web import GAMES, game_name, query_value
from game.web.embed import EmbedError, embed_table, whole_number
from game.web.language import keep_language, page_language, speak_ready
from game.web.learn import (
    STORAGE_KEY,
    after_verdict,
    first_open,
    lesson_game,
    solved_steps,
    step_embed,
    step_html,
    stored,
)
from game.web.main import Page, Superseded, clicked, guarded, report, table_key
from game.web.start import language_picker

lesson: dict[str, Any] = {"info": None, "current": 0, "solved": set(), "table": None}


def storage_get(key: str):
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 -- storage refused (private mode): no memory, no harm
        return None
    return None if is_none(value) else value


def storage_set(key: str, value: str) -> None:
    """Keep the learner's progress; where the browser refuses (private mode, a lesson
    framed by another site with its storage blocked) say once that it is not kept."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001 -- storage refused: the lesson goes on
        if lesson.get("told_unkept"):
            return
        lesson["told_unkept"] = True
        note = document.getElementById("keep-note")
        note.setAttribute("role", "alert")  # said once, at once
        note.textContent = _("This browser does not let the page keep your progress: the "
                             "steps you solve will not be remembered next time.")


def tell(kind: str, data: dict) -> None:
    """The board's news: a solved step is remembered and the step list redrawn."""
    info = lesson["info"]
    if kind == "solved" and info is not None:
        lesson["solved"].add(info.lesson[lesson["current"]].key)
        storage_set(STORAGE_KEY.format(game=info.key), stored(lesson["solved"], info))
        document.getElementById("lesson").innerHTML = step_html(
            info, lesson["current"], lesson["solved"])
    document.documentElement.dataset.verdict = kind if kind in ("solved", "failed") else ""


async def show(index: int) -> None:
    info = lesson["info"]
    index = max(0, min(len(info.lesson) - 1, index))
    lesson["current"] = index
    document.getElementById("lesson").innerHTML = step_html(info, index, lesson["solved"])
    document.documentElement.dataset.step = str(index + 1)
    document.documentElement.dataset.verdict = ""
    embed = step_embed(info, info.lesson[index])
    task = embed.challenge.task  # type: ignore[union-attr]  # (a step has its challenge)
    document.getElementById("play").innerHTML = (
        f'<p class="task" id="task">{escape(task)}</p>'
        '<p id="status" class="status" aria-live="polite"></p>'
        '<div class="embed-grid"><div id="board" class="board-wrap" tabindex="-1"></div>'
        '<aside id="panel" class="side"></aside></div><div id="overlay"></div>'
        '<ol id="log" class="log" hidden></ol>')
    if lesson["table"] is not None:  # the step shown before stops where it is
        lesson["table"].page.retire()
    table = embed_table(embed, Page(), tell,
                        after_verdict=lambda verdict: after_verdict(info, index, verdict.solved))
    lesson["table"] = table
    try:
        await table.start()
    except Superseded:  # another step was asked for while this one began
        return
    query = f"?game={info.key}&step={index + 1}" + (
        f"&lang={current()}" if current() != SOURCE_LANGUAGE else "")
    if window.location.search != query:
        window.history.replaceState(None, "", query)


def draw_page(info) -> None:
    """The lesson's page in the language spoken: its title, the language picker, the
    step list and the board's place."""
    site = " · ".join(game_name(key) for key in GAMES)  # "Tsuro of the Seas · Tatsu"
    document.title = _("Learn to play {game}").format(game=info.shown_name) + f" · {site}"
    document.getElementById("app").innerHTML = (
        f'<div class="lesson-language">{language_picker()}</div>'
        '<div id="lesson" class="lesson"></div><div id="play" class="lesson-play"></div>'
        '<p class="keep-note" id="keep-note"></p>')


async def on_change(event) -> None:
    """The language picker: the lesson said again in the chosen language (its step
    starts again), the choice kept."""
    target = event.target
    if not target.getAttribute("data-language") or lesson["info"] is None:
        return
    if await keep_language(target.value) is None:
        return
    draw_page(lesson["info"])
    await show(lesson["current"])
    document.querySelector("select[data-language]").focus()


async def on_click(event) -> None:
    element, data = clicked(event)
    if element is None:
        return
    if "lessonStep" in data:
        await show(int(data["lessonStep"]))
    elif "embedReset" in data:
        await show(lesson["current"])
    elif lesson["table"] is not None:
        await lesson["table"].click(data)


async def on_key(event) -> None:
    await table_key(lesson["table"], event)


async def begin() -> None:
    root = document.documentElement
    try:
        query = window.location.search
        await speak_ready(page_language(query_value(query, "lang")))
        try:
            info = lesson_game(query_value(query, "game"))
        except EmbedError as err:
            document.getElementById("app").innerHTML = (
                f'<p class="embed-error" id="status" role="alert">{escape(str(err))}</p>')
            root.dataset.ready = "true"
            return
        lesson["info"] = info
        lesson["solved"] = solved_steps(storage_get(STORAGE_KEY.format(game=info.key)), info)
        draw_page(info)
        step = query_value(query, "step") or ""
        number = whole_number(step)  # out of range: show() takes the nearest step
        start = number - 1 if number is not None else first_open(info, lesson["solved"])
        await show(start)
        root.dataset.ready = "true"
    except Exception:
        root.dataset.ready = "error"
        raise


async def main() -> None:
    """Awaited by learn.html, so that PyScript's "all done" comes after the page is ready."""
    try:
        document.getElementById("app").addEventListener("click", guarded(on_click))
        document.getElementById("app").addEventListener("change", guarded(on_change))
        document.addEventListener("keydown", guarded(on_key))
        await begin()
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        document.documentElement.dataset.ready = "error"
        report(error)
