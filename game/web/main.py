"""The page's entry point: `main()` is run by index.html once PyScript has started.

This is the one module that touches the browser (through `pyscript`). It draws the
shell, reads the start screen's form into a Match, and hands clicks and keys to the
game's table (game/web/tsuro_table.py, game/web/tatsu_table.py), which asks the engine
for everything. Once interactive it sets `<html data-ready="true">`, which the tests and
the benchmark wait for. A player never sees a Python traceback: any error is logged to
the browser console and the page shows a short, friendly message instead.
"""

import asyncio
import contextlib
import random
import traceback
from html import escape
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from game.core.i18n import N_, _
from game.web import (
    GAMES,
    chosen_game,
    game_name,
    game_query,
    key_route,
    query_value,
    roved,
    unknown_game,
)
from game.web.language import follow_in_address, keep_language, page_language, speak_ready

SORRY = N_("Sorry, something went wrong. Please reload the page.")  # said through _()
_listeners: list[Any] = []  # keeps the event-handler proxies alive for the page's lifetime
_tasks: set[asyncio.Task[None]] = set()  # running handlers, kept until done
current: dict[str, Any] = {"game": None, "table": None}  # what the page shows now

# What the page clicks on: elements with one of these data attributes.
CLICKABLE = ",".join(f"[data-{name}]" for name in (
    "game", "start", "again", "new", "ready", "mark", "tile", "rotate", "place", "square",
    "give", "take", "bonus", "action", "target-segment", "segment", "mat", "pass",
    "mark-step", "confirm-mark", "skip", "skip-motion")) + ",#log li[data-step]"


def shell(game, unknown=None) -> str:
    """The page's HTML: the first screen (no game chosen: game/web/start.py, which the
    build also writes into index.html), or the game choice, then the start form and the
    table. Only the status line and the game log are live regions: a redrawn board is
    not read aloud."""
    from game.core.registry import games
    from game.core.rule_links import page_url
    from game.web.start import first_screen_html, masthead
    from game.web.table import help_dialog, keys_button, words_html

    if game is None:  # a card for each game, with its board, in place of the choice
        notice = (words_html(_("There is no game called “{name}” here: choose Tsuro of the "
                               "Seas or Tatsu."), name=escape(unknown)) if unknown else "")
        return first_screen_html(notice, bool(unknown))
    buttons = "".join(
        f'<button type="button" class="choice" data-game="{key}" '
        f'aria-pressed="{"true" if key == game else "false"}">{escape(game_name(key))}'
        "</button>" for key in GAMES)
    name = escape(game_name(game))
    rules_of = words_html(_("Rules of {game}"), game=name)
    rules = (f'<p class="rules-line"><a class="rules-link" href="{page_url(game)}" '
             f'target="_blank" rel="noopener">{rules_of}'
             '<span aria-hidden="true"> ↗</span></a></p>')
    choose, log = escape(_("Choose a game")), escape(_("Game log"))
    skip = escape(_("Skip"))
    return (
        f'{masthead()}<nav class="choices" aria-label="{choose}">{buttons}</nav>'
        f'<section class="table" data-game="{game}" aria-label="{name}">'
        '<div class="status-line"><p id="status" class="status" aria-live="polite"></p>'
        f'<button type="button" id="skip-motion" class="skip-motion" data-skip-motion="1" '
        f'hidden>{skip}</button></div>'
        '<div class="table-grid"><div id="board" class="board-wrap" tabindex="-1"></div>'
        '<aside class="side"><div id="resume"></div><div id="setup"></div>'
        '<div id="panel"></div>'
        '<div id="pace-box"></div>'
        f'<details class="log-box" open><summary>{log}</summary>'
        f'<ol id="log" class="log" aria-live="polite" aria-label="{log}" tabindex="0"></ol>'
        '</details>'
        '<div id="files" class="files"></div>'
        '<p class="seed-line" id="seed-line"></p>'
        '<p class="keep-note" id="keep-note"></p>'
        f'<p class="keys-line">{keys_button()}</p>{rules}</aside></div>'
        '<div id="overlay"></div>'
        f'{help_dialog(game_name(game), games()[game].table_class)}</section>')


def own_place(element) -> str:
    """An SVG element's own place (its transform attribute's translation) as a CSS
    transform, the last keyframe of a move that ends where the element is drawn."""
    from game.core.motion import at

    transform = element.transform.baseVal.consolidate()
    if is_none(transform):
        return at(0, 0)
    return at(transform.matrix.e, transform.matrix.f)


