"""Each game declares its kinds of event once (game/tsuro/events.py, game/tatsu/events.py;
the shape: game/core/event_kinds.py), and everything keyed by kind keeps in step with
it: every declared kind has its words (text.py, WORDS) and its motion (motion.py,
MOTION), and nothing else has; every event the engine emits, over many random games,
is a declared kind with exactly its declared fields; every declared kind is emitted
there, or, for the rare ones, in a position built for it; the takeback's REVEALING and
the tables' cues are what the declarations say."""

import random
from functools import cache
from typing import NamedTuple

import pytest

from game.core import Action, Event
from game.core.event_kinds import EventKind, revealing_kinds
from game.tatsu import events as tatsu_events
from game.tatsu import motion as tatsu_motion
from game.tatsu import text as tatsu_text
from game.tatsu.state import TatsuState
from game.tsuro import events as tsuro_events
from game.tsuro import motion as tsuro_motion
from game.tsuro import text as tsuro_text
from game.tsuro.state import TsuroState
from game.web.tatsu_table import TatsuTable
from game.web.tsuro_table import TsuroTable
from tests.tatsu.tatsu_helpers import pos
from tests.tsuro.tsuro_helpers import at, find_tile, make, sq


class Game(NamedTuple):
    kinds: dict  # the game's declarations, {kind: EventKind}
    words: dict  # text.py's WORDS
    motion: dict  # motion.py's MOTION
    state: type
    table: type
    config: object  # a random game's config, by its seed
    rare: object  # () -> the events of positions built for the kinds random games miss


def tsuro_config(seed: int) -> dict:
    players = 2 + seed % 7
    return {"players": players, "daikaiju": seed % 5 != 4, "first": seed % players}


def tatsu_config(seed: int) -> dict:
    return {"first": ("roll", "black", "white")[seed % 3]}


def tsuro_rare() -> list:
    """A 6 with no daikaiju left in the supply (D4); a captain with no tile (D12)."""
    squares = [sq(1, 1), sq(1, 5), sq(2, 2), sq(2, 4), sq(3, 1), sq(3, 5), sq(4, 2),
               sq(4, 4), sq(5, 1), sq(5, 5)]
    empty = make(2, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4)], hands=[[1, 2, 3], [4, 5, 6]],
                 daikaiju={k: (s, k % 4) for k, s in enumerate(squares)}, dice=[3, 4, 6],
                 begin_turn=True)
    safe = find_tile({4: 1})
    skipping = make(3, ships=[at(sq(0, 3), 0), at(sq(6, 3), 4), at(sq(3, 0), 6)],
                    hands=[[], [safe[0]], []], daikaiju_rule=False, begin_turn=True)
    return [*empty.setup_events, *skipping.setup_events]


def tatsu_rare() -> list:
    """A pass: Black's only stone is entangled and may not escape onto the full
    segment 3."""
    state = pos({1: ("Bv", "Wv"), 2: ("Wv", "Wv"), 3: ("Wv", "Wf")}, dice=(2, 2))
    return state.apply(Action("pass", ()))


GAMES = {
    "tsuro": Game(tsuro_events.KINDS, tsuro_text.WORDS, tsuro_motion.MOTION, TsuroState,
                  TsuroTable, tsuro_config, tsuro_rare),
    "tatsu": Game(tatsu_events.KINDS, tatsu_text.WORDS, tatsu_motion.MOTION, TatsuState,
                  TatsuTable, tatsu_config, tatsu_rare),
}
# The kinds that random games may well not show (each has its position in `rare`).
RARE = {"tsuro": {"supply_empty", "placement_skipped"}, "tatsu": {"pass"}}
GAMES_PLAYED = 120


@cache
def played(name: str) -> tuple:
    """The events of GAMES_PLAYED random games of `name`, seeded, setups included."""
    game = GAMES[name]
    events = []
    for seed in range(GAMES_PLAYED):
        state = game.state(game.config(seed), seed)
        chooser = random.Random(seed)
        events += state.setup_events
        while not state.is_over:
            actions = state.legal_actions()
            events += state.apply(actions[chooser.randrange(len(actions))])
    return tuple(events)


def undeclared(kinds: dict, events) -> list:
    """The events that are not of a declared kind with exactly its fields, in order."""
    return [event for event in events if event.kind not in kinds
            or tuple(event.data) != kinds[event.kind].fields]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("table", ["words", "motion"])
