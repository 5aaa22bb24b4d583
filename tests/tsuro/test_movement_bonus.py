"""Section C3 (moving ships), the elimination bonus and D10 (returns to the draw pile)."""

import pytest

from game.core import Action, RuleError

from .tsuro_helpers import at, bonus, find_tile, frozen, kinds, make, of_kind, one, place, sq

# --- moving ships ------------------------------------------------------------------

def test_ships_on_one_wake_pass_each_other_and_others_stay():
    # seat 0 faces (3,3) from above (on a tile at (2,3) joining 5-2), seat 1 from below
    # (on a tile at (4,3) joining 1-6); seat 2 stands elsewhere. A tile on (3,3) joining
    # 0-4 puts seats 0 and 1 on one wake in opposite directions.
    s = sq(3, 3)
    mid = find_tile({0: 4})
    above = find_tile({5: 2}, used={mid[0]})
    below = find_tile({1: 6}, used={mid[0], above[0]})
    ships = [at(s, 0), at(s, 4), at(sq(0, 0), 0)]
    state = make(3, ships=ships, hands=[[mid[0]], [50], [51]], draw_pile=[40],
                 tiles={sq(2, 3): above, sq(4, 3): below}, daikaiju_rule=False)
    assert place(*mid) in state.legal_actions()
    events = state.apply(place(*mid))
    moved = of_kind(events, "ship_moved")
    assert moved == [
        {"seat": 0, "path": [(s, 0, 4), (sq(4, 3), 1, 6)], "to": at(sq(4, 2), 3), "fate": None},
        {"seat": 1, "path": [(s, 4, 0), (sq(2, 3), 5, 2)], "to": at(sq(2, 4), 7), "fate": None},
    ]
    assert state.ships == [at(sq(4, 2), 3), at(sq(2, 4), 7), at(sq(0, 0), 0)]
    assert not of_kind(events, "ship_out")
    assert state.trails[0] == [(s, mid[0], 0, 4), (sq(4, 3), below[0], 1, 6)]
    assert state.trails[1] == [(s, mid[0], 4, 0), (sq(2, 3), above[0], 5, 2)]
    assert state.trails[2] == []
    assert state.invariant_violations() == []


def test_a_voyage_can_cross_the_new_tile_twice():
    # the new tile on (3,3) joins 0-2 and 3-4; the tile at (3,4) joins 7-6: the ship goes
    # right, comes back into (3,3) at point 3 and leaves downwards
    s = sq(3, 3)
    new = find_tile({0: 2, 3: 4})
    right = find_tile({7: 6}, used={new[0]})
    state = make(2, ships=[at(s, 0), at(sq(6, 6), 4)], hands=[[new[0]], [50]],
                 tiles={sq(2, 3): (49, 0), sq(3, 4): right}, daikaiju_rule=False)
    events = state.apply(place(*new))
    assert one(events, "ship_moved") == {
        "seat": 0, "path": [(s, 0, 2), (sq(3, 4), 7, 6), (s, 3, 4)],
        "to": at(sq(4, 3), 1), "fate": None}


def test_the_new_tile_sends_another_ship_off_the_edge():
    # seat 0 faces (0,3) from below; seat 1 stands on the top mark of (0,3)
    state, elim = bonus_position(players=2)
    events = state.apply(place(*elim))
    assert [(m["seat"], m["to"], m["fate"]) for m in of_kind(events, "ship_moved")] == [
        (0, at(sq(0, 4), 6), None), (1, at(sq(0, 3), 1), "edge")]
    assert one(events, "ship_out") == {"seat": 1, "reason": "edge"}
    assert one(events, "game_over") == {"winners": [0], "reason": "last ship afloat"}
    assert events[-1].kind == "game_over"
    assert "bonus_offered" not in kinds(events)


def test_the_new_tile_runs_another_ship_into_a_daikaiju():
    # as above, but a daikaiju waits left of (0,3): the tile joins 0-7 for the mark ship
    s = sq(0, 3)
    tile = find_tile({4: 3, 0: 7})
    kaiju = {0: (sq(0, 2), 0), 1: (sq(4, 0), 0), 6: (sq(4, 6), 0)}
    state = make(3, ships=[at(s, 4), at(s, 0), at(sq(6, 0), 4)],
                 hands=[[tile[0], 41], [43], [46]], tiles={sq(1, 3): (20, 0)},
                 daikaiju=kaiju, draw_pile=[30])
    events = state.apply(place(*tile))
    assert [(m["seat"], m["to"], m["fate"]) for m in of_kind(events, "ship_moved")] == [
        (0, at(sq(0, 4), 6), None), (1, at(sq(0, 2), 2), "daikaiju")]
    assert one(events, "ship_out") == {"seat": 1, "reason": "daikaiju"}
    assert one(events, "bonus_offered") == {"seat": 0, "from": [1]}


