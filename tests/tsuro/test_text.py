"""Every Tsuro of the Seas event reads as a sentence in the game log."""

import random

from game.core import Event
from game.tsuro.board import mark_name, square_name
from game.tsuro.state import TsuroState
from game.tsuro.text import describe

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def test_every_event_of_random_games_has_words():
    seen = set()
    for seed in range(30):
        state = TsuroState({"players": 2 + seed % 7, "daikaiju": True}, seed)
        events = list(state.setup_events)
        rng = random.Random(seed)
        while not state.is_over:
            events += state.apply(rng.choice(state.legal_actions()))
        for event in events:
            line = describe(event, NAMES)
            assert line and line[0].isupper() and line.endswith((".", "!", ")"))
            seen.add(event.kind)
    assert {"turn", "tile_placed", "ship_moved", "ship_out", "game_over",
            "daikaiju_roll", "daikaiju_placed"} <= seen


def test_marks_and_squares_are_named_as_the_board_numbers_them():
    """One way of naming, the board's own (D1): gold numbers the columns, blue the rows,
    the middle line named as such; in the log, the menus, the tooltips and the names a
    screen reader reads alike."""
    assert square_name(36) == "gold 2, blue 5"
    assert square_name(0) == "gold 1, blue 1" and square_name(48) == "gold 6, blue 6"
    assert square_name(24) == "the centre square"
    assert square_name(3) == "the middle column, blue 1"
    assert square_name(21) == "gold 1, the middle row"
    assert mark_name(0) == "start mark on the top edge, gold 1, left point"
    assert mark_name(1) == "start mark on the top edge, gold 1, right point"
    assert mark_name(3 * 8) == "start mark on the top edge, the middle column, left point"
    assert mark_name(6 * 8 + 2) == "start mark on the right edge, blue 1, upper point"
    assert mark_name(48 * 8 + 4) == "start mark on the bottom edge, gold 6, right point"
    assert mark_name(21 * 8 + 7) == "start mark on the left edge, the middle row, upper point"


def test_the_log_names_squares_as_the_board_does():
    placed = describe(Event("tile_placed", {"seat": 0, "tile": 3, "rotation": 0,
                                            "square": 11}), NAMES)
    assert "gold 4, blue 2" in placed and "row" not in placed and "column" not in placed


def test_shared_win_names_everyone():
    line = describe(Event("game_over", {"winners": [0, 2], "reason": "the board is full"}), NAMES)
    assert line == "Ann and Cy share the win: the board is full."
