"""Saving and loading games as records; malformed records are refused."""

import json

import pytest
from tatsu_helpers import pos, random_game

from game.core import Action, RecordError
from game.tatsu import TatsuState, config_for


@pytest.fixture(scope="module")
def played():
    return random_game(seed=13, chooser_seed=34, cap=60)


def test_record_shape(played):
    record = played.to_record()
    assert record["game"] == "tatsu" and record["version"] == 1
    assert record["config"] == {"first": "black"} and record["seed"] == 13
    assert len(record["actions"]) == len(played.history) == 60
    json.dumps(record)


def test_save_then_load_gives_an_equal_state(played):
    loaded = TatsuState.from_json(played.to_json())
    assert loaded == played and loaded.snapshot() == played.snapshot()
    assert loaded.legal_actions() == played.legal_actions()


def test_actions_round_trip_through_json():
    for action in (Action("move", ((7, "outer"), 4)), Action("enter", (("mat", "fire"), 2)),
                   Action("escape", ((3, "inner"), 1)), Action("pass", ())):
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def good_record(played):
    return json.loads(played.to_json())


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(game="tsuro"), "not 'tatsu'"),
    (lambda r: r.update(version=2), "version 2 is not supported"),
    (lambda r: r.update(actions="move"), "actions are not a list"),
    (lambda r: r.update(config={"first": "green"}), "setup is refused"),
    (lambda r: r.update(config=[]), "config is not an object"),
    (lambda r: r.update(seed=1.5), "setup is refused"),
    (lambda r: r.pop("seed"), "lacks seed"),
    (lambda r: r.update(extra=1), "unknown fields"),
    (lambda r: r["actions"].append("move"), "is refused"),
    (lambda r: r["actions"].append([]), "is refused"),
    (lambda r: r["actions"].append(["move", [5, "inner"], True]), "is refused"),
    (lambda r: r["actions"].append(["move", [5, "inner"], 2.0]), "is refused"),
    (lambda r: r["actions"].append(["fly", [5, "inner"], 2]), "no action 'fly'"),
    (lambda r: r["actions"].insert(0, ["pass"]), "action 1 of the saved game is refused"),
    (lambda r: r["actions"].insert(3, ["move", [0, "outer"], 6]), "action 4"),
])
def test_malformed_records_are_refused(played, change, words):
    record = good_record(played)
    change(record)
    with pytest.raises(RecordError, match=words):
        TatsuState.from_record(record)
    with pytest.raises(RecordError, match=words):
        TatsuState.from_json(json.dumps(record))


def test_text_that_is_not_a_record_is_refused():
    for text in ("{", "[]", '"tatsu"'):
        with pytest.raises(RecordError):
            TatsuState.from_json(text)


def test_new_game_record_loads():
    state = TatsuState(config_for(2, first="roll"), "a text seed")
    assert TatsuState.from_json(state.to_json()) == state


def test_a_constructed_position_has_no_record():
    with pytest.raises(RecordError, match="from_position"):
        pos({5: "Bv", 9: "Wv"}).to_json()
