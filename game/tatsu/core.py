"""Tatsu's rules, written once: pure functions over a compact position (layout.py).

The engine (state.py) wraps them with refusals in words, events, the history and the
dice; the bots (bots/model.py) search with them directly. The readings of the turn and
of a landing that arena.py names are read here, so changing one changes the page, the
simulator and the bots together. (Who starts is read by the state, which rolls.)

A move is the engine's own Action (state.py lists their shapes), taken from tables made
once, so listing the moves of a position builds nothing new. `seat` is the player to
move and `dice` the dice left this turn; nothing here rolls a die.
"""

from collections.abc import Sequence
from typing import Any, cast

from game.core.actions import Action
from game.tatsu.actions import PASS, enter, escape, move
from game.tatsu.arena import (
    CORNER_KIND,
    ENTRY_DICE,
    ENTRY_SEGMENTS,
    ESCAPE_DIE,
    ESCAPE_IS_OPTIONAL,
    ESCAPE_TAKES_WHOLE_TURN,
    FIELDS,
    INNER,
    KIND_OF,
    KINDS,
    MOVER_WINS_TIES,
    POWERS,
    SEGMENTS,
    START_ARENA_KIND,
    START_TRAY,
    STONE_CODE,
    target_segment,
)
from game.tatsu.layout import (
    ARENA,
    CODES,
    DEAD,
    ENTANGLED,
    FULL,
    MAT,
    MOVABLE,
    MOVABLE_INNER,
    MOVABLE_OUTER,
    SIZE,
    TOTAL,
    TRAY,
    WON,
)

DIE_FACES = (1, 2, 3, 4, 5, 6)
# The kinds of move that end the turn whatever dice are left: a pass, and an escape when
# it takes a whole turn (D4).
ENDS_TURN = frozenset(("pass", "escape") if ESCAPE_TAKES_WHOLE_TURN else ("pass",))
# TARGET[seat][segment][die]: where a stone of `seat` on `segment` lands (die 0 unused).
# (The tables by die are typed without die 0's None, which is never read: cast once.)
TARGET: tuple[tuple[tuple[int, ...], ...], ...] = cast(Any, tuple(
    tuple((None,) + tuple(target_segment(seat, segment, die) for die in DIE_FACES)
          for segment in range(SEGMENTS)) for seat in (0, 1)))
# ENTRY[seat][die]: the segment a die brings a stone in to from the mat, or -1.
ENTRY = tuple(tuple(ENTRY_SEGMENTS[seat].get(die, -1) if die in ENTRY_DICE else -1
                    for die in range(7)) for seat in (0, 1))
# RECRUIT[seat][segment]: the code of the stone a landing there recruits, or 0.
RECRUIT = tuple(tuple(STONE_CODE[seat, CORNER_KIND[segment]] if segment in CORNER_KIND
                      else 0 for segment in range(SEGMENTS)) for seat in (0, 1))
# POWER[code]: what that stone does to an opposing stone it lands on.
POWER = tuple(POWERS[kind] if kind else None for kind in KIND_OF)
CODE_OF = tuple({kind: STONE_CODE[seat, kind] for kind in KINDS} for seat in (0, 1))
# Where in a position a kind is wiped out (D6): (index of its dead count, its total).
WIPED_OUT = tuple((DEAD + code, TOTAL[code & 3]) for codes in CODES for code in codes)

# The moves themselves. MOVES[mark][segment][die]: moving the stone that MOVABLE marks
# with `mark` (MOVABLE_INNER: the inner one; MOVABLE_OUTER: the outer one).
MOVES: tuple[tuple[tuple[Action, ...], ...], ...] = cast(Any, (None,) + tuple(
    tuple((None,) + tuple(move(segment, die, field) for die in DIE_FACES)
          for segment in range(SEGMENTS)) for field in FIELDS))
# ENTERS[seat]: (stone code, {die: entering that stone from the mat}) per kind.
ENTERS = tuple(tuple((STONE_CODE[seat, kind], {die: enter(kind, die) for die in ENTRY_DICE})
                     for kind in KINDS)
               for seat in (0, 1))
ESCAPES: tuple[tuple[Action, ...], ...] = cast(Any, tuple(
    (None,) + tuple(escape(segment, die) for die in DIE_FACES) for segment in range(SEGMENTS)))


def start() -> bytearray:
    """The position before the first roll (B): three vines on each player's entry
    segments, the other stones in the trays."""
    p = bytearray(SIZE)
    for seat in (0, 1):
        for segment in ENTRY_SEGMENTS[seat].values():
            p[segment] = STONE_CODE[seat, START_ARENA_KIND]
            p[ARENA + seat] += 1
        for kind, count in START_TRAY.items():
            p[TRAY + STONE_CODE[seat, kind]] = count
    return p


# --- what a player may do ---------------------------------------------------------------
def legal_moves(p: bytearray, seat: int, dice: Sequence[int], first: bool = True) -> list[Action]:
    """The choices of one decision; `first`: no die has been used yet this turn. An
    escape is offered only first when it takes a whole turn (D4), and a pass only when
    no die can be used (ESCAPE_IS_OPTIONAL: even when an escape could be made)."""
    moves = normal_moves(p, seat, dice)
    if first or not ESCAPE_TAKES_WHOLE_TURN:
        escaping = escapes(p, seat, dice)
        if not moves and (ESCAPE_IS_OPTIONAL or not escaping):
            moves.append(PASS)
        moves.extend(escaping)
    return moves


