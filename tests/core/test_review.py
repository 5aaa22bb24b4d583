"""A game's review (game/core/review.py): each decision of each person scored by the
coach, the costliest marked, a summary per person, in slices with its progress."""

import functools

import game.tsuro as tsuro
from game.core.actions import Action
from game.core.bots import finish, make_bot
from game.core.coach import Advice
from game.core.review import COSTLY, MARKED, Decision, Review, review
from game.tsuro.coach import advise


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


@functools.cache
def reviewed_game():
    """The blundered game, both seats reviewed (once for the module's tests)."""
    state, step = blundered_game()
    return state, step, *run_review(state, (0, 1))


def run_review(state, people):
    progress, steps = [], review(type(state), state.to_record(), people, advise)
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as finished:
            return finished.value, progress


def test_the_choice_the_coach_values_lowest_is_marked_costly():
    state, step, done, progress = reviewed_game()
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


def test_only_the_peoples_choices_are_reviewed():
    state, _step, _done, _progress = reviewed_game()
    done, _progress = run_review(state.clone(), ())
    assert done.decisions == ()


def test_only_choices_are_reviewed_and_at_most_three_are_marked():
    state, _step, done, _progress = reviewed_game()
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
    assert all(len(row) == 6 for row in kept)
