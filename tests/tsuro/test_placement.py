"""Section C2, "Placing": the options listed, symmetric and duplicate tiles, placing rules
1-4 and their exceptions (D9), the endless loop (D11)."""

import pytest

from game.core import RuleError
from game.tsuro.tiles import ORIENTED

from .tsuro_helpers import at, find_tile, frozen, make, of_kind, one, place, sq

OTHER = at(sq(6, 3), 4)  # the other ship, out of the way on the bottom edge


def lookups(actions):
    return {ORIENTED[a.args[0]][a.args[1]] for a in actions}


def assert_refused(state, action, rule):
    before = frozen(state)
    legal = state.legal_actions()
    with pytest.raises(RuleError) as err:
        state.apply(action)
    assert err.value.rule == rule, (action, err.value)
    assert frozen(state) == before
    assert state.legal_actions() == legal


# --- the options -------------------------------------------------------------------

def open_middle(hand, daikaiju_rule=False):
    # seat 0 faces (3,3) from above, standing on a tile at (2,3) that turns point 4 to
    # point 0: every exit of a tile on (3,3) reaches an empty square
    behind = find_tile({4: 0}, used=hand)
    return make(2, ships=[at(sq(3, 3), 0), OTHER], hands=[hand, [50]],
                tiles={sq(2, 3): behind}, daikaiju_rule=daikaiju_rule)


def test_all_four_rotations_of_each_tile_are_options():
    hand = [1, 5, 20]  # no symmetry, three different patterns
    state = open_middle(hand)
    assert state.decision == "placement" and state.to_move == 0
    legal = state.legal_actions()
    assert sorted(legal) == sorted(place(t, r) for t in hand for r in range(4))
    for action in legal:
        assert state.placement_outcome(*action.args).own_fate is None


def test_symmetric_tiles_count_once_per_distinct_result():
    # tile 0 (0-1, 2-3, 4-5, 6-7) and tile 33 (straight across) look the same in every
    # orientation; tile 13 (0-2, 1-3, 4-6, 5-7) has two distinct orientations
    hand = [0, 33, 13]
    state = open_middle(hand)
    legal = state.legal_actions()
    assert len(legal) == 4
    assert len(lookups(legal)) == 4
    assert lookups(legal) == {ORIENTED[t][r] for t in hand for r in range(4)}
    # any orientation that gives a listed result may be placed
    state.apply(place(0, 3))
    assert state.tile_at[sq(3, 3)] == 0 and state.rotation_at[sq(3, 3)] == 3


def test_duplicate_tiles_count_once():
    # tiles 13 and 35 are the two copies of one pattern
    assert set(ORIENTED[13]) == set(ORIENTED[35])
    hand = [13, 35, 20]
    state = open_middle(hand)
    legal = state.legal_actions()
    assert len(legal) == 2 + 4
    assert lookups(legal) == {ORIENTED[t][r] for t in hand for r in range(4)}
    # the second copy may be placed as well, with the same result
    for r in range(4):
        assert (state.placement_outcome(35, r).voyages
                == state.placement_outcome(13, r).voyages)
    state.apply(place(35, 1))
    assert state.tile_at[sq(3, 3)] == 35 and sorted(state.hands[0][:2]) == [13, 20]


# --- rule 1: off the edge ------------------------------------------------------------

def top_mark(hand, daikaiju=None):
    # seat 0 on the top mark of (0,3), point 0; with tile 0 (0-1) it sails off the top
    return make(2, ships=[at(sq(0, 3), 0), OTHER], hands=[hand, [50]],
                daikaiju=daikaiju, daikaiju_rule=bool(daikaiju),
                dice=[1, 1] if daikaiju else [])


def test_rule_1_refused_when_another_placement_exists():
    safe = find_tile({0: 5}, used={0})
    state = top_mark([0, safe[0]])
    for r in range(4):
        assert state.placement_outcome(0, r).own_fate == "edge"
        assert_refused(state, place(0, r), "placing rule 1")
    assert all(a.args[0] != 0 for a in state.legal_actions())
    events = state.apply(place(*safe))
    assert one(events, "ship_moved")["to"] == at(sq(1, 3), 0)
    assert state.ships[0] == at(sq(1, 3), 0)


