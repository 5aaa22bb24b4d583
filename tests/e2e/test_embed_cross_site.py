"""A board embedded as a teacher embeds it: by a page of *another site* (a host page at
`localhost` framing the game at `127.0.0.1`; another port of the same host would be the
same site), with the browser blocking third-party storage (the whole Chromium's default
here; its headless shell never blocks it, so those tests run in the whole browser) or
allowing it. The README's snippet becomes ready and plays; every message carries the
board's id and game, `ready` comes first even when a computer moves first; a play board's
hint (`hint=on`) is drawn and told to the host; a `load` or
`reset` during a motion is obeyed; `view` shows its seat's own hand; a board that
cannot start says so, in the frame and to the host."""

import json
import re
import urllib.parse

import pytest
from browsing import BOOT_TIMEOUT_MS, Site, whole_browser_args
from test_embed import HOST_PAGE, messages

from game.core.registry import game
from tests.dealt import tsuro_placement

pytestmark = pytest.mark.e2e

# The README's snippet, as a teacher copies it (only the site's address changes).
SNIPPET = ('<iframe loading="lazy" title="A Tatsu challenge" width="640" height="480" '
           'id="snippet" src="{site}embed.html?game=tatsu&position=5(Fv)13v4_b23'
           '&mode=challenge&goal=escape&id=snippet"></iframe>')
MOVING = ("() => document.getAnimations().some(a => a.playState === 'running'"
          " && a.effect && a.effect.getComputedTiming().endTime !== Infinity)")


@pytest.fixture
def teacher(tmp_path):
    """The teacher's site: another site than the game's (localhost, not 127.0.0.1)."""
    served = Site(tmp_path, base="/")
    yield served.url.replace("127.0.0.1", "localhost"), tmp_path
    served.stop()


def host_page(teacher, frames: str) -> str:
    url, folder = teacher
    (folder / "host.html").write_text(HOST_PAGE % frames)
    return url + "host.html"


def errors_of(page) -> list:
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def solve_the_snippet(page):
    """The escape challenge of the README, answered by a click as a learner would."""
    inside = page.frame_locator("#snippet")
    inside.locator('#board g.stone[data-segment="5"][data-field="inner"]').click()
    inside.locator("#board g.target").first.click()
    solved = messages(page, "solved", frame_id="snippet")
    assert solved[0]["game"] == "tatsu" and solved[0]["actions"][0][0] == "escape"
    assert inside.locator('.verdict[data-verdict="solved"]').is_visible()


def test_a_board_on_another_site_with_storage_blocked(whole_context, site, teacher):
    """Third-party storage blocked (no localStorage, IndexedDB, caches or service worker
    in the frames): every board starts and plays all the same."""
    page = whole_context.new_page()
    state = tsuro_placement()
    view = site.url + "embed.html?" + urllib.parse.urlencode(
        {"game": "tsuro", "record": json.dumps(state.to_record()), "seat": "2", "id": "view"})
    computer = site.url + "embed.html?game=tatsu&mode=play&players=easy,you&hint=on&id=cpu"
    frames = (SNIPPET.format(site=site.url)
              + f'<iframe id="cpu" title="Play Tatsu" src="{computer}" width="640" '
                'height="480"></iframe>'
              f'<iframe id="view" title="A position" src="{view}" width="640" '
                'height="480"></iframe>')
    errors = errors_of(page)
    page.goto(host_page(teacher, frames))
    storage = page.frame_locator("#snippet").locator("html").evaluate(
        "() => { try { localStorage.length; return 'allowed'; } catch (e) { return 'blocked'; } }")
    assert storage == "blocked"  # (what this test is about: Chromium's default here)
    ready = messages(page, "ready", 3)
    assert {(m["id"], m["game"], m["mode"]) for m in ready} == {
        ("snippet", "tatsu", "challenge"), ("cpu", "tatsu", "play"), ("view", "tsuro", "view")}
    solve_the_snippet(page)

    # players=easy,you: the frame shows and plays seat 2; "ready" came before the
    # computer's first action
    got = [m for m in page.evaluate("window.got") if m["id"] == "cpu"]
    assert got[0]["type"] == "ready" and got[0]["seat"] == 1
    first = messages(page, "action", frame_id="cpu")[0]
    assert first["seat"] == 0 and first["game"] == "tatsu"
    # hint=on: the coach's move drawn and said, and told to the host (issue 40)
    playing = page.frame_locator("#cpu")
    playing.locator("button[data-hint]").click()
    hint = messages(page, "hint", frame_id="cpu")[0]
    assert hint["actions"] and hint["actions"][0][0] in ("move", "enter", "escape", "pass")
    assert playing.locator("#board svg g.ghost").count() == 1
    assert playing.locator("#panel .hint-line").inner_text().startswith("Hint: ")

    # view, seat 2: that captain's tiles, and no one else's
    inside = page.frame_locator("#view")
    shown = {int(t) for t in inside.locator("#panel [data-tile]").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)")}
    assert shown == set(state.hands[1])
    assert not shown & (set(state.hands[0]) | set(state.hands[2]))
    assert "Captain 2" in inside.locator("#panel .hand").get_attribute("aria-label")

    # every message carries its board's id and game
    for message in page.evaluate("window.got"):
        assert message["id"] in ("snippet", "cpu", "view"), message
        assert message["game"] == {"view": "tsuro"}.get(message["id"], "tatsu"), message
    assert errors == []