def normal_moves(p: bytearray, seat: int, dice: Sequence[int]) -> list[Action]:
    """Every move and entry `seat` can make with one of `dice`: a free stone moves (a
    held or entangled one cannot, D4), a stone on the mat enters with a 1-3, and
    neither lands on a full segment."""
    values = dice if len(dice) == 1 or dice[0] < dice[1] else sorted(set(dice))
    targets = TARGET[seat]
    moves = []
    these: tuple[Action, ...] | dict[int, Action]  # a stone's moves, or entries, by die
    marks = p[:SEGMENTS].translate(MOVABLE[seat])
    for mark in (MOVABLE_INNER, MOVABLE_OUTER):
        segment = marks.find(mark)
        while segment >= 0:
            reach, these = targets[segment], MOVES[mark][segment]
            for die in values:
                if p[reach[die]] < FULL:
                    moves.append(these[die])
            segment = marks.find(mark, segment + 1)
    entry = ENTRY[seat]
    for code, these in ENTERS[seat]:
        if p[MAT + code]:
            for die in values:
                target = entry[die]
                if target >= 0 and p[target] < FULL:
                    moves.append(these[die])
    return moves


def escapes(p: bytearray, seat: int, dice: Sequence[int]) -> list[Action]:
    """Escapes of `seat`'s entangled stones by the escape die; none onto a full
    segment (the other die is never used instead)."""
    marks = p[:SEGMENTS].translate(ENTANGLED[seat])
    if 1 not in marks:
        return []  # the usual case: no stone of `seat` is entangled
    die = escape_die(dice)
    targets = TARGET[seat]
    found = []
    segment = marks.find(1)
    while segment >= 0:
        if p[targets[segment][die]] < FULL:
            found.append(ESCAPES[segment][die])
        segment = marks.find(1, segment + 1)
    return found


def escape_die(dice: Sequence[int]) -> int:
    """The die an escape moves by (ESCAPE_DIE); on a double, either one."""
    return min(dice) if ESCAPE_DIE == "smaller" else max(dice)


def landing_segment(seat: int, move: Action) -> int:
    """Where the stone of a move, entry or escape lands."""
    (where, _), die = move[1]
    return ENTRY[seat][die] if move[0] == "enter" else TARGET[seat][where][die]


# --- what a move does -------------------------------------------------------------------
def play(p: bytearray, seat: int, move: Action) -> bytearray:
    """The position after `seat` makes `move`, a legal one (a new bytearray; `p` is
    unchanged): the stone leaves where it was, then lands, and every landing counts
    (D3), in this order: the power or holding, then recruiting (on either field), then
    the end of the game (D6)."""
    q = p[:]
    kind, args = move
    if kind == "move":
        (where, field), die = args
        byte = q[where]
        if field == INNER:
            code = byte
            q[where] = 0
        else:
            code = byte >> 3
            q[where] = byte & 7  # the stone it held or entangled is free again
        target = TARGET[seat][where][die]
    elif kind == "enter":
        (_, kind_name), die = args
        code = CODE_OF[seat][kind_name]
        q[MAT + code] -= 1
        q[ARENA + seat] += 1
        target = ENTRY[seat][die]
    elif kind == "escape":
        (where, _), die = args
        byte = q[where]
        code = byte & 7
        q[where] = byte >> 3  # the entangling vine settles on the inner field
        target = TARGET[seat][where][die]
    else:  # a pass
        return q
    there = q[target]  # the target is not full: at most one stone is there
    if not there:
        q[target] = code
    elif there >> 2 == seat or POWER[code] == "entangle":
        q[target] = there + 8 * code  # holding an own stone, or entangling
    else:  # expel or destroy: the victim leaves and the attacker takes its field
        q[target] = code
        q[ARENA + (there >> 2)] -= 1
        q[(TRAY if POWER[code] == "expel" else DEAD) + there] += 1
    recruit = RECRUIT[seat][target]
    if recruit and q[TRAY + recruit]:
        q[TRAY + recruit] -= 1
        q[MAT + recruit] += 1
    if not nobody_has_won(q):
        for winner in (seat, 1 - seat) if MOVER_WINS_TIES else (1 - seat, seat):
            if has_won(q, winner):
                q[WON] = 1 + winner
                break
    return q


# --- the end of the game (D6) -----------------------------------------------------------
def nobody_has_won(p: bytearray) -> bool:
    """The quick test of the usual case: both players have a stone in the arena and no
    kind of stone has been destroyed to the last one."""
    if not (p[ARENA] and p[ARENA + 1]):
        return False
    for index, total in WIPED_OUT:  # noqa: SIM110 -- a hot path: no generator
        if p[index] == total:
            return False
    return True


def has_won(p: bytearray, seat: int) -> bool:
    """Whether `seat` meets a winning condition: the rival has lost every stone of one
    kind, or has no stone left in the arena or on the mat."""
    return wiped_out(p, 1 - seat) is not None or not in_battle(p, 1 - seat)


def wiped_out(p: bytearray, seat: int) -> str | None:
    """The first kind (in arena.KINDS order) of which `seat` has lost every stone, or None."""
    for code in CODES[seat]:
        if p[DEAD + code] == TOTAL[code & 3]:
            return KIND_OF[code]
    return None


def in_battle(p: bytearray, seat: int) -> bool:
    """Whether `seat` has a stone in the arena or on the mat (stones in the tray do not
    count)."""
    return bool(p[ARENA + seat] or any(p[MAT + code] for code in CODES[seat]))
