"""End of the game: last ship, simultaneous elimination, full board, D12, and refusing
actions once the game is over."""

import pytest

from game.core import RuleError
from game.tsuro.board import SQUARES

from .tsuro_helpers import at, find_tile, frozen, kinds, make, of_kind, one, place, sq, start


def assert_over(state, winners, reason, events):
    assert state.is_over and state.to_move is None and state.decision is None
    assert state.winners == winners
    assert one(events, "game_over") == {"winners": list(winners), "reason": reason}
    assert events[-1].kind == "game_over"
    assert state.legal_actions() == []
    before = frozen(state)
    for action in (place(1, 0), start(0), place(*state.history[-1].args)
                   if state.history else place(2, 0)):
        with pytest.raises(RuleError) as err:
            state.apply(action)
        assert err.value.rule == "end of the game"
    assert frozen(state) == before


def test_last_ship_wins():
    s = sq(0, 3)
    elim = find_tile({0: 1, 4: 3}, used={20})
    state = make(2, ships=[at(s, 4), at(s, 0)], hands=[[elim[0], 41], [43, 44]],
                 tiles={sq(1, 3): (20, 0)}, daikaiju_rule=False)
    events = state.apply(place(*elim))
    assert one(events, "ship_out") == {"seat": 1, "reason": "edge"}
    assert "bonus_offered" not in kinds(events)
    assert_over(state, (0,), "last ship afloat", events)


def test_simultaneous_elimination_by_a_placed_tile_shares_the_win():
    # both ships on marks of the corner (0,0); tile 0 (0-1, 6-7, ...) sends both off
    c = sq(0, 0)
    state = make(2, ships=[at(c, 0), at(c, 7)], hands=[[0], [43]], daikaiju_rule=False)
    events = state.apply(place(0, 0))
    assert of_kind(events, "ship_out") == [{"seat": 0, "reason": "edge"},
                                           {"seat": 1, "reason": "edge"}]
    assert_over(state, (0, 1), "eliminated together", events)


def test_simultaneous_elimination_by_a_daikaiju_shares_the_win():
    # both remaining ships are on the tile at (2,2); the daikaiju steps onto it
    ships = [at(sq(1, 2), 4), None, at(sq(2, 3), 7)]
    state = make(3, ships=ships, hands=[[1], [], [2]], tiles={sq(2, 2): (20, 0)},
                 daikaiju={0: (sq(2, 1), 1), 1: (sq(5, 5), 0), 6: (sq(5, 0), 0)},
                 dice=[3, 4, 1], begin_turn=True)
    events = state.setup_events
    assert of_kind(events, "ship_out") == [{"seat": 2, "reason": "tile eaten"},
                                           {"seat": 0, "reason": "tile eaten"}]
    assert_over(state, (0, 2), "eliminated together", events)


def test_full_board_shares_the_win():
    """45 tiles and 3 daikaiju leave one empty square, (3,3), in front of seat 0; seats 1
    and 2 face daikaiju (they wait: it is not their turn). Seat 0 fills the board; its
    own voyage can only end badly; the two others share the win."""
    empty = sq(3, 3)
    kaiju = {0: (sq(0, 0), 0), 1: (sq(6, 6), 0), 6: (sq(0, 6), 0)}
    kaiju_squares = {s for s, _ in kaiju.values()}
    others = [s for s in range(SQUARES) if s != empty and s not in kaiju_squares]
    assert len(others) == 45
    tiles = {s: (i, 0) for i, s in enumerate(others)}
    ships = [at(empty, 0), at(sq(0, 0), 2), at(sq(6, 6), 6)]
    state = make(3, ships=ships, hands=[[45], [46], [47]], tiles=tiles, daikaiju=kaiju)
    action = state.legal_actions()[0]
    events = state.apply(action)
    assert one(events, "ship_out")["seat"] == 0
    assert state.ships[1:] == ships[1:]
    assert_over(state, (1, 2), "the board is full", events)


def test_d12_no_tile_left_to_place_after_a_placement():
    safe = find_tile({0: 5})
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[safe[0]], []],
                 daikaiju_rule=False)
    events = state.apply(place(*safe))
    assert state.ships == [at(sq(1, 3), 0), at(sq(6, 3), 4)]
    assert_over(state, (0, 1), "no tile left to place", events)


def test_d12_an_empty_hand_skips_placing():
    safe = find_tile({4: 1})
    state = make(3, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4), at(sq(3, 0), 6)],
                 hands=[[], [safe[0]], []], daikaiju_rule=False, begin_turn=True)
    assert kinds(state.setup_events) == ["turn", "placement_skipped", "turn"]
    assert of_kind(state.setup_events, "placement_skipped") == [{"seat": 0}]
    assert state.decision == "placement" and state.to_move == 1
    events = state.apply(place(*safe))
    assert state.ships[1] == at(sq(5, 3), 4)
    assert_over(state, (0, 1, 2), "no tile left to place", events)


def test_out_of_tiles_but_the_pile_still_holds_some():
    # seat 0's hand is empty but a tile waits in the draw pile: no end yet
    safe = find_tile({4: 1})
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[], [safe[0]]],
                 draw_pile=[40], daikaiju_rule=False, begin_turn=True)
    assert not state.is_over
    assert state.to_move == 1


def test_draw_up_to_three_fewer_if_the_pile_runs_out():
    safe = find_tile({0: 5})
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[safe[0], 41], [42]],
                 draw_pile=[30], daikaiju_rule=False)
    events = state.apply(place(*safe))
    assert one(events, "drew") == {"seat": 0, "tiles": 1}
    assert state.hands[0] == [41, 30] and state.draw_pile == []
    assert not state.is_over and state.to_move == 1


def test_draw_takes_from_the_top():
    safe = find_tile({0: 5})
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[safe[0]], [42]],
                 draw_pile=[30, 31, 32, 33], daikaiju_rule=False)
    state.apply(place(*safe))
    assert state.hands[0] == [33, 32, 31] and state.draw_pile == [30]