# The moves of the action being played: the animations holding pieces where they were,
# whether Skip was pressed, the board as it was drawn before the action (its <svg>), and
# the copies of pieces the action took off the board, by their move's selector.
_motion: dict[str, Any] = {"held": [], "skipped": False, "before": None, "copies": {}}


def about_its_centre(element) -> None:
    """A move's turn and scale (the CSS rotate and scale properties) about the element's
    own centre where it is drawn. The browser applies them outside the element's
    transform attribute (its place), so the origin is given in its parent's coordinates:
    that place plus the centre of its drawing."""
    box = element.getBBox()
    place = element.transform.baseVal.consolidate()
    x, y = (0, 0) if is_none(place) else (place.matrix.e, place.matrix.f)
    element.style.transformBox = "view-box"
    element.style.transformOrigin = (f"{x + box.x + box.width / 2:.2f}px "
                                     f"{y + box.y + box.height / 2:.2f}px")


def release(selector=None) -> None:
    """Held elements (all, or those of `selector`) go back to their places; when all do,
    the copies of pieces gone from the board go too."""
    kept = []
    for held_selector, animation in _motion["held"]:
        if selector is None or held_selector == selector:
            animation.cancel()
        else:
            kept.append((held_selector, animation))
    _motion["held"] = kept
    if selector is None:
        for copies in _motion["copies"].values():
            for copy in copies:
                copy.remove()
        _motion["copies"] = {}


def copies_of(selector: str) -> list:
    """Copies of the elements of `selector` as the board drew them before the action,
    laid over the board as it is now (same drawing, same coordinates), each once: the
    pieces a move with `before` animates."""
    if selector in _motion["copies"]:
        return _motion["copies"][selector]
    before, board = _motion["before"], document.querySelector("#board svg")
    copies = []
    if not is_none(before) and before is not None and not is_none(board):
        layer = board.querySelector("g.leaving")
        if is_none(layer):
            layer = document.createElementNS("http://www.w3.org/2000/svg", "g")
            layer.setAttribute("class", "leaving")
            layer.setAttribute("aria-hidden", "true")
            layer.setAttribute("pointer-events", "none")
            board.appendChild(layer)
        for element in before.querySelectorAll(selector):
            copy = element.cloneNode(True)
            for named in [copy, *copy.querySelectorAll("[id]")]:
                named.removeAttribute("id")  # the board's own pieces keep their ids
            layer.appendChild(copy)
            copies.append(copy)
    _motion["copies"][selector] = copies
    return copies


def drawn(board, selector: str) -> list:
    """The board's own elements of `selector`: not the copies of pieces gone (laid over
    it in g.leaving), which only a move with `before` animates."""
    return [element for element in board.querySelectorAll(selector)
            if is_none(element.closest("g.leaving"))]


def skip_motion() -> None:
    """The Skip button: the action's motion ends at once, the moves under way and those
    to come (each piece shows its end: the board as drawn)."""
    _motion["skipped"] = True
    release()
    board = document.getElementById("board")
    if is_none(board):
        return
    for animation in board.getAnimations(to_js({"subtree": True})):
        if animation.effect.getComputedTiming().endTime != float("inf"):
            animation.finish()


def focus_key(element):
    """A selector that finds an element again after its region is redrawn: its tag, name
    and data attributes (a hand tile's data-tile, a turn button's data-rotate...)."""
    parts = [element.tagName.lower()]
    for attribute in element.attributes:
        if attribute.name == "name" or attribute.name.startswith("data-"):
            parts.append(f'[{attribute.name}="{window.CSS.escape(attribute.value)}"]')
    return "".join(parts)


class Superseded(Exception):  # noqa: N818 -- not an error: a board's play ends
    """Raised in a table's play once its board was replaced (another game, lesson step or
    embedded board) while it still played: that play stops at its next pause, quietly
    (guarded() drops it), and never draws over the new board."""


