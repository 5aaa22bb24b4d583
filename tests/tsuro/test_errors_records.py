"""Refused actions leave the state unchanged; saving and loading game records."""

import json
import random

import pytest

from game.core import Action, RecordError, RuleError
from game.tsuro import TsuroState
from game.tsuro.board import START_MARKS

from .tsuro_helpers import at, frozen, make, place, sq, start


def refused(state, action, rule=None):
    before = frozen(state)
    legal = state.legal_actions()
    with pytest.raises(RuleError) as err:
        state.apply(action)
    if rule is not None:
        assert err.value.rule == rule, (action, err.value.rule)
    assert str(err.value)
    assert frozen(state) == before
    assert state.legal_actions() == legal
    return err.value


def placing_state():
    state = TsuroState({"players": 3}, 5)
    for m in (START_MARKS[3], START_MARKS[17], START_MARKS[30]):
        state.apply(start(m))
    while state.decision != "placement":  # relocation, in the unlikely case
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("action,rule", [
    (place(1, 0), "turn order"),
    (Action("relocate", (START_MARKS[0],)), "turn order"),
    (Action("bonus", ((), ())), "turn order"),
    (Action("start", ()), "D5"),
    (Action("start", (START_MARKS[0], START_MARKS[1])), "D5"),
    (Action("start", (at(sq(3, 3), 0),)), "D5"),
    (Action("start", (-1,)), "D5"),
    (Action("start", ("0",)), "D5"),
    (Action("start", ((0,),)), "D5"),
])
def test_refusals_in_the_start_mark_decision(action, rule):
    refused(TsuroState({"players": 2}, 1), action, rule)


def test_not_an_action_is_refused():
    state = TsuroState({"players": 2}, 1)
    refused(state, ("start", (0,)), "action")
    refused(state, "start 0", "action")


def test_refusals_in_the_placement_decision():
    state = placing_state()
    hand = state.hands[state.active]
    other = next(t for t in range(56) if t not in hand)
    t = hand[0]
    for action in (Action("place", (t,)), Action("place", (t, 4)), Action("place", (t, -1)),
                   Action("place", ("1", 0)), Action("place", (t, 0, 0)),
                   Action("place", ()), Action("place", (other, 0)),
                   Action("place", (99, 0))):
        refused(state, action, "C2")
    for action in (start(START_MARKS[5]), Action("relocate", (START_MARKS[5],)),
                   Action("bonus", ((), ())), Action("pass", ())):
        refused(state, action, "turn order")


@pytest.mark.parametrize("action", [
    Action("start", (True,)), Action("start", (False,)), "place-rotation-True",
])
def test_boolean_arguments_are_refused(action):
    """True == 1 and False == 0 in Python, but a boolean is not a start mark, tile or
    rotation. Accepted, it is stored in the history, and the saved record (JSON true)
    cannot be loaded again."""
    if action == "place-rotation-True":
        state = placing_state()
        action = Action("place", (state.hands[state.active][0], True))
    else:
        state = TsuroState({"players": 2}, 1)
    refused(state, action)


@pytest.mark.parametrize("give", [(True,), (1.0,)])
def test_bonus_tiles_must_be_whole_numbers(give):
    """A boolean or a float equal to a tile number is not that tile: accepted, it is
    stored in the history (and handed to the eliminated player), and the record can no
    longer be loaded."""
    from .test_movement_bonus import bonus_position

    state, elim = bonus_position(hand0=(1, 42))
    assert elim[0] != 1
    state.apply(place(*elim))
    assert state.decision == "bonus"
    refused(state, Action("bonus", (give, (44,))))


@pytest.mark.parametrize("action", [Action("start", 5), Action("start", None),
                                    Action("start", "ab")])
def test_action_arguments_that_are_not_a_tuple_are_refused(action):
    # a RuleError (any rule name), not a TypeError, and nothing changes
    refused(TsuroState({"players": 2}, 1), action)


def played(seed=3, players=4, daikaiju=True, steps=None):
    state = TsuroState({"players": players, "daikaiju": daikaiju}, seed)
    rnd = random.Random(seed)
    count = 0
    while not state.is_over and (steps is None or count < steps):
        state.apply(rnd.choice(state.legal_actions()))
        count += 1
    return state