# --- the elimination bonus -------------------------------------------------------------

def bonus_position(players=3, hand0=(41, 42), hand1=(43, 44, 45)):
    """Seat 0 faces (0,3) from below, on a tile at (1,3); seat 1 stands on the top mark
    of (0,3), point 0. A tile joining 0-1 and 4-3 sends seat 1 off the top edge and seat
    0 to (0,4)."""
    s = sq(0, 3)
    elim = find_tile({0: 1, 4: 3}, used=set(range(30, 56)))
    ships = [at(s, 4), at(s, 0)] + [at(sq(6, 0), 4)] * (players - 2)
    hands = [[elim[0], *hand0], list(hand1)] + [[46, 47, 48]] * (players - 2)
    state = make(players, ships=ships, hands=hands, tiles={sq(1, 3): (20, 0)},
                 draw_pile=[30, 31, 32], daikaiju_rule=False)
    return state, elim


def test_bonus_offered_after_eliminating_an_opponent():
    state, elim = bonus_position()
    events = state.apply(place(*elim))
    assert kinds(events) == ["tile_placed", "ship_moved", "ship_moved", "ship_out",
                             "bonus_offered"]
    assert one(events, "bonus_offered") == {"seat": 0, "from": [1]}
    assert state.decision == "bonus" and state.to_move == 0
    assert state.bonus_pool() == [43, 44, 45]
    legal = state.legal_actions()
    assert len(legal) == 1 + 2 * 3 + 1 * 3
    assert bonus() in legal and bonus((41,), (44,)) in legal
    assert bonus((41, 42), (43, 45)) in legal
    assert all(len(a.args[0]) == len(a.args[1]) for a in legal)
    # only the active player sees the eliminated hand
    assert state.view(0)["bonus_hands"] == {1: [43, 44, 45]}
    assert state.view(2)["bonus_hands"] == {}
    # nothing returned or drawn yet
    assert state.draw_pile == [30, 31, 32]


def test_bonus_swaps_exactly_what_was_chosen_then_returns_then_draws():
    state, elim = bonus_position()
    state.apply(place(*elim))
    events = state.apply(bonus((41,), (44,)))
    assert kinds(events)[:3] == ["bonus", "hand_returned", "drew"]
    assert events[0].data == {"seat": 0, "tiles": 1}
    assert events[1].data == {"seat": 1, "tiles": 3}
    assert events[2].data == {"seat": 0, "tiles": 1}
    assert sorted(state.hands[0]) == [32, 42, 44]  # 41 given, 44 taken, 32 drawn
    assert state.hands[1] == []
    assert set(state.draw_pile[:3]) == {41, 43, 45}  # the rest of seat 1's hand, with 41
    assert state.draw_pile[3:] == [30, 31]
    assert one(events, "turn") == {"seat": 2, "turn": 2}  # the position is in turn 1
    assert state.to_move == 2 and state.decision == "placement"
    assert state.invariant_violations() == []


def test_bonus_swapping_two():
    state, elim = bonus_position()
    state.apply(place(*elim))
    state.apply(bonus((42, 41), (45, 43)))
    assert sorted(state.hands[0]) == [32, 43, 45]
    assert set(state.draw_pile[:3]) == {41, 42, 44} and state.draw_pile[3:] == [30, 31]


def test_bonus_no_exchange():
    state, elim = bonus_position()
    state.apply(place(*elim))
    events = state.apply(bonus())
    assert events[0].data == {"seat": 0, "tiles": 0}
    assert sorted(state.hands[0]) == [32, 41, 42]
    assert set(state.draw_pile[:3]) == {43, 44, 45} and state.draw_pile[3:] == [30, 31]


@pytest.mark.parametrize("action", [
    bonus((43,), (41,)),          # giving a tile not in one's hand
    bonus((41,), (46,)),          # taking from a player still in the game
    bonus((41,), (30,)),          # taking from the draw pile
    bonus((41,), ()),             # unequal numbers
    bonus((), (43,)),
    bonus((41, 41), (43, 44)),    # the same tile twice
    bonus((41,), (43, 43)),
    Action("bonus", (41, 43)),    # not two tuples
    Action("bonus", ((41,),)),
])
def test_bonus_refusals_leave_the_state_unchanged(action):
    state, elim = bonus_position()
    state.apply(place(*elim))
    before = frozen(state)
    with pytest.raises(RuleError) as err:
        state.apply(action)
    assert err.value.rule == "elimination bonus"
    assert frozen(state) == before
    with pytest.raises(RuleError) as err:
        state.apply(place(41, 0))
    assert err.value.rule == "turn order"
    assert frozen(state) == before