class Page:
    """What a table may ask of the page (see game/web/table.py)."""

    def __init__(self):
        # The focus was on something a redraw took away: the next call of focus() puts
        # it on what the person acts on next, instead of leaving it at the page's top.
        self.lost = True
        self.retired = False  # its board was replaced: see Superseded

    def retire(self) -> None:
        """Another board takes this one's place: what its table still plays stops at its
        next pause or motion."""
        self.retired = True

    def still_shown(self) -> None:
        if self.retired:
            raise Superseded

    def refocus(self) -> None:
        """The next focus() moves the focus even though the person's element was kept
        (a stone picked: the focus goes on to where it may go)."""
        self.lost = True

    def show(self, region: str, html: str) -> None:
        element = document.getElementById(region)
        if is_none(element):
            return
        active = document.activeElement
        key = None
        if not is_none(active) and element.contains(active) and active != element:
            key = focus_key(active)
        if region == "board":  # kept for the pieces an action takes off (copies_of)
            _motion["before"] = element.querySelector("svg")
        element.innerHTML = html
        if key is not None:  # the same control, redrawn, keeps the focus
            again = element.querySelector(key)
            if not is_none(again):
                again.focus(to_js({"preventScroll": True}))
            if is_none(again) or document.activeElement != again:
                self.lost = True

    def focus(self, selectors) -> None:
        active = document.activeElement
        if not self.lost and not is_none(active) and active != document.body:
            return
        for selector in selectors:
            for element in document.querySelectorAll(selector):
                element.focus(to_js({"preventScroll": True}))
                if document.activeElement == element:
                    self.lost = False
                    return
        # Nothing to act on yet (a computer plays): the board holds the focus meanwhile,
        # never the page's body, and the next call still moves it on.
        if is_none(active) or active == document.body or not active.isConnected:
            board = document.getElementById("board")
            if not is_none(board):
                board.focus(to_js({"preventScroll": True}))

    def log(self, line: str, step=None) -> None:
        log = document.getElementById("log")
        item = document.createElement("li")
        item.textContent = line
        if step is not None:  # a click on the line replays the game at that step
            item.dataset.step = str(step)
        log.appendChild(item)
        log.scrollTop = log.scrollHeight

    def mark_log(self, step) -> None:
        """The log's lines of the replay's `step` marked as the one shown (None: none),
        the first of them brought into the log's view."""
        log = document.getElementById("log")
        if is_none(log):
            return
        first = None
        for item in log.querySelectorAll("li[data-step]"):
            if step is not None and item.dataset.step == str(step):
                item.setAttribute("aria-current", "step")
                first = item if first is None else first
            else:
                item.removeAttribute("aria-current")
        if first is not None:
            first.scrollIntoView(to_js({"block": "nearest"}))

    def highlight(self, selector: str) -> None:
        board = document.getElementById("board")
        for element in board.querySelectorAll(selector):
            element.classList.add("cue")

    async def pause(self, seconds: float) -> None:
        self.still_shown()
        await asyncio.sleep(seconds)
        self.still_shown()

    def hold(self, moves) -> None:
        """Before an action's events play: each element that will move waits where its
        move begins (a ship at its old place while the tile is laid), not at its end."""
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        board = document.getElementById("board")
        for move in moves:
            elements = (copies_of(move.selector) if move.before
                        else drawn(board, move.selector))
            for element in elements:
                if move.centred:
                    about_its_centre(element)
                first = {key: value for key, value in move.keyframes[0].items()
                         if key != "offset"}
                _motion["held"].append((move.selector, element.animate(
                    to_js([first, first]), to_js({"duration": 1, "fill": "forwards"}))))

    def release(self, selector=None) -> None:
        """The elements held (all, or those of `selector`) go back to their places; all
        of them: the action's motion is over (a Skip lasts until then)."""
        release(selector)
        if selector is None:
            _motion["skipped"] = False

    async def move(self, moves, step_seconds: float) -> None:
        """Play an event's moves (game/core/motion.py) with the browser's own animations
        over the board as drawn; nothing for a player who asks for reduced motion (the
        board is already right). The Skip button, shown meanwhile, ends them at once."""
        self.still_shown()
        if (step_seconds <= 0 or _motion["skipped"]
                or window.matchMedia("(prefers-reduced-motion: reduce)").matches):
            return
        board = document.getElementById("board")
        running = []
        for move in moves:
            self.release(move.selector)
            elements = (copies_of(move.selector) if move.before
                        else drawn(board, move.selector))
            for element in elements:
                frames = [dict(frame) for frame in move.keyframes]
                if move.home:  # on to its own place, as drawn
                    frames.append({"transform": own_place(element), "offset": 1})
                if move.centred:
                    about_its_centre(element)
                running.append(element.animate(to_js(frames),
                                               to_js(move.options(step_seconds))))
        if not running:
            return
        skip = document.getElementById("skip-motion")
        if not is_none(skip):
            skip.hidden = False
        try:
            while not self.retired and any(
                    str(animation.playState) in ("running", "pending")
                    or animation.pending for animation in running):
                await asyncio.sleep(0.03)
        finally:
            if not is_none(skip) and not self.retired:
                if document.activeElement == skip:  # (a hidden button drops the focus)
                    document.getElementById("board").focus(to_js({"preventScroll": True}))
                skip.hidden = True
        self.still_shown()

    def done(self, winners) -> None:
        document.documentElement.dataset.over = "true"
        show_files(over=True)


