"""A game's review (game/core/review.py): each decision of each person scored by the
coach, the costliest marked, a summary per person, in slices with its progress."""

import json

import pytest
from once import once_per_run

import game.tsuro as tsuro
from game.core.actions import Action
from game.core.bots import finish, make_bot
from game.core.coach import Advice
from game.core.review import COSTLY, MARKED, Decision, Review, ReviewError, review
from game.tsuro.coach import advise, hint_words


def blundered_game(seed=3):
    """A game of two in which seat 0 plays the medium bot's choices, except at its second
    placement with four choices or more: the one the coach values lowest."""
    info = tsuro.GAME
    state = info.state_class(info.config_for(2), seed)
    bots = [make_bot("medium", seat, f"{seed}:{seat}", info.bot_classes) for seat in (0, 1)]
    worst, seen = None, 0
    while not state.is_over:
        action = bots[state.to_move](state)
        if (worst is None and state.to_move == 0 and state.decision == "placement"
                and len(state.legal_actions()) >= 4):
            seen += 1
            if seen == 2:
                worth = {a: finish(advise(state, a)).played_value for a in state.legal_actions()}
                worst, action = len(state.history), min(worth, key=worth.get)
        state.apply(action)
    return state, worst


@pytest.fixture(scope="session")
def reviewed(tmp_path_factory):
    """The blundered game, both seats reviewed: some 10 s, made once in a run however
    many workers run these tests (tests/once.py)."""
    def make(_folder):
        state, step = blundered_game()
        return state, step, *run_review(state, (0, 1))
    return once_per_run(tmp_path_factory, "review", make)


def run_review(state, people):
    progress, steps = [], review(type(state), state.to_record(), people, advise)
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as finished:
            return finished.value, progress


def test_the_choice_the_coach_values_lowest_is_marked_costly(reviewed):
    state, step, done, progress = reviewed
    assert step is not None
    decision = done.at(step)
    assert decision is not None and decision.seat == 0
    assert decision.cost >= COSTLY and decision in done.marked
    assert decision.advice.action != decision.played
    assert done.marked[0].cost == max(d.cost for d in done.decisions)
    reviewed, costly, _blunders = done.summary(0)
    assert reviewed == sum(d.seat == 0 for d in done.decisions) and costly >= 1
    assert progress == sorted(progress) and progress[-1] == 1.0


def test_costly_blunders_and_the_three_marked():
    """COSTLY and BLUNDER by what a choice gave up; the three costliest that cost
    something marked, costliest first, the earlier first among equals."""
    move = Action("place", (1, 0))

    def decided(step, seat, best, played):
        return Decision(step, seat, Advice(seat, Action("place", (2, 0)), (), best,
                                           played=move, played_value=played))
    done = Review((decided(0, 0, 0.6, 0.6), decided(1, 1, 0.5, 0.1),
                   decided(2, 0, 0.5, 0.46), decided(3, 0, 0.7, 0.3),
                   decided(4, 0, 0.5, 0.44), decided(5, 1, 0.5, 0.44),
                   decided(6, 0, 0.3, 0.5)))
    assert [d.step for d in done.marked] == [1, 3, 4]
    assert done.summary(0) == (5, 2, 1) and done.summary(1) == (2, 2, 1)
    assert done.at(6).cost == 0 and done.at(7) is None


def test_only_the_peoples_choices_are_reviewed(reviewed):
    state, _step, _done, _progress = reviewed
    done, _progress = run_review(state.clone(), ())
    assert done.decisions == ()


def test_only_choices_are_reviewed_and_at_most_three_are_marked(reviewed):
    state, _step, done, _progress = reviewed
    positions = type(state).from_record
    for decision in done.decisions:
        before = positions(state.to_record(), upto=decision.step)
        assert before.to_move == decision.seat and len(before.legal_actions()) > 1
        assert decision.played == state.history[decision.step]
        assert 0 <= decision.advice.played_value <= 1 and decision.cost >= 0
    assert {d.seat for d in done.decisions} == {0, 1}
    assert len(done.marked) <= MARKED and all(d.cost >= COSTLY for d in done.marked)
    kept = done.to_json()
    assert [row[0] for row in kept] == [d.step for d in done.decisions]
    assert all(len(row) == 7 for row in kept)


def test_a_kept_review_reads_back_as_it_was(reviewed):
    state, _step, done, _progress = reviewed
    kept = json.loads(json.dumps(done.to_json()))  # as a saved game carries it
    again = Review.from_json(kept, type(state), state.to_record(),
                             lambda advice: hint_words(advice, ["A", "B"]))
    assert again.to_json() == done.to_json()
    assert again.marked and [d.step for d in again.marked] == [d.step for d in done.marked]
    for one, other in zip(again.decisions, done.decisions):
        assert one.advice.turn == other.advice.turn and one.played == other.played
        assert hint_words(one.advice, ["A", "B"]) == hint_words(other.advice, ["A", "B"])


@pytest.mark.parametrize("spoil", [
    lambda rows: rows[0].__setitem__(0, rows[0][0] + 1),  # not the step of its decision
    lambda rows: rows[1].__setitem__(0, rows[0][0]),  # steps out of order
    lambda rows: rows[0].__setitem__(1, 1 - rows[0][1]),  # another seat
    lambda rows: rows[0].__setitem__(2, rows[1][2]),  # not the action played
    lambda rows: rows[0].__setitem__(3, [["place", 999, 0]]),  # a turn the rules refuse
    lambda rows: rows[0].__setitem__(3, []),  # no turn
    lambda rows: rows[0].__setitem__(4, 1.5),  # not a share
    lambda rows: rows[0].__setitem__(5, "0.5"),
    lambda rows: rows[0].__setitem__(6, [["where", "x"]]),  # reasons not [kind, data]
    lambda rows: rows[0].__setitem__(6, [["where", {}]]),  # data its words cannot say
    lambda rows: rows[0].pop(),  # a field missing
    lambda rows: rows.append(rows[-1]),  # a decision twice
])
def test_a_review_that_is_not_its_games_is_refused_whole(spoil, reviewed):
    state, _step, done, _progress = reviewed
    rows = json.loads(json.dumps(done.to_json()))
    spoil(rows)
    with pytest.raises(ReviewError, match="decision"):
        Review.from_json(rows, type(state), state.to_record(),
                         lambda advice: hint_words(advice, ["A", "B"]))


def test_a_review_longer_than_its_game_is_refused(reviewed):
    state, _step, done, _progress = reviewed
    with pytest.raises(ReviewError, match="not a list"):
        Review.from_json({"0": 1}, type(state), state.to_record())
    with pytest.raises(ReviewError, match="not a list"):
        Review.from_json([[0]] * (len(state.history) + 1), type(state), state.to_record())