def test_load_and_reset_are_obeyed_during_a_motion(page, site, teacher):
    computer = site.url + "embed.html?game=tatsu&mode=play&players=easy,you&id=cpu"
    errors = errors_of(page)
    page.goto(host_page(teacher, f'<iframe id="cpu" title="Play Tatsu" src="{computer}" '
                                 'width="640" height="480"></iframe>'))
    messages(page, "ready", frame_id="cpu")
    frame = page.frame(url=re.compile(r"embed\.html"))
    post = "(message) => document.getElementById('cpu').contentWindow.postMessage(message, '*')"

    # reset while the computer's first move is on its way: the board starts again, the
    # computer moves again, and the person then plays on it
    frame.wait_for_function(MOVING, timeout=BOOT_TIMEOUT_MS)
    page.evaluate(post, {"source": "tsuro-tatsu", "type": "reset"})
    inside = page.frame_locator("#cpu")
    inside.locator("#board .movable").first.click()  # (once the computer has moved)
    inside.locator("#board g.target").first.click()
    page.wait_for_function("() => window.got.some(m => m.id === 'cpu' && m.type === 'action'"
                           " && m.seat === 1)", timeout=BOOT_TIMEOUT_MS)

    # load while the computer answers: the new board (another game), drawn and playable,
    # the old one stopped where it was
    frame.wait_for_function(MOVING, timeout=BOOT_TIMEOUT_MS)
    page.evaluate(post, {"source": "tsuro-tatsu", "type": "load", "params": {
        "game": "tsuro", "mode": "play", "players": "you,easy", "id": "second"}})
    again = messages(page, "ready", frame_id="second")
    assert again[0]["game"] == "tsuro" and again[0]["seat"] == 0
    before = len([m for m in page.evaluate("window.got") if m["id"] == "cpu"])
    inside.locator("#board [data-mark]").first.click()
    inside.locator("[data-confirm-mark]").click()
    started = messages(page, "action", 2, frame_id="second")  # the person's, the computer's
    assert started[0]["action"][0] == "start" and started[0]["seat"] == 0
    assert inside.locator("svg[data-board]").get_attribute("data-board") == "tsuro"
    # by then the old board, had it played on, would have sent its computer's move
    assert len([m for m in page.evaluate("window.got") if m["id"] == "cpu"]) == before

    # a load the frame cannot show: an error that names the board asked for
    page.evaluate(post, {"source": "tsuro-tatsu", "type": "load",
                         "params": {"game": "chess", "id": "third"}})
    error = messages(page, "error", frame_id="third")[0]
    assert error["game"] == "chess" and "no game “chess”" in error["message"]
    assert errors == []


