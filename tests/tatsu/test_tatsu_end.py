"""D6 (the end of the game, its tie-break) and D7 (conservation of stones)."""

import pytest
from tatsu_helpers import (
    PASS,
    destroy_by_hand,
    enter,
    independent_problems,
    kinds,
    move,
    only,
    pos,
)

from game.core import RuleError
from game.core.position import PositionError
from game.tatsu.arena import BLACK, MOVER_WINS_TIES, WHITE


def test_win_by_destroying_both_fire_dragons():
    state = pos({5: "Bf", 7: "Wf", 20: "Wv"}, dead={"black": {"fire": 1}}, dice=(2, 3))
    events = state.apply(move(5, 2))
    assert only(events, "game_over") == {"winners": [BLACK],
                                         "reason": "destroyed all fire dragons"}
    assert state.is_over and state.to_move is None and state.decision is None
    assert state.winners == (BLACK,) and state.legal_actions() == []
    assert state.stone_at(20, "inner") == (WHITE, "vine")  # White still had stones
    assert state.invariant_violations() == []


@pytest.mark.parametrize("kind, already", [("vine", 3), ("water", 2)])
def test_win_by_destroying_every_stone_of_another_kind(kind, already):
    code = {"vine": "Wv", "water": "Ww"}[kind]
    state = pos({5: "Bf", 7: code, 20: "Wf"}, dead={"black": {kind: already}},
                dice=(2, 3))
    state.apply(move(5, 2))
    assert state.winners == (BLACK,) and kind in state.reason


def test_white_wins_the_same_way():
    state = pos({10: "Wf", 8: "Bf", 2: "Bv"}, dead={"white": {"fire": 1}},
                to_move="white", dice=(2, 3))
    state.apply(move(10, 2))
    assert state.winners == (WHITE,)


def test_win_by_clearing_arena_and_mat_while_the_tray_still_holds_stones():
    state = pos({5: "Bw", 7: "Wf", 11: "Bv"}, dice=(2, 3))
    events = state.apply(move(5, 2))
    assert kinds(events) == ["move", "power", "game_over"]
    assert state.winners == (BLACK,)
    assert state.reason == "no stone left in battle"
    assert sum(state.tray(WHITE).values()) == 9  # the tray does not count


def test_a_stone_on_the_mat_keeps_a_player_in_the_battle():
    state = pos({5: "Bw", 7: "Wf", 11: "Bv"}, mats={"white": {"water": 1}}, dice=(2, 3))
    state.apply(move(5, 2))
    assert not state.is_over and state.to_move == BLACK


def test_the_end_is_checked_at_an_entering_landing_too():
    state = pos({2: "Wf", 11: "Bv"}, mats={"black": {"water": 1}}, dice=(2, 6))
    state.apply(enter("water", 2))
    assert state.winners == (BLACK,)


def test_d6_tie_break_the_player_who_moved_wins():
    assert MOVER_WINS_TIES
    # White has already destroyed both Black fire dragons (a position no game reaches,
    # made by hand); Black's water expels White's last stone: both conditions hold at
    # one landing.
    state = destroy_by_hand(pos({5: "Bw", 7: "Wv"}, dead={"white": {"fire": 1}},
                                dice=(2, 3)), BLACK, "fire")
    assert state.win_reason(WHITE) is not None and state.win_reason(BLACK) is None
    state.apply(move(5, 2))
    assert state.win_reason(BLACK) is not None and state.win_reason(WHITE) is not None
    assert state.winners == (BLACK,)


def test_d6_is_checked_for_both_players_after_a_landing():
    state = destroy_by_hand(pos({5: "Bw", 7: "Wv"}, dead={"white": {"fire": 1}},
                                dice=(2, 3)), BLACK, "fire")
    state.apply(move(5, 3))  # a landing that meets only White's condition
    assert state.winners == (WHITE,)


def test_no_action_after_the_game_is_over():
    state = pos({5: "Bf", 7: "Wf", 20: "Wv"}, dead={"black": {"fire": 1}}, dice=(2, 3))
    state.apply(move(5, 2))
    before = state.snapshot()
    for action in (move(7, 3), PASS):
        with pytest.raises(RuleError, match="the game is over"):
            state.apply(action)
    assert state.snapshot() == before


def test_d7_every_stone_is_accounted_for_after_each_power():
    state = pos({5: "Bf", 7: "Ww", 9: "Bw", 12: "Wv", 15: "Bv", 17: "Wf"},
                mats={"white": {"fire": 1}}, dice=(2, 3))
    assert independent_problems(state) == []
    state.apply(move(5, 2))  # destroy
    assert independent_problems(state) == []
    state.apply(move(9, 3))  # expel
    assert independent_problems(state) == [] and state.invariant_violations() == []


@pytest.mark.parametrize("arena, options, field, rule, words", [
    ({1: "Bf", 2: "Bf", 3: "Bf", 9: "Wv"}, {}, "arena", "D7",
     "Black has more than 2 fire dragons"),
    ({1: "Bv", 9: "Wv"}, {"trays": {"black": {"vine": 1}}}, "trays[0]", "D7",
     "Black has 2 vine dragons, not 4"),
    ({1: "Bv", 9: "Wv"}, {"dead": {"white": {"water": 4}}}, "dead[1]", "D7",
     "4 water dragons: a player has only 3"),
    ({1: ("Bv", "Ww"), 9: "Wv"}, {}, "arena[1]", "entangling", "only a vine entangles"),
    ({1: "Bx", 9: "Wv"}, {}, "arena[1]", None, "is not a stone"),
    ({24: "Bv", 9: "Wv"}, {}, "arena", "D1", 'numbered "0" to "23"'),
    ({1: ("Bv", "Bv", "Bv"), 9: "Wv"}, {}, "arena[1]", "moving", "one or two stones"),
    ({1: "Bv", 9: "Wv"}, {"to_move": "red"}, "to_move", None, "0 (Black) or 1 (White)"),
    ({1: "Bv", 9: "Wv"}, {"dice": (7, 1)}, "dice", "using the dice", "1 to 6, not 7"),
    ({1: "Bv", 9: "Wv"}, {"dice": (1, 2), "dice_left": (3,)}, "dice_left", "using the dice",
     "not among the dice rolled"),
    ({1: "Bv", 9: "Wv"}, {"mats": {"black": {"fire": 3}}}, "mats[0]", "D7",
     "3 fire dragons: a player has only 2"),
    ({1: "Bv", 9: "Wv"}, {"mats": {"black": {"earth": 1}}}, "mats[0]", None,
     "not a kind of dragon"),
    ({1: "Bv", 9: "Wv"}, {"mats": {"red": {}}}, "mats", None, "Black's then White's"),
    ({1: "Bv", 2: ("Wv", "Wf"), 3: ("Ww", "Wf"), 9: "Wv"},
     {"dice": (1, 6), "dice_left": (1,)}, "dice_left", "using the dice",
     "the 1 left cannot be used"),
    ({5: "Bw", 7: "Wv"}, {"dead": {"white": {"fire": 2}}}, "dead[1]", "D6",
     "White has already won"),
])
def test_d7_and_impossible_positions_are_refused(arena, options, field, rule, words):
    with pytest.raises(PositionError) as refused:
        pos(arena, **options)
    assert (refused.value.field, refused.value.rule) == (field, rule), refused.value
    assert words in str(refused.value), refused.value
