"""Challenges: a position, a seat to play it and a task the engine checks.

A task is either an exact answer (one action, or several for a turn of several
decisions) or a goal named by the game (game/<game>/goals.py: "afloat", "sink:2",
"escape", "destroy:fire"...). The learner plays from the position; the challenge is
judged on the events of the learner's own turn: solved as soon as the goal is met or
the answer is given in full, failed as soon as no way of playing the rest of the turn
can meet it (the engine tries each: the dice are already rolled, and the state's own
seeded chance makes any that follow the same in the trial as in play), or the answer
was left. Nothing here knows a rule: the engine applies the actions and says what
happened, the game's goals read its events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.actions import Action, Event
from game.core.i18n import _
from game.core.limits import shown

if TYPE_CHECKING:
    from game.core.state import GameState

# The most positions tried when asking whether the rest of a turn can still meet a goal;
# past it the goal is taken as still within reach (a turn's last decisions are a few
# dozen positions in either game).
SEARCH_LIMIT = 2000


class ChallengeError(ValueError):
    """A task that cannot be set (an unknown goal, a malformed answer)."""


@dataclass(frozen=True)
class Goal:
    """One goal a game offers: its words for the learner, and whether the events of
    the learner's turn (and the state after it) meet it. `arg` is the text after the
    colon in "sink:2", checked by `parse_arg` (which raises ValueError with a reason)."""

    words: Callable[[Any], str]  # (arg)
    met: Callable[[int, Any, list[Event], GameState], bool]  # (seat, arg, events, state)
    parse_arg: Callable[[str], object] | None = None


# A goal every game offers: play a whole turn, any legal way (a first step of a lesson).
PLAY = Goal(words=lambda _arg: _("Play your turn."),
            met=lambda seat, _arg, events, state: state.is_over or state.to_move != seat)


@dataclass
class Verdict:
    solved: bool
    words: str


@dataclass
class Challenge:
    seat: int
    goal: str | None = None  # "name" or "name:arg"
    answer: tuple[Action, ...] = ()
    goals: dict[str, Goal] = field(default_factory=dict)  # the game's GOALS
    _arg: object = None

    def __post_init__(self) -> None:
        if (self.goal is None) == (not self.answer):
            raise ChallengeError(_("a challenge has either a goal or an answer"))
        if self.goal is not None:
            name, _colon, arg = self.goal.partition(":")
            if name not in self.goals:
                raise ChallengeError(_("there is no goal {goal} (goals: {goals})").format(
                    goal=shown(name), goals=", ".join(sorted(self.goals))))
            spec = self.goals[name]
            if spec.parse_arg is None:
                if arg:
                    raise ChallengeError(_("the goal {goal} takes nothing after it").format(
                        goal=repr(name)))
            else:
                try:
                    self._arg = spec.parse_arg(arg)
                except ValueError as err:
                    raise ChallengeError(_("goal {goal}: {reason}").format(
                        goal=repr(name), reason=err)) from None

    @property
    def task(self) -> str:
        """The task in words, for the learner."""
        if self.goal is None:
            return _("Find the best move.")
        return self.goals[self.goal.partition(":")[0]].words(self._arg)

    def judge(self, actions: Sequence[Action], events: list[Event],
              state: GameState) -> Verdict | None:
        """After the learner's `actions` so far, which caused `events`: solved, failed,
        or None while it is still the learner's turn and nothing is decided."""
        events = own_turn(events)
        if self.goal is None:
            given = tuple(actions)
            if given != self.answer[:len(given)]:
                return Verdict(False, _("That is not the move wanted here."))
            if len(given) == len(self.answer):
                return Verdict(True, _("Right!"))
        else:
            spec = self.goals[self.goal.partition(":")[0]]
            if spec.met(self.seat, self._arg, events, state):
                return Verdict(True, _("Well done!"))  # (the task is shown above it)
        if (state.is_over or state.to_move != self.seat or _turn_ended(events)
                or (self.goal is not None and not self._within_reach(spec, events, state))):
            return Verdict(False, _("Not this time: {task}").format(task=self._lowered_task()))
        return None

    def _within_reach(self, spec: Goal, events: list[Event], state: GameState) -> bool:
        """Whether some way of playing the rest of the learner's turn from `state` meets
        the goal (trying each legal action in turn on a copy)."""
        return self._way(spec, events, state, given_up=True) is not None

    def solution(self, state: GameState, actions: Sequence[Action] = (),
                 events: Sequence[Event] = ()) -> tuple[Action, ...] | None:
        """A way to complete the task from `state`, after the learner's `actions` so far
        (which caused `events`): the rest of the answer, or the actions of the rest of
        the turn that meet the goal (the first found, trying the legal actions in their
        order); None when there is none (or none within SEARCH_LIMIT positions). A hint
        (game/web/embed.py) shows it."""
        if self.goal is None:
            given = tuple(actions)
            return self.answer[len(given):] if given == self.answer[:len(given)] else None
        spec = self.goals[self.goal.partition(":")[0]]
        return self._way(spec, own_turn(list(events)), state, given_up=False)

    def _way(self, spec: Goal, events: list[Event], state: GameState,
             given_up: bool) -> tuple[Action, ...] | None:
        """The actions of the rest of the learner's turn that meet the goal, found by
        trying each legal action in turn on a copy; None when none does. Past
        SEARCH_LIMIT positions: () when `given_up` (taken as within reach), else None."""
        budget = [SEARCH_LIMIT]

        def search(position: GameState, seen: list[Event]) -> tuple[Action, ...] | None:
            for action in position.legal_actions():
                if budget[0] <= 0:
                    return () if given_up else None
                budget[0] -= 1
                trial = position.clone()
                after = [*seen, *trial.apply(action)]
                turn = own_turn(after)
                if spec.met(self.seat, self._arg, turn, trial):
                    return (action,)
                if len(turn) == len(after) and not trial.is_over and trial.to_move == self.seat:
                    rest = search(trial, after)
                    if rest is not None:
                        return (action, *rest)
            return None

        return search(state, events)

    def _lowered_task(self) -> str:
        """The task after a colon: its first letter in lower case."""
        task = self.task
        return task[0].lower() + task[1:]


def own_turn(events: list[Event]) -> list[Event]:
    """The events up to the beginning of the next turn: what the learner's own
    decisions caused, not the next player's dice."""
    for index, event in enumerate(events):
        if event.kind == "turn":
            return events[:index]
    return events


def _turn_ended(events: list[Event]) -> bool:
    return any(event.kind == "game_over" for event in events)


__all__ = ["PLAY", "Challenge", "ChallengeError", "Goal", "Verdict", "own_turn"]
