"""Seeded chance. Every die and shuffle of a game comes from one `random.Random` held
in the game state, so a game is its seed plus its actions and replays exactly.
(`random.Random` gives the same sequences in CPython and in Pyodide.)"""

import random

from game.core.limits import MAX_DIGITS, MAX_TEXT_CHARS, LimitError, shown, too_large


def new_rng(seed) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a text, not {shown(seed)}")
    if isinstance(seed, int) and too_large(seed):
        raise LimitError(f"a seed has at most {MAX_DIGITS} digits")
    if isinstance(seed, str) and len(seed) > MAX_TEXT_CHARS:
        raise LimitError(f"a seed is a text of at most {MAX_TEXT_CHARS} characters")
    return random.Random(seed)


def roll_die(rng: random.Random) -> int:
    """One six-sided die."""
    return rng.randrange(6) + 1
