"""The coach's vocabulary, shared by both games (issue 40): advice on a decision.

Each game's coach (game/tsuro/coach.py, game/tatsu/coach.py) asks its hard bot's search
what it would play and why, and what an action already played was worth:

    advise(state, played=None) -> Generator[None, None, Advice]

a generator that yields between slices of work, as a thinking bot does (`finish` in
game/core/bots.py runs it to the end), so that a page stays responsive. It reads only
what the seat to move can see, and replays exactly: the same state gives the same advice.

An Advice's values are shares of the win for the seat to move, 0 to 1, as the hard bot's
search estimates them (a Tsuro playout's share, Tatsu's evaluation mapped onto 0..1), so
that a review can say what a choice cost: `best_value - played_value`.

Its reasons are facts the search found, each a kind and plain data (seats, squares,
stones, counts); the game's `hint_words(advice, names)` writes them as one sentence in
the language spoken now. Plain data, so that a hint can be kept in a game's record and
said again in another language.
"""

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action
from game.core.bots import BotClass, finish


@dataclass(frozen=True)
class Reason:
    """One fact behind the advice: its kind (each game's own list) and its data."""
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """What the coach advises for the decision of `seat`.

    action: the move to make now, one of the state's legal actions.
    turn: the whole turn it begins, in order (action first): Tatsu's two dice; one action
        where a turn is one decision. Drawn as the ghost.
    best_value: the share of the win the seat may expect after `turn` (0..1).
    played: the action asked about (review), and played_value its share of the win.
    reasons: why, most telling first.
    """
    seat: int
    action: Action
    turn: tuple[Action, ...]
    best_value: float
    reasons: tuple[Reason, ...] = ()
    played: Action | None = None
    played_value: float | None = None

    @property
    def cost(self) -> float:
        """What the played action gave up against the best, in share of the win (0 when
        nothing was played, or when the played action was as good)."""
        if self.played_value is None:
            return 0.0
        return max(0.0, self.best_value - self.played_value)


Advise = Callable[..., Generator[None, None, Advice]]  # a game's advise(state, played=None)


def hint_seat(advise: Advise) -> BotClass:
    """A seat that plays every hint, for the simulator ("hint" among the bots of
    `python3 -m game simulate`): the same call the page's Hint button makes
    (game/web/coaching.py), its advised action played. Its seed is not used: the coach
    gives the same advice for the same position."""

    class HintSeat:
        def __init__(self, seat: int, seed: int | str) -> None:
            self.seat = seat

        def __call__(self, state: Any) -> Action:
            return finish(advise(state)).action

    return HintSeat
