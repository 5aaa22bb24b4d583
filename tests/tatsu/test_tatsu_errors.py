"""Illegal actions: each is refused with the rule in plain words, and changes nothing."""

import pytest
from tatsu_helpers import PASS, enter, escape, move, pos, refused

from game.core import Action, RuleError

BASE = {5: "Bv", 7: ("Wv", "Wf"), 9: ("Bw", "Wv"), 11: ("Bf", "Bw"), 20: "Ww"}


def base(**options):
    options.setdefault("dice", (2, 4))
    return pos(BASE, mats={"black": {"fire": 1}}, **options)


@pytest.mark.parametrize("action, rule, words", [
    (move(5, 2), "moving", "segment 7 already holds two stones"),
    (move(9, 2), "entangling", "that stone is entangled"),
    (move(11, 2), "holding", "that stone is held by your stone above it"),
    (move(5, 4, "outer"), "moving", "there is no stone on the outer field of segment 5"),
    (move(3, 2), "moving", "there is no stone on the inner field of segment 3"),
    (move(20, 2), "turn order", "that stone is White's, and it is Black's turn"),
    (move(7, 2, "outer"), "turn order", "it is Black's turn"),
    (move(5, 3), "using the dice", "no die of 3 is left this turn (dice left: 2 and 4)"),
    (enter("fire", 4), "entering", "a 4 cannot enter the arena"),
    (enter("water", 2), "entering", "there is no water dragon on your mat"),
    (escape(9, 4), "escaping", "an escape moves by the smaller die, 2"),
    (escape(11, 2), "escaping", "that stone is not entangled"),
    (escape(5, 2), "escaping", "that stone is not entangled"),
    (PASS, "using the dice", "you may pass only when no die can be used"),
    (Action("jump", ((5, "inner"), 2)), "action", "Tatsu has no action 'jump'"),
    (Action("pass", (1,)), "action", "a pass names nothing"),
    (Action("move", ((5, "inner"),)), "action", "move names a stone and a die"),
    (Action("move", ((5, "inner"), 2, 3)), "action", "move names a stone and a die"),
    (Action("move", ((5, "inner"), 7)), "action", "a die shows 1 to 6, not 7"),
    (Action("move", ((5, "inner"), True)), "action", "not a well-formed action"),
    (Action("move", ((5, "inner"), "2")), "action", "a die shows 1 to 6"),
    (Action("move", ((24, "inner"), 2)), "action", "segment 0-23"),
    (Action("move", ((5, "middle"), 2)), "action", "'inner' or 'outer'"),
    (Action("move", (5, 2)), "action", "a stone is addressed as"),
    (Action("move", ([5, "inner"], 2)), "action", "not a well-formed action"),
    (Action("move", [(5, "inner"), 2]), "action", "not a well-formed action"),
    (Action("move", ((5, "inner"), 2.0)), "action", "not a well-formed action"),
    (Action(("move",), ((5, "inner"), 2)), "action", "not a well-formed action"),
    (Action("enter", ((5, "inner"), 2)), "entering", "only a stone on the mat enters"),
    (Action("enter", (("mat", "earth"), 2)), "entering", "only a stone on the mat enters"),
])
def test_illegal_actions_name_the_rule_and_change_nothing(action, rule, words):
    refused(base(), action, rule, words)


def test_white_is_refused_blacks_stones_with_whose_turn_it_is():
    state = pos({5: "Bv", 20: "Ww"}, to_move="white", dice=(1, 2))
    refused(state, move(5, 1), "turn order", "that stone is Black's, and it is White's turn")


def test_no_die_of_a_value_already_used():
    state = base(dice_left=(4,))
    refused(state, move(5, 2), "using the dice", "no die of 2 is left this turn")
    refused(state, escape(9, 2), "escaping", "escaping takes a whole turn")


def test_a_double_gives_two_dice_of_the_same_value_not_three():
    state = pos({5: "Bv", 20: "Ww"}, dice=(3, 3))
    state.apply(move(5, 3))
    assert state.dice_left == (3,)
    state.apply(move(8, 3))
    assert state.to_move == 1  # both threes used, White's turn


def test_something_that_is_not_an_action_is_refused():
    state = base()
    before = state.snapshot()
    for thing in (("move", ((5, "inner"), 4)), ["pass"], None):
        with pytest.raises(RuleError):
            state.apply(thing)
    assert state.snapshot() == before


def test_the_legal_actions_are_exactly_those_accepted():
    state = base()
    legal = set(state.legal_actions())
    candidates = {move(s, d, f) for s in range(24) for d in range(1, 7)
                  for f in ("inner", "outer")}
    candidates |= {enter(k, d) for k in ("vine", "water", "fire") for d in range(1, 7)}
    candidates |= {escape(s, d) for s in range(24) for d in range(1, 7)} | {PASS}
    for action in candidates:
        trial = state.clone()
        try:
            trial.apply(action)
        except RuleError:
            assert action not in legal, action
            assert trial == state
        else:
            assert action in legal, action
