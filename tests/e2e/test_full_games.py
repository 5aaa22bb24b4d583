"""Whole games in a real Chromium, from the start screen to the result, clicked as a person
would, each step checked against an engine twin in the test process (players.py).

Seeds (checked natively with the same choice rules, see players.py):
- Tsuro, 3 people, daikaiju, seed 48: 16 decisions; a relocation (D8), a refused
  placement (placing rule 1), an elimination bonus with a swap, tiles eaten; Cat wins.
- Tsuro, a person and 2 computers ("easy"), seed 259: 7 decisions of the person (among
  12), its relocation and its elimination bonus; the person wins. "Same deal again":
  seed 259 once more.
- Tsuro keys, a person and a computer, seed 19: tile 2 is legal only turned once.
- Tsuro, a person against "medium" and two "hard" computers, seed 301: 11 decisions of
  the person among 56 actions; a hard computer (Dan) wins.
- Tatsu, a person (Black, greedy) against the "hard" computer, seed 301: 33 decisions of
  the person among 69 actions; the computer wins.
- Tatsu, 2 people, seed 29: 74 actions in 40 turns, 2 passes (no die usable), 3 escapes,
  9 entries from the mat; White wins, having destroyed both of Black's fire dragons.
- Tatsu, seed 283: after 7 actions Black rolls 4 and 4: no die can be used, but an
  entangled stone may escape; escaping is optional (D4), so Pass must be offered.
The two games of people alone play at the "fast" pace, every event's motion played (a
click made as a motion ends is kept and taken once), the Tatsu one until its 30th action,
when the pace menu beside the board changes it to "instant" for the rest (a change of
pace mid-game is obeyed from the next action on); the others at "instant".
Every test also fails on a request leaving the origin, an error response or a console
error (the `watched` fixture, asserted at the end).
"""

import random
import re

import pytest
from browsing import open_page
from players import (
    TatsuPlayer,
    TsuroPlayer,
    choose_tatsu,
    choose_tsuro,
    refusable_placement,
    start_game,
    tatsu_twin,
    tsuro_twin,
)

from game.core import Action

pytestmark = pytest.mark.e2e

TSURO_SEED = 48
TSURO_VS_COMPUTERS_SEED = 259
TSURO_KEYS_SEED = 19
TATSU_SEED = 29
TATSU_OPTIONAL_PASS_SEED = 283
TSURO_VS_SEARCH_SEED = 301
TATSU_VS_HARD_SEED = 301
TATSU_FAST_ACTIONS = 30  # then the rest of the game at "instant"
KEPT_PACE = "() => JSON.parse(localStorage.getItem('tsuro-tatsu.saved.tatsu')).pace"

# (That a thinking computer hands the page back often enough, natively:
# tests/web/test_web_tables.py and the bots' tests; the longest the page is busy while
# computers play, in Chromium: `python3 -m lab.bench_motion`, a timing, not a test.)


def tsuro_form(seed, names, players, daikaiju=True, speed="instant") -> dict:
    form = {"players": len(players), "daikaiju": daikaiju}
    for i, (name, player) in enumerate(zip(names, players)):
        form[f"name{i}"], form[f"player{i}"] = name, player
    form.update(seed=seed, speed=speed)
    return form


def follow_rule_link(page, rule: str, section: str) -> None:
    """The rule a refusal cites opens its rules page, in a new tab, at the place that
    explains it (under `section`); the game's own tab stays as it was."""
    link = page.locator("#status .refused a")
    assert link.inner_text() == rule
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    anchor = rules.url.partition("#")[2]
    assert anchor and rules.locator(f"#{anchor}").count() == 1
    heading = rules.evaluate(
        f"""() => {{ let node = document.getElementById('{anchor}');
            while (node && !/^H[23]$/.test(node.tagName)) {{
                node = node.previousElementSibling || node.parentElement; }}
            return node ? node.textContent : ''; }}""")
    assert section in heading, (anchor, heading)
    rules.close()


