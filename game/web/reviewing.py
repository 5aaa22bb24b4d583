"""A finished game's review at the table (issue 40; game/core/review.py scores it).

Once a game with a person at its table is over, its result offers "Review the game": the
coach scores each decision of each person, in slices as a computer thinks, a progress
bar in the status line meanwhile. Then the result says, per person, how many choices cost
something and how many were blunders, and lists the three costliest: each opens the
replay at the position where it was made, the coach's better choice drawn there as a
ghost and said in its sentence, with what the choice played cost (in share of the win).
"""

from __future__ import annotations

import time
from html import escape
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.core.i18n import _, ngettext
from game.core.review import BLUNDER, Review, review

if TYPE_CHECKING:
    from game.web.table import Table

SLICE = 0.03  # seconds of work between two redraws of the progress bar


class TableReview:
    """A table's review: offered, under way (its progress), done (its marks)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.done: Review | None = None
        self.progress: float | None = None  # the share done while it runs

    @property
    def _coach(self) -> Any:
        return import_module(self.table.match.game.coach)

    def offered(self) -> bool:
        """A finished game of this table's own (its record), with a person at it."""
        table = self.table
        return (bool(table.match.game.coach) and table.state.is_over and not table.spectator
                and table.match.rewindable and bool(table.people()) and self.done is None)

    def button(self) -> str:
        if not self.offered():
            return ""
        words = escape(_("Review the game"))
        busy = ' aria-busy="true" aria-disabled="true"' if self.progress is not None else ""
        return f'<button type="button" data-review="1"{busy}>{words}</button>'

    def status_html(self) -> str | None:
        """The progress bar while the review runs, else None."""
        if self.progress is None:
            return None
        percent = round(100 * self.progress)
        words = escape(_("Reviewing the game… {percent}%").format(percent=percent))
        return (f'<span class="reviewing">{words} <progress max="100" value="{percent}" '
                f'aria-hidden="true"></progress></span>')

    async def run(self) -> None:
        """Score the game's decisions, the page redrawn with the progress now and then."""
        table = self.table
        await table.idle()
        if not self.offered() or self.progress is not None:
            return
        self.progress = 0.0
        table.render()
        steps = review(type(table.state), table.state.to_record(), table.people(),
                       self._coach.advise)
        shown = time.perf_counter()
        try:
            while True:
                try:
                    self.progress = next(steps)
                except StopIteration as finished:
                    self.done = finished.value
                    break
                if time.perf_counter() - shown >= SLICE:
                    table.page.show("status", table.status_html())
                    await table.page.pause(0)
                    shown = time.perf_counter()
        finally:
            self.progress = None
        table.render()

    def summary_html(self) -> str:
        """Per person: the choices that cost something; the costliest, each a button to
        its place in the replay."""
        done = self.done
        if done is None:
            return ""
        table = self.table
        rows = []
        for seat in table.people():
            reviewed, costly, blunders = done.summary(seat)
            if costly:
                counted = ngettext("{count} costly choice", "{count} costly choices",
                                   costly).format(count=costly)
                if blunders:
                    counted = _("{costly}, {blunders}").format(
                        costly=counted, blunders=ngettext("{count} blunder", "{count} blunders",
                                                          blunders).format(count=blunders))
            else:
                counted = ngettext("no costly choice in {count} decision",
                                   "no costly choice in {count} decisions",
                                   reviewed).format(count=reviewed)
            rows.append(f'<li data-seat="{seat}"><strong>{escape(table.name(seat))}</strong>: '
                        f"{escape(counted)}</li>")
        marks = []
        record = table.state.to_record()
        for decision in done.marked:
            turn = type(table.state).from_record(record, upto=decision.step).turn
            label = (_("Blunder on turn {turn}") if decision.cost >= BLUNDER
                     else _("Costly choice on turn {turn}")).format(turn=turn)
            marks.append(f'<li><button type="button" data-replay="{decision.step}" '
                         f'data-costly="{decision.step}">{escape(label)}</button></li>')
        title = escape(_("The coach's review"))
        listed = f'<ol class="costly">{"".join(marks)}</ol>' if marks else ""
        return (f'<section class="review" aria-label="{title}"><h2 class="panel-title">{title}</h2>'
                f'<ul class="review-summary">{"".join(rows)}</ul>{listed}</section>')

    def ghost(self, step: int) -> tuple | None:
        """The better choice at a reviewed step that cost something, for the replay's
        board."""
        decision = self.done.at(step) if self.done is not None else None
        if decision is None or decision.cost <= 0:
            return None
        return decision.advice.turn

    def replay_note(self, step: int, state) -> str:
        """What the review says at a step of the replay: the choice played, what it
        cost, and the coach's choice with its reasons."""
        decision = self.done.at(step) if self.done is not None else None
        if decision is None:
            return ""
        coach = self._coach
        played = coach.state_move_words(state, decision.played)
        who = self.table.name(decision.seat)
        if decision.cost <= 0:
            words = _("{name} played: {move}. The coach agrees.").format(name=who, move=played)
            return f'<p class="review-note">{escape(words)}</p>'
        cost = _("{name} played: {move}. It gave up {percent}% of the win.").format(
            name=who, move=played, percent=max(1, round(100 * decision.cost)))
        better = _("The coach's choice: {sentence}").format(
            sentence=coach.hint_words(decision.advice, self.table.match.names))
        kind = "blunder" if decision.cost >= BLUNDER else "costly"
        return (f'<p class="review-note" data-cost="{kind}">{escape(cost)}</p>'
                f'<p class="review-note better">{escape(better)}</p>')


__all__ = ["TableReview"]