# --- keeping the game in the browser (game/web/saved.py says what is kept) -------------
def storage_get(key: str):
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 -- storage refused (private mode, disabled)
        return None
    return None if is_none(value) else value


def keep(match) -> None:
    """After every action: the game as it stands, or nothing once it is over. Storage
    that fails never stops play: the status says once that the game is not kept."""
    from game.web.saved import STORAGE_KEY, SavedGameError, saved_text

    key = STORAGE_KEY.format(game=match.game.key)
    try:
        if match.state.is_over:
            window.localStorage.removeItem(key)
        else:
            window.localStorage.setItem(key, saved_text(match, current.get("speed", "normal")))
    except SavedGameError as err:  # (a game far longer than any played so far)
        tell_unkept(_("This game is no longer kept: {reason}. It will be lost if the page is "
                      "closed or reloaded.").format(reason=err))
        storage_remove(key)  # what was kept is an earlier point: not offered back
    except Exception:  # noqa: BLE001 -- full, disabled or private: play goes on
        tell_unkept(_("This browser does not let the page keep games: this one will be "
                      "lost if the page is closed or reloaded."))


def keep_form(game: str, values: dict) -> None:
    """The start form's names, seats and settings, for the next visit (not kept where
    the browser refuses: the form then starts as new)."""
    from game.web.setup import FORM_KEY, kept_form_text

    with contextlib.suppress(Exception):
        window.localStorage.setItem(FORM_KEY.format(game=game), kept_form_text(values))


def storage_remove(key: str) -> None:
    with contextlib.suppress(Exception):  # storage refused: there is nothing to remove
        window.localStorage.removeItem(key)


def tell_unkept(words: str) -> None:
    """Say once, at once, that the game is not kept."""
    if current.get("told_unkept"):
        return
    current["told_unkept"] = True
    note = document.getElementById("keep-note")
    note.setAttribute("role", "alert")  # said once, at once: only then does it speak
    note.textContent = words
    document.documentElement.dataset.unkept = "true"


def kept_match(game: str):
    """The kept game of `game` and its pace, or None (a kept game that cannot come back
    is dropped, with the reason in the console)."""
    from game.web.saved import STORAGE_KEY, SavedGameError, restore

    text = storage_get(STORAGE_KEY.format(game=game))
    if text is None:
        return None
    try:
        return restore(text)
    except SavedGameError as err:
        window.console.warn(f"a kept game was dropped: {err}")
        return None


def resume_offer(game: str) -> str:
    from game.web.saved import summary

    kept = kept_match(game)
    if kept is None:
        return ""
    group = escape(_("A game in progress"))
    line = escape(_("Resume: {game}").format(game=summary(kept[0])))
    resume = escape(_("Resume the game"))
    return (f'<div class="resume" role="group" aria-label="{group}">'
            f"<p>{line}</p>"
            f'<button type="button" class="primary" data-resume="1">{resume}</button>'
            "</div>")


# --- files and links -------------------------------------------------------------------
def open_file_html() -> str:
    """The start form's control that opens a saved game's file."""
    words = escape(_("Open a saved game…"))
    return (f'<label class="file-open">{words}<input type="file" '
            'accept=".json,application/json" data-open-file="1"></label>')


def show_files(over: bool = False, setup: bool = False) -> None:
    """The game's file controls: open one (on the start form), download the game in
    play, and once it is over share it as a replay link."""
    parts = []
    if setup:
        parts.append(open_file_html())
    else:
        download_words = escape(_("Download this game"))
        parts.append(f'<button type="button" data-download="1">{download_words}</button>')
        if not over:  # (once it is over, the result offers new games)
            leave = escape(_("New game"))
            parts.append(f'<button type="button" data-leave="1">{leave}</button>')
            table = current.get("table")
            if table is not None and table.may_resign():  # a person alone against computers
                resign = escape(_("Resign"))
                parts.append(f'<button type="button" data-resign="1">{resign}</button>')
        if over:
            share_words = escape(_("Share replay"))
            parts.append(f'<button type="button" data-share="1">{share_words}</button>'
                         '<p class="share-line" id="share-line"></p>')
    document.getElementById("files").innerHTML = "".join(parts)


def download() -> None:
    from game.web.saved import file_name, saved_text

    table = current["table"]
    if table is None:
        return
    text = saved_text(table.match, current.get("speed", "normal"))
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, file_name(table.match)
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


