"""Tatsu's fixed data: the arena's geometry, the stones, and every reading of the rules
that the project chose (docs/rules-tatsu.md points at each name below).

Segments are numbered 0-23 clockwise; each has an inner and an outer field. Outside
the state a stone is the tuple (seat, kind): (0, "fire") is a Black fire dragon.
"""

from game.core.i18n import N_

BLACK, WHITE = 0, 1
COLOURS = ("black", "white")
# The seats' names in English, marked for translation: game/tatsu/text.py colour_name()
# gives them in the language spoken.
COLOUR_NAMES = (N_("Black"), N_("White"))

INNER, OUTER = "inner", "outer"
FIELDS = (INNER, OUTER)
MAT = "mat"

# --- A. components ----------------------------------------------------------------
KINDS = ("vine", "water", "fire")
# Inside the state, the arena's fields hold one small number per stone (0 = empty):
# 1, 2, 3 = Black vine, water, fire; 5, 6, 7 = White's. So seat = code >> 2.
KIND_OF = (None, "vine", "water", "fire", None, "vine", "water", "fire")
STONE_CODE = {(seat, kind): 4 * seat + 1 + KINDS.index(kind) for seat in (0, 1)
              for kind in KINDS}
STONE_OF = {code: stone for stone, code in STONE_CODE.items()}
STONES_PER_KIND = {"vine": 4, "water": 3, "fire": 2}  # 9 stones per player (D7)
POWERS = {"vine": "entangle", "water": "expel", "fire": "destroy"}

# --- D1. geometry -----------------------------------------------------------------
SEGMENTS = 24
DIRECTION = (+1, -1)  # Black clockwise (increasing numbers), White anticlockwise
ENTRY_SEGMENTS = (
    {1: 1, 2: 2, 3: 3},  # Black's entry points 1, 2, 3
    {1: 15, 2: 14, 3: 13},  # White's: the mirror image s <-> 16 - s
)
ENTRY_DICE = (1, 2, 3)  # only these dice may bring a stone in from the mat

# --- D2. corner kinds -------------------------------------------------------------
CORNER_KIND = {0: "water", 4: "fire", 8: "vine", 12: "fire", 16: "water", 20: "vine"}

# --- B. setup ---------------------------------------------------------------------
START_ARENA_KIND = "vine"  # on the inner fields of the player's entry segments 1, 2, 3
START_TRAY = {"vine": 1, "water": 3, "fire": 2}

# --- D3 to D7 and the project's further decisions -----------------------------------
# The readings below are switches, read where the rules are written once (core.py; who
# starts: state.py), so the page, the simulator and the bots follow a change together.
# D4: escaping is optional; a player with no normal move may escape or pass.
ESCAPE_IS_OPTIONAL = True
# D4: escaping is a whole turn: it is offered only before either die is used, and the
# other die is forfeited.
ESCAPE_TAKES_WHOLE_TURN = True
# Escaping moves by the smaller die only (either one on a double; "larger": the larger
# one). When that landing is impossible (the target segment is full) the stone cannot
# escape this turn; the other die is never used instead.
ESCAPE_DIE = "smaller"
# D5: who starts. "roll": each player rolls one die from the game's seeded dice,
# higher starts, ties are rolled again.
FIRST_PLAYER_OPTIONS = ("black", "white", "roll")
DEFAULT_FIRST = "black"
# D6: if one landing meets both players' winning conditions, the player who moved wins.
MOVER_WINS_TIES = True

# Fixed readings, built into core.py (only this reading is written, so no switch):
# - D3, every landing counts (EVERY_LANDING_COUNTS in docs/rules-tatsu.md): powers,
#   holding, recruiting, the end check and no landing on a full segment, also at the
#   first of two moves of one stone; the engine plays each die as one complete move.
# - D4, bound stones (BOUND_STONES_MAY_MOVE): a held or entangled stone cannot be
#   chosen for a normal move.
# - The order of a landing (LANDING_ORDER): the power (or holding), then recruiting,
#   then the end-of-game check (D6).
# - Recruiting (RECRUIT_ON_ANY_FIELD) is automatic on every landing on a corner segment,
#   whichever field the stone ends on and however it got there (move, first of two
#   moves, escape). Passing over a corner does not recruit.
# - An unusable second die (AUTO_FORFEIT_SECOND_DIE) is forfeited automatically (an
#   event says so); a "pass" action exists only at the start of a turn in which no die
#   can be used.


def target_segment(seat: int, segment: int, die: int) -> int:
    """Where a stone of `seat` on `segment` lands after moving `die` segments."""
    return (segment + DIRECTION[seat] * die) % SEGMENTS


def passed_segments(seat: int, segment: int, die: int) -> list:
    """The segments a move passes over (counted, full or not), not the one it lands on."""
    step = DIRECTION[seat]
    return [(segment + step * i) % SEGMENTS for i in range(1, die)]
