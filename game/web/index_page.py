"""The game page (index.html), in the worker: the start screen, the start form, the table.

It draws the shell, reads the start form's values (sent with a click) into a Match, and
hands clicks and keys to the game's table (game/web/tsuro_table.py, tatsu_table.py), which
asks the engine for everything. Games are kept through the page (localStorage), opened
from files and share links, and said again in another language on request. Once
interactive it sets `<html data-ready="true">`, which the tests and benchmarks wait for.
"""

from __future__ import annotations

import random
from contextlib import suppress
from html import escape
from typing import Any

from game.core.i18n import _
from game.web import (
    GAMES,
    chosen_game,
    game_name,
    game_query,
    query_value,
    unknown_game,
)
from game.web.port import Superseded, TablePage
from game.web.session import Session


def shell(game, unknown=None, stand_in: bool = False) -> str:
    """The page's HTML: the first screen (no game chosen: game/web/start.py, which the
    build also writes into index.html), or the game choice, then the start form and the
    table. Only the status line and the game log are live regions: a redrawn board is
    not read aloud. `stand_in`: the empty board in the board's place, until it is drawn
    (the page's first game screen: start.py, board_stand_in)."""
    from game.core.registry import games
    from game.core.rule_links import page_url
    from game.web.start import board_stand_in, first_screen_html, masthead
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
        '<div class="table-grid"><div id="board" class="board-wrap" tabindex="-1">'
        f'{board_stand_in(game) if stand_in else ""}</div>'
        '<aside class="side"><div id="resume"></div><div id="setup"></div>'
        '<div id="panel"></div>'
        '<div id="pace-box"></div>'
        f'<details class="log-box" open><summary>{log}</summary>'
        f'<div id="log" class="log" role="log" aria-live="polite" aria-label="{log}" '
        'tabindex="0"></div>'
        '</details>'
        '<div id="files" class="files"></div>'
        '<p class="seed-line" id="seed-line"></p>'
        '<p class="keep-note" id="keep-note"></p>'
        f'<p class="keys-line">{keys_button()}</p>{rules}</aside></div>'
        '<div id="overlay"></div>'
        f'{help_dialog(game_name(game), games()[game].table_class)}</section>')


def open_file_html() -> str:
    """The start form's control that opens a saved game's file."""
    words = escape(_("Open a saved game…"))
    return (f'<label class="file-open">{words}<input type="file" '
            'accept=".json,application/json" data-open-file="1"></label>')


