"""A finished game's review at the table (issue 40; game/core/review.py scores it).

Once a game with a person at its table is over, its result offers "Review the game": the
coach scores each decision of each person, in slices as a computer thinks, a progress
bar in the status line meanwhile. Then the result says, per person, how many choices cost
something and how many were blunders, and lists the three costliest: each opens the
replay at the position where it was made, the coach's better choice drawn there as a
ghost and said in its sentence, with what the choice played cost (in share of the win).

The review is kept with its match (Match.review): "Share this review" (the page's share
link) and "Download this game" carry it, and whoever opens them sees the same marks. An
embedded board in `view` mode shows a shared review's marks too (game/web/embed_page.py,
with `summary_html`, `ghost` and `note_html` here).
"""

from __future__ import annotations

import time
from html import escape
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.core.i18n import _, ngettext
from game.core.review import BLUNDER, Decision, Review, review
from game.core.words import percent as words_percent

if TYPE_CHECKING:
    from game.web.table import Table

SLICE = 0.03  # seconds of work between two redraws of the progress bar


class TableReview:
    """A table's review: offered, under way (its progress), done (its marks)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.progress: float | None = None  # the share done while it runs

    @property
    def done(self) -> Review | None:
        """The review, once made; kept with the match (a saved game and a share link
        carry it)."""
        return self.table.match.review

    @done.setter
    def done(self, review: Review | None) -> None:
        self.table.match.review = review

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
        words = escape(_("Reviewing the game… {percent}").format(
            percent=words_percent(self.progress)))
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

    def reviewed(self) -> list[int]:
        """The seats the review speaks of: the people at the table (a shared review's
        viewer is nobody at it: the seats whose decisions it holds)."""
        done = self.done
        seats = set(self.table.people())
        if done is not None:
            seats |= {d.seat for d in done.decisions}
        return sorted(seats)

    def summary_html(self) -> str:
        """Per person: the choices that cost something; the costliest, each a button to
        its place in the replay."""
        done = self.done
        if done is None:
            return ""
        table = self.table
        record = table.state.to_record()
        turns = {d.step: type(table.state).from_record(record, upto=d.step).turn
                 for d in done.marked}
        share = escape(_("Share this review"))
        return summary_html(done, self.reviewed(), table.match.names, turns,
                            lambda step: f'data-replay="{step}" data-costly="{step}"',
                            f'<div class="controls"><button type="button" data-share="1">'
                            f"{share}</button></div>")

    def ghost(self, step: int) -> tuple | None:
        """The better choice at a reviewed step that cost something, for the replay's
        board."""
        return ghost(self.done, step)

    def replay_note(self, step: int, state) -> str:
        """What the review says at a step of the replay."""
        decision = self.done.at(step) if self.done is not None else None
        if decision is None:
            return ""
        return note_html(decision, state, self._coach, self.table.match.names)


def summary_html(done: Review, seats: list[int], names: list[str], turns: dict[int, int],
                 attributes, more: str = "", marked: tuple[Decision, ...] | None = None
                 ) -> str:
    """The review's section: per seat of `seats`, "N costly choices, M blunders"; the
    costliest choices (`marked`, default the review's) as buttons (`turns`: each one's
    turn; `attributes(step)`: what the button does), then `more`."""
    rows = []
    for seat in seats:
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
        rows.append(f'<li data-seat="{seat}"><strong>{escape(names[seat])}</strong>: '
                    f"{escape(counted)}</li>")
    marks = []
    for decision in done.marked if marked is None else marked:
        turn, blunder = turns[decision.step], decision.cost >= BLUNDER
        if turn < 1:  # (Tsuro of the Seas: the start marks come before turn 1)
            label = _("Blunder at the start") if blunder else _("Costly choice at the start")
        else:
            label = (_("Blunder on turn {turn}") if blunder
                     else _("Costly choice on turn {turn}")).format(turn=turn)
        marks.append(f'<li><button type="button" {attributes(decision.step)}>'
                     f"{escape(label)}</button></li>")
    title = escape(_("The coach's review"))
    listed = f'<ol class="costly">{"".join(marks)}</ol>' if marks else ""
    return (f'<section class="review" aria-label="{title}"><h2 class="panel-title">{title}</h2>'
            f'<ul class="review-summary">{"".join(rows)}</ul>{listed}{more}</section>')


def ghost(done: Review | None, step: int) -> tuple | None:
    """The better choice at a reviewed step that cost something (drawn on the board)."""
    decision = done.at(step) if done is not None else None
    if decision is None or decision.cost <= 0:
        return None
    return decision.advice.turn


def note_html(decision: Decision, state, coach: Any, names: list[str]) -> str:
    """What the review says of a decision, in the position it was made: the choice
    played, what it cost, and the coach's choice with its reasons."""
    played = coach.state_move_words(state, decision.played)
    who = names[decision.seat]
    if decision.cost <= 0:  # the coach's own choice, or one it rates as well
        words = (_("{name} played: {move}. The coach agrees.")
                 if decision.played in decision.advice.turn[:1] else
                 _("{name} played: {move}. The coach rates it as well as its own choice.")
                 ).format(name=who, move=played)
        return f'<p class="review-note">{escape(words)}</p>'
    cost = _("{name} played: {move}. It gave up {percent} of the win.").format(
        name=who, move=played, percent=words_percent(decision.cost, least=1))
    better = _("The coach's choice: {sentence}").format(
        sentence=coach.hint_words(decision.advice, names))
    kind = "blunder" if decision.cost >= BLUNDER else "costly"
    return (f'<p class="review-note" data-cost="{kind}">{escape(cost)}</p>'
            f'<p class="review-note better">{escape(better)}</p>')


__all__ = ["TableReview", "ghost", "note_html", "summary_html"]
