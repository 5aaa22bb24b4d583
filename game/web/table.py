"""What both game tables share: pacing computer turns, playing events one after another,
hiding hands between people at one screen, the log, the end of the game.

A table talks to the page through a small object (`page`) with:
  page.show(region, html)      replace a region's content ("status", "board", "panel",
                               "overlay"); regions are elements with those ids
  page.log(line)               add a line to the game log
  page.highlight(selector)     mark elements of the board for a moment (an animation cue)
  page.focus(selector)         put the keyboard focus on what the person acts on next,
                               unless the person has it somewhere the redraw kept
  await page.pause(seconds)    let the browser breathe and the player follow
  page.done(result)            the game is over (for the page's own bookkeeping)
so that this module imports no browser code and is tested natively with a fake page.
"""

import time
from abc import ABC, abstractmethod
from html import escape

from game.core import RuleError
from game.core.rule_links import rule_anchor

# Seconds a log line stays in view, per pace. A computer also waits one step before it
# moves, so that a person sees whose turn it is; lines of bookkeeping (a turn begins, a
# calm roll, tiles drawn) take a third of a step. At "normal" a computer's turn of Tsuro
# of the Seas lasts about a second and a half.
SPEEDS = {"slow": 0.9, "normal": 0.35, "fast": 0.12, "instant": 0.0}
PACE_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
BRIEF = 1 / 3
ACTION_STEPS = 6  # the lines of one action hold the screen for at most this many steps
# A thinking bot hands the browser its turn at least this often (seconds): long enough
# that the hand-overs cost little, short enough that clicks and redraws feel immediate.
THINK_SLICE = 0.03


def pace_select(chosen: str) -> str:
    """The pace menu shown beside a game in progress (the page sends its changes)."""
    options = "".join(f'<option value="{key}"{" selected" if key == chosen else ""}>'
                      f"{words}</option>" for key, words in PACE_WORDS.items())
    return (f'<label class="pace">Pace of play <select name="pace" data-pace="1">{options}'
            "</select></label>")


