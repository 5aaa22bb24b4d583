"""Small helpers for the sentences both games write (log lines, board titles).

Lists are joined in the language spoken now: "{first} and {last}" joins the last two
items and "{list}, {item}" adds each earlier one, so that each language writes its own
"A, B and C" ("A, B y C", "A, B és C"). Spanish writes "e" for "y" before a word that
begins with the sound i ("Ana e Inés", but "agua y hielo"), and "u" for "o" before the
sound o ("siete u ocho"): done here, on the catalog's own words.
"""

import re
from collections.abc import Iterable

from game.core.i18n import _, current

# Spanish: a word beginning with the sound i (not "hie-", "hia-": a diphthong), or o
_I_SOUND = re.compile(r"h?[ií](?![aeiouáéóú])", re.IGNORECASE)
_O_SOUND = re.compile(r"h?[oó]", re.IGNORECASE)
_SPANISH = {"and": (" y {last}", " e {last}", _I_SOUND),
            "or": (" o {last}", " u {last}", _O_SOUND)}


def _joined(items: Iterable[str], last_two: str, kind: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        head = _("{list}, {item}").format(list=head, item=item)
    if current() == "es":
        plain, before_sound, sound = _SPANISH[kind]
        if sound.match(items[-1].lstrip()):
            last_two = last_two.replace(plain, before_sound)
    return last_two.format(first=head, last=items[-1])


def and_list(items: Iterable[str]) -> str:
    """"A", "A and B", "A, B and C" (in the language spoken now)."""
    return _joined(items, _("{first} and {last}"), "and")


def or_list(items: Iterable[str]) -> str:
    """"A", "A or B", "A, B or C" (in the language spoken now)."""
    return _joined(items, _("{first} or {last}"), "or")


def percent(share: float, least: int = 0) -> str:
    """A share (0..1) as a whole percentage with its sign, "40%" (at least `least`). The
    sign goes with the number, not in the sentences, so that a sentence holds no "%"
    for gettext's tools to take for a C or Python format."""
    return f"{max(least, round(100 * share))}%"
