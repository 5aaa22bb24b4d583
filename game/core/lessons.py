"""Lessons: "Learn to play" a game as a sequence of short steps, each a position with a
few words and a task the engine checks (game/core/challenge.py).

Each game lists its steps in game/<game>/lessons.py (`LESSON`, named by its GameInfo);
game/web/learn.py shows them one at a time (learn.html) and remembers which a learner has
done. Every step carries a `solution`, the actions that solve it: the tests play each
one and check the judge agrees, so a lesson cannot ask for the impossible.

A step's words (`title`, `words`, `hint`) are written in English and marked with N_() in
the game's lessons.py; the page shows them through _() (game/web/learn.py), in the
language spoken then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Step:
    key: str  # a stable name, for the learner's progress ("hold", "escape")
    title: str  # a few words: "Holding your own stone"
    words: tuple[str, ...]  # the lesson, a short paragraph or two (plain text)
    position: str  # the position, in the game's text form (game/<game>/position.py)
    goal: str  # the task: a goal of the game (goals.py), e.g. "hold", "sink:2"
    solution: tuple[list[Any], ...]  # the actions that solve it, as JSON (Action.to_json)
    rule: str = ""  # the rule the step teaches, as RuleError names it (a link to it)
    hint: str = ""  # said after a wrong try


__all__ = ["Step"]
