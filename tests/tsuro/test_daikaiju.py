"""Section C1 and the daikaiju rules: the roll, the movement table and order, placing a
new daikaiju, D4, D6, D7, D8, the minimum of 3, D10 after the roll phase."""

from itertools import product

import pytest

from game.core import RuleError
from game.tsuro.board import OFF

from .test_data import D3
from .tsuro_helpers import at, find_tile, frozen, kinds, make, of_kind, one, place, relocate, sq

TWO_SHIPS = [at(sq(0, 3), 0), at(sq(6, 3), 4)]  # top mark of column 4, bottom mark of column 4
HANDS2 = [[1, 2, 3], [4, 5, 6]]
# three daikaiju whose every possible step stays on the board, away from the ships and
# from one another: daikaiju 1, 3, 6 (D3 tiles 2, 4, 7)
SAFE3 = {1: (sq(2, 1), 0), 3: (sq(2, 5), 0), 6: (sq(4, 3), 0)}

STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}
TURN = {"F": 0, "R": 1, "B": 2, "L": 3}
TABLE = {int(r[0]) - 1: r[3:] for r in (line.split() for line in D3.strip().splitlines())}


def neighbour(square, direction):
    row, col = divmod(square, 7)
    dr, dc = STEP[direction]
    row, col = row + dr, col + dc
    return sq(row, col) if 0 <= row < 7 and 0 <= col < 7 else None


@pytest.mark.parametrize("gold,blue", list(product(range(1, 7), repeat=2)))
def test_roll_sum_6_to_8_makes_the_daikaiju_act(gold, blue):
    acts = gold + blue in (6, 7, 8)
    state = make(2, ships=TWO_SHIPS, hands=HANDS2, daikaiju=SAFE3,
                 dice=[gold, blue] + ([1] if acts else []), begin_turn=True)
    events = state.setup_events
    assert state.rng.used_up  # no further die was rolled when the sum does not act
    assert one(events, "daikaiju_roll") == {"gold": gold, "blue": blue, "acts": acts}
    if not acts:
        assert kinds(events) == ["turn", "daikaiju_roll"]
        assert [state.kaiju_square[k] for k in (1, 3, 6)] == [sq(2, 1), sq(2, 5), sq(4, 3)]
    else:
        # die 1: daikaiju 1 (D3 tile 2) A, daikaiju 3 (tile 4) B, daikaiju 6 (tile 7) C
        assert events[1:] == [
            events[1],
            type(events[0])("daikaiju_die", {"face": 1}),
            type(events[0])("daikaiju_turned", {"daikaiju": 1, "square": sq(2, 1),
                                                "facing": 3, "clockwise": False}),
            type(events[0])("daikaiju_moved", {"daikaiju": 3, "from": sq(2, 5),
                                               "to": sq(3, 5)}),
            type(events[0])("daikaiju_turned", {"daikaiju": 6, "square": sq(4, 3),
                                                "facing": 1, "clockwise": True}),
        ]
    assert state.decision == "placement" and state.to_move == 0


@pytest.mark.parametrize("k", range(10))
def test_d3_every_arrow_of_every_daikaiju_in_every_facing(k):
    extras = [(k + 1) % 10, (k + 2) % 10]
    for facing, face in product(range(4), range(1, 6)):
        state = make(2, ships=TWO_SHIPS, hands=HANDS2,
                     daikaiju={k: (sq(3, 3), facing), extras[0]: (sq(0, 0), 0),
                               extras[1]: (sq(6, 6), 0)},
                     dice=[3, 4, face], begin_turn=True)
        mine = [e for e in state.setup_events
                if e.kind.startswith("daikaiju_") and e.data.get("daikaiju") == k]
        code = TABLE[k][face - 1]
        if code in ("C", "A"):
            new_facing = (facing + (1 if code == "C" else 3)) % 4
            assert [e.kind for e in mine] == ["daikaiju_turned"], (k, facing, face)
            assert mine[0].data["facing"] == new_facing
            assert state.kaiju_square[k] == sq(3, 3)
            assert state.kaiju_facing[k] == new_facing
        else:
            target = neighbour(sq(3, 3), (facing + TURN[code]) % 4)
            assert [e.kind for e in mine] == ["daikaiju_moved"], (k, facing, face)
            assert mine[0].data == {"daikaiju": k, "from": sq(3, 3), "to": target}
            assert state.kaiju_square[k] == target
            assert state.kaiju_facing[k] == facing  # a move does not turn the tile
            assert state.kaiju_at[sq(3, 3)] == -1


