"""Positions as data, the same shape for both games.

A *position* is everything a game state holds at one moment, as plain JSON:

    {"game": "tatsu", "version": 1, ..., "seed": 0}

`game` is the game's key (its state class's GAME, as in saved games; an older name of
the game, GameInfo.old_keys, is read too but never written), `version` the position
format's version (POSITION_VERSION), then the game's own fields (game/<game>/position.py
lists them), and `seed`: where the chance after this moment comes from (dice, draws), so
a position plus its seed plays on exactly. Each game also has a compact *text* form of
the same position, written and read by hand and short enough for a URL (like chess's
FEN); its grammar is in the game's rules page.

A position that could not happen is refused with a PositionError naming the field and,
where one applies, the rule; a refused position builds nothing. What no state may be is
written once, in each game's invariants.py, as Problems (field, rule, words): the state
checks them all (GameState.problems), and a position reader refuses the first one it
meets (`refuse`), so a refusal says exactly what the state's check would.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.core.i18n import _, grouped, ngettext
from game.core.limits import (
    MAX_POSITION_TEXT,
    LimitError,
    check_data,
    load_json,
    shown,
)
from game.core.registry import known_key

POSITION_VERSION = 1
ENVELOPE = ("game", "version")


class Problem(NamedTuple):
    """One thing wrong with a state or a position, as an invariant finds it: `field`
    says where a position shows it (its JSON path: "hands[0]", "arena[5]", "dice_left"),
    `rule` the rule it breaks (a key of game/core/rule_links.py: "D7", "moving"; None
    when none applies), `words` what is wrong, in the language spoken when it was found."""

    field: str
    rule: str | None
    words: str

    def __str__(self) -> str:
        return f"{self.field}: {self.words}" + (f" ({self.rule})" if self.rule else "")


class PositionError(ValueError):
    """A position (JSON or text) that cannot be loaded. `field` names where it is wrong
    ("ships[2]", "arena", "text"), `rule` the rule it breaks when one does ("D7")."""

    def __init__(self, field: str, message: str, rule: str | None = None):
        super().__init__(str(Problem(field, rule, message)))
        self.field = field
        self.rule = rule
        self.plain = message


def refuse(problems: list[Problem]) -> None:
    """Refuse a position by the first of `problems` (an invariant's findings), if any."""
    if problems:
        field, rule, words = problems[0]
        raise PositionError(field, words, rule)


def parse_json(data: object, game: str, fields: dict[str, Any]) -> dict[str, Any]:
    """The position `data` (a dict, or JSON text) after the envelope's checks: an
    object, of `game`, of this version, with only known fields. `fields` maps each
    field of the game to its default (or to REQUIRED); the result has them all."""
    data = within_limits(data)
    if not isinstance(data, dict):
        raise PositionError("position", _("a position is a JSON object"))
    if known_key(data.get("game")) != game:  # (an older name of the game too)
        raise PositionError("game", _("this is a position of {found}, not {wanted}").format(
            found=shown(data.get("game")), wanted=repr(game)))
    if type(data.get("version")) is not int or data["version"] != POSITION_VERSION:
        raise PositionError("version", _("position format version {found} is not supported "
                                         "(this version reads {version})").format(
            found=shown(data.get("version")), version=POSITION_VERSION))
    unknown = sorted(set(data) - set(fields) - set(ENVELOPE))
    if unknown:
        raise PositionError(unknown[0], _("unknown field (a position of {game} has: "
                                          "{fields})").format(game=game,
                                                              fields=", ".join(fields)))
    missing = [name for name, default in fields.items()
               if default is REQUIRED and name not in data]
    if missing:
        raise PositionError(missing[0], _("missing"))
    return {name: data.get(name, default) for name, default in fields.items()}


def within_limits(data: object) -> object:
    """`data` (a dict, or JSON text) checked against the limits of game/core/limits.py
    before anything else reads it: JSON text parsed, a dict walked without recursion."""
    try:
        if isinstance(data, (str, bytes)):
            return load_json(data, _("the position"))
        check_data(data, _("the position"))
    except LimitError as err:
        raise PositionError(err.field or "position", str(err)) from None
    return data


def text_within_limits(text: object) -> None:
    """A position's text form no longer than MAX_POSITION_TEXT."""
    if isinstance(text, str) and len(text) > MAX_POSITION_TEXT:
        raise PositionError("text", ngettext(
            "the text form is {length} character long; the limit is {limit}",
            "the text form is {length} characters long; the limit is {limit}",
            len(text)).format(length=grouped(len(text)), limit=grouped(MAX_POSITION_TEXT)))


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = _Required()  # a field with no default


def envelope(game: str) -> dict[str, Any]:
    return {"game": game, "version": POSITION_VERSION}


__all__ = ["POSITION_VERSION", "REQUIRED", "PositionError", "Problem", "envelope",
           "parse_json", "refuse", "text_within_limits", "within_limits"]
