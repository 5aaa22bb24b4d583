"""The ten daikaiju tiles (reading D3): rotation number, gold arrow, and the five
numbered arrows, each relative to the way the tile faces now.

F, R, B, L: move one square forward, right, back or left of the tile's facing;
C, A: turn a quarter turn clockwise or anticlockwise in place.
A daikaiju's facing is a direction: 0 north (up), 1 east, 2 south, 3 west.
"""

DAIKAIJU_COUNT = 10

# (rotation number, gold arrow, arrows for die faces 1..5); daikaiju k is tile k + 1.
TILES = (
    (1, True, "FRBLC"),
    (1, False, "AFRBL"),
    (2, True, "LCFRB"),
    (2, False, "BLAFR"),
    (3, True, "RBLCF"),
    (3, False, "FLBRA"),
    (4, True, "CBFLR"),
    (4, False, "RALBF"),
    (5, True, "LFCRB"),
    (5, False, "BRFAL"),
)

# Turn from the facing, in quarter turns clockwise, for the four moves.
MOVE_TURN = {"F": 0, "R": 1, "B": 2, "L": 3}
ROTATION_STEP = {"C": 1, "A": -1}

# D3: daikaiju act in *ascending* rotation number; on equal numbers the gold arrow first.
MOVEMENT_ORDER = tuple(sorted(range(DAIKAIJU_COUNT),
                              key=lambda k: (TILES[k][0], not TILES[k][1])))

# B2: how many daikaiju go on the board at setup, by number of players.
SETUP_COUNT = {2: 6, 3: 6, 4: 6, 5: 5, 6: 5, 7: 4, 8: 4}

# C: the fewest daikaiju on the board; the next player restores this many.
MINIMUM_ON_BOARD = 3

# C1: a daikaiju roll of gold + blue in this range makes the daikaiju act.
ACTING_SUMS = range(6, 9)
PLACE_NEW_FACE = 6  # the single die's face that places a new daikaiju


def arrow(daikaiju: int, face: int) -> str:
    return TILES[daikaiju][2][face - 1]
