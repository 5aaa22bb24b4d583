"""The line between the page and its Python (game/web/protocol.py), and the pages' sessions
driven natively through it, as static/page.js drives them in the browser: what the page
sends in, what comes back."""

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from test_web_tables import run

from game.core.i18n import use
from game.web.embed_page import EmbedPage
from game.web.index_page import IndexPage
from game.web.learn_page import LearnPage
from game.web.port import Port, TablePage
from game.web.protocol import ASKS, FROM_ENGINE, TO_ENGINE, TO_PAGE, TO_WORKER, ProtocolError
from game.web.protocol import message as make_message
from game.web.saved import STORAGE_KEY

STATIC = Path(__file__).resolve().parents[2] / "static"
PAGE_JS = (STATIC / "page.js").read_text()
ENGINE_JS = (STATIC / "engine.js").read_text()


def handled_kinds(table: str) -> set:
    """The keys of an object literal of page.js (`const TOLD = {...}`)."""
    body = PAGE_JS.split(f"const {table} = {{", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r'^  "?([\w-]+)"?: ', body, re.MULTILINE))


def test_the_page_handles_every_message_and_sends_only_those_listed():
    assert handled_kinds("TOLD") == set(TO_PAGE) | set(FROM_ENGINE)
    assert handled_kinds("ASKS") == set(ASKS)
    sent = set(re.findall(r'send\(\{\s*kind: "([\w-]+)"', PAGE_JS))
    assert sent == set(TO_WORKER) | set(TO_ENGINE)
    told = set(re.findall(r'(?:sayAll|postMessage)\(\{ kind: "([\w-]+)"', ENGINE_JS))
    assert told | {"broken"} == set(FROM_ENGINE)


def test_a_message_not_in_the_protocol_is_refused():
    assert make_message("show", region="board", html="") == {
        "kind": "show", "region": "board", "html": ""}
    with pytest.raises(ProtocolError, match="no message 'shw'"):
        make_message("shw", region="board", html="")
    with pytest.raises(ProtocolError, match="takes"):
        make_message("show", region="board")


class FakeBrowser:
    """The page's side, natively: it records what comes and answers what is asked
    (confirm: yes; move: at once), keeping what is stored as localStorage would."""

    def __init__(self, refuse_storage=False):
        self.sent: list[dict] = []
        self.storage: dict = {}
        self.refuse_storage = refuse_storage
        self.session = None

    def send(self, message):
        self.sent.append(message)
        if "ask" in message:
            value = {"confirm": True, "move": True, "copy": False}.get(message["kind"])
            asyncio.get_running_loop().call_soon(self.session.port.answer, message["ask"], value)
        elif message["kind"] == "store":
            if self.refuse_storage:
                asyncio.get_running_loop().call_soon(
                    self.session.receive, {"kind": "unkept", "key": message["key"]})
            elif message["value"] is None:
                self.storage.pop(message["key"], None)
            else:
                self.storage[message["key"]] = message["value"]

    def kinds(self, kind):
        return [message for message in self.sent if message["kind"] == kind]

    def root(self, name):
        values = [m["value"] for m in self.kinds("root") if m["name"] == name]
        return values[-1] if values else None


def start(page_class, search="", storage=None, refuse_storage=False, framed=False, params=None):
    browser = FakeBrowser(refuse_storage)
    session = page_class(Port(browser.send), {
        "page": "index", "search": search, "hash": "", "href": f"http://site/{search}",
        "params": params or {}, "storage": storage or {}, "languages": ["en"],
        "built": None, "framed": framed}, fetch=None)
    browser.session = session
    return browser, session


async def settle(session):
    while session.tasks:
        await asyncio.gather(*list(session.tasks))


def play(session, *messages):
    async def go():
        for message in messages:
            session.receive(message)
            await settle(session)
    run(go())


COMPUTERS = {"players": "2", "name0": "Ann", "name1": "Ben", "player0": "easy",
             "player1": "easy", "seed": "5", "speed": "instant", "daikaiju": "on"}


@pytest.fixture(autouse=True)
def english():
    use("en")
    yield
    use("en")