def test_a_board_on_another_site_with_storage_allowed(browser_type, browser_type_launch_args,
                                                      site, teacher, tmp_path):
    """The browser of a visitor who allows third-party cookies (then Chromium gives the
    frame storage of its own, partitioned by the top site): the whole browser, with that
    setting in its profile."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"cookie_controls_mode": 0, "block_third_party_cookies": False}}))
    args = whole_browser_args(browser_type_launch_args)
    context = browser_type.launch_persistent_context(str(profile), **args)
    try:
        page = context.new_page()
        errors = errors_of(page)
        page.goto(host_page(teacher, SNIPPET.format(site=site.url)))
        storage = page.frame_locator("#snippet").locator("html").evaluate(
            "() => { try { localStorage.length; return 'allowed'; }"
            " catch (e) { return 'blocked'; } }")
        assert storage == "allowed"
        ready = messages(page, "ready")
        assert (ready[0]["id"], ready[0]["game"]) == ("snippet", "tatsu")
        solve_the_snippet(page)
        assert errors == []
    finally:
        context.close()


@pytest.fixture
def no_interpreter(built_site):
    """The site, but its interpreter cannot be had (the network failed): served 404, as
    the runtime's worker asks for it, shared by the pages or not (a route of the browser
    context would not see a shared worker's requests)."""
    served = Site(built_site, missing=("pyodide.asm.wasm",))
    yield served
    served.stop()


def test_a_board_that_cannot_start_says_so_to_the_learner_and_the_host(page, no_interpreter,
                                                                       teacher):
    """The interpreter cannot be had: the frame says it could not start, and the host
    hears an error naming the board, without waiting for ever."""
    page.goto(host_page(teacher, SNIPPET.format(site=no_interpreter.url)))
    error = messages(page, "error", frame_id="snippet")[0]
    assert error["game"] == "tatsu" and "could not start" in error["message"]
    inside = page.frame_locator("#snippet")
    assert "could not start" in inside.locator("#status").inner_text()
    assert inside.locator("html").get_attribute("data-ready") == "error"
    assert [m["type"] for m in page.evaluate("window.got")] == ["error"]


def test_a_lesson_that_cannot_start_says_so(page, no_interpreter):
    page.goto(no_interpreter.url + "learn.html?game=tatsu&step=2")
    page.wait_for_function("document.documentElement.dataset.ready === 'error'",
                           timeout=BOOT_TIMEOUT_MS)
    assert "could not start" in page.locator("#status").inner_text()


def test_a_lesson_step_linked_from_another_site_plays_and_says_progress_is_not_kept(
        whole_context, site, teacher):
    """`learn.html?game=…&step=N` framed by a teacher's page: that step, played to its
    end; the browser refuses the frame storage, so the lesson says once that progress
    is not kept."""
    page = whole_context.new_page()
    from test_learn import click_tatsu

    from game.core.actions import Action

    lesson = game("tatsu").lesson
    page.goto(host_page(teacher, f'<iframe id="lesson" title="Learn Tatsu" src="{site.url}'
                                 'learn.html?game=tatsu&step=2" width="900" height="700">'
                                 '</iframe>'))
    frame = page.frame(url=re.compile(r"learn\.html"))
    frame.wait_for_function("document.documentElement.dataset.ready === 'true'",
                            timeout=BOOT_TIMEOUT_MS)
    assert frame.evaluate("document.documentElement.dataset.step") == "2"
    assert frame.locator("#step-title").inner_text().endswith(lesson[1].title)
    assert frame.locator("#keep-note").inner_text() == ""
    for raw in lesson[1].solution:
        if frame.locator('.verdict[data-verdict="solved"]').count():
            break
        click_tatsu(frame, 0, Action.from_json(raw))
    frame.wait_for_selector('.verdict[data-verdict="solved"]')
    assert "will not be remembered" in frame.locator('#keep-note[role="alert"]').inner_text()
