"""An embedded board whose shared runtime ended (issue 41): the page keeps, in memory, the
"memo" its session last told (the board's parameters, the actions played on it, the step
of a view, a hint asked for) and gives it back in its "start" on the new runtime
(static/page.js); the board comes back as it stood, nothing lost, and plays on."""

from test_web_protocol import FakeBrowser, english, run, settle, start  # noqa: F401  # english: autouse

from game.core.actions import Action
from game.web.embed_page import EmbedPage
from game.web.port import Port

GAME = {"game": "tsuro", "mode": "play", "players": "you,easy", "id": "g"}
CHALLENGE = {"game": "tatsu", "position": "8W2f8v3_b35_-_-_5", "mode": "challenge",
             "goal": "expel", "id": "c"}
VIEW = {"game": "tatsu", "position": "5F8v4w4_b24_-_-_5", "id": "v",
        "line": '[["move",[5,"inner"],2],["move",[7,"inner"],4]]'}


def started_again(params: dict, memo) -> EmbedPage:
    """A page of the same board, started on a new runtime with `memo`."""
    browser = FakeBrowser()
    page = EmbedPage(Port(browser.send), {
        "page": "embed", "search": "", "hash": "", "href": "http://site/embed.html",
        "params": params, "storage": {}, "languages": ["en"], "built": None,
        "framed": True, "restarted": True, "memo": memo}, fetch=None)
    browser.session = page

    async def go():
        await page.serve()
        await settle(page)
    run(go())
    return page


def opened(params: dict, *then):
    """A board opened, then each of `then` done (an async function of the session, or a
    message it receives), all in one event loop; the browser and the session."""
    browser, session = start(EmbedPage, framed=True, params=params)

    async def go():
        await session.serve()
        await settle(session)
        for step in then:
            if callable(step):
                await step(session)
            else:
                session.receive(step)
            await settle(session)
    run(go())
    return browser, session


def memo_of(browser) -> dict:
    return browser.kinds("memo")[-1]["memo"]


def test_a_game_in_a_frame_comes_back_where_it_stood_and_plays_on():
    async def moves(session):
        for _ in range(3):  # the person's move; the computer answers it
            await session.table.act(session.table.state.legal_actions()[0])
            await settle(session)
    browser, session = opened(GAME, moves)
    table = session.table
    history = list(table.state.history)
    assert len(history) >= 6
    memo = memo_of(browser)
    assert memo["actions"] == [a.to_json() for a in history]
    again = started_again(GAME, memo)
    assert again.table.state.history == history and again.table.state.to_move == 0
    told = [m["message"]["type"] for m in again_browser(again).kinds("parent")]
    assert told == ["ready"]  # the old actions are not told again

    async def on(page):  # and it plays on
        await page.table.act(page.table.state.legal_actions()[0])
        await settle(page)
    run(on(again))
    assert len(again.table.state.history) > len(history)


def test_a_question_answered_comes_back_answered_and_a_view_at_its_step():
    async def expel(session):
        await session.table.act(Action.from_json(["move", [8, "inner"], 3]))
    browser, session = opened(CHALLENGE, expel)
    assert session.table.verdict.solved
    again = started_again(CHALLENGE, memo_of(browser))
    assert again.table.verdict is not None and again.table.verdict.solved

    browser, session = opened(VIEW, {"kind": "click", "data": {"viewStep": "1"}})
    assert memo_of(browser)["step"] == 1
    assert started_again(VIEW, memo_of(browser)).step == 1


def test_a_board_loaded_by_its_host_comes_back_as_loaded():
    browser, _session = opened(GAME, {"kind": "parent", "message": {
        "source": "tsuro-tatsu", "type": "load", "params": CHALLENGE}})
    memo = memo_of(browser)
    assert memo["params"]["game"] == "tatsu"
    again = started_again(GAME, memo)  # (the URL's board was the game: the load stands)
    assert again.embed.info.key == "tatsu" and again.embed.mode == "challenge"


def test_a_spoiled_memo_gives_the_board_from_its_start_never_an_error():
    for memo in ({"params": GAME, "actions": [["no such action"], 5]},
                 {"params": {"game": 3}}, {"params": GAME, "actions": "x", "step": "y"},
                 {"params": GAME, "actions": [["place", 99, 9]]}):
        again = started_again(GAME, memo)
        assert again.table is not None and again.table.state.history == []
    assert started_again(VIEW, {"params": VIEW, "step": 99}).step == 2  # (its last)


def again_browser(page: EmbedPage) -> FakeBrowser:
    return page.port.send.__self__  # (the FakeBrowser whose send the page's port calls)
