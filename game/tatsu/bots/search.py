"""The `hard` bot: expectimax over whole turns.

Tatsu hides nothing but the future dice, so the search needs no sampling: the bot's
own whole turns (bots.model.whole_turns) are ranked by the evaluation (bots/eval.py) and
the best CANDIDATES are searched. For each, the rival's reply is worked out for every
one of the 21 distinct rolls (weighted 1/36 or 2/36): the rival plays its best whole
turn by the same evaluation (the medium bot's choice), and the position after it is
evaluated with the bot to roll. The candidate with the best average is played.

The real dice generator is never read: the rolls are enumerated, and the search has no
generator at all. The work depends only on the position (CANDIDATES and the number of
turns), never on the clock, so a bot replays exactly. `think(state)` is the same
search as a generator that yields after each slice of work (a few rolls of one
candidate), so that a page can stay responsive; `__call__` runs it to the end.

The second decision of a turn was already chosen with the first (the dice are known
and nothing random happens in between), so the bot remembers the rest of its planned
turn and plays it when the position is the one it planned for.

The search itself is `compare` (a generator over given whole turns, returning every
candidate's expected evaluation), which the coach (game/tatsu/coach.py) runs too, to say
what the bot would play, what each candidate is worth and what a choice cost.
"""

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.bots import Thinking, finish
from game.tatsu.bots.eval import MEDIUM, WIN, Weights, best_turn, evaluate, turn_of
from game.tatsu.bots.model import ROLLS, whole_turns
from game.tatsu.core import play

if TYPE_CHECKING:
    from game.tatsu.state import TatsuState

CANDIDATES = 8  # own whole turns searched (the evaluation's best)
ROLLS_PER_SLICE = 7  # think() yields after this many of the rival's rolls
HARD_WEIGHTS = Weights()
REPLY_WEIGHTS = MEDIUM  # how the bot expects the rival to choose its reply


# What a searched candidate met, roll by roll: [(probability, evaluation)].
Outcomes = list[tuple[float, float]]


def reply_value(q: bytearray, me: int, w: Weights, reply_w: Weights,
                rolls: Sequence[tuple[tuple[int, int], float]] = ROLLS,
                outcomes: Outcomes | None = None) -> float:
    """The expected evaluation (for `me`, to roll next) after the rival's best reply
    to position `q`, over `rolls` [(dice, probability)]. `outcomes`, when given, gets
    (probability, evaluation) of each roll appended."""
    rival = 1 - me
    total = 0.0
    for dice, chance in rolls:
        _, _, after = best_turn(q, rival, dice, True, reply_w)
        value = evaluate(after, me, me, w)
        total += chance * value
        if outcomes is not None:
            outcomes.append((chance, value))
    return total


def expected_value(q: bytearray, me: int, w: Weights, reply_w: Weights,
                   outcomes: Outcomes | None = None) -> Generator[None, None, float]:
    """reply_value over all the rolls, in slices: yields after every ROLLS_PER_SLICE
    rolls, returns the expected evaluation."""
    value = 0.0
    for start in range(0, len(ROLLS), ROLLS_PER_SLICE):
        value += reply_value(q, me, w, reply_w, ROLLS[start:start + ROLLS_PER_SLICE], outcomes)
        yield
    return value


@dataclass
class Compared:
    """What `compare` found. `turns`: the candidates, [(position, moves)], the
    evaluation's best first (every turn when none was searched); `values`: their
    expected evaluations, in that order (empty when none was searched: a single turn,
    or a win); `outcomes`: each candidate's rolls, when asked for; `choice`: the index
    of the turn chosen; `won`: the choice wins at once."""
    turns: list[tuple[bytearray, tuple[Action, ...]]]
    choice: int = 0
    values: list[float] = field(default_factory=list)
    outcomes: list[Outcomes] = field(default_factory=list)
    won: bool = False

    @property
    def moves(self) -> tuple[Action, ...]:
        return self.turns[self.choice][1]


def compare(turns: list[tuple[bytearray, tuple[Action, ...]]], seat: int, w: Weights,
            reply_w: Weights, candidates: int = CANDIDATES,
            keep_outcomes: bool = False) -> Generator[None, None, Compared]:
    """The hard bot's search over `turns` ([(position, moves)], as whole_turns gives them)
    of `seat`: a winning turn at once (the first found), else the evaluation's best
    `candidates`, each valued over the rival's replies to the 21 rolls (a slice of
    ROLLS_PER_SLICE rolls between yields); the best average is chosen (the first of
    equals). A single turn is chosen without a search."""
    if len(turns) == 1:
        return Compared(turns)
    rival = 1 - seat
    ranked = []
    for index, (q, moves) in enumerate(turns):
        value = evaluate(q, seat, rival, w)
        if value >= WIN:
            return Compared([(q, moves)], won=True)
        ranked.append((-value, index, q, moves))
    ranked.sort()
    found = Compared([(q, moves) for _, _, q, moves in ranked[:candidates]])
    best_value = None
    for index, (q, _moves) in enumerate(found.turns):
        outcomes: Outcomes | None = [] if keep_outcomes else None
        value = yield from expected_value(q, seat, w, reply_w, outcomes)
        found.values.append(value)
        if outcomes is not None:
            found.outcomes.append(outcomes)
        if best_value is None or value > best_value:
            found.choice, best_value = index, value
    return found


class HardBot:
    """`hard`: expectimax over the own whole turn and the rival's reply to each roll."""

    weights = HARD_WEIGHTS
    reply_weights = REPLY_WEIGHTS
    candidates = CANDIDATES

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.seed = seed
        # (position, seat, dice left) expected next, and its move
        self.plan: tuple[tuple[bytes, int, tuple[int, ...]], Action] | None = None

    def __call__(self, state: "TatsuState") -> Action:
        return finish(self.think(state))

    def think(self, state: "TatsuState") -> Thinking:
        """The search in slices: yields None between slices, returns the action."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p, seat, dice, first = turn_of(state)
        planned = self.plan
        if (planned is not None and planned[0] == (bytes(p), seat, dice)
                and planned[1] in actions):
            return planned[1]
        moves = yield from self.search(p, seat, dice, first)
        self.plan = None
        if len(moves) == 2:
            after = play(p, seat, moves[0])
            self.plan = ((bytes(after), seat, _rest(dice, moves[0])), moves[1])
        return moves[0] if moves[0] in actions else actions[0]

    def search(self, p: bytearray, seat: int, dice: Sequence[int],
               first: bool) -> Generator[None, None, tuple[Action, ...]]:
        """Generator: yields between slices, returns the moves of the best whole turn."""
        found = yield from compare(whole_turns(p, seat, dice, first), seat, self.weights,
                                   self.reply_weights, self.candidates)
        return found.moves


def _rest(dice: Sequence[int], move: Action) -> tuple[int, ...]:
    die = move.args[1]
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


__all__ = ["CANDIDATES", "Compared", "HardBot", "Outcomes", "compare", "expected_value",
           "reply_value"]
