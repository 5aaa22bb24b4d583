"""Section A and B (components, setup), D1/D2 tables, D5 (first player), the package
interface and the config."""

import pytest

from game import tatsu
from game.core.bots import RandomBot
from game.core.rng import new_rng
from game.tatsu import TURN_CAP, TatsuState, config_for
from game.tatsu.arena import (
    BLACK,
    CORNER_KIND,
    DIRECTION,
    ENTRY_SEGMENTS,
    SEGMENTS,
    STONES_PER_KIND,
    WHITE,
    target_segment,
)


def test_package_exposes_what_the_command_line_needs():
    assert tatsu.GAME_NAME == "Tatsu"
    assert tatsu.PLAYERS == (2, 2)
    assert TURN_CAP >= 100
    assert tatsu.State is TatsuState
    assert {"random", "easy", "medium", "hard"} <= set(tatsu.BOTS)
    assert tatsu.BOTS["easy"] is RandomBot and tatsu.BOTS["random"] is RandomBot
    assert config_for(2) == {"first": "black"}
    assert config_for(2, first="roll") == {"first": "roll"}


def test_components_nine_stones_per_player():
    assert STONES_PER_KIND == {"vine": 4, "water": 3, "fire": 2}
    assert sum(STONES_PER_KIND.values()) == 9


def test_setup_three_vines_on_the_entry_segments_rest_in_the_tray():
    state = TatsuState(config_for(2), 7)
    for seat, segments in ((BLACK, (1, 2, 3)), (WHITE, (15, 14, 13))):
        for segment in segments:
            assert state.stone_at(segment, "inner") == (seat, "vine")
            assert state.status(segment, "inner") == "free"
        assert state.tray(seat) == {"vine": 1, "water": 3, "fire": 2}
        assert state.mat(seat) == {"vine": 0, "water": 0, "fire": 0}
        assert state.dead_zone(seat) == {"vine": 0, "water": 0, "fire": 0}
    occupied = [s for s in range(SEGMENTS) if state.stone_at(s, "inner")]
    assert occupied == [1, 2, 3, 13, 14, 15]
    assert all(state.stone_at(s, "outer") is None for s in range(SEGMENTS))
    assert state.invariant_violations() == []


def test_d1_geometry_entry_points_and_mirror_symmetry():
    assert ENTRY_SEGMENTS[BLACK] == {1: 1, 2: 2, 3: 3}
    assert ENTRY_SEGMENTS[WHITE] == {1: 15, 2: 14, 3: 13}
    assert DIRECTION == (1, -1)
    for number in (1, 2, 3):  # s <-> 16 - s maps Black's entry points on White's
        assert ENTRY_SEGMENTS[WHITE][number] == (16 - ENTRY_SEGMENTS[BLACK][number]) % 24
    for segment in range(SEGMENTS):  # ... and swaps the directions of travel
        for die in range(1, 7):
            mirrored = target_segment(WHITE, (16 - segment) % 24, die)
            assert mirrored == (16 - target_segment(BLACK, segment, die)) % 24


def test_d2_corner_kinds_and_their_mirror_symmetry():
    assert CORNER_KIND == {0: "water", 4: "fire", 8: "vine", 12: "fire", 16: "water",
                           20: "vine"}
    for corner, kind in CORNER_KIND.items():
        assert CORNER_KIND[(16 - corner) % 24] == kind


def test_first_turn_begins_at_once_with_a_roll():
    state = TatsuState(config_for(2), 3)
    assert state.turn == 1 and state.to_move == BLACK and state.decision == "move"
    assert len(state.rolled) == 2 and all(1 <= d <= 6 for d in state.rolled)
    assert list(state.dice_left) == list(state.rolled)
    assert [e.kind for e in state.setup_events] == ["turn", "dice"]
    assert state.setup_events[1].data["dice"] == list(state.rolled)


def test_d5_default_black_starts_and_option_white():
    assert TatsuState({}, 1).to_move == BLACK
    assert TatsuState({"first": "black"}, 1).to_move == BLACK
    assert TatsuState({"first": "white"}, 1).to_move == WHITE


def test_d5_roll_higher_starts_ties_rolled_again():
    seen_tie = seen_black = seen_white = False
    for seed in range(60):
        state = TatsuState({"first": "roll"}, seed)
        rolls = [e.data for e in state.setup_events if e.kind == "first_roll"]
        assert rolls and all(r["black"] == r["white"] for r in rolls[:-1])
        last = rolls[-1]
        assert last["black"] != last["white"]
        expected = BLACK if last["black"] > last["white"] else WHITE
        assert state.to_move == expected
        seen_tie |= len(rolls) > 1
        seen_black |= expected == BLACK
        seen_white |= expected == WHITE
        assert TatsuState({"first": "roll"}, seed) == state  # the seed decides
    assert seen_tie and seen_black and seen_white


@pytest.mark.parametrize("config, words", [
    ([], "is an object"),
    ({"first": "green"}, "'first' must be one of"),
    ({"first": None}, "'first' must be one of"),
    ({"daikaiju": True}, "unknown Tatsu option"),
])
def test_bad_config_refused(config, words):
    with pytest.raises(ValueError, match=words):
        TatsuState(config, 1)


def test_bad_players_option_or_seed_refused():
    with pytest.raises(ValueError, match="exactly 2 players"):
        config_for(3)
    with pytest.raises(ValueError, match="'first' must be one of"):
        config_for(2, first="red")
    with pytest.raises(ValueError, match="unknown Tatsu option"):
        config_for(2, daikaiju=True)
    for seed in (1.5, True, None, [1]):
        with pytest.raises(ValueError, match="seed"):
            TatsuState(config_for(2), seed)


def test_view_shows_everything_but_the_future_dice():
    state = TatsuState(config_for(2), 11)
    view = state.view(WHITE)
    assert view["player"] == "white" and view["to_move"] == BLACK
    assert view["legal"] == []  # not White's decision
    assert state.view(BLACK)["legal"] == [a.to_json() for a in state.legal_actions()]
    assert view["dice"] == list(state.rolled)
    assert "rng" not in view and "seed" not in view
    assert view["arena"][1]["inner"] == {"seat": 0, "player": "black", "kind": "vine",
                                         "status": "free"}
    assert view["arena"][4]["corner"] == "fire" and view["arena"][4]["inner"] is None
    assert view["trays"][WHITE] == {"vine": 1, "water": 3, "fire": 2}


def test_view_refuses_a_seat_that_does_not_exist():
    with pytest.raises(ValueError, match="seats are 0"):
        TatsuState(config_for(2), 1).view(2)


def test_clone_with_a_seed_plays_other_dice_but_keeps_the_position():
    state = TatsuState(config_for(2), 1)
    same, other = state.clone(), state.clone(rng=new_rng("a bot's guess"))
    assert same == state
    for copy in (same, other):
        assert copy.arena() == state.arena() and copy.rolled == state.rolled
    rolls = {tuple(c.rng.random() for _ in range(5)) for c in (same, other, state)}
    assert len(rolls) == 2  # `same` and the state agree; `other` does not
