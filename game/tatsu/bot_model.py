"""A compact copy of a Tatsu position for the bots' lookahead, and whole turns over it.

The bots search thousands of positions per decision. The engine (state.py) does far
more per action than a search needs (it checks the action, builds events for the page,
keeps a history, rolls the next dice), so the bots work on this model instead: one
`bytearray` per position, copied with one slice, and a move generator and a landing
that follow the engine's rules exactly (tests/test_tatsu_bots.py checks move lists
and successor positions against the engine over random games). It is read from the
state through its public accessors only; the real dice generator is never touched, so
a search can only know the dice it is given.

A position `p` (bytearray of SIZE bytes):
    p[0:24]            the segments, one byte each: inner + 8 * outer (layout.py)
    p[TRAY + code]     how many of that stone are in its owner's tray
    p[MAT + code]      ... on its owner's mat
    p[DEAD + code]     ... destroyed (in the opponent's dead zone)
    p[ARENA + seat]    how many stones of `seat` are in the arena
    p[WON]             0 while the game goes on, 1 + seat once `seat` has won
Stone codes are the engine's (arena.STONE_CODE): 1, 2, 3 = Black vine, water, fire;
5, 6, 7 = White's; seat = code >> 2, kind index = code & 3 (1 vine, 2 water, 3 fire).

A model move is a tuple (how, where, die): how is MOVE_IN / MOVE_OUT (where = the
segment), ENTER (where = the stone code), ESCAPE (where = the segment) or PASS.
"""

from game.core.actions import Action
from game.tatsu.arena import (
    CORNER_KIND, ENTRY_DICE, ENTRY_SEGMENTS, ESCAPE_DIE, ESCAPE_IS_OPTIONAL,
    ESCAPE_TAKES_WHOLE_TURN, INNER, KINDS, MAT as MAT_NAME, MOVER_WINS_TIES, OUTER,
    SEGMENTS, STONE_CODE, STONES_PER_KIND, target_segment,
)

if not (ESCAPE_TAKES_WHOLE_TURN and ESCAPE_IS_OPTIONAL and ESCAPE_DIE == "smaller"):
    raise ImportError("the Tatsu bots' model follows D4 as escaping optional, a whole "
                      "turn, by the smaller die: update game/tatsu/bot_model.py")

TRAY, MAT, DEAD, ARENA, WON = 24, 32, 40, 48, 50
SIZE = 51
FULL = 8  # a segment byte of 8 or more holds two stones
DIE_FACES = (1, 2, 3, 4, 5, 6)
MOVE_IN, MOVE_OUT, ENTER, ESCAPE, PASS = 0, 1, 2, 3, 4
PASS_MOVE = (PASS, 0, 0)
VINE, WATER, FIRE = 1, 2, 3  # code & 3

# TARGET[seat][segment][die]: where a stone of `seat` lands (die 0 unused).
TARGET = tuple(tuple((0,) + tuple(target_segment(seat, s, d) for d in DIE_FACES)
                     for s in range(SEGMENTS)) for seat in (0, 1))
# ENTRY[seat][die]: the entry segment for a die, or -1 when that die cannot enter.
ENTRY = tuple(tuple(ENTRY_SEGMENTS[seat].get(d, -1) if d in ENTRY_DICE else -1
                    for d in range(7)) for seat in (0, 1))
# RECRUIT[seat][segment]: the code recruited by landing there, or 0.
RECRUIT = tuple(tuple(STONE_CODE[seat, CORNER_KIND[s]] if s in CORNER_KIND else 0
                      for s in range(SEGMENTS)) for seat in (0, 1))
CODES = ((1, 2, 3), (5, 6, 7))
TOTAL = (0, STONES_PER_KIND["vine"], STONES_PER_KIND["water"], STONES_PER_KIND["fire"])
KIND_NAME = (None,) + KINDS  # by code & 3
if KINDS != ("vine", "water", "fire") or any(
        STONE_CODE[seat, kind] != 4 * seat + 1 + i for seat in (0, 1)
        for i, kind in enumerate(KINDS)):
    raise ImportError("the Tatsu bots' model assumes the engine's stone codes")

# Per byte: who may move what (1 = the inner stone, 2 = the outer stone, 0 = nothing),
# and whether the inner stone is `seat`'s and entangled by an opposing vine.
MOVABLE = tuple(bytes((2 if b >> 3 >> 2 == seat else 0) if b >> 3 else
                      (1 if b & 7 and (b & 7) >> 2 == seat else 0) for b in range(256))
                for seat in (0, 1))
ENTANGLED = tuple(bytes(int(bool(b >> 3) and (b & 7) >> 2 == seat and b >> 5 != seat)
                        for b in range(256)) for seat in (0, 1))


def from_state(state) -> bytearray:
    """The model of a TatsuState, read through its public accessors."""
    p = bytearray(SIZE)
    for segment in range(SEGMENTS):
        inner, outer = state.stone_at(segment, INNER), state.stone_at(segment, OUTER)
        if inner is not None:
            p[segment] = STONE_CODE[inner]
            p[ARENA + inner[0]] += 1
        if outer is not None:
            p[segment] += 8 * STONE_CODE[outer]
            p[ARENA + outer[0]] += 1
    for seat in (0, 1):
        for kind, count in state.tray(seat).items():
            p[TRAY + STONE_CODE[seat, kind]] = count
        for kind, count in state.mat(seat).items():
            p[MAT + STONE_CODE[seat, kind]] = count
        for kind, count in state.dead_zone(seat).items():  # the rival's stones
            p[DEAD + STONE_CODE[1 - seat, kind]] = count
    winners = state.winners
    if winners:
        p[WON] = 1 + winners[0]
    return p