def test_tsuro_three_people_play_a_whole_game(page, site, watched):
    """At the fast pace: every event moves its pieces, and each click made as the last
    motion ends is taken once (the twin would differ otherwise)."""
    names, players = ["Ann", "Ben", "Cat"], ["human"] * 3
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, tsuro_form(TSURO_SEED, names, players, speed="fast"))
    twin = tsuro_twin(TSURO_SEED, names, players)
    player = TsuroPlayer(page, twin)
    first = player.settle()
    assert first["ready"] == 0 and first["panel"]["hand"] == []  # hands hidden at first
    assert page.locator("#seed-line").inner_text().startswith(f"Game seed {TSURO_SEED} ")

    rng = random.Random(TSURO_SEED)
    refused = False
    while not twin.state.is_over:
        player.pass_screen()
        if not refused and refusable_placement(twin.state):
            shown = player.refuse(*refusable_placement(twin.state))
            assert re.fullmatch(r"Not allowed: .+ \(placing rule 1\)\.", shown["status"])
            follow_rule_link(page, "placing rule 1", "Where you may not place")
            refused = True
        player.play(choose_tsuro(twin.state, rng))

    history = [a.kind for a in twin.state.history]
    assert refused and "relocate" in history and "bonus" in history
    assert any(a.kind == "bonus" and a.args[0] for a in twin.state.history)  # a real swap
    assert len(twin.state.history) == 16
    end = player.scan()
    assert end["winners"] == "2" and twin.state.winners == (2,)
    assert end["log"][-1] == "Cat wins: the last ship afloat."
    assert end["ready"] is None and end["over"] == "true"
    assert page.locator("#panel .result").inner_text().startswith("Cat wins!")
    watched.assert_clean()


def test_tsuro_a_person_against_computers_to_the_end(page, site, watched):
    names, players = ["Ann", "Ben", "Cat"], ["human", "easy", "easy"]
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, tsuro_form(TSURO_VS_COMPUTERS_SEED, names, players))
    twin = tsuro_twin(TSURO_VS_COMPUTERS_SEED, names, players)
    player = TsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_VS_COMPUTERS_SEED)
    mine = []
    while not twin.state.is_over:
        assert player.scan()["ready"] is None  # one person: never a pass screen
        action = choose_tsuro(twin.state, rng)
        mine.append(action.kind)
        player.play(action)  # the twin plays the computers' turns with the page's bots
    assert mine == ["start", "relocate", "place", "bonus", "place", "place", "place"]
    assert len(twin.state.history) == 12
    assert twin.state.winners == (0,)
    assert page.locator("#panel .result[data-winners='0']").inner_text().startswith("Ann wins!")

    assert page.locator("#panel .your-result").inner_text() == "You win!"

    # Same deal again: the same table, the same seed, a fresh game.
    page.click('#panel button[data-again="same"]')
    again = tsuro_twin(TSURO_VS_COMPUTERS_SEED, names, players)
    TsuroPlayer(page, again).settle()
    assert page.locator("#seed-line").inner_text().startswith(
        f"Game seed {TSURO_VS_COMPUTERS_SEED} ")
    watched.assert_clean()


def test_tsuro_a_person_against_medium_and_hard_computers_to_the_end(page, site, watched):
    names, players = ["Ann", "Ben", "Cat", "Dan"], ["human", "medium", "hard", "hard"]
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, tsuro_form(TSURO_VS_SEARCH_SEED, names, players))
    twin = tsuro_twin(TSURO_VS_SEARCH_SEED, names, players)
    player = TsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_VS_SEARCH_SEED)
    mine = 0
    while not twin.state.is_over:
        mine += 1
        player.play(choose_tsuro(twin.state, rng))  # the twin's bots answer as the page's
    assert (mine, len(twin.state.history), twin.state.winners) == (11, 56, (3,))
    end = player.scan()
    assert end["winners"] == "3" and end["over"] == "true"
    assert page.locator("#panel .result[data-winners='3']").inner_text().startswith("Dan wins!")
    watched.assert_clean()


