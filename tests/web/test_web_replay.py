"""The replay (the issue "Games are never lost"), driven natively through a fake page:
each step is the engine's own position, the keys and buttons step through it, the live
game comes back unchanged, nothing is played meanwhile, and the viewing person never
sees what their seat may not."""

import json
import random
import re

import pytest
from test_web_tables import FakePage, click_like_a_person, run

import game.tatsu as tatsu
import game.tsuro as tsuro
from game.core.match import Match, Seat
from game.tatsu import svg as tatsu_svg
from game.tsuro import svg as tsuro_svg
from game.web.replay import START_WORDS, Replay, line_steps, logged_lines
from game.web.tatsu_table import TatsuTable
from game.web.tsuro_table import TsuroTable


class StepPage(FakePage):
    """A page that records each log line's step."""

    def __init__(self):
        super().__init__()
        self.steps = []

    def log(self, line, step=None):
        self.lines.append(line)
        self.steps.append(step)


def seats_for(players):
    return [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]


def tsuro_table(players=("human", "easy", "easy"), seed=3, page=None):
    match = Match(tsuro.GAME, tsuro.config_for(len(players)), seed, seats_for(players))
    table = TsuroTable(match, page or FakePage(), "instant")
    table.log_history()  # as the page does (game/web/main.py, start_game)
    run(table.start())
    return table


def tatsu_table(players=("human", "easy"), seed=4, page=None):
    match = Match(tatsu.GAME, {"first": "black"}, seed, seats_for(players))
    table = TatsuTable(match, page or FakePage(), "instant")
    table.log_history()
    run(table.start())
    return table


def under_way(game, actions):
    """A table whose game is under way after about `actions` actions, a person to move."""
    for seed in range(40):
        table = tsuro_table(seed=seed) if game == "tsuro" else tatsu_table(seed=seed)
        play_some(table, actions, seed)
        if not table.state.is_over and table.match.human_to_move:
            return table
    raise AssertionError("no game under way")


def play(table, action):
    if isinstance(table, TsuroTable):
        if table.must_pass_screen():
            run(table.click({"ready": str(table.state.to_move)}))
        click_like_a_person(table, action)
    else:
        run(table.act(action))


def play_some(table, actions, seed=0):
    rng = random.Random(seed)
    while not table.state.is_over and len(table.state.history) < actions:
        if isinstance(table, TsuroTable) and table.must_pass_screen():
            run(table.click({"ready": str(table.state.to_move)}))
        play(table, rng.choice(table.state.legal_actions()))


def play_to_end(table, seed=0):
    play_some(table, 10**6, seed)


def at(match, step):
    return type(match.state).from_record(match.state.to_record(), upto=step)


def replay_board(table, step):
    """The board the replay must show at `step`: the engine's position from the record,
    drawn from the viewing seat, nothing to click."""
    state, seat = at(table.match, step), table.replay_seat
    if isinstance(table, TsuroTable):
        view = tsuro_svg.board_view(state) if seat is None else state.view(seat)
        inner = tsuro_svg.board(view, seat=seat, highlight=False, names=table.match.names)
    else:
        inner = tatsu_svg.board(tatsu_svg.board_view(state), seat=seat, highlight=False,
                                names=table.match.names)
    return f'<div class="replay-board" data-replay-at="{step}">{inner}</div>'


# --- the module --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_every_step_is_the_records_own_position_in_any_order(game):
    table = tsuro_table() if game == "tsuro" else tatsu_table()
    play_to_end(table, seed=1)
    match = table.match
    replay = Replay.of(match)
    n = replay.count
    assert n == len(match.state.history)
    order = list(range(n + 1))
    random.Random(3).shuffle(order)
    for step in [n, 0, *order]:
        assert replay.position(step) == at(match, step)
        assert replay.words(step)
    assert replay.words(0) != [START_WORDS] or not any(
        line for _, line in match.log[:match.opening])
    assert replay.position(n) == match.state


def test_each_log_line_belongs_to_the_step_its_action_leads_to():
    table = tsuro_table()
    play_some(table, 12)
    match = table.match
    steps = line_steps(match)
    assert len(steps) == len(match.log)
    assert steps[:match.opening] == [0] * match.opening
    assert steps == sorted(steps) and steps[-1] == len(match.state.history)
    replay = Replay.of(match)
    for line, step in logged_lines(match):
        assert line in replay.words(step)
    # an action's lines: what happened between the step before and its own
    start = match.opening
    for number, (_, count) in enumerate(match.steps, 1):
        assert set(steps[start:start + count]) <= {number}
        start += count


def test_the_page_gets_each_lines_step_and_a_click_on_it_opens_the_replay_there():
    page = StepPage()
    table = tsuro_table(page=page)
    play_some(table, 10)
    shown = [(line, step) for line, step in zip(page.lines, page.steps)]
    assert shown == logged_lines(table.match)
    fresh = StepPage()
    again = TsuroTable(table.match, fresh, "instant")
    again.log_history()  # a resumed game: every line so far, with its step
    assert list(zip(fresh.lines, fresh.steps)) == logged_lines(table.match)
    run(table.click({"step": "3"}))
    assert table.replay_step == 3
    assert table.page.regions["board"] == replay_board(table, 3)
    # an older page, whose log takes no step, still gets its lines
    old = tsuro_table()
    play_some(old, 6)
    assert old.page.lines == [line for line, _ in logged_lines(old.match)]


