"""The embeddable board (embed.html), in the worker.

The frame reads its URL (game/web/embed.py says what each parameter means), draws the
board alone (no masthead, no start form) and plays through the game's own table. It
talks to the page around it with window.postMessage (static/page.js posts and
receives for it), every message being an object
{source: "tsuro-tatsu", type, game, id, ...}:

  sent      ready {mode, seat, task}: always the board's first message, before any
            computer's action; action {seat, action, events}; solved / failed
            {words, actions}; hint {actions} (a hint shown: the actions it advises);
            game_over {winners, reason}; error {message}
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
from importlib import import_module

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
from game.web.port import Superseded, TablePage
from game.web.reviewing import ghost, note_html, summary_html
from game.web.session import Session

SOURCE = "tsuro-tatsu"


def heading(name: str) -> str:
    """The frame's title for screen readers (a frame is a page of its own)."""
    return f'<h1 class="vh">{escape(name)}</h1>'


def asked(params) -> dict:
    """The game and id a board was asked for, as its messages carry them (even when the
    rest of its parameters cannot be read)."""
    params = params if isinstance(params, dict) else {}
    game, ident = params.get("game"), params.get("id")
    game = game.strip().lower()[:LONGEST_ID] if type(game) is str else ""
    return {"game": game or None, "id": ident[:LONGEST_ID] if type(ident) is str else ""}


