"""The embeddable board's logic, natively: reading its parameters (every malformed one
is one sentence), stepping through a line, playing on, and challenges judged by the
engine (game/web/embed.py, game/core/challenge.py, the games' goals.py)."""

import json
import random

import pytest
from test_web_tables import FakePage, run

from game.core.registry import game
from game.web.embed import EmbedError, embed_table, read, views
from tests.dealt import tsuro_placement


def random_record(key, seed, want=None, cap=4000):
    """A random game's record and the first step at which `want(state)` holds."""
    info = game(key)
    state = info.state_class(info.config_for(info.players[0]), seed)
    chooser = random.Random(seed)
    found = None
    while not state.is_over and len(state.history) < cap:
        if found is None and want is not None and want(state):
            found = len(state.history)
        state.apply(chooser.choice(state.legal_actions()))
    return state.to_record(), found


def frame(**params):
    return read({k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()})


class Teller:
    def __init__(self):
        self.messages = []

    def __call__(self, kind, data):
        self.messages.append((kind, data))

    def kinds(self):
        return [kind for kind, _ in self.messages]


# --- parameters ----------------------------------------------------------------------------
@pytest.mark.parametrize("params, words", [
    ({}, "Say which game to show"),
    ({"game": "chess"}, "There is no game “chess” here"),
    ({"game": "tatsu", "colour": "red"}, "does not know the parameter “colour”"),
    ({"game": "tatsu", "mode": "edit"}, "The mode is view, play or challenge"),
    ({"game": "tatsu", "seat": "3"}, "The seat is a number from 1 to 2"),
    ({"game": "tsuro", "seat": "x"}, "The seat is a number from 1 to 2, not “x”"),
    ({"game": "tatsu", "record": "{"}, "The saved game is not valid JSON."),
    ({"game": "tatsu", "record": "{}"}, "The saved game cannot be opened"),
    ({"game": "tatsu", "line": "[[1, 2]]"}, "The line is a JSON list of actions"),
    ({"game": "tatsu", "line": '[["pass"]]'}, "Step 1 of the line is not allowed"),
    ({"game": "tatsu", "mode": "play", "players": "you"}, "Name 2 players"),
    ({"game": "tatsu", "mode": "play", "players": "you,genius"}, "not “genius”"),
    ({"game": "tatsu", "mode": "challenge"}, "either a goal or an answer"),
    ({"game": "tatsu", "mode": "challenge", "goal": "fly"}, "there is no goal 'fly'"),
    ({"game": "tatsu", "mode": "challenge", "goal": "destroy:gold"}, "a kind of dragon is"),
    ({"game": "tsuro", "mode": "challenge", "goal": "sink:9"}, "a captain from 1 to 8"),
    ({"game": "tatsu", "mode": "challenge", "goal": "win", "seat": "2"}, "not seat 2's turn"),
])
def test_a_malformed_parameter_is_one_sentence(params, words):
    with pytest.raises(EmbedError) as refused:
        read(params)
    message = str(refused.value)
    assert words in message
    assert message.endswith(".") and "\n" not in message and "Traceback" not in message


def test_a_seat_is_a_number_or_tatsus_colour():
    assert read({"game": "tatsu", "seat": "white"}).seat == 1
    assert read({"game": "tatsu", "seat": "Black"}).seat == 0
    assert read({"game": "tsuro", "seat": "2"}).seat == 1
    assert read({"game": "tsuro", "mode": "play", "seat": "3",
                 "players": "easy,easy,you"}).seat == 2


# --- view: a saved game, stepped through ---------------------------------------------------
def test_a_saved_game_is_shown_at_its_step_and_steps_on_to_its_end():
    record, _ = random_record("tatsu", 5)
    embed = frame(game="tatsu", record=record, step="10")
    shown = views(embed)
    assert len(shown) == len(record["actions"]) - 10 + 1
    assert shown[0][0].history == embed.state.history and len(embed.state.history) == 10
    assert shown[-1][0].is_over and shown[-1][1]  # the last step has its words
    assert all(words for _, words in shown[1:])


# --- challenges ----------------------------------------------------------------------------
def can_escape(state):
    return any(a.kind == "escape" for a in state.legal_actions())


