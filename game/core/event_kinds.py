"""What a game declares of each kind of event its engine emits, once (game/tsuro/events.py,
game/tatsu/events.py): the fields of its data, and how the rest of the project treats it.

Each game's events module holds KINDS, {kind: EventKind}, with every kind its engine
emits; the game's words (text.py: WORDS) and motion (motion.py: MOTION) have an entry for
every one of them (None: no line of its own, nothing moves), and the tests hold all of
them to it (tests/core/test_event_kinds.py): a kind emitted but not declared, a field
added or dropped, a kind left out of a table, fails there. What reads the flags:
  reveals   game/core/takeback.py, through the state class's REVEALING (revealing_kinds)
  news      the table: its log line stays on screen until a person acts (game/web/table.py)
  brief     the table: a line of bookkeeping, shown more briefly than the play itself
  cue       the table: the data field naming the piece the page points at as the line
            shows (each table says how such a piece is found on its board)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

# An event's data: its fields and their values (game/core/actions.py, Event.data).
EventData = Mapping[str, Any]


class EventKind(NamedTuple):
    """One kind of event, as its game declares it."""

    fields: tuple[str, ...]  # the keys of its data, in the order the engine writes them
    reveals: bool = False  # it brings new information: what caused it cannot be taken back
    news: bool = False  # its line stays on screen until a person acts (a ship sunk)
    # a line of bookkeeping, shown briefly; or a test of the event's data saying whether
    brief: bool | Callable[[EventData], bool] = False
    cue: str | None = None  # the field naming the piece the page points at, if any

    def is_brief(self, data: EventData) -> bool:
        """Whether an event of this kind, with this data, is shown briefly."""
        return self.brief(data) if callable(self.brief) else self.brief


def revealing_kinds(kinds: Mapping[str, EventKind]) -> frozenset[str]:
    """The kinds that bring new information (a state class's REVEALING)."""
    return frozenset(name for name, kind in kinds.items() if kind.reveals)


__all__ = ["EventData", "EventKind", "revealing_kinds"]
