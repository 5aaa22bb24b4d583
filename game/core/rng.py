"""Seeded chance. Every die and shuffle of a game comes from one `random.Random` held
in the game state, so a game is its seed plus its actions and replays exactly.
(`random.Random` gives the same sequences in CPython and in Pyodide.)"""

import random


def new_rng(seed) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"a seed is a whole number or a text, not {seed!r}")
    return random.Random(seed)


def roll_die(rng: random.Random) -> int:
    """One six-sided die."""
    return rng.randrange(6) + 1
