"""Learn to play (learn.html), in the worker: game/web/learn.py says what it shows.

The page shows one step of a game's lesson: its words, then a live board on which the
learner plays the task (the embeddable board's table, game/web/embed.py). A solved step
is kept (localStorage, through the page) and opens the next; `?step=N` (from 1) opens a
given step.
"""

from html import escape
from typing import Any

from game.core.i18n import SOURCE_LANGUAGE, _, current
from game.web import GAMES, game_name, query_value
from game.web.embed import EmbedError, embed_table, whole_number
from game.web.learn import (
    STORAGE_KEY,
    after_verdict,
    first_open,
    lesson_game,
    page_html,
    play_html,
    solved_steps,
    step_embed,
    step_html,
    stored,
)
from game.web.port import Superseded, TablePage
from game.web.session import Session


class LearnPage(Session):
    """The lesson shown: its game, the step, the steps solved, the step's table."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.info: Any = None
        self.current = 0
        self.solved: set[str] = set()
        self.table: Any = None
        self.told_unkept = False

    def show(self, region: str, html: str) -> None:
        self.port.tell("show", region=region, html=html)

    def root(self, name: str, value: str) -> None:
        self.port.tell("root", name=name, value=value)

    def unkept(self, key: str) -> None:
        """Where the browser refuses to keep the learner's progress (private mode, a
        lesson framed by another site with its storage blocked) it says so once."""
        super().unkept(key)
        if self.told_unkept or self.info is None \
                or key != STORAGE_KEY.format(game=self.info.key):
            return
        self.told_unkept = True
        self.port.tell("alert", region="keep-note", text=_(
            "This browser does not let the page keep your progress: the steps you solve "
            "will not be remembered next time."))

    def tell(self, kind: str, data: dict) -> None:
        """The board's news: a solved step is remembered and the step list redrawn."""
        info = self.info
        if kind == "solved" and info is not None:
            self.solved.add(info.lesson[self.current].key)
            self.store(STORAGE_KEY.format(game=info.key), stored(self.solved, info))
            self.show("lesson", step_html(info, self.current, self.solved))
        self.root("verdict", kind if kind in ("solved", "failed") else "")

    async def show_step(self, index: int, hinted: bool = False) -> None:
        """Step `index` on a fresh board; `hinted`: tried again with a hint (the way to
        the task drawn and said, and the Hint button offered)."""
        info = self.info
        index = max(0, min(len(info.lesson) - 1, index))
        self.current = index
        self.show("lesson", step_html(info, index, self.solved))
        self.root("step", str(index + 1))
        self.root("verdict", "")
        embed = step_embed(info, info.lesson[index])
        task = embed.challenge.task  # type: ignore[union-attr]  # (a step has its challenge)
        self.show("play", play_html(task))
        if self.table is not None:  # the step shown before stops where it is
            self.table.page.retire()
        table = embed_table(embed, TablePage(self.port), self.tell,
                            after_verdict=lambda verdict: after_verdict(info, index,
                                                                        verdict.solved),
                            hinted=hinted)
        self.table = table
        try:
            await table.start()
            if hinted:
                await table.coach.ask()
        except Superseded:  # another step was asked for while this one began
            return
        query = f"?game={info.key}&step={index + 1}" + (
            f"&lang={current()}" if current() != SOURCE_LANGUAGE else "")
        if self.search != query:
            self.address("replace", query)

    def draw_page(self, info) -> None:
        """The lesson's page in the language spoken: its title, the language picker, the
        step list and the board's place."""
        site = " · ".join(game_name(key) for key in GAMES)  # "Tsuro of the Seas · Tatsu"
        self.port.tell("title", title=_("Learn to play {game}").format(game=info.shown_name)
                       + f" · {site}")
        self.show("app", page_html())

    async def on_change(self, message: dict) -> None:
        """The language picker: the lesson said again in the chosen language (its step
        starts again), the choice kept."""
        if "language" not in dict(message.get("data") or {}) or self.info is None:
            return
        if await self.keep_language(str(message.get("value"))) is None:
            return
        self.draw_page(self.info)
        await self.show_step(self.current)
        self.port.tell("focus", selectors=["select[data-language]"], force=True)

    async def on_click(self, message: dict) -> None:
        data = dict(message.get("data") or {})
        if "lessonStep" in data:
            await self.show_step(int(data["lessonStep"]))
        elif "embedReset" in data:
            await self.show_step(self.current, hinted=data["embedReset"] == "hint")
        elif self.table is not None:
            await self.table.click(data)

    async def on_key(self, message: dict) -> None:
        if self.table is not None:
            await self.table.key(str(message.get("key")))

    async def begin(self) -> None:
        from game.web.table import clickable

        query = self.search
        await self.speak_ready(self.page_language(query_value(query, "lang")))
        self.port.tell("clickable", selector=clickable())
        try:
            info = lesson_game(query_value(query, "game"))
        except EmbedError as err:
            self.show("app", f'<p class="embed-error" id="status" role="alert">'
                      f"{escape(str(err))}</p>")
            self.root("ready", "true")
            return
        self.info = info
        self.solved = solved_steps(self.stored(STORAGE_KEY.format(game=info.key)), info)
        self.draw_page(info)
        number = whole_number(query_value(query, "step") or "")
        # out of range: show_step() takes the nearest step
        await self.show_step(number - 1 if number is not None
                             else first_open(info, self.solved))
        self.root("ready", "true")
