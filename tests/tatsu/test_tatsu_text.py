"""Every Tatsu event reads as a sentence in the game log."""

import random

import pytest
from tatsu_helpers import pos

from game.core import Action, Event
from game.tatsu import TatsuState
from game.tatsu.text import describe, segment_name

NAMES = ["Ann (Black)", "Bo (White)"]


def test_every_event_of_random_games_has_words():
    seen = set()
    for seed in range(40):
        state = TatsuState({"first": "roll" if seed % 2 else "black"}, seed)
        events = list(state.setup_events)
        rng = random.Random(seed)
        while not state.is_over:
            events += state.apply(rng.choice(state.legal_actions()))
        for event in events:
            line = describe(event, NAMES)
            assert line and line[0].isupper() and line.endswith("."), (event, line)
            assert "{" not in line and "None" not in line, line
            seen.add(event.kind)
    assert {"turn", "dice", "move", "enter", "escape", "settle", "release", "hold", "power",
            "recruit", "forfeit", "first_roll", "game_over"} <= seen


def test_a_pass_has_words():
    # Black's only stone is entangled and may not escape onto the full segment 3
    state = pos({1: ("Bv", "Wv"), 2: ("Wv", "Wv"), 3: ("Wv", "Wf")}, dice=(2, 2))
    assert state.decision == "pass"
    events = state.apply(Action("pass", ()))
    assert describe(events[0], NAMES) == "Ann (Black) cannot use the 2 and 2 and passes."


@pytest.mark.parametrize("event, line", [
    (Event("dice", {"seat": 0, "dice": [3, 5]}), "Ann (Black) rolls 3 and 5."),
    (Event("dice", {"seat": 1, "dice": [4, 4]}), "Bo (White) rolls a double 4."),
    (Event("turn", {"turn": 7, "seat": 1, "player": "white"}), "Turn 7: Bo (White)."),
    (Event("power", {"power": "expel", "segment": 9, "seat": 1, "stone": "water",
                     "victim_seat": 0, "victim": "vine", "victim_to": "tray"}),
     "White's water dragon expels Black's vine dragon to its tray."),
    (Event("power", {"power": "destroy", "segment": 4, "seat": 0, "stone": "fire",
                     "victim_seat": 1, "victim": "water", "victim_to": "dead zone"}),
     ("Black's fire dragon destroys White's water dragon on segment 4 (fire "
      "corner): it goes to Black's dead zone.")),
    (Event("power", {"power": "entangle", "segment": 6, "seat": 0, "stone": "vine",
                     "victim_seat": 1, "victim": "fire", "victim_to": None}),
     "Black's vine dragon entangles White's fire dragon on segment 6."),
    (Event("recruit", {"segment": 4, "seat": 0, "stone": "fire"}),
     "Ann (Black) recruits a fire dragon to the mat."),
    (Event("forfeit", {"seat": 1, "die": 6, "reason": "unusable"}),
     "Bo (White) cannot use the 6: it is forfeited."),
    (Event("forfeit", {"seat": 0, "die": 5, "reason": "escape"}),
     "Ann (Black) forfeits the 5: escaping takes the whole turn."),
    (Event("move", {"seat": 0, "player": "black", "stone": "vine", "from": [5, "inner"],
                    "to": [8, "outer"], "die": 3, "passed": [6, 7]}),
     ("Ann (Black) moves a vine dragon from segment 5 to the outer field of segment 8 "
      "(vine corner) with the 3.")),
    (Event("enter", {"seat": 1, "player": "white", "stone": "fire", "from": ["mat", "fire"],
                     "to": [14, "inner"], "die": 2, "entry": 2}),
     "Bo (White) brings a fire dragon from the mat in at entry point 2: segment 14."),
    (Event("hold", {"segment": 2, "seat": 0, "stone": "water", "held": "vine"}),
     "Black's water dragon stops on its own vine dragon on segment 2 and holds it."),
    (Event("release", {"segment": 2, "seat": 0, "stone": "vine", "was": "held"}),
     "Black's vine dragon on segment 2 is no longer held."),
    (Event("first_roll", {"black": 2, "white": 5}),
     "Ann (Black) rolls 2, Bo (White) rolls 5: Bo (White) starts."),
    (Event("game_over", {"winners": [0], "reason": "no stone left in battle"}),
     "Ann (Black) wins: White has no stone left in the arena or on the mat."),
    (Event("game_over", {"winners": [1], "reason": "destroyed all fire dragons"}),
     "Bo (White) wins: White destroyed all Black's fire dragons."),
])
def test_exact_sentences(event, line):
    assert describe(event, NAMES) == line


def test_a_lower_case_name_still_starts_a_sentence():
    event = Event("dice", {"seat": 0, "dice": [1, 2]})
    assert describe(event, ["ann", "bo"]) == "Ann rolls 1 and 2."


def test_segment_names():
    assert segment_name(5) == "segment 5"
    assert segment_name(0) == "segment 0 (water corner)"
    assert segment_name(20) == "segment 20 (vine corner)"


def test_unknown_events_need_no_line():
    assert describe(Event("something_else", {}), NAMES) == ""