def tatsu_escape_challenge():
    for seed in range(200):
        record, step = random_record("tatsu", seed, can_escape)
        if step is not None:
            return frame(game="tatsu", record=record, step=str(step), mode="challenge",
                         goal="escape", seat=str(_to_move(record, step) + 1))
    raise AssertionError("no random game offered an escape")


def _to_move(record, step):
    return game("tatsu").state_class.from_record(record, upto=step).to_move


def test_a_challenge_is_solved_by_the_goal_and_said_to_the_host():
    embed = tatsu_escape_challenge()
    tell, page = Teller(), FakePage()
    table = embed_table(embed, page, tell)
    run(table.start())
    escape = next(a for a in table.state.legal_actions() if a.kind == "escape")
    run(table.act(escape))
    assert table.verdict.solved and tell.kinds()[-1] == "solved"
    assert 'data-verdict="solved"' in page.regions["panel"]
    assert "data-embed-reset" in page.regions["panel"]
    assert run(table.act(table.state.legal_actions()[0])) is False  # judged: no more moves


def test_a_wrong_answer_fails_once_the_goal_is_out_of_reach_and_a_retry_starts_again():
    embed = tatsu_escape_challenge()
    tell, page = Teller(), FakePage()
    table = embed_table(embed, page, tell)
    run(table.start())
    seat = table.state.to_move
    while table.verdict is None:
        other = [a for a in table.state.legal_actions() if a.kind != "escape"]
        run(table.act(other[0]))
    assert not table.verdict.solved and tell.kinds()[-1] == "failed"
    assert (table.state.to_move != seat or table.state.is_over
            or not any(a.kind == "escape" for a in table.state.legal_actions()))
    assert 'data-verdict="failed"' in page.regions["panel"]
    again = embed_table(embed, FakePage(), tell)  # "Try again"
    run(again.start())
    assert again.state == embed.state and again.verdict is None


def test_an_exact_answer():
    embed = tatsu_escape_challenge()
    escape = next(a for a in embed.state.legal_actions() if a.kind == "escape")
    exact = frame(game="tatsu", record=embed.state.to_record(), mode="challenge",
                  answer=escape.to_json(), seat=str(embed.seat + 1))
    table = embed_table(exact, FakePage(), Teller())
    run(table.start())
    run(table.act(escape))
    assert table.verdict.solved


def test_tsuro_sink_a_rival_is_judged_on_the_learners_own_turn():
    info = game("tsuro")
    for seed in range(300):
        state = info.state_class(info.config_for(2, daikaiju=False), seed)
        chooser = random.Random(seed)
        outcomes = {}
        while not state.is_over and len(outcomes) < 2:
            if state.decision == "placement":
                rival = 1 - state.to_move
                outcomes = {}
                for action in state.legal_actions():
                    events = state.clone().apply(action)
                    sunk = any(e.kind == "ship_out" and e.data["seat"] == rival
                               for e in events)
                    outcomes.setdefault(sunk, action)
                if len(outcomes) == 2:
                    break
            state.apply(chooser.choice(state.legal_actions()))
        if len(outcomes) == 2:
            break
    else:
        raise AssertionError("no position where a placement may or may not sink the rival")
    for sunk, action in outcomes.items():
        embed = frame(game="tsuro", record=state.to_record(), mode="challenge",
                      goal=f"sink:{rival + 1}")
        assert embed.seat == 1 - rival
        table = embed_table(embed, FakePage(), Teller())
        run(table.start())
        run(table.act(action))
        assert table.verdict.solved is sunk


# --- play: on from a position against computers --------------------------------------------
def test_play_on_against_computers_to_the_end_telling_each_action():
    record, _ = random_record("tatsu", 8)
    embed = frame(game="tatsu", record=record, step="6", mode="play", players="easy,easy")
    tell = Teller()
    table = embed_table(embed, FakePage(), tell, speed="instant")
    run(table.start())
    assert table.state.is_over
    actions = [data for kind, data in tell.messages if kind == "action"]
    assert len(actions) == len(table.state.history) - 6
    assert tell.kinds()[-1] == "game_over"
    assert "data-embed-reset" in table.page.regions["panel"]


