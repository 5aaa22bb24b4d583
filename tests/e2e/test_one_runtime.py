"""One runtime for every board of a page (issue 41): the frames of a page of the site
share one Python in a shared worker (static/engine.js), each board a session of its own
in it, in its own language; a board closed is let go and the others play on; where the
page cannot have a shared worker, each frame starts its own and all still play
(test_embed_cross_site.py covers a frame of another site that is refused one); a
runtime the browser ends is started again, and the game's page resumes its game."""

import time
import urllib.parse

import pytest
from browsing import BOOT_TIMEOUT_MS, open_page
from players import start_game
from test_embed import HOST_PAGE, messages

pytestmark = pytest.mark.e2e

CHALLENGE = {"game": "tatsu", "position": "5(Fv)13v4_b23", "mode": "challenge",
             "goal": "escape"}
GAME = {"game": "tsuro", "mode": "play", "players": "you,easy"}
BOARDS = {"a": {**CHALLENGE, "lang": "hu"}, "b": {**CHALLENGE, "lang": "en"},
          "c": {**GAME, "lang": "ro"}, "d": {**GAME, "lang": "en"}}


# The page's heartbeat hastened (static/page.js: a ping every 5 s, a runtime given up after
# 30 s of silence). The silence is still longer than a new runtime takes to answer its
# first ping on a loaded machine (its module and Pyodide's loaded), so that only the
# runtime the test ends is started again.
HASTENED = "window.runtimePingMs = 300; window.runtimeSilenceMs = 5000;"


def open_host(page, site) -> None:
    """A page of the site (as teach.html is) framing the four boards at once."""
    frames = "".join(
        f'<iframe id="{name}" title="Board {name}" width="480" height="400" src="'
        f'{site.url}embed.html?{urllib.parse.urlencode({**params, "id": name})}"></iframe>'
        for name, params in BOARDS.items())
    host = site.url + "boards-host.html"
    page.route(host, lambda route: route.fulfill(body=HOST_PAGE % frames,
                                                 content_type="text/html"))
    page.goto(host)
    messages(page, "ready", len(BOARDS))


def shared_workers(page) -> list[str]:
    """The shared workers the browser runs for the page's context (Chromium's DevTools
    targets, by their ids): the tests here each take a context of their own, which
    starts its runtime as a first visit does."""
    own = page.context.new_cdp_session(page)
    browser = page.context.browser.new_browser_cdp_session()
    try:
        context_id = own.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
        targets = browser.send("Target.getTargets")["targetInfos"]
    finally:
        own.detach()
        browser.detach()
    return [target["targetId"] for target in targets if target["type"] == "shared_worker"
            and target.get("browserContextId") == context_id]


def end(page, worker: str) -> None:
    """The browser ends a shared worker (as it may, or as a crash does)."""
    session = page.context.browser.new_browser_cdp_session()
    try:
        session.send("Target.closeTarget", {"targetId": worker})
    finally:
        session.detach()


def solve(page, name: str) -> None:
    inside = page.frame_locator(f"#{name}")
    inside.locator('#board g.stone[data-segment="5"][data-field="inner"]').click()
    inside.locator("#board g.target").first.click()
    assert messages(page, "solved", frame_id=name)[0]["actions"][0][0] == "escape"


def test_the_boards_of_a_page_share_one_runtime_each_in_its_own_language(context, page,
                                                                          site):
    assert not shared_workers(page)
    open_host(page, site)
    assert len(shared_workers(page)) == 1
    langs = {name: page.frame_locator(f"#{name}").locator("html").get_attribute("lang")
             for name in BOARDS}
    assert langs == {name: params["lang"] for name, params in BOARDS.items()}
    tasks = {name: page.frame_locator(f"#{name}").locator("#task").inner_text()
             for name in ("a", "b")}
    assert tasks["a"] != tasks["b"]  # (the same challenge, in Hungarian and in English)

    # one board played: the others do not move, and a person's move in a game is answered
    solve(page, "a")
    assert page.frame_locator("#b").locator(".verdict").count() == 0
    game = page.frame_locator("#c")
    game.locator("#board [data-mark]").first.click()
    game.locator("[data-confirm-mark]").click()
    played = messages(page, "action", 2, frame_id="c")  # the person's, then the computer's
    assert [m["seat"] for m in played[:2]] == [0, 1]
    assert not [m for m in page.evaluate("window.got") if m["type"] == "action"
                and m["id"] == "d"]

    # a board taken out of the page is let go; the others play on in the same runtime
    page.evaluate("document.getElementById('b').remove()")
    page.frame_locator("#d").locator("#board [data-mark]").first.click()
    page.frame_locator("#d").locator("[data-confirm-mark]").click()
    assert messages(page, "action", 2, frame_id="d")[0]["seat"] == 0
    assert len(shared_workers(page)) == 1


