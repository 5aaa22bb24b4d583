"""What the Tatsu bots look ahead with: whole turns, played by the engine's own rules.

The bots search thousands of positions per decision, so they work on the compact
position the engine itself keeps (layout.py) with the same pure functions (core.py):
no checks in words, no events, no history, no dice generator. A search can only know
the dice it is given: it reads the state's position, whose turn it is and the dice
left, and nothing else.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.tatsu.core import DIE_FACES, ENDS_TURN, legal_moves, play
from game.tatsu.layout import WON

if TYPE_CHECKING:
    from game.tatsu.state import TatsuState

# The 21 distinct rolls of two dice with their probabilities.
ROLLS = tuple(((a, b), (1 if a == b else 2) / 36) for a in DIE_FACES for b in DIE_FACES
              if a <= b)


def from_state(state: "TatsuState") -> bytearray:
    """A copy of the state's position, for the bot to play on."""
    return state.position[:]


def whole_turns(p: bytearray, seat: int, dice: Sequence[int],
                first: bool = True) -> list[tuple[bytearray, tuple[Action, ...]]]:
    """Every distinct end of `seat`'s turn from `p` with `dice` left to use.

    `first`: no die has been used yet this turn (escapes and the pass are offered).
    Returns [(position, moves)]: `moves` is the tuple of moves (Actions) that reaches
    that position (the first way found). Positions repeat across move orders; each is
    kept once, in the order first reached."""
    seen: dict[bytes, tuple[bytearray, tuple[Action, ...]]] = {}
    for move in legal_moves(p, seat, dice, first):
        q = play(p, seat, move)
        if q[WON] or len(dice) == 1 or move[0] in ENDS_TURN:
            key = bytes(q)
            if key not in seen:
                seen[key] = (q, (move,))
            continue
        rest = (dice[1],) if move[1][1] == dice[0] else (dice[0],)
        seconds = legal_moves(q, seat, rest, False)
        if not seconds:  # the other die cannot be used: forfeited
            key = bytes(q)
            if key not in seen:
                seen[key] = (q, (move,))
            continue
        for second in seconds:
            r = play(q, seat, second)
            key = bytes(r)
            if key not in seen:
                seen[key] = (r, (move, second))
    return list(seen.values())
