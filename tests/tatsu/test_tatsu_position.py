"""Tatsu positions (game/tatsu/position.py; docs/rules-tatsu.md, "Positions"): the JSON
form and the text form of every state of random games round-trip and play on exactly;
each kind of impossible position is refused with its field and rule; random JSON and
random text are refused with a PositionError and nothing else; whatever is accepted is
a sound state."""

import copy
import json
import random
import re
from collections import deque
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tatsu_helpers import independent_moves, independent_problems

from game.core import RecordError
from game.core.position import PositionError
from game.core.rng import new_rng
from game.tatsu import TatsuState
from game.tatsu.position import (
    FIELDS,
    TEXT_CHARACTERS,
    comparable,
    from_text,
    normalize,
    to_text,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FIRSTS = ("black", "white", "roll")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules-tatsu.md"


def game_states(seed, chooser_seed, cap=400):
    """Every state of a random game (a copy of each), from the start to its end."""
    state = TatsuState({"first": FIRSTS[seed % 3]}, seed)
    chooser = random.Random(chooser_seed)
    yield state.clone()
    while not state.is_over and len(state.history) < cap:
        state.apply(chooser.choice(state.legal_actions()))
        yield state.clone()


def played(seed, chooser_seed, length):
    """A random game after `length` actions (or at its end, if sooner)."""
    return deque(game_states(seed, chooser_seed, cap=length), maxlen=1)[0]


def url_safe(text: str) -> bool:
    """Nothing in `text` is percent-encoded in a URL's query (as encodeURIComponent
    leaves it: letters, digits and - _ . ! ~ * ' ( ))."""
    return quote(text, safe="!~*'()") == text


# --- round trips ------------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, chooser=SEEDS)
def test_every_state_of_a_random_game_survives_json_and_text(seed, chooser):
    for number, state in enumerate(game_states(seed, chooser)):
        position = state.to_position()
        assert json.loads(json.dumps(position)) == position  # plain JSON
        assert list(position)[:2] == ["game", "version"] and list(position)[-1] == "seed"
        text = to_text(position)
        assert url_safe(text) and set(text) <= TEXT_CHARACTERS, text
        assert from_text(text) == position, text  # JSON -> text -> the same JSON
        forms = [text] if number % 8 else [text, position, json.dumps(position), f" {text}\n"]
        for form in forms:
            rebuilt = TatsuState.from_position(form)
            assert comparable(rebuilt) == comparable(state), form
            assert rebuilt.to_position() == position  # to_position is canonical
        assert rebuilt.invariant_violations() == []
        assert rebuilt.legal_actions() == state.legal_actions()


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 250), dice=SEEDS)
def test_a_rebuilt_state_plays_on_identically(seed, chooser, length, dice):
    """With the same future dice, the game and its rebuilt position offer the same
    actions and tell the same events, action after action, to the end."""
    state = played(seed, chooser, length)
    position = state.to_position()
    games = [state.clone(rng=new_rng(dice)),
             TatsuState.from_position(position).clone(rng=new_rng(dice)),
             TatsuState.from_position({**position, "seed": dice})]  # the seed's dice
    again = random.Random(chooser + 1)
    for _ in range(300):
        legal = [game.legal_actions() for game in games]
        assert legal[0] == legal[1] == legal[2]
        assert [comparable(game) for game in games[1:]] == [comparable(games[0])] * 2
        if games[0].is_over:
            break
        action = again.choice(legal[0])
        told = [[event.to_json() for event in game.apply(action)] for game in games]
        assert told[0] == told[1] == told[2]


def test_comparable_leaves_out_only_the_past_the_seed_and_the_config():
    state = played(5, 6, 30)
    rebuilt = TatsuState.from_position(state.to_position())
    assert rebuilt != state  # GameState equality also compares the history and the dice
    assert set(state.snapshot()) - set(comparable(state)) == {"history", "rng", "seed",
                                                                "config"}
    assert rebuilt.history == [] and rebuilt.setup_events == []
    assert rebuilt.seed == state.seed == state.to_position()["seed"]


