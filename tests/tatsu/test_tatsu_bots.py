"""Tatsu's computer opponents: legal, deterministic, blind to future dice, and sensible.

The bots look ahead with the engine's own position and rules (game/tatsu/core.py, which
tests/tatsu/test_tatsu_core.py checks against the rules text); the first tests check
that the bots' whole turns are exactly the engine's pairs of decisions."""

import random

import pytest
from tatsu_helpers import destroy_by_hand, pos

from game.core import Action
from game.core.bots import think_through
from game.core.rng import new_rng
from game.tatsu import BOTS, TatsuState, core
from game.tatsu.bots import model as model
from game.tatsu.bots.eval import MediumBot, best_turn, evaluate
from game.tatsu.bots.search import HardBot
from game.tatsu.layout import WON

LEVELS = ("random", "easy", "medium", "hard")


def move(segment, die, field="inner"):
    return Action("move", ((segment, field), die))


def random_positions(count, seed=0, low=4, high=120):
    """Mid-game positions of random games (none of them over)."""
    found, game = [], seed
    while len(found) < count:
        state = TatsuState({"first": "roll" if game % 2 else "black"}, game)
        chooser = random.Random(game)
        for _ in range(chooser.randrange(low, high)):
            if state.is_over:
                break
            state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over:
            found.append(state)
        game += 1
    return found


# --- the bots play by the engine's rules ------------------------------------------------
def test_the_bots_position_is_a_copy_of_the_engines_and_their_first_moves_its_actions():
    for state in random_positions(40, seed=5):
        p = model.from_state(state)
        assert p == state.position and p is not state.position
        first = len(state.dice_left) == len(state.rolled)
        turns = model.whole_turns(p, state.to_move, state.dice_left, first)
        starts = {moves[0] for _, moves in turns}
        assert starts <= set(state.legal_actions())


def test_a_reading_of_the_rules_changes_the_engine_and_the_bots_together(monkeypatch):
    """D6's tie-break is read in one place (core.py, from arena.MOVER_WINS_TIES): turned
    round there, the engine and the bots' look-ahead both give a tie to the other one.
    Black's water expels White's last stone; White has destroyed both Black fires."""
    for mover_wins, winner in ((True, 0), (False, 1)):
        monkeypatch.setattr(core, "MOVER_WINS_TIES", mover_wins)
        state = destroy_by_hand(pos({5: "Bw", 7: "Wv"}, dead={"white": {"fire": 1}},
                                    dice=(2, 3)), 0, "fire")
        ends = {q[WON] for q, moves in model.whole_turns(state.position, 0, (2, 3))
                if moves[0] == move(5, 2)}
        state.apply(move(5, 2))
        assert state.winners == (winner,)
        assert ends == {1 + winner}


def test_whole_turns_are_the_ends_of_every_legal_pair_of_decisions():
    for state in random_positions(40, seed=7):
        ends = set()
        for first in state.legal_actions():
            once = state.clone(rng=new_rng(1))
            once.apply(first)
            if once.is_over or once.to_move != state.to_move:
                ends.add(_model_key(once, state.to_move, first))
                continue
            for second in once.legal_actions():
                twice = once.clone(rng=new_rng(1))
                twice.apply(second)
                ends.add(_model_key(twice, state.to_move, second))
        p = model.from_state(state)
        turns = model.whole_turns(p, state.to_move, state.dice_left,
                                  len(state.dice_left) == 2)
        assert {bytes(q) for q, _ in turns} == ends
        assert len(turns) == len(ends)


def _model_key(state, seat, last):
    """The position of a state just after `seat`'s turn (the engine has rolled the next
    dice by then, which the position does not hold)."""
    return bytes(model.from_state(state))


# --- every level -------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_plays_only_legal_actions_until_the_end(level):
    games = 2 if level == "hard" else 6
    for game in range(games):
        state = TatsuState({"first": "black"}, 300 + game)
        seat = game % 2
        bots = {seat: BOTS[level](seat, game), 1 - seat: BOTS["easy"](1 - seat, game)}
        while not state.is_over:
            legal = state.legal_actions()
            action = bots[state.to_move](state)
            assert action in legal
            state.apply(action)
            assert state.turn < 2000
        assert len(state.winners) == 1


def test_the_registry_has_the_four_levels():
    assert set(LEVELS) <= set(BOTS)
    assert BOTS["medium"] is MediumBot and BOTS["hard"] is HardBot


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_repeats_its_choice(level):
    for state in random_positions(8, seed=21):
        before = state.snapshot()
        first = BOTS[level](state.to_move, "seed-1")(state)
        again = BOTS[level](state.to_move, "seed-1")(state)
        assert first == again
        assert state.snapshot() == before  # the bot changed nothing


