"""Shared helpers for the Tatsu tests: building positions, playing actions, and an
independent checker of the physical rules that does not use the engine's own checks."""

import random

import pytest

from game.core import Action, RuleError
from game.tatsu import TatsuState
from game.tatsu.arena import BLACK, KINDS, SEGMENTS, STONES_PER_KIND, WHITE

pos = TatsuState.from_position


def move(segment, die, field="inner"):
    return Action("move", ((segment, field), die))


def enter(kind, die):
    return Action("enter", (("mat", kind), die))


def escape(segment, die):
    return Action("escape", ((segment, "inner"), die))


PASS = Action("pass", ())


def kinds(events):
    return [e.kind for e in events]


def only(events, kind):
    """The one event of `kind` among `events`."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, events)
    return found[0].data


def refused(state, action, rule, words):
    """Apply `action`, expect a RuleError naming `rule` and saying `words`, and check
    that the state is exactly as before."""
    before = state.snapshot()
    with pytest.raises(RuleError) as caught:
        state.apply(action)
    assert caught.value.rule == rule, caught.value
    assert words in str(caught.value), str(caught.value)
    assert state.snapshot() == before
    return caught.value


def stones_of(state, seat):
    """{kind: count} of `seat`'s stones in the arena, read through the accessors."""
    counts = dict.fromkeys(KINDS, 0)
    for segment in range(SEGMENTS):
        for field in ("inner", "outer"):
            stone = state.stone_at(segment, field)
            if stone is not None and stone[0] == seat:
                counts[stone[1]] += 1
    return counts


def independent_problems(state):
    """The physical rules, checked from the public accessors only."""
    problems = []
    for seat in (BLACK, WHITE):
        arena = stones_of(state, seat)
        for kind in KINDS:  # D7: arena + own mat + own tray + opponent's dead zone
            total = (arena[kind] + state.mat(seat)[kind] + state.tray(seat)[kind]
                     + state.dead_zone(1 - seat)[kind])
            if total != STONES_PER_KIND[kind]:
                problems.append(f"seat {seat} has {total} {kind}")
        for box in (state.mat(seat), state.tray(seat), state.dead_zone(seat)):
            if set(box) != set(KINDS) or min(box.values()) < 0:
                problems.append(f"bad box {box}")
    for segment in range(SEGMENTS):
        bottom, top = state.stone_at(segment, "inner"), state.stone_at(segment, "outer")
        if top is not None and bottom is None:
            problems.append(f"lone stone on the outer field of {segment}")
        status = state.status(segment, "inner")
        if status == "entangled" and not (top[0] != bottom[0] and top[1] == "vine"):
            problems.append(f"entangled at {segment} without an opposing vine above")
        if status == "held" and top[0] != bottom[0]:
            problems.append(f"held at {segment} without its owner's stone above")
        if top is not None and status not in ("held", "entangled"):
            problems.append(f"inner stone at {segment} under another is {status}")
    return problems


def random_game(seed, chooser_seed, cap=5000, check=None):
    """Play random legal actions until the game ends (or `cap` actions)."""
    state = TatsuState({"first": "roll" if seed % 3 == 0 else "black"}, seed)
    chooser = random.Random(chooser_seed)
    for _ in range(cap):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[chooser.randrange(len(actions))])
        if check is not None:
            check(state)
    return state