def test_no_bonus_when_the_eliminated_hand_is_empty():
    state, elim = bonus_position(hand1=())
    events = state.apply(place(*elim))
    assert "bonus_offered" not in kinds(events)
    assert sorted(state.hands[0]) == [32, 41, 42] and state.to_move == 2


def test_no_bonus_when_the_active_hand_is_empty_after_placing():
    state, elim = bonus_position(hand0=())
    events = state.apply(place(*elim))
    assert "bonus_offered" not in kinds(events)
    # seat 1's hand to the bottom, then seat 0 draws three from the top
    assert sorted(state.hands[0]) == [30, 31, 32]
    assert set(state.draw_pile) == {43, 44, 45} and len(state.draw_pile) == 3


def test_d10_returns_in_turn_order_after_the_active_player_without_bonus():
    """Six players; seat 2 (active) and seats 3, 0, 1 stand on the four marks of the
    corner (0,0); tile 0 (0-1, 2-3, 4-5, 6-7) sends all four off the edge. No bonus (the
    active ship is out); hands go to the bottom in turn order after the active player:
    seat 3, seat 0, seat 1, and the active seat 2 last, each beneath the one before."""
    c = sq(0, 0)
    ships = [at(c, 6), at(c, 7), at(c, 0), at(c, 1), at(sq(6, 6), 4), at(sq(6, 3), 4)]
    # every option of the active hand breaks rule 1: tile 0 and tile 34 (with its copy
    # 55: 0-7, 1-2, 3-4, 5-6) look the same in every orientation and take point 0 to the
    # edge
    hands = [[46], [47, 48], [0, 34, 55], [43, 44, 45], [50], [51]]
    state = make(6, ships=ships, hands=hands, draw_pile=[30, 31], active=2,
                 daikaiju_rule=False)
    assert state.legal_actions() == [place(0, 0), place(34, 0)]
    events = state.apply(place(0, 0))
    assert [(o["seat"], o["reason"]) for o in of_kind(events, "ship_out")] == [
        (2, "edge"), (3, "edge"), (0, "edge"), (1, "edge")]
    assert "bonus_offered" not in kinds(events)
    assert of_kind(events, "hand_returned") == [
        {"seat": 3, "tiles": 3}, {"seat": 0, "tiles": 1}, {"seat": 1, "tiles": 2},
        {"seat": 2, "tiles": 2}]
    pile = state.draw_pile
    assert set(pile[:2]) == {34, 55}        # the active player's, at the very bottom
    assert set(pile[2:4]) == {47, 48}       # seat 1
    assert pile[4] == 46                    # seat 0
    assert set(pile[5:8]) == {43, 44, 45}   # seat 3
    assert pile[8:] == [30, 31]
    assert "drew" not in kinds(events)
    assert one(events, "turn") == {"seat": 4, "turn": 2}  # the position is in turn 1
    assert state.winners == () and state.to_move == 4


def test_d10_bonus_pool_and_returns_with_two_eliminated():
    """Four players; seat 0 (active) faces (0,3) from below; seats 1 and 3 stand on the
    two top marks of (0,3). The tile sends both off the edge; the pool and the returns
    follow turn order after seat 0: seat 1, then seat 3 (beneath)."""
    s = sq(0, 3)
    elim = find_tile({4: 3, 0: 1}, used=set(range(30, 56)))
    ships = [at(s, 4), at(s, 1), at(sq(6, 0), 4), at(s, 0)]
    hands = [[elim[0], 41, 42], [43, 44], [46, 47, 48], [50, 51, 52]]
    state = make(4, ships=ships, hands=hands, tiles={sq(1, 3): (20, 0)},
                 draw_pile=[30, 31, 32], daikaiju_rule=False)
    events = state.apply(place(*elim))
    assert one(events, "bonus_offered") == {"seat": 0, "from": [1, 3]}
    assert state.bonus_pool() == [43, 44, 50, 51, 52]
    state.apply(bonus((42,), (51,)))
    assert sorted(state.hands[0]) == [32, 41, 51]
    pile = state.draw_pile
    assert set(pile[:3]) == {50, 42, 52}  # seat 3's, returned last, at the bottom
    assert set(pile[3:5]) == {43, 44}
    assert pile[5:] == [30, 31]
