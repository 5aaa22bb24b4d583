"""Computer players, as the simulator and the page use them.

A bot is made for one seat with its own seed, and is called with the game state
when that seat is to move; it returns one of `state.legal_actions()`. A bot must not
read what its seat cannot see (other hands, the draw order, future dice).
"""

import random
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from game.core.actions import Action

if TYPE_CHECKING:
    from game.core.state import GameState

# A bot, called with its game's state (each game's own class) when its seat is to move;
# a kind of bot, made for a seat with its seed: Bot(seat, seed).
Bot = Callable[[Any], Action]
BotClass = Callable[[int, int | str], Bot]
# A thinking bot's think(state): yields between its slices, returns its action.
Thinking = Generator[None, None, Action]
Result = TypeVar("Result")


class Weights:
    """An evaluation's weights: the class attributes of a subclass are the defaults, and
    an instance changes some of them by name. An unknown name is refused, so that a
    mistyped weight cannot pass silently."""

    def __init__(self, **changes: object) -> None:
        for name, value in changes.items():
            if not hasattr(type(self), name):
                raise AttributeError(f"{type(self).__name__} has no weight {name!r}")
            setattr(self, name, value)


class RandomBot:
    """`easy`: a uniformly random legal action."""

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def __call__(self, state: "GameState") -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


def think_through(steps: Generator[None, None, Result]) -> tuple[Result, list[None]]:
    """Run a thinking generator (a bot's `think(state)`, a coach's `advise(state)`) to the
    end: (its result, what it yielded between its slices)."""
    yielded: list[None] = []
    while True:
        try:
            yielded.append(next(steps))
        except StopIteration as finished:
            return finished.value, yielded


def finish(steps: Generator[None, None, Result]) -> Result:
    """Run a thinking generator (a bot's `think(state)`, a coach's `advise(state)`) to
    the end; return its result."""
    return think_through(steps)[0]


BOTS: dict[str, BotClass] = {"random": RandomBot, "easy": RandomBot}


def make_bot(name: str, seat: int, seed: int | str,
             registry: Mapping[str, BotClass] | None = None) -> Bot:
    table = BOTS if registry is None else registry
    if name not in table:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(table))})")
    return table[name](seat, seed)