@pytest.mark.parametrize("first,second,face,third", [
    # same rotation number 1: the gold arrow (daikaiju 0, D3 tile 1) acts first
    ((0, sq(2, 2), 0), (1, sq(2, 3), 3), 2, (6, sq(5, 5), 0)),
    # rotation numbers 1 and 3: ascending, daikaiju 0 first (descending would reverse)
    ((0, sq(2, 2), 1), (4, sq(2, 3), 2), 1, (1, sq(5, 5), 0)),
    # rotation number 1 without gold arrow before number 2 with a gold arrow
    ((1, sq(2, 2), 0), (2, sq(2, 3), 3), 3, (8, sq(5, 5), 0)),
])
def test_movement_order_when_two_daikaiju_move_into_each_other(first, second, face, third):
    (k1, s1, f1), (k2, s2, f2), (k3, s3, f3) = first, second, third
    state = make(2, ships=TWO_SHIPS, hands=HANDS2,
                 daikaiju={k1: (s1, f1), k2: (s2, f2), k3: (s3, f3)},
                 dice=[3, 4, face], begin_turn=True)
    events = state.setup_events
    # the earlier one moves onto the later one's square and destroys it
    assert one(events, "daikaiju_destroyed") == {"daikaiju": k2, "by": k1, "square": s2}
    moved = of_kind(events, "daikaiju_moved")
    assert {"daikaiju": k1, "from": s1, "to": s2} in moved
    assert not [m for m in moved if m["daikaiju"] == k2]
    assert state.kaiju_square[k1] == s2 and state.kaiju_at[s2] == k1
    assert state.kaiju_at[s1] == -1
    assert state.kaiju_square[k2] == OFF and k2 in state.supply  # D4
    assert any(k2 in shuffled for shuffled in state.rng.shuffles)  # shuffled back in
    assert state.invariant_violations() == []


def test_die_6_places_a_new_daikaiju_rerolling_a_taken_square():
    daikaiju = {1: (sq(0, 0), 0), 3: (sq(2, 5), 0), 6: (sq(4, 3), 0)}
    state = make(2, ships=TWO_SHIPS, hands=HANDS2, daikaiju=daikaiju,
                 dice=[3, 4, 6, 1, 1, 6, 6], facings=[3], begin_turn=True)
    events = state.setup_events
    assert kinds(events) == ["turn", "daikaiju_roll", "daikaiju_die", "placement_reroll",
                             "daikaiju_placed"]
    assert one(events, "placement_reroll") == {"gold": 1, "blue": 1}
    placed = one(events, "daikaiju_placed")
    new = placed.pop("daikaiju")
    assert new in (0, 2, 4, 5, 7, 8, 9)  # one from the supply
    assert placed == {"square": sq(6, 6), "facing": 3, "gold": 6, "blue": 6, "why": "roll"}
    assert state.kaiju_square[new] == sq(6, 6) and state.kaiju_facing[new] == 3
    assert new not in state.supply and len(state.supply) == 6
    # no daikaiju moved
    assert [state.kaiju_square[k] for k in (1, 3, 6)] == [sq(0, 0), sq(2, 5), sq(4, 3)]
    assert state.rng.used_up and state.decision == "placement"