class IndexPage(Session):
    """The game page's state: the game shown (None: the start screen), its table, the
    pace chosen, whether the start form is shown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game: Any = None  # (a key of GAMES, or None)
        self.table: Any = None
        self.speed = "normal"
        self.form_shown = False
        self.told_unkept = False
        self.board_shown = False  # (a game's screen drawn: its board is on the page)

    # --- showing ------------------------------------------------------------------------
    def show(self, region: str, html: str) -> None:
        self.port.tell("show", region=region, html=html)

    def text(self, region: str, text: str) -> None:
        self.port.tell("text", region=region, text=text)

    def root(self, name: str, value: str) -> None:
        self.port.tell("root", name=name, value=value)

    def page_title(self, game) -> None:
        title = " · ".join(game_name(key) for key in GAMES)  # "Tsuro of the Seas · Tatsu"
        self.port.tell("title", title=f"{game_name(game)} · {title}" if game else title)

    def new_page(self) -> TablePage:
        return TablePage(self.port, self.game_over)

    # --- keeping the game in the browser (game/web/saved.py says what is kept) ----------
    def keep(self, match) -> None:
        """After every action: the game as it stands, or nothing once it is over. Storage
        that fails never stops play: the status says once that the game is not kept."""
        from game.web.saved import STORAGE_KEY, SavedGameError, saved_text

        key = STORAGE_KEY.format(game=match.game.key)
        if match.state.is_over:
            self.store(key, None)
            return
        try:
            text = saved_text(match, self.speed)
        except SavedGameError as err:  # (a game far longer than any played so far)
            self.tell_unkept(_("This game is no longer kept: {reason}. It will be lost if "
                               "the page is closed or reloaded.").format(reason=err))
            self.store(key, None)  # what was kept is an earlier point: not offered back
            return
        self.store(key, text)

    def unkept(self, key: str) -> None:
        from game.web.saved import STORAGE_KEY

        super().unkept(key)
        if self.game is not None and key == STORAGE_KEY.format(game=self.game):
            self.tell_unkept(_("This browser does not let the page keep games: this one "
                               "will be lost if the page is closed or reloaded."))

    def tell_unkept(self, words: str) -> None:
        """Say once, at once, that the game is not kept."""
        if self.told_unkept:
            return
        self.told_unkept = True
        self.port.tell("alert", region="keep-note", text=words)
        self.root("unkept", "true")

    def kept_match(self, game: str):
        """The kept game of `game` and its pace, or None (a kept game that cannot come
        back is dropped, with the reason in the console)."""
        from game.web.saved import STORAGE_KEY, SavedGameError, restore

        text = self.stored(STORAGE_KEY.format(game=game))
        if text is None:
            return None
        try:
            return restore(text)
        except SavedGameError as err:
            print(f"a kept game was dropped: {err}")
            return None

    def resume_offer(self, game: str) -> str:
        from game.web.saved import summary

        kept = self.kept_match(game)
        if kept is None:
            return ""
        group = escape(_("A game in progress"))
        line = escape(_("Resume: {game}").format(game=summary(kept[0])))
        resume = escape(_("Resume the game"))
        return (f'<div class="resume" role="group" aria-label="{group}">'
                f"<p>{line}</p>"
                f'<button type="button" class="primary" data-resume="1">{resume}</button>'
                "</div>")

    # --- files and links ----------------------------------------------------------------
    def show_files(self, over: bool = False, setup: bool = False) -> None:
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
                if self.table is not None and self.table.may_resign():
                    resign = escape(_("Resign"))  # a person alone against computers
                    parts.append(f'<button type="button" data-resign="1">{resign}</button>')
            if over:
                share_words = escape(_("Share replay"))
                parts.append(f'<button type="button" data-share="1">{share_words}</button>'
                             '<p class="share-line" id="share-line"></p>')
        self.show("files", "".join(parts))

    def download(self) -> None:
        from game.web.saved import file_name, saved_text

        if self.table is not None:
            self.port.tell("download", name=file_name(self.table.match),
                           text=saved_text(self.table.match, self.speed))

    async def share(self) -> None:
        from game.web.saved import share_fragment
        from game.web.table import words_html

        if self.table is None:
            return
        url = f"{self.href.split('#')[0]}#{share_fragment(self.table.match)}"
        if await self.port.ask("copy", text=url):
            words = _("The link is copied: paste it anywhere to show this game. {link}")
        else:  # no clipboard here: the link is shown to copy
            words = _("Copy this link to show this game: {link}")
        replay = escape(_("the replay"))
        self.show("share-line", words_html(
            words, link=f'<a href="{escape(url)}" data-share-link="1">{replay}</a>'))

    def refuse_file(self, reason: str) -> None:
        words = escape(_("This file cannot be opened: {reason}.").format(reason=reason))
        self.show("status", f'<span class="refused" role="alert">{words}</span>')

    async def open_game_text(self, text: str, confirm=True) -> None:
        """A saved game's file, opened on this game's table; a bad one is refused with
        its reason and the screen is left as it was."""
        from game.web.saved import SavedGameError, open_record

        game = self.game
        try:
            match, pace = open_record(text, game)
        except SavedGameError as err:
            self.refuse_file(str(err))
            return
        if confirm and self.kept_match(game) is not None and not await self.port.ask(
                "confirm", text=_("Open this game? The game in progress will be lost.")):
            return
        self.speed = pace
        await self.start_game(game, match=match)

    async def on_file(self, message: dict) -> None:
        """A chosen or dropped file: refused unread when it is larger than any saved game."""
        from game.web.saved import too_big_a_file

        if self.game is None:
            return
        refusal = too_big_a_file(int(message.get("size") or 0))
        if refusal:
            self.refuse_file(refusal)
            return
        text = await self.port.ask("file-text")
        if isinstance(text, str):
            await self.open_game_text(text)

    async def open_shared(self, fragment: str) -> None:
        """A share link: the game it holds, opened as a replay at its first step, for a
        viewer who is nobody at its table. It is not the viewer's game: nothing of it is
        kept, and the viewer's own kept game, pace and form stay as they were."""
        from game.web.saved import SavedGameError, from_fragment
        from game.web.table import words_html

        try:
            match, _pace = from_fragment(fragment)
        except SavedGameError as err:
            self.text("status", f"{str(err).capitalize()}.")
            return
        game = match.game.key
        if game != chosen_game(self.search):
            self.address("replace", game_query(game, self.search) + self.hash)
        self.render(game)
        self.port.tell("hidden", region="setup", hidden=True)
        self.form_shown = False
        self.show("resume", "")
        self.show("log", "")
        self.show("seed-line", words_html(
            _("A shared game (seed {seed}): it is not kept, and your own game stays as it "
              "was."), seed=match.seed))
        table = match.game.table_class(match, self.new_page(), self.speed)
        table.spectator = True
        self.table = table
        table.log_history()
        self.show_files(over=True)  # (never "New game": the result offers a game of one's own)
        table.render()
        if match.review is None:  # (a review opens on its summary, its marks to choose)
            table.replay_go("first")

    async def on_address(self, message: dict) -> None:
        """Back or forward (the game the address names), or a new fragment: a share link
        opened in a tab already on the site."""
        self.search = str(message.get("search") or "")
        self.hash = str(message.get("hash") or "")
        if message.get("event") == "hash":
            if self.hash.startswith("#replay="):
                await self.open_shared(self.hash)
        else:
            self.render(chosen_game(self.search), unknown_game(self.search))

    # --- screens ------------------------------------------------------------------------
    async def switch_language(self, code: str, form: dict | None, seq=None) -> None:
        """The player chose a language in the picker: everything on screen is said again
        in it at once (the game, its log and the form keep what they hold; nothing
        reloads), the choice is kept for next time."""
        lang = await self.keep_language(code)
        if lang is None:
            return
        self.follow_in_address(lang)
        game, table = self.game, self.table
        if table is not None:
            self.redraw_table(game, table)
        else:
            values = form if self.form_shown and form else None
            self.render(game)
            if values is not None:
                from game.web.setup import refreshed_form

                self.port.tell("form-base", seq=seq)
                self.show("setup", refreshed_form(game, values))
        self.port.tell("focus", selectors=["select[data-language]"], force=True)

    def redraw_table(self, game: str, table) -> None:
        """A game in play, said again in the language now spoken: the page around it, its
        board, panel and status, and its whole log."""
        from game.web.table import pace_select

        self.show("app", shell(game))
        self.port.tell("hidden", region="setup", hidden=True)
        self.form_shown = False
        self.port.tell("title", title=" · ".join(
            [game_name(game), *(game_name(key) for key in GAMES)]))
        table.page.refocus()  # (its play goes on: the same page, on the new elements)
        table.render()
        table.page.show("log", table.log_html())
        self.show("pace-box", pace_select(table.speed))
        self.text("seed-line", _(
            "Game seed {seed} (enter it on the start screen to play this game again)."
        ).format(seed=table.match.seed))
        self.show_files(over=table.state.is_over)

    def render(self, game, unknown=None) -> None:
        if self.table is not None:  # its play stops: this screen replaces it
            self.table.page.retire()
        self.game, self.table, self.form_shown = game, None, False
        # (the empty board stands in the board's place only on the page's first game
        # screen: later the page draws the board in the same frame, static/page.js)
        stand_in = game is not None and not self.board_shown
        self.board_shown = self.board_shown or game is not None
        self.show("app", shell(game, unknown, stand_in))  # the game's button keeps the focus
        self.page_title(game)
        self.root("over", "false")
        if game is not None:
            self.show_setup(game)

    def show_setup(self, game: str, form_html=None) -> None:
        """The start form, beside the game's board as it is before anything is placed."""
        from game.web.setup import FORM_KEY, kept_form, refreshed_form, sample_board, seed_problem
        from game.web.setup import form_html as default_form

        self.show("resume", self.resume_offer(game))
        given = form_html is not None
        if not given:  # the form as last started from, if the browser kept it
            kept = kept_form(game, self.stored(FORM_KEY.format(game=game)))
            form_html = None if kept is None else refreshed_form(game, kept)
        self.show("setup", form_html or default_form(game))
        self.port.tell("hidden", region="setup", hidden=False)
        self.form_shown = True
        seed = query_value(self.search, "seed") or ""
        if seed.strip() and seed_problem(seed) is None and not given:
            self.port.tell("value", region="setup-seed", value=seed.strip())  # that deal
        self.show("board", sample_board(game))
        self.show_files(setup=True)
        self.show("panel", "")
        self.show("log", "")
        self.text("status", _("Choose the seats, then start."))

    async def start_game(self, game: str, values=None, match=None, seq=None) -> None:
        from game.core.match import Match
        from game.core.registry import games
        from game.web.setup import (
            FORM_KEY,
            form_errors,
            kept_form_text,
            read_form,
            refreshed_form,
            wants_casual,
            wants_hints,
        )
        from game.web.table import pace_select

        info = games()[game]
        if match is None:
            errors = form_errors(game, values)
            if errors:  # each said beside its field, which gets the focus
                self.port.tell("form-base", seq=seq)
                self.show("setup", refreshed_form(game, values, errors))
                self.port.tell("focus", selectors=['#setup-form [aria-invalid="true"]'],
                               force=True)
                self.text("status", _("Please correct the marked field."))
                return
            config, seed, seats, speed = read_form(game, values, random.randrange(10**9))
            match = Match(info, config, seed, seats, casual=wants_casual(values),
                          hints=wants_hints(values))
            # the form's names, seats and settings, for the next visit
            self.store(FORM_KEY.format(game=game), kept_form_text(values))
            self.speed = speed
        self.port.tell("hidden", region="setup", hidden=True)
        self.form_shown = False
        self.show("resume", "")
        self.show("log", "")
        self.text("seed-line", _(
            "Game seed {seed} (enter it on the start screen to play this game again)."
        ).format(seed=match.seed))
        self.root("over", "false")
        if self.table is not None:
            self.table.page.retire()
        table = info.table_class(match, self.new_page(), self.speed)
        self.table = table
        self.show("pace-box", pace_select(table.speed))
        table.log_history()  # what happened so far (setup; all of a resumed game)
        match.on_play = self.keep
        self.keep(match)
        self.show_files(over=match.state.is_over)
        with suppress(Superseded):  # another game was opened while this one began
            await table.start()

    def game_over(self, winners) -> None:
        self.root("over", "true")
        self.show_files(over=True)

    # --- what the person does -----------------------------------------------------------
    def choose_game(self, game: str) -> None:
        """A game's button on the start screen: its form, its address in the history."""
        if game != chosen_game(self.search):
            self.address("push", game_query(game, self.search))
        self.render(game)

    async def start_new_game(self, form: dict, seq=None) -> None:
        """Start: a kept game in progress is lost, so only once the player confirms."""
        if self.kept_match(self.game) is not None and not await self.port.ask(
                "confirm", text=_("Start a new game? The game in progress will be lost.")):
            return
        await self.start_game(self.game, form, seq=seq)

    async def resume_kept_game(self) -> None:
        """Resume: the kept game, at the pace it was played."""
        kept = self.kept_match(self.game)
        if kept is not None:
            self.speed = kept[1]
            await self.start_game(self.game, match=kept[0])

    async def play_again(self, how: str) -> None:
        """The same deal ("same") or a new one, with the same seats at the same table."""
        old = self.table.match
        seed = old.seed if how == "same" else random.randrange(10**9)
        await self.start_game(self.game, match=old.rematch(seed))

    async def resign_game(self) -> None:
        """Resign, once confirmed: the game ends here and is no longer offered back."""
        from game.web.saved import STORAGE_KEY

        table = self.table
        if table.may_resign() and await self.port.ask(
                "confirm", text=_("Resign this game? It ends here.")):
            table.resign()
            self.store(STORAGE_KEY.format(game=self.game), None)  # not offered back
            self.root("over", "true")
            self.show_files(over=True)

    async def leave_game(self) -> None:
        """Leave a game in play, once confirmed: it stays kept, offered back on the form."""
        if await self.port.ask("confirm", text=_(
                "Leave this game for a new one? It is kept: the start screen offers to "
                "resume it.")):
            self.render(self.game)

    async def on_click(self, message: dict) -> None:
        data = dict(message.get("data") or {})
        form = message.get("form")
        # the page's own buttons first; any other click is the table's
        if "game" in data and data.get("tag") == "BUTTON":
            self.choose_game(data["game"])
        elif "start" in data and self.game is not None:
            await self.start_new_game(dict(form or {}), message.get("seq"))
        elif "download" in data:
            self.download()
        elif "share" in data:
            await self.share()
        elif "resume" in data and self.game is not None:
            await self.resume_kept_game()
        elif "again" in data and self.table is not None:
            await self.play_again(data["again"])
        elif "new" in data and self.game is not None:
            self.render(self.game)
        elif "resign" in data and self.table is not None:
            await self.resign_game()
        elif "leave" in data and self.game is not None:
            await self.leave_game()
        elif self.table is not None:
            await self.table.click(data)

    async def on_key(self, message: dict) -> None:
        if self.table is not None:
            await self.table.key(str(message.get("key")))

    async def on_change(self, message: dict) -> None:
        data, value = dict(message.get("data") or {}), str(message.get("value") or "")
        table = self.table
        if "refresh" in data and self.game is not None and self.form_shown:
            from game.web.setup import refreshed_form  # keeping what was typed, and the focus

            self.port.tell("form-base", seq=message.get("seq"))
            self.show("setup", refreshed_form(self.game, dict(message.get("form") or {})))
        elif "language" in data:
            await self.switch_language(value, message.get("form"), message.get("seq"))
        elif "pace" in data and table is not None:
            table.set_speed(value)
            self.speed = table.speed
        elif "markSelect" in data and table is not None:
            table.pick_mark(int(value) if value.isdigit() else None)

    async def begin(self) -> None:
        """The page comes alive: in its language (once that catalog is here), on the
        screen the address asks for."""
        query = self.search
        await self.speak_ready(self.page_language(query_value(query, "lang")))
        from game.web.table import clickable

        self.port.tell("clickable", selector=clickable())
        # the first screen as built is in the language static/first.js chose the same way
        from game.core.i18n import current

        if chosen_game(query) is None and unknown_game(query) is None \
                and self.built_lang == current():
            self.port.tell("remove", region="boot")  # the start screen as built is kept
            self.text("status", "")
        else:
            self.render(chosen_game(query), unknown_game(query))
        if self.hash.startswith("#replay="):  # a share link: the game it holds
            self.run(self.open_shared(self.hash))
        elif self.restarted and self.game is not None and self.kept_match(self.game):
            self.run(self.resume_kept_game())  # (its runtime ended: the game goes on)
        self.root("ready", "true")