def test_rule_1_allowed_when_every_placement_breaks_it():
    state = top_mark([0])
    assert state.legal_actions() == [place(0, 0)]
    events = state.apply(place(0, 2))
    moved = one(events, "ship_moved")
    assert moved["fate"] == "edge" and moved["to"] == at(sq(0, 3), 1)
    assert one(events, "ship_out") == {"seat": 0, "reason": "edge"}
    assert state.winners == (1,)


# --- rule 3: into a daikaiju ---------------------------------------------------------

def test_rule_3_refused_when_another_placement_exists():
    kaiju = {0: (sq(0, 4), 0), 1: (sq(4, 0), 0), 6: (sq(4, 6), 0)}
    bad = find_tile({0: 2})
    safe = find_tile({0: 5}, used={bad[0]})
    state = top_mark([bad[0], safe[0]], daikaiju=kaiju)
    outcome = state.placement_outcome(*bad)
    assert outcome.own_fate == "daikaiju" and not outcome.same_wake
    assert_refused(state, place(*bad), "placing rule 3")
    assert place(*bad) not in state.legal_actions()
    state.apply(place(*safe))
    assert state.ships[0] == at(sq(1, 3), 0)


def test_rules_1_and_3_allowed_when_every_placement_breaks_one():
    # daikaiju left, right and below (0,3); the top is the edge
    kaiju = {0: (sq(0, 2), 0), 1: (sq(0, 4), 0), 6: (sq(1, 3), 0)}
    hand = [1, 5, 20]
    state = top_mark(hand, daikaiju=kaiju)
    legal = state.legal_actions()
    assert sorted(legal) == sorted(place(t, r) for t in hand for r in range(4))
    fates = {state.placement_outcome(*a.args).own_fate for a in legal}
    assert fates == {"edge", "daikaiju"}
    into = next(a for a in legal if ORIENTED[a.args[0]][a.args[1]][0] in (2, 3))
    events = state.apply(into)
    exit_point = ORIENTED[into.args[0]][into.args[1]][0]
    assert one(events, "ship_moved")["to"] == at(sq(0, 4), {2: 7, 3: 6}[exit_point])
    assert one(events, "ship_out") == {"seat": 0, "reason": "daikaiju"}
    assert state.winners == (1,)


# --- rule 2 and D11: the endless loop -------------------------------------------------

def loop_position(hand):
    # tiles on (2,2), (2,3), (3,3) join (2,2) 4-3, (2,3) 6-5, (3,3) 0-7; seat 0 stands on
    # (3,3) facing (3,2) at its point 2. A tile joining 2-1 on (3,2) closes the circle.
    used = set(hand) | {33, 54}
    a = find_tile({4: 3}, used=used)
    b = find_tile({6: 5}, used=used | {a[0]})
    c = find_tile({0: 7}, used=used | {a[0], b[0]})
    tiles = {sq(2, 2): a, sq(2, 3): b, sq(3, 3): c}
    return make(2, ships=[at(sq(3, 2), 2), at(sq(6, 5), 4)], hands=[hand, [54]],
                tiles=tiles, daikaiju_rule=False)


def test_rule_2_loop_refused_when_another_placement_exists():
    loop = find_tile({2: 1}, used={33, 34, 54})
    safe = find_tile({2: 5}, used={33, 34, 54, loop[0]})
    state = loop_position([loop[0], safe[0]])
    outcome = state.placement_outcome(*loop)
    assert outcome.own_fate == "loop"
    _, fate, path = outcome.voyages[0]
    assert fate == "loop"
    assert path == [(sq(3, 2), 2, 1), (sq(2, 2), 4, 3), (sq(2, 3), 6, 5), (sq(3, 3), 0, 7)]
    assert_refused(state, place(*loop), "placing rule 2")
    state.apply(place(*safe))
    assert state.ships[0] == at(sq(4, 2), 0)


def test_d11_loop_allowed_when_forced_and_the_ship_is_out():
    # tile 34 (0-7, 1-2, 3-4, 5-6) joins 2-1 in every orientation
    state = loop_position([34])
    assert state.legal_actions() == [place(34, 0)]
    events = state.apply(place(34, 1))
    moved = one(events, "ship_moved")
    assert moved["fate"] == "loop"
    assert [step[0] for step in moved["path"]] == [sq(3, 2), sq(2, 2), sq(2, 3), sq(3, 3)]
    assert one(events, "ship_out") == {"seat": 0, "reason": "loop"}
    assert one(events, "game_over") == {"winners": [1], "reason": "last ship afloat"}