def test_the_game_page_starts_chooses_a_game_and_plays_it_to_the_end():
    browser, session = start(IndexPage)
    run(session.serve())
    assert browser.root("ready") == "true"
    assert browser.kinds("clickable")[0]["selector"].startswith("[data-game]")
    play(session, {"kind": "click", "data": {"game": "tsuro", "tag": "BUTTON"}, "form": None})
    assert browser.kinds("address")[-1] == {"kind": "address", "how": "push",
                                            "url": "?game=tsuro"}
    assert any(m["region"] == "setup" for m in browser.kinds("show"))
    play(session, {"kind": "click", "data": {"start": "1", "tag": "BUTTON"},
                   "form": COMPUTERS})
    assert session.table.state.is_over
    assert browser.root("over") == "true"
    assert STORAGE_KEY.format(game="tsuro") not in browser.storage  # over: nothing kept
    assert browser.kinds("log")  # the game's lines, one message each
    assert browser.storage["tsuro-tatsu.form.tsuro"]  # the form, for next time


def test_the_first_game_screen_holds_its_boards_place_with_an_svg_of_its_size():
    """The page's first game screen has an empty <svg> of the board's classes and viewBox
    in the board's place (static/page.js draws the board a frame after the screen);
    the screens after it come with no stand-in (the page draws their board with them)."""
    import re

    browser, session = start(IndexPage, "?game=tatsu")
    run(session.serve())
    apps = [m["html"] for m in browser.kinds("show") if m["region"] == "app"]
    boards = [m["html"] for m in browser.kinds("show") if m["region"] == "board"]
    stand_in = re.search(r'<div id="board"[^>]*>(<svg id="poster"[^>]*></svg>)</div>',
                         apps[-1])
    assert stand_in, apps[-1]
    view_box = re.search(r'viewBox="([^"]+)"', boards[-1]).group(1)
    assert f'viewBox="{view_box}"' in stand_in.group(1)
    assert 'class="board tatsu-board"' in stand_in.group(1)
    assert 'aria-hidden="true"' in stand_in.group(1)
    for key in ("tsuro", "tatsu"):
        play(session, {"kind": "click", "data": {"game": key, "tag": "BUTTON"}, "form": None})
        again = [m["html"] for m in browser.kinds("show") if m["region"] == "app"][-1]
        assert f'data-game="{key}"' in again and 'id="poster"' not in again


def test_a_game_the_browser_will_not_keep_is_said_once():
    browser, session = start(IndexPage, "?game=tatsu", refuse_storage=True)
    run(session.serve())
    play(session, {"kind": "click", "data": {"start": "1", "tag": "BUTTON"},
                   "form": {"player0": "human", "player1": "easy", "speed": "instant"}})
    alerts = browser.kinds("alert")
    assert len(alerts) == 1 and "does not let the page keep games" in alerts[0]["text"]
    assert browser.root("unkept") == "true"


def test_an_error_is_a_sentence_for_the_player():
    browser, session = start(IndexPage, "?game=tsuro")
    run(session.serve())

    async def broken():
        raise ValueError("deliberate")
    session.on_click = lambda message: broken()
    play(session, {"kind": "click", "data": {}, "form": None})
    assert browser.kinds("failed") == [
        {"kind": "failed", "text": "Sorry, something went wrong. Please reload the page."}]


def test_a_table_page_that_was_replaced_says_nothing_more():
    browser = FakeBrowser()
    page = TablePage(Port(browser.send))
    page.show("board", "<svg/>")
    page.retire()
    page.show("board", "<svg/>")
    page.log("a line")
    assert [m["kind"] for m in browser.sent] == ["show"]


def test_an_embedded_board_tells_the_page_around_it():
    params = {"game": "tatsu", "position": "5(Fv)13v4_b23", "mode": "challenge",
              "goal": "escape", "id": "q1"}
    browser, session = start(EmbedPage, framed=True, params=params)
    run(session.serve())
    told = [m["message"] for m in browser.kinds("parent")]
    assert told[0]["type"] == "ready" and told[0]["id"] == "q1"
    assert browser.root("ready") == "true" and browser.root("mode") == "challenge"
    play(session, {"kind": "parent", "message": {"source": "tsuro-tatsu", "type": "load",
                                                 "params": {"game": "chess"}}})
    assert [m["message"]["type"] for m in browser.kinds("parent")][-1] == "error"


