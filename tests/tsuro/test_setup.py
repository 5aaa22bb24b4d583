"""Section B: hands, daikaiju at setup, start marks, the No Daikaiju option, D13."""

import random

import pytest

from game.core import Action, RuleError
from game.tsuro import TsuroState
from game.tsuro.board import OFF, START_MARKS, square_for_dice

from .tsuro_helpers import Script, at, frozen, kinds, make, of_kind, one, sq, start

COUNT = {2: 6, 3: 6, 4: 6, 5: 5, 6: 5, 7: 4, 8: 4}


@pytest.mark.parametrize("players", range(2, 9))
def test_hands_of_three_and_the_draw_pile(players):
    for seed in range(5):
        state = TsuroState({"players": players}, seed)
        assert [len(h) for h in state.hands] == [3] * players
        assert len(state.draw_pile) == 56 - 3 * players
        every = [t for h in state.hands for t in h] + state.draw_pile
        assert sorted(every) == list(range(56))
        assert state.removed == []
        assert all(t < 0 for t in state.tile_at)
        assert state.decision == "start mark" and state.to_move == 0
        assert state.invariant_violations() == []
    # the deal is shuffled
    hands = {tuple(TsuroState({"players": players}, seed).hands[0]) for seed in range(6)}
    assert len(hands) > 1


@pytest.mark.parametrize("players", range(2, 9))
def test_daikaiju_at_setup(players):
    facings = set()
    for seed in range(12):
        state = TsuroState({"players": players}, seed)
        squares = [s for s in state.kaiju_square if s != OFF]
        assert len(squares) == COUNT[players]
        assert len(state.supply) == 10 - COUNT[players]
        assert len(set(squares)) == len(squares)  # never two on one square
        for s in squares:
            row, col = divmod(s, 7)
            assert row != 3 and col != 3  # never on the middle cross at setup
        # every placement is where its dice say, on a square that was free then;
        # a roll naming a taken square was rolled again
        taken = set()
        placed = 0
        for e in state.setup_events:
            if e.kind == "placement_reroll":
                assert square_for_dice(e.data["gold"], e.data["blue"]) in taken
            elif e.kind == "daikaiju_placed":
                square = square_for_dice(e.data["gold"], e.data["blue"])
                assert e.data["square"] == square and square not in taken
                assert e.data["why"] == "setup"
                assert state.kaiju_square[e.data["daikaiju"]] == square
                assert state.kaiju_facing[e.data["daikaiju"]] == e.data["facing"]
                taken.add(square)
                placed += 1
                facings.add(e.data["facing"])
        assert placed == COUNT[players]
    assert facings == {0, 1, 2, 3}  # a random orientation


def test_a_reroll_happens_for_a_taken_square():
    # over a few seeds, some setup rolls a taken square and rolls again
    rerolls = sum(len(of_kind(TsuroState({"players": 2}, seed).setup_events, "placement_reroll"))
                  for seed in range(40))
    assert rerolls > 0


def test_no_daikaiju_option_places_none_and_never_rolls():
    for seed in range(5):
        state = TsuroState({"players": 3, "daikaiju": False}, seed)
        assert all(s == OFF for s in state.kaiju_square)
        assert len(state.supply) == 10
        assert not of_kind(state.setup_events, "daikaiju_placed")
        rnd = random.Random(seed)
        while not state.is_over:
            events = state.apply(rnd.choice(state.legal_actions()))
            assert not [e for e in events if e.kind.startswith("daikaiju")
                        or e.kind in ("restore_daikaiju", "tile_eaten", "tile_removed")]
            assert all(s == OFF for s in state.kaiju_square)
            assert state.invariant_violations() == []


def test_no_daikaiju_constructed_turn_uses_no_chance():
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1, 2, 3], [4, 5, 6]],
                 daikaiju_rule=False, begin_turn=True)
    assert kinds(state.setup_events) == ["turn"]
    assert state.decision == "placement" and state.to_move == 0


