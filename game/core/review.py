"""A game's review (issue 40): each decision of each person scored by the coach.

After a game, every decision a person made where there was a choice (more than one legal
action) is put to the game's coach (GameInfo.coach: `advise(state, played)`, the hard
computer's search) with the action played: the share of the win the best choice kept,
the share the played one kept, and what it cost (game/core/coach.py, Advice.cost). The
three costliest choices that cost something (COSTLY or more) are marked; a choice that
cost BLUNDER or more is a blunder. Nothing here knows a rule: the positions are the
record's own (`from_record(record, upto=step)`), the scores the coach's.

`review(state_class, record, people, advise)` is a generator, as a thinking bot is: it
yields the share of the work done (0..1) between slices, so that a page stays responsive
and shows a progress bar, and returns the Review.

A review is kept with its game (a saved game's "review", and so a share link's) as plain
data (`Review.to_json`), and read back against that game's record (`Review.from_json`):
a decision that is not the record's, or that its coach cannot say in words, refuses the
whole review with a reason (ReviewError), never half of it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.coach import Advice, Reason
from game.core.i18n import _

COSTLY = 0.05  # a choice that gave up this share of the win or more is costly
BLUNDER = 0.20  # ...and this much or more, a blunder
MARKED = 3  # the costliest choices marked in the replay


@dataclass(frozen=True)
class Decision:
    """A person's decision: `step`, the number of actions before it (the replay's step
    whose position it was taken in), the seat, and the coach's advice on it (with the
    action played and its value)."""
    step: int
    seat: int
    advice: Advice

    @property
    def played(self) -> Action:
        return self.advice.played  # type: ignore[return-value]  # (always given here)

    @property
    def cost(self) -> float:
        return self.advice.cost


@dataclass(frozen=True)
class Review:
    decisions: tuple[Decision, ...]  # in the order played

    @property
    def marked(self) -> tuple[Decision, ...]:
        """The MARKED costliest decisions that cost COSTLY or more, costliest first (an
        earlier one first among equals)."""
        costly = [d for d in self.decisions if d.cost >= COSTLY]
        costly.sort(key=lambda d: (-d.cost, d.step))
        return tuple(costly[:MARKED])

    def summary(self, seat: int) -> tuple[int, int, int]:
        """(decisions reviewed, costly choices, blunders) of `seat` (a blunder is a
        costly choice too)."""
        own = [d for d in self.decisions if d.seat == seat]
        return (len(own), sum(d.cost >= COSTLY for d in own),
                sum(d.cost >= BLUNDER for d in own))

    def at(self, step: int) -> Decision | None:
        """The decision taken in the position of `step`, if it was reviewed."""
        return next((d for d in self.decisions if d.step == step), None)

    def to_json(self) -> list[list[Any]]:
        """Plain data to keep or share: per decision [step, seat, played, the coach's
        turn (its actions), best value, played value, reasons ([kind, data] each)]."""
        return [[d.step, d.seat, d.played.to_json(), [a.to_json() for a in d.advice.turn],
                 round(d.advice.best_value, 4), round(d.advice.played_value or 0.0, 4),
                 [[r.kind, r.data] for r in d.advice.reasons]]
                for d in self.decisions]

    @classmethod
    def from_json(cls, data: Any, state_class: Any, record: dict[str, Any],
                  say: Callable[[Advice], str] | None = None) -> Review:
        """The review `to_json` wrote, of the game of `record` (already checked by the
        engine): each decision must be a decision of that game, in order, its played
        action the record's, the coach's turn legal there, its values shares of the win;
        `say(advice)`, the game's words for it (hint_words), must say each without fail.
        ReviewError says which decision is wrong."""
        actions = record["actions"]
        if not isinstance(data, list) or len(data) > len(actions):
            raise ReviewError(_("it is not a list of this game's decisions"))
        decisions: list[Decision] = []
        state = state_class.from_record(record, upto=0)
        for number, row in enumerate(data, 1):
            try:
                decision = _decision(row, state, actions, decisions)
                if say is not None:
                    say(decision.advice)
            # A hand-made review may hold anything; whatever its reading or its words
            # trip on refuses it, naming the decision.
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                raise ReviewError(_("its decision {number} is not one of this game's")
                                  .format(number=number)) from None
            decisions.append(decision)
        return cls(tuple(decisions))


class ReviewError(ValueError):
    """A kept review that does not fit its game; the message says why, for a person."""


def _decision(row: Any, state: Any, actions: list[Any], before: list[Decision]) -> Decision:
    """One kept decision, checked against the game (`state` is moved on to its step)."""
    step, seat, played, turn, best, value, reasons = row
    if type(step) is not int or not 0 <= step < len(actions) or (
            before and step <= before[-1].step):
        raise ValueError("step")
    for raw in actions[len(state.history):step]:
        state.apply(Action.from_json(raw))
    played = Action.from_json(played)
    if seat != state.to_move or played != Action.from_json(actions[step]):
        raise ValueError("not the record's decision")
    turn = tuple(Action.from_json(raw) for raw in turn)
    trial = state.clone()
    for action in turn:
        trial.apply(action)  # RuleError (a ValueError) when the coach's turn is not legal
    for share in (best, value):
        if type(share) not in (int, float) or not 0 <= share <= 1:
            raise ValueError("share")
    said = tuple(Reason(kind, data) for kind, data in reasons
                 if type(kind) is str and isinstance(data, dict))
    if len(said) != len(reasons) or not turn:
        raise ValueError("reasons")
    return Decision(step, seat, Advice(seat, turn[0], turn, float(best), said, played,
                                       float(value)))


def review(state_class: Any, record: dict[str, Any], people: Iterable[int],
           advise: Callable[..., Generator[None, None, Advice]]
           ) -> Generator[float, None, Review]:
    """Review the decisions of the seats in `people` in the game of `record`; yields the
    share of the work done between slices (each slice of the coach's search)."""
    people = set(people)
    state = state_class.from_record(record, upto=0)
    actions = [Action.from_json(raw) for raw in record["actions"]]
    chosen = []  # the steps of the decisions to review, found first for the progress
    probe = state.clone()
    for step, action in enumerate(actions):
        seat = probe.to_move
        if seat in people and len(probe.legal_actions()) > 1:
            chosen.append(step)
        probe.apply(action)
    decisions = []
    done = 0
    for step, action in enumerate(actions):
        if step in chosen:
            seat = state.to_move
            steps = advise(state, action)
            while True:
                try:
                    next(steps)
                except StopIteration as finished:
                    advice = finished.value
                    break
                yield done / len(chosen)
            decisions.append(Decision(step, seat, advice))
            done += 1
            yield done / len(chosen)
        state.apply(action)
    return Review(tuple(decisions))


__all__ = ["BLUNDER", "COSTLY", "MARKED", "Decision", "Review", "ReviewError", "review"]