def test_a_finished_game_is_a_position_too():
    state = next(s for s in game_states(3, 4, cap=5000) if s.is_over)
    position = state.to_position()
    assert position["to_move"] is None and position["dice_left"] == []
    assert position["winners"] == list(state.winners) and position["reason"] == state.reason
    text = to_text(position)
    assert re.search(r"_[bw]![1-6]{2}_", text), text
    rebuilt = TatsuState.from_position(text)
    assert rebuilt.is_over and rebuilt.winners == state.winners
    assert rebuilt.reason == state.reason and rebuilt.legal_actions() == []


def test_a_built_position_has_no_record():
    with pytest.raises(RecordError, match="from_position"):
        TatsuState.from_position(played(8, 9, 20).to_position()).to_record()


# --- the defaults and the text form by hand ---------------------------------------------
START = "1VVV9vvv8_b34"  # the setup (B), Black to move with 3 and 4


def test_the_defaults_a_teacher_expects():
    short = {"game": "tatsu", "version": 1, "to_move": 0, "dice": [3, 4],
             "arena": {"1": ["Bv"], "2": "Bv", "3": ["Bv"], "13": ["Wv"], "14": ["Wv"],
                       "15": ["Wv"]}}
    full = normalize(short)
    assert full["trays"] == [{"vine": 1, "water": 3, "fire": 2}] * 2  # what D7 leaves
    assert full["mats"] == full["dead"] == [{}, {}]
    assert full["dice_left"] == [3, 4] and full["turn"] == 1 and full["seed"] == 0
    assert full["winners"] == [] and full["reason"] is None
    assert from_text(START) == full
    assert to_text(full) == START + "_-_-_1"
    fresh = TatsuState({"first": "black"}, 0)
    start = TatsuState.from_position(START)
    assert fresh.to_position()["arena"] == full["arena"] and fresh.tray(0) == start.tray(0)


def test_the_text_form_by_hand():
    text = "2(Fv)5w4W3(wv)v5_w56-5_VFf_Ww_17_-42"
    position = from_text(text)
    assert position["arena"] == {"2": ["Bf", "Wv"], "8": ["Ww"], "13": ["Bw"],
                                 "17": ["Ww", "Wv"], "18": ["Wv"]}
    assert (position["to_move"], position["dice"], position["dice_left"]) == (1, [5, 6], [5])
    assert position["mats"] == [{"vine": 1, "fire": 1}, {"fire": 1}]
    # W (a Black water) lies in White's dead zone, w (a White water) in Black's
    assert position["dead"] == [{"water": 1}, {"water": 1}]
    assert position["turn"] == 17 and position["seed"] == -42
    assert to_text(position) == text
    assert to_text(from_text("2(Fv)5w4W3(wv)v5_w56-5_fFV_wW_17_-42")) == text  # any order


@pytest.mark.parametrize("seed, written", [
    (0, None), (7, "7"), (-3, "-3"), (10**39, "1" + "0" * 39), ("0", "~0"),
    ("a text seed", "~a*20text*20seed"), ("x_y*z", "~x*5Fy*2Az"), ("é~.-", "~*C3*A9~.-"),
])
def test_seeds_in_the_text_form(seed, written):
    position = normalize({"game": "tatsu", "version": 1, "to_move": 0, "dice": [1, 2],
                          "arena": {"3": ["Bv"], "13": ["Wv"]}, "seed": seed})
    text = to_text(position)
    assert text.split("_")[5:] == ([] if written is None else [written])
    assert url_safe(text) and from_text(text) == position
    assert TatsuState.from_position(text).seed == seed


# --- impossible positions: each refused with its field and its rule ---------------------
BASE = {"game": "tatsu", "version": 1, "to_move": 0, "turn": 5, "dice": [3, 4],
        "arena": {"1": ["Bv"], "5": ["Bf"], "9": ["Ww"], "14": ["Wv"]}}
ELEVEN_BLACK = {str(s): [code] for s, code in enumerate(
    ["Bv"] * 6 + ["Bw"] * 3 + ["Bf"] * 2)} | {"20": ["Wv"]}
STUCK = {"1": ["Bv"], "2": ["Wv", "Wf"], "3": ["Ww", "Wf"], "9": ["Wv"]}  # 1 cannot move 1
OVER = {"to_move": None, "winners": [0], "dice_left": []}


def changed(**fields):
    position = copy.deepcopy(BASE)
    for name, value in fields.items():
        if value is ...:
            del position[name]
        else:
            position[name] = value
    return position


