"""Crafted input in a real Chromium (issue: any input, any shape): a crafted share link, a
crafted embed parameter or message, and a crafted file each show one sentence, leave the
page usable, and put nothing in the console."""

import base64
import json
import urllib.parse
import zlib

import pytest
from browsing import open_page
from players import start_game

from game.core.limits import MAX_JSON_CHARS

pytestmark = pytest.mark.e2e


def deep(depth: int, leaf=0):
    for _ in range(depth):
        leaf = [leaf]
    return leaf


def link_holding(text: bytes) -> str:
    return "#replay=" + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode()


CRAFTED_GAME = json.dumps({
    "format": "tsuro-tatsu-save", "version": 1, "game": "tatsu",
    "record": {"game": "tatsu", "version": 1, "config": {"first": "black"}, "seed": 1,
               "actions": [["move", deep(300)]]},
    "seats": [{"name": "A", "player": "human"}, {"name": "B", "player": "human"}],
    "pace": "normal"}).encode()


@pytest.mark.parametrize("fragment, words", [
    (link_holding(CRAFTED_GAME), "nested more than"),
    (link_holding(b" " * (MAX_JSON_CHARS * 20)), "more than any game"),
    (link_holding(b'{"seed": ' + b"9" * 5_000 + b"}"), "digits"),
])
def test_a_crafted_share_link_says_one_sentence_and_the_page_plays_on(page, site, watched,
                                                                      fragment, words):
    open_page(page, f"{site.url}?game=tatsu{fragment}")
    status = page.locator("#status")
    page.wait_for_function("document.getElementById('status').textContent.includes("
                           f"{json.dumps(words)})")
    sentence = status.inner_text()
    assert sentence.endswith(".") and sentence.count(".") <= 3 and "Traceback" not in sentence
    start_game(page, {"player0": "human", "player1": "easy", "seed": 2, "speed": "instant"})
    page.wait_for_selector("#board svg[data-board='tatsu'][data-turn='1']")
    watched.assert_clean()


def test_a_crafted_file_says_one_sentence_and_a_good_one_opens_after(page, site, watched,
                                                                    tmp_path):
    open_page(page, f"{site.url}?game=tatsu")
    refused = page.locator("#status .refused")
    for content, words in [(CRAFTED_GAME, "nested more than"),
                           (b"[" * (MAX_JSON_CHARS + 10), "larger than any saved game")]:
        page.set_input_files("input[data-open-file]", files=[
            {"name": "game.json", "mimeType": "application/json", "buffer": content}])
        page.wait_for_function("document.querySelector('#status .refused') && document."
                               f"querySelector('#status .refused').textContent.includes("
                               f"{json.dumps(words)})")
        assert refused.inner_text().startswith("This file cannot be opened: ")
        assert page.locator("#setup-form").is_visible()
    good = json.loads(CRAFTED_GAME)
    good["record"]["actions"] = []
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good))
    page.set_input_files("input[data-open-file]", str(path))
    page.wait_for_selector("#board svg[data-board='tatsu'][data-turn='1']")
    watched.assert_clean()


def embed_url(site, **params) -> str:
    return site.url + "embed.html?" + urllib.parse.urlencode(params)


@pytest.mark.parametrize("params, words", [
    ({"game": "tatsu", "record": "[" * 5_000}, "nested more than"),
    ({"game": "tatsu", "record": json.dumps({"game": "tatsu", "seed": 10 ** 60})}, "digits"),
    ({"game": "tatsu", "mode": "play", "seat": "9" * 5_000}, "The seat is a number"),
    ({"game": "tatsu", "line": json.dumps([["move", deep(900)]])}, "nested"),
])
def test_a_crafted_embed_parameter_says_one_sentence(page, site, watched, params, words):
    open_page(page, embed_url(site, **params))
    shown = page.locator(".embed-error").inner_text()
    assert words in shown and shown.endswith(".") and "Traceback" not in shown
    watched.assert_clean()


def test_a_crafted_message_to_the_board_says_one_sentence_then_a_good_one_loads(
        page, site, watched):
    open_page(page, embed_url(site, game="tatsu"))
    page.evaluate("""() => {
        let deep = 0;
        for (let i = 0; i < 500; i++) deep = [deep];
        postMessage({source: "tsuro-tatsu", type: "load",
                     params: {game: "tatsu", step: deep}}, "*");
    }""")
    page.wait_for_selector(".embed-error")
    assert page.locator(".embed-error").inner_text() == "The board's parameters are texts."
    page.evaluate("""() => postMessage({source: "tsuro-tatsu", type: "load",
                                        params: {game: "tsuro"}}, "*")""")
    page.wait_for_selector("#board svg[data-board='tsuro']")
    watched.assert_clean()
