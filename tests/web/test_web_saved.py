"""A game kept in the browser comes back exactly: the same state, log, seats and pace;
anything else that was stored is refused with a reason (game/web/saved.py)."""

import json
import random

import pytest

from game.core.match import HINTS_LINE, Match, Seat
from game.core.registry import games
from game.web.saved import (
    SAVE_VERSION,
    SavedGameError,
    file_name,
    from_fragment,
    open_record,
    restore,
    saved_game,
    saved_text,
    share_fragment,
    summary,
)


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


# --- files and links ---------------------------------------------------------------------
@pytest.mark.parametrize("key", ["tsuro", "tatsu"])
def test_a_share_link_holds_the_whole_game_in_its_fragment(key):
    match = played(key, 9, 400, ("human", "easy"))
    fragment = share_fragment(match)
    assert fragment.startswith("replay=") and all(
        c.isalnum() or c in "=-_" for c in fragment)
    again, _ = from_fragment("#" + fragment)
    assert again.state == match.state and again.state.history == match.state.history
    assert [line for _, line in again.log] == [line for _, line in match.log]


@pytest.mark.parametrize("fragment, reason", [
    ("", "holds no game"), ("#replay=abc", "broken"),
    ("#replay=" + "A" * 40, "broken"),
])
def test_a_broken_link_says_so(fragment, reason):
    with pytest.raises(SavedGameError, match=reason):
        from_fragment(fragment)


def test_a_truncated_link_says_so():
    fragment = share_fragment(played("tatsu", 2, 30))
    with pytest.raises(SavedGameError, match="broken"):
        from_fragment(fragment[:-12])


def test_a_file_is_a_saved_game_or_a_bare_record():
    match = played("tatsu", 4, 25, ("human", "hard"))
    again, pace = open_record(saved_text(match, "slow"), "tatsu")
    assert again.state == match.state and pace == "slow" and again.seats[1].player == "hard"
    bare, pace = open_record(json.dumps(match.state.to_record()), "tatsu")
    assert bare.state == match.state and pace == "normal"
    assert all(seat.is_human for seat in bare.seats)
    assert file_name(match).startswith("tatsu-seed-4-turn-") and file_name(match).endswith(".json")


@pytest.mark.parametrize("text, reason", [
    ("not json at all", "not JSON"),
    ('{"game": "tatsu", "version": 1, "config": {}, "seed": 1, "actions"', "cut short"),
    ("[1, 2]", "not a saved game"),
    ('{"game": "chess"}', "not a saved game of this site"),
])
def test_a_bad_file_is_refused_with_its_reason(text, reason):
    with pytest.raises(SavedGameError, match=reason):
        open_record(text, "tatsu")


def test_a_file_of_the_other_game_newer_or_refused_by_the_rules():
    tsuro = played("tsuro", 4, 10, ("human", "easy"))
    with pytest.raises(SavedGameError, match="a game of Tsuro of the Seas, not Tatsu"):
        open_record(json.dumps(tsuro.state.to_record()), "tatsu")
    with pytest.raises(SavedGameError, match="not Tatsu"):
        open_record(saved_text(tsuro, "normal"), "tatsu")
    record = played("tatsu", 4, 10).state.to_record()
    with pytest.raises(SavedGameError, match="version 2 is not supported"):
        open_record(json.dumps({**record, "version": 2}), "tatsu")
    with pytest.raises(SavedGameError, match="action 11 of the saved game is refused"):
        open_record(json.dumps({**record, "actions": [*record["actions"], ["pass"]]}),
                    "tatsu")


def test_a_file_written_under_the_old_name_of_tsuro_still_opens():
    """Records and positions said "tsuro-of-the-seas" before the game had one id: read as
    "tsuro" (GameInfo.old_keys), never written again."""
    match = played("tsuro", 4, 10, ("human", "easy"))
    old = {**match.state.to_record(), "game": "tsuro-of-the-seas"}
    again, _pace = open_record(json.dumps(old), "tsuro")
    assert again.state == match.state and again.state.to_record()["game"] == "tsuro"
    kept = json.loads(saved_text(match, "fast"))
    kept["record"]["game"] = "tsuro-of-the-seas"
    again, pace = open_record(json.dumps(kept), "tsuro")
    assert again.state == match.state and pace == "fast"
    with pytest.raises(SavedGameError, match="a game of Tsuro of the Seas, not Tatsu"):
        open_record(json.dumps(old), "tatsu")


# --- the hints setting ---------------------------------------------------------------------
def test_a_game_with_hints_says_so_comes_back_with_them_and_an_older_save_has_none():
    info = games()["tsuro"]
    seats = [Seat("Ann"), Seat("Bot", "easy")]
    match = Match(info, info.config_for(2), 4, seats, hints=True)
    assert match.hints and match.log[0][1] == HINTS_LINE  # (in English)
    again = restore(saved_text(match, "normal"))[0]
    assert again.hints and again.log[0][0].kind == "hints"
    older = saved_game(match, "normal")
    del older["hints"]  # saved before the setting was kept
    assert not restore(older)[0].hints
    with pytest.raises(SavedGameError, match="hints setting"):
        restore({**saved_game(match, "normal"), "hints": 1})
    # among computers only, nobody to hint to: the setting is not taken
    bots = Match(info, info.config_for(2), 4, [Seat("A", "easy"), Seat("B", "easy")],
                 hints=True)
    assert not bots.hints and all(event.kind != "hints" for event, _line in bots.log)
    assert match.rematch(5).hints


# --- the casual setting --------------------------------------------------------------------
def test_a_casual_game_comes_back_casual_and_an_older_save_is_not():
    info = games()["tatsu"]
    match = Match(info, info.config_for(2), 4, [Seat("Ann"), Seat("Bot", "easy")],
                  casual=True)
    assert restore(saved_text(match, "normal"))[0].casual
    older = saved_game(match, "normal")
    del older["casual"]  # saved before the setting was kept
    assert not restore(older)[0].casual
    with pytest.raises(SavedGameError, match="casual setting"):
        restore({**saved_game(match, "normal"), "casual": "yes"})