def test_a_lesson_step_solved_is_kept():
    browser, session = start(LearnPage, "?game=tatsu&step=1")
    run(session.serve())
    assert browser.root("ready") == "true" and browser.root("step") == "1"
    session.tell("solved", {})
    assert browser.storage["tsuro-tatsu.lessons.tatsu"]
    assert browser.root("verdict") == "solved"


def test_a_batched_port_sends_what_one_step_tells_as_one_message():
    """The worker's port (game/web/worker.py): the page applies a step's drawing at once."""
    sent = []

    def text(region):
        return make_message("text", region=region, text=region)

    async def steps():
        port = Port(sent.append, batched=True)
        port.tell("text", region="a", text="a")
        port.tell("text", region="b", text="b")
        assert sent == []  # not before Python awaits
        await asyncio.sleep(0)
        assert sent == [make_message("batch", messages=[text("a"), text("b")])]
        port.tell("text", region="c", text="c")
        await asyncio.sleep(0)
        assert sent[-1] == text("c")  # one alone goes as it is
        port.tell("text", region="d", text="d")
        asking = asyncio.ensure_future(port.ask("confirm", text="?"))
        await asyncio.sleep(0)
        assert sent[-2:] == [text("d"), {**make_message("confirm", text="?"), "ask": 1}]
        port.answer(1, True)
        assert await asking is True

    run(steps())
    with ThreadPoolExecutor(1) as worker:  # no loop running (the browser tests leave one here)
        worker.submit(Port(sent.append, batched=True).tell, "text", region="e", text="e").result()
    assert sent[-1] == text("e")  # at once


def test_pages_served_by_one_runtime_each_speak_their_own_language():
    """The frames of a teaching page share one runtime (game/web/worker.py): their
    sessions start and play at the same time, each in the language its board asks for."""
    from game.core.i18n import speaking
    from game.web.embed import read

    params = {"game": "tatsu", "position": "5(Fv)13v4_b23", "mode": "challenge",
              "goal": "escape"}
    tasks = {}
    for lang in ("hu", "ro"):
        with speaking(lang):
            tasks[lang] = read(params).challenge.task
    assert tasks["hu"] != tasks["ro"]
    pages = {lang: start(EmbedPage, framed=True, params={**params, "lang": lang, "id": lang})
             for lang in ("hu", "ro")}

    async def both():
        await asyncio.gather(*(session.serve() for _browser, session in pages.values()))
        for _browser, session in pages.values():  # a click each, their work interleaved
            session.receive({"kind": "click", "data": {"embedReset": "1"}})
        for _browser, session in pages.values():
            await settle(session)
    run(both())
    for lang, (browser, _session) in pages.items():
        other = tasks["ro" if lang == "hu" else "hu"]
        shown = [m["html"] for m in browser.kinds("show") if m["region"] == "app"]
        assert browser.kinds("lang")[-1]["lang"] == lang
        assert shown and all(tasks[lang] in html and other not in html for html in shown)
        told = [m["message"] for m in browser.kinds("parent")]
        assert told[0]["type"] == "ready" and told[0]["id"] == lang


def test_a_page_started_again_on_a_new_runtime_resumes_its_game():
    """A shared runtime the browser ended: the page starts another and says "start"
    again with `restarted` (static/page.js); the game's page then resumes the game it
    keeps, at the same point, instead of offering it on the start screen."""
    browser, session = start(IndexPage, "?game=tatsu")
    run(session.serve())
    play(session, {"kind": "click", "data": {"start": "1", "tag": "BUTTON"},
                   "form": {"player0": "human", "player1": "easy", "speed": "instant"}})
    kept = dict(browser.storage)
    history = list(session.table.state.history)
    assert STORAGE_KEY.format(game="tatsu") in kept and not session.table.state.is_over
    for restarted in (False, True):
        again = FakeBrowser()
        page = IndexPage(Port(again.send), {
            "page": "index", "search": "?game=tatsu", "hash": "", "href": "http://site/",
            "params": {}, "storage": kept, "languages": ["en"], "built": None,
            "framed": False, "restarted": restarted}, fetch=None)
        again.session = page
        run(page.serve())
        run(settle(page))
        if restarted:
            assert page.table is not None and page.table.state.history == history
        else:  # a page opened anew offers the game back on its start screen
            assert page.table is None
            assert any('data-resume="1"' in m["html"] for m in again.kinds("show"))
