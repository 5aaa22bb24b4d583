"""Positions (game/tsuro/position.py; docs/rules-tsuro-of-the-seas.md, "Positions").

Every state of random games survives JSON -> text -> JSON unchanged, and the state
built from it equals the original (position.comparable) and plays on the same; each
kind of impossible position is refused with its field and rule; random JSON and random
text raise nothing but PositionError, and whatever is accepted keeps the engine's own
invariants."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.core import RecordError, new_rng
from game.core.position import PositionError
from game.tsuro import TsuroState
from game.tsuro import state as engine
from game.tsuro.board import START_MARKS
from game.tsuro.position import (
    DECISIONS,
    comparable,
    from_text,
    read,
    square_code,
    square_of_code,
    to_text,
)

QUIET = {"deadline": None, "derandomize": True, "database": None,
         "phases": [Phase.explicit, Phase.generate, Phase.shrink],
         "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}


def ship(square, point):
    return {"square": square, "point": point}


# --- a hand-written position, and what to change in it -----------------------------------
# Three captains. Seat 0 on the top start mark of column 4 (square 3), to place; seat 1
# on the edge of wake tile 20 at square 10, facing square 17; seat 2 out over the edge.
BASE = {
    "game": "tsuro", "version": 1, "players": 3,
    "ships": [ship(3, 0), ship(17, 0), None], "out": [None, None, "edge"],
    "hands": [[0, 1, 2], [3, 4, 5], []],
    "tiles": [{"square": 10, "tile": 20, "rotation": 0}],
    "daikaiju": [{"daikaiju": 0, "square": 30, "facing": 1}],
    "draw_pile": [6, 7, 8],
}


def base(**changes) -> dict:
    return {**copy.deepcopy(BASE), **changes}


def over(**changes) -> dict:
    """BASE once seat 0 has sailed off the edge too: seat 1 is the last ship afloat."""
    return base(**{"ships": [None, ship(17, 0), None], "out": ["edge", None, "edge"],
                   "hands": [[], [3, 4, 5], []], "decision": None, "winners": [1],
                   "reason": "last ship afloat", **changes})


def setting_out(**changes) -> dict:
    """Two captains choosing start marks: seat 0 has, seat 1 is to (B2, B3)."""
    kaiju = [{"daikaiju": k, "square": s, "facing": 0}
             for k, s in enumerate([0, 8, 16, 32, 40, 48])]
    return {**base(players=2, decision="start mark", to_move=1, ships=[ship(3, 0), None],
                   out=[None, None], hands=[[0, 1, 2], [3, 4, 5]], tiles=[], daikaiju=kaiju,
                   draw_pile=list(range(6, 56))), **changes}


def test_the_hand_written_positions_are_accepted():
    for position in (base(), over(), setting_out()):
        state = TsuroState.from_position(position)
        assert state.invariant_violations() == []
        again = state.to_position()
        assert TsuroState.from_position(to_text(again)).to_position() == again
    state = TsuroState.from_position(base())
    assert state.decision == "placement" and state.to_move == 0 and state.turn == 1
    assert state.removed == list(range(9, 20)) + list(range(21, 56))  # named nowhere
    assert state.supply == list(range(1, 10))
    assert TsuroState.from_position(over()).winners == (1,)
    assert TsuroState.from_position(setting_out()).legal_actions()[0].kind == "start"


def test_the_decision_names_are_the_engines():
    assert DECISIONS == (engine.START_MARK, engine.RELOCATION, engine.PLACEMENT, engine.BONUS)


def with_item(position, field, index, value):
    position[field][index] = value
    return position


def relocation_blocked():
    # seat 0 on a top start mark facing a daikaiju; every other top mark's square taken
    kaiju = [{"daikaiju": k, "square": k, "facing": 0} for k in range(7)]
    return base(daikaiju=kaiju, decision="relocation")


REFUSED = {
    # name: (position, field, rule, words in the message)
    "too few players": (base(players=1), "players", None, "2 to 8"),
    "too many players": (base(players=9), "players", None, "2 to 8"),
    "players not a number": (base(players=True), "players", None, "not True"),
    "seat to move out of range": (base(to_move=3), "to_move", None, "from 0 to 2"),
    "first seat out of range": (base(first=-1), "first", None, "from 0 to 2"),
    "a ship on two points": (with_item(base(), "ships", 0, [ship(3, 0), ship(3, 1)]),
                             "ships[0]", None, "exactly the keys square, point"),
    "a ship's point out of range": (with_item(base(), "ships", 0, ship(3, 8)),
                                    "ships[0].point", None, "from 0 to 7"),
    "two ships on one point": (with_item(base(), "ships", 1, ship(3, 0)), "ships[1]", "D9",
                               "stand on one point"),
    "a tile in two hands": (base(hands=[[0, 1, 2], [0, 4, 5], []]), "hands[1][0]", "D2",
                            "wake tile 1 is in the hand of seat 2 and also in the hand of "
                            "seat 1"),
    "a tile on the board and in a hand": (base(hands=[[20, 1, 2], [3, 4, 5], []]),
                                          "hands[0][0]", "D2", "also on the board"),
    "a tile in the pile and removed": (base(removed=[6]), "removed[0]", "D2",
                                       "also in the draw pile"),
    "a tile nowhere": (base(removed=[]), "removed", "D2", "wake tile 10 is nowhere"),
    "an unknown tile": (base(hands=[[56], [3], []]), "hands[0][0]", None, "from 0 to 55"),
    "a tile that is not a number": (base(draw_pile=["6"]), "draw_pile[0]", None, "'6'"),
    "a rotation over 3": (base(tiles=[{"square": 10, "tile": 20, "rotation": 4}]),
                          "tiles[0].rotation", None, "from 0 to 3"),
    "two tiles on one square": (base(tiles=[{"square": 10, "tile": 20, "rotation": 0},
                                            {"square": 10, "tile": 21, "rotation": 0}]),
                                "tiles[1]", None, "holds two wake tiles"),
    "a daikaiju on a tile": (base(daikaiju=[{"daikaiju": 0, "square": 10, "facing": 0}]),
                             "daikaiju[0]", "C1", "takes the square of a wake tile"),
    "a daikaiju twice": (base(daikaiju=[{"daikaiju": 0, "square": 30, "facing": 0},
                                        {"daikaiju": 0, "square": 31, "facing": 0}]),
                         "daikaiju[1]", None, "on the board twice"),
    "two daikaiju on one square": (base(daikaiju=[{"daikaiju": 0, "square": 30, "facing": 0},
                                                  {"daikaiju": 1, "square": 30, "facing": 0}]),
                                   "daikaiju[1]", "C1", "are both on square 34"),
    "an unknown daikaiju": (base(daikaiju=[{"daikaiju": 10, "square": 30, "facing": 0}]),
                            "daikaiju[0].daikaiju", None, "from 0 to 9"),
    "a daikaiju without the rule": (base(daikaiju_rule=False), "daikaiju", "No Daikaiju",
                                    "without them"),
    "a supply short of a daikaiju": (base(supply=[1, 2, 3]), "supply", None,
                                     "each daikaiju not on the board"),
    "a ship facing a tile": (with_item(base(), "ships", 1, ship(10, 4)), "ships[1]", "C3",
                             "faces a wake tile"),
    "a ship on no tile": (with_item(base(), "ships", 0, ship(24, 0)), "ships[0]", "D6",
                          "stands on no tile"),
    "a hand of four": (base(hands=[[0, 1, 2, 9], [3, 4, 5], []]), "hands[0]", "C4",
                       "at most 3"),
    "a seat with no ship that is not out": (base(out=[None, None, None]), "ships[2]", None,
                                            "has no ship and is not out"),
    "a seat out with a ship": (base(out=["edge", None, "edge"]), "out[0]", None,
                               "but has a ship"),
    "an unknown reason to be out": (base(out=[None, None, "sunk"]), "out[2]", None,
                                    "not 'sunk'"),
    "out by a daikaiju without the rule": (
        base(daikaiju_rule=False, daikaiju=[], out=[None, None, "tile eaten"]), "out[2]",
        "No Daikaiju", "cannot be out by a daikaiju"),
    "an out seat holding tiles": (base(hands=[[0, 1, 2], [3, 4, 5], [9]]), "hands[2]", "D10",
                                  "is out but holds tiles"),
    "a placement for a seat that is out": (base(to_move=2), "to_move", None,
                                           "seat 3 is out (edge)"),
    "a placement with an empty hand": (base(hands=[[], [3, 4, 5], []]), "hands", "D12",
                                       "holds no tile"),
    "a placement facing a daikaiju": (
        base(daikaiju=[{"daikaiju": 4, "square": 3, "facing": 0}]), "to_move", "D7",
        "faces daikaiju 5"),
    "no tile left anywhere": (base(hands=[[], [], []], draw_pile=[]), "hands", "D12",
                              "the game is over"),
    "a relocation away from a start mark": (base(to_move=1, decision="relocation"),
                                            "decision", "D8", "only from a start mark"),
    "a relocation with no free start mark": (relocation_blocked(), "decision", "D8",
                                             "no free start mark"),
    "an unknown decision": (base(decision="roll"), "decision", None, "not 'roll'"),
    "a bonus from nobody": (base(decision="bonus"), "bonus_from", "elimination bonus",
                            "name their seats"),
    "a bonus from a ship afloat": (base(decision="bonus", bonus_from=[1]), "bonus_from[0]",
                                   "elimination bonus", "was not put out by a placement"),
    "a bonus from a ship a daikaiju sank": (
        base(decision="bonus", bonus_from=[2], out=[None, None, "tile eaten"],
             hands=[[0, 1, 2], [3, 4, 5], [9]]), "bonus_from[0]", "elimination bonus",
        "the daikaiju destroy"),
    "a bonus from empty hands": (base(decision="bonus", bonus_from=[2]), "bonus_from",
                                 "elimination bonus", "nothing to swap"),
    "bonus seats without a bonus": (base(bonus_from=[2]), "bonus_from", None,
                                    "goes with the decision bonus"),
    "a placement in turn 0": (base(turn=0), "turn", None, "turn 0 is before the first turn"),
    "a game over with a seat to move": (over(to_move=1), "to_move", None, "nobody is to move"),
    "a game over with the wrong winners": (over(winners=[0]), "winners", "The end",
                                           "the ships afloat"),
    "a game over for the wrong reason": (over(reason="the board is full"), "reason",
                                         "The end", "'last ship afloat'"),
    "a game over without winners": (over(winners=[]), "winners", None, "its winners"),
    "winners of a game not over": (base(winners=[0]), "winners", None, "not over"),
    "one ship afloat and the game goes on": (
        over(decision="placement", to_move=1, winners=[], reason=None), "out", "The end",
        "the game is over"),
    "a start mark taken twice": (setting_out(ships=[ship(3, 0), ship(3, 0)], to_move=0),
                                 "ships[1]", "B3", "one start mark"),
    "a start mark chosen out of turn": (setting_out(ships=[None, None]), "ships[0]", "B3",
                                        "put its ship out before seat 2"),
    "a start mark chosen ahead of turn": (setting_out(to_move=0), "ships[0]", "B3",
                                          "has not chosen its start mark yet"),
    "a tile placed before the first turn": (
        setting_out(tiles=[{"square": 24, "tile": 6, "rotation": 0}],
                    draw_pile=list(range(7, 56))), "tiles", "B1", "no tile has been placed"),
    "a short hand before the first turn": (
        setting_out(hands=[[0, 1], [3, 4, 5]], draw_pile=list(range(2, 3)) +
                    list(range(6, 56))), "hands[0]", "B1", "the 3 tiles dealt"),
    "too few daikaiju at setup": (setting_out(daikaiju=[]), "daikaiju", "B2",
                                  "6 daikaiju are on the board at setup"),
    "a daikaiju set up on the middle line": (
        setting_out(daikaiju=[{"daikaiju": k, "square": s, "facing": 0}
                              for k, s in enumerate([0, 8, 16, 32, 40, 24])]),
        "daikaiju[5]", "D1", "never on the middle row or column"),
    "a turn before the first turn": (setting_out(turn=1), "turn", None, "the turn is 0"),
    "a trail over an empty square": (base(trails=[[], [[24, 0, 5]], []]), "trails[1][0]",
                                     None, "holds no tile"),
    "a trail through a wake the tile lacks": (base(trails=[[], [[10, 0, 1]], []]),
                                              "trails[1][0]", None, "does not join points"),
    "a trail that ends away from its ship": (base(trails=[[], [[10, 0, 2]], []]),
                                             "trails[1]", None, "does not end where"),
    "a trail before the first turn": (setting_out(trails=[[[24, 0, 5]], []]), "trails[0]",
                                      None, "no ship has sailed"),
    "same_wake not a boolean": (base(same_wake=1), "same_wake", None, "true or false"),
    "a seed that is a fraction": (base(seed=0.5), "seed", None, "a seed is a whole number "
                                  "of at most 40 digits or a text of at most 200 characters, "
                                  "not 0.5"),
    "another game": (base(game="tatsu"), "game", None, "not 'tsuro'"),
    "another version": (base(version=2), "version", None, "version 2 is not supported"),
    "an unknown field": (base(colour="red"), "colour", None, "unknown field"),
    "no ships": ({k: v for k, v in BASE.items() if k != "ships"}, "ships", None, "missing"),
    "ships for too few seats": (base(ships=[ship(3, 0)]), "ships", None,
                                "one entry per seat: 3, not 1"),
    "not an object": ([1, 2], "position", None, "a JSON object"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_an_impossible_position_is_refused_by_field_and_rule(name):
    position, field, rule, words = REFUSED[name]
    with pytest.raises(PositionError) as caught:
        TsuroState.from_position(position)
    assert caught.value.field == field, str(caught.value)
    assert caught.value.rule == rule, str(caught.value)
    assert words in str(caught.value)


def test_ships_share_a_point_only_after_rule_4_gave_way():
    shared = with_item(base(), "ships", 1, ship(3, 0))
    shared["trails"] = [[], [], []]
    state = TsuroState.from_position({**shared, "same_wake": True})  # D9: sailing together
    assert state.ships[0] == state.ships[1] and state.invariant_violations() == []


def test_a_relocation_is_accepted_with_a_free_start_mark():
    position = base(daikaiju=[{"daikaiju": 0, "square": 3, "facing": 0}],
                    decision="relocation")
    state = TsuroState.from_position(position)
    assert state.decision == "relocation" and state.legal_actions()


def test_a_bonus_position_offers_the_out_seats_tiles():
    position = base(decision="bonus", bonus_from=[2], hands=[[0, 1, 2], [3, 4, 5], [9, 10]])
    state = TsuroState.from_position(position)
    assert state.bonus_pool() == [9, 10] and len(state.legal_actions()) > 1


def test_a_position_is_not_a_saved_game():
    state = TsuroState.from_position(base())
    assert state.seed is None and state.history == []
    with pytest.raises(RecordError):
        state.to_record()


# --- the text form -------------------------------------------------------------------------
def test_squares_are_named_by_the_dice_numbers():
    assert square_code(0) == "11" and square_code(48) == "66" and square_code(24) == "00"
    assert square_code(3) == "01" and square_code(6 * 7 + 5) == "56"  # gold 5, blue 6
    assert all(square_of_code(square_code(s)) == s for s in range(49))


def test_a_short_text_and_its_json():
    # two captains; seat 1 to place tile 1, 2 or 3 from the top mark of gold 1; seat 2 on
    # the bottom mark of gold 6, blue 6; daikaiju 4 facing south at gold 3, blue 5
    position = from_text("1_n2_s11a.66e_h1-2-3.4-5-6_k35-4s_p7.8")
    assert position["ships"] == [ship(0, 0), ship(48, 4)]
    assert position["hands"] == [[0, 1, 2], [3, 4, 5]]
    assert position["daikaiju"] == [{"daikaiju": 3, "square": 5 * 7 + 2, "facing": 2}]
    assert position["draw_pile"] == [6, 7] and position["removed"] == list(range(8, 56))
    assert position["decision"] == "placement" and position["to_move"] == 0
    assert position["turn"] == 1 and position["seed"] == 0
    assert to_text(position) == "1_n2_s11a.66e_h1-2-3.4-5-6_k35-4s_p7.8"
    assert read({"game": "tsuro", "version": 1, "players": 2,  # the rules page's
                 "ships": [ship(0, 0), ship(48, 4)], "hands": [[0, 1, 2], [3, 4, 5]],
                 "daikaiju": [{"daikaiju": 3, "square": 37, "facing": 2}],
                 "draw_pile": [6, 7]}) == position
    assert TsuroState.from_position("  1_n2_s11a.66e_h1-2-3.4-5-6_k35-4s_p7.8\n").to_move == 0


def test_the_text_uses_only_characters_a_url_keeps_as_they_are():
    state = played(4, 5, True, 40)
    text = to_text(state.to_position())
    assert re.fullmatch(r"[a-z0-9._-]+", text), text


TEXT_REFUSED = {
    "1_n2_s11a.66e!": "at character 14",
    "2_n2_s11a.66e": "at character 1",
    "1_n2_q5_s11a.66e": "at character 6",
    "1_n2_s11a.66e_s11a.66e": "at character 15",
    "1_n2_s11a.77e": "at character 11",
    "1_n2_s11a.66e_h1-2-x.4": "at character 20",
    "1_n2_s11a.66e_h1-2-3": "at character 16",
    "1_n02_s11a.66e": "at character 4",
    "1_n2_s11a.66e_b11-3q": "at character 20",
    "1_n2_s11a.66e_mp1_w1-last": "at character 19",
    "1_n2_s11a.66e_h1-2-3.4_mp3": "at character 26",
    "1_n2_s11a.66e_h1-2-3.4_v13a.": "at character 25",
    "1_n2_s11a.66e_h1-2-3.4_b11-9n_v11c3.": "at character 32",
}


@pytest.mark.parametrize("text", list(TEXT_REFUSED))
def test_a_malformed_text_is_refused_at_its_character(text):
    with pytest.raises(PositionError) as caught:
        from_text(text)
    assert caught.value.field == "text"
    assert TEXT_REFUSED[text] in str(caught.value), str(caught.value)


@pytest.mark.parametrize("text,field,rule", [
    ("1_h1", "players", None),
    ("1_n2", "ships", None),
    ("1_n2_s11a.11a_h1.2", "ships[1]", "D9"),
    ("1_n2_s11a.66e_h1-2-3-4.5", "hands[0]", "C4"),
    ("1_n2_s11a.66e_h1.5_k11-1n", "to_move", "D7"),
])
def test_a_text_naming_an_impossible_position_is_refused_by_field(text, field, rule):
    with pytest.raises(PositionError) as caught:
        TsuroState.from_position(text)
    assert (caught.value.field, caught.value.rule) == (field, rule), str(caught.value)


def test_a_position_written_under_the_old_name_still_reads():
    """Positions said "tsuro-of-the-seas" before the game had one id ("tsuro"): still read
    (GameInfo.old_keys), never written."""
    assert read(base(game="tsuro-of-the-seas")) == read(BASE)
    assert read(BASE)["game"] == "tsuro"
    assert TsuroState.from_position(base(game="tsuro-of-the-seas")).to_position()["game"] == (
        "tsuro")


def test_the_examples_of_the_rules_page_read_and_write_back():
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules-tsuro-of-the-seas.md")
    section = page.read_text(encoding="utf-8").split("\n## Positions", 1)[1]
    examples = re.findall(r"^\s*(1_n[a-z0-9._-]+)\s*$", section, re.M)
    assert len(examples) >= 2
    for text in examples:
        assert to_text(from_text(text)) == text
        assert TsuroState.from_position(text).invariant_violations() == []


# --- every state of random games --------------------------------------------------------------
def played(players, seed, daikaiju, actions, first=0, choices=1):
    state = TsuroState({"players": players, "daikaiju": daikaiju, "first": first}, seed)
    rnd = random.Random(choices)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


def check_round_trip(state):
    position = state.to_position()
    assert read(position) == position
    assert json.loads(json.dumps(position)) == position  # plain data
    text = to_text(position)
    assert from_text(text) == position
    assert read(json.dumps(position, indent=1)) == position
    loaded = TsuroState.from_position(text)
    assert comparable(loaded) == comparable(state)
    assert loaded.to_position() == position
    assert loaded.invariant_violations() == []
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.is_over == state.is_over and loaded.winners == state.winners
    return loaded


@settings(max_examples=60, **QUIET)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), daikaiju=st.booleans(),
       first=st.integers(0, 7), choices=st.integers(0, 2**32 - 1))
def test_every_state_of_a_random_game_round_trips(seed, players, daikaiju, first, choices):
    state = TsuroState({"players": players, "daikaiju": daikaiju, "first": first % players},
                       seed)
    rnd = random.Random(choices)
    while True:
        check_round_trip(state)
        if state.is_over:
            break
        state.apply(rnd.choice(state.legal_actions()))


@settings(max_examples=40, **QUIET)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), daikaiju=st.booleans(),
       stop=st.integers(0, 80), position_seed=st.integers(0, 2**64 - 1),
       choices=st.integers(0, 2**32 - 1))
def test_a_position_plays_on_as_the_game_would_with_its_seed(seed, players, daikaiju, stop,
                                                             position_seed, choices):
    state = played(players, seed, daikaiju, stop, choices=choices)
    position = {**state.to_position(), "seed": position_seed}
    loaded = TsuroState.from_position(to_text(position))
    assert loaded.to_position() == position  # the seed is kept until chance is used
    game = state.clone(rng=new_rng(position_seed))  # the same game, its dice from the seed
    rnd = random.Random(choices)
    for _ in range(12):
        if game.is_over:
            break
        assert loaded.legal_actions() == game.legal_actions()
        action = rnd.choice(game.legal_actions())
        assert loaded.apply(action) == game.apply(action)
        assert comparable(loaded) == comparable(game)
    assert loaded.invariant_violations() == []


def test_a_turn_begins_from_a_position_with_given_dice():
    # BASE at the start of seat 0's turn: one daikaiju on the board, so two are placed
    state = TsuroState.at_turn_start(base(), rng=new_rng(0))
    assert [e.kind for e in state.setup_events][:2] == ["turn", "restore_daikaiju"]
    assert state.daikaiju_on_board() == 3 and state.invariant_violations() == []
    assert state.turn == 1 and state.to_position()["seed"] == 0  # its chance is used
    with pytest.raises(PositionError):
        TsuroState.at_turn_start(base(decision="bonus", bonus_from=[2]))
    # its ship may face a daikaiju: the turn that begins says what becomes of it (D7)
    facing = base(daikaiju=[{"daikaiju": 4, "square": 3, "facing": 0}], turn=4)
    state = TsuroState.at_turn_start(facing)
    assert state.decision == "relocation" and state.turn == 5


# --- fuzz: nothing but PositionError ------------------------------------------------------
def accepted_or_refused(source):
    """Read `source`; if accepted, the state keeps every invariant and round-trips."""
    try:
        state = TsuroState.from_position(source)
    except PositionError:
        return None
    assert state.invariant_violations() == []
    position = state.to_position()
    assert from_text(to_text(position)) == position
    assert comparable(TsuroState.from_position(position)) == comparable(state)
    state.legal_actions()
    return state


JSON_LEAVES = (st.none() | st.booleans() | st.integers(-3, 60) | st.integers()
               | st.floats(allow_nan=True) | st.text(max_size=8)
               | st.sampled_from(["edge", "loop", "tile eaten", "placement", "bonus",
                                  "relocation", "start mark", "last ship afloat",
                                  "tsuro", "tsuro-of-the-seas"]))
KEYS = ["square", "point", "tile", "rotation", "daikaiju", "facing", "game", "version",
        "players", "ships", "hands", "decision", "to_move"]
ANY_JSON = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=5)
                        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner,
                                          max_size=4), max_leaves=20)


@settings(max_examples=300, **QUIET)
@given(data=ANY_JSON)
def test_random_json_is_refused_with_a_position_error_only(data):
    accepted_or_refused(data)
    accepted_or_refused(json.dumps(data))
    if isinstance(data, dict):
        accepted_or_refused({**data, "game": "tsuro", "version": 1})


def paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, here + (index,))


def replaced(value, path, new):
    if not path:
        return new
    value = copy.copy(value)
    value[path[0]] = replaced(value[path[0]], path[1:], new)
    return value


SOURCES = [base(), over(), setting_out(), played(3, 7, True, 30).to_position(),
           played(5, 8, True, 60).to_position(), played(2, 9, False, 15).to_position()]


@settings(max_examples=400, **QUIET)
@given(source=st.sampled_from(SOURCES), data=st.data())
def test_a_valid_position_with_one_part_replaced_is_refused_or_still_sound(source, data):
    path = data.draw(st.sampled_from(list(paths(source))))
    new = data.draw(ANY_JSON | st.integers(0, 55) | st.sampled_from(START_MARKS))
    accepted_or_refused(replaced(source, path, new))
    # or a part left out: a default takes its place, or the position is refused
    if len(path) == 1:
        accepted_or_refused({k: v for k, v in source.items() if k != path[0]})


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz._-_. !%\u00e9"


@settings(max_examples=300, **QUIET)
@given(text=st.text(alphabet=ALPHABET, max_size=60))
def test_random_text_is_refused_with_a_position_error_only(text):
    accepted_or_refused(text)
    accepted_or_refused("1_n3_" + text)


TEXTS = [to_text(p) for p in SOURCES]


@settings(max_examples=400, **QUIET)
@given(text=st.sampled_from(TEXTS), data=st.data())
def test_a_valid_text_with_a_character_changed_is_refused_or_still_sound(text, data):
    at_ = data.draw(st.integers(0, len(text) - 1))
    what = data.draw(st.sampled_from(["delete", "replace", "insert"]))
    char = data.draw(st.sampled_from("0123456789abcdefghnpswx._-"))
    if what == "delete":
        text = text[:at_] + text[at_ + 1:]
    elif what == "replace":
        text = text[:at_] + char + text[at_ + 1:]
    else:
        text = text[:at_] + char + text[at_:]
    accepted_or_refused(text)


def test_deep_or_strange_json_is_refused_cleanly():
    for source in ["[" * 100000 + "]" * 100000, "{" * 50000, '{"game": NaN}', b"\xff\xfe",
                   "", "   ", "{}", "null", 12, None, {1: 2}, {"game": "tsuro",
                                                               "version": True}]:
        with pytest.raises(PositionError):
            TsuroState.from_position(source)
