"""Anything from outside, of any shape, is refused with the project's own error, within
the limits of game/core/limits.py, and changes nothing (issue: "any input, any shape").

Every entry point that takes outside data is tried here: saved-game records (dicts, JSON
text, bytes), actions, positions (JSON and text form), the page's kept games, files and
share links, and the embeddable board's parameters and messages. The inputs are real
records and positions of both games, mutated (a value replaced, removed, duplicated,
nested deep, made huge), random actions of every shape on random states, and corrupted
text. Each example checks the error type, that the state and the input are unchanged,
and, for what loads, the invariants and a record (or position) that round-trips.
Seeded (derandomize), so a run is the same every time.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.actions import Action
from game.core.errors import RecordError, RuleError
from game.core.limits import (
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_JSON_CHARS,
    MAX_PARAM_CHARS,
    MAX_POSITION_TEXT,
    MAX_TEXT_CHARS,
    LimitError,
    check_data,
    load_json,
    shown,
)
from game.core.match import Match, Seat
from game.core.position import PositionError
from game.core.registry import games
from game.web.embed import EmbedError, message_params
from game.web.embed import read as embed_read
from game.web.saved import (
    SavedGameError,
    from_fragment,
    open_record,
    restore,
    saved_game,
    share_fragment,
)

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
INFOS = sorted(games().values(), key=lambda info: info.key)


# --- real inputs to start from ----------------------------------------------------------------
def played(info, seed: int, steps: int, players: int | None = None):
    state = info.state_class(info.config_for(players or info.players[0]), seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


REAL = {info.key: [played(info, seed, steps, players)
                   for seed, steps, players in ((1, 0, None), (2, 9, None), (3, 30, None),
                                                (4, 400, info.players[1]))]
        for info in INFOS}


# --- shapes -------------------------------------------------------------------------------------
def deep_list(depth: int, leaf=0):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int):
    value: object = 0
    for _ in range(depth):
        value = {"a": value}
    return value


EXTREMES = [deep_list(5_000), deep_dict(5_000), deep_list(300, "x"), 10 ** 5_000,
            -(10 ** 5_000), 2 ** 64, "x" * 100_000, float("nan"), float("inf"), 1e308,
            [0] * 300_000, {str(i): i for i in range(1_000)}, "", [], {}, True, None,
            "\ud800", 1.5]

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 600) | st.integers()
    | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12)
anything = st.one_of(plain, st.sampled_from(range(len(EXTREMES))).map(EXTREMES.__getitem__))


def fingerprint(value) -> list:
    """The whole of `value` as a flat list, walked with a stack (any depth), to tell
    whether an entry point changed the input it was given."""
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        out.append((kind, id(item) if kind in (list, dict) else None))
        if kind is list:
            out.append(len(item))
            stack.extend(item)
        elif kind is dict:
            out.append(tuple(item))
            stack.extend(item.values())
        elif kind is float and item != item:
            out.append("nan")
        else:
            out.append(item)
    return out


def copied(value):
    """A fresh copy of plain data, made with a stack (deepcopy would recurse)."""
    if type(value) not in (list, dict):
        return value
    root = [] if type(value) is list else {}
    stack = [(value, root)]
    while stack:
        source, target = stack.pop()
        items = source.items() if type(source) is dict else enumerate(source)
        for key, item in items:
            if type(item) in (list, dict):
                inner = [] if type(item) is list else {}
                stack.append((item, inner))
                item = inner
            if type(target) is list:
                target.append(item)
            else:
                target[key] = item
    return root


def mutated(data, draw):
    """A copy of `data` with one change at a random place: a value replaced by anything,
    removed, duplicated, or a list cut short."""
    data = copied(data)
    holder, key = None, None
    node = data
    for _ in range(draw(st.integers(0, 6))):
        if type(node) is dict and node:
            key = draw(st.sampled_from(sorted(node)))
        elif type(node) is list and node:
            key = draw(st.integers(0, len(node) - 1))
        else:
            break
        holder, node = node, node[key]
    change = draw(st.sampled_from(["replace", "remove", "duplicate", "cut", "wrap"]))
    if holder is None:
        return draw(anything) if change == "replace" else data
    if change == "replace":
        holder[key] = draw(anything)
    elif change == "remove":
        del holder[key]
    elif change == "duplicate" and type(holder) is list:
        holder.insert(key, copied(holder[key]))
    elif change == "cut" and type(holder) is list:
        del holder[key:]
    elif change == "wrap":
        holder[key] = deep_list(draw(st.integers(1, 2_000)), holder[key])
    else:
        holder[key] = draw(anything)
    return data


def text_of(data) -> str | None:
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return None  # (some shapes have no JSON text: they are tried as data only)


def corrupted(text: str, draw) -> str:
    """`text` with characters replaced, removed, inserted or the end cut off."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, max(0, len(chars) - 1)))
        how = draw(st.sampled_from(["replace", "remove", "insert", "cut"]))
        piece = draw(st.sampled_from(list('[]{}",:0-9e.\\ xé\x00') + ["[" * 3_000, "9" * 5_000]))
        if how == "replace" and chars:
            chars[where] = piece
        elif how == "remove" and chars:
            del chars[where]
        elif how == "insert":
            chars.insert(where, piece)
        else:
            del chars[where:]
    return "".join(chars)


