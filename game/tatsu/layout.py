"""How a Tatsu position is stored: one bytearray of SIZE bytes, and lookup tables.

    p[0:24]         the segments, one byte each: inner + 8 * outer
    p[TRAY + code]  how many of that stone are in its owner's tray
    p[MAT + code]   ... on its owner's mat
    p[DEAD + code]  ... destroyed (lying in the opponent's dead zone)
    p[ARENA + seat] how many stones of `seat` are in the arena
    p[WON]          0 while nobody has won by a landing, else 1 + the winner's seat

`inner` and `outer` are stone codes (arena.STONE_CODE): 0 = empty field, 1, 2, 3 =
Black vine, water, fire, 5, 6, 7 = White's; seat = code >> 2, kind = code & 3 (VINE,
WATER, FIRE). So a segment is empty at 0, holds a lone stone at 1-7, and is full at 8
or more. One position is copied with one slice, which the bots do thousands of times.

The tables are indexed by a segment byte (bytes.translate applies them to all 24
segments at once, in C): the rules list moves with them (core.py) and the state checks
the whole arena with them after every action (invariants.structure_problems).
"""

from collections.abc import Iterator

from game.tatsu.arena import KIND_OF, KINDS, STONE_CODE, STONES_PER_KIND

TRAY, MAT, DEAD, ARENA, WON = 24, 32, 40, 48, 50
SIZE = 51
FULL = 8  # a segment byte of 8 or more has a stone on its outer field
VINE, WATER, FIRE = 1, 2, 3  # the kind of a stone code, code & 3 (arena.KINDS order)
CODES = tuple(tuple(STONE_CODE[seat, kind] for kind in KINDS) for seat in (0, 1))
TOTAL = (0,) + tuple(STONES_PER_KIND[kind] for kind in KINDS)  # by code & 3
VALID_CODES = frozenset(STONE_CODE.values()) | {0}


def _allowed(byte: int) -> bool:
    """Whether a segment may look like this (see invariants.segment_problems)."""
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
# layout as int.from_bytes(p[TRAY:TRAY + 8], "little") of the trays, mats and dead.
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


def marked(segments: bytes | bytearray, table: bytes, mark: int = 1) -> Iterator[int]:
    """The segment numbers whose byte `table` maps to `mark`, in order."""
    marks = segments.translate(table)
    segment = marks.find(mark)
    while segment >= 0:
        yield segment
        segment = marks.find(mark, segment + 1)