def test_die_6_with_an_empty_supply_places_nothing():
    squares = [sq(1, 1), sq(1, 5), sq(2, 2), sq(2, 4), sq(3, 1), sq(3, 5), sq(4, 2),
               sq(4, 4), sq(5, 1), sq(5, 5)]
    daikaiju = {k: (s, k % 4) for k, s in enumerate(squares)}
    state = make(2, ships=TWO_SHIPS, hands=HANDS2, daikaiju=daikaiju, dice=[3, 4, 6],
                 begin_turn=True)
    assert kinds(state.setup_events) == ["turn", "daikaiju_roll", "daikaiju_die",
                                         "supply_empty"]
    assert state.rng.used_up
    assert [state.kaiju_square[k] for k in range(10)] == squares
    assert state.decision == "placement"


def test_d4_a_daikaiju_leaving_the_board_goes_to_the_supply():
    daikaiju = {0: (sq(6, 6), 1), 1: (sq(2, 1), 0), 6: (sq(4, 3), 0)}
    state = make(2, ships=TWO_SHIPS, hands=HANDS2, daikaiju=daikaiju, dice=[3, 4, 1],
                 begin_turn=True)
    assert one(state.setup_events, "daikaiju_left") == {"daikaiju": 0, "square": sq(6, 6)}
    assert state.kaiju_square[0] == OFF and state.kaiju_at[sq(6, 6)] == -1
    assert sorted(state.supply) == [0, 2, 3, 4, 5, 7, 8, 9]
    assert state.rng.shuffles and 0 in state.rng.shuffles[-1]
    assert state.daikaiju_on_board() == 2
    assert state.invariant_violations() == []


def test_d6_daikaiju_eats_a_wake_tile_and_the_ships_on_it():
    # daikaiju 0 steps east onto the tile at (2,2); seats 1 and 3 stand on that tile
    # (it is behind them, D6); seat 2 stands on the tile at (3,2) just below it, and no
    # ship can face a square that holds a tile
    tiles = {sq(2, 2): (20, 0), sq(3, 2): (21, 0)}
    ships = [at(sq(0, 5), 0), at(sq(1, 2), 4), at(sq(4, 2), 0), at(sq(2, 3), 7)]
    hands = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    daikaiju = {0: (sq(2, 1), 1), 1: (sq(5, 5), 0), 6: (sq(5, 0), 0)}
    state = make(4, ships=ships, hands=hands, tiles=tiles, daikaiju=daikaiju,
                 draw_pile=[30, 31, 32], dice=[3, 4, 1], begin_turn=True)
    events = state.setup_events
    assert kinds(events) == ["turn", "daikaiju_roll", "daikaiju_die", "daikaiju_moved",
                             "tile_eaten", "ship_out", "ship_out", "daikaiju_turned",
                             "daikaiju_turned", "hand_returned", "hand_returned"]
    assert one(events, "tile_eaten") == {"square": sq(2, 2), "tile": 20, "by": 0}
    assert of_kind(events, "ship_out") == [{"seat": 1, "reason": "tile eaten"},
                                           {"seat": 3, "reason": "tile eaten"}]
    assert of_kind(events, "hand_returned") == [{"seat": 1, "tiles": 3},
                                                {"seat": 3, "tiles": 3}]
    assert state.tile_at[sq(2, 2)] == -1 and state.kaiju_at[sq(2, 2)] == 0
    assert state.ships == [at(sq(0, 5), 0), None, at(sq(4, 2), 0), None]
    assert state.out[1] == "tile eaten" and state.out[3] == "tile eaten"
    assert state.tile_at[sq(3, 2)] == 21
    # D10: the eaten tile to the bottom, then seat 1's hand, then seat 3's beneath it
    pile = state.draw_pile
    assert set(pile[:3]) == {10, 11, 12} and set(pile[3:6]) == {4, 5, 6}
    assert pile[6:] == [20, 30, 31, 32]
    assert state.hands[1] == [] and state.hands[3] == []
    # no elimination bonus for a roll-phase elimination; the active player places
    assert "bonus_offered" not in kinds(events)
    assert state.decision == "placement" and state.to_move == 0
    assert state.invariant_violations() == []


