"""Section C: moving, landing, powers, holding, releasing, recruiting, entering; D1-D3."""

import json

import pytest
from tatsu_helpers import enter, kinds, move, only, pos, refused

from game.tatsu.arena import BLACK, CORNER_KIND, WHITE


# --- moving (C, D1) ---------------------------------------------------------------------
def test_black_moves_clockwise_counting_segments():
    state = pos({5: "Bv", 19: "Wv"}, dice=(2, 3))
    events = state.apply(move(5, 2))
    data = only(events, "move")
    assert data["from"] == [5, "inner"] and data["to"] == [7, "inner"]
    assert data["die"] == 2 and data["passed"] == [6] and data["stone"] == "vine"
    assert state.stone_at(5, "inner") is None
    assert state.stone_at(7, "inner") == (BLACK, "vine")


def test_white_moves_anticlockwise():
    state = pos({19: "Wv", 5: "Bv"}, to_move="white", dice=(2, 5))
    data = only(state.apply(move(19, 5)), "move")
    assert data["to"] == [14, "inner"] and data["passed"] == [18, 17, 16, 15]
    assert state.stone_at(14, "inner") == (WHITE, "vine")


def test_moves_wrap_around_the_ring():
    black = pos({22: "Bv", 10: "Wv"}, dice=(3, 6))
    assert only(black.apply(move(22, 3)), "move")["passed"] == [23, 0]
    assert black.stone_at(1, "inner") == (BLACK, "vine")
    white = pos({1: "Wv", 10: "Bv"}, to_move="white", dice=(3, 6))
    assert only(white.apply(move(1, 3)), "move")["passed"] == [0, 23]
    assert white.stone_at(22, "inner") == (WHITE, "vine")


def test_full_segments_passed_are_counted():
    state = pos({5: "Bv", 6: ("Wv", "Wf"), 7: ("Ww", "Wv")}, dice=(3, 6))
    data = only(state.apply(move(5, 3)), "move")
    assert data["passed"] == [6, 7] and data["to"] == [8, "inner"]


def test_cannot_land_on_a_full_segment():
    state = pos({5: "Bv", 7: ("Wv", "Wf"), 19: "Wv"}, dice=(2, 4))
    assert move(5, 2) not in state.legal_actions()
    refused(state, move(5, 2), "moving", "segment 7 already holds two stones")


def test_each_die_is_used_on_its_own_never_the_sum():
    state = pos({5: "Bv", 19: "Wv"}, dice=(2, 3))
    assert {a.args[1] for a in state.legal_actions()} == {2, 3}
    refused(state, move(5, 5), "using the dice", "no die of 5 is left this turn")


def test_one_die_for_each_of_two_stones_then_the_turn_passes():
    state = pos({5: "Bv", 9: "Bw", 19: "Wv"}, dice=(1, 2))
    assert kinds(state.apply(move(5, 1))) == ["move"]
    assert state.to_move == BLACK and state.dice_left == (2,)
    events = state.apply(move(9, 2))
    assert kinds(events) == ["move", "turn", "dice"]
    assert state.to_move == WHITE and state.turn == 2
    assert only(events, "dice")["dice"] == list(state.rolled)
    assert state.stone_at(6, "inner") == (BLACK, "vine")
    assert state.stone_at(11, "inner") == (BLACK, "water")


def test_events_are_plain_json():
    state = pos({5: "Bw", 7: "Wv", 19: "Wv"}, dice=(2, 3))
    events = state.apply(move(5, 2)) + state.apply(move(7, 3))
    text = json.dumps([e.to_json() for e in events])
    assert json.loads(text)[0]["kind"] == "move"


# --- D3: one stone, both dice, two full landings -----------------------------------------
def test_d3_one_stone_two_dice_power_acts_at_the_first_landing():
    state = pos({5: "Bw", 7: "Wv", 20: "Wf"}, dice=(2, 3))
    first = state.apply(move(5, 2))
    assert kinds(first) == ["move", "power"]
    assert only(first, "power") == {"power": "expel", "segment": 7, "seat": BLACK,
                                    "stone": "water", "victim_seat": WHITE,
                                    "victim": "vine", "victim_to": "tray"}
    assert state.tray(WHITE)["vine"] == 4 and state.to_move == BLACK
    second = state.apply(move(7, 3))
    assert only(second, "move")["from"] == [7, "inner"]
    assert state.stone_at(10, "inner") == (BLACK, "water")
    assert state.stone_at(7, "inner") is None and state.to_move == WHITE


def test_d3_first_landing_recruits_before_moving_on():
    state = pos({2: "Bf", 20: "Wv"}, dice=(2, 3))
    assert kinds(state.apply(move(2, 2))) == ["move", "recruit"]
    assert state.mat(BLACK)["fire"] == 1
    state.apply(move(4, 3))
    assert state.stone_at(7, "inner") == (BLACK, "fire") and state.mat(BLACK)["fire"] == 1