# --- rule 4 and D9: same wake, same direction -------------------------------------------

def merge_position(hand, players=2, extra=None, kaiju=None, dice=()):
    """Seat 0 faces (2,2) from the left (on a tile at (2,1)); the last seat stands facing
    (2,4) at its point 7, on a tile at (2,3) joining 7-2. A tile on (2,2) joining 7-2
    sends seat 0 along that wake behind the other ship, onto the same point."""
    q2 = find_tile({7: 2, 3: 0}, used=set(hand) | {33})
    tiles = {sq(2, 1): (50, 0), sq(2, 3): q2}
    ships = [at(sq(2, 2), 7)] + [None] * (players - 1)
    ships[players - 1] = at(sq(2, 4), 7)
    hands = [hand] + [[51 + i] for i in range(players - 1)]
    if extra:
        extra(tiles, ships, hands)
    return make(players, ships=ships, hands=hands, tiles=tiles, daikaiju=kaiju,
                daikaiju_rule=bool(kaiju), draw_pile=[40, 41, 42], dice=dice)


def test_rule_4_refused_when_another_placement_exists():
    bad = find_tile({7: 2}, used={33, 50})
    safe = find_tile({7: 4}, used={33, 50, bad[0]})
    state = merge_position([bad[0], safe[0]])
    outcome = state.placement_outcome(*bad)
    assert outcome.same_wake and outcome.own_fate is None
    assert outcome.voyages[0][0] == at(sq(2, 4), 7) == state.ships[1]
    assert_refused(state, place(*bad), "placing rule 4")
    assert place(*bad) not in state.legal_actions()
    state.apply(place(*safe))
    assert state.ships[0] == at(sq(3, 2), 1)


def test_rule_4_meeting_a_daikaiju_at_the_same_point():
    # the other ship faces a daikaiju on (2,4); following it is meeting it there too
    bad = find_tile({7: 2}, used={33, 50})
    safe = find_tile({7: 4}, used={33, 50, bad[0]})
    kaiju = {0: (sq(2, 4), 0), 1: (sq(5, 5), 0), 6: (sq(5, 0), 0)}
    state = merge_position([bad[0], safe[0]], kaiju=kaiju)
    outcome = state.placement_outcome(*bad)
    assert outcome.own_fate == "daikaiju" and outcome.same_wake
    assert place(*bad) not in state.legal_actions()
    with pytest.raises(RuleError):
        state.apply(place(*bad))


def test_d9_forced_same_wake_is_allowed_and_the_ships_sail_together():
    # tile 33 (straight across) is the only option and it breaks rule 4
    kaiju = {0: (sq(2, 5), 0), 1: (sq(5, 5), 0), 6: (sq(5, 0), 0)}
    to_kaiju = find_tile({7: 2}, used={33, 50, 51, 40, 41, 42})
    up = find_tile({7: 0}, used={33, 50, 51, 40, 41, 42, to_kaiju[0]})

    def hands(tiles, ships, hands):
        hands[1] = [to_kaiju[0], up[0]]

    state = merge_position([33], kaiju=kaiju, dice=[1, 1, 1, 1], extra=hands)
    assert state.legal_actions() == [place(33, 0)]
    assert state.placement_outcome(33, 0).same_wake
    events = state.apply(place(33, 0))
    assert one(events, "ship_moved")["to"] == at(sq(2, 4), 7)
    assert state.ships == [at(sq(2, 4), 7), at(sq(2, 4), 7)]
    assert state.forced_same_wake
    assert state.invariant_violations() == []
    # seat 1's turn: both ships face (2,4) and every tile moves both the same way, so every
    # placement "breaks" rule 4 and only rules 1-3 choose: exits 2 and 3 meet the daikaiju
    assert state.decision == "placement" and state.to_move == 1
    legal = state.legal_actions()
    for t in state.hands[1]:
        for r in range(4):
            outcome = state.placement_outcome(t, r)
            assert outcome.same_wake
            assert (ORIENTED[t][r] in lookups(legal)) == (ORIENTED[t][r][7] not in (2, 3))
    with pytest.raises(RuleError):
        state.apply(place(*to_kaiju))
    events = state.apply(place(*up))
    assert [(m["seat"], m["to"], m["fate"]) for m in of_kind(events, "ship_moved")] == [
        (1, at(sq(1, 4), 5), None), (0, at(sq(1, 4), 5), None)]
    assert state.invariant_violations() == []