def d7_position(next_dice):
    # seat 0 (active) and seat 1 both face (3,3), from above and from below; daikaiju 0
    # steps east into (3,3)
    tiles = {sq(2, 3): (20, 0), sq(4, 3): (21, 0)}
    ships = [at(sq(3, 3), 0), at(sq(3, 3), 4), at(sq(0, 0), 0)]
    hands = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    daikaiju = {0: (sq(3, 2), 1), 1: (sq(5, 5), 0), 6: (sq(1, 5), 0)}
    return make(3, ships=ships, hands=hands, tiles=tiles, daikaiju=daikaiju,
                draw_pile=[30], dice=[3, 4, 1] + next_dice, begin_turn=True)


def test_d7_active_ship_facing_a_daikaiju_is_destroyed_the_other_waits():
    # seat 1 then rolls 3+4 and 1: the daikaiju steps on east, out of its way
    state = d7_position([3, 4, 1])
    events = state.setup_events
    assert {"daikaiju": 0, "from": sq(3, 2), "to": sq(3, 3)} in of_kind(events,
                                                                       "daikaiju_moved")
    assert of_kind(events, "ship_out") == [{"seat": 0, "reason": "facing daikaiju"}]
    assert of_kind(events, "hand_returned") == [{"seat": 0, "tiles": 3}]
    assert set(state.draw_pile[:3]) == {1, 2, 3} and state.draw_pile[3:] == [30]
    assert "bonus_offered" not in kinds(events)
    assert of_kind(events, "turn") == [{"seat": 0, "turn": 1}, {"seat": 1, "turn": 2}]
    assert {"daikaiju": 0, "from": sq(3, 3), "to": sq(3, 4)} in of_kind(events,
                                                                       "daikaiju_moved")
    assert state.ships[1] == at(sq(3, 3), 4) and state.out[1] is None
    assert state.decision == "placement" and state.to_move == 1
    assert state.rng.used_up


def test_d7_the_waiting_ship_is_destroyed_on_its_own_turn_if_still_facing():
    state = d7_position([1, 1])  # seat 1 rolls 1+1: nothing acts
    events = state.setup_events
    assert of_kind(events, "ship_out") == [{"seat": 0, "reason": "facing daikaiju"},
                                           {"seat": 1, "reason": "facing daikaiju"}]
    assert one(events, "game_over") == {"winners": [2], "reason": "last ship afloat"}
    assert state.winners == (2,) and state.is_over


def relocation_position(top_tiles, seat2=None):
    # seat 0 stands on the top mark of (0,2); daikaiju 0 steps north onto (0,2)
    seat2 = at(sq(0, 4), 1) if seat2 is None else seat2
    tiles = {s: (20 + i, 0) for i, s in enumerate(top_tiles)}
    daikaiju = {0: (sq(1, 2), 0), 1: (sq(5, 5), 0), 6: (sq(5, 1), 0)}
    return make(2, ships=[at(sq(0, 2), 0), seat2], hands=HANDS2, tiles=tiles,
                daikaiju=daikaiju, dice=[3, 4, 1], begin_turn=True)