def test_d3_first_landing_may_not_be_a_full_segment():
    state = pos({5: "Bv", 7: ("Wv", "Wf"), 20: "Wf"}, dice=(2, 3))
    # 5 + 2 + 3 = 10 is free, but the way through 7 is a landing on a full segment
    assert state.destinations((5, "inner")) == [(move(5, 3), 8)]
    state.apply(move(5, 3))
    state.apply(move(8, 2))
    assert state.stone_at(10, "inner") == (BLACK, "vine")


def test_d3_the_game_can_end_at_the_first_landing():
    state = pos({5: "Bf", 7: "Wf", 20: "Wv"}, dead={"black": {"fire": 1}}, dice=(2, 3))
    events = state.apply(move(5, 2))
    assert kinds(events) == ["move", "power", "game_over"]
    assert state.is_over and state.winners == (BLACK,) and state.legal_actions() == []


# --- landing on an opponent's stone: the powers ------------------------------------------
def test_vine_entangles():
    state = pos({5: "Bv", 7: "Ww", 20: "Wv"}, dice=(2, 6))
    events = state.apply(move(5, 2))
    assert only(events, "move")["to"] == [7, "outer"]
    assert only(events, "power")["power"] == "entangle"
    assert only(events, "power")["victim_to"] is None
    assert state.stone_at(7, "outer") == (BLACK, "vine")
    assert state.stone_at(7, "inner") == (WHITE, "water")
    assert state.status(7, "inner") == "entangled" and state.status(7, "outer") == "free"


def test_entangled_stone_cannot_move():
    state = pos({7: ("Ww", "Bv"), 20: "Wv", 3: "Bv"}, to_move="white", dice=(1, 2))
    # the entangled stone may only be picked for an escape (a whole turn)
    assert [a.kind for a, _ in state.destinations((7, "inner"))] == ["escape"]
    assert all(a.kind == "escape" for a in state.legal_actions() if a.args[0] == (7, "inner"))
    refused(state, move(7, 1), "entangling", "that stone is entangled")


def test_water_expels_to_the_owners_tray_and_takes_the_inner_field():
    state = pos({5: "Bw", 7: "Wf", 20: "Wv"}, dice=(2, 3))
    assert state.tray(WHITE)["fire"] == 1
    events = state.apply(move(5, 2))
    assert only(events, "move")["to"] == [7, "inner"]
    assert only(events, "power")["victim"] == "fire"
    assert state.tray(WHITE)["fire"] == 2
    assert state.stone_at(7, "inner") == (BLACK, "water")
    assert state.stone_at(7, "outer") is None


def test_fire_destroys_into_the_attackers_dead_zone_and_takes_the_inner_field():
    state = pos({5: "Bf", 7: "Ww", 20: "Wv"}, dice=(2, 3))
    events = state.apply(move(5, 2))
    assert only(events, "power")["power"] == "destroy"
    assert only(events, "power")["victim_to"] == "dead zone"
    assert state.dead_zone(BLACK) == {"vine": 0, "water": 1, "fire": 0}
    assert state.tray(WHITE)["water"] == 2  # not back in the tray: out for good
    assert state.stone_at(7, "inner") == (BLACK, "fire")
    assert state.stone_at(7, "outer") is None


def test_white_powers_work_the_same_way():
    state = pos({10: "Wf", 8: "Bw", 2: "Bv"}, to_move="white", dice=(2, 5))
    state.apply(move(10, 2))
    assert state.dead_zone(WHITE)["water"] == 1
    assert state.stone_at(8, "inner") == (WHITE, "fire")


# --- landing on one's own stone: holding and releasing ----------------------------------
def test_landing_on_own_stone_holds_it_and_no_power_acts():
    state = pos({5: "Bf", 7: "Bw", 20: "Wv"}, dice=(2, 6))
    events = state.apply(move(5, 2))
    assert kinds(events) == ["move", "hold"]
    assert only(events, "hold") == {"segment": 7, "seat": BLACK, "stone": "fire",
                                    "held": "water"}
    assert state.stone_at(7, "outer") == (BLACK, "fire")
    assert state.stone_at(7, "inner") == (BLACK, "water")
    assert state.status(7, "inner") == "held"
    assert state.dead_zone(BLACK) == {"vine": 0, "water": 0, "fire": 0}


def test_held_stone_cannot_move():
    state = pos({7: ("Bw", "Bf"), 20: "Wv"}, dice=(2, 6))
    assert state.movable_stones() == [(7, "outer")]
    refused(state, move(7, 2), "holding", "that stone is held by your stone above it")


def test_outer_stone_leaving_releases_the_held_stone_which_may_then_move():
    state = pos({7: ("Bw", "Bf"), 20: "Wv"}, dice=(2, 3))
    events = state.apply(move(7, 2, "outer"))
    assert only(events, "release") == {"segment": 7, "seat": BLACK, "stone": "water",
                                       "was": "held"}
    assert state.stone_at(7, "inner") == (BLACK, "water")
    assert state.status(7, "inner") == "free"
    state.apply(move(7, 3))
    assert state.stone_at(10, "inner") == (BLACK, "water")


