"""The invariant check catches every kind of broken state (so that the simulator and
the property tests can rely on it), each said as a position would be refused by it:
"field: words (rule)" (game/tatsu/invariants.py)."""

import pytest
from tatsu_helpers import independent_problems

from game.tatsu import TatsuState, config_for
from game.tatsu.arena import STONE_CODE
from game.tatsu.layout import ARENA, DEAD, MAT, TRAY, WON

BV, BW, BF = (STONE_CODE[0, k] for k in ("vine", "water", "fire"))
WV, WW, WF = (STONE_CODE[1, k] for k in ("vine", "water", "fire"))


def set_segment(state, segment, inner, outer=0):
    state.position[segment] = inner + 8 * outer  # the encoding of game/tatsu/layout.py


def put(state, where, value):
    """Write one byte of the state's position (where: an offset of layout.py + a code)."""
    state.position[where] = value


CORRUPTIONS = [
    ("a stone vanishes from the tray",
     lambda s: put(s, TRAY + BW, 2),
     "trays[0]: Black has 2 water dragons, not 3: 2 in the tray"),
    ("a stone appears on the mat",
     lambda s: put(s, MAT + WF, 1),
     "trays[1]: White has 3 fire dragons, not 2: 2 in the tray, 0 in the arena, 1 on the mat"),
    ("a stone moves from the tray to the mat twice",
     lambda s: (put(s, TRAY + BF, 0), put(s, MAT + BF, 4)),
     "mats[0]: 4 fire dragons: a player has only 2 (D7)"),
    ("a stone changes kind",
     lambda s: set_segment(s, 1, BF),
     "Black has 3 fire dragons, not 2: 2 in the tray, 1 in the arena"),
    ("a stone changes colour",
     lambda s: set_segment(s, 13, BV),
     "Black has 5 vine dragons, not 4: 1 in the tray, 4 in the arena"),
    ("a lone stone on the outer field",
     lambda s: set_segment(s, 1, 0, BV),
     "arena[1]: segment 1 has a lone stone on its outer field (moving)"),
    ("an opposing water dragon on a stone",
     lambda s: (set_segment(s, 5, BW, WW), put(s, TRAY + BW, 2), put(s, TRAY + WW, 2),
                put(s, ARENA + 0, 4), put(s, ARENA + 1, 4)),
     "only a vine entangles) (entangling)"),
    ("a field holding no known stone",
     lambda s: set_segment(s, 5, 4), "arena[5]: segment 5 holds something that is not a stone"),
    ("a tray holding no known stone",
     lambda s: put(s, TRAY + 4, 1), "trays: the trays hold something that is not a stone"),
    ("the count of stones in the arena is wrong",
     lambda s: put(s, ARENA + 0, 4), "arena: [3, 3] stones are in the arena, not [4, 3]"),
    ("a win goes unnoticed",
     lambda s: (put(s, TRAY + WF, 0), put(s, DEAD + WF, 2)),
     "dead[0]: Black has already won (Black destroyed all White's fire dragons)"),
    ("a winner while the game goes on",
     lambda s: put(s, WON, 2), "winners: a game ends when a player wins"),
    ("a winner that is no seat",
     lambda s: put(s, WON, 7), "winners: the position names winner 7, not a seat"),
    ("no die left to a player to move",
     lambda s: setattr(s, "dice", []), "dice_left: no die is left"),
    ("a die that was not rolled",
     lambda s: setattr(s, "dice", [7]), "dice_left: a die shows 1 to 6, not 7"),
    ("dice out of range",
     lambda s: setattr(s, "rolled", (0, 9)), "dice: a die shows 1 to 6, not 0"),
    ("a game over without a winner",
     lambda s: setattr(s, "current", None), "winners: nobody is to move"),
]


@pytest.mark.parametrize("name, corrupt, words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_invariant_check_catches(name, corrupt, words):
    state = TatsuState(config_for(2), 5)
    assert state.invariant_violations() == []
    corrupt(state)
    state._legal = None
    found = state.invariant_violations()
    assert any(words in problem for problem in found), found


def test_a_count_cannot_go_negative():
    state = TatsuState(config_for(2), 5)
    with pytest.raises(ValueError):
        state.position[MAT + BF] -= 1  # the position is a bytearray: a bug fails loudly


def test_the_independent_checker_agrees_on_a_broken_count():
    state = TatsuState(config_for(2), 5)
    state.position[TRAY + BW] = 2
    assert independent_problems(state) == ["seat 0 has 2 water"]