REFUSALS = {  # id: (position, field, rule, words)
    "eleven Black stones": (changed(arena=ELEVEN_BLACK), "arena", "D7",
                            "Black has more than 4 vine dragons: 6 in the arena"),
    "more of a kind than there are, with the mat": (
        changed(arena={"1": ["Bf"], "2": ["Bf"], "14": ["Wv"]}, mats=[{"fire": 1}, {}]),
        "mats[0]", "D7", "Black has more than 2 fire dragons"),
    "more of a kind than there are, with the dead zone": (
        changed(dead=[{"fire": 2}, {}], arena={"1": ["Bv"], "14": ["Wf"]}),
        "dead[0]", "D7", "White has more than 2 fire dragons"),
    "an overfull tray": (changed(trays=[{"fire": 3}, {}]), "trays[0]", "D7",
                         "3 fire dragons: a player has only 2"),
    "trays that break D7": (
        changed(trays=[{"vine": 4, "water": 3, "fire": 1}, {"vine": 3, "water": 2, "fire": 2}]),
        "trays[0]", "D7", "Black has 5 vine dragons, not 4: 4 in the tray, 1 in the arena"),
    "an overfull mat": (changed(mats=[{}, {"water": 4}]), "mats[1]", "D7",
                        "4 water dragons: a player has only 3"),
    "an overfull dead zone": (changed(dead=[{}, {"vine": 5}]), "dead[1]", "D7",
                              "5 vine dragons: a player has only 4"),
    "a lone stone on the outer field": (changed(arena=BASE["arena"] | {"7": [None, "Bw"]}),
                                        "arena[7]", "moving", "lone stone on its outer field"),
    "an opposing water on a stone": (changed(arena=BASE["arena"] | {"9": ["Ww", "Bw"]}),
                                     "arena[9]", "entangling", "only a vine entangles"),
    "an opposing fire on a stone": (changed(arena=BASE["arena"] | {"1": ["Bv", "Wf"]}),
                                    "arena[1]", "entangling", "only a vine entangles"),
    "three stones on a segment": (changed(arena=BASE["arena"] | {"7": ["Bw", "Bw", "Bw"]}),
                                  "arena[7]", "moving", "one or two stones"),
    "an empty segment listed": (changed(arena=BASE["arena"] | {"7": []}),
                                "arena[7]", "moving", "one or two stones"),
    "an unknown stone code": (changed(arena=BASE["arena"] | {"7": ["Bx"]}),
                              "arena[7]", None, "'Bx' is not a stone"),
    "a stone code in the wrong case": (changed(arena=BASE["arena"] | {"7": ["bv"]}),
                                       "arena[7]", None, "is not a stone"),
    "segment 24": (changed(arena=BASE["arena"] | {"24": ["Bw"]}), "arena", "D1",
                   "not '24'"),
    "segment -1": (changed(arena=BASE["arena"] | {"-1": ["Bw"]}), "arena", "D1", "'-1'"),
    "a segment with a leading zero": (changed(arena=BASE["arena"] | {"07": ["Bw"]}),
                                      "arena", "D1", "'07'"),
    "a die of 7": (changed(dice=[3, 7]), "dice", "using the dice", "1 to 6, not 7"),
    "a die of 0": (changed(dice=[0, 4]), "dice", "using the dice", "1 to 6, not 0"),
    "one die rolled": (changed(dice=[3]), "dice", "using the dice", "two dice, not 1"),
    "a die that is not a number": (changed(dice=[3, "4"]), "dice", None, "a list of"),
    "a die left that was not rolled": (changed(dice_left=[5]), "dice_left", "using the dice",
                                       "not among the dice rolled, 3 and 4"),
    "the same die left twice": (changed(dice_left=[3, 3]), "dice_left", "using the dice",
                                "not among the dice rolled"),
    "no die left": (changed(dice_left=[]), "dice_left", "using the dice", "no die is left"),
    "a die left that cannot be used": (changed(arena=STUCK, dice=[1, 6], dice_left=[1]),
                                       "dice_left", "using the dice",
                                       "the 1 left cannot be used"),
    "a game going on that White has won": (
        changed(dead=[{}, {"fire": 2}], arena={"1": ["Bv"], "9": ["Ww"], "14": ["Wv"]}),
        "dead[1]", "D6", "White has already won (White destroyed all Black's fire dragons)"),
    "a game going on with White out of battle": (
        changed(arena={"1": ["Bv"], "5": ["Bf"]}), "arena", "D6",
        "Black has already won (White has no stone left in the arena or on the mat)"),
    "a finished game that nobody won": (changed(**OVER), "winners", "D6",
                                        "Black has not won"),
    "a finished game both have won": (
        changed(**OVER, dead=[{"fire": 2}, {"fire": 2}], arena={"1": ["Bv"], "14": ["Wv"]}),
        "winners", "D6", "both players"),
    "a finished game with the wrong reason": (
        changed(**OVER, arena={"1": ["Bv"]}, reason="destroyed all fire dragons"),
        "reason", "D6", "'no stone left in battle'"),
    "a finished game with a die left": (changed(**OVER | {"dice_left": [4]},
                                                arena={"1": ["Bv"]}),
                                        "dice_left", "D6", "no die is left"),
    "nobody to move and no winner": (changed(to_move=None), "winners", "D6",
                                     "nobody is to move"),
    "a winner and a player to move": (changed(winners=[0]), "winners", "D6",
                                      "to_move null"),
    "a reason while the game goes on": (changed(reason="no stone left in battle"), "reason",
                                        "D6", "only a finished game"),
    "winners that are not seats": (changed(winners=[2]), "winners", None, "[0] or [1]"),
    "a colour for to_move": (changed(to_move="black"), "to_move", None, "0 (Black) or 1"),
    "a seat 2 to move": (changed(to_move=2), "to_move", None, "not 2"),
    "true for to_move": (changed(to_move=True), "to_move", None, "not True"),
    "turn 0": (changed(turn=0), "turn", None, "from 1"),
    "a turn as text": (changed(turn="5"), "turn", None, "not '5'"),
    "a seed that is a fraction": (changed(seed=1.5), "seed", None, "not 1.5"),
    "a seed of 41 digits": (changed(seed=10**40), "seed", None, "more than 40 digits"),
    "a seed that cannot be encoded": (changed(seed="\ud800"), "seed", None,
                                      "a seed is a whole number of at most 40 digits or a "
                                      "text of at most 200 characters, not '\\ud800'"),
    "boxes keyed by colour": (changed(mats={"black": {"fire": 1}}), "mats", None,
                              "Black's then White's"),
    "three boxes": (changed(dead=[{}, {}, {}]), "dead", None, "list of two"),
    "an unknown kind": (changed(mats=[{"earth": 1}, {}]), "mats[0]", None,
                        "not a kind of dragon"),
    "a negative count": (changed(trays=[{}, {"vine": -1}]), "trays[1]", None, "from 0"),
    "a count that is not whole": (changed(mats=[{"vine": 1.0}, {}]), "mats[0]", None,
                                  "from 0, not 1.0"),
    "an arena that is a list": (changed(arena=[["Bv"]]), "arena", None, "an object"),
    "a missing field": (changed(dice=...), "dice", None, "missing"),
    "an unknown field": (changed(colour="black"), "colour", None, "unknown field"),
    "another game": (changed(game="tsuro"), "game", None, "not 'tatsu'"),
    "another version": (changed(version=2), "version", None, "version 2"),
    "not an object": ([BASE], "position", None, "a JSON object"),
}


