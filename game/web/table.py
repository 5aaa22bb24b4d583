"""What both game tables share: pacing computer turns, playing events one after another,
hiding hands between people at one screen, the log, the end of the game.

A table talks to the page through a small object (`page`) with:
  page.show(region, html)      replace a region's content ("status", "board", "panel",
                               "overlay"); regions are elements with those ids
  page.log(line)               add a line to the game log
  page.highlight(selector)     mark elements of the board for a moment (an animation cue)
  await page.pause(seconds)    let the browser breathe and the player follow
  page.done(result)            the game is over (for the page's own bookkeeping)
so that this module imports no browser code and is tested natively with a fake page.
"""

import time
from abc import ABC, abstractmethod
from html import escape

from game.core import RuleError

# Seconds a log step lasts, per speed setting; a computer waits twice that before moving.
SPEEDS = {"slow": 1.0, "normal": 0.5, "fast": 0.15, "instant": 0.0}
# A thinking bot hands the browser its turn at least this often (seconds): long enough
# that the hand-overs cost little, short enough that clicks and redraws feel immediate.
THINK_SLICE = 0.03


class Table(ABC):
    """Subclasses draw their game (`board_html`, `panel_html`, `cue`) and turn clicks
    into actions (`click`)."""

    def __init__(self, match, page, speed: str = "normal"):
        self.match = match
        self.page = page
        self.step = SPEEDS.get(speed, SPEEDS["normal"])
        self.message = ""  # a refusal or hint for the person to move
        self.shown_to = None  # the person whose secrets are on screen (hot seat)
        self.busy = False

    # --- what subclasses provide -------------------------------------------------------
    @abstractmethod
    def board_html(self) -> str:
        """The board as SVG markup, from the viewer's side."""

    @abstractmethod
    def panel_html(self) -> str:
        """The controls of the person to move (hand, dice, buttons)."""

    def cue(self, event):
        """A CSS selector of board elements an event concerns, or None."""
        return None

    def forget_choice(self) -> None:
        """Drop a half-made choice (a selected tile, a selected stone)."""

    hides_hands = False  # Tsuro of the Seas: hands stay hidden between people

    # --- shared ------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def name(self, seat: int) -> str:
        return escape(self.match.seats[seat].name)

    def must_pass_screen(self) -> bool:
        """With several people at one screen, a hidden hand waits behind a pass screen."""
        seat = self.state.to_move
        return (self.hides_hands and self.match.humans > 1 and self.match.human_to_move
                and self.shown_to != seat)

    def viewer(self):
        """The seat whose view the screen shows: the person to move, else the only
        person at the table, else nobody's secrets."""
        if self.match.human_to_move and not self.must_pass_screen():
            return self.state.to_move
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        if len(humans) == 1:
            return humans[0]
        return None if self.hides_hands else self.state.to_move

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
                f'<button type="button" class="primary" data-ready="{seat}" autofocus>'
                f'I am {self.name(seat)}: show my tiles</button></div>'))
        else:
            self.page.show("overlay", "")
            self.page.show("panel", self.panel_html())
        self.page.show("status", self.status_html())

    def status_html(self) -> str:
        if self.state.is_over:
            return "The game is over."
        seat = self.state.to_move
        if not self.match.human_to_move:
            return f'<span class="thinking">{self.name(seat)} is thinking…</span>'
        if self.message:
            return f'<span class="refused" role="alert">{escape(self.message)}</span>'
        return self.prompt()

    def prompt(self) -> str:
        return f"{self.name(self.state.to_move)} to play."

    def result_html(self) -> str:
        winners = self.state.winners
        names = " and ".join(self.name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return (f'<div class="result" data-winners="{",".join(map(str, winners))}">'
                f'<p class="result-line"><strong>{names}</strong> {verb}!</p>'
                '<button type="button" class="primary" data-again="1">Play again</button> '
                '<button type="button" data-new="1">New game</button></div>')

    async def start(self) -> None:
        self.render()
        await self.advance()

    async def advance(self) -> None:
        """Let computer seats play until a person must act or the game ends."""
        self.busy = True
        try:
            while not self.state.is_over and not self.match.human_to_move:
                self.render()
                await self.page.pause(2 * self.step)
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
        for event, line in lines:
            if not line:
                continue
            self.page.log(line)
            self.page.show("status", escape(line))
            selector = self.cue(event)
            if selector:
                self.page.highlight(selector)
            if self.step:
                await self.page.pause(self.step)

    async def act(self, action) -> bool:
        """A person's action: applied, animated, then the computers play on. A refused
        action shows the rule it breaks and changes nothing. True if it was applied."""
        if self.busy:
            return False
        try:
            lines = self.match.play(action)
        except RuleError as refusal:
            self.message = f"Not allowed: {refusal.plain} ({refusal.rule})."
            self.render()
            return False
        self.message = ""
        self.forget_choice()
        self.busy = True
        try:
            self.render()
            await self.animate(lines)
        finally:
            self.busy = False
        await self.advance()
        return True

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