@pytest.mark.parametrize("seed,players,daikaiju,steps", [
    (3, 4, True, 0), (3, 4, True, 9), (4, 2, True, None), (5, 8, False, None),
    (6, 5, True, None),
])
def test_record_round_trip(seed, players, daikaiju, steps):
    state = played(seed, players, daikaiju, steps)
    record = state.to_record()
    assert set(record) == {"game", "version", "config", "seed", "actions"}
    assert record["game"] == "tsuro" and record["version"] == 1  # the game's one id
    assert len(record["actions"]) == len(state.history)
    again = TsuroState.from_record(record)
    assert again == state
    assert again.to_record() == record
    text = state.to_json()
    assert json.loads(text) == record
    assert TsuroState.from_json(text) == state
    assert TsuroState.from_json(text).legal_actions() == state.legal_actions()


def good_record():
    return played(3, 3, True, 12).to_record()


@pytest.mark.parametrize("change,words", [
    (lambda r: r.update(game="tatsu"), "tatsu"),
    (lambda r: r.update(version=2), "version"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.pop("seed"), "seed"),
    (lambda r: r.pop("actions"), "actions"),
    (lambda r: r.pop("config"), "config"),
    (lambda r: r.update(extra=1), "extra"),
    (lambda r: r.update(config=[3]), "config"),
    (lambda r: r.update(config={"players": 9}), "setup"),
    (lambda r: r.update(config={"players": 3, "colour": 1}), "setup"),
    (lambda r: r.update(seed=1.5), "setup"),
    (lambda r: r.update(seed=None), "setup"),
    (lambda r: r.update(actions="none"), "actions"),
    (lambda r: r["actions"].append(["place", 99, 0]), "action 13"),
    (lambda r: r["actions"].append(["fly"]), "action 13"),
    (lambda r: r["actions"].append("place"), "action 13"),
    (lambda r: r["actions"].append([]), "action 13"),
    (lambda r: r["actions"].append(["place", 1.5, 0]), "action 13"),
    (lambda r: r["actions"].insert(0, ["start", 999]), "action 1"),
    (lambda r: r["actions"].insert(1, r["actions"][0]), "action 2"),  # a taken mark
])
def test_bad_records_are_refused_with_a_reason(change, words):
    record = good_record()
    change(record)
    with pytest.raises(RecordError) as err:
        TsuroState.from_record(record)
    assert words in str(err.value)
    with pytest.raises(RecordError):
        TsuroState.from_json(json.dumps(record))


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "3", "null", '"text"'])
def test_non_json_or_non_object_refused(text):
    with pytest.raises(RecordError) as err:
        TsuroState.from_json(text)
    assert str(err.value)


def test_record_version_true_is_not_version_1():
    record = good_record()
    record["version"] = True  # JSON true; equal to 1 in Python, but not the version 1
    with pytest.raises(RecordError):
        TsuroState.from_record(record)


def test_constructed_positions_refuse_to_be_saved():
    state = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1], [2]],
                 daikaiju_rule=False)
    with pytest.raises(ValueError):
        state.to_record()
    with pytest.raises(ValueError):
        state.to_json()


def test_constructed_positions_are_checked():
    with pytest.raises(ValueError):  # two ships on one point
        make(2, ships=[at(sq(0, 3), 0), at(sq(0, 3), 0)], hands=[[1], [2]])
    with pytest.raises(ValueError):  # a tile in two places
        make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1], [1]])
    with pytest.raises(ValueError):  # a ship facing a wake tile
        make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1], [2]],
             tiles={sq(0, 3): (5, 0)})
    with pytest.raises(ValueError):  # four tiles in a hand
        make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1, 2, 3, 4], [5]])


def test_clone_is_independent():
    state = played(8, 3, True, 10)
    copy = state.clone()
    assert copy == state
    rnd = random.Random(1)
    while not copy.is_over:
        copy.apply(rnd.choice(copy.legal_actions()))
    assert copy != state
    assert TsuroState.from_record(state.to_record()) == state