def to_action(seat: int, move) -> Action:
    """The engine's Action for a model move of `seat`."""
    how, where, die = move
    if how == MOVE_IN:
        return Action("move", ((where, INNER), die))
    if how == MOVE_OUT:
        return Action("move", ((where, OUTER), die))
    if how == ENTER:
        return Action("enter", ((MAT_NAME, KIND_NAME[where & 3]), die))
    if how == ESCAPE:
        return Action("escape", ((where, INNER), die))
    return Action("pass", ())


def normal_moves(p, seat: int, dice) -> list:
    """Every move and entry `seat` can make with one of `dice` (distinct values)."""
    moves = []
    values = sorted(set(dice))
    targets = TARGET[seat]
    marks = p[:SEGMENTS].translate(MOVABLE[seat])
    for how, mark in ((MOVE_IN, 1), (MOVE_OUT, 2)):
        segment = marks.find(mark)
        while segment >= 0:
            reach = targets[segment]
            for die in values:
                if p[reach[die]] < FULL:
                    moves.append((how, segment, die))
            segment = marks.find(mark, segment + 1)
    entry = ENTRY[seat]
    for code in CODES[seat]:
        if p[MAT + code]:
            for die in values:
                target = entry[die]
                if target >= 0 and p[target] < FULL:
                    moves.append((ENTER, code, die))
    return moves


def escapes(p, seat: int, dice) -> list:
    """The escapes `seat` may choose at the start of a turn with `dice` rolled."""
    marks = p[:SEGMENTS].translate(ENTANGLED[seat])
    if 1 not in marks:
        return []
    die = min(dice)
    targets = TARGET[seat]
    return [(ESCAPE, s, die) for s in range(SEGMENTS)
            if marks[s] and p[targets[s][die]] < FULL]


def turn_start_moves(p, seat: int, dice) -> list:
    """The first decision of a turn: normal moves, else a pass; and any escapes."""
    moves = normal_moves(p, seat, dice)
    if not moves:
        moves.append(PASS_MOVE)
    moves.extend(escapes(p, seat, dice))
    return moves


def play(p, seat: int, move) -> bytearray:
    """The position after `seat` makes `move` (a new bytearray; `p` is unchanged)."""
    how, where, die = move
    q = p[:]
    if how == MOVE_IN:
        code = q[where]
        q[where] = 0
        target = TARGET[seat][where][die]
    elif how == MOVE_OUT:
        byte = q[where]
        code = byte >> 3
        q[where] = byte & 7
        target = TARGET[seat][where][die]
    elif how == ENTER:
        code = where
        q[MAT + code] -= 1
        q[ARENA + seat] += 1
        target = ENTRY[seat][die]
    elif how == ESCAPE:
        byte = q[where]
        code = byte & 7
        q[where] = byte >> 3  # the entangling vine settles on the inner field
        target = TARGET[seat][where][die]
    else:
        return q
    there = q[target]
    if not there:
        q[target] = code
    elif there >> 2 == seat or code & 3 == VINE:
        q[target] = there + 8 * code  # holding, or entangling
    else:
        q[target] = code
        q[ARENA + (there >> 2)] -= 1
        if code & 3 == WATER:
            q[TRAY + there] += 1
        else:
            q[DEAD + there] += 1
    recruit = RECRUIT[seat][target]
    if recruit and q[TRAY + recruit]:
        q[TRAY + recruit] -= 1
        q[MAT + recruit] += 1
    if not (q[ARENA] and q[ARENA + 1]) or q[DEAD + 1] == 4 or q[DEAD + 2] == 3 \
            or q[DEAD + 3] == 2 or q[DEAD + 5] == 4 or q[DEAD + 6] == 3 or q[DEAD + 7] == 2:
        order = (seat, 1 - seat) if MOVER_WINS_TIES else (1 - seat, seat)
        for winner in order:
            if has_won(q, winner):
                q[WON] = 1 + winner
                break
    return q


def has_won(p, seat: int) -> bool:
    """D6 for `seat`: the rival has no stone in the arena or on its mat, or has lost all
    stones of one kind."""
    rival = 1 - seat
    base = 4 * rival
    if (p[DEAD + base + 1] == TOTAL[1] or p[DEAD + base + 2] == TOTAL[2]
            or p[DEAD + base + 3] == TOTAL[3]):
        return True
    return not p[ARENA + rival] and not (p[MAT + base + 1] or p[MAT + base + 2]
                                         or p[MAT + base + 3])


def whole_turns(p, seat: int, dice, first: bool = True) -> list:
    """Every distinct end of `seat`'s turn from `p` with `dice` left to use.

    `first`: no die has been used yet this turn (escapes and the pass are offered).
    Returns [(position, moves)]: `moves` is the tuple of model moves that reaches that
    position (the first way found). Positions repeat across move orders; each is kept
    once, in the order first reached."""
    seen = {}
    starts = turn_start_moves(p, seat, dice) if first else normal_moves(p, seat, dice)
    for move in starts:
        q = play(p, seat, move)
        if move[0] in (PASS, ESCAPE) or q[WON] or len(dice) == 1:
            key = bytes(q)
            if key not in seen:
                seen[key] = (q, (move,))
            continue
        rest = (dice[1],) if move[2] == dice[0] else (dice[0],)
        seconds = normal_moves(q, seat, rest)
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


# The 21 distinct rolls of two dice with their probabilities.
ROLLS = tuple(((a, b), (1 if a == b else 2) / 36) for a in DIE_FACES for b in DIE_FACES
              if a <= b)
