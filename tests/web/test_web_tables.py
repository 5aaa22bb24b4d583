"""The page's tables and start form, driven natively through a fake page."""

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

import game.tsuro as tsuro
from game.core.match import Match, Seat
from game.tsuro.tiles import ORIENTED
from game.web.setup import read_form
from game.web.tatsu_setup import tatsu_form
from game.web.tsuro_setup import tsuro_form
from game.web.tsuro_table import TsuroTable


class FakePage:
    def __init__(self):
        self.regions, self.lines, self.cues, self.finished = {}, [], [], None
        self.focused = []  # the selectors each render asked to focus
        self.marked = None  # the replay step whose log lines are marked

    def focus(self, selectors):
        self.focused.append(list(selectors))

    def show(self, region, html):
        self.regions[region] = html

    def log(self, line, step=None):
        self.lines.append(line)

    def refocus(self):
        pass

    def hold(self, moves):
        pass

    def release(self, selector=None):
        pass

    async def move(self, moves, step_seconds):
        return None

    def mark_log(self, step):
        self.marked = step

    def highlight(self, selector):
        self.cues.append(selector)

    async def pause(self, seconds):
        return None

    def done(self, winners):
        self.finished = winners


class StatusPage(FakePage):
    """A fake page that keeps every status line shown, in order."""

    def __init__(self):
        super().__init__()
        self.statuses = []

    def show(self, region, html):
        super().show(region, html)
        if region == "status":
            self.statuses.append(html)


