"""Taking back (the issue "Games are never lost"), driven natively through a fake page:
what each game lets a person take back, the casual setting, and that a takeback is
always the engine's own replay of the shorter record."""

import random
import re

import pytest
from test_web_tables import FakePage, click_like_a_person, run

import game.tatsu as tatsu
import game.tsuro as tsuro
from game.core.match import CASUAL_LINE, Match, Seat
from game.core.takeback import FINAL, takeback_count
from game.tatsu.state import TatsuState
from game.tsuro.state import TsuroState
from game.web.saved import restore, saved_game
from game.web.tatsu_table import TatsuTable
from game.web.tsuro_table import TsuroTable


def seats_for(players):
    return [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]


def tatsu_table(players=("human", "easy"), seed=4, casual=False):
    match = Match(tatsu.GAME, {"first": "black"}, seed, seats_for(players), casual=casual)
    table = TatsuTable(match, FakePage(), "instant")
    run(table.start())
    return table


def tsuro_table(players=("human", "easy"), seed=3, casual=False, daikaiju=True):
    config = {"players": len(players), "daikaiju": daikaiju}
    match = Match(tsuro.GAME, config, seed, seats_for(players), casual=casual)
    table = TsuroTable(match, FakePage(), "instant")
    run(table.start())
    return table


def fresh(match, upto):
    """The engine's own replay of the record's first `upto` actions."""
    return type(match.state).from_record(match.state.to_record(), upto=upto)


def play(table, action) -> None:
    """A person's action, as a person makes it on that table."""
    if isinstance(table, TsuroTable):
        click_like_a_person(table, action)
    else:
        run(table.act(action))


def offered(table) -> bool:
    return "data-takeback" in table.page.regions.get("panel", "") + \
        table.page.regions.get("overlay", "")


def first_die_move(state):
    """A legal action that leaves the mover a die to use (the turn goes on), or None."""
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.to_move == state.to_move and after.dice_left and len(after.history) == len(
                state.history) + 1 and after.turn == state.turn:
            return action
    return None


# --- the rule, pure ------------------------------------------------------------------------
def test_the_rule_counts_the_persons_own_last_actions_until_something_came_to_light():
    reveals = frozenset({"dice"})
    people = [True, False]
    turn = [(1, {"move", "dice"}), (0, {"move"})]
    assert takeback_count(turn, people, 0, reveals=reveals) == 1
    assert takeback_count(turn + [(0, {"move"})], people, 0, reveals=reveals) == 2
    assert takeback_count(turn + [(0, {"move", "dice"})], people, 0, reveals=reveals) == 0
    assert takeback_count(turn + [(1, {"move"})], people, 0, reveals=reveals) == 0  # acted
    assert takeback_count([], people, 0, reveals=reveals) == 0
    assert takeback_count(turn, people, 1, reveals=reveals) == 0  # a computer never
    assert takeback_count(turn, people, 0, reveals=None) == 0  # a game that says nothing
    over = turn + [(0, {"move", "game_over"})]
    assert takeback_count(over, people, 0, True, reveals=reveals) == 0  # the end is final
    # casual: the person's last turn, through the computers' actions since
    game = [(0, {"move"}), (0, {"move", "dice"}), (1, {"move"}), (1, {"move", "dice"})]
    assert takeback_count(game, people, 0, reveals=reveals) == 0
    assert takeback_count(game, people, 0, True, reveals=reveals) == 4
    assert takeback_count(game[:1], people, 0, True, reveals=reveals) == 1
    assert takeback_count(game, [True, True], 0, True, reveals=reveals) == 0  # two people
    assert takeback_count([(1, {"move"})], people, 0, True, reveals=reveals) == 0


def test_each_engine_names_what_brings_new_information():
    assert frozenset({"dice", "first_roll"}) == TatsuState.REVEALING
    assert {"drew", "daikaiju_roll", "daikaiju_placed", "bonus_offered"} <= TsuroState.REVEALING
    assert not {"start_mark", "relocated", "tile_placed", "ship_moved"} & TsuroState.REVEALING


# --- Tatsu ---------------------------------------------------------------------------------
def test_tatsu_the_first_dies_move_is_taken_back_to_the_exact_position_and_dice():
    tried = 0
    for seed in range(12):
        table = tatsu_table(seed=seed)
        state = table.state
        action = first_die_move(state)
        if action is None:
            continue
        tried += 1
        before, dice, log = state.clone(), list(state.dice_left), list(table.match.log)
        assert not offered(table)  # nothing of the person's yet
        run(table.act(action))
        assert table.state.dice_left and table.state.to_move == 0
        assert table.takeback_plan() == (0, 1) and offered(table)
        run(table.click({"takeback": "1"}))
        assert table.state == before and list(table.state.dice_left) == dice
        assert table.state.legal_actions() == before.legal_actions()
        assert table.match.log == log
        assert "took back a move" in table.page.regions["status"]
        assert not offered(table)
        # the page's log was rewritten without the taken-back lines
        shown = table.page.regions["log"]
        assert shown.count("<li") == sum(1 for _, line in log if line)
    assert tried >= 5