def test_the_base_of_the_refusals_is_a_good_position():
    assert TatsuState.from_position(BASE).invariant_violations() == []
    assert TatsuState.from_position(changed(**OVER, arena={"1": ["Bv"]})).is_over


@pytest.mark.parametrize("position, field, rule, words", REFUSALS.values(),
                         ids=REFUSALS.keys())
def test_an_impossible_position_is_refused(position, field, rule, words):
    # (JSON text is told from the text form by its "{")
    for form in (position, json.dumps(position)) if isinstance(position, dict) else [position]:
        with pytest.raises(PositionError) as refused:
            TatsuState.from_position(form)
        error = refused.value
        assert (error.field, error.rule) == (field, rule), str(error)
        assert words in str(error), str(error)
        assert str(error).startswith(f"{field}: ")


def test_an_impossible_text_is_refused_with_the_json_field():
    with pytest.raises(PositionError) as refused:
        from_text("1VV(Vf)9vvv8_b34")  # a White fire on a Black vine
    assert (refused.value.field, refused.value.rule) == ("arena[3]", "entangling")
    with pytest.raises(PositionError) as refused:
        to_text(changed(dice_left=[]))
    assert refused.value.field == "dice_left"


MALFORMED = {  # text: (offset, words)
    "": (0, "empty"),
    "   ": (3, "empty"),
    "1VVV9vvv8": (9, '"_" and the player to move'),
    "1VVX9vvv8_b34": (3, "'X' is not a stone"),
    "1VVV9vvv7_b34": (9, "lists 23 segments, not 24"),
    "1VVV9vvv9_b34": (8, "9 empty segments: only 8"),
    "0VVV9vvv9_b34": (0, "no leading zero"),
    "24V_b34": (2, "past the last"),
    "1(VV9vvv9_b34": (4, '")" expected'),
    "1(V)V9vvv9_b34": (3, "a full segment is written"),
    "1VVV9vvv8_x34": (10, "b (Black) or w (White)"),
    "1VVV9vvv8__": (10, "b (Black) or w (White)"),
    "1VVV9vvv8_b37": (12, "each 1 to 6"),
    "1VVV9vvv8_b3": (12, "each 1 to 6"),
    "1VVV9vvv8_b34-": (14, "one or two dice are left"),
    "1VVV9vvv8_b34-7": (14, "a die left is 1 to 6"),
    "1VVV9vvv8_b34-345": (14, "one or two dice are left"),
    "1VVV9vvv8_b34+": (13, '"-" and the dice left'),
    "1VVV9vvv8_b!34-3": (14, "nothing follows"),
    "1VVV9vvv8_b34_Q": (14, "'Q' is not a stone"),
    "1VVV9vvv8_b34__-": (14, 'written "-"'),
    "1VVV9vvv8_b34_-_-_0": (18, "no leading zero"),
    "1VVV9vvv8_b34_-_-_1x": (19, "the turn is a whole number"),
    "1VVV9vvv8_b34_-_-_1234567890": (18, "at most 9 digits"),
    "1VVV9vvv8_b34_-_-_1_~a b": (22, "' ' cannot be in a text seed"),
    "1VVV9vvv8_b34_-_-_1_~a*4": (22, "two hex digits"),
    "1VVV9vvv8_b34_-_-_1_~*FF": (20, "not UTF-8"),
    "1VVV9vvv8_b34_-_-_1_-": (21, "a seed is a whole number"),
    "1VVV9vvv8_b34_-_-_1_2_3": (21, "at most six fields"),
    "1VVV9vvv8 _b34": (9, "' ' is not a stone"),
    " 1VVV9vvv8_b34%": (14, '"-" and the dice left'),
}