async def share() -> None:
    from game.web.saved import share_fragment
    from game.web.table import words_html

    table = current["table"]
    if table is None:
        return
    base = window.location.href.split("#")[0]
    url = f"{base}#{share_fragment(table.match)}"
    line = document.getElementById("share-line")
    try:
        await window.navigator.clipboard.writeText(url)
        words = _("The link is copied: paste it anywhere to show this game. {link}")
    except Exception:  # noqa: BLE001 -- no clipboard here: the link is shown to copy
        words = _("Copy this link to show this game: {link}")
    replay = escape(_("the replay"))
    line.innerHTML = words_html(words, link=f'<a href="{escape(url)}" data-share-link="1">'
                                            f"{replay}</a>")


def refuse_file(reason: str) -> None:
    status = document.getElementById("status")
    words = escape(_("This file cannot be opened: {reason}.").format(reason=reason))
    status.innerHTML = f'<span class="refused" role="alert">{words}</span>'


async def open_game_text(text: str, confirm=True) -> None:
    """A saved game's file (or link), opened on this game's table; a bad one is refused
    with its reason and the screen is left as it was."""
    from game.web.saved import SavedGameError, open_record

    game = current["game"]
    try:
        match, pace = open_record(text, game)
    except SavedGameError as err:
        refuse_file(str(err))
        return
    if confirm and kept_match(game) is not None and not window.confirm(
            _("Open this game? The game in progress will be lost.")):
        return
    current["speed"] = pace
    await start_game(game, match=match)


async def open_game_file(file) -> None:
    """A chosen or dropped file: refused unread when it is larger than any saved game."""
    from game.web.saved import too_big_a_file

    refusal = too_big_a_file(file.size)
    if refusal:
        refuse_file(refusal)
        return
    await open_game_text(await file.text())


async def on_file(event) -> None:
    files = event.target.files
    if files.length:
        await open_game_file(files.item(0))


def on_drag(event) -> None:
    event.preventDefault()  # a file may be dropped here


async def on_drop(event) -> None:
    event.preventDefault()
    files = event.dataTransfer.files
    if files.length and current["game"] is not None:
        await open_game_file(files.item(0))


async def open_shared(fragment: str) -> None:
    """A share link: the game it holds, opened as a replay at its first step, for a
    viewer who is nobody at its table. It is not the viewer's game: nothing of it is
    kept, and the viewer's own kept game, pace and form stay as they were."""
    from game.web.saved import SavedGameError, from_fragment
    from game.web.table import words_html

    try:
        match, _pace = from_fragment(fragment)
    except SavedGameError as err:
        document.getElementById("status").textContent = f"{str(err).capitalize()}."
        return
    game = match.game.key
    if game != chosen_game(window.location.search):
        window.history.replaceState(None, "", game_query(game, window.location.search)
                                    + window.location.hash)
    render(game)
    document.getElementById("setup").hidden = True
    document.getElementById("resume").innerHTML = ""
    document.getElementById("log").innerHTML = ""
    document.getElementById("seed-line").innerHTML = words_html(
        _("A shared game (seed {seed}): it is not kept, and your own game stays as it was."),
        seed=match.seed)
    table = match.game.table_class(match, Page(), current.get("speed", "normal"))
    table.spectator = True
    current["table"] = table
    table.log_history()
    show_files(over=True)  # (never "New game": the result offers a game of one's own)
    table.render()
    table.replay_go("first")


async def on_hash_change(_event) -> None:
    """A share link opened in a tab already on the site (or the link shown after "Share
    replay", followed on the same page): the browser changes only the fragment."""
    fragment = window.location.hash
    if fragment.startswith("#replay="):
        await open_shared(fragment)


def adopt_first_screen() -> None:
    """The start screen the build wrote into index.html (game/site/first_paint.py) is the
    one render(None) would draw, from the same Python: it is kept as it is (drawing its
    boards again would only cost time, and a focused button keeps its focus); only the
    download's progress goes."""
    current["game"], current["table"] = None, None
    document.getElementById("boot").remove()
    document.getElementById("status").textContent = ""


async def switch_language(code: str) -> None:
    """The player chose a language in the picker: everything on screen is said again in
    it at once (the game, its log and the form keep what they hold; nothing reloads), the
    choice is kept for next time (game/web/language.py)."""
    lang = await keep_language(code)
    if lang is None:
        return
    follow_in_address(lang)
    game, table = current["game"], current["table"]
    if table is not None:
        redraw_table(game, table)
    else:
        setup = document.getElementById("setup-form")
        values = None if is_none(setup) else form_values()
        render(game)
        if values is not None:
            from game.web.setup import refreshed_form

            Page().show("setup", refreshed_form(game, values))
    picker = document.querySelector("select[data-language]")
    if not is_none(picker):
        picker.focus()