def test_tatsu_after_the_second_die_the_new_roll_cannot_be_taken_back():
    for players in (("human", "easy"), ("human", "human")):
        for seed in range(6):
            table = tatsu_table(players, seed=seed)
            state = table.state
            action = first_die_move(state)
            if action is None:
                continue
            run(table.act(action))
            turn = state = table.state
            turn = state.turn
            run(table.act(state.legal_actions()[0]))  # the second die: the turn is over
            assert table.state.turn > turn
            assert table.takeback_plan() is None and not offered(table)
            history = list(table.state.history)
            run(table.key("U"))
            assert table.state.history == history


def test_the_u_key_takes_back():
    table = tatsu_table(seed=5)
    action = first_die_move(table.state)
    before = table.state.clone()
    run(table.act(action))
    run(table.key("u"))
    assert table.state == before


# --- Tsuro of the Seas ----------------------------------------------------------------------
def test_tsuro_a_start_mark_is_taken_back_until_the_next_captain_acts():
    table = tsuro_table(("human", "human", "easy"))
    run(table.click({"ready": "0"}))
    before = table.state.clone()
    click_like_a_person(table, table.state.legal_actions()[0])
    # the next person has not acted: the pass screen offers P1 the takeback
    assert table.takeback_plan() == (0, 1)
    assert "Take back (P1)" in table.page.regions["overlay"]
    run(table.click({"takeback": "1"}))
    assert table.state == before and table.state.to_move == 0
    assert table.page.regions["overlay"] == ""  # P1 is still at the screen
    click_like_a_person(table, table.state.legal_actions()[0])
    run(table.click({"ready": "1"}))
    click_like_a_person(table, table.state.legal_actions()[0])  # P2 acted
    assert table.takeback_plan() is None or table.takeback_plan()[0] == 1
    # the computer's mark begins the first turn: a roll, nothing is taken back now
    assert len(table.state.history) == 3 and table.takeback_plan() is None


def test_tsuro_a_placement_that_drew_a_tile_is_never_taken_back():
    checked = 0
    for seed in range(8):
        table = tsuro_table(("human", "human"), seed=seed)
        state, rng = table.state, random.Random(seed)
        while not state.is_over and checked < 40:
            if table.must_pass_screen():
                run(table.click({"ready": str(state.to_move)}))
            action = rng.choice(state.legal_actions())
            click_like_a_person(table, action)
            events = table.match.step_events()[-1][1]
            if action.kind == "place":  # a draw, a roll, the end: always, here
                assert events & (TsuroState.REVEALING | FINAL)
                assert table.takeback_plan() is None and not offered(table)
                checked += 1
            state = table.state
    assert checked >= 20


def test_tsuro_a_relocation_is_taken_back_to_the_same_choice():
    for seed in range(200):
        table = tsuro_table(("human", "easy", "easy"), seed=seed)
        state = table.state
        while not state.is_over and state.decision != "relocation":
            click_like_a_person(table, state.legal_actions()[0])
            state = table.state
            if len(state.history) > 30:
                break
        if state.decision != "relocation" or state.to_move != 0:
            continue
        before = state.clone()
        click_like_a_person(table, state.legal_actions()[-1])
        assert table.takeback_plan() == (0, 1)
        run(table.click({"takeback": "1"}))
        assert table.state == before and table.state.decision == "relocation"
        return
    pytest.fail("no relocation of the person's met in these seeds")


# --- casual ---------------------------------------------------------------------------------
def test_casual_takes_back_a_whole_turn_against_computers():
    table = tatsu_table(seed=2, casual=True)
    match = table.match
    assert match.casual and match.log[0][1] == CASUAL_LINE
    assert table.page.regions  # started
    rng = random.Random(2)
    while len(match.state.history) < 12:  # a few whole turns, the computer's between
        run(table.act(rng.choice(table.state.legal_actions())))
    steps = match.steps
    start = len(steps)
    while steps[start - 1][0] != 0:
        start -= 1
    while start and steps[start - 1][0] == 0:
        start -= 1
    count = len(steps) - start
    assert table.takeback_plan() == (0, count) and count >= 2
    expected = fresh(match, start)
    run(table.click({"takeback": str(count)}))
    assert table.state == expected and table.state.to_move == 0
    assert table.state.dice_left == table.state.rolled  # the start of that turn, its dice
    assert match.log[0][1] == CASUAL_LINE


