"""Property-based, on crowded seas: the endless loop (D11) is rare in random games (a
loop needs a closed ring of wakes, and random games end before the sea fills up), so
these positions are dealt crowded: 20 to 39 wake tiles at random, the ships on empty
squares beside them. For every tile and turn in the hand, the voyages, fates (loops
included) and legal placements agree with the independent reference of
test_properties.py; every legal placement played keeps the invariants, and a ship whose
voyage loops is out for that reason."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.tsuro.tiles import DECK

from .test_properties import LOOKUP, QUIET, across, ref_options
from .tsuro_helpers import build, place


def crowded_sea(seed: int):
    """A position (daikaiju rule off) with many tiles down and seat 0 to place."""
    rnd = random.Random(seed)
    players = rnd.randint(2, 4)
    squares = list(range(49))
    rnd.shuffle(squares)
    empties, tiled = squares[:10], squares[10:10 + rnd.randint(20, 39)]
    deck = list(range(len(DECK)))
    rnd.shuffle(deck)
    tiles = {square: (deck.pop(), rnd.randrange(4)) for square in tiled}
    hands = [[deck.pop() for _ in range(3)] for _ in range(players)]
    ships = []
    while len(ships) < players:  # each on an empty square, come from a tile or the edge
        square, point = rnd.choice(empties), rnd.randrange(8)
        behind = across(square, point)
        if (behind is None or behind[0] in tiles) and square * 8 + point not in ships:
            ships.append(square * 8 + point)
    return build(players, ships=ships, hands=hands, tiles=tiles, daikaiju_rule=False,
                draw_pile=deck[:6])


def loop_fates(state) -> int:
    """How many voyages of the placement's options end in a loop."""
    options, _legal = ref_options(state)
    return sum(fate == "loop" for voyages, _own, _same in options.values()
               for _end, fate in voyages.values())


def check_crowded_sea(state) -> None:
    options, legal = ref_options(state)
    actions = state.legal_actions()
    assert {LOOKUP[a.args[0]][a.args[1]] for a in actions} == legal
    for tile in state.hands[state.active]:
        for rotation in range(4):
            outcome = state.placement_outcome(tile, rotation)
            voyages, own, same = options[LOOKUP[tile][rotation]]
            assert {s: v[:2] for s, v in outcome.voyages.items()} == voyages
            assert outcome.own_fate == own and outcome.same_wake == same
    for action in actions:
        after = state.clone()
        events = after.apply(place(*action.args))
        assert after.invariant_violations() == [], action
        voyages = options[LOOKUP[action.args[0]][action.args[1]]][0]
        looped = {seat for seat, (_end, fate) in voyages.items() if fate == "loop"}
        out = {e.data["seat"] for e in events
               if e.kind == "ship_out" and e.data["reason"] == "loop"}
        assert out == looped, (action, voyages)


@settings(max_examples=120, **QUIET)
@given(seed=st.integers(0, 2**32 - 1))
def test_crowded_seas_keep_every_placing_rule_loops_included(seed):
    check_crowded_sea(crowded_sea(seed))


def test_crowded_seas_reach_the_loop_rule():
    """The dealing above really makes loops: of these 100 seas, some offer a placement
    that sends a ship round a loop (so the property checks D11 on them)."""
    looping = [seed for seed in range(100) if loop_fates(crowded_sea(seed))]
    assert len(looping) >= 3, looping
    for seed in looping:
        check_crowded_sea(crowded_sea(seed))
