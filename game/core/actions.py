"""The vocabulary of both games: a player's Action and the Events it causes.

An action is a kind plus a tuple of plain values (ints, strings, nested tuples), so
that it is hashable (legal-action sets), comparable, and turns into JSON as a list.
An event is a kind plus a dict of plain values, for the page to animate and log.
"""

from typing import NamedTuple


def _tuples(value):
    """JSON gives lists; actions hold tuples so that they can be compared and hashed."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _lists(value):
    if isinstance(value, tuple):
        return [_lists(v) for v in value]
    return value


class Action(NamedTuple):
    kind: str
    args: tuple = ()

    def to_json(self) -> list:
        return [self.kind, *_lists(self.args)]

    @staticmethod
    def from_json(data) -> "Action":
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ValueError(f"an action is a list starting with its kind, not {data!r}")
        for part in data[1:]:
            _check_plain(part)
        return Action(data[0], _tuples(data[1:]))

    def __str__(self) -> str:
        return f"{self.kind}{self.args!r}"


def _check_plain(value, sequence=list) -> None:
    """Only whole numbers (not booleans, not floats), text and nested sequences."""
    if type(value) not in (int, str, sequence):
        raise ValueError(f"an action holds only whole numbers, text and lists, not {value!r}")
    if type(value) is sequence:
        for v in value:
            _check_plain(v, sequence)


def well_formed(action) -> bool:
    """An Action whose kind is text and whose arguments are a tuple of plain values."""
    if not isinstance(action, Action) or type(action.kind) is not str:
        return False
    try:
        _check_plain(action.args, tuple)
    except ValueError:
        return False
    return type(action.args) is tuple


class Event(NamedTuple):
    kind: str
    data: dict

    def to_json(self) -> dict:
        return {"kind": self.kind, **{k: _lists(v) for k, v in self.data.items()}}