def test_d9_refusal_names_the_rule_that_refuses_when_rule_4_gave_way():
    """Every placement of seat 1 breaks rule 4 (the two ships on one point move
    together), so rule 4 gives way (D9); a placement into the daikaiju is then refused by
    rule 3, and the refusal should say so."""
    kaiju = {0: (sq(2, 5), 0), 1: (sq(5, 5), 0), 6: (sq(5, 0), 0)}
    to_kaiju = find_tile({7: 2}, used={33, 50, 51, 40, 41, 42})
    up = find_tile({7: 0}, used={33, 50, 51, 40, 41, 42, to_kaiju[0]})

    def hands(tiles, ships, hands):
        hands[1] = [to_kaiju[0], up[0]]

    state = merge_position([33], kaiju=kaiju, dice=[1, 1], extra=hands)
    state.apply(place(33, 0))
    assert state.to_move == 1 and state.ships[0] == state.ships[1]
    assert state.placement_outcome(*to_kaiju).own_fate == "daikaiju"
    assert_refused(state, place(*to_kaiju), "placing rule 3")


def test_rule_4_still_binds_other_ships_after_a_forced_same_wake():
    """After seats 0 and 3 were forced onto one point, seat 1 may still not send its
    ship behind seat 2's: that placement makes two ships travel the same wake in the same
    direction, and seat 1 has other placements that do not."""
    bad = find_tile({7: 2}, used={33, 50, 49})
    safe = find_tile({7: 4}, used={33, 50, 49, bad[0]})

    def second_pair(tiles, ships, hands):
        # seat 1 faces (4,2) from the left (tile at (4,1)); seat 2 faces (4,4) at point 7,
        # on a tile at (4,3) joining 7-2
        tiles[sq(4, 1)] = (49, 0)
        tiles[sq(4, 3)] = find_tile({7: 2, 3: 0}, used={33, 50, 49, bad[0], safe[0]}
                                    | {t for t, _ in tiles.values()})
        ships[1] = at(sq(4, 2), 7)
        ships[2] = at(sq(4, 4), 7)
        hands[1] = [bad[0], safe[0]]

    state = merge_position([33], players=4, extra=second_pair)
    # the same geometry without the earlier forced merge: refused
    assert state.placement_outcome(33, 0).same_wake
    state.apply(place(33, 0))
    assert state.ships[0] == state.ships[3] and state.forced_same_wake
    assert state.to_move == 1
    assert state.placement_outcome(*bad).voyages[1][0] == state.ships[2]
    assert place(*bad) not in state.legal_actions()
    assert_refused(state, place(*bad), "placing rule 4")


def test_rule_4_in_the_same_geometry_without_a_forced_merge():
    # control for the test above: a ship alone with another ahead of it is refused
    bad = find_tile({7: 2}, used={33, 50, 49})
    safe = find_tile({7: 4}, used={33, 50, 49, bad[0]})
    q2 = find_tile({7: 2, 3: 0}, used={33, 50, 49, bad[0], safe[0]})
    state = make(2, ships=[at(sq(4, 2), 7), at(sq(4, 4), 7)],
                 hands=[[bad[0], safe[0]], [51]],
                 tiles={sq(4, 1): (49, 0), sq(4, 3): q2}, daikaiju_rule=False)
    assert_refused(state, place(*bad), "placing rule 4")


def test_rule_4_precedes_rules_1_to_3():
    # daikaiju above and below (2,2). Tile 33 (straight across) would follow the other
    # ship (rule 4); tile 27 (0-3, 1-6, 2-5, 4-7, the same in every orientation) takes
    # seat 0 from point 7 to point 4, into the daikaiju below (rule 3). Rule 4 has no
    # exception while a placement keeps it, so the daikaiju placement is the one allowed.
    kaiju = {0: (sq(3, 2), 0), 1: (sq(1, 2), 0), 6: (sq(5, 0), 0)}
    state = merge_position([33, 27], kaiju=kaiju)
    assert state.placement_outcome(27, 0).own_fate == "daikaiju"
    assert not state.placement_outcome(27, 0).same_wake
    assert state.placement_outcome(33, 0).same_wake
    assert state.placement_outcome(33, 0).own_fate is None
    assert state.legal_actions() == [place(27, 0)]
    assert_refused(state, place(33, 0), "placing rule 4")