def test_a_challenge_fails_as_soon_as_its_goal_is_out_of_reach_this_turn():
    """A move that spends the die the escape needs ends the challenge at once, while the
    learner still has a die to play (not after the whole turn)."""
    def early(state):  # escape now, but some other move leaves the turn without one
        return can_escape(state) and any(_escape_gone(state, a) for a in state.legal_actions())

    record, step = random_record("tatsu", 0, early)
    seat = _to_move(record, step)
    embed = frame(game="tatsu", record=record, step=str(step), mode="challenge",
                  goal="escape", seat=str(seat + 1))
    tell = Teller()
    table = embed_table(embed, FakePage(), tell)
    run(table.start())
    wrong = next(a for a in table.state.legal_actions() if _escape_gone(table.state, a))
    run(table.act(wrong))
    assert table.state.to_move == seat and not table.state.is_over  # a die is left...
    assert table.verdict is not None and not table.verdict.solved  # ...yet it has failed
    assert tell.kinds()[-1] == "failed"


def test_a_challenge_goes_on_while_its_goal_is_within_reach():
    def can_enter(state):
        return any(a.kind == "enter" for a in state.legal_actions())

    def later(state):  # a first move after which a dragon may still enter
        return can_enter(state) and any(
            a.kind != "enter" and _after(state, a).to_move == state.to_move
            and can_enter(_after(state, a)) for a in state.legal_actions())

    record, step = next((r, s) for r, s in (random_record("tatsu", seed, later)
                                            for seed in range(200)) if s is not None)
    embed = frame(game="tatsu", record=record, step=str(step), mode="challenge",
                  goal="enter", seat=str(_to_move(record, step) + 1))
    table = embed_table(embed, FakePage(), Teller())
    run(table.start())
    first = next(a for a in table.state.legal_actions() if a.kind != "enter"
                 and can_enter(_after(table.state, a)))
    run(table.act(first))
    assert table.verdict is None
    run(table.act(next(a for a in table.state.legal_actions() if a.kind == "enter")))
    assert table.verdict.solved


def _after(state, action):
    trial = state.clone()
    trial.apply(action)
    return trial


def _escape_gone(state, action) -> bool:
    if action.kind == "escape":
        return False
    trial = _after(state, action)
    return (trial.to_move == state.to_move and not trial.is_over
            and not can_escape(trial))


# --- seats, views and empty parameters --------------------------------------------------
def test_the_you_of_players_is_the_seat_shown_and_played():
    embed = read({"game": "tatsu", "mode": "play", "players": "easy,you"})
    assert embed.seat == 1 and embed.players == ["easy", "you"]
    embed = read({"game": "tsuro", "mode": "play", "players": "medium,medium,you"})
    assert embed.seat == 2
    with pytest.raises(EmbedError, match="seat 1 is “easy” in the players, not “you”"):
        read({"game": "tatsu", "mode": "play", "players": "easy,you", "seat": "1"})


@pytest.mark.parametrize("name", ["position", "record"])
def test_an_empty_position_or_record_is_refused_while_a_missing_one_is_a_new_game(name):
    with pytest.raises(EmbedError, match=f"The parameter “{name}” is empty"):
        read({"game": "tatsu", name: ""})
    with pytest.raises(EmbedError, match="is empty"):
        read({"game": "tsuro", name: "  "})
    assert read({"game": "tatsu"}).state.history == []


def test_view_shows_the_seats_own_hand_and_no_other():
    from game.web.tsuro_table import TsuroTable

    state = tsuro_placement()
    embed = frame(game="tsuro", record=state.to_record(), seat="2")
    assert embed.seat == 1
    html = TsuroTable.seat_html(embed.state, 1, "Captain 2")
    shown = {int(t) for t in __import__("re").findall(r'data-tile="(\d+)"', html)}
    assert shown == set(state.hands[1]) and shown
    others = set(state.hands[0]) | set(state.hands[2])
    assert not shown & others
    assert "Captain 2" in html


def test_view_of_a_seat_already_out_says_so():
    from game.web.tsuro_table import TsuroTable

    info = game("tsuro")
    for seed in range(300):
        state = info.state_class(info.config_for(3), seed)
        chooser = random.Random(seed)
        while not state.is_over and all(out is None for out in state.out):
            state.apply(chooser.choice(state.legal_actions()))
        if not state.is_over:
            break
    gone = next(s for s, out in enumerate(state.out) if out is not None)
    html = TsuroTable.seat_html(state, gone, f"Captain {gone + 1}")
    assert f'data-out="{gone}"' in html and "out:" in html and "afloat" not in html
    # and a game played on from that position says the same in its standings
    record = state.to_record()
    embed = frame(game="tsuro", record=record, step=str(len(record["actions"])),
                  mode="play", seat=str(state.to_move + 1))
    standings = dict(embed_table(embed, FakePage(), Teller()).standings())
    assert standings[gone].startswith("out:") and "afloat" not in standings[gone]


