"""Learn to play: every game has a lesson of at least eight steps covering the rules a
first game needs; each step's position loads, its solution solves it on the page's own
table, a wrong try fails with the step's hint, and progress is kept and read back."""

import json
from html import escape

import pytest
from test_web_tables import FakePage, run

from game.core.actions import Action
from game.core.registry import games
from game.core.rule_links import rule_anchor
from game.web.embed import EmbedError, embed_table
from game.web.learn import (
    after_verdict,
    first_open,
    lesson_game,
    solved_steps,
    step_embed,
    step_html,
    stored,
)

LESSONS = {key: info for key, info in games().items()}
STEPS = [(key, index) for key, info in LESSONS.items() for index in range(len(info.lesson))]
# The first steps ask for any turn ("play"); the others for a choice that can be wrong.
PLAY_STEPS = [(key, i) for key, i in STEPS if LESSONS[key].lesson[i].goal == "play"]
CHOICE_STEPS = [(key, i) for key, i in STEPS if LESSONS[key].lesson[i].goal != "play"]


@pytest.mark.parametrize("key", sorted(LESSONS))
def test_every_game_has_a_lesson_of_eight_steps_or_more(key):
    lesson = LESSONS[key].lesson
    assert len(lesson) >= 8
    assert len({step.key for step in lesson}) == len(lesson)
    for step in lesson:
        assert step.title and step.words and step.solution
        if step.rule:
            assert rule_anchor(key, step.rule), step.rule  # its "Read the rule" link


class Teller:
    def __init__(self):
        self.kinds = []

    def __call__(self, kind, data):
        self.kinds.append(kind)


def play(key, index, actions):
    info = LESSONS[key]
    table = embed_table(step_embed(info, info.lesson[index]), FakePage(), Teller(),
                        after_verdict=lambda v: after_verdict(info, index, v.solved))
    run(table.start())
    for action in actions:
        if table.verdict is not None:
            break
        assert run(table.act(action)), action
    return table


@pytest.mark.parametrize("key, index", STEPS)
def test_each_steps_solution_solves_it_on_the_pages_table(key, index):
    step = LESSONS[key].lesson[index]
    table = play(key, index, [Action.from_json(raw) for raw in step.solution])
    assert table.verdict is not None and table.verdict.solved, step.key
    panel = table.page.regions["panel"]
    last = index == len(LESSONS[key].lesson) - 1
    assert ("play a game" in panel.lower()) if last else (f'data-lesson-step="{index + 1}"'
                                                           in panel)


@pytest.mark.parametrize("key, index", PLAY_STEPS)
def test_a_first_step_is_solved_by_any_turn(key, index):
    """The first steps ask only for a turn played: no legal turn fails them."""
    info = LESSONS[key]
    embed = step_embed(info, info.lesson[index])
    for first in embed.state.legal_actions():
        state, actions, events = embed.state.clone(), [], []
        verdict = None
        for action in [first, *[None] * 5]:  # then the first legal choice, till judged
            action = action or state.legal_actions()[0]
            actions.append(action)
            events += state.apply(action)
            verdict = embed.challenge.judge(actions, events, state)
            if verdict is not None:
                break
        assert verdict is not None and verdict.solved, (first, actions)


@pytest.mark.parametrize("key, index", CHOICE_STEPS)
def test_a_step_is_a_real_choice_and_a_wrong_try_gets_its_hint(key, index):
    step = LESSONS[key].lesson[index]
    info = LESSONS[key]
    embed = step_embed(info, step)
    wrong = find_failing_turn(embed.state, embed.challenge)
    assert wrong is not None, f"{step.key}: every legal play solves it"
    table = play(key, index, wrong)
    assert table.verdict is not None and not table.verdict.solved
    if step.hint:
        assert f"Hint: {escape(step.hint)}" in table.page.regions["panel"]


def find_failing_turn(state, challenge, actions=(), events=(), depth=4):
    verdict = challenge.judge(list(actions), list(events), state)
    if verdict is not None:
        return None if verdict.solved else list(actions)
    if depth == 0:
        return None
    for action in state.legal_actions():
        after = state.clone()
        found = find_failing_turn(after, challenge, (*actions, action),
                                  (*events, *after.apply(action)), depth - 1)
        if found is not None:
            return found
    return None


def test_progress_is_kept_and_anything_odd_is_ignored():
    info = next(info for info in LESSONS.values() if info.lesson)
    keys = [step.key for step in info.lesson]
    assert solved_steps(None, info) == set() and solved_steps("not json", info) == set()
    assert solved_steps('{"a": 1}', info) == set()
    assert solved_steps(json.dumps([keys[1], "nonsense", 3, keys[0]]), info) == {keys[0], keys[1]}
    assert json.loads(stored({keys[2], keys[0]}, info)) == [keys[0], keys[2]]
    assert first_open(info, set()) == 0 and first_open(info, {keys[0]}) == 1
    assert first_open(info, set(keys)) == len(keys) - 1
    page = step_html(info, 1, {keys[0]})
    assert 'aria-current="step"' in page and "(done)" in page and "Step 2 of" in page


def test_an_unknown_game_has_no_lesson():
    with pytest.raises(EmbedError, match="There is no lesson for “chess” here"):
        lesson_game("chess")
    with pytest.raises(EmbedError, match="Say which game to learn"):
        lesson_game(None)