def run(coroutine):
    """Run on a thread of its own: the browser tests leave an event loop running here."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def tsuro_table(players=("human", "easy"), seed=3):
    seats = [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]
    match = Match(tsuro.GAME, tsuro.config_for(len(seats)), seed, seats)
    table = TsuroTable(match, FakePage(), "instant")
    run(table.start())
    return table


def click_like_a_person(table, action):
    """The clicks a person makes for an engine action."""
    if action.kind in ("start", "relocate"):  # pick the mark, then set sail from it
        run(table.click({"mark": str(action.args[0])}))
        run(table.click({"confirmMark": "1"}))
    elif action.kind == "place":
        tile, rotation = action.args
        run(table.click({"tile": str(tile)}))
        for _ in range(rotation):
            run(table.click({"rotate": "cw"}))
        run(table.click({"place": "1"}))
    else:
        give, take = action.args
        for t in give:
            run(table.click({"give": str(t)}))
        for t in take:
            run(table.click({"take": str(t)}))
        run(table.click({"bonus": "swap" if give else "keep"}))


def test_a_person_and_a_computer_play_to_the_end_by_clicks():
    table = tsuro_table()
    state = table.state
    moves = 0
    while not state.is_over:
        assert table.match.human_to_move
        before = len(state.history)
        click_like_a_person(table, state.legal_actions()[-1])
        assert len(state.history) > before
        moves += 1
    assert table.page.finished == state.winners
    assert "data-winners" in table.page.regions["panel"]
    assert table.page.lines[-1].endswith(".") and "win" in table.page.lines[-1]


def test_people_at_one_screen_pass_it_and_hands_stay_hidden():
    table = tsuro_table(("human", "human"))
    assert "Pass the screen to" in table.page.regions["overlay"]
    assert table.page.regions["panel"] == ""
    run(table.click({"mark": "0"}))  # ignored behind the pass screen
    run(table.click({"confirmMark": "1"}))
    assert table.state.history == []
    run(table.click({"ready": "0"}))
    assert table.page.regions["overlay"] == ""
    click_like_a_person(table, table.state.legal_actions()[0])
    assert "P2" in table.page.regions["overlay"]


def test_a_refused_placement_shows_its_rule_and_changes_nothing():
    for seed in range(40):
        table = tsuro_table(seed=seed)
        state = table.state
        while not state.is_over and state.decision != "placement":
            click_like_a_person(table, state.legal_actions()[0])
        if state.is_over:
            continue
        legal = {ORIENTED[t][r] for t, r in (a.args for a in state.legal_actions())}
        hand = state.hands[state.to_move]
        refused = [(t, r) for t in hand for r in range(4) if ORIENTED[t][r] not in legal]
        if not refused:
            continue
        before = state.snapshot()
        tile, rotation = refused[0]
        run(table.click({"tile": str(tile)}))
        for _ in range(rotation):
            run(table.click({"rotate": "cw"}))
        run(table.click({"place": "1"}))
        assert state.snapshot() == before
        # the rule is named, and linked to where the rules page explains it
        found = re.search(r'Not allowed: .* \(<a href="rules/tsuro-of-the-seas.html#'
                          r'placing-rule-([1-4])" [^>]*>placing rule ([1-4])</a>\)\.',
                          table.page.regions["status"])
        assert found and found[1] == found[2]
        return
    pytest.fail("no seed gave a refusable placement")


def test_keys_choose_turn_and_place():
    table = tsuro_table()
    state = table.state
    run(table.click({"mark": str(state.legal_actions()[0].args[0])}))
    run(table.click({"mark": str(state.legal_actions()[0].args[0])}))  # again: set sail
    while state.decision != "placement":
        click_like_a_person(table, state.legal_actions()[0])
    run(table.key("1"))
    assert table.selected == (state.hands[state.to_move][0], 0)
    run(table.key("r"))
    assert table.selected[1] == 1
    run(table.key("R"))
    assert table.selected[1] == 0
    turn = state.turn
    legal = state.legal_actions()[0]
    table.selected = legal.args
    run(table.key("Enter"))
    assert state.turn > turn or state.is_over


def test_forms_and_reading_them_back():
    html = tsuro_form(4)
    assert html.count('class="seat-row"') == 4 and 'name="daikaiju" checked' in html
    assert tatsu_form().count('class="seat-row"') == 2
    values = {"players": "3", "daikaiju": "", "seed": "42", "speed": "fast",
              "name0": "Ann", "player0": "human", "name1": "", "player1": "easy",
              "name2": "Cy", "player2": "hard"}
    config, seed, seats, speed = read_form("tsuro", values, 5)
    assert config == {"players": 3, "daikaiju": False} and seed == 42 and speed == "fast"
    assert [s.name for s in seats] == ["Ann", "Easy computer 2", "Cy"]  # empty: the default
    assert [s.player for s in seats] == ["human", "easy", "hard"]
    assert read_form("tsuro", dict(values, seed=""), 5)[1] == 5
    assert read_form("tsuro", dict(values, seed="x1"), 5)[1] == "x1"  # a text seed
    with pytest.raises(ValueError, match="whole number of at most 40 digits"):
        read_form("tsuro", dict(values, seed="1" * 41), 5)
    config, _, seats, _ = read_form("tatsu", {"first": "roll", "name0": "Ann",
                                              "player0": "human", "player1": "easy"}, 1)
    assert config == {"first": "roll"}
    assert [s.name for s in seats] == ["Ann (Black)", "Easy computer (White)"]


@pytest.mark.parametrize("slice_seconds", [0.0, 60.0])
def test_a_thinking_computer_yields_to_the_page_once_a_slice_of_time_is_spent(
        monkeypatch, slice_seconds):
    """The table hands the browser its turn between a bot's slices once THINK_SLICE has
    passed since the last hand-over: after every slice when it is 0, never when the
    whole decision fits in one slice."""
    import game.web.table as table_module

    monkeypatch.setattr(table_module, "THINK_SLICE", slice_seconds)

    class SlicedBot:
        def __init__(self):
            self.slices = 0

        def think(self, state):
            for _ in range(3):
                self.slices += 1
                yield
            return state.legal_actions()[0]

    pauses = []
    seats = [Seat("A", "easy"), Seat("B", "easy")]
    match = Match(tsuro.GAME, tsuro.config_for(2), 4, seats)
    sliced = SlicedBot()
    match.bots[0] = sliced
    page = FakePage()
    page.pause = lambda seconds: pauses.append(seconds) or FakePage.pause(page, seconds)
    run(TsuroTable(match, page, "normal").start())  # paced: only slices pause for 0 s
    assert match.state.is_over and sliced.slices >= 3
    assert pauses.count(0) == (sliced.slices if slice_seconds == 0 else 0)
