"""The two worked examples at the end of the English rulebook, rebuilt with the D3 table.

The daikaiju is tile 3 (rotation number 2, gold arrow: 1 L, 2 C, 3 F, 4 R, 5 B), facing
south. Turn 1: roll 4, its arrow R points west: it moves left onto a wake tile, which
goes to the bottom of the draw pile. The active ship's new tile leaves it facing the
square just north of the daikaiju. Turn 2: roll 2 turns the daikaiju in place (the ship
is spared); a roll of 5 (arrow B, north) would move it into the square in front of the
ship and destroy it.
"""

from game.tsuro.board import OFF

from .tsuro_helpers import Script, at, find_tile, kinds, make, of_kind, one, place, sq

EATEN = 25  # the wake tile the daikaiju eats


def turn_one():
    down = find_tile({0: 5}, used={EATEN, 20})
    kaiju = {2: (sq(3, 4), 2),    # the example's daikaiju, facing south
             7: (sq(5, 5), 2),    # tile 8: 4 B (north), 2 A, 5 F
             9: (sq(5, 2), 0)}    # tile 10: 4 A, 2 R, 5 L
    state = make(2, ships=[at(sq(1, 3), 0), at(sq(6, 1), 4)],
                 hands=[[down[0], 41, 42], [43, 44, 45]],
                 tiles={sq(0, 3): (20, 0), sq(3, 3): (EATEN, 0)}, daikaiju=kaiju,
                 draw_pile=[30, 31, 32, 33], dice=[3, 4, 4], begin_turn=True)
    return state, down


def test_example_turn_1_daikaiju_moves_left_onto_a_wake_tile():
    state, down = turn_one()
    events = state.setup_events
    assert one(events, "daikaiju_die") == {"face": 4}
    assert of_kind(events, "daikaiju_moved")[0] == {"daikaiju": 2, "from": sq(3, 4),
                                                    "to": sq(3, 3)}
    assert one(events, "tile_eaten") == {"square": sq(3, 3), "tile": EATEN, "by": 2}
    assert state.kaiju_square[2] == sq(3, 3) and state.kaiju_facing[2] == 2
    assert state.tile_at[sq(3, 3)] == -1
    assert state.draw_pile[0] == EATEN  # to the bottom of the draw pile
    assert not of_kind(events, "ship_out")
    assert state.decision == "placement" and state.to_move == 0
    # the active player places and sails: now facing (2,3), just north of the daikaiju
    state.rng.dice.extend([1, 1])  # the next player's roll: nothing acts
    events = state.apply(place(*down))
    assert one(events, "ship_moved") == {"seat": 0, "path": [(sq(1, 3), 0, 5)],
                                         "to": at(sq(2, 3), 0), "fate": None}
    assert state.ships[0] >> 3 == state.kaiju_square[2] - 7


def play_to_turn_two(seat2_and_turn2_dice):
    state, down = turn_one()
    state.rng.dice.extend(seat2_and_turn2_dice)
    state.apply(place(*down))
    assert state.ships[0] == at(sq(2, 3), 0)
    assert state.kaiju_square[2] == sq(3, 3)  # the square in front is next to it
    assert state.to_move == 1
    events = state.apply(state.legal_actions()[0])  # the other player places
    return state, events


def test_example_turn_2_roll_2_turns_the_daikaiju_and_spares_the_ship():
    state, events = play_to_turn_two([1, 1, 3, 4, 2])
    turn2 = events[kinds(events).index("turn"):]
    assert one(turn2, "turn") == {"seat": 0, "turn": 3}
    assert one(turn2, "daikaiju_die") == {"face": 2}
    assert of_kind(turn2, "daikaiju_turned")[0] == {
        "daikaiju": 2, "square": sq(3, 3), "facing": 3, "clockwise": True}
    assert state.kaiju_square[2] == sq(3, 3)
    assert not of_kind(turn2, "ship_out")
    assert state.ships[0] == at(sq(2, 3), 0)
    assert state.decision == "placement" and state.to_move == 0
    assert state.rng.used_up


def test_example_turn_2_roll_5_would_have_destroyed_the_ship():
    state, events = play_to_turn_two([1, 1, 3, 4, 5])
    turn2 = events[kinds(events).index("turn"):]
    assert one(turn2, "daikaiju_die") == {"face": 5}
    assert of_kind(turn2, "daikaiju_moved")[0] == {"daikaiju": 2, "from": sq(3, 3),
                                                   "to": sq(2, 3)}
    assert one(turn2, "ship_out") == {"seat": 0, "reason": "facing daikaiju"}
    assert state.ships[0] is None
    assert one(turn2, "game_over") == {"winners": [1], "reason": "last ship afloat"}
    assert state.rng.used_up


def test_example_turn_2_both_branches_from_one_position():
    # the same position, cloned with two different dice: only the die decides
    state, down = turn_one()
    state.rng.dice.extend([1, 1])
    state.apply(place(*down))
    spared = state.clone(rng=Script(dice=[3, 4, 2]))
    doomed = state.clone(rng=Script(dice=[3, 4, 5]))
    action = state.legal_actions()[0]
    spared.apply(action)
    doomed.apply(action)
    assert spared.ships[0] == at(sq(2, 3), 0) and spared.to_move == 0
    assert doomed.ships[0] is None and doomed.winners == (1,)
    assert spared.kaiju_square[2] == sq(3, 3) and doomed.kaiju_square[2] == sq(2, 3)
    assert OFF not in (spared.kaiju_square[2], doomed.kaiju_square[2])
