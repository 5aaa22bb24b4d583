"""The coach at a table (issue 40): a hint on request, for a game started with "Hints on
request" (Match.hints: the start form's switch, kept in the saved game, said in the log's
first lines).

A person to move presses Hint (or the key H): the game's coach (GameInfo.coach:
game/<game>/coach.py, `advise`) works out in slices, as a computer thinks, the move the
hard computer would make, and the table shows it as a ghost on the board and says why in
one sentence (`hint_words`) above the Hint button. The hint holds for the position it was asked
in: any action, a takeback or a replay puts it away, except the first die of a Tatsu turn
played as advised, after which the rest of the advised turn is still the hint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.core.coach import Advice
from game.core.i18n import _

if TYPE_CHECKING:
    from game.web.table import Table

HINT_KEYS = ("h", "H")


class TableCoach:
    """A table's coach: whether a hint is offered, the one shown, asking for one."""

    def __init__(self, table: Table) -> None:
        self.table = table
        # Whether hints are on at this table (the match's setting; an embedded challenge
        # turns them on after a wrong try), where a hint comes from (the game's coach; a
        # challenge's own way to its task), and who hears of each hint shown (the host
        # page of an embedded board)
        self.allowed: Callable[[], bool] = lambda: table.match.hints
        self.source: Callable[[Any], Any] = lambda state: self._module.advise(state)
        self.on_shown: Callable[[Advice], None] | None = None
        # the hint in words (the game's coach's sentence; a challenge's, its own)
        self.words: Callable[[Advice], str] = lambda advice: self._module.hint_words(
            advice, table.match.names)
        self.thinking = False  # a hint is being worked out
        self._advice: tuple[int, Advice] | None = None  # (actions played then, the hint)
        self.asked = 0  # hints shown in this game (each asked once)

    @property
    def _module(self) -> Any:
        return import_module(self.table.match.game.coach)

    def offered(self) -> bool:
        """A person to move in a game with hints on, nothing under way."""
        table = self.table
        return (self.allowed() and table.match.human_to_move and not table.ended
                and not table.busy and not table.animating and not table.spectator
                and table.replay_step is None)

    def advice(self) -> Advice | None:
        """The hint for the position on the board now, if one was asked for it."""
        if self._advice is None or self.table.replay_step is not None:
            return None
        played, advice = self._advice
        history = self.table.state.history
        if len(history) == played:
            return advice
        # the first action of an advised turn played: the rest of the turn is the hint
        if (len(history) == played + 1 and len(advice.turn) > 1
                and history[-1] == advice.turn[0] and advice.turn[1] in
                self.table.state.legal_actions()):
            return replace(advice, action=advice.turn[1], turn=advice.turn[1:])
        return None

    def ghost(self) -> tuple | None:
        """The advised turn, for the board to draw faintly (None: no hint shown)."""
        advice = self.advice() if self.offered() else None
        return advice.turn if advice is not None else None

    def button(self) -> str:
        """The Hint button, while a hint may be asked."""
        if not self.offered():
            return ""
        words = escape(_("Hint"))
        label = escape(_("Hint: the move the hard computer would make, and why (H)"))
        busy = ' aria-busy="true" aria-disabled="true"' if self.thinking else ""
        return (f'<button type="button" class="hint-button" data-hint="1" '
                f'aria-keyshortcuts="H" aria-label="{label}"{busy}>{words}</button>')

    def hint_html(self) -> str:
        """The hint's sentence (or that the coach thinks), in the panel above the Hint
        button: under the board on a phone, so that the board stays where it is."""
        if not self.offered():
            return ""
        if self.thinking:
            thinking = escape(_("The coach is thinking…"))
            return f'<p class="hint-line thinking" role="status">{thinking}</p>'
        advice = self.advice()
        if advice is None:
            return ""
        said = escape(_("Hint: {sentence}").format(sentence=self.words(advice)))
        return f'<p class="hint-line" role="status">{said}</p>'

    async def ask(self) -> bool:
        """Work out the hint for the position now and show it; True when one is shown."""
        table = self.table
        await table.idle()
        if not self.offered() or self.thinking:
            return False
        if self.advice() is None:
            played = len(table.state.history)
            self.thinking = True
            table.render()
            try:
                advice = await table.sliced(self.source(table.state))
            finally:
                self.thinking = False
            if len(table.state.history) != played:  # (the person moved meanwhile)
                table.render()
                return False
            self._advice = (played, advice)
            self.asked += 1
            if self.on_shown is not None:
                self.on_shown(advice)
        table.render()
        return True

    def forget(self) -> None:
        """Put the hint away (a takeback: the position it was for may come again, its
        hint too, asked again)."""
        self._advice = None


__all__ = ["HINT_KEYS", "TableCoach"]
