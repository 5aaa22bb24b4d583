"""Section C dice management and escaping; D4 (escaping, bound stones)."""

from tatsu_helpers import PASS, escape, kinds, move, only, pos, refused

from game.tatsu.arena import BLACK, ESCAPE_IS_OPTIONAL, WHITE


# --- the obligation to use the dice, the order, passing ---------------------------------
def test_must_use_a_die_when_possible_so_no_pass():
    state = pos({5: "Bv", 20: "Wv"}, dice=(1, 2))
    assert PASS not in state.legal_actions() and state.decision == "move"
    refused(state, PASS, "using the dice", "you may pass only when no die can be used")


def test_pass_is_offered_only_when_nothing_else_is_legal():
    state = pos({5: "Bv", 6: ("Wv", "Wf"), 7: ("Wf", "Ww")}, dice=(1, 2))
    assert state.legal_actions() == [PASS] and state.decision == "pass"
    events = state.apply(PASS)
    assert kinds(events) == ["pass", "turn", "dice"]
    assert only(events, "pass") == {"seat": BLACK, "player": "black", "dice": [1, 2]}
    assert state.to_move == WHITE and state.turn == 2 and len(state.dice_left) == 2


def test_mat_stone_with_high_dice_and_blocked_stones_must_pass():
    state = pos({5: "Bv", 9: ("Ww", "Wv"), 10: ("Wf", "Ww")},
                mats={"black": {"fire": 1}}, dice=(4, 5))
    assert state.legal_actions() == [PASS]


def test_the_chosen_order_may_leave_the_second_die_unusable():
    # Black: A on 10, B on 18; dice 1 and 3; segments 14 and 21 are full.
    position = {10: "Bv", 18: "Bw", 14: ("Wv", "Wf"), 21: ("Ww", "Wv")}
    good = pos(position, dice=(1, 3))
    bad = pos(position, dice=(1, 3))
    assert set(good.legal_actions()) == {move(10, 1), move(10, 3), move(18, 1)}
    # A takes the 1: then the 3 fits nowhere (11 -> 14 and 18 -> 21 are full)
    events = bad.apply(move(10, 1))
    assert kinds(events) == ["move", "forfeit", "turn", "dice"]
    assert only(events, "forfeit") == {"seat": BLACK, "die": 3, "reason": "unusable"}
    assert bad.to_move == WHITE
    # A takes the 3 first: then B can still use the 1
    good.apply(move(10, 3))
    assert good.to_move == BLACK and good.legal_actions() == [move(18, 1)]
    good.apply(move(18, 1))
    assert good.to_move == WHITE


def test_second_die_is_not_offered_a_pass_or_an_escape():
    state = pos({6: "Bv", 11: ("Bw", "Wv"), 20: "Wf"}, dice=(1, 3))
    assert escape(11, 1) in state.legal_actions()
    state.apply(move(6, 3))
    assert state.legal_actions() == [move(9, 1)]


# --- escaping an entanglement (D4) ------------------------------------------------------
def test_escape_moves_by_the_smaller_die_vine_drops_and_the_other_die_is_lost():
    state = pos({7: ("Bw", "Wv"), 10: "Bv", 20: "Wf"}, dice=(5, 2))
    assert escape(7, 2) in state.legal_actions()
    events = state.apply(escape(7, 2))
    assert kinds(events) == ["escape", "settle", "forfeit", "turn", "dice"]
    assert only(events, "escape")["to"] == [9, "inner"]
    assert only(events, "settle") == {"segment": 7, "seat": WHITE, "stone": "vine",
                                      "from": "outer", "to": "inner"}
    assert only(events, "forfeit") == {"seat": BLACK, "die": 5, "reason": "escape"}
    assert state.stone_at(9, "inner") == (BLACK, "water")
    assert state.stone_at(7, "inner") == (WHITE, "vine")
    assert state.stone_at(7, "outer") is None and state.status(7, "inner") == "free"
    assert state.to_move == WHITE


def test_escape_on_a_double_uses_either_die():
    state = pos({7: ("Bw", "Wv"), 20: "Wf"}, dice=(4, 4))
    assert escape(7, 4) in state.legal_actions()
    events = state.apply(escape(7, 4))
    assert [e.data["die"] for e in events if e.kind == "forfeit"] == [4]
    assert state.stone_at(11, "inner") == (BLACK, "water") and state.to_move == WHITE


def test_escape_with_the_larger_die_is_refused():
    state = pos({7: ("Bw", "Wv"), 10: "Bv", 20: "Wf"}, dice=(2, 5))
    refused(state, escape(7, 5), "escaping", "an escape moves by the smaller die, 2")


def test_escape_is_optional_when_normal_moves_exist():
    state = pos({7: ("Bw", "Wv"), 10: "Bv", 20: "Wf"}, dice=(2, 5))
    legal = state.legal_actions()
    assert escape(7, 2) in legal and move(10, 2) in legal and PASS not in legal
    state.apply(move(10, 2))
    assert state.status(7, "inner") == "entangled"


def test_with_no_normal_move_a_player_may_escape_or_pass():
    assert ESCAPE_IS_OPTIONAL
    state = pos({7: ("Bw", "Wv"), 20: "Wf"}, dice=(2, 5))
    assert state.legal_actions() == [PASS, escape(7, 2)] and state.decision == "pass"
    state.apply(PASS)
    assert state.to_move == WHITE and state.status(7, "inner") == "entangled"


def test_escaping_takes_a_whole_turn_so_not_after_a_die_is_used():
    state = pos({7: ("Bw", "Wv"), 10: "Bv", 20: "Wf"}, dice=(2, 5), dice_left=(2,))
    assert escape(7, 2) not in state.legal_actions()
    refused(state, escape(7, 2), "escaping", "escaping takes a whole turn")


def test_a_held_stone_cannot_escape():
    state = pos({7: ("Bw", "Bv"), 20: "Wf"}, dice=(2, 5))
    refused(state, escape(7, 2), "escaping", "that stone is not entangled")
    refused(state, escape(7, 2)._replace(args=((7, "outer"), 2)), "escaping",
            "that stone is not entangled")


def test_no_escape_onto_a_full_segment():
    state = pos({7: ("Bw", "Wv"), 9: ("Wf", "Wv"), 10: "Bv", 20: "Wf"}, dice=(2, 5))
    assert all(a.kind != "escape" for a in state.legal_actions())
    refused(state, escape(7, 2), "moving", "segment 9 already holds two stones")


def test_escape_landing_is_a_full_landing_power_and_recruit():
    state = pos({6: ("Bf", "Wv"), 8: "Ww", 20: "Wf"}, dice=(2, 4))
    events = state.apply(escape(6, 2))
    assert kinds(events) == ["escape", "settle", "power", "recruit", "forfeit", "turn",
                             "dice"]
    assert state.dead_zone(BLACK)["water"] == 1 and state.mat(BLACK)["vine"] == 1


def test_white_escapes_the_same_way():
    state = pos({9: ("Wv", "Bv"), 2: "Bf"}, to_move="white", dice=(3, 1))
    state.apply(escape(9, 1))
    assert state.stone_at(8, "inner") == (WHITE, "vine")
    assert state.stone_at(9, "inner") == (BLACK, "vine") and state.to_move == BLACK