def test_tatsu_a_person_against_the_hard_computer_to_the_end(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    form = {"name0": "Ann", "player0": "human", "name1": "Hal", "player1": "hard",
            "first": "black", "seed": TATSU_VS_HARD_SEED, "speed": "instant"}
    start_game(page, form)
    twin = tatsu_twin(TATSU_VS_HARD_SEED, ["Ann (Black)", "Hal (White)"], ["human", "hard"])
    player = TatsuPlayer(page, twin)
    player.settle()
    rng = random.Random(TATSU_VS_HARD_SEED)
    mine = 0
    while not twin.state.is_over:
        mine += 1
        player.play(choose_tatsu(twin.state, rng))
    assert (mine, len(twin.state.history), twin.state.winners) == (33, 69, (1,))
    end = player.scan()
    assert end["winners"] == "1" and end["over"] == "true"
    assert page.locator("#panel .result").inner_text().startswith("Hal (White) wins!")
    watched.assert_clean()


def test_tsuro_keys_choose_turn_and_place(page, site, watched):
    names, players = ["Ann", "Ben"], ["human", "easy"]
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, tsuro_form(TSURO_KEYS_SEED, names, players))
    twin = tsuro_twin(TSURO_KEYS_SEED, names, players)
    player = TsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_KEYS_SEED)
    while twin.state.decision != "placement":
        player.play(choose_tsuro(twin.state, rng))
    state = twin.state
    tile = state.hands[0][1]
    legal = [r for r in range(4) if player.legal(tile, r)]
    assert (tile, legal) == (2, [1])  # the seed: the second tile fits only turned once

    def press(key, rotation):
        page.keyboard.press(key)
        player.selected, player.message = (tile, rotation), None
        shown = player.settle()  # checks the pressed tile, its turn and the preview
        assert shown["preview"]["rotation"] == rotation

    press("2", 0)
    press("r", 1)  # r: a quarter clockwise
    press("Shift+R", 0)  # R: a quarter anticlockwise
    press("Shift+R", 3)
    # With no control focused, Enter places the selected tile; turned 3 it is refused,
    # with its rule, nothing changed. (On a focused control, Enter presses that control.)
    before = player.scan()
    player.message = twin.refusal(Action("place", (tile, 3)))
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    refused = player.settle()
    assert re.fullmatch(r"Not allowed: .+ \(placing rule \d\)\.", refused["status"])
    for key in ("board", "ships", "tiles", "daikaiju", "panel", "log", "pressed", "preview"):
        assert refused[key] == before[key]
    press("r", 0)
    press("r", 1)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    twin.apply(Action("place", (tile, 1)))
    player.selected, player.message = None, None
    placed = player.settle()
    assert "Ann places a wake tile at " in " ".join(placed["log"])
    watched.assert_clean()


def test_tatsu_two_people_play_a_whole_game(page, site, watched):
    """At the fast pace, as the Tsuro game above, then at "instant", chosen mid-game."""
    open_page(page, f"{site.url}?game=tatsu")
    form = {"name0": "Ann", "player0": "human", "name1": "Bob", "player1": "human",
            "first": "black", "seed": TATSU_SEED, "speed": "fast"}
    start_game(page, form)
    twin = tatsu_twin(TATSU_SEED, ["Ann (Black)", "Bob (White)"], ["human", "human"])
    player = TatsuPlayer(page, twin)
    player.settle()
    rng = random.Random(TATSU_SEED)
    seen = set()
    while not twin.state.is_over:
        if len(twin.state.history) == TATSU_FAST_ACTIONS:
            pace = page.locator('#pace-box select[name="pace"]')
            assert pace.input_value() == "fast"
            pace.select_option("instant")
            page.wait_for_function(
                "document.querySelector('#pace-box select').value === 'instant'")
        action = choose_tatsu(twin.state, rng)
        seen.add(action.kind)
        player.play(action)
        if len(twin.state.history) == TATSU_FAST_ACTIONS + 1:  # the game kept is at it
            assert page.evaluate(KEPT_PACE) == "instant"
    assert seen == {"move", "enter", "escape", "pass"}
    assert page.locator('#pace-box select[name="pace"]').input_value() == "instant"
    assert len(twin.state.history) == 74 and twin.state.turn == 40
    end = player.scan()
    assert end["winners"] == "1" and end["board"]["winner"] == "1"
    assert end["log"][-1] == "Bob (White) wins: White destroyed all Black's fire dragons."
    assert end["piles"]["1-dead-fire"] == 2  # White's dead zone holds Black's two fires
    assert page.locator("#panel .result").inner_text().startswith("Bob (White) wins!")
    watched.assert_clean()


def test_tatsu_pass_is_offered_when_an_escape_is_optional(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    form = {"name0": "Ann", "player0": "human", "name1": "Bob", "player1": "human",
            "first": "black", "seed": TATSU_OPTIONAL_PASS_SEED, "speed": "instant"}
    start_game(page, form)
    twin = tatsu_twin(TATSU_OPTIONAL_PASS_SEED, ["Ann (Black)", "Bob (White)"],
                      ["human", "human"])
    player = TatsuPlayer(page, twin)
    player.settle()
    rng = random.Random(TATSU_OPTIONAL_PASS_SEED)
    for _ in range(7):
        player.play(choose_tatsu(twin.state, rng))
    state = twin.state
    assert state.legal_actions() == [Action("pass", ()), Action("escape", ((8, "inner"), 4))]
    shown = player.scan()
    assert shown["board"]["decision"] == "pass" and shown["escapes"] == [["8-inner", 4]]
    assert shown["panel"]["pass"], (
        "no Pass button: the engine allows passing instead of the optional escape (D4), "
        "but the page offers Pass only when passing is the one legal action")
    player.play(Action("pass", ()))
    assert player.scan()["log"][-3] == "Ann (Black) cannot use the 4 and 4 and passes."
    watched.assert_clean()
