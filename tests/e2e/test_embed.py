"""The embeddable board in a real Chromium, embedded by a page of *another origin* as a
teaching page would: a Tatsu challenge answered wrongly then rightly by clicks inside the
frame, a Tsuro of the Seas board played on against a computer, the messages the host
receives, a malformed parameter shown as one sentence, and the frame's fit."""

import json
import random
import urllib.parse

import pytest
from browsing import BOOT_TIMEOUT_MS, Site

from game.core.registry import game

pytestmark = pytest.mark.e2e

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A teaching page</title><link rel="icon" href="data:,"></head><body>
<h1>How to escape</h1>
%s
<script>
  window.got = [];
  addEventListener("message", (event) => {
    if (event.data && event.data.source === "tsuro-tatsu") window.got.push(event.data);
  });
</script></body></html>"""


def escape_record():
    """A Tatsu game's record and a step where the player to move may escape."""
    info = game("tatsu")
    for seed in range(200):
        state = info.state_class(info.config_for(2), seed)
        chooser = random.Random(seed)
        while not state.is_over:
            if any(a.kind == "escape" for a in state.legal_actions()) and not state.used:
                return state.to_record(), len(state.history), state
            state.apply(chooser.choice(state.legal_actions()))
    raise AssertionError("no random game offered an escape")


@pytest.fixture
def host(tmp_path):
    """A second origin (another port) that serves the teaching page written by the test."""
    served = Site(tmp_path, base="/")
    yield served, tmp_path
    served.stop()


def embed_url(site, **params) -> str:
    return site.url + "embed.html?" + urllib.parse.urlencode(params)


def messages(page, kind, count=1, frame_id=None):
    page.wait_for_function(
        "([kind, count, id]) => window.got.filter(m => m.type === kind"
        " && (id === null || m.id === id)).length >= count",
        arg=[kind, count, frame_id], timeout=BOOT_TIMEOUT_MS)
    return [m for m in page.evaluate("window.got") if m["type"] == kind
            and (frame_id is None or m["id"] == frame_id)]


def test_a_teaching_page_on_another_origin_embeds_a_challenge_and_a_game(page, site, host):
    served, folder = host
    assert served.origin != site.origin
    record, step, state = escape_record()
    seat = state.to_move
    challenge = embed_url(site, game="tatsu", record=json.dumps(record), step=step,
                          mode="challenge", goal="escape", seat=seat + 1, id="escape")
    play = embed_url(site, game="tsuro", mode="play", players="you,easy", seat=1, id="play")
    frames = (f'<iframe id="escape" title="A Tatsu challenge" src="{challenge}" '
              'width="640" height="480"></iframe>'
              f'<iframe id="play" title="A game of Tsuro of the Seas" src="{play}" '
              'width="480" height="400" loading="lazy"></iframe>')
    (folder / "host.html").write_text(HOST_PAGE % frames)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(served.url + "host.html")
    ready = messages(page, "ready", 2)
    assert {(m["game"], m["id"], m["mode"]) for m in ready} == {
        ("tatsu", "escape", "challenge"), ("tsuro", "play", "play")}
    inside = page.frame_locator("#escape")
    assert "escape" in inside.locator("#task").inner_text().lower()

    # wrongly: a move that is not the escape, until the turn is over
    escape = next(a for a in state.legal_actions() if a.kind == "escape")
    trial = state.clone()
    while trial.to_move == seat and not trial.is_over:
        wrong = next(a for a in trial.legal_actions() if a.kind != "escape")
        click_action(inside, trial, wrong)
        trial.apply(wrong)
    failed = messages(page, "failed", frame_id="escape")
    assert failed[0]["words"].startswith("Not this time")
    assert inside.locator('.verdict[data-verdict="failed"]').is_visible()

    # then rightly, after "Try again"
    inside.get_by_role("button", name="Try again", exact=True).click()
    inside.locator('.verdict').wait_for(state="detached")
    click_action(inside, state, escape)
    solved = messages(page, "solved", frame_id="escape")
    assert solved[0]["actions"] == [escape.to_json()]
    assert inside.locator('.verdict[data-verdict="solved"]').is_visible()
    actions = [m for m in page.evaluate("window.got") if m["type"] == "action"
               and m["id"] == "escape"]
    assert actions[-1]["action"] == escape.to_json()

    # the host drives the frame: back to the start, then another board altogether
    page.evaluate("""document.getElementById('escape').contentWindow.postMessage(
        {source: 'tsuro-tatsu', type: 'reset'}, '*')""")
    inside.locator(".verdict").wait_for(state="detached")
    page.evaluate("""document.getElementById('escape').contentWindow.postMessage(
        {source: 'tsuro-tatsu', type: 'load', params: {game: 'tatsu', id: 'again',
         position: '1V1V9vvv8_b25', mode: 'challenge', goal: 'hold'}}, '*')""")
    again = messages(page, "ready", frame_id="again")
    assert again[0]["task"] == "Hold one of your own stones."
    assert inside.locator("#task").inner_text() == "Hold one of your own stones."

    # the Tsuro of the Seas frame plays a start mark against the computer
    board = page.frame_locator("#play")
    board.locator("#board [data-mark]").first.click()
    board.locator("[data-confirm-mark]").click()
    started = messages(page, "action", 2, frame_id="play")  # the person's, the computer's
    assert started[0]["action"][0] == "start" and started[0]["seat"] == 0
    assert errors == []