class EmbedPage(Session):
    """The board shown: what was asked for (game and id, for the messages), what it is
    once read, its table and the page that table draws on (retired when another board
    comes), the step of a view."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.asked: dict = {"game": None, "id": ""}
        self.embed: Embed | None = None
        self.table = None
        self.page: TablePage | None = None
        self.step = 0
        self.shown: list = []
        self.loads = 0
        self.hinted = False  # a challenge tried again with a hint: hints offered since
        self.params_shown: dict = {}  # the parameters of the board shown (a load's, else the URL's)

    def tell(self, kind: str, data: dict) -> None:
        if self.framed:
            self.port.tell("parent", message={"source": SOURCE, "type": kind, **self.asked,
                                              **data})
        if kind in ("action", "solved", "failed"):
            self.remember()

    def remember(self) -> None:
        """The page keeps, in memory, the board shown and where it stands (the actions
        played on it, the step of a view, a hint asked for): a new runtime, if the
        shared one ends, gives it back and the board is as it was (`restore`)."""
        actions: list = []
        if self.table is not None and self.embed is not None:
            actions = [action.to_json() for action in
                       self.table.match.state.history[len(self.embed.state.history):]]
        self.port.tell("memo", memo={"params": self.params_shown, "actions": actions,
                                     "step": self.step, "hinted": self.hinted})

    def show(self, region: str, html: str) -> None:
        self.port.tell("show", region=region, html=html)

    def root(self, name: str, value: str) -> None:
        self.port.tell("root", name=name, value=value)

    def show_error(self, message: str) -> None:
        self.show("app", heading(" · ".join(game_name(key) for key in GAMES))
                  + f'<p class="embed-error" id="status" role="alert">{escape(message)}</p>')
        self.root("embedError", "true")
        self.tell("error", {"message": message})

    async def speak_as_asked(self, params: dict) -> None:
        """The frame's words in the language its `lang` parameter names, else the
        visitor's."""
        lang = params.get("lang") if isinstance(params, dict) else None
        await self.speak_ready(self.page_language(lang if type(lang) is str else None))

    def replace_board(self) -> None:
        """The board shown gives way to another: its table's play stops where it is."""
        if self.page is not None:
            self.page.retire()
        self.embed, self.table, self.page, self.step, self.shown = None, None, None, 0, []
        self.hinted = False

    async def load(self, params: dict, memo: dict | None = None) -> None:
        """Show the board `params` ask for; `memo`: as it stood on the runtime that
        ended (the page's "memo"), played on from there."""
        self.replace_board()
        self.asked = asked(params)
        self.params_shown = dict(params)
        self.loads += 1
        this_load = self.loads
        await self.speak_as_asked(params)
        if this_load != self.loads:  # another board was asked for meanwhile
            return
        try:
            embed = read(params)
        except EmbedError as err:
            self.show_error(str(err))
            self.root("ready", "true")  # (ready to say what is wrong)
            return
        self.embed = embed
        self.root("embedError", "false")
        self.root("game", embed.info.key)
        self.root("mode", embed.mode)
        task = embed.task or (embed.challenge.task if embed.challenge else "")
        self.show("app", heading(embed.info.shown_name)
                  + (f'<p class="task" id="task">{escape(task)}</p>' if task else "")
                  + '<p id="status" class="status" aria-live="polite"></p>'
                  '<div class="embed-grid"><div id="board" class="board-wrap" tabindex="-1">'
                  '</div><aside id="panel" class="side"></aside></div><div id="overlay"></div>'
                  '<div id="log" class="log" hidden></div>')
        memo = memo or {}
        if embed.mode == "view":
            self.shown = views(embed)
            step = memo.get("step")
            self.step_to(step if type(step) is int else 0)
            self.show_view()
            self.tell("ready", {"mode": embed.mode, "seat": embed.seat, "task": task})
            self.root("ready", "true")
        else:
            self.hinted = embed.hint and memo.get("hinted") is True
            table = self.new_table(embed, self.hinted)
            if memo.get("actions"):
                table.replay_kept(memo["actions"])
            self.tell("ready", {"mode": embed.mode, "seat": embed.seat, "task": task})
            self.root("ready", "true")
            await self.play_on(table)  # (the computers, if they move first: after "ready")
        self.remember()

    async def play_on(self, table) -> None:
        """The computers play until a person is to act; a board replaced meanwhile (a load
        or reset came) just stops."""
        with suppress(Superseded):
            await table.advance()

    def new_table(self, embed: Embed, hinted: bool = False):
        """The board's table, drawn, its computers not yet moved; `hinted`: a challenge
        tried again with a hint (after a wrong try, with hints on)."""
        page = TablePage(self.port)
        table = embed_table(embed, page, self.tell, hinted=hinted)
        self.table, self.page = table, page
        table.render()
        return table

    def show_view(self) -> None:
        embed = self.embed
        assert embed is not None
        state, words = self.shown[self.step]
        drawing = embed.info.svg
        at = len(embed.state.history) + self.step  # the step in the whole game's record
        self.show("board", drawing.board(drawing.board_view(state), seat=embed.seat,
                                         highlight=False, ghost=ghost(embed.review, at)))
        last, step = len(self.shown) - 1, self.step
        controls = ""
        if last:
            back, forward = escape(_("◀ Back")), escape(_("Next ▶"))
            count = escape(_("Step {step} of {last}").format(step=step, last=last))
            controls = (
                '<div class="controls step-controls">'
                f'<button type="button" data-view-step="-1"{" disabled" if step == 0 else ""}>'
                f"{back}</button>"
                f'<span class="step-count">{count}</span>'
                f'<button type="button" data-view-step="1"'
                f'{" disabled" if step == last else ""}>{forward}</button></div>')
        name = embed.seat_names[embed.seat]
        self.show("panel", controls + self.review_html(at, state)
                  + embed.info.table_class.seat_html(state, embed.seat, name))
        self.port.tell("text", region="status", text=" ".join(words) or (
            _("Step through the game with Next ▶.") if last and step == 0 else ""))

    def review_html(self, at: int, state) -> str:
        """A replay's review (the `replay` parameter of a reviewed game): its costliest
        choices, each a button to its step (first: in a small frame they stay in view
        beside the step's buttons), then what it says of the decision shown."""
        embed = self.embed
        if embed is None or embed.review is None:
            return ""
        review = embed.review
        first = len(embed.state.history)
        decision = review.at(at)
        note = note_html(decision, state, import_module(embed.info.coach),
                         embed.seat_names) if decision is not None else ""
        marked = tuple(d for d in review.marked if d.step >= first)  # (those shown)
        turns = {d.step: self.shown[d.step - first][0].turn for d in marked}
        return summary_html(
            review, sorted({d.seat for d in review.decisions}), embed.seat_names, turns,
            lambda step: f'data-view-at="{step - first}"', marked=marked) + note

    def step_to(self, step: int) -> None:
        """The view's step, kept within its line (a memo's or a click's, as asked)."""
        self.step = max(0, min(len(self.shown) - 1, step))

    async def on_click(self, message: dict) -> None:
        data = dict(message.get("data") or {})
        if "viewStep" in data or "viewAt" in data:
            if self.shown:
                self.step_to(int(data["viewAt"]) if "viewAt" in data
                             else self.step + int(data["viewStep"]))
                self.show_view()
                self.remember()
        elif "embedReset" in data:
            await self.reset(hinted=data["embedReset"] == "hint")
        elif self.table is not None:
            await self.table.click(data)

    async def reset(self, hinted: bool = False) -> None:
        """Back to the starting position; `hinted`: with the challenge's hint shown (its
        "Try again with a hint"), the Hint button offered in every try after it."""
        embed = self.embed
        if embed is None:
            return
        if embed.mode == "view":
            self.step = 0
            self.show_view()
            self.remember()
        else:
            if self.page is not None:
                self.page.retire()
            self.hinted = embed.hint and (hinted or self.hinted)
            table = self.new_table(embed, self.hinted)
            self.remember()
            if hinted and self.hinted:
                with suppress(Superseded):
                    await table.coach.ask()
            await self.play_on(table)

    async def on_key(self, message: dict) -> None:
        if self.table is not None:
            await self.table.key(str(message.get("key")))

    async def on_parent(self, message: dict) -> None:
        """A message of the framing page (two levels deep at most: the message and its
        parameters, as the page passed it on)."""
        data = message.get("message")
        if not isinstance(data, dict) or data.get("source") != SOURCE:
            return
        if data.get("type") == "load":
            try:
                params = message_params(data)
            except EmbedError as err:
                self.replace_board()
                self.asked = asked(data.get("params"))
                self.show_error(str(err))
                return
            await self.load(params)  # read() refuses any value that is not a short text
        elif data.get("type") == "reset":
            self.hinted = False  # (the host starts the board afresh)
            await self.reset()

    async def begin(self) -> None:
        from game.web.table import clickable

        self.port.tell("clickable", selector=clickable())
        kept = self.memo.get("params")  # on a new runtime: the board as it stood
        if isinstance(kept, dict) and all(type(v) is str for v in kept.values()):
            await self.load(kept, self.memo)
        else:
            await self.load(self.params)
