"""A game kept in the browser comes back exactly: the same state, log, seats and pace;
anything else that was stored is refused with a reason (game/web/saved.py)."""

import json
import random

import pytest

from game.core.match import Match, Seat
from game.core.registry import games
from game.web.saved import SAVE_VERSION, SavedGameError, restore, saved_game, saved_text, summary


def played(key, seed, actions, players=("human", "easy")):
    info = games()[key]
    count = len(players)
    seats = [Seat(f"P{i + 1}", p) for i, p in enumerate(players)]
    match = Match(info, info.config_for(count), seed, seats)
    chooser = random.Random(seed)
    for _ in range(actions):
        if match.state.is_over:
            break
        match.play(chooser.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("key, players", [("tsuro", ("human", "easy", "hard")),
                                          ("tatsu", ("human", "medium"))])
@pytest.mark.parametrize("actions", [0, 5, 40])
def test_a_kept_game_comes_back_as_it_was(key, players, actions):
    match = played(key, 7, actions, players)
    again, pace = restore(saved_text(match, "fast"))
    assert again.state == match.state and pace == "fast"
    assert [line for _, line in again.log] == [line for _, line in match.log]
    assert [s.to_json() for s in again.seats] == [s.to_json() for s in match.seats]
    assert again.game is match.game


def test_the_summary_says_which_game_how_far_and_who():
    match = played("tsuro", 3, 20, ("human", "easy", "hard", "medium"))
    assert summary(match).startswith("Tsuro of the Seas, turn ")
    assert summary(match).endswith("you against 3 computers")
    assert summary(played("tatsu", 3, 0, ("human", "human"))).endswith("2 people")


def broken(change):
    data = saved_game(played("tatsu", 5, 12), "normal")
    change(data)
    return data


@pytest.mark.parametrize("data, reason", [
    ("{not json", "not JSON"),
    ('{"format": "other"}', "not a game of this site"),
    (broken(lambda d: d.update(version=SAVE_VERSION + 1)), "does not read"),
    (broken(lambda d: d.pop("seats")), "lacks seats"),
    (broken(lambda d: d.update(game="chess")), "no game 'chess'"),
    (broken(lambda d: d.update(seats=[{"name": "A", "player": "human"}])), "1 seats for 2"),
    (broken(lambda d: d["seats"][1].update(player="genius")), "a seat of the kept game"),
    (broken(lambda d: d["record"]["actions"].append(["pass"])), "action 13"),
    (broken(lambda d: d["record"].update(game="tsuro-of-the-seas")), "cannot be opened"),
])
def test_anything_else_is_refused_with_a_reason(data, reason):
    if isinstance(data, dict):
        data = json.dumps(data)
    with pytest.raises(SavedGameError, match=reason):
        restore(data)
