"""Games are never lost, in a real Chromium: a reload mid-game offers the game back and
resumes the same board and log, in both games; with storage refused, play goes on and the
page says the game is not kept; starting another game over a kept one asks first; and
`?seed=` deals the game of that seed."""

import random

import pytest
from browsing import open_page
from players import (
    TatsuPlayer,
    TsuroPlayer,
    choose_tatsu,
    choose_tsuro,
    start_game,
    tatsu_twin,
    tsuro_twin,
)

from game.core.bots import make_bot

pytestmark = pytest.mark.e2e

BOARD_AND_LOG = """() => ({
    board: document.querySelector('#board svg').outerHTML,
    log: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
})"""


def play_some(player, twin, choose, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        if twin.state.is_over:
            break
        player.play(choose(twin.state, rng))


@pytest.mark.parametrize("key", ["tatsu", "tsuro"])
def test_a_reload_mid_game_resumes_the_same_board_and_log(page, site, watched, key):
    open_page(page, f"{site.url}?game={key}")
    names, players = ["Ann", "Bob", "Cy"], ["human", "easy", "easy"]
    if key == "tatsu":
        start_game(page, {"name0": "Ann", "player0": "human", "name1": "Bob",
                          "player1": "easy", "first": "black", "seed": 11,
                          "speed": "instant"})
        twin = tatsu_twin(11, ["Ann (Black)", "Bob (White)"], players[:2])
        player, choose = TatsuPlayer(page, twin), choose_tatsu
    else:
        start_game(page, {"players": 3, "name0": "Ann", "player0": "human", "name1": "Bob",
                          "player1": "easy", "name2": "Cy", "player2": "easy", "seed": 11,
                          "speed": "instant"})
        twin = tsuro_twin(11, names, players)
        player, choose = TsuroPlayer(page, twin), choose_tsuro
    player.settle()
    play_some(player, twin, choose, 3, 11)
    assert not twin.state.is_over
    before = page.evaluate(BOARD_AND_LOG)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    offer = page.locator("[data-resume]")
    assert offer.is_visible()
    assert page.locator(".resume p").inner_text().startswith(
        "Resume: " + ("Tatsu" if key == "tatsu" else "Tsuro of the Seas") + ", turn ")
    offer.click()
    player.settle()  # the page shows what the engine twin says, as before the reload
    # the computers think afresh after a resume: their own chance starts again
    twin.bots = {seat: make_bot(level, seat, f"{twin.seed}:{seat}", twin.package.BOTS)
                 for seat, level in enumerate(twin.players) if level != "human"}
    after = page.evaluate(BOARD_AND_LOG)
    assert after["log"] == before["log"]
    assert after["board"] == before["board"]
    play_some(player, twin, choose, 2, 12)  # and the game goes on
    watched.assert_clean()


def test_with_storage_refused_play_goes_on_and_the_page_says_so(page, site, watched):
    page.add_init_script("Storage.prototype.setItem = function () {"
                         " throw new DOMException('full', 'QuotaExceededError'); };")
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "player1": "easy",
                      "first": "black", "seed": 5, "speed": "instant"})
    twin = tatsu_twin(5, ["Ann (Black)", "Easy computer (White)"], ["human", "easy"])
    player = TatsuPlayer(page, twin)
    player.settle()
    note = page.locator("#keep-note")
    assert "will be lost" in note.inner_text() and note.get_attribute("role") == "alert"
    play_some(player, twin, choose_tatsu, 3, 5)
    assert note.inner_text().count("will be lost") == 1
    watched.assert_clean()


def test_a_new_game_over_a_kept_one_asks_first(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"player0": "human", "player1": "easy", "seed": 3, "speed": "instant"})
    page.wait_for_selector("#board svg[data-board='tatsu'][data-turn='1']")
    page.click("button[data-game='tsuro']")  # away to the other game: nothing is lost
    page.wait_for_selector("svg[data-board='tsuro']")
    page.click("button[data-game='tatsu']")
    page.wait_for_selector("svg[data-board='tatsu']")
    assert page.locator("[data-resume]").is_visible()
    with page.expect_event("dialog") as asked:
        page.click("#setup-form button[data-start]")
    assert "game in progress will be lost" in asked.value.message
    asked.value.dismiss()
    assert page.locator("#setup-form").is_visible()  # nothing started
    assert page.locator("[data-resume]").is_visible()  # and the kept game is still there
    watched.assert_clean()


def test_a_seed_in_the_address_deals_that_game(page, site, watched):
    open_page(page, f"{site.url}?game=tsuro&seed=4242")
    assert page.locator("#setup-seed").input_value() == "4242"
    start_game(page, {"speed": "instant"})
    page.wait_for_selector("#seed-line:has-text('Game seed 4242 ')")
    typed = page.evaluate("document.querySelector('#board svg').outerHTML")
    open_page(page, f"{site.url}?game=tsuro")
    page.evaluate("localStorage.clear()")
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, {"seed": 4242, "speed": "instant"})
    page.wait_for_selector("#seed-line:has-text('Game seed 4242 ')")
    assert page.evaluate("document.querySelector('#board svg').outerHTML") == typed
    watched.assert_clean()