def test_d8_relocation_offered_marks_and_choice():
    state = relocation_position([sq(0, 5)])
    expected = [at(sq(0, c), p) for c in (0, 1, 3, 4, 6) for p in (0, 1)
                if (c, p) != (4, 1)]
    assert {"daikaiju": 0, "from": sq(1, 2), "to": sq(0, 2)} in of_kind(
        state.setup_events, "daikaiju_moved")
    assert one(state.setup_events, "relocation") == {"seat": 0, "marks": expected}
    assert not of_kind(state.setup_events, "ship_out")
    assert state.decision == "relocation" and state.to_move == 0
    assert sorted(state.relocation_marks()) == sorted(expected)
    assert sorted(a.args[0] for a in state.legal_actions()) == sorted(expected)
    assert all(a.kind == "relocate" for a in state.legal_actions())
    before = frozen(state)
    for bad, rule in [(at(sq(0, 5), 0), "D8"),   # its first square holds a wake tile
                      (at(sq(0, 4), 1), "D8"),   # another ship stands there
                      (at(sq(0, 2), 1), "D8"),   # its first square holds the daikaiju
                      (at(sq(0, 2), 0), "D8"),   # where it stands
                      (at(sq(1, 0), 6), "D8"),   # another edge
                      (at(sq(3, 3), 0), "D5"),   # not a start mark
                      ]:
        with pytest.raises(RuleError) as err:
            state.apply(relocate(bad))
        assert err.value.rule == rule, bad
        assert frozen(state) == before
    with pytest.raises(RuleError) as err:
        state.apply(place(1, 0))
    assert err.value.rule == "turn order"
    assert frozen(state) == before
    events = state.apply(relocate(at(sq(0, 4), 0)))
    assert events[0].kind == "relocated"
    assert events[0].data == {"seat": 0, "from": at(sq(0, 2), 0), "to": at(sq(0, 4), 0)}
    assert state.ships[0] == at(sq(0, 4), 0)
    assert state.decision == "placement" and state.to_move == 0
    assert state.invariant_violations() == []


def test_d8_no_allowed_mark_destroys_the_ship():
    state = relocation_position([sq(0, c) for c in (0, 1, 3, 4, 5, 6)],
                                seat2=at(sq(6, 3), 4))
    events = state.setup_events
    assert "relocation" not in kinds(events)
    assert of_kind(events, "ship_out") == [{"seat": 0, "reason": "no free start mark"}]
    assert one(events, "game_over") == {"winners": [1], "reason": "last ship afloat"}


def test_minimum_of_three_restored_by_the_next_player_who_does_not_roll():
    # seat 0's roll: daikaiju 0 and 5 walk off the board, daikaiju 1 turns: one is left
    t05, r05 = find_tile({0: 5}, used={1, 2, 4, 5, 6, 7, 8, 9, 30, 31})
    ships = [at(sq(0, 1), 0), at(sq(6, 3), 4), at(sq(3, 0), 6)]
    hands = [[t05, 1, 2], [4, 5, 6], [7, 8, 9]]
    daikaiju = {0: (sq(6, 6), 1), 5: (sq(0, 5), 0), 1: (sq(4, 4), 0)}
    state = make(3, ships=ships, hands=hands, daikaiju=daikaiju, draw_pile=[30, 31],
                 dice=[3, 4, 1,            # seat 0: roll and die
                       2, 1, 6, 6],        # seat 1: two placements, no roll
                 facings=[2, 1], begin_turn=True)
    first = state.setup_events
    assert [e["daikaiju"] for e in of_kind(first, "daikaiju_left")] == [0, 5]
    assert state.daikaiju_on_board() == 1
    assert not of_kind(first, "daikaiju_placed")  # not restored by the one who rolled
    assert state.decision == "placement" and state.to_move == 0
    events = state.apply(place(t05, r05))
    assert one(events, "ship_moved")["to"] == at(sq(1, 1), 0)
    turn2 = events[[e.kind for e in events].index("turn"):]
    assert turn2[0].data == {"seat": 1, "turn": 2}
    assert "daikaiju_roll" not in kinds(turn2)
    assert one(turn2, "restore_daikaiju") == {"on_board": 1}
    placed = of_kind(turn2, "daikaiju_placed")
    new = [p.pop("daikaiju") for p in placed]
    assert len(set(new)) == 2 and 1 not in new
    assert placed == [
        {"square": sq(0, 1), "facing": 2, "gold": 2, "blue": 1, "why": "restore"},
        {"square": sq(6, 6), "facing": 1, "gold": 6, "blue": 6, "why": "restore"},
    ]
    # the first one landed on the wake tile seat 0 is on: out of the game, ship destroyed
    assert one(turn2, "tile_removed") == {"square": sq(0, 1), "tile": t05}
    assert one(turn2, "ship_out") == {"seat": 0, "reason": "tile removed"}
    assert t05 in state.removed and t05 not in state.draw_pile
    assert state.tile_at[sq(0, 1)] == -1 and state.kaiju_at[sq(0, 1)] == new[0]
    # seat 0 had drawn back to 3 (1, 2, 31); that hand goes to the bottom
    assert one(turn2, "hand_returned") == {"seat": 0, "tiles": 3}
    assert set(state.draw_pile[:3]) == {1, 2, 31} and state.draw_pile[3:] == [30]
    assert state.daikaiju_on_board() == 3
    assert state.decision == "placement" and state.to_move == 1
    assert state.rng.used_up
    assert state.invariant_violations() == []