# --- what every refusal must be -------------------------------------------------------------
def loads_or_refuses(load, source, errors):
    """load(source): either what it loads or None for a refusal of one of `errors`; the
    input is never changed."""
    before = fingerprint(source)
    try:
        result = load(source)
    except errors as err:
        assert str(err), "a refusal says why"
        result = None
    assert fingerprint(source) == before, "the input was changed"
    return result


def sound(state) -> None:
    """What loaded is a state the rules allow, whose record round-trips."""
    assert state.invariant_violations() == []
    if state.seed is not None:
        record = state.to_record()
        again = type(state).from_record(json.loads(json.dumps(record)))
        assert again == state and again.to_record() == record


# --- records ---------------------------------------------------------------------------------
@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_a_mutated_record_loads_soundly_or_is_refused(info, data):
    base = data.draw(st.sampled_from(REAL[info.key]))
    record = mutated(base.to_record(), data.draw)
    cls = info.state_class
    for source in (record, text_of(record)):
        if source is None:
            continue
        state = loads_or_refuses(cls.from_record, source, RecordError)
        if state is not None:
            sound(state)


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_corrupted_record_text_loads_soundly_or_is_refused(info, data):
    base = data.draw(st.sampled_from(REAL[info.key]))
    text = corrupted(base.to_json(), data.draw)
    for source in (text, text.encode("utf-8", "surrogatepass")):
        state = loads_or_refuses(info.state_class.from_record, source, RecordError)
        if state is not None:
            sound(state)


# --- actions ----------------------------------------------------------------------------------
action_args = st.lists(anything, max_size=4).map(tuple) | st.sampled_from(
    [(deep_list(1_000),), tuple(range(1_000)), (10 ** 5_000,), ("x" * 10_000,),
     ((1, "inner"), 1), (12, 1), (16,), ((0, "outer"),), ((5, "mat"),)])


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_any_action_on_any_state_is_taken_or_refused_with_nothing_changed(info, data):
    base = data.draw(st.sampled_from(REAL[info.key]))
    state = base.clone()
    kinds = sorted({action.kind for action in state.legal_actions()} | {"pass", "place"})
    kind = data.draw(st.sampled_from(kinds) | st.text(max_size=8) | anything)
    action = Action(kind, data.draw(action_args | anything))
    snapshot, length = state.snapshot(), len(state.history)
    try:
        state.apply(action)
    except RuleError as refused:
        assert refused.rule and refused.plain
        assert len(refused.plain) < 20_000, "a refusal is a sentence, not a dump"
        assert state.snapshot() == snapshot and len(state.history) == length
    else:
        assert action in base.legal_actions()
        assert state.invariant_violations() == []


@FUZZ
@given(raw=anything)
def test_an_action_from_json_is_an_action_or_a_value_error(raw):
    before = fingerprint(raw)
    try:
        action = Action.from_json(raw)
    except ValueError as err:
        assert str(err) and len(str(err)) < 2_000
    else:
        assert Action.from_json(action.to_json()) == action
    assert fingerprint(raw) == before


@pytest.mark.parametrize("thing", [None, 3, "place", ("place", (1, 0)), ["place", 1, 0],
                                   Action("place", [1, 0]), Action(3, ()),
                                   Action("place", (deep_list(1_000),)),
                                   Action("x" * 10_000, ()), Action("place", (10 ** 5_000,))])
@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
def test_anything_that_is_not_a_well_formed_action_is_refused(info, thing):
    state = REAL[info.key][1].clone()
    snapshot = state.snapshot()
    with pytest.raises(RuleError, match="not a well-formed action"):
        state.apply(thing)
    assert state.snapshot() == snapshot