def redraw_table(game: str, table) -> None:
    """A game in play, said again in the language now spoken: the page around it, its
    board, panel and status, and its whole log."""
    from game.web.table import pace_select

    Page().show("app", shell(game))
    document.getElementById("setup").hidden = True
    document.title = " · ".join([game_name(game), *(game_name(key) for key in GAMES)])
    table.page.lost = True  # (its play goes on: the same page, on the new elements)
    table.render()
    table.page.show("log", table.log_html())
    document.getElementById("pace-box").innerHTML = pace_select(table.speed)
    document.getElementById("seed-line").textContent = _(
        "Game seed {seed} (enter it on the start screen to play this game again).").format(
            seed=table.match.seed)
    show_files(over=table.state.is_over)


def render(game, unknown=None) -> None:
    if current.get("table") is not None:  # its play stops: this screen replaces it
        current["table"].page.retire()
    current["game"], current["table"] = game, None
    Page().show("app", shell(game, unknown))  # the game's button keeps the focus
    title = " · ".join(game_name(key) for key in GAMES)  # "Tsuro of the Seas · Tatsu"
    document.title = f"{game_name(game)} · {title}" if game else title
    document.documentElement.dataset.over = "false"
    if game is not None:
        show_setup(game)


def show_setup(game: str, form_html=None) -> None:
    """The start form, beside the game's board as it is before anything is placed."""
    from game.web.setup import FORM_KEY, kept_form, refreshed_form, sample_board, seed_problem
    from game.web.setup import form_html as default_form

    document.getElementById("resume").innerHTML = resume_offer(game)
    given = form_html is not None
    if not given:  # the form as last started from, if the browser kept it
        kept = kept_form(game, storage_get(FORM_KEY.format(game=game)))
        form_html = None if kept is None else refreshed_form(game, kept)
    document.getElementById("setup").innerHTML = form_html or default_form(game)
    document.getElementById("setup").hidden = False
    seed = query_value(window.location.search, "seed") or ""
    if seed.strip() and seed_problem(seed) is None and not given:
        document.getElementById("setup-seed").value = seed.strip()  # ?seed=N: that deal
    document.getElementById("board").innerHTML = sample_board(game)
    show_files(setup=True)
    document.getElementById("panel").innerHTML = ""
    document.getElementById("log").innerHTML = ""
    document.getElementById("status").textContent = _("Choose the seats, then start.")


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
    from game.core.registry import games
    from game.web.setup import form_errors, read_form, refreshed_form, wants_casual
    from game.web.table import pace_select

    info = games()[game]
    if match is None:
        errors = form_errors(game, values)
        if errors:  # each said beside its field, which gets the focus
            Page().show("setup", refreshed_form(game, values, errors))
            document.querySelector('#setup-form [aria-invalid="true"]').focus()
            document.getElementById("status").textContent = _(
                "Please correct the marked field.")
            return
        config, seed, seats, speed = read_form(game, values, random.randrange(10**9))
        match = Match(info, config, seed, seats, casual=wants_casual(values))
        keep_form(game, values)
        current["speed"] = speed
    document.getElementById("setup").hidden = True
    document.getElementById("resume").innerHTML = ""
    document.getElementById("log").innerHTML = ""
    document.getElementById("seed-line").textContent = _(
        "Game seed {seed} (enter it on the start screen to play this game again).").format(
            seed=match.seed)
    document.documentElement.dataset.over = "false"
    if current.get("table") is not None:
        current["table"].page.retire()
    table = info.table_class(match, Page(), current.get("speed", "normal"))
    current["table"] = table
    document.getElementById("pace-box").innerHTML = pace_select(table.speed)
    table.log_history()  # what happened so far (setup; all of a resumed game)
    match.on_play = keep
    keep(match)
    show_files(over=match.state.is_over)
    with contextlib.suppress(Superseded):  # another game was opened while this one began
        await table.start()


def clicked(event):
    """(element, its data attributes) of what a click was on, or (None, None). A button
    wins over what is drawn inside it (a hand tile's picture has data-tile too)."""
    element = event.target.closest("button")
    if is_none(element):
        element = event.target.closest(CLICKABLE)
    if is_none(element):
        return None, None
    data = dict(window.Object.entries(element.dataset).to_py())
    if element.classList.contains("target"):
        data["target"] = "1"
    return element, data