def test_roll_6_on_a_wake_tile_removes_it_from_the_game():
    # seat 1 stands on the tile at (6,6); the new daikaiju lands there
    tiles = {sq(6, 6): (20, 0)}
    ships = [at(sq(0, 3), 0), at(sq(5, 6), 4), at(sq(6, 0), 4)]
    state = make(3, ships=ships, hands=[[1, 2, 3], [4, 5, 6], [7, 8, 9]], tiles=tiles,
                 daikaiju=SAFE3, draw_pile=[30], dice=[3, 4, 6, 6, 6], facings=[0],
                 begin_turn=True)
    events = state.setup_events
    assert one(events, "tile_removed") == {"square": sq(6, 6), "tile": 20}
    assert one(events, "ship_out") == {"seat": 1, "reason": "tile removed"}
    assert 20 in state.removed and 20 not in state.draw_pile
    assert set(state.draw_pile[:3]) == {4, 5, 6} and state.draw_pile[3:] == [30]
    assert state.decision == "placement" and state.to_move == 0


def test_d8_also_when_a_new_daikaiju_is_placed_on_the_first_square():
    # seat 0 on the top mark of (0,1); die 6 places daikaiju 9 there (gold 2, blue 1)
    state = make(2, ships=[at(sq(0, 1), 0), TWO_SHIPS[1]], hands=HANDS2, daikaiju=SAFE3,
                 dice=[3, 4, 6, 2, 1], facings=[0], begin_turn=True)
    assert one(state.setup_events, "daikaiju_placed")["square"] == sq(0, 1)
    expected = [at(sq(0, c), p) for c in (0, 2, 3, 4, 5, 6) for p in (0, 1)]
    assert one(state.setup_events, "relocation") == {"seat": 0, "marks": expected}
    assert state.decision == "relocation"


def test_a_waiting_ship_on_its_start_mark_is_left_alone():
    # daikaiju 0 steps onto the first square of seat 1's mark during seat 0's turn
    state = make(2, ships=[at(sq(6, 3), 4), at(sq(0, 2), 0)], hands=HANDS2,
                 daikaiju={0: (sq(1, 2), 0), 1: (sq(5, 5), 0), 6: (sq(5, 1), 0)},
                 dice=[3, 4, 1], begin_turn=True)
    assert state.kaiju_at[sq(0, 2)] == 0
    assert "relocation" not in kinds(state.setup_events)
    assert not of_kind(state.setup_events, "ship_out")
    assert state.ships[1] == at(sq(0, 2), 0)
    assert state.decision == "placement" and state.to_move == 0


def test_the_log_tells_a_daikaiju_placed_before_the_tile_and_ships_it_sends_down():
    """Cause before effect: "Daikaiju 6 is placed at ..." comes before "the tile goes
    under" and "Ann went down with it" (the events are the log's order)."""
    import random

    from game.tsuro import TsuroState

    seen = 0
    for seed in range(60):
        state, chooser = TsuroState({"players": 4, "daikaiju": True}, seed), random.Random(seed)
        while not state.is_over and seen < 5:
            events = state.apply(chooser.choice(state.legal_actions()))
            for index, event in enumerate(events):
                if event.kind == "tile_removed":
                    assert events[index - 1].kind == "daikaiju_placed"
                    assert events[index - 1].data["square"] == event.data["square"]
                    seen += 1
        if seen >= 5:
            break
    assert seen >= 5
