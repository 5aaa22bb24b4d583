"""Computer players, as the simulator and the page use them.

A bot is made for one seat with its own seed, and is called with the game state
when that seat is to move; it returns one of `state.legal_actions()`. A bot must not
read what its seat cannot see (other hands, the draw order, future dice).
"""

import random


class Weights:
    """An evaluation's weights: the class attributes of a subclass are the defaults, and
    an instance changes some of them by name. An unknown name is refused, so that a
    mistyped weight cannot pass silently."""

    def __init__(self, **changes):
        for name, value in changes.items():
            if not hasattr(type(self), name):
                raise AttributeError(f"{type(self).__name__} has no weight {name!r}")
            setattr(self, name, value)


class RandomBot:
    """`easy`: a uniformly random legal action."""

    def __init__(self, seat: int, seed):
        self.seat = seat
        self.rng = random.Random(seed)

    def __call__(self, state):
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


def think_through(steps):
    """Run a thinking bot's `think(state)` generator to the end: (action, what it
    yielded between its slices)."""
    yielded = []
    while True:
        try:
            yielded.append(next(steps))
        except StopIteration as finished:
            return finished.value, yielded


def finish(steps):
    """Run a thinking bot's `think(state)` generator to the end; return its action."""
    return think_through(steps)[0]


BOTS = {"random": RandomBot, "easy": RandomBot}


def make_bot(name: str, seat: int, seed, registry=None):
    table = BOTS if registry is None else registry
    if name not in table:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(table))})")
    return table[name](seat, seed)