def test_without_casual_a_turn_over_is_not_taken_back():
    table = tatsu_table(seed=2)
    rng = random.Random(2)
    while len(table.state.history) < 12:
        run(table.act(rng.choice(table.state.legal_actions())))
    assert table.match.steps[-1][0] == 1 and table.takeback_plan() is None
    assert CASUAL_LINE not in [line for _, line in table.match.log]


def test_casual_counts_only_against_computers():
    match = Match(tatsu.GAME, {"first": "black"}, 1, seats_for(("human", "human")),
                  casual=True)
    assert not match.casual and CASUAL_LINE not in [line for _, line in match.log]
    table = TatsuTable(match, FakePage(), "instant")
    run(table.start())
    rng = random.Random(1)
    while len(match.state.history) < 8:
        run(table.act(rng.choice(table.state.legal_actions())))
        steps = match.step_events()
        if steps[-1][1] & {"dice"}:
            assert table.takeback_plan() is None
    assert match.rematch(5).casual is False
    alone = Match(tatsu.GAME, {"first": "black"}, 1, seats_for(("human", "easy")), casual=True)
    assert alone.rematch(5).casual is True


def test_casual_tsuro_takes_back_the_placement_and_the_computers_turns():
    for seed in range(20):
        table = tsuro_table(("human", "easy", "easy"), seed=seed, casual=True)
        state = table.state
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 14:
            click_like_a_person(table, rng.choice(state.legal_actions()))
            state = table.state
        if not state.is_over:
            break
    assert not state.is_over
    person, count = table.takeback_plan()
    assert person == 0 and count > 1
    expected = fresh(table.match, len(state.history) - count)
    run(table.key("U"))
    assert table.state == expected and table.state.to_move == 0


# --- a takeback is the engine's replay ----------------------------------------------------------
@pytest.mark.parametrize("game", ["tatsu", "tsuro"])
def test_a_takeback_is_always_a_fresh_replay_of_the_shorter_record(game):
    done = 0
    for seed in range(6):
        casual = seed % 2 == 0
        table = (tatsu_table(seed=seed, casual=casual) if game == "tatsu"
                 else tsuro_table(("human", "easy", "easy"), seed=seed, casual=casual))
        match, rng = table.match, random.Random(seed)
        kept = []
        match.on_play = lambda m, kept=kept: kept.append(saved_game(m, "instant"))
        while not table.state.is_over and len(table.state.history) < 60:
            plan = table.takeback_plan()
            if plan and rng.random() < 0.4:
                n = len(table.state.history)
                expected = fresh(match, n - plan[1])
                run(table.takeback())
                done += 1
                assert table.state == expected
                assert table.state.legal_actions() == expected.legal_actions()
                again = Match(match.game, match.state.config, match.seed, match.seats,
                              casual=match.casual)
                for action in expected.history:
                    again.play(action)
                assert match.log == again.log and match.steps == again.steps
                assert table.page.regions["log"] == table.log_html()
                numbers = re.findall(r'<li data-n="(\d+)"', table.log_html())
                assert numbers == [str(n) for n in range(1, len(numbers) + 1)]
                restored, _ = restore(kept[-1])  # the kept game followed
                assert restored.state == expected
                continue
            play(table, rng.choice(table.state.legal_actions()))
    assert done >= 3


def test_a_match_begun_at_a_position_offers_no_takeback_and_no_replay():
    state = TatsuState(tatsu.GAME.config_for(2), 3)
    match = Match.at(tatsu.GAME, state, seats_for(("human", "easy")))
    table = TatsuTable(match, FakePage(), "instant")
    run(table.start())
    action = first_die_move(table.state)
    run(table.act(action))
    assert not match.rewindable and table.takeback_plan() is None
    assert not table.replay_offered() and not offered(table)
    assert "data-replay" not in table.page.regions["panel"]
    with pytest.raises(ValueError):
        match.rewind(1)


def test_the_whole_log_comes_in_lists_of_log_part_lines_numbered_on():
    """The log drawn whole (after a takeback, a resume, a language change) holds its lines
    in lists of LOG_PART, as the page adds them, numbered from 1 across the lists."""
    from game.web.table import LOG_PART

    table = tatsu_table(seed=2)
    rng = random.Random(2)
    while not table.state.is_over and len(table.match.log) <= 2 * LOG_PART + 10:
        if table.state.to_move == 0:
            play(table, rng.choice(table.state.legal_actions()))
        else:
            break
    drawn = table.log_html()
    parts = re.findall(r'<ol class="log-part">(.*?)</ol>', drawn)
    assert "".join(f'<ol class="log-part">{part}</ol>' for part in parts) == drawn
    sizes = [part.count("<li") for part in parts]
    assert len(sizes) >= 3 and all(size == LOG_PART for size in sizes[:-1]), sizes
    assert 0 < sizes[-1] <= LOG_PART
    numbers = re.findall(r'<li data-n="(\d+)"', drawn)
    assert numbers == [str(n) for n in range(1, sum(sizes) + 1)]