@pytest.mark.parametrize("text, offset, words",
                         [(text, *found) for text, found in MALFORMED.items()],
                         ids=[repr(text) for text in MALFORMED])
def test_a_malformed_text_is_refused_at_its_offset(text, offset, words):
    with pytest.raises(PositionError) as refused:
        TatsuState.from_position(text)
    error = refused.value
    assert error.field == "text" and error.rule is None, str(error)
    assert error.offset == offset and f"at offset {offset}:" in str(error), str(error)
    assert words in str(error), str(error)


# --- fuzzing: nothing but PositionError, and whatever is accepted is sound --------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=12)
CODES = ["Bv", "Bw", "Bf", "Wv", "Ww", "Wf"]
STONES = st.lists(st.sampled_from(CODES), min_size=1, max_size=2)
BOX = st.dictionaries(st.sampled_from(["vine", "water", "fire"]), st.integers(0, 4),
                      max_size=3)
PLAUSIBLE = st.fixed_dictionaries({
    "game": st.just("tatsu"), "version": st.just(1),
    "to_move": st.sampled_from([0, 1, 0, 1, None]),
    "dice": st.lists(st.integers(1, 6), min_size=2, max_size=2),
    "arena": st.dictionaries(st.integers(0, 23).map(str), STONES, max_size=10),
}, optional={
    "dice_left": st.lists(st.integers(1, 6), max_size=2),
    "mats": st.lists(BOX, min_size=2, max_size=2),
    "dead": st.lists(BOX, min_size=2, max_size=2),
    "winners": st.sampled_from([[], [0], [1]]),
    "turn": st.integers(1, 300),
    "seed": st.integers(-5, 10**6) | st.text(max_size=8),
})
FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def sound_if_accepted(position):
    """Load `position`: a PositionError is fine; anything else raises. An accepted one
    must be a sound state whose canonical forms load back to the same state."""
    try:
        state = TatsuState.from_position(position)
    except PositionError as refused:
        if refused.field == "text":
            assert 0 <= refused.offset <= len(position), refused
        return None
    assert state.invariant_violations() == []
    assert independent_problems(state) == []
    if not state.is_over:
        assert sorted(state.legal_actions()) == sorted(independent_moves(state))
    canonical = state.to_position()
    assert from_text(to_text(canonical)) == canonical == normalize(canonical)
    assert comparable(TatsuState.from_position(to_text(canonical))) == comparable(state)
    return state