async def table_key(table, event) -> None:
    """A key acts once: on the focused control, or as the board's shortcut (every page
    with a table: the game, the embeddable board, the lessons)."""
    if table is None or event.defaultPrevented or event.ctrlKey or event.metaKey \
            or event.altKey:
        return
    target = event.target
    if not is_none(target.closest("dialog")):  # the help dialog's own keys (Escape)
        return
    route = key_route(event.key, target.tagName, target.getAttribute("role"),
                      target.getAttribute("data-rove"))
    if route == "ignore":
        return
    if route == "rove" and getattr(table, "replay_step", None) is None:
        event.preventDefault()  # the focus moves, the page does not scroll
        rove(target, event.key)
        return
    if event.key in ("Home", "End") and getattr(table, "replay_step", None) is not None:
        event.preventDefault()  # the replay's first and last step, not the page's ends
    if route == "click":
        event.preventDefault()  # marks, stones and targets drawn on the board act like buttons
        target.dispatchEvent(window.MouseEvent.new("click", to_js({"bubbles": True})))
        return
    await table.key(event.key)


def rove_group(element) -> list:
    """The elements of `element`'s roving group, in the order drawn."""
    scope = element.closest("svg")
    if is_none(scope):
        scope = element.parentElement
    name = window.CSS.escape(element.getAttribute("data-rove"))
    return list(scope.querySelectorAll(f'[data-rove="{name}"]'))


def rove(element, key: str) -> None:
    """Move the focus within a roving group (arrows, Home, End)."""
    group = rove_group(element)
    if not group:
        return
    at = next((i for i, e in enumerate(group) if e == element), 0)
    group[roved(len(group), at, key)].focus()  # on_focus makes it the tab stop


def on_focus(event) -> None:
    """A roving group's element that gets the focus (arrows, a click, the table) becomes
    the group's one place in the tab order."""
    target = event.target
    if is_none(target) or not hasattr(target, "getAttribute") \
            or not target.getAttribute("data-rove"):
        return
    for element in rove_group(target):
        element.setAttribute("tabindex", "0" if element == target else "-1")


def open_help() -> None:
    """The keys of this game, in a modal dialog; closing it returns the focus."""
    dialog = document.getElementById("keys-help")
    if is_none(dialog) or dialog.open:
        return
    current["help_return"] = document.activeElement
    dialog.showModal()
    dialog.querySelector("[data-keys-close]").focus()


def on_close(event) -> None:
    """The help dialog closed (its button, or Escape): the focus goes back where it was."""
    if event.target.id != "keys-help":
        return
    back = current.pop("help_return", None)
    if back is not None and not is_none(back) and back.isConnected and back != document.body:
        back.focus(to_js({"preventScroll": True}))
    else:
        board = document.getElementById("board")
        if not is_none(board):
            board.focus(to_js({"preventScroll": True}))


def choose_game(game: str) -> None:
    """A game's button on the start screen: its form, its address in the history."""
    if game != chosen_game(window.location.search):
        window.history.pushState(None, "", game_query(game, window.location.search))
    render(game)


async def start_new_game(event) -> None:
    """Start: a kept game in progress is lost, so only once the player confirms."""
    event.preventDefault()
    if kept_match(current["game"]) is not None and not window.confirm(
            _("Start a new game? The game in progress will be lost.")):
        return
    await start_game(current["game"], form_values())


async def resume_kept_game() -> None:
    """Resume: the kept game, at the pace it was played."""
    kept = kept_match(current["game"])
    if kept is not None:
        current["speed"] = kept[1]
        await start_game(current["game"], match=kept[0])


async def play_again(how: str) -> None:
    """The same deal ("same") or a new one, with the same seats at the same table."""
    old = current["table"].match
    seed = old.seed if how == "same" else random.randrange(10**9)
    await start_game(current["game"], match=old.rematch(seed))


def resign_game() -> None:
    """Resign, once confirmed: the game ends here and is no longer offered back."""
    from game.web.saved import STORAGE_KEY

    table = current["table"]
    if table.may_resign() and window.confirm(_("Resign this game? It ends here.")):
        table.resign()
        storage_remove(STORAGE_KEY.format(game=current["game"]))  # not offered back
        document.documentElement.dataset.over = "true"
        show_files(over=True)


def leave_game() -> None:
    """Leave a game in play, once confirmed: it stays kept, offered back on the form."""
    if window.confirm(_("Leave this game for a new one? It is kept: the start screen "
                        "offers to resume it.")):
        render(current["game"])


