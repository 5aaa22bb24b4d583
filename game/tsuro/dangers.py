"""The sea's dangers before a placement (the coach at the table): the chance that the
daikaiju stir at the next roll (C1: a sum of 6, 7 or 8 on gold and blue), and where the
daikaiju would go on each face of the daikaiju die, found by the engine's own daikaiju
phase (daikaiju_phase.py) on a copy of the position, so the answer is the rules' own.

The next roll comes at the start of the next captain's turn, after the placement being
made: a placement cannot change where the daikaiju go, only what they find there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.tsuro.board import OFF
from game.tsuro.daikaiju import ACTING_SUMS, MINIMUM_ON_BOARD, MOVEMENT_ORDER, PLACE_NEW_FACE

if TYPE_CHECKING:
    from game.tsuro.state import TsuroState

MOVING_FACES = tuple(face for face in range(1, 7) if face != PLACE_NEW_FACE)


def stir_chance() -> Fraction:
    """The chance that gold + blue stir the daikaiju: 16 in 36 (C1)."""
    sums = [gold + blue for gold in range(1, 7) for blue in range(1, 7)]
    return Fraction(sum(total in ACTING_SUMS for total in sums), len(sums))


def stir_odds() -> tuple[int, int]:
    """stir_chance() as "so many in 36", the way two dice are counted: (16, 36)."""
    chance = stir_chance()
    return chance.numerator * 36 // chance.denominator, 36


def rolls_next(state: TsuroState) -> bool:
    """Whether the next turn starts with a daikaiju roll: not when the game has no
    daikaiju, nor when fewer than 3 are on the board (the next captain places daikaiju
    instead, C)."""
    return bool(state.config.get("daikaiju", True)) \
        and state.daikaiju_on_board() >= MINIMUM_ON_BOARD


@dataclass(frozen=True)
class Reach:
    """What one face of the daikaiju die does: each daikaiju's square after it
    (OFF: it left the board or was destroyed), and the squares whose wake tile a daikaiju
    takes."""

    face: int
    squares: dict[int, int]  # daikaiju -> its square after the roll (OFF: gone)
    eaten: frozenset[int]

    def moved(self, before: dict[int, int]) -> dict[int, int]:
        """The daikaiju that end on another square than `before`, with that square."""
        return {kaiju: square for kaiju, square in self.squares.items()
                if square != before.get(kaiju) and square != OFF}


def reach(state: TsuroState) -> dict[int, Reach]:
    """{face: Reach} for each face that moves the daikaiju (1 to 5; a 6 places a new one
    where the dice say), the daikaiju acting in their order on a copy of `state`."""
    if not state.config.get("daikaiju", True):
        return {}
    found = {}
    for face in MOVING_FACES:
        sea = state.clone()
        events: list = []
        for kaiju in MOVEMENT_ORDER:
            if sea.kaiju_square[kaiju] != OFF:  # (not removed earlier in this roll)
                sea._daikaiju_act(kaiju, face, events, [])
        found[face] = Reach(
            face, {kaiju: sea.kaiju_square[kaiju] for kaiju in range(len(sea.kaiju_square))
                   if state.kaiju_square[kaiju] != OFF},
            frozenset(event.data["square"] for event in events if event.kind == "tile_eaten"))
    return found


def reached_squares(state: TsuroState) -> dict[int, tuple[int, ...]]:
    """{square: the faces (ascending) on which some daikaiju ends its move there} for
    every square a daikaiju would move to at the next roll; empty when no roll comes."""
    if not rolls_next(state):
        return {}
    before = {kaiju: square for kaiju, square in enumerate(state.kaiju_square)
              if square != OFF}
    squares: dict[int, set[int]] = {}
    for face, outcome in reach(state).items():
        for square in outcome.moved(before).values():
            squares.setdefault(square, set()).add(face)
    return {square: tuple(sorted(faces)) for square, faces in sorted(squares.items())}


__all__ = ["MOVING_FACES", "Reach", "reach", "reached_squares", "rolls_next", "stir_chance",
           "stir_odds"]