def test_vine_leaving_releases_the_entangled_stone_on_the_inner_field():
    state = pos({7: ("Bw", "Wv"), 20: "Bv"}, to_move="white", dice=(2, 3))
    events = state.apply(move(7, 2, "outer"))
    assert only(events, "release") == {"segment": 7, "seat": BLACK, "stone": "water",
                                       "was": "entangled"}
    assert state.stone_at(7, "inner") == (BLACK, "water")
    assert state.status(7, "inner") == "free" and state.stone_at(7, "outer") is None
    assert state.stone_at(5, "inner") == (WHITE, "vine")


# --- recruiting -------------------------------------------------------------------------
def test_ending_on_a_corner_recruits_from_tray_to_mat():
    state = pos({2: "Bf", 20: "Wv"}, dice=(2, 5))
    events = state.apply(move(2, 2))
    assert only(events, "recruit") == {"segment": 4, "seat": BLACK, "stone": "fire"}
    assert state.tray(BLACK)["fire"] == 0 and state.mat(BLACK)["fire"] == 1


def test_no_recruit_when_the_tray_lacks_that_kind():
    state = pos({2: "Bf", 20: "Wv"}, mats={"black": {"fire": 1}}, dice=(2, 5))
    assert state.tray(BLACK)["fire"] == 0
    assert kinds(state.apply(move(2, 2))) == ["move"]
    assert state.mat(BLACK)["fire"] == 1


def test_passing_a_corner_does_not_recruit():
    state = pos({2: "Bf", 20: "Wv"}, dice=(5, 6))
    assert kinds(state.apply(move(2, 5))) == ["move"]
    assert state.mat(BLACK)["fire"] == 0


def test_corner_landing_power_acts_then_recruits_also_on_the_outer_field():
    state = pos({6: "Bv", 8: "Ww", 20: "Wf"}, dice=(2, 5))
    events = state.apply(move(6, 2))
    assert kinds(events) == ["move", "power", "recruit"]
    assert only(events, "move")["to"] == [8, "outer"]
    assert state.mat(BLACK)["vine"] == 1


@pytest.mark.parametrize("corner", sorted(CORNER_KIND))
def test_d2_each_corner_recruits_its_kind(corner):
    before = (corner - 1) % 24
    state = pos({before: "Bw", (corner + 12) % 24: "Wv"}, dice=(1, 6))
    state.apply(move(before, 1))
    kind = CORNER_KIND[corner]
    assert state.mat(BLACK) == {k: int(k == kind) for k in ("vine", "water", "fire")}


# --- entering from the mat --------------------------------------------------------------
@pytest.mark.parametrize("seat, die, segment", [
    ("black", 1, 1), ("black", 2, 2), ("black", 3, 3),
    ("white", 1, 15), ("white", 2, 14), ("white", 3, 13),
])
def test_entering_uses_the_entry_point_of_the_die(seat, die, segment):
    state = pos({9: "Bv", 20: "Wv"}, to_move=seat, mats={seat: {"water": 1}}, dice=(die, 6))
    assert state.destinations(("mat", "water")) == [(enter("water", die), segment)]
    events = state.apply(enter("water", die))
    data = only(events, "enter")
    assert data["to"] == [segment, "inner"] and data["entry"] == die
    assert state.stone_at(segment, "inner") == ("bw".index(seat[0]), "water")
    assert state.mat("bw".index(seat[0]))["water"] == 0


def test_a_die_of_4_to_6_cannot_enter():
    state = pos({9: "Bv", 20: "Wv"}, mats={"black": {"fire": 1}}, dice=(5, 6))
    assert all(a.kind != "enter" for a in state.legal_actions())
    refused(state, enter("fire", 5), "entering", "a 5 cannot enter the arena")


def test_cannot_enter_onto_a_full_segment():
    state = pos({1: ("Bv", "Bw"), 20: "Wv"}, mats={"black": {"fire": 1}}, dice=(1, 6))
    assert enter("fire", 1) not in state.legal_actions()
    refused(state, enter("fire", 1), "moving", "segment 1 already holds two stones")


def test_entering_onto_own_stone_holds_it():
    state = pos({3: "Bv", 20: "Wv"}, mats={"black": {"water": 1}}, dice=(3, 6))
    assert kinds(state.apply(enter("water", 3))) == ["enter", "hold"]
    assert state.stone_at(3, "outer") == (BLACK, "water")
    assert state.status(3, "inner") == "held"


@pytest.mark.parametrize("kind, power, field", [
    ("vine", "entangle", "outer"), ("water", "expel", "inner"), ("fire", "destroy", "inner"),
])
def test_entering_onto_an_opponents_stone_uses_the_power(kind, power, field):
    state = pos({2: "Ww", 20: "Wv", 9: "Bv"}, mats={"black": {kind: 1}}, dice=(2, 5))
    events = state.apply(enter(kind, 2))
    assert kinds(events) == ["enter", "power"]
    assert only(events, "enter")["to"] == [2, field]
    assert only(events, "power")["power"] == power
    assert state.stone_at(2, field) == (BLACK, kind)
