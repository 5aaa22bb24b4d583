"""How large anything from outside may be, checked before it is parsed or walked.

Saved games, share links, positions, URL parameters and embed messages can come from
files and links anyone can craft. Each is checked against these limits *before* any
recursion or conversion: the JSON text's length and nesting are scanned without
parsing, whole numbers are read only up to MAX_DIGITS digits, and parsed data is walked
with an explicit stack. A refusal is a LimitError (a ValueError) whose message names the
limit; each entry point turns it into its own error (RecordError, PositionError,
SavedGameError). The limits are written on the rules pages next to the record format
(docs/rules-*.md, "Limits"); the longest real games are far inside them.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, NoReturn

from game.core.i18n import N_, _, grouped, ngettext

MAX_JSON_CHARS = 1_000_000  # a saved game, a file, a record or a position as JSON text
MAX_ACTIONS = 10_000        # actions in one record (Tatsu's longest of 150 random games: 643)
MAX_DEPTH = 12              # nesting of JSON objects and lists (a saved game needs 6)
MAX_ACTION_DEPTH = 4        # nesting inside an action's arguments (Tatsu's move needs 2)
MAX_ITEMS = 200_000         # values in one JSON document, all levels together
MAX_TEXT_CHARS = 200        # one text inside JSON: a name, an action's kind, a seed
MAX_DIGITS = 40             # one whole number (a seed may be that long)
MAX_POSITION_TEXT = 4_000   # a position's text form
MAX_PARAM_CHARS = 100_000   # one URL parameter, or a link's fragment
MAX_NUMBER = 10 ** MAX_DIGITS  # whole numbers lie strictly between -MAX_NUMBER and it

LIMITS = {  # for the rules pages and for messages: what each limit is, in words (_())
    "MAX_JSON_CHARS": N_("characters of JSON text"),
    "MAX_ACTIONS": N_("actions in a saved game"),
    "MAX_DEPTH": N_("levels of nesting in JSON"),
    "MAX_ACTION_DEPTH": N_("levels of nesting in an action's arguments"),
    "MAX_ITEMS": N_("values in one JSON document"),
    "MAX_TEXT_CHARS": N_("characters in one text"),
    "MAX_DIGITS": N_("digits in one whole number"),
    "MAX_POSITION_TEXT": N_("characters in a position's text form"),
    "MAX_PARAM_CHARS": N_("characters in one URL parameter or link"),
}


class LimitError(ValueError):
    """Input beyond one of the limits above; the message names the limit, in the language
    spoken when it was raised. `field` is the top-level name under which the value lies,
    when it lies under one; `not_json` is true when the text is no JSON at all (cut
    short, or something else), which a caller may word in its own way."""

    def __init__(self, message: str, field: str | None = None, not_json: bool = False):
        super().__init__(message)
        self.field = field
        self.not_json = not_json


# A JSON text's strings (an unclosed one runs to the end, so the scan never starts over:
# it stays linear in the text's length), and its brackets.
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def check_length(text: str | bytes, limit: int, what: str) -> None:
    """`what`: the text's name in the language spoken now ("the saved game")."""
    if len(text) > limit:
        raise LimitError(ngettext("{what} is {length} character long; the limit is {limit}",
                                  "{what} is {length} characters long; the limit is {limit}",
                                  len(text)).format(what=what, length=grouped(len(text)),
                                                    limit=grouped(limit)))


def _nested(what: str, limit: int) -> str:
    return ngettext("{what} is nested more than {limit} level deep",
                    "{what} is nested more than {limit} levels deep", limit).format(
                        what=what, limit=limit)


def load_json(text: str | bytes, what: str | None = None) -> Any:
    """json.loads after the limits: length, nesting (scanned, not parsed), whole numbers
    of at most MAX_DIGITS digits, no NaN or Infinity (which JSON does not have, though
    Python's reader takes them); then `check_data`. `what` names the text in the
    messages, in the language spoken now (by default "the JSON text")."""
    what = _("the JSON text") if what is None else what
    if isinstance(text, bytes):
        check_length(text, MAX_JSON_CHARS, what)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise LimitError(_("{what} is not UTF-8 text").format(what=what)) from None
    if not isinstance(text, str):
        raise LimitError(_("{what} is not text").format(what=what))
    check_length(text, MAX_JSON_CHARS, what)
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                raise LimitError(_nested(what, MAX_DEPTH))
    try:
        data = json.loads(text, parse_int=_whole_number, parse_float=_finite,
                          parse_constant=_no_constant)
    except LimitError:
        raise
    except (ValueError, RecursionError) as err:  # (the reader's own words: English)
        raise LimitError(_("{what} is not valid JSON: {detail}").format(
            what=what, detail=shown(str(err), 80, quoted=False)), not_json=True) from None
    check_data(data, what)
    return data


def _whole_number(digits: str) -> int:
    # Numbers a little past the limit are read, so that check_data can say where they
    # lie; far past it, they are refused before the (slow) conversion.
    if len(digits.lstrip("-")) > 10 * MAX_DIGITS:
        raise LimitError(ngettext("a whole number has more than {limit} digit",
                                  "a whole number has more than {limit} digits",
                                  MAX_DIGITS).format(limit=MAX_DIGITS))
    return int(digits)