@FUZZ
@given(data=JSON)
def test_random_json_is_refused_with_a_position_error_only(data):
    sound_if_accepted(data)
    sound_if_accepted(json.dumps(data))


@FUZZ
@given(field=st.sampled_from([*FIELDS, "game", "version", "extra"]), value=JSON)
def test_a_good_position_with_one_field_replaced_by_random_json(field, value):
    sound_if_accepted({**BASE, field: value})


@FUZZ
@given(position=PLAUSIBLE)
def test_plausible_positions_are_accepted_only_when_sound(position):
    sound_if_accepted(position)


def test_plausible_positions_are_often_accepted():
    """The fuzzing above reaches accepted positions, not only refusals."""
    accepted = 0
    for seed in range(300):
        accepted += sound_if_accepted(_plausible(random.Random(seed))) is not None
    assert accepted > 30


def _plausible(rng):
    arena = {}
    for segment in rng.sample(range(24), rng.randrange(2, 9)):
        arena[str(segment)] = [rng.choice(CODES)] + (
            [rng.choice(CODES)] if rng.random() < 0.2 else [])
    dice = [rng.randrange(1, 7), rng.randrange(1, 7)]
    return {"game": "tatsu", "version": 1, "to_move": rng.choice([0, 1]), "dice": dice,
            "arena": arena, "dice_left": dice[:rng.choice([1, 2])]}


TEXT_ALPHABET = sorted(TEXT_CHARACTERS) + [" ", "%", "{", "é", "\n", "+"]


@FUZZ
@given(text=st.text(alphabet=TEXT_ALPHABET, max_size=40) | st.text(max_size=30))
def test_random_text_is_refused_with_a_position_error_only(text):
    sound_if_accepted(text)


@FUZZ
@given(seed=SEEDS, length=st.integers(0, 120), edits=st.lists(
    st.tuples(st.integers(0, 80), st.sampled_from(["insert", "delete", "replace"]),
              st.sampled_from(TEXT_ALPHABET)), min_size=1, max_size=3))
def test_a_real_text_with_random_edits(seed, length, edits):
    text = to_text(played(seed, seed + 1, length).to_position())
    for index, how, character in edits:
        index %= len(text) + 1
        if how == "insert":
            text = text[:index] + character + text[index:]
        elif how == "delete":
            text = text[:index] + text[index + 1:]
        else:
            text = text[:index] + character + text[index + 1:]
    sound_if_accepted(text)


# --- the rules page's examples -----------------------------------------------------------
def positions_section() -> str:
    text = DOCS.read_text(encoding="utf-8")
    assert "\n## Positions\n" in text, "docs/rules-tatsu.md has a section Positions"
    return text.split("\n## Positions\n", 1)[1]


def test_the_examples_of_the_rules_page_load_and_are_canonical():
    section = positions_section()
    texts = re.findall(r"`([0-9VWFvwf()]+_[bw][^`\s]*)`", section)
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    assert len(texts) >= 2 and len(blocks) >= 2, (texts, blocks)
    for text in texts:
        assert to_text(text) == text or to_text(text).startswith(text + "_"), text
    for block in blocks:
        position = json.loads(block)
        assert normalize(position) == position, block
        assert to_text(position) in texts
