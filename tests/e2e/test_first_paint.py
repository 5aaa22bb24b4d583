"""The first visit on a slow connection, in a real Chromium: the start screen is there to
read before the runtime has arrived, a progress bar says how much has arrived of how
much, and a game chosen before Python is ready opens once it is; a lesson or an embedded
board shows its game's picture, faded, until Python draws it; a lesson's first step is
there to read as built, and Python's drawing comes in its place."""

import contextlib
import json

import pytest
from browsing import BOOT_TIMEOUT_MS, READY, own_worker
from playwright.sync_api import Error as PlaywrightError

from game.core.i18n import _, speaking
from game.core.registry import game

pytestmark = pytest.mark.e2e

MBIT = 1e6 / 8


def slow(page, mbit: float = 10, latency_ms: float = 40):
    """Chromium's network emulation for this page: `mbit` Mbit/s each way. At 10 the
    runtime takes some 12 s to arrive: long enough for the checks made while it comes,
    however busy the machine (at 40, a loaded run once saw it arrive first)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": mbit * MBIT,
        "uploadThroughput": mbit * MBIT})
    return session


def test_the_start_screen_is_there_before_the_game_is_ready(browser, site):
    context = browser.new_context(service_workers="block")  # a first visit: nothing kept
    page = context.new_page()
    try:
        slow(page)
        page.goto(site.url, wait_until="commit")
        page.wait_for_selector("article.game-card[data-card='tatsu'] img.card-picture")
        # both boards' pictures are seen before the runtime has arrived
        page.wait_for_function("[...document.querySelectorAll('img.card-picture')]"
                               ".every(img => img.complete && img.naturalWidth > 0)")
        assert page.evaluate(READY) is None  # not interactive yet
        assert page.locator("#card-tsuro-title").inner_text() == "Tsuro of the Seas"
        assert page.locator("button[data-game='tatsu']").is_visible()
        assert page.locator("#status").inner_text() == "Getting the game ready…"
        bar = page.locator("#boot-progress")
        total = int(bar.get_attribute("max"))
        assert 10_000_000 < total < 20_000_000
        page.wait_for_function("document.getElementById('boot-progress').value > 1e6")
        first = page.evaluate("document.getElementById('boot-progress').value")
        page.wait_for_function(f"!document.getElementById('boot-progress') || "
                               f"document.getElementById('boot-progress').value > {first}")
        amount = page.locator("#boot-amount")
        if amount.count():  # (the download may have ended meanwhile)
            assert amount.inner_text().endswith(f"of {total / 1e6:.1f} MB")
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("#boot-progress").count() == 0  # the live screen, no bar
        assert page.locator("article.game-card").count() == 2
    finally:
        context.close()


def test_a_game_chosen_before_python_is_ready_opens_when_it_is(browser, site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        slow(page)
        page.goto(site.url, wait_until="commit")
        page.locator("button[data-game='tatsu']").click()
        assert page.evaluate(READY) is None
        assert page.locator("#status").inner_text() == (
            "Opening Tatsu as soon as it is ready…")
        assert page.evaluate("location.search") == "?game=tatsu"
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("#setup-form[data-game='tatsu']")
        assert errors == []
    finally:
        context.close()


def test_a_crafted_game_in_the_address_never_runs_before_python_is_ready(browser, site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        slow(page)
        page.goto(site.url + "?game=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
                  wait_until="commit")
        page.wait_for_selector("#boot-progress")
        assert page.locator("#status").inner_text() == "Getting the game ready…"
        page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
        assert page.locator("img:not(.card-picture)").count() == 0 and dialogs == []
        assert "There is no game called" in page.locator("#status").inner_text()
    finally:
        context.close()


POSTER_SHOWN = """() => { const poster = document.getElementById('poster');
  return Boolean(poster && !poster.hidden && poster.complete && poster.naturalWidth > 0); }"""
BUILT_SHOWN = "() => Boolean(document.querySelector('#app > .built[inert] svg[data-board]'))"
# Where the lesson's parts are on the screen: the same before Python and after.
PLACES = """() => Object.fromEntries(
  ['.lesson-language', '.lesson-steps', '#step-title', '#task, .task', '.status', 'svg[data-board]',
   '.side'].map((selector) => {
    const box = document.querySelector('#app ' + selector).getBoundingClientRect();
    return [selector, [box.x, box.y, box.width, box.height]];
  }))"""

# Every layout shift the browser sees from now on (the Layout Instability API: a part of
# the screen drawn in another place than in the frame before).
WATCH_SHIFTS = """() => { window.shifts = [];
  new PerformanceObserver((list) => { for (const shift of list.getEntries()) {
    window.shifts.push([shift.value, shift.sources.map((source) =>
      source.node && (source.node.id || source.node.className || source.node.nodeName))]); } })
    .observe({type: 'layout-shift'}); }"""
# At each frame until the board is drawn: whether the screen's board place (#board) is
# there empty, or holds the empty board (#poster).
WATCH_BOARD = """() => { window.boardFrames = {empty: 0, poster: 0}; const look = () => {
  const place = document.getElementById('board');
  if (place && place.querySelector(':scope > #poster')) window.boardFrames.poster += 1;
  else if (place && !place.firstElementChild) window.boardFrames.empty += 1;
  if (!document.querySelector('#board svg[data-board]')) requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def hold_runtime(page):
    """The interpreter arrives only when the returned function is called (to the page's
    own worker: a route does not see the requests of a worker the pages share, and a
    shared one may have started already)."""
    own_worker(page)
    held = []

    def hold(route):
        if held and held[0] is None:
            route.continue_()
        else:
            held.append(route)

    def release():
        waiting, held[:] = held[:], [None]  # (from now on, at once)
        for route in waiting:
            with contextlib.suppress(PlaywrightError):  # (those of the pages left: gone)
                route.continue_()
    page.route("**/pyodide.asm.wasm", hold)
    return release


def test_a_lessons_first_step_is_there_to_read_before_python_and_stays_in_place(page, site):
    """learn.html for a learner who has solved nothing, before Python is ready
    (static/poster.js): the lesson's first step as built, in the page's language, inert,
    "Loading…" at the foot of the screen; Python draws the same screen in its place and
    nothing moves, on a phone and on a desktop."""
    release = hold_runtime(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site.url}learn.html?game=tatsu&lang=hu", wait_until="commit")
    page.wait_for_function(BUILT_SHOWN)
    assert page.evaluate(READY) is None
    assert page.locator("html").get_attribute("lang") == "hu"
    assert page.locator("[id='status']").count() == 1  # the notice; the built one has none
    assert page.locator("#status").inner_text() == "A lecke betöltése…"
    title = page.locator("#step-title").inner_text()
    lesson = game("tatsu").lesson
    with speaking("hu"):
        assert title == _("Step {number} of {count}: {title}").format(
            number=1, count=len(lesson), title=_(lesson[0].title))
    page.set_viewport_size({"width": 1280, "height": 800})
    desktop = page.evaluate(PLACES)
    page.set_viewport_size({"width": 390, "height": 844})
    phone = page.evaluate(PLACES)
    page.evaluate(TWO_FRAMES)  # (the screen drawn at its new size: not a shift)
    page.evaluate(WATCH_SHIFTS)
    release()
    page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(TWO_FRAMES)
    # not even for a frame: no screen drawn with its board missing, the text pulled up
    assert page.evaluate("window.shifts") == []
    assert page.locator(".built").count() == 0 and page.locator("#poster").count() == 0
    assert page.locator("#step-title").inner_text() == title
    assert page.evaluate(PLACES) == phone
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate(PLACES) == desktop


def test_another_step_or_a_board_shows_its_empty_board_until_python_draws_it(page, site):
    """learn.html opening on another step than the first (asked for, or the learner's
    next), and embed.html, before Python is ready: the board of the game the address
    names with no piece on it, in the page's language; none for a name that is no game;
    Python's drawing takes its place."""
    release = hold_runtime(page)
    page.goto(f"{site.url}learn.html?game=tatsu&lang=hu&step=2", wait_until="commit")
    page.wait_for_function(POSTER_SHOWN)
    assert page.locator("#poster").get_attribute("src") == "./static/first/board-tatsu-hu.svg"
    assert page.locator(".built").count() == 0
    assert page.evaluate(READY) is None
    page.goto(f"{site.url}embed.html?game=%3Cb%3E&mode=play", wait_until="load")
    assert page.locator("#poster").is_hidden()
    assert page.locator("#poster").get_attribute("src") is None
    assert page.locator("#status").inner_text() == "Loading the board…"
    solved = json.dumps([game("tsuro").lesson[0].key])
    page.evaluate("(solved) => localStorage.setItem('tsuro-tatsu.lessons.tsuro', solved)",
                  solved)
    page.goto(f"{site.url}learn.html?game=tsuro", wait_until="commit")
    page.wait_for_function(POSTER_SHOWN)
    assert page.locator("#poster").get_attribute("src") == "./static/first/board-tsuro-en.svg"
    page.evaluate(WATCH_BOARD)
    page.evaluate(WATCH_SHIFTS)
    release()
    page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#poster").count() == 0
    page.wait_for_selector("svg[data-board='tsuro']")
    page.evaluate(TWO_FRAMES)
    # Python's screen came with the empty board in its board's place, then the board:
    # never a frame of that screen without a board, and the board came into a screen
    # where it stays (its status line above it already there): nothing moved
    frames = page.evaluate("window.boardFrames")
    assert frames["empty"] == 0 and frames["poster"] >= 1, frames
    assert page.evaluate("window.shifts") == []
    assert page.locator("html").get_attribute("data-step") == "2"


# From now on: each layout shift, at what time, and where what stands in for the first
# game screen's board and then its board were first seen in a frame (boxes, times).
WATCH_STAND_IN = """() => { window.shifts = []; window.seen = {};
  new PerformanceObserver((list) => { for (const shift of list.getEntries()) {
    window.shifts.push([shift.startTime, shift.sources.map((source) =>
      source.node && (source.node.id || source.node.className || source.node.nodeName))]); } })
    .observe({type: 'layout-shift'});
  const box = (element) => { const b = element.getBoundingClientRect();
    return [b.x, b.y, b.width, b.height].map(Math.round); };
  const look = () => {
    const poster = document.querySelector('#board > #poster');
    const board = document.querySelector('#board > svg[data-board]');
    if (poster && !window.seen.poster) window.seen.poster = [box(poster), performance.now()];
    if (board && !window.seen.board) window.seen.board = [box(board), performance.now()];
    if (!window.seen.board) requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


@pytest.mark.parametrize("width", (390, 1280))
def test_a_games_first_screen_is_laid_out_before_its_board_and_nothing_moves(page, site,
                                                                             width):
    """index.html asked for a game, when Python is ready: its screen (the choice, the
    start form) comes in one frame with an empty <svg> of the board's size in the board's
    place (game/web/start.py, board_stand_in), and the board in a frame after it (the two
    at once made a task that a tap waited for on a phone); never a frame of that screen
    with its board's place empty, and nothing moves when the board comes (a place of
    another size would move the page below it)."""
    page.set_viewport_size({"width": width, "height": 844})
    release = hold_runtime(page)
    page.goto(f"{site.url}index.html?game=tatsu&lang=es", wait_until="commit")
    page.wait_for_selector("button[data-game='tatsu']")
    page.evaluate(WATCH_BOARD)
    page.evaluate(WATCH_STAND_IN)
    release()
    page.wait_for_function(f"{READY} === 'true'", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#board > svg[data-board='tatsu']")
    page.evaluate(TWO_FRAMES)
    frames, seen = page.evaluate("window.boardFrames"), page.evaluate("window.seen")
    assert frames["empty"] == 0 and frames["poster"] >= 1, frames
    (poster_box, poster_at), (board_box, board_at) = seen["poster"], seen["board"]
    assert poster_box == board_box and poster_at < board_at, seen
    assert [at for at, _where in page.evaluate("window.shifts") if at >= poster_at] == []
    assert page.locator("#poster").count() == 0
    # the next game's screen comes with its board: nothing stands in for it any more
    page.evaluate("""() => { window.posters = 0; new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) {
        if (node.nodeType === 1 && (node.id === 'poster' || node.querySelector('#poster'))) {
          window.posters += 1; } } })
      .observe(document.getElementById('app'), {childList: true, subtree: true}); }""")
    page.click("button[data-game='tsuro']")
    page.wait_for_selector("#board > svg[data-board='tsuro']")
    assert page.evaluate("window.posters") == 0