def test_without_a_shared_worker_each_board_starts_its_own(context, page, site):
    page.add_init_script("delete window.SharedWorker;")
    open_host(page, site)
    assert not shared_workers(page)
    solve(page, "b")
    page.wait_for_function("window.got.filter((m) => m.type === 'ready').length === 4",
                           timeout=BOOT_TIMEOUT_MS)


def test_a_runtime_the_browser_ends_is_started_again_and_the_game_goes_on(context, page,
                                                                          site):
    """The browser may end a shared worker (or it may crash): the page hears nothing more
    from it, starts another (after some silence: hastened here) and the game's page
    resumes the game it keeps, at the same point, and plays on."""
    page.add_init_script(HASTENED)
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"player0": "human", "player1": "easy", "first": "black", "seed": 8,
                      "speed": "instant"})
    page.wait_for_selector("#board g.stone.movable")
    lines = page.locator("#log li").count()
    [ended] = shared_workers(page)
    # a mark in the log as it stands: only the game drawn anew takes it away
    page.evaluate("document.getElementById('log').append(Object.assign("
                  "document.createElement('li'), {id: 'before-the-end'}))")
    end(page, ended)
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while True:  # a new runtime, its game drawn again
        workers = shared_workers(page)
        if workers and ended not in workers:
            break
        assert time.monotonic() < deadline, "no new runtime"
        page.wait_for_timeout(200)
    page.wait_for_function(f"() => !document.getElementById('before-the-end')"
                           f" && document.querySelectorAll('#log li').length === {lines}"
                           " && document.querySelector('#board g.stone.movable')",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator("#board g.stone.movable").first.click()
    page.locator("#board g.target").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {lines}",
                           timeout=BOOT_TIMEOUT_MS)


def test_a_board_in_a_frame_comes_back_as_it_stood_on_a_new_runtime(context, page, site):
    """Nothing is lost in a frame either: the page keeps its session's "memo" (the board,
    the actions played on it) and gives it back to the new runtime, which plays them
    again unseen; the board is as it stood, and plays on."""
    page.add_init_script(HASTENED)
    board = {"game": "tatsu", "mode": "play", "players": "you,easy", "id": "p"}
    page.route(site.url + "one-board.html", lambda route: route.fulfill(
        body=HOST_PAGE % (f'<iframe id="p" title="A game" width="480" height="420" src="'
                          f'{site.url}embed.html?{urllib.parse.urlencode(board)}"></iframe>'),
        content_type="text/html"))
    page.goto(site.url + "one-board.html")
    messages(page, "ready", frame_id="p")
    frame = page.frame_locator("#p")
    for _die in range(2):  # the person's turn, a die at a time; then the computer's
        frame.locator("#board g.stone.movable").first.click()
        frame.locator("#board g.target").first.click()
    messages(page, "action", 3, frame_id="p")
    frame.locator("#board g.stone.movable").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    signature = """() => [...document.getElementById('p').contentDocument.querySelectorAll(
        '#board g.stone')].map((g) => `${g.dataset.segment}:${g.dataset.field}`).join()"""
    before = page.evaluate(signature)
    [ended] = shared_workers(page)
    end(page, ended)
    messages(page, "ready", 2, frame_id="p")  # the board, said ready on its new runtime
    frame.locator("#board g.stone.movable").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(signature) == before
    played = len(messages(page, "action", frame_id="p"))
    frame.locator("#board g.stone.movable").first.click()  # and it plays on
    frame.locator("#board g.target").first.click()
    messages(page, "action", played + 1, frame_id="p")