async def on_click(event) -> None:
    element, data = clicked(event)
    if element is None:
        return
    # the page's own buttons first; any other click is the table's
    if "skipMotion" in data:
        skip_motion()
    elif "keysHelp" in data:
        open_help()
    elif "keysClose" in data:
        document.getElementById("keys-help").close()
    elif "game" in data and element.tagName == "BUTTON":
        choose_game(data["game"])
    elif "start" in data:
        await start_new_game(event)
    elif "download" in data:
        download()
    elif "share" in data:
        await share()
    elif "resume" in data:
        await resume_kept_game()
    elif "again" in data and current["table"] is not None:
        await play_again(data["again"])
    elif "new" in data:
        render(current["game"])
    elif "resign" in data and current["table"] is not None:
        resign_game()
    elif "leave" in data:
        leave_game()
    elif current["table"] is not None:
        await current["table"].click(data)


async def on_key(event) -> None:
    target = event.target
    if event.key == "?" and current["game"] is not None and not event.ctrlKey \
            and not event.metaKey and not event.altKey \
            and (target.tagName or "").upper() not in ("INPUT", "SELECT", "TEXTAREA"):
        event.preventDefault()
        open_help()
        return
    await table_key(current["table"], event)


def on_change(event):
    target, table = event.target, current["table"]
    if target.getAttribute("data-open-file"):
        return on_file(event)
    if target.getAttribute("data-refresh"):  # keeping what was typed, and the focus
        from game.web.setup import refreshed_form

        Page().show("setup", refreshed_form(current["game"], form_values()))
    elif target.getAttribute("data-language"):
        return switch_language(target.value)
    elif target.getAttribute("data-pace") and table is not None:
        table.set_speed(target.value)
        current["speed"] = table.speed
    elif target.getAttribute("data-mark-select") and table is not None:
        table.pick_mark(int(target.value) if target.value.isdigit() else None)


def on_submit(event) -> None:
    event.preventDefault()  # the Start button's click starts the game


def on_history(_event) -> None:
    query = window.location.search
    render(chosen_game(query), unknown_game(query))


def report(error: BaseException) -> None:
    """Log the details for a developer, show the player a plain sentence."""
    window.console.error("".join(traceback.format_exception(error)))
    try:
        status = document.getElementById("status")
        if is_none(status):
            status = document.createElement("p")
            status.id = "status"
            status.className = "notice"
            document.getElementById("app").appendChild(status)
        status.textContent = _(SORRY)
        status.dataset.failed = ""
    except Exception:  # noqa: BLE001, S110 -- the page itself is gone: the console has it all
        pass


def guarded(handler):
    """An event handler that reports instead of raising; coroutines run as tasks."""

    async def finish(coroutine):
        try:
            await coroutine
        except Superseded:  # a replaced board's play: it just stops
            pass
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


async def begin() -> None:
    """The page comes alive: in its language (once that catalog is here), on the screen
    the address asks for, listening to the player."""
    root = document.documentElement
    try:
        query = window.location.search
        # the first screen as built is in the language static/first.js chose the same way
        built_in = root.lang
        await speak_ready(page_language(query_value(query, "lang")))
        if chosen_game(query) is None and unknown_game(query) is None and not is_none(
                document.getElementById("boot")) and root.lang == built_in:
            adopt_first_screen()
        else:
            render(chosen_game(query), unknown_game(query))
        app = document.getElementById("app")
        app.addEventListener("click", guarded(on_click))
        app.addEventListener("change", guarded(on_change))
        app.addEventListener("submit", guarded(on_submit))
        app.addEventListener("dragover", guarded(on_drag))
        app.addEventListener("drop", guarded(on_drop))
        document.addEventListener("keydown", guarded(on_key))
        document.addEventListener("focusin", guarded(on_focus))
        app.addEventListener("close", guarded(on_close), True)  # close does not bubble
        window.addEventListener("popstate", guarded(on_history))
        fragment = window.location.hash
        window.addEventListener("hashchange", guarded(on_hash_change))
        if fragment.startswith("#replay="):  # a share link: the game it holds
            guarded(lambda _event: open_shared(fragment))(None)
        root.dataset.ready = "true"
    except Exception as error:  # noqa: BLE001 -- reported, never raised at the player
        root.dataset.ready = "error"
        report(error)


async def main() -> None:
    """Awaited by index.html, so that PyScript's "all done" (static/boot.js) comes after
    the page is ready, the language's catalog fetched."""
    await begin()
