"""A saved game can be opened at any step: `from_record(record, upto=N)`."""

import random

import pytest

from game.core import RecordError
from game.core.registry import games


def play_random_game(info, seed):
    state = info.state_class(info.config_for(info.players[0]), seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("info", games().values(), ids=lambda info: info.key)
def test_a_record_opens_after_each_number_of_actions(info):
    cls = info.state_class
    state = play_random_game(info, seed=3)
    record = state.to_record()
    for upto in (0, 1, len(record["actions"]) // 2, len(record["actions"])):
        opened = cls.from_record(record, upto=upto)
        assert opened.history == state.history[:upto]
        again = cls(record["config"], record["seed"])
        for action in state.history[:upto]:
            again.apply(action)
        assert opened == again


@pytest.mark.parametrize("upto", [-1, 10**6, "3", 1.5, True])
@pytest.mark.parametrize("info", games().values(), ids=lambda info: info.key)
def test_a_step_outside_the_game_is_refused_with_the_range(info, upto):
    record = play_random_game(info, seed=4).to_record()
    with pytest.raises(RecordError, match=f"from 0 to {len(record['actions'])}"):
        info.state_class.from_record(record, upto=upto)
