"""Building a Tatsu position directly, for tests and puzzles.

    TatsuState.from_position(
        {5: "Bv", 7: ("Wf", "Bv")},  # segment -> its lone (inner) stone, or (inner, outer)
        to_move="black",             # whose turn it is
        dice=(3, 4),                 # the two dice rolled this turn
        dice_left=None,              # default both; e.g. (4,) once the 3 has been used
        mats={"black": {"fire": 1}},  # stones on each player's mat
        dead={"white": {"fire": 2}},  # the opponent's stones each player has destroyed
        trays=None,                  # default: every stone not placed elsewhere (D7)
        seed=0, turn=1)              # later dice come from this seed

A stone code is "B" or "W" followed by "v", "w" or "f" (vine, water, fire).
The position must be physically possible (ValueError otherwise), but it may already
meet a winning condition: the end of the game is only checked after a landing (D6).
A state built this way has no history, so it cannot be saved as a record.
"""

from game.core.rng import new_rng
from game.tatsu.arena import COLOURS, KINDS, SEGMENTS, STONE_CODE, STONES_PER_KIND
from game.tatsu.core import legal_moves
from game.tatsu.layout import ARENA, DEAD, MAT, SIZE, TRAY

CODES = {"v": "vine", "w": "water", "f": "fire"}


def parse_stone(code) -> tuple:
    if (not isinstance(code, str) or len(code) != 2 or code[0] not in "BW"
            or code[1] not in CODES):
        raise ValueError(f"a stone code is B or W then v, w or f (like 'Bf'), not {code!r}")
    return ("BW".index(code[0]), CODES[code[1]])


def _boxes(data, name, owner_of_stones) -> bytearray:
    """{'black': {'fire': 1}} -> counts by stone code (layout.py). For dead zones the
    stones belong to the other player: `owner_of_stones` maps the key's seat to theirs."""
    data = data or {}
    unknown = set(data) - set(COLOURS)
    if unknown:
        raise ValueError(f"{name} are keyed by 'black' and 'white', not {sorted(unknown)}")
    boxes = bytearray(8)
    for seat, colour in enumerate(COLOURS):
        given = data.get(colour, {})
        if set(given) - set(KINDS):
            raise ValueError(f"{name}: unknown kinds {sorted(set(given) - set(KINDS))}")
        for kind, count in given.items():
            if type(count) is not int or not 0 <= count <= STONES_PER_KIND[kind]:
                raise ValueError(f"{name}: {count!r} {kind} dragons")
            boxes[STONE_CODE[owner_of_stones(seat), kind]] = count
    return boxes


def build(cls, arena: dict, *, to_move="black", dice=(1, 2), dice_left=None, mats=None,
          trays=None, dead=None, seed=0, turn=1):
    state = cls({"first": "black"}, seed)
    state.rng = new_rng(seed)
    p = state.position = bytearray(SIZE)  # layout.py
    for segment, stones in arena.items():
        if type(segment) is not int or not 0 <= segment < SEGMENTS:
            raise ValueError(f"segments are numbered 0-23, not {segment!r}")
        if isinstance(stones, str):
            stones = (stones,)
        if not 1 <= len(stones) <= 2:
            raise ValueError(f"segment {segment} holds one or two stones, not {stones!r}")
        codes = [STONE_CODE[parse_stone(stone)] for stone in stones]
        for code in codes:
            p[ARENA + (code >> 2)] += 1
        inner, outer = codes if len(codes) == 2 else (codes[0], 0)
        p[segment] = inner + 8 * outer
    p[MAT:MAT + 8] = _boxes(mats, "mats", lambda seat: seat)
    p[DEAD:DEAD + 8] = _boxes(dead, "dead zones", lambda seat: 1 - seat)
    if trays is None:  # D7: whatever is not elsewhere is in the tray
        for seat in (0, 1):
            for kind in KINDS:
                code = STONE_CODE[seat, kind]
                left = (STONES_PER_KIND[kind] - p[MAT + code] - p[DEAD + code]
                        - sum(state.stone_at(segment, field) == (seat, kind)
                              for segment in range(SEGMENTS) for field in ("inner", "outer")))
                if left < 0:
                    raise ValueError(f"impossible position: {COLOURS[seat].title()} has "
                                     f"more than {STONES_PER_KIND[kind]} {kind} dragons (D7)")
                p[TRAY + code] = left
    else:
        p[TRAY:TRAY + 8] = _boxes(trays, "trays", lambda seat: seat)
    if to_move not in COLOURS:
        raise ValueError(f"to_move is 'black' or 'white', not {to_move!r}")
    state.current = COLOURS.index(to_move)
    state.rolled = tuple(dice)
    state.dice = list(dice if dice_left is None else dice_left)
    state.turn = turn
    state.history = []
    state.setup_events = []
    state.reason = None
    state.built_from_position = True
    state._legal = None
    state._rng_state = None
    problems = state.structure_problems()
    if not state.dice:
        problems.append("no die is left to play")
    if problems:
        raise ValueError("impossible position: " + "; ".join(problems))
    if state.used and not legal_moves(p, state.current, state.dice, first=False):
        raise ValueError("impossible position: the die left cannot be used, so the turn "
                         "would be over")
    return state