def too_large(number: int) -> bool:
    """More than MAX_DIGITS digits (found without writing the number out in decimal,
    which for a huge number costs time and, past 4300 digits, raises)."""
    return number.bit_length() > 140 or not -MAX_NUMBER < number < MAX_NUMBER


def _finite(text: str) -> float:
    number = float(text)  # (the rules read no fractions: each refuses one by its rule)
    if not math.isfinite(number):
        raise LimitError(_("{number} is too large a number").format(
            number=shown(text, 20, quoted=False)))
    return number


def _no_constant(name: str) -> NoReturn:
    raise LimitError(_("{name} is not a number this site reads").format(name=name))


def check_data(data: object, what: str | None = None, depth_limit: int = MAX_DEPTH) -> None:
    """Plain JSON-like data within the limits: dicts with text keys, lists and tuples,
    texts of at most MAX_TEXT_CHARS, whole numbers of at most MAX_DIGITS digits, finite
    fractions, booleans and None,
    nested at most `depth_limit` deep, MAX_ITEMS values in all. Walked with a stack,
    so any depth is refused without recursion. `what` names the data in the messages,
    in the language spoken now (by default "the data")."""
    what = _("the data") if what is None else what
    stack: list[tuple[Any, int, str | None]] = [(data, 0, None)]
    items = 0
    while stack:
        value, depth, field = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise LimitError(ngettext("{what} holds more than {limit} value",
                                      "{what} holds more than {limit} values",
                                      MAX_ITEMS).format(what=what, limit=grouped(MAX_ITEMS)))
        kind = type(value)
        if kind is str:
            if len(value) > MAX_TEXT_CHARS:
                raise LimitError(ngettext(
                    "a text in {what} is {length} character long; the limit is {limit}",
                    "a text in {what} is {length} characters long; the limit is {limit}",
                    len(value)).format(what=what, length=grouped(len(value)),
                                       limit=MAX_TEXT_CHARS), field)
        elif kind is int:
            if too_large(value):
                raise LimitError(ngettext("a whole number in {what} has more than {limit} "
                                          "digit",
                                          "a whole number in {what} has more than {limit} "
                                          "digits", MAX_DIGITS).format(what=what,
                                                                       limit=MAX_DIGITS),
                                 field)
        elif kind in (dict, list, tuple):
            if depth >= depth_limit:
                raise LimitError(_nested(what, depth_limit), field)
            if kind is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise LimitError(_("the names in {what} are texts").format(
                            what=what), field)
                    inner = key if depth == 0 else field
                    stack.append((key, depth + 1, inner))
                    stack.append((item, depth + 1, inner))
            else:
                stack.extend((item, depth + 1, field) for item in value)
        elif kind is float:
            if not math.isfinite(value):
                raise LimitError(_("{what} holds {value}, which is not a number JSON "
                                   "has").format(what=what, value=value), field)
        elif value is not None and kind is not bool:
            raise LimitError(_("{what} holds a {kind}, which is not JSON data").format(
                what=what, kind=kind.__name__), field)


def shown(value: object, room: int = 60, quoted: bool = True) -> str:
    """A short, safe rendering of any outside value for a message: never recursing
    deeply, never converting a huge number to decimal, never longer than `room`
    characters (what is cut ends with "…"). A text is written as Python writes it
    ('abc'), or with `quoted` false as it is, for a sentence that quotes it itself
    (“abc”). The project's one shortener: every message that shows a value uses it."""
    if not quoted and type(value) is str:
        return _cut(value, room)
    return _cut(_shown(value, room, 3), room)


def _cut(text: str, room: int) -> str:
    return text if len(text) <= room else text[:room - 1] + "…"


def _shown(value: Any, room: int, depth: int) -> str:
    kind = type(value)
    if kind is int:
        return _("a very large number") if too_large(value) else repr(value)
    if kind in (str, bool, float) or value is None:
        return _cut(repr(value), room)
    if kind in (list, tuple):
        if depth == 0:
            return "[…]"
        parts, length = [], 0
        for item in value[:8]:
            part = _shown(item, room, depth - 1)
            parts.append(part)
            length += len(part) + 2
            if length > room:
                break
        more = ", …" if len(value) > len(parts) else ""
        opening, closing = ("[", "]") if kind is list else ("(", ")")
        return opening + ", ".join(parts) + more + closing
    if kind is dict:
        return "{…}" if value else "{}"
    return _("a {kind}").format(kind=kind.__name__)


__all__ = ["LIMITS", "MAX_ACTIONS", "MAX_ACTION_DEPTH", "MAX_DEPTH", "MAX_DIGITS",
           "MAX_ITEMS", "MAX_JSON_CHARS", "MAX_NUMBER", "MAX_PARAM_CHARS",
           "MAX_POSITION_TEXT", "MAX_TEXT_CHARS", "LimitError", "check_data",
           "check_length", "load_json", "shown", "too_large"]