def test_every_kind_has_its_words_and_its_motion(name, table):
    game = GAMES[name]
    entries = getattr(game, table)
    assert sorted(set(game.kinds) - set(entries)) == [], f"kinds with no {table} entry"
    assert sorted(set(entries) - set(game.kinds)) == [], f"{table} of undeclared kinds"
    assert all(entry is None or callable(entry) for entry in entries.values())


@pytest.mark.parametrize("name", GAMES)
def test_the_declarations_are_well_formed(name):
    for kind, declared in GAMES[name].kinds.items():
        assert isinstance(declared, EventKind), kind
        assert len(set(declared.fields)) == len(declared.fields), kind
        assert all(isinstance(field, str) for field in declared.fields), kind
        assert declared.cue is None or declared.cue in declared.fields, kind


@pytest.mark.parametrize("name", GAMES)
def test_every_event_of_random_games_is_declared_with_exactly_its_fields(name):
    events = played(name)
    assert len(events) > 1000
    assert undeclared(GAMES[name].kinds, events) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_kind_is_emitted(name):
    game = GAMES[name]
    seen = {event.kind for event in played(name)}
    assert sorted(set(game.kinds) - seen - RARE[name]) == []
    assert RARE[name] <= set(game.kinds)
    built = game.rare()
    assert undeclared(game.kinds, built) == []
    assert RARE[name] <= {event.kind for event in built}


@pytest.mark.parametrize("name", GAMES)
def test_every_event_has_words_of_its_own(name):
    """Each kind with words gives a line for every event of it (in English, with names
    for every seat)."""
    game = GAMES[name]
    names = [f"Captain {seat + 1}" for seat in range(8)]
    describe = tsuro_text.describe if name == "tsuro" else tatsu_text.describe
    for event in (*played(name)[:5000], *game.rare()):
        line = describe(event, names)
        assert (line != "") == (game.words[event.kind] is not None), event
        assert "{" not in line, line


def test_an_unknown_kind_has_no_words_and_no_motion():
    stray = Event("casual", {})  # the match's own (game/core/match.py), no game's
    assert tsuro_text.describe(stray, ["Ann"]) == tatsu_text.describe(stray, ["Ann"]) == ""
    assert tsuro_motion.moves([(stray, "")]) == tatsu_motion.moves([(stray, "")]) == {}
    for table in (TsuroTable, TatsuTable):
        assert table.cue(table, stray) is None
        assert not table.brief(table, stray) and not table.is_news(table, stray)


@pytest.mark.parametrize("name", GAMES)
def test_revealing_is_what_the_kinds_declare(name):
    game = GAMES[name]
    assert game.state.REVEALING == revealing_kinds(game.kinds) == frozenset(
        kind for kind, declared in game.kinds.items() if declared.reveals)


def test_the_revealing_kinds_of_each_game():
    assert {"dice", "first_roll"} == TatsuState.REVEALING
    assert {"drew", "daikaiju_roll", "daikaiju_die", "daikaiju_placed", "placement_reroll",
            "restore_daikaiju", "bonus_offered"} == TsuroState.REVEALING


@pytest.mark.parametrize("name", GAMES)
def test_each_table_finds_the_piece_of_every_cue(name):
    game = GAMES[name]
    assert game.table.event_kinds is game.kinds
    cues = {declared.cue for declared in game.kinds.values()} - {None}
    assert cues == set(game.table.cue_selectors)
    for event in played(name)[:3000]:
        selector = game.table.cue(game.table, event)
        cue = game.kinds[event.kind].cue
        assert (selector is None) == (cue is None), event
        if cue is not None:
            assert str(event.data[cue]) in selector


def test_the_tables_read_news_and_brief_from_the_kinds():
    ship_out = Event("ship_out", {"seat": 1, "reason": "edge"})
    calm = Event("daikaiju_roll", {"gold": 1, "blue": 2, "acts": False})
    stirring = Event("daikaiju_roll", {"gold": 3, "blue": 4, "acts": True})
    assert TsuroTable.is_news(TsuroTable, ship_out)
    assert TsuroTable.cue(TsuroTable, ship_out) == "#ship-1"
    assert TsuroTable.brief(TsuroTable, calm) and not TsuroTable.brief(TsuroTable, stirring)
    turn = Event("turn", {"turn": 3, "seat": 0, "player": "black"})
    assert TatsuTable.brief(TatsuTable, turn) and not TatsuTable.is_news(TatsuTable, turn)
    hold = Event("hold", {"segment": 5, "seat": 0, "stone": "vine", "held": "fire"})
    assert TatsuTable.cue(TatsuTable, hold) == '[data-segment="5"]'
