"""Hints on request at the table (game/web/coaching.py), driven natively through a fake
page: offered only in a game started with hints on, to a person to move; the hard
computer's move drawn as a ghost and said in a sentence; gone once the person acts."""

import json

from test_web_tables import FakePage, run

import game.tatsu as tatsu
import game.tsuro as tsuro
from game.core.bots import finish, make_bot
from game.core.match import Match, Seat
from game.tatsu.coach import advise as tatsu_advise
from game.tatsu.coach import hint_words as tatsu_words
from game.tsuro.coach import advise as tsuro_advise
from game.tsuro.coach import hint_words as tsuro_words
from game.web.tatsu_table import TatsuTable
from game.web.tsuro_table import TsuroTable


def table_of(game, table_class, hints=True, players=("human", "easy"), seed=3):
    seats = [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]
    match = Match(game, game.config_for(len(seats)), seed, seats, hints=hints)
    table = table_class(match, FakePage(), "instant")
    run(table.start())
    return table


def to_placement(table):
    """Past the start marks, to the person's first placement of a wake tile."""
    mark = table.state.legal_actions()[0].args[0]
    run(table.click({"mark": str(mark)}))
    run(table.click({"mark": str(mark)}))
    assert table.state.decision == "placement" and table.match.human_to_move


def test_tsuro_a_hint_is_the_coachs_move_drawn_as_a_ghost_and_said():
    table = table_of(tsuro.GAME, TsuroTable)
    page = table.page
    assert table.match.log[0][0].kind == "hints"
    assert table.match.log[0][1].startswith("Hints on request")
    to_placement(table)
    assert 'data-hint="1"' in page.regions["panel"]
    assert 'class="ghost"' not in page.regions["board"]  # (none until asked)
    run(table.click({"hint": "1"}))
    advice = finish(tsuro_advise(table.state))
    said = tsuro_words(advice, table.match.names)
    assert said and said in page.regions["panel"].replace("&#x27;", "'")
    assert 'class="hint-line"' in page.regions["panel"]
    assert 'class="ghost"' in page.regions["board"]
    assert advice.action in table.state.legal_actions()
    tile, rotation = advice.action.args
    run(table.click({"tile": str(tile)}))
    for _ in range(rotation):
        run(table.click({"rotate": "cw"}))
    run(table.click({"place": "1"}))
    assert advice.action in table.state.history
    if not table.ended and table.match.human_to_move:  # the next decision: asked anew
        assert 'class="ghost"' not in page.regions["board"]
        assert 'class="hint-line"' not in page.regions["panel"]


def test_tsuro_the_key_h_asks_too_and_a_game_without_hints_offers_none():
    table = table_of(tsuro.GAME, TsuroTable)
    to_placement(table)
    run(table.key("h"))
    assert 'class="ghost"' in table.page.regions["board"]
    plain = table_of(tsuro.GAME, TsuroTable, hints=False)
    to_placement(plain)
    assert "data-hint" not in plain.page.regions["panel"]
    run(plain.key("h"))
    assert 'class="ghost"' not in plain.page.regions["board"]
    assert all(event.kind != "hints" for event, _line in plain.match.log)


def test_tatsu_a_hint_covers_the_whole_turn_and_stays_for_its_second_die():
    table = table_of(tatsu.GAME, TatsuTable, seed=5)
    state = table.state
    assert table.match.human_to_move and len(state.legal_actions()) > 1
    run(table.click({"hint": "1"}))
    advice = finish(tatsu_advise(state))
    said = tatsu_words(advice, table.match.names)
    assert said in table.page.regions["panel"].replace("&#x27;", "'")
    assert 'class="ghost"' in table.page.regions["board"]
    assert len(advice.turn) == 2  # (a turn of two dice, both advised)
    run(table.click({"action": json.dumps(advice.turn[0].to_json())}))
    assert table.match.human_to_move  # the second die: the rest of the turn is the hint
    assert table.coach.advice().action == advice.turn[1]
    assert table.coach.ghost() == advice.turn[1:]
    assert 'class="ghost"' in table.page.regions["board"]
    run(table.click({"action": json.dumps(advice.turn[1].to_json())}))
    assert table.coach.ghost() is None


def test_a_hint_is_not_offered_while_a_computer_plays_or_to_a_table_of_computers():
    table = table_of(tsuro.GAME, TsuroTable, players=("easy", "easy"))
    assert not table.match.hints and not table.coach.offered()
    assert "data-hint" not in table.page.regions.get("panel", "")


def test_the_hint_seat_plays_the_coachs_advice():
    """The simulator's "hint" seat makes the call the page makes."""
    from game.__main__ import _seat_kinds

    for game, advise in ((tsuro.GAME, tsuro_advise), (tatsu.GAME, tatsu_advise)):
        state = game.state_class(game.config_for(2), 11)
        seat = make_bot("hint", 0, 0, _seat_kinds(game))
        assert len(state.legal_actions()) > 1
        assert seat(state) == finish(advise(state)).action
