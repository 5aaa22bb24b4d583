"""Property-based tests over random games: invariants, replay, save/load, clones,
highlighting helpers, refusals, and that games end."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tatsu_helpers import PASS, independent_problems, random_game

from game.core import Action, RuleError
from game.core.rng import new_rng
from game.tatsu import TURN_CAP, TatsuState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=25, deadline=None)


def play_prefix(seed, chooser_seed, length):
    """A random game cut after `length` actions; returns the state and its events."""
    state = TatsuState({"first": "roll" if seed % 2 else "black"}, seed)
    chooser = random.Random(chooser_seed)
    events = list(state.setup_events)
    while not state.is_over and len(state.history) < length:
        actions = state.legal_actions()
        events += state.apply(actions[chooser.randrange(len(actions))])
    return state, events


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_invariants_hold_after_every_action_of_a_whole_game(seed, chooser):
    def check(state):
        assert state.invariant_violations() == []
        assert independent_problems(state) == []

    state = random_game(seed, chooser, check=check)
    assert state.is_over and len(state.winners) == 1
    assert state.turn <= TURN_CAP


@FEW
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 300))
def test_replay_same_seed_and_actions_gives_the_same_state_and_events(seed, chooser, length):
    state, events = play_prefix(seed, chooser, length)
    again = TatsuState(state.config, seed)
    replayed = list(again.setup_events)
    for action in state.history:
        replayed += again.apply(action)
    assert again == state
    assert [e.to_json() for e in replayed] == [e.to_json() for e in events]


@FEW
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 300))
def test_save_then_load_gives_an_equal_state(seed, chooser, length):
    state, _ = play_prefix(seed, chooser, length)
    assert TatsuState.from_json(state.to_json()) == state


@FEW
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 200))
def test_clone_is_equal_and_independent(seed, chooser, length):
    state, _ = play_prefix(seed, chooser, length)
    if state.is_over:
        return
    before = state.snapshot()
    copy = state.clone()
    assert copy == state
    action = state.legal_actions()[0]
    copy_events = copy.apply(action)
    assert state.snapshot() == before  # the original did not move
    assert [e.to_json() for e in state.apply(action)] == [e.to_json() for e in copy_events]
    assert copy == state  # same dice afterwards: the copy's dice are the real ones
    reseeded = state.clone(rng=new_rng("bot's own dice"))
    assert reseeded.snapshot()["rng"] != state.snapshot()["rng"]


@FEW
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 200))
def test_destinations_cover_exactly_the_legal_actions(seed, chooser, length):
    state, _ = play_prefix(seed, chooser, length)
    if state.is_over:
        assert state.movable_stones() == [] and state.legal_actions() == []
        return
    offered = []
    for stone in state.movable_stones():
        for action, target in state.destinations(stone):
            offered.append(action)
            events = state.clone().apply(action)
            landing = next(e for e in events if e.kind in ("move", "enter", "escape"))
            assert landing.data["to"][0] == target
    assert sorted(offered) == sorted(a for a in state.legal_actions() if a != PASS)


@FEW
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 200),
       kind=st.sampled_from(["move", "enter", "escape"]),
       first=st.one_of(st.integers(-1, 25), st.sampled_from(["mat", "inner"])),
       second=st.sampled_from(["inner", "outer", "vine", "water", "fire", "mat", 3]),
       die=st.integers(0, 7))
def test_any_action_is_either_legal_or_refused_without_change(seed, chooser, length, kind,
                                                              first, second, die):
    state, _ = play_prefix(seed, chooser, length)
    if state.is_over:
        return
    action = Action(kind, ((first, second), die))
    before = state.snapshot()
    if action in state.legal_actions():
        state.apply(action)
        assert state.invariant_violations() == []
    else:
        try:
            state.apply(action)
        except RuleError:
            assert state.snapshot() == before
        else:
            raise AssertionError(f"{action} was accepted but not listed as legal")


def test_every_game_ends_well_before_the_cap():
    longest = 0
    for game in range(150):
        state = random_game(seed=1000 + game, chooser_seed=game)
        assert state.is_over, f"game {game} did not end"
        longest = max(longest, state.turn)
    assert longest < TURN_CAP / 2