# --- positions --------------------------------------------------------------------------------
@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_a_mutated_position_loads_soundly_or_is_refused(info, data):
    cls = info.state_class
    base = data.draw(st.sampled_from([s for s in REAL[info.key] if not s.is_over]))
    position = mutated(base.to_position(), data.draw)
    for source in (position, text_of(position)):
        if source is None:
            continue
        state = loads_or_refuses(cls.from_position, source, PositionError)
        if state is not None:
            assert state.invariant_violations() == []
            again = cls.from_position(state.to_position())
            assert again.to_position() == state.to_position()


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_a_corrupted_text_form_loads_soundly_or_is_refused(info, data):
    cls = info.state_class
    base = data.draw(st.sampled_from([s for s in REAL[info.key] if not s.is_over]))
    text = corrupted(_text_form(base), data.draw)
    state = loads_or_refuses(cls.from_position, text, PositionError)
    if state is not None:
        assert state.invariant_violations() == []


def _text_form(state) -> str:
    package = __import__(f"{type(state).__module__.rsplit('.', 1)[0]}.position",
                         fromlist=["to_text"])
    return package.to_text(state.to_position())


# --- the page: kept games, files, share links, the embeddable board ----------------------------
def a_match(info, seed=5, steps=12) -> Match:
    players = info.players[0]
    match = Match(info, info.config_for(players), seed,
                  [Seat(f"P{i}", "human" if i == 0 else "easy") for i in range(players)])
    chooser = random.Random(seed)
    for _ in range(steps):
        if match.state.is_over:
            break
        match.play(chooser.choice(match.state.legal_actions()))
    return match


KEPT = {info.key: saved_game(a_match(info), "normal") for info in INFOS}


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_a_mutated_kept_game_or_file_comes_back_soundly_or_is_refused(info, data):
    kept = mutated(KEPT[info.key], data.draw)
    for load in (restore, open_record):
        for source in (kept, text_of(kept)):
            if source is None:
                continue
            result = loads_or_refuses(load, source, SavedGameError)
            if result is not None:
                sound(result[0].state)


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_a_corrupted_share_link_opens_soundly_or_is_refused(info, data):
    fragment = share_fragment(a_match(info))
    link = data.draw(st.sampled_from([
        corrupted(fragment, data.draw),
        fragment[:data.draw(st.integers(0, len(fragment)))],
        "#replay=" + base64.urlsafe_b64encode(zlib.compress(
            (text_of(mutated(KEPT[info.key], data.draw)) or "").encode(), 9)).decode()]))
    result = loads_or_refuses(from_fragment, link, SavedGameError)
    if result is not None:
        sound(result[0].state)


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@FUZZ
@given(data=st.data())
def test_any_embed_parameters_show_a_board_or_one_sentence(info, data):
    base = data.draw(st.sampled_from(REAL[info.key]))
    params = {"game": info.key}
    name = data.draw(st.sampled_from(["record", "position", "line", "answer", "step",
                                      "seat", "players", "mode", "goal", "task", "id"]))
    if name == "record":
        value = text_of(mutated(base.to_record(), data.draw)) or "{"
    elif name == "position" and not base.is_over:
        value = text_of(mutated(base.to_position(), data.draw)) or "{"
    else:
        value = data.draw(st.text(max_size=30) | st.sampled_from(
            ["9" * 5_000, "²", "1" * 7, "[" * 5_000, "x" * (MAX_PARAM_CHARS + 1),
             json.dumps(deep_list(300)), "[[\"place\", 1e999]]"]))
    params[name] = value
    params["mode"] = params.get("mode") or data.draw(st.sampled_from(["view", "play",
                                                                      "challenge"]))
    loads_or_refuses(embed_read, params, EmbedError)


@pytest.mark.parametrize("message", [
    None, [], {"params": None}, {"params": []}, {"params": {str(i): "1" for i in range(99)}},
    {"params": {"game": "tatsu", "step": 10 ** 5_000}},
    {"params": {"game": "tatsu", "step": deep_list(3)}},
    {"params": {"game": "tatsu", "record": {"game": "tatsu"}}},
])
def test_a_crafted_message_to_the_board_is_refused_with_a_sentence(message):
    try:
        params = message_params(message)
        embed_read(params)
    except EmbedError as refused:
        assert str(refused).endswith(".")
    else:
        raise AssertionError("a crafted message was taken")


