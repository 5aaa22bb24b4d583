"""A finished game's review at the table (game/web/reviewing.py), through a fake page:
offered once the game is over, run with its progress in the status line, then a summary
per person and the costliest choices, each opening the replay where it was made with the
better choice drawn as a ghost and said."""

import random

from test_web_tables import FakePage, StatusPage, run

import game.tsuro as tsuro
from game.core.match import Match, Seat
from game.web.tsuro_table import TsuroTable


def finished_table(seed=7, choices=2):
    match = Match(tsuro.GAME, tsuro.config_for(2), seed, [Seat("Ann"), Seat("Bob", "easy")])
    table = TsuroTable(match, StatusPage(), "instant")
    run(table.start())
    chooser = random.Random(choices)
    while not table.state.is_over:
        run(table.act(chooser.choice(table.state.legal_actions())))
    return table


def test_a_finished_game_is_reviewed_and_its_costliest_choices_open_the_replay():
    table = finished_table()
    page = table.page
    assert 'data-review="1"' in page.regions["panel"]
    run(table.click({"review": "1"}))
    assert any("<progress" in status for status in page.statuses)
    assert "<progress" not in page.regions["status"]  # (done: the bar is gone)
    assert 'data-review="1"' not in page.regions["panel"]  # (once)
    done = table.reviewing.done
    reviewed, costly, blunders = done.summary(0)
    summary = page.regions["panel"]
    assert '<section class="review"' in summary and "<strong>Ann</strong>" in summary
    assert f"{costly} costly choice" in summary or (costly == 0 and "no costly" in summary)
    assert len(done.marked) >= 1  # (random choices cost something)
    for decision in done.marked:
        assert f'data-replay="{decision.step}"' in summary
    worst = done.marked[0]
    run(table.click({"replay": str(worst.step)}))
    assert table.replay_step == worst.step
    assert 'class="ghost"' in page.regions["board"]
    panel = page.regions["panel"].replace("&#x27;", "'")
    assert "Ann played: " in panel and "% of the win." in panel
    assert "The coach's choice: " in panel
    run(table.click({"replay": "live"}))
    assert '<section class="review"' in page.regions["panel"]


def test_no_review_for_a_table_of_computers_or_a_game_under_way():
    match = Match(tsuro.GAME, tsuro.config_for(2), 3, [Seat("Ann"), Seat("Bob", "easy")])
    table = TsuroTable(match, FakePage(), "instant")
    run(table.start())
    assert not table.reviewing.offered() and "data-review" not in table.page.regions["panel"]
    bots = Match(tsuro.GAME, tsuro.config_for(2), 3, [Seat("A", "easy"), Seat("B", "easy")])
    table = TsuroTable(bots, FakePage(), "instant")
    run(table.start())
    assert table.state.is_over and not table.reviewing.offered()
