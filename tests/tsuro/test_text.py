"""Every Tsuro of the Seas event reads as a sentence in the game log."""

import random

from game.core import Event
from game.tsuro.state import TsuroState
from game.tsuro.text import describe, dice_square, mark_name

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


def test_marks_and_squares_read_as_people_count():
    assert mark_name(0) == "start mark 1 of the top edge"
    assert mark_name(1) == "start mark 2 of the top edge"
    assert dice_square(36) == "gold 2, blue 5"
    assert dice_square(24) == "row 4, column 4"


def test_shared_win_names_everyone():
    line = describe(Event("game_over", {"winners": [0, 2], "reason": "the board is full"}), NAMES)
    assert line == "Ann and Cy share the win: the board is full."