def click_action(frame, state, action):
    """The clicks a person makes inside a Tatsu frame for `action`."""
    stone = action.args[0]
    if stone[0] == "mat":
        frame.locator(f'#board g.pile[data-seat="{state.to_move}"][data-mat="{stone[1]}"]'
                      ).click()
    else:
        frame.locator(f'#board g.stone[data-segment="{stone[0]}"][data-field="{stone[1]}"]'
                      ).click()
    data = json.dumps(action.to_json(), separators=(",", ":"))
    frame.locator(f"#board g.target[data-action='{data}']").click()


@pytest.mark.parametrize("params, words", [
    ({"game": "chess"}, "There is no game “chess” here"),
    ({"game": "tatsu", "position": "nonsense!"}, "The position cannot be shown"),
])
def test_a_malformed_parameter_shows_one_sentence_and_no_console_error(page, site, params,
                                                                        words):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(embed_url(site, **params))
    page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                           timeout=BOOT_TIMEOUT_MS)
    shown = page.locator(".embed-error").inner_text()
    assert words in shown and shown.endswith(".") and "Traceback" not in shown
    assert errors == []


FRAME_SIZES = [(320, 320), (480, 360), (640, 480), (1000, 800)]


@pytest.mark.parametrize("key", ["tsuro", "tatsu"])
def test_the_frame_fits_with_no_scrollbars(page, site, key):
    """At each size a teaching page may give its frame (the frame resized, as a page's
    layout would: one load of the runtime for all four)."""
    width, height = FRAME_SIZES[0]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(embed_url(site, game=key, mode="play", players="you,easy"))
    page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator("#board svg").wait_for()
    for width, height in FRAME_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        sizes = page.evaluate("""() => {
            const root = document.documentElement;
            const box = document.querySelector('#board svg').getBoundingClientRect();
            return {scrollW: root.scrollWidth, scrollH: root.scrollHeight,
                    boardW: box.width, boardH: box.height, right: box.right,
                    bottom: box.bottom};
        }""")
        assert sizes["scrollW"] <= width and sizes["scrollH"] <= height, (width, sizes)
        assert sizes["right"] <= width + 0.5 and sizes["bottom"] <= height + 0.5, sizes
        assert min(sizes["boardW"], sizes["boardH"]) >= min(width, height) * 0.45, sizes
