"""How the state stores the arena, and the lookup tables that make reading it fast.

The arena is one bytearray of 24 bytes, one per segment:

    byte = inner + 8 * outer

where `inner` and `outer` are stone codes (arena.STONE_CODE): 0 = empty field,
1, 2, 3 = Black vine, water, fire, 5, 6, 7 = White's; the seat of a code is code >> 2.
So a segment is empty at 0, holds a lone stone at 1-7, and is full at 8 or more.

The tables below are indexed by such a byte (bytes.translate uses them on all 24
segments at once, in C): the simulator checks the whole arena after every action,
and bots list legal moves thousands of times, so these run often.
"""

from game.tatsu.arena import KIND_OF, STONE_CODE

FULL = 8  # a segment byte of 8 or more has a stone on its outer field
VALID_CODES = frozenset(STONE_CODE.values()) | {0}


def _allowed(byte: int) -> bool:
    """Whether a segment may look like this (see state.structure_problems)."""
    inner, outer = byte & 7, byte >> 3
    if inner not in VALID_CODES or outer not in VALID_CODES:
        return False
    if outer and not inner:
        return False  # a lone stone is always on the inner field
    # only a vine sits on an opponent's stone (entangling it)
    return not (outer and inner >> 2 != outer >> 2 and KIND_OF[outer] != "vine")


def _movable(byte: int, seat: int) -> int:
    """1: `seat` may move the inner stone; 2: `seat` may move the outer stone; else 0.
    The inner stone of a full segment is held or entangled and cannot move (D4)."""
    inner, outer = byte & 7, byte >> 3
    if outer:
        return 2 if outer >> 2 == seat else 0
    return 1 if inner and inner >> 2 == seat else 0


def _entangled(byte: int, seat: int) -> int:
    """1 when the inner stone is `seat`'s and an opponent's stone (a vine) sits on it."""
    inner, outer = byte & 7, byte >> 3
    return int(bool(outer) and inner >> 2 == seat and outer >> 2 != seat)


# Packed counts: a number holding one byte-wide slot per stone code 0-7, the same
# layout as int.from_bytes(box, "little") of the trays, mats and dead stones, which the
# state keeps as bytearrays of 8 counts indexed by stone code.
SLOT_BITS = 8
# The codes of one seat's stones, in the order of arena.KINDS, as a slice.
SEAT_CODES = (slice(1, 4), slice(5, 8))


def slot_weight(code: int) -> int:
    return 1 << SLOT_BITS * code


def _count_weight(byte: int) -> int:
    """The stones of one segment as packed counts."""
    return sum(slot_weight(code) for code in (byte & 7, byte >> 3 & 7) if code)


BAD_SEGMENT = bytes(0 if byte < 64 and _allowed(byte) else 1 for byte in range(256))
MOVABLE = [bytes(_movable(byte, seat) for byte in range(256)) for seat in (0, 1)]
ENTANGLED = [bytes(_entangled(byte, seat) for byte in range(256)) for seat in (0, 1)]
MOVABLE_INNER, MOVABLE_OUTER = 1, 2
# Summing COUNT_WEIGHT over the 24 segment bytes counts every stone of the arena by code
# at once (a slot never exceeds 48, so slots do not spill into each other, and the sum
# stays below 2**63, which Python adds fast).
COUNT_WEIGHT = tuple(_count_weight(byte) for byte in range(256))


def marked(segments: bytearray, table: bytes, mark: int = 1):
    """The segment numbers whose byte `table` maps to `mark`, in order."""
    marks = segments.translate(table)
    segment = marks.find(mark)
    while segment >= 0:
        yield segment
        segment = marks.find(mark, segment + 1)
