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
from game.core.match import CASUAL_LINE

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


def test_a_casual_game_says_so_and_stays_casual_after_a_reload(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "player1": "easy",
                      "first": "black", "seed": 8, "speed": "instant", "casual": True})
    twin = tatsu_twin(8, ["Ann (Black)", "Easy computer (White)"], ["human", "easy"])
    twin.lines.insert(0, CASUAL_LINE)  # the log's first line, before the deal
    player = TatsuPlayer(page, twin)
    player.settle()
    first_line = "document.querySelector('#log li').textContent"
    assert page.evaluate(first_line) == CASUAL_LINE
    play_some(player, twin, choose_tatsu, 2, 8)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    page.click("[data-resume]")
    # (the start form's sample board is a Tatsu board too: wait for the game's log)
    page.wait_for_selector("#log li")
    assert page.evaluate(first_line) == CASUAL_LINE
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
    # The question is answered as soon as it is asked: a dialog left open while the
    # click still waits for its own end (its "scheduled navigations") would block both.
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#setup-form button[data-start]")
    page.wait_for_function("() => true")  # (the page answers again: the dialog is gone)
    for _wait in range(100):
        if asked:
            break
        page.wait_for_timeout(50)
    assert asked and "game in progress will be lost" in asked[0]
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


def finished_record(key, seed):
    """A whole random game's record, played natively."""
    from game.core.registry import games

    info = games()[key]
    state = info.state_class(info.config_for(info.players[0]), seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state.to_record()


def test_download_then_open_gives_the_same_game(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "name1": "Bob", "player1": "easy",
                      "first": "black", "seed": 21, "speed": "instant"})
    twin = tatsu_twin(21, ["Ann (Black)", "Bob (White)"], ["human", "easy"])
    player = TatsuPlayer(page, twin)
    player.settle()
    play_some(player, twin, choose_tatsu, 4, 21)
    before = page.evaluate(BOARD_AND_LOG)
    with page.expect_download() as download:
        page.click("button[data-download]")
    path = download.value.path()
    assert download.value.suggested_filename.startswith("tatsu-seed-21-turn-")
    page.evaluate("localStorage.clear()")
    open_page(page, f"{site.url}?game=tatsu")
    page.set_input_files("input[data-open-file]", path)
    player.settle()
    assert page.evaluate(BOARD_AND_LOG) == before
    watched.assert_clean()


BAD_FILES = [
    (b"not json", "not JSON, or it is cut short"),
    (b'{"game": "tatsu", "version": 1, "config"', "cut short"),
    (b'{"game": "tsuro-of-the-seas", "version": 1, "config": {"players": 2}, "seed": 1, '
     b'"actions": []}', "a game of Tsuro of the Seas, not Tatsu"),
    (b'{"game": "tatsu", "version": 9, "config": {}, "seed": 1, "actions": []}',
     "version 9 is not supported"),
    (b'{"game": "tatsu", "version": 1, "config": {"first": "black"}, "seed": 1, '
     b'"actions": [["pass"]]}', "action 1 of the saved game is refused"),
]


def test_a_bad_file_is_refused_with_its_reason_and_nothing_changes(page, site, watched):
    """One file after another on the same page: each refused with its own reason, the
    form and the board as they were."""
    open_page(page, f"{site.url}?game=tatsu")
    board = page.evaluate("document.querySelector('#board svg').outerHTML")
    refused = page.locator("#status .refused")
    for content, reason in BAD_FILES:
        page.evaluate("document.getElementById('status').textContent = ''")  # (the last one)
        page.set_input_files("input[data-open-file]", files=[
            {"name": "game.json", "mimeType": "application/json", "buffer": content}])
        page.wait_for_function("(reason) => { const refused = document.querySelector("
                               "'#status .refused'); return refused && refused.textContent"
                               ".includes(reason); }", arg=reason)
        assert refused.inner_text().startswith("This file cannot be opened: ")
        assert page.locator("#setup-form").is_visible()
        assert page.evaluate("document.querySelector('#board svg').outerHTML") == board
    watched.assert_clean()


REPLAY_AT = "() => document.querySelector('#board .replay-board')?.dataset.replayAt"


def test_a_share_link_opens_the_game_as_a_replay_for_nobody_at_its_table(page, site,
                                                                          watched, tmp_path):
    """Whoever opens a share link steps through the game from its start, told nobody's
    result as theirs; their own kept game and settings stay as they were. The link works
    in a new tab, in the tab that made it (only the fragment changes) and when broken
    says so."""
    record = finished_record("tatsu", 8)
    path = tmp_path / "finished.json"
    path.write_text(__import__("json").dumps(record))
    open_page(page, f"{site.url}?game=tatsu")
    page.set_input_files("input[data-open-file]", str(path))
    page.wait_for_function("document.documentElement.dataset.over === 'true'")
    final_log = page.evaluate("document.getElementById('log').innerText")
    page.click("button[data-share]")
    link = page.locator("a[data-share-link]")
    link.wait_for()
    url = link.get_attribute("href")
    assert "#replay=" in url and url.startswith(site.url)
    kept = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_function(f"({REPLAY_AT})() === '0'", timeout=90_000)
    assert other.evaluate("document.getElementById('log').innerText") == final_log
    assert "Replay: step 0 of" in other.inner_text("#status")
    other.keyboard.press("End")
    other.wait_for_function(f"({REPLAY_AT})() !== '0'")
    other.click('#panel button[data-replay="live"]')
    other.locator("#panel .result").wait_for()
    assert other.locator(".your-result, .you-tag").count() == 0  # nobody's "You lose."
    assert other.locator('#panel [data-again]').count() == 0  # their own game instead:
    assert other.locator("#panel button[data-new]").inner_text() == "Play a game of Tatsu"
    assert other.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == kept
    # the tab that made the link: following it opens the replay there, with no reload
    page.evaluate("window.__same = true")
    link.click()
    page.wait_for_function(f"({REPLAY_AT})() === '0'")
    assert page.evaluate("window.__same") is True
    broken = page.context.new_page()
    open_page(broken, url[:-20])
    broken.wait_for_function("document.getElementById('status').textContent.includes("
                             "'This replay link is broken')")
    watched.assert_clean()
