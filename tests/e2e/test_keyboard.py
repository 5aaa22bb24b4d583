"""Whole games with the keyboard alone (keyboard_players.py: `page.keyboard` only, never
a click), each step checked against an engine twin, and the help dialog of the keys.

Seeds (checked natively with players.py's choice rules):
- Tsuro of the Seas, a person and an "easy" computer, daikaiju, seed 7: 10 actions, the
  person's start mark, a relocation (D8) and placements; the person wins.
- Tatsu, a person (Black, greedy) against "easy", seed 18: 29 decisions of the person,
  entries from the mat, moves and an escape; the person wins.
"""

import random

import pytest
from browsing import open_page
from keyboard_players import (
    KeyboardTatsuPlayer,
    KeyboardTsuroPlayer,
    active_matches,
    keyboard_start,
    tab_to,
    wait_focus,
)
from players import choose_tatsu, choose_tsuro, tatsu_twin, tsuro_twin

pytestmark = pytest.mark.e2e

TSURO_SEED = 7
TATSU_SEED = 18
HELP_OPEN = "!!document.getElementById('keys-help')?.open"


def test_tsuro_a_whole_game_by_keyboard(page, site, watched):
    names, players = ["Ann", "Ben"], ["human", "easy"]
    open_page(page, f"{site.url}?game=tsuro")
    keyboard_start(page, {"players": 2, "daikaiju": True, "name0": "Ann", "player0": "human",
                          "name1": "Ben", "player1": "easy", "seed": TSURO_SEED,
                          "speed": "instant"})
    twin = tsuro_twin(TSURO_SEED, names, players)
    player = KeyboardTsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_SEED)
    while not twin.state.is_over:
        player.play(choose_tsuro(twin.state, rng))
    kinds = {a.kind for a in twin.state.history}
    assert {"start", "relocate", "place"} <= kinds and player.escaped
    end = player.scan()
    assert end["over"] == "true" and end["winners"] == ",".join(map(str, twin.state.winners))
    wait_focus(page, '#panel [data-again="same"]')  # the focus waits on "Same deal again"
    watched.assert_clean()


def test_tatsu_a_whole_game_by_keyboard(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    keyboard_start(page, {"name0": "Ann", "player0": "human", "name1": "Bot",
                          "player1": "easy", "first": "black", "seed": TATSU_SEED,
                          "speed": "instant"})
    twin = tatsu_twin(TATSU_SEED, ["Ann (Black)", "Bot (White)"], ["human", "easy"])
    player = KeyboardTatsuPlayer(page, twin)
    player.settle()
    rng = random.Random(TATSU_SEED)
    while not twin.state.is_over:
        player.play(choose_tatsu(twin.state, rng))
    kinds = {a.kind for a in twin.state.history}
    assert {"enter", "move", "escape"} <= kinds and player.escaped
    end = player.scan()
    assert end["over"] == "true" and end["winners"] == ",".join(map(str, twin.state.winners))
    wait_focus(page, '#panel [data-again="same"]')
    watched.assert_clean()


def test_the_keys_dialog_opens_on_a_question_mark_and_returns_the_focus(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    keyboard_start(page, {"player0": "human", "player1": "easy", "first": "black",
                          "seed": TATSU_SEED, "speed": "instant"})
    wait_focus(page, '#board [data-rove="stones"]')
    before = page.evaluate("document.activeElement.id")
    page.keyboard.press("?")
    page.wait_for_function(HELP_OPEN)
    dialog = page.locator("#keys-help")
    assert dialog.evaluate("(d) => d.matches(':modal')")  # a modal dialog: the rest is inert
    assert "Keys of Tatsu" in dialog.inner_text() and "pass the turn" in dialog.inner_text()
    assert active_matches(page, "#keys-help [data-keys-close]")
    for _ in range(3):  # Tab reaches nothing outside the modal dialog (the browser's own
        page.keyboard.press("Tab")  # controls, at most, seen here as the body)
        assert page.evaluate("document.activeElement === document.body || "
                             "!!document.activeElement.closest('#keys-help')")
    if not active_matches(page, "#keys-help [data-keys-close]"):
        page.keyboard.press("Tab")
    assert active_matches(page, "#keys-help [data-keys-close]")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!{HELP_OPEN}")
    wait_focus(page, f"#{before}")  # back on the stone it left
    assert page.locator('#board [data-rove="stones"].selected').count() == 0  # nothing done
    # the visible Keys button opens it too, and its Close button returns the focus there
    tab_to(page, "button[data-keys-help]")
    page.keyboard.press("Enter")
    page.wait_for_function(HELP_OPEN)
    page.keyboard.press("Enter")  # on Close
    page.wait_for_function(f"!{HELP_OPEN}")
    wait_focus(page, "button[data-keys-help]")
    watched.assert_clean()


def test_the_keys_dialog_of_tsuro_lists_its_keys(page, site, watched):
    open_page(page, f"{site.url}?game=tsuro")
    page.keyboard.press("?")  # on the start form already
    page.wait_for_function(HELP_OPEN)
    text = page.locator("#keys-help").inner_text()
    assert "Keys of Tsuro of the Seas" in text and "R, Shift+R" in text
    page.keyboard.press("Escape")
    page.wait_for_function(f"!{HELP_OPEN}")
    watched.assert_clean()