def test_a_number_in_a_message_is_taken_as_its_digits():
    assert message_params({"params": {"game": "tatsu", "step": 3}}) == {
        "game": "tatsu", "step": "3"}


# --- the limits themselves --------------------------------------------------------------------
def record_with(info, **changes) -> dict:
    return {**REAL[info.key][1].to_record(), **changes}


@pytest.mark.parametrize("info", INFOS, ids=lambda info: info.key)
@pytest.mark.parametrize("case, change, words", [
    ("an argument nested 300 deep", lambda r: r["actions"].append(
        ["move", deep_list(300)]), "nested"),
    ("a seed of 5000 digits", lambda r: r.update(seed=10 ** 5_000), "digits"),
    ("a version of 5000 digits", lambda r: r.update(version=10 ** 5_000), "digits"),
    ("an argument of 5000 digits", lambda r: r["actions"].append(["place", 10 ** 5_000]),
     "digits"),
    ("a long text", lambda r: r.update(seed="s" * (MAX_TEXT_CHARS + 1)), "characters"),
    ("too many actions", lambda r: r.update(actions=[["pass"]] * (MAX_ACTIONS + 1)),
     f"{MAX_ACTIONS:,}"),
])
def test_each_limit_is_named_when_a_record_passes_it(info, case, change, words):
    record = record_with(info)
    change(record)
    with pytest.raises(RecordError, match=words):
        info.state_class.from_record(record)


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, f"more than {MAX_DEPTH} levels"),
    ('{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "levels"),
    ('"' + "x" * MAX_JSON_CHARS + '"', "characters long"),
    ("[" + "9" * 5_000 + "]", "digits"),
    ("[NaN]", "NaN"), ("[1e999]", "too large"), ('"\\"' * 10_000, "not valid JSON"),
    ("[1, 2", "not valid JSON"), ("[" + "0," * 250_000 + "0]", "values"),
])
def test_json_text_beyond_the_limits_is_refused_before_it_is_parsed(text, words):
    with pytest.raises(LimitError, match=words):
        load_json(text)


def test_a_position_text_beyond_its_limit_is_refused():
    for info in INFOS:
        with pytest.raises(PositionError, match="limit"):
            info.state_class.from_position("x" * (MAX_POSITION_TEXT + 1))


def test_a_zip_bomb_link_is_refused_without_unpacking_it():
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (MAX_JSON_CHARS * 50), 9)).decode()
    assert len(bomb) < MAX_PARAM_CHARS
    with pytest.raises(SavedGameError, match="more than"):
        from_fragment("#replay=" + bomb)


def test_the_largest_real_games_are_far_inside_the_limits():
    for info in INFOS:
        longest = REAL[info.key][-1]
        check_data(longest.to_record())
        assert len(longest.history) * 10 < MAX_ACTIONS
        assert len(longest.to_json()) * 20 < MAX_JSON_CHARS


def test_a_message_never_writes_out_a_huge_value():
    assert shown(10 ** 5_000) == "a very large number"
    assert len(shown(deep_list(5_000))) <= 60 and len(shown("x" * 10_000)) <= 60


@pytest.mark.parametrize("page", ["docs/rules-tatsu.md", "docs/rules-tsuro-of-the-seas.md"])
def test_the_rules_pages_state_the_limits_the_code_checks(page):
    from pathlib import Path

    from game.core import limits

    text = (Path(__file__).resolve().parents[2] / page).read_text()
    table = text[text.index("### Limits"):]
    for name, words in [("MAX_JSON_CHARS", "as JSON"), ("MAX_ACTIONS", "actions in"),
                        ("MAX_DEPTH", "nesting of JSON"),
                        ("MAX_ACTION_DEPTH", "action's arguments"),
                        ("MAX_ITEMS", "values in one"), ("MAX_TEXT_CHARS", "one text"),
                        ("MAX_DIGITS", "whole number"), ("MAX_POSITION_TEXT", "text form"),
                        ("MAX_PARAM_CHARS", "URL parameter")]:
        row = next(line for line in table.splitlines() if words in line)
        assert f"{getattr(limits, name):,}" in row, (name, row)
    assert set(limits.LIMITS) == {"MAX_JSON_CHARS", "MAX_ACTIONS", "MAX_DEPTH",
                                  "MAX_ACTION_DEPTH", "MAX_ITEMS", "MAX_TEXT_CHARS",
                                  "MAX_DIGITS", "MAX_POSITION_TEXT", "MAX_PARAM_CHARS"}