# --- hints (hint=on) -------------------------------------------------------------------------
def test_the_hint_parameter_is_on_or_off():
    assert not frame(game="tatsu").hint and frame(game="tatsu", hint="on").hint
    with pytest.raises(EmbedError, match="The hint is on or off, not “maybe”"):
        frame(game="tatsu", hint="maybe")


def test_a_wrong_try_offers_a_try_with_a_hint_that_shows_the_way_to_the_task():
    """hint=on: after a wrong try the verdict offers "Try again with a hint"; that try
    shows the challenge's own way to the task (an escape), drawn and said, and tells the
    host; solving it still counts."""
    embed = frame(**{**_params(tatsu_escape_challenge()), "hint": "on"})
    tell, page = Teller(), FakePage()
    table = embed_table(embed, page, tell)
    run(table.start())
    assert "data-hint" not in page.regions["panel"]  # (no hint before a wrong try)
    while table.verdict is None:
        run(table.act(next(a for a in table.state.legal_actions() if a.kind != "escape")))
    assert 'data-embed-reset="hint"' in page.regions["panel"]
    hinted, page = embed_table(embed, FakePage(), tell, hinted=True), None
    run(hinted.start())
    run(hinted.coach.ask())
    advice = hinted.coach.advice()
    assert advice.action.kind == "escape" and advice.action in hinted.state.legal_actions()
    assert tell.kinds()[-1] == "hint"
    assert tell.messages[-1][1] == {"actions": [a.to_json() for a in advice.turn]}
    assert "the way to the task" in hinted.page.regions["panel"]
    assert 'class="ghost"' in hinted.page.regions["board"]
    assert 'data-hint="1"' in hinted.page.regions["panel"]
    run(hinted.act(advice.action))
    assert hinted.verdict.solved and tell.kinds()[-1] == "solved"


def test_without_the_hint_parameter_a_wrong_try_offers_no_hint():
    embed = tatsu_escape_challenge()
    table = embed_table(embed, FakePage(), Teller())
    run(table.start())
    while table.verdict is None:
        run(table.act(next(a for a in table.state.legal_actions() if a.kind != "escape")))
    assert 'data-embed-reset="hint"' not in table.page.regions["panel"]
    assert not embed_table(embed, FakePage(), Teller(), hinted=True).coach.offered()


def test_a_play_board_with_hints_offers_the_coach():
    record, _ = random_record("tatsu", 8)
    embed = frame(game="tatsu", record=record, step="6", mode="play", players="you,easy",
                  hint="on")
    tell = Teller()
    table = embed_table(embed, FakePage(), tell, speed="instant")
    run(table.start())
    assert table.match.human_to_move and 'data-hint="1"' in table.page.regions["panel"]
    run(table.click({"hint": "1"}))
    assert tell.kinds()[-1] == "hint" and 'class="ghost"' in table.page.regions["board"]


def test_a_challenges_way_meets_its_task():
    """Challenge.solution: the rest of an exact answer, or actions of the learner's
    turn that meet the goal (checked by the challenge's own judge)."""
    embed = tatsu_escape_challenge()
    way = embed.challenge.solution(embed.state)
    state, events = embed.state.clone(), []
    for action in way:
        events += state.apply(action)
    assert embed.challenge.judge(list(way), events, state).solved
    escape = next(a for a in embed.state.legal_actions() if a.kind == "escape")
    exact = frame(game="tatsu", record=embed.state.to_record(), mode="challenge",
                  answer=json.dumps(escape.to_json()), seat=str(embed.seat + 1))
    assert exact.challenge.solution(exact.state) == (escape,)
    assert exact.challenge.solution(exact.state, [embed.state.legal_actions()[0]]) in (
        None, ())


def _params(embed):
    return {"game": "tatsu", "record": json.dumps(embed.state.to_record()),
            "mode": "challenge", "goal": "escape", "seat": str(embed.seat + 1)}
