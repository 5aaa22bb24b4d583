"""Seeded chance, and what a seed may be. Every die and shuffle of a game comes from one
`random.Random` held in the game state, so a game is its seed plus its actions and
replays exactly. (`random.Random` gives the same sequences in CPython and in Pyodide.)

A seed is a whole number of at most SEED_DIGITS digits or a text of at most
SEED_CHARACTERS characters: one rule (`check_seed`), refused in one sentence
(`seed_refusal`), for saved games, both games' positions (as JSON and in their text
forms), the start form, a link's `?seed=` and the embedded boards. A person types a seed
(`typed_seed`); a position's text form writes one (`seed_text`) and reads it back
(`text_seed`).
"""

import random
import re

from game.core.i18n import _
from game.core.limits import MAX_DIGITS, MAX_NUMBER, MAX_TEXT_CHARS, shown, too_large

SEED_DIGITS = MAX_DIGITS  # a whole-number seed: at most 40 digits, either sign
SEED_CHARACTERS = MAX_TEXT_CHARS  # a text seed: at most 200 characters
# A text seed in a position's text form: "~", then its characters, each one not in
# SEED_SAFE written as ESCAPE and two hex digits per byte of its UTF-8 ("~a*20b": "a b").
# Every character is left as it is by JavaScript's encodeURIComponent.
TEXT_SEED = "~"
ESCAPE = "*"
SEED_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.~")
DIGITS = "0123456789"
_WHOLE = re.compile(r"-?[0-9]+", re.ASCII)


def seed_refusal(value: object) -> str:
    """The one sentence that refuses `value` as a seed, in the language spoken now."""
    return _("a seed is a whole number of at most {digits} digits or a text of at most "
             "{characters} characters, not {value}").format(
                 digits=SEED_DIGITS, characters=SEED_CHARACTERS, value=shown(value))


def check_seed(value: object) -> int | str:
    """`value` if it may be a seed, else ValueError(seed_refusal(value)). (A text must be
    one UTF-8 can write: no lone surrogate.)"""
    if type(value) is int and not too_large(value):
        return value
    if type(value) is str and len(value) <= SEED_CHARACTERS:
        try:
            value.encode()
        except UnicodeEncodeError:
            pass
        else:
            return value
    raise ValueError(seed_refusal(value))


def new_rng(seed: object) -> random.Random:
    """The dice of a game or a position with this seed (ValueError if it is none)."""
    return random.Random(check_seed(seed))


def typed_seed(text: str) -> int | str:
    """The seed a person typed (the start form, a link's `?seed=`), without the spaces
    around it: a whole number when it is one (ASCII digits, "-" before them or not), else
    the text itself; ValueError (seed_refusal) when it can be no seed."""
    text = text.strip()
    if _WHOLE.fullmatch(text):
        if len(text.lstrip("-").lstrip("0")) > SEED_DIGITS:
            raise ValueError(seed_refusal(MAX_NUMBER))  # (not converted: "a very large number")
        return int(text)
    return check_seed(text)


def seed_text(seed: int | str) -> str:
    """A seed as the positions' text forms write it: a whole number in decimal, a text
    after TEXT_SEED with its unsafe characters escaped."""
    if type(seed) is int:
        return str(seed)
    return TEXT_SEED + "".join(
        character if character in SEED_SAFE else
        "".join(f"{ESCAPE}{byte:02X}" for byte in character.encode())
        for character in str(seed))


class SeedTextError(ValueError):
    """A text form's seed that cannot be read: `at` is the index in it where it goes wrong."""

    def __init__(self, at: int, message: str) -> None:
        super().__init__(message)
        self.at = at


def text_seed(text: str) -> int | str:
    """The seed that `seed_text` wrote: [ "-" ] digits (no leading zero) or TEXT_SEED
    and the escaped text. SeedTextError says where and why it is none."""
    if text[:1] != TEXT_SEED:
        digits = text[1:] if text[:1] == "-" else text
        start = len(text) - len(digits)
        for i, character in enumerate(digits):
            if character not in DIGITS:
                raise SeedTextError(start + i, _("a seed is a whole number"))
        if not digits:
            raise SeedTextError(start, _("a seed is a whole number"))
        if digits[0] == "0" and digits != "0":
            raise SeedTextError(start, _("{what} is a whole number, written without leading "
                                         "zeros, not {value}").format(what=_("the seed"),
                                                                      value=shown(text)))
        if len(digits) > SEED_DIGITS:
            raise SeedTextError(0, seed_refusal(MAX_NUMBER))
        return int(text)
    raw, i = bytearray(), 1
    while i < len(text):
        character = text[i]
        if character == ESCAPE:
            code = text[i + 1:i + 3]
            if len(code) != 2 or not all(c in "0123456789ABCDEFabcdef" for c in code):
                raise SeedTextError(i, _('"{mark}" in a text seed is followed by two hex '
                                         "digits (one byte of UTF-8)").format(mark=ESCAPE))
            raw.append(int(code, 16))
            i += 3
        elif character in SEED_SAFE:
            raw += character.encode()
            i += 1
        else:
            raise SeedTextError(i, _('{character} cannot be in a text seed (letters, digits, '
                                     '"-", ".", "~", and "{mark}" with two hex digits)').format(
                character=repr(character), mark=ESCAPE))
    try:
        seed = raw.decode()
    except UnicodeDecodeError:
        raise SeedTextError(0, _("the text seed's escaped bytes are not UTF-8")) from None
    try:
        return check_seed(seed)
    except ValueError as err:
        raise SeedTextError(0, str(err)) from None


def roll_die(rng: random.Random) -> int:
    """One six-sided die."""
    return rng.randrange(6) + 1


__all__ = ["ESCAPE", "SEED_CHARACTERS", "SEED_DIGITS", "SEED_SAFE", "TEXT_SEED",
           "SeedTextError", "check_seed", "new_rng", "roll_die", "seed_refusal", "seed_text",
           "text_seed", "typed_seed"]
