"""The match controller the page drives: seats, computer players, the game log."""

import pytest

import game.tsuro as tsuro
from game.core import Action, RuleError
from game.core.match import Match, Seat


def table(players=("human", "easy", "easy")):
    seats = [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]
    return Match(tsuro.GAME, tsuro.config_for(len(seats)), 11, seats)


def test_computer_seats_play_to_the_end_and_the_log_has_words():
    match = table(("easy", "easy", "easy"))
    while not match.state.is_over:
        assert not match.human_to_move
        match.play(match.bot_choice())
    assert match.log and all(line for _, line in match.log if _.kind == "game_over")
    assert match.log[-1][0].kind == "game_over"


def test_a_human_seat_waits_for_its_click():
    match = table()
    assert match.state.to_move == 0 and match.human_to_move
    with pytest.raises(RuleError):
        match.play(Action("place", (0, 0)))  # it is the start-mark decision
    assert match.state.history == []


def test_rematch_keeps_the_table():
    match = table()
    again = match.rematch(12)
    assert again.names == match.names and again.seed == 12 and again.state.history == []


def test_seats_must_match_players_and_levels_are_checked():
    with pytest.raises(ValueError):
        Seat("X", "grandmaster")
    with pytest.raises(ValueError):
        Match(tsuro.GAME, tsuro.config_for(3), 1, [Seat("A"), Seat("B")])