# --- stepping on a table -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_buttons_and_keys_step_through_and_the_live_game_comes_back(game):
    table = under_way(game, 14)
    live = {k: table.page.regions[k] for k in ("board", "panel", "status")}
    before = table.state.clone()
    n = len(before.history)
    assert 'data-replay="back"' in live["panel"]
    run(table.click({"replay": "back"}))
    assert table.replay_step == n - 1
    seen = []

    def check(step):
        regions = table.page.regions
        assert table.replay_step == step
        assert regions["board"] == replay_board(table, step)
        assert f"Replay: step {step} of {n}" in regions["status"]
        assert "<li>" not in regions["status"] and regions["status"].count("</span>") == 1
        assert table.page.marked == step  # the log's lines of that step, marked
        assert f'data-replay-at="{step}"' in regions["panel"]
        assert 'data-replay="live"' in regions["panel"]
        seen.append(step)

    check(n - 1)
    run(table.key("ArrowLeft"))
    check(n - 2)
    run(table.key("Home"))
    check(0)
    assert 'data-replay="back" aria-label="Step back (left arrow)" aria-keyshortcuts=' \
           '"ArrowLeft" disabled' in table.page.regions["panel"]
    run(table.key("ArrowLeft"))  # nothing before the start
    check(0)
    for step in range(1, n + 1):
        run(table.key("ArrowRight") if step % 2 else table.click({"replay": "next"}))
        check(step)
    run(table.key("ArrowRight"))
    check(n)
    run(table.click({"replay": "first"}))
    check(0)
    run(table.key("End"))
    check(n)
    run(table.click({"replay": "back"}))
    check(n - 1)
    run(table.key("Escape"))
    assert table.replay_step is None and table.page.marked is None  # no line marked
    assert table.state == before
    assert {k: table.page.regions[k] for k in live} == live
    run(table.click({"replay": "last"}))
    run(table.click({"replay": "live"}))
    assert table.replay_step is None and table.state == before


@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_nothing_can_be_played_during_a_replay(game):
    table = under_way(game, 12)
    before = table.state.clone()
    run(table.click({"replay": "first"}))
    legal = before.legal_actions()
    for action in legal[:5]:
        assert run(table.act(action)) is False
        if game == "tsuro":
            click_like_a_person(table, action)
        else:
            run(table.click({"action": json.dumps(action.to_json())}))
    for key in ("Enter", "r", "1", "p", "P", "u", "U"):
        run(table.key(key))
    run(table.click({"takeback": "1"}))
    run(table.click({"pass": "1"}))
    assert table.state == before and table.replay_step == 0
    assert "data-takeback" not in table.page.regions["panel"]
    assert "data-pass" not in table.page.regions["panel"]
    assert 'class="target' not in table.page.regions["board"]
    assert 'role="button"' not in table.page.regions["board"]  # nothing drawn to click
    run(table.key("Escape"))
    assert table.state == before


def test_a_finished_game_is_replayed_from_its_start():
    table = tatsu_table(seed=6)
    play_to_end(table, seed=6)
    assert table.state.is_over
    result = table.page.regions["panel"]
    assert 'data-replay="first"' in result and "Replay the game" in result
    n = len(table.state.history)
    run(table.click({"replay": "first"}))
    assert table.replay_step == 0
    assert table.page.regions["board"] == replay_board(table, 0)
    assert "Back to the result" in table.page.regions["panel"]
    run(table.key("End"))
    assert table.page.regions["board"] == replay_board(table, n)
    run(table.key("Escape"))
    assert table.page.regions["panel"] == result


def test_the_replay_is_offered_only_when_a_person_is_to_move_or_the_game_is_over():
    table = tsuro_table(("human", "human"))
    assert "data-replay" not in table.page.regions["overlay"]  # behind the pass screen
    run(table.click({"replay": "back"}))
    assert table.replay_step is None  # no action yet, and a pass screen
    run(table.click({"ready": "0"}))
    click_like_a_person(table, table.state.legal_actions()[0])
    assert table.must_pass_screen()
    run(table.click({"replay": "back"}))
    assert table.replay_step is None  # nobody's view to show behind a pass screen
    run(table.click({"ready": "1"}))
    assert 'data-replay="back"' in table.page.regions["panel"]
    run(table.click({"replay": "back"}))
    assert table.replay_step == 0 and table.replay_seat == 1


# --- what the viewing person may see -------------------------------------------------------------
def tiles_drawn(html: str) -> set:
    return {int(t) for t in re.findall(r'data-tile="(\d+)"', html)}


@pytest.mark.parametrize("players", [("human", "easy", "easy", "easy"), ("human", "human",
                                                                         "easy")])
def test_hidden_hands_and_the_draw_order_never_show_in_the_replay(players):
    checked = 0
    for seed in range(3, 12):
        table = tsuro_table(players, seed=seed)
        play_some(table, 24, seed=seed)
        if table.state.is_over or checked == 2:
            continue
        checked += 1
        if table.must_pass_screen():
            run(table.click({"ready": str(table.state.to_move)}))
        viewer = table.viewer()
        run(table.click({"replay": "first"}))
        assert table.replay_seat == viewer
        n = len(table.state.history)
        for step in range(n + 1):
            if step:
                run(table.key("ArrowRight"))
            state = at(table.match, step)
            shown = "".join(table.page.regions[r] for r in ("board", "panel", "status",
                                                           "overlay"))
            placed = {state.tile_at[sq] for sq in range(49) if state.tile_at[sq] >= 0}
            assert tiles_drawn(shown) <= placed, step
            hidden = set(state.draw_pile)
            for seat, hand in enumerate(state.hands):
                if seat != viewer:
                    hidden |= set(hand)
            assert not tiles_drawn(shown) & hidden
            assert not {int(t) for t in re.findall(r'id="tile-(\d+)"', shown)} & hidden
            assert 'class="hand-tile' not in shown
        run(table.key("Escape"))
    assert checked == 2
