"""The vocabulary of both games: a player's Action and the Events it causes.

An action is a kind plus a tuple of plain values (ints, strings, nested tuples), so
that it is hashable (legal-action sets), comparable, and turns into JSON as a list.
An event is a kind plus a dict of plain values, for the page to animate and log.
"""

from typing import Any, NamedTuple

from game.core.i18n import _, ngettext
from game.core.limits import (
    MAX_ACTION_DEPTH,
    MAX_DIGITS,
    MAX_TEXT_CHARS,
    LimitError,
    shown,
    too_large,
)

MAX_ACTION_ITEMS = 64  # values in one action's arguments, all levels (the games use 3)


def _tuples(value: Any) -> Any:
    """JSON gives lists; actions hold tuples so that they can be compared and hashed."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    return value


class Action(NamedTuple):
    kind: str
    args: tuple[Any, ...] = ()

    def to_json(self) -> list[Any]:
        return [self.kind, *_lists(self.args)]

    @staticmethod
    def from_json(data: object) -> "Action":
        """The action a JSON list stands for; ValueError (LimitError beyond the limits of
        game/core/limits.py) says what is wrong, before anything is converted."""
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ValueError(_("an action is a list starting with its kind, not {value}")
                             .format(value=shown(data)))
        _check_plain(data[1:], list)
        return Action(data[0], _tuples(data[1:]))

    def __str__(self) -> str:
        return f"{self.kind}{self.args!r}"

    def shown(self) -> str:
        """A short rendering for messages, safe for any action however malformed."""
        return f"Action({shown(self.kind, 30)}, {shown(self.args)})"


def _check_plain(args: list[Any] | tuple[Any, ...],
                 sequence: type[list[Any]] | type[tuple[Any, ...]] = list) -> None:
    """Only whole numbers within ±2**63 (not booleans, not floats), short texts and
    nested sequences, at most MAX_ACTION_DEPTH deep: walked with a stack, so that no
    input, however deep, makes it recurse."""
    if len(args) > MAX_ACTION_ITEMS:
        raise LimitError(ngettext("an action has at most {limit} argument",
                                  "an action has at most {limit} arguments",
                                  MAX_ACTION_ITEMS).format(limit=MAX_ACTION_ITEMS))
    stack = [(value, 1) for value in args]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_ACTION_ITEMS:
            raise LimitError(ngettext("an action holds at most {limit} value",
                                      "an action holds at most {limit} values",
                                      MAX_ACTION_ITEMS).format(limit=MAX_ACTION_ITEMS))
        kind = type(value)
        if kind is sequence:
            if depth >= MAX_ACTION_DEPTH:
                raise LimitError(ngettext(
                    "an action's arguments are nested at most {limit} level deep",
                    "an action's arguments are nested at most {limit} levels deep",
                    MAX_ACTION_DEPTH).format(limit=MAX_ACTION_DEPTH))
            stack.extend((v, depth + 1) for v in value)
        elif kind is int:
            if too_large(value):
                raise LimitError(ngettext("a whole number in an action has at most {limit} "
                                          "digit",
                                          "a whole number in an action has at most {limit} "
                                          "digits", MAX_DIGITS).format(limit=MAX_DIGITS))
        elif kind is str:
            if len(value) > MAX_TEXT_CHARS:
                raise LimitError(ngettext("a text in an action is at most {limit} character",
                                          "a text in an action is at most {limit} characters",
                                          MAX_TEXT_CHARS).format(limit=MAX_TEXT_CHARS))
        else:
            raise ValueError(_("an action holds only whole numbers, text and lists, not "
                               "{value}").format(value=shown(value)))


def well_formed(action: object) -> bool:
    """An Action whose kind is a short text and whose arguments are a tuple of plain
    values within the limits."""
    if not isinstance(action, Action) or type(action.kind) is not str:
        return False
    if type(action.args) is not tuple or len(action.kind) > MAX_TEXT_CHARS:
        return False
    try:
        _check_plain(action.args, tuple)
    except ValueError:
        return False
    return True


class Event(NamedTuple):
    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _lists(v) for k, v in self.data.items()}}
