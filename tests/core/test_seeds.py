"""One rule for every seed (game/core/rng.py): a whole number of at most 40 digits or a
text of at most 200 characters, refused in one sentence, whichever way it comes in: a
saved game, a position of either game (JSON or its text form), the start form (and a
link's ?seed=, which the form checks) and an embedded board."""

import json

import pytest

from game.core.errors import RecordError
from game.core.limits import MAX_NUMBER
from game.core.position import PositionError
from game.core.rng import (
    SEED_CHARACTERS,
    SEED_DIGITS,
    SeedTextError,
    check_seed,
    new_rng,
    seed_refusal,
    seed_text,
    text_seed,
    typed_seed,
)
from game.tatsu.position import to_text as tatsu_text
from game.tatsu.state import TatsuState
from game.tsuro.position import to_text as tsuro_text
from game.tsuro.state import TsuroState
from game.web.embed import EmbedError
from game.web.embed import read as embed
from game.web.setup import form_errors, read_form

STATES = {"tsuro": lambda seed: TsuroState({"players": 2}, seed),
          "tatsu": lambda seed: TatsuState({"first": "black"}, seed)}
TEXT_FORMS = {"tsuro": tsuro_text, "tatsu": tatsu_text}
# seeds that only the old paths' widest rule took: each one now reads everywhere
GOOD = [0, 7, -42, 2**64, 10**SEED_DIGITS - 1, -(10**SEED_DIGITS - 1), "", "a b",
        "ÿ~é_*.-", "x" * SEED_CHARACTERS]
BAD = [0.5, True, None, [1], {"a": 1}, "\ud800"]  # within the JSON limits, yet no seed
RULE = "a seed is a whole number of at most 40 digits or a text of at most 200 characters"


def test_the_rule_and_its_sentence():
    assert (SEED_DIGITS, SEED_CHARACTERS) == (40, 200)  # the JSON limits' own numbers
    for seed in GOOD:
        assert check_seed(seed) == seed
        assert new_rng(seed).random() == new_rng(seed).random()
    for seed in BAD + [10**SEED_DIGITS, -(10**SEED_DIGITS), "x" * (SEED_CHARACTERS + 1)]:
        with pytest.raises(ValueError) as refused:
            check_seed(seed)
        assert str(refused.value) == seed_refusal(seed) and str(refused.value).startswith(RULE)


@pytest.mark.parametrize("game", STATES)
@pytest.mark.parametrize("seed", GOOD)
def test_a_saved_game_takes_every_seed_and_replays_it(game, seed):
    state = STATES[game](seed)
    again = type(state).from_record(json.loads(state.to_json()))
    assert again == state and again.seed == seed


@pytest.mark.parametrize("game", STATES)
@pytest.mark.parametrize("seed", BAD)
def test_a_saved_game_refuses_a_seed_in_the_sentence(game, seed):
    record = {**STATES[game](1).to_record(), "seed": seed}
    with pytest.raises(RecordError) as refused:
        type(STATES[game](1)).from_record(record)
    assert seed_refusal(seed) in str(refused.value)


@pytest.mark.parametrize("game", STATES)
def test_a_saved_game_refuses_a_seed_past_the_limits(game):
    # (a seed beyond them is past the limits of any JSON value too, which say so first:
    # the same numbers, game/core/limits.py)
    state_class = type(STATES[game](1))
    for seed, words in ((10**SEED_DIGITS, "more than 40 digits"),
                        ("x" * (SEED_CHARACTERS + 1), "the limit is 200")):
        with pytest.raises(RecordError, match=words):
            state_class.from_record({**STATES[game](1).to_record(), "seed": seed})


@pytest.mark.parametrize("game", STATES)
@pytest.mark.parametrize("seed", GOOD)
def test_a_position_takes_every_seed_in_json_and_in_its_text_form(game, seed):
    state_class = type(STATES[game](1))
    position = {**STATES[game](1).to_position(), "seed": seed}
    assert state_class.from_position(position).to_position()["seed"] == seed
    text = TEXT_FORMS[game](position)
    assert state_class.from_position(text).to_position() == position


@pytest.mark.parametrize("game", STATES)
@pytest.mark.parametrize("seed", BAD)
def test_a_position_refuses_a_seed_in_the_sentence(game, seed):
    position = {**STATES[game](1).to_position(), "seed": seed}
    with pytest.raises(PositionError) as refused:
        type(STATES[game](1)).from_position(position)
    assert refused.value.field == "seed" and refused.value.plain == seed_refusal(seed)
    with pytest.raises(EmbedError) as in_a_frame:  # an embedded board: the same words
        embed({"game": game, "position": json.dumps(position)})
    assert seed_refusal(seed) in str(in_a_frame.value)


@pytest.mark.parametrize("game", STATES)
def test_a_text_form_refuses_a_seed_past_the_rule_in_the_sentence(game):
    state_class = type(STATES[game](1))
    text = TEXT_FORMS[game]({**STATES[game](1).to_position(), "seed": 0})  # (none written)
    for seed in ("9" * 41, "-" + "9" * 41):
        with pytest.raises(PositionError) as refused:
            state_class.from_position(f"{text}_{'x' if game == 'tsuro' else ''}{seed}")
        assert seed_refusal(MAX_NUMBER) in str(refused.value)
    too_long = seed_text("x" * (SEED_CHARACTERS + 1))
    with pytest.raises(PositionError) as refused:
        state_class.from_position(f"{text}_{'x' if game == 'tsuro' else ''}{too_long}")
    assert RULE in str(refused.value)


def test_the_text_form_of_a_seed():
    for seed, written in ((0, "0"), (-42, "-42"), ("a b", "~a*20b"), ("x_y*z", "~x*5Fy*2Az"),
                         ("é~.-", "~*C3*A9~.-"), ("", "~")):
        assert seed_text(seed) == written and text_seed(written) == seed
    for written, at in (("-", 1), ("12a", 2), ("012", 0), ("~a b", 2), ("~*4", 1)):
        with pytest.raises(SeedTextError) as refused:
            text_seed(written)
        assert refused.value.at == at


@pytest.mark.parametrize("game", STATES)
def test_the_start_form_reads_a_seed_by_the_rule_and_refuses_in_the_sentence(game):
    values = {"players": "2", "seed": "", "speed": "normal", "name0": "", "name1": "",
              "player0": "human", "player1": "human", "first": "black"}
    for typed, seed in ((" 12 ", 12), ("-3", -3), ("9" * 40, 10**40 - 1), ("my seed", "my seed"),
                        ("x" * 200, "x" * 200)):
        assert typed_seed(typed) == seed
        assert read_form(game, {**values, "seed": typed}, 1)[1] == seed
    for typed, value in (("9" * 41, MAX_NUMBER), ("x" * 201, "x" * 201)):
        sentence = seed_refusal(value)
        assert form_errors(game, {**values, "seed": typed}) == {
            "seed": sentence[0].upper() + sentence[1:] + "."}