def test_the_random_bot_depends_on_its_seed():
    state = random_positions(1, seed=3)[0]
    while len(state.legal_actions()) < 4:
        state = random_positions(1, seed=state.seed + 1)[0]
    choices = {BOTS["easy"](state.to_move, seed)(state) for seed in range(40)}
    assert len(choices) > 1


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_does_not_read_the_future_dice(level):
    """The choice is the same when the state's dice generator is replaced, and a bot
    never touches the generator at all."""

    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"a bot read the dice generator ({name})")

    changed = 0
    for state in random_positions(6 if level == "hard" else 12, seed=40):
        choice = BOTS[level](state.to_move, 5)(state)
        other = state.clone(rng=new_rng(987654))
        assert BOTS[level](state.to_move, 5)(other) == choice
        state.rng = new_rng("some other dice")
        assert BOTS[level](state.to_move, 5)(state) == choice
        state.rng = Untouchable()
        assert BOTS[level](state.to_move, 5)(state) == choice
        changed += choice != state.legal_actions()[0]
    assert changed  # the positions do ask for a choice


def test_hard_think_and_call_agree_and_think_yields_between_slices():
    sliced = 0
    for state in random_positions(10, seed=60):
        steps = HardBot(state.to_move, 9).think(state)
        thought, yielded = think_through(steps)
        assert all(y is None for y in yielded)
        slices = len(yielded)
        assert thought == HardBot(state.to_move, 9)(state)
        assert thought in state.legal_actions()
        sliced += slices > 1
    assert sliced >= 5  # most positions take several slices


def test_hard_plays_the_rest_of_its_planned_turn():
    """After the first die, the hard bot's second action is the one it planned, and a
    fresh hard bot (with no plan) finds a legal action too."""
    for state in random_positions(12, seed=80):
        bot = HardBot(state.to_move, 1)
        seat = state.to_move
        state.apply(bot(state))
        if state.is_over or state.to_move != seat:
            continue
        planned = bot.plan
        assert planned is not None
        second = bot(state)
        assert second == planned[1]
        assert HardBot(seat, 1)(state) in state.legal_actions()


# --- sensible choices on constructed positions ------------------------------------------
def fire_can_destroy():
    """Black's fire on 5 can destroy White's lone water on 8 with the 3; Black's vine on
    10 has the 1 too. Nothing of White's can reach Black's stones soon."""
    return pos({5: "Bf", 10: "Bv", 8: "Ww", 20: "Wv", 21: "Wv"}, to_move="black",
               dice=(3, 1))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_fire_dragon_destroys_the_lone_stone(level):
    state = fire_can_destroy()
    bot = BOTS[level](0, 1)
    while state.to_move == 0 and not state.is_over:
        state.apply(bot(state))
    assert state.dead_zone(0)["water"] == 1


def test_the_medium_evaluation_ranks_destroying_above_a_quiet_move():
    state = fire_can_destroy()
    p = model.from_state(state)
    destroyed = core.play(p, 0, move(5, 3))
    quiet = core.play(p, 0, move(10, 3))
    assert evaluate(destroyed, 0, 1) > evaluate(quiet, 0, 1) + 10
    value, moves, _ = best_turn(p, 0, (3, 1))
    assert move(5, 3) in moves


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_last_fire_flees_out_of_reach_of_the_rivals_fire(level):
    """Black's last fire, on 6, sits 2 in front of White's fire on 8 (White moves
    anticlockwise): Black should move it out of reach rather than move the far vine."""
    state = pos({6: "Bf", 14: "Bv", 8: "Wf", 22: "Wv"}, to_move="black", dice=(5, 4),
                dead={"white": {"fire": 1}})
    bot = BOTS[level](0, 1)
    while state.to_move == 0 and not state.is_over:
        state.apply(bot(state))
    fire = next(s for s in range(24) if state.stone_at(s, "inner") == (0, "fire"))
    assert (8 - fire) % 24 > 12  # beyond the reach of White's fire, even with both dice


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_takes_an_immediate_win(level):
    """White has one fire left, alone on 9; Black's fire on 4 reaches it with the 5."""
    state = pos({4: "Bf", 17: "Bv", 9: "Wf", 22: "Wv", 23: "Wv"}, to_move="black",
                dice=(5, 2), dead={"black": {"fire": 1}})
    action = BOTS[level](0, 3)(state)
    state.apply(action)
    assert state.winners == (0,)


def test_the_evaluation_is_zero_sum():
    for state in random_positions(20, seed=90):
        p = model.from_state(state)
        for to_move in (0, 1):
            assert evaluate(p, 0, to_move) == pytest.approx(-evaluate(p, 1, to_move))
