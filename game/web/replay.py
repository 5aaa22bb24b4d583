"""A game's replay: its positions step by step, the words of each step, and which line
of the game log belongs to which step.

Step k is the game after its first k actions: 0 before any (what was dealt), n (the
number of actions) the game as it stands. A position is the engine's own state, exactly
what `from_record(record, upto=k)` gives: the replay starts from the record's first
position and applies the record's actions, keeping each position it reaches, so that
stepping back and forth replays each action once. What a person may see of a position
is the table's business (game/web/table.py draws it from the viewing seat only).

A log line belongs to the step its action leads to: the lines an action caused show
with the position after it; the lines before the first action (the deal, the casual
setting) belong to step 0. This module imports no browser code.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.i18n import N_, _

START_WORDS = N_("The start of the game.")  # said through _()


def line_steps(match) -> list:
    """For each entry of `match.log`, in order, the step it belongs to (None for every
    entry of a match that cannot replay its game: one begun at a position)."""
    if not match.rewindable:
        return [None] * len(match.log)
    steps = [0] * match.opening
    for number, (_seat, count) in enumerate(match.steps, 1):
        steps.extend([number] * count)
    steps.extend([len(match.steps)] * (len(match.log) - len(steps)))
    return steps


def logged_lines(match) -> list:
    """The log's lines as the page shows them ((line, step) pairs, the empty lines
    left out), worded afresh in the language spoken now (the player may have switched
    since they were first said)."""
    worded = ((match.words(event), step)
              for (event, _line), step in zip(match.log, line_steps(match)))
    return [(line, step) for line, step in worded if line]


class Replay:
    """The positions and words of one game (a record), step by step."""

    def __init__(self, state_class, record: dict, lines=()):
        """`lines`: the words of each step, steps 0 to n (as `of` reads them from a
        match's log); without them every step is worded by its number only."""
        self.record = record
        self.actions = [Action.from_json(raw) for raw in record["actions"]]
        self.count = len(self.actions)
        self._positions = {0: state_class.from_record(record, upto=0)}
        self._lines = list(lines) or [[] for _step in range(self.count + 1)]

    @classmethod
    def of(cls, match) -> Replay:
        """The replay of a match's game as it stands (a match that dealt its own game:
        `match.rewindable`)."""
        if not match.rewindable:
            raise ValueError("a match begun at a position has no record to replay")
        lines: list[list[str]] = [[] for _step in range(len(match.steps) + 1)]
        for line, step in logged_lines(match):
            lines[step].append(line)
        return cls(type(match.state), match.state.to_record(), lines)

    def clamp(self, step: int) -> int:
        return max(0, min(self.count, step))

    def position(self, step: int):
        """The game after its first `step` actions (equal to `from_record(record,
        upto=step)`). Shared with the cache: draw it, never change it."""
        step = self.clamp(step)
        if step not in self._positions:
            known = max(k for k in self._positions if k < step)
            state = self._positions[known]
            for number in range(known, step):
                state = state.clone()
                state.apply(self.actions[number])
                self._positions[number + 1] = state
        return self._positions[step]

    def words(self, step: int) -> list:
        """What happened at this step: the log lines of its action (step 0: of the
        deal), never empty."""
        step = self.clamp(step)
        lines = self._lines[step] if step < len(self._lines) else []
        if lines:
            return list(lines)
        return [_(START_WORDS)] if step == 0 else [_("Action {number}.").format(number=step)]


__all__ = ["START_WORDS", "Replay", "line_steps", "logged_lines"]