def test_start_marks_in_turn_order_and_taken_mark_refused():
    state = TsuroState({"players": 3}, 7)
    a, b, c = START_MARKS[0], START_MARKS[20], START_MARKS[55]
    assert state.to_move == 0 and len(state.legal_actions()) == 56
    events = state.apply(start(a))
    assert events == [type(events[0])("start_mark", {"seat": 0, "mark": a})]
    assert state.to_move == 1 and state.decision == "start mark"
    assert start(a) not in state.legal_actions() and len(state.legal_actions()) == 55
    before = frozen(state)
    with pytest.raises(RuleError) as err:
        state.apply(start(a))
    assert err.value.rule == "B3"
    assert frozen(state) == before
    state.apply(start(b))
    assert state.to_move == 2
    with pytest.raises(RuleError) as err:
        state.apply(start(b))
    assert err.value.rule == "B3"
    assert len(state.legal_actions()) == 54
    events = state.apply(start(c))
    assert state.ships == [a, b, c]
    # all ships placed: the first player's turn begins
    turn = next(e.data for e in events if e.kind == "turn")
    assert turn == {"seat": 0, "turn": 1}
    assert kinds(events)[:2] == ["start_mark", "turn"]


def test_any_mark_allowed_even_facing_a_daikaiju():
    for seed in range(200):
        state = TsuroState({"players": 2}, seed)
        marks = [m for m in START_MARKS if state.kaiju_at[m >> 3] >= 0]
        if marks:
            break
    else:
        pytest.fail("no seed puts a daikaiju on an edge square")
    assert Action("start", (marks[0],)) in state.legal_actions()
    state.apply(start(marks[0]))
    assert state.ships[0] == marks[0]


def test_ship_on_start_mark_facing_a_daikaiju_relocates_on_its_first_turn():
    # the first square of seat 0's mark holds a daikaiju; the roll does not act
    state = make(2, ships=[at(sq(0, 2), 0), at(sq(6, 3), 4)], hands=[[1, 2, 3], [4, 5, 6]],
                 daikaiju={0: (sq(0, 2), 0), 1: (sq(4, 4), 0), 2: (sq(4, 1), 0)},
                 dice=[1, 1], begin_turn=True)
    assert state.decision == "relocation" and state.to_move == 0
    assert state.ships[0] == at(sq(0, 2), 0)


@pytest.mark.parametrize("players,first", [(4, 2), (3, 1), (8, 7), (2, 0)])
def test_d13_first_player(players, first):
    state = TsuroState({"players": players, "first": first}, 3)
    order = []
    for i in range(players):
        order.append(state.to_move)
        events = state.apply(start(START_MARKS[2 * i]))
    assert order == [(first + i) % players for i in range(players)]
    assert one(events, "turn") == {"seat": first, "turn": 1}


def test_default_first_player_is_seat_one():
    assert TsuroState({"players": 4}, 1).to_move == 0


@pytest.mark.parametrize("config", [
    {"players": 1}, {"players": 9}, {"players": True}, {"players": "2"}, {},
    {"players": 2, "daikaiju": "yes"}, {"players": 2, "first": 2}, {"players": 2, "first": -1},
    {"players": 2, "colour": "red"}, [2],
])
def test_bad_configurations_refused(config):
    with pytest.raises(ValueError):
        TsuroState(config, 1)


def test_seed_must_be_int_or_text():
    with pytest.raises(ValueError):
        TsuroState({"players": 2}, 1.5)
    with pytest.raises(ValueError):
        TsuroState({"players": 2}, True)
    assert TsuroState({"players": 2}, "abc") == TsuroState({"players": 2}, "abc")


def test_same_seed_same_setup():
    assert TsuroState({"players": 5}, 11) == TsuroState({"players": 5}, 11)
    assert TsuroState({"players": 5}, 11) != TsuroState({"players": 5}, 12)


def test_script_helper_reports_unscripted_chance():
    rng = Script(dice=[3])
    assert rng.randrange(6) == 2
    with pytest.raises(AssertionError):
        rng.randrange(6)