class Table(ABC):
    """Subclasses draw their game (`board_html`, `panel_html`, `cue`) and turn clicks
    into actions (`click`)."""

    def __init__(self, match, page, speed: str = "normal"):
        self.match = match
        self.page = page
        self.speed = speed if speed in SPEEDS else "normal"
        self._message = ""  # a refusal or hint for the person to move
        self.rule = None  # the rule a refusal cites (linked to its rules page)
        self.news = []  # what befell ships since a person last acted (said until then)
        self.shown_to = None  # the person whose secrets are on screen (hot seat)
        self.busy = False
        self.skipping = False  # a person asked to see the end at once

    # --- what subclasses provide -------------------------------------------------------
    @abstractmethod
    def board_html(self) -> str:
        """The board as SVG markup, from the viewer's side."""

    @abstractmethod
    def panel_html(self) -> str:
        """The controls of the person to move (hand, dice, buttons)."""

    @abstractmethod
    def focus_target(self) -> str:
        """A CSS selector of what the person acts on next (for the keyboard focus)."""

    def cue(self, event):
        """A CSS selector of board elements an event concerns, or None."""
        return None

    def brief(self, event) -> bool:
        """True for an event of bookkeeping, shown more briefly than the play itself."""
        return False

    def is_news(self, event) -> bool:
        """True for an event whose line stays on screen until a person acts (a ship
        sunk)."""
        return False

    def forget_choice(self) -> None:  # noqa: B027 -- a game may have no choice to drop
        """Drop a half-made choice (a selected tile, a selected stone)."""

    def standings(self) -> list:
        """[(seat, what became of it)] in finishing order, for the end of the game."""
        return [(s, "wins" if s in self.state.winners else "loses")
                for s in sorted(range(self.state.players),
                                key=lambda s: s not in self.state.winners)]

    hides_hands = False  # Tsuro of the Seas: hands stay hidden between people

    # --- shared ------------------------------------------------------------------------
    @property
    def message(self) -> str:
        return self._message

    @message.setter
    def message(self, words: str) -> None:
        self._message, self.rule = words, None

    def refuse(self, refusal: RuleError) -> None:
        """Say why an action is not allowed, citing its rule (a link to where the rules
        page explains it)."""
        self._message, self.rule = f"Not allowed: {refusal.plain}", refusal.rule

    def message_html(self) -> str:
        text = escape(self._message)
        if self.rule is None:
            return text
        url = rule_anchor(self.match.game.key, self.rule)
        rule = escape(self.rule)
        if url is None:
            return f"{text} ({rule})."
        return (f'{text} (<a href="{url}" target="_blank" rel="noopener" '
                f'aria-label="{rule}: the rule, in a new tab">{rule}</a>).')

    @property
    def state(self):
        return self.match.state

    @property
    def step(self) -> float:
        return 0.0 if self.skipping else SPEEDS[self.speed]

    def set_speed(self, speed: str) -> None:
        """The pace changed during the game: the next line already follows it."""
        if speed in SPEEDS:
            self.speed = speed

    def name(self, seat: int) -> str:
        return escape(self.match.seats[seat].name)

    def must_pass_screen(self) -> bool:
        """With several people at one screen, a hidden hand waits behind a pass screen."""
        seat = self.state.to_move
        return (self.hides_hands and self.match.humans > 1 and self.match.human_to_move
                and self.shown_to != seat)

    def people(self) -> list:
        return [i for i, s in enumerate(self.match.seats) if s.is_human]

    def viewer(self):
        """The seat whose view the screen shows: the person to move, else the only
        person at the table, else nobody's secrets."""
        if self.match.human_to_move and not self.must_pass_screen():
            return self.state.to_move
        humans = self.people()
        if len(humans) == 1:
            return humans[0]
        return None if self.hides_hands else self.state.to_move

    def people_out(self) -> bool:
        """True when the game goes on among computers only: every person is out."""
        out = getattr(self.state, "out", None)
        return (out is not None and not self.state.is_over and bool(self.people())
                and all(out[s] is not None for s in self.people()))

    def render(self) -> None:
        self.page.show("board", self.board_html())
        if self.state.is_over:
            self.page.show("panel", self.result_html())
            self.page.show("overlay", "")
        elif self.must_pass_screen():
            seat = self.state.to_move
            self.page.show("panel", "")
            self.page.show("overlay", (
                f'<div class="pass-screen" role="dialog" aria-modal="true" '
                f'aria-label="Pass to {self.name(seat)}"><p>Pass the screen to '
                f'<strong>{self.name(seat)}</strong>.</p>'
                f'<button type="button" class="primary" data-ready="{seat}">'
                f'I am {self.name(seat)}: show my tiles</button></div>'))
        else:
            self.page.show("overlay", "")
            self.page.show("panel", self.panel_html())
        self.page.show("status", self.status_html())
        self.page.focus(self.focus_target())

    def status_html(self) -> str:
        if self.state.is_over:
            return "The game is over."
        news = "".join(f'<span class="news">{escape(line)}</span> ' for line in self.news)
        seat = self.state.to_move
        if not self.match.human_to_move:
            return (f'{news}<span class="thinking">'
                    f"{self.name(seat)} is thinking…</span>")
        if self.message:
            return f'{news}<span class="refused" role="alert">{self.message_html()}</span>'
        return news + self.prompt()

    def prompt(self) -> str:
        return f"{self.name(self.state.to_move)} to play."

    def result_html(self) -> str:
        winners = self.state.winners
        names = " and ".join(self.name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        people = self.people()
        rows = []
        for seat, fate in self.standings():
            you = " (you)" if seat in people and len(people) == 1 else ""
            person = ' class="person"' if seat in people else ""
            rows.append(f'<li data-seat="{seat}"{person}><strong>{self.name(seat)}</strong>'
                        f"{you} {escape(fate)}</li>")
        mine = ""
        if len(people) == 1:  # a person alone against computers hears their own result
            won = people[0] in winners
            words = ("You win!" if len(winners) == 1 else "You share the win!") if won \
                else "You lose."
            mine = (f'<p class="your-result" data-won="{"true" if won else "false"}">'
                    f"{words}</p>")
        return (f'<div class="result" data-winners="{",".join(map(str, winners))}">'
                f'<p class="result-line"><strong>{names}</strong> {verb}!</p>{mine}'
                f'<ol class="standings">{"".join(rows)}</ol>'
                f'<div class="controls">{self.end_controls()}</div></div>')

    def end_controls(self) -> str:
        """The buttons offered once the game is over."""
        return ('<button type="button" class="primary" data-again="same">Same deal again'
                '</button><button type="button" data-again="new">New deal</button>'
                '<button type="button" data-new="1">Change players</button>')

    async def start(self) -> None:
        self.render()
        await self.advance()

    async def advance(self) -> None:
        """Let computer seats play until a person must act or the game ends."""
        self.busy = True
        try:
            while not self.state.is_over and not self.match.human_to_move:
                self.render()
                await self.page.pause(self.step)
                lines = self.match.play(await self.computer_choice())
                self.page.show("board", self.board_html())  # cues land on the new board
                await self.animate(lines)
        finally:
            self.busy = False
        self.render()
        if self.state.is_over:
            self.page.done(self.state.winners)

    async def computer_choice(self):
        """The computer's action. A bot that can think in slices (a `think(state)`
        generator) yields to the browser between slices, so the page never freezes."""
        bot = self.match.bots[self.state.to_move]
        if not hasattr(bot, "think"):
            return bot(self.state)
        steps = bot.think(self.state)
        slice_end = time.perf_counter() + THINK_SLICE
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                return finished.value
            if time.perf_counter() >= slice_end:
                await self.page.pause(0)
                slice_end = time.perf_counter() + THINK_SLICE

    async def animate(self, lines) -> None:
        budget = ACTION_STEPS * self.step  # a roll that stirs every daikaiju stays brisk
        for event, line in lines:
            if not line:
                continue
            if self.is_news(event):  # with nobody left to act, only the latest two stay
                self.news = [*self.news[-1:], line] if self.people_out() else [*self.news, line]
            self.page.log(line)
            # the log region announces the line; the status only shows it
            self.page.show("status", f'<span aria-hidden="true">{escape(line)}</span>')
            selector = self.cue(event)
            if selector:
                self.page.highlight(selector)
            pause = min(budget, self.step * (BRIEF if self.brief(event) else 1))
            if pause > 0:
                budget -= pause
                await self.page.pause(pause)

    async def act(self, action) -> bool:
        """A person's action: applied, animated, then the computers play on. A refused
        action shows the rule it breaks and changes nothing. True if it was applied."""
        if self.busy:
            return False
        try:
            lines = self.match.play(action)
        except RuleError as refusal:
            self.refuse(refusal)
            self.render()
            return False
        self.message = ""
        self.news = []
        self.forget_choice()
        self.busy = True
        try:
            self.render()
            await self.animate(lines)
        finally:
            self.busy = False
        await self.advance()
        return True

    def skip_to_end(self) -> None:
        """Every person is out: the computers finish the game without pauses."""
        self.skipping = True

    async def idle(self) -> None:
        """Wait while the table animates or a computer plays: a click or key made then
        is kept for afterwards, not lost."""
        while self.busy:
            await self.page.pause(0.05)

    async def reveal(self, seat: int) -> None:
        """The person at the screen says who they are (pass screen)."""
        if seat == self.state.to_move:
            self.shown_to = seat
            self.render()
