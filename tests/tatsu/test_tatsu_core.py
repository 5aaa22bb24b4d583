"""The rules written once (game/tatsu/core.py), which the engine and the bots both play
by, checked over random games against an independent reading of the rules text
(tatsu_helpers): every decision's legal moves and every move's outcome."""

import random

from tatsu_helpers import (
    independent_moves,
    independent_outcome,
    independent_problems,
    move,
    pos,
    position_of,
)

from game.tatsu import TatsuState, core
from game.tatsu.layout import WON


def test_every_decision_and_every_outcome_follow_the_rules_text():
    checked = 0
    for game in range(30):
        state = TatsuState({"first": "roll" if game % 2 else "black"}, 1000 + game)
        chooser = random.Random(game)
        while not state.is_over:
            legal = state.legal_actions()
            assert sorted(legal) == sorted(independent_moves(state))
            assert len(set(legal)) == len(legal)
            action = legal[chooser.randrange(len(legal))]
            expected = independent_outcome(state, action)
            seat, turn = state.to_move, state.turn
            state.apply(action)
            assert position_of(state) == expected, (action, turn)
            assert independent_problems(state) == []
            if not state.is_over and state.turn == turn:
                assert state.to_move == seat  # the second die of the same turn
            checked += 1
    assert checked > 1500


def test_play_leaves_its_position_alone_and_agrees_with_the_engine():
    state = pos({5: "Bf", 8: "Ww", 12: ("Wv", "Bv"), 20: "Wv"}, dice=(3, 1),
                mats={"black": {"water": 1}})
    p = state.position[:]
    for action in state.legal_actions():
        q = core.play(p, 0, action)
        assert p == state.position  # pure: the position it was given is unchanged
        after = state.clone()
        after.apply(action)
        assert q == after.position


def test_a_landing_destroys_then_recruits_then_ends_the_game():
    """Black's fire lands on corner 4 (a fire corner) on White's last fire: it destroys
    it, recruits a fire from Black's tray, and Black wins (D6), in that order."""
    state = pos({1: "Bf", 4: "Wf", 20: "Wv"}, dice=(3, 5), dead={"black": {"fire": 1}})
    q = core.play(state.position, 0, move(1, 3))
    assert q[WON] == 1 + 0
    events = state.apply(move(1, 3))
    assert [e.kind for e in events] == ["move", "power", "recruit", "game_over"]
    assert state.position == q
    assert state.mat(0)["fire"] == 1 and state.winners == (0,)
