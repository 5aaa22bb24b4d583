"""One runtime for every board of a page (issue 41): the frames of a page of the site
share one Python in a shared worker (static/engine.js), each board a session of its own
in it, in its own language; a board closed is let go and the others play on; where the
page cannot have a shared worker, each frame starts its own and all still play
(test_embed_cross_site.py covers a frame of another site that is refused one)."""

import urllib.parse

import pytest
from browsing import BOOT_TIMEOUT_MS
from test_embed import HOST_PAGE, messages

pytestmark = pytest.mark.e2e

CHALLENGE = {"game": "tatsu", "position": "5(Fv)13v4_b23", "mode": "challenge",
             "goal": "escape"}
GAME = {"game": "tsuro", "mode": "play", "players": "you,easy"}
BOARDS = {"a": {**CHALLENGE, "lang": "hu"}, "b": {**CHALLENGE, "lang": "en"},
          "c": {**GAME, "lang": "ro"}, "d": {**GAME, "lang": "en"}}


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


def shared_workers(page) -> int:
    """How many shared workers the browser runs (Chromium's DevTools targets)."""
    session = page.context.browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        session.detach()
    return sum(target["type"] == "shared_worker" for target in targets)


def solve(page, name: str) -> None:
    inside = page.frame_locator(f"#{name}")
    inside.locator('#board g.stone[data-segment="5"][data-field="inner"]').click()
    inside.locator("#board g.target").first.click()
    assert messages(page, "solved", frame_id=name)[0]["actions"][0][0] == "escape"


def test_the_boards_of_a_page_share_one_runtime_each_in_its_own_language(page, site):
    before = shared_workers(page)
    open_host(page, site)
    assert shared_workers(page) == before + 1
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
    assert shared_workers(page) == before + 1


def test_without_a_shared_worker_each_board_starts_its_own(page, site):
    page.add_init_script("delete window.SharedWorker;")
    before = shared_workers(page)
    open_host(page, site)
    assert shared_workers(page) == before
    solve(page, "b")
    page.wait_for_function("window.got.filter((m) => m.type === 'ready').length === 4",
                           timeout=BOOT_TIMEOUT_MS)
