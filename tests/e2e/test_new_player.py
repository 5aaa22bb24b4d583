"""What a new player ran into, checked in Chromium: one key acts once, the focus stays
where the player acts next, the log keeps its digits, an unknown game is named back, and
only the status and the log speak to a screen reader (and, once a new version of the site
is ready, its notice: static/boot.js)."""

import pytest
from browsing import open_page
from players import fill_form, start_game

pytestmark = pytest.mark.e2e

SAILED = ("[...document.querySelectorAll('#log li')].filter((li) => "
          "/^Ann (sets sail|moves to)/.test(li.textContent)).length")
ANN_TO_ACT = ("document.querySelector('#board svg').dataset.active === '0' && "
              "!document.querySelector('#status .thinking')")
DECISION = "document.querySelector('#board svg').dataset.decision"
ACTIVE = "(() => { const e = document.activeElement; return e ? e.outerHTML.slice(0, 80) : ''; })()"


def active_matches(page, selector: str) -> bool:
    return page.evaluate("(sel) => !!document.activeElement?.matches(sel)", selector)


def wait_focus(page, selector: str) -> None:
    page.wait_for_function("(sel) => !!document.activeElement?.matches(sel)", arg=selector,
                           timeout=30_000)


def history_length(page) -> int:
    return page.evaluate("document.querySelectorAll('#log li').length")


def test_keyboard_alone_a_key_acts_once_and_focus_follows(page, site, watched):
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, {"players": 2, "name0": "Ann", "player0": "human", "player1": "easy",
                      "seed": 19, "speed": "instant"})
    page.wait_for_function("document.getElementById('seed-line').textContent"
                           ".startsWith('Game seed 19 ')")
    page.wait_for_function(ANN_TO_ACT)
    # The start mark: the focus waits on the menu; arrows pick, Tab reaches the button.
    while page.evaluate(DECISION) in ("start mark", "relocation"):
        wait_focus(page, "#panel select[data-mark-select]")
        page.keyboard.press("ArrowDown")
        page.wait_for_selector("#panel [data-picked]")
        wait_focus(page, "#panel select[data-mark-select]")
        for _ in range(3):
            page.keyboard.press("Tab")
        assert active_matches(page, "#panel button[data-confirm-mark]"), page.evaluate(ACTIVE)
        sailed = page.evaluate(SAILED)
        page.keyboard.press("Enter")
        page.wait_for_function(f"{SAILED} > {sailed}")
        page.wait_for_function(ANN_TO_ACT)
    assert page.evaluate(DECISION) == "placement", page.inner_text("#log")
    wait_focus(page, "#panel .hand-tile")
    # Enter on a hand tile selects it, and does nothing else.
    lines = history_length(page)
    page.keyboard.press("Enter")
    page.wait_for_selector('#panel .hand-tile[aria-pressed="true"]')
    wait_focus(page, '#panel .hand-tile[aria-pressed="true"]')
    # Enter on the turn button turns the tile once and places nothing (it used to place).
    for _ in range(2):
        page.keyboard.press("Tab")
    while not active_matches(page, '#panel button[data-rotate="cw"]'):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector('#board g.preview[data-rotation="1"]')
    assert active_matches(page, '#panel button[data-rotate="cw"]'), page.evaluate(ACTIVE)
    # Again: a second turn shows only once the first key has done all it does, and only
    # if the tile is still in hand (a placed tile has no preview to turn).
    page.keyboard.press("Enter")
    page.wait_for_selector('#board g.preview[data-rotation="2"]', timeout=10_000)
    assert history_length(page) == lines, "Enter on the turn button also placed the tile"
    assert active_matches(page, '#panel button[data-rotate="cw"]'), page.evaluate(ACTIVE)
    # Enter on the Place button places once (or is refused, naming the rule: then turn
    # the tile again), and the focus goes to the next hand.
    for _ in range(4):
        page.keyboard.press("Tab")
        assert active_matches(page, "#panel button[data-place]")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {lines} || "
                               "!!document.querySelector('#status .refused')")
        if history_length(page) > lines:
            break
        assert active_matches(page, "#panel button[data-place]")  # kept after a refusal
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")  # turn a quarter more
        page.wait_for_function("!document.querySelector('#status .refused')")
    page.wait_for_function("document.documentElement.dataset.over === 'true' || "
                           "!!document.querySelector('#panel .hand-tile[aria-pressed=\"false\"]')")
    if page.evaluate("document.documentElement.dataset.over") != "true":
        wait_focus(page, "#panel .hand-tile")
    placed = page.evaluate("[...document.querySelectorAll('#log li')]"
                           ".filter((li) => li.textContent.startsWith('Ann places')).length")
    assert placed == 1
    watched.assert_clean()


def test_changing_the_captains_keeps_the_focus_on_the_menu(page, site, watched):
    open_page(page, f"{site.url}?game=tsuro")
    menu = page.locator('#setup-form select[name="players"]')
    menu.focus()
    menu.select_option("5")
    page.wait_for_function("document.querySelectorAll('#setup-form .seat-row').length === 5")
    assert active_matches(page, '#setup-form select[name="players"]'), page.evaluate(ACTIVE)
    watched.assert_clean()


# Every status line shown, with its height and the board's top, as laid out (installed
# at the Start click; the observer's callback lays the page out to read them).
WATCH_STATUS = """() => {
    window.statusSeen = [];
    const status = document.getElementById('status');
    new MutationObserver(() => {
        const board = document.querySelector('#board svg');
        window.statusSeen.push([status.textContent.slice(0, 40),
                                status.getBoundingClientRect().height,
                                board ? board.getBoundingClientRect().top : null]);
    }).observe(status, {childList: true, subtree: true, characterData: true});
}"""


def test_the_board_stays_put_while_the_computers_play(page, site, watched):
    """On a phone a line of play takes one to three lines of text: the status above the
    board keeps the tallest height it has had while the computers play (static/page.js),
    so the board never moves up and down at each line."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{site.url}?game=tsuro")
    fill_form(page, {"players": 4, "player0": "medium", "player1": "hard", "player2": "hard",
                     "player3": "easy", "seed": 301, "speed": "fast"})
    page.click("#setup-form button[data-start]")
    page.wait_for_selector("#board svg[data-board] .ship")
    page.evaluate(WATCH_STATUS)
    page.wait_for_function("() => window.statusSeen.length >= 40 || "
                           "document.querySelector('[data-again]') !== null",
                           polling=200, timeout=120_000)
    seen = page.evaluate("window.statusSeen")
    playing = [row for row in seen if row[2] is not None]
    heights = [height for _text, height, _top in playing]
    tops = [top for _text, _height, top in playing]
    assert len(playing) >= 20 and len(set(heights)) > 0, seen
    assert all(b >= a - 0.5 for a, b in zip(heights, heights[1:])), seen  # never shrinks
    assert all(b >= a - 0.5 for a, b in zip(tops, tops[1:])), seen  # the board never goes up
    assert len({round(top) for top in tops}) <= 4, seen  # down once per new height at most
    watched.assert_clean()


def assert_numbered(page):
    """Each line of the log carries its number, from 1, in order."""
    numbers = page.evaluate("[...document.querySelectorAll('#log li')].map((li) => li.dataset.n)")
    assert numbers and numbers == [str(n) for n in range(1, len(numbers) + 1)], numbers


def test_the_log_keeps_every_digit(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    page.evaluate("""() => {
        const log = document.getElementById('log');
        let part = null;
        for (let i = 0; i < 1200; i++) {  // (in lists of 50, numbered on, as the page does)
            if (i % 50 === 0) {
                part = document.createElement('ol');
                part.className = 'log-part';
                log.appendChild(part);
            }
            const li = document.createElement('li');
            li.textContent = 'Turn ' + i + ': a line.';
            li.dataset.n = String(i + 1);
            part.appendChild(li);
        }
    }""")
    style = page.evaluate("""() => {
        const log = document.getElementById('log');
        const last = log.lastElementChild.lastElementChild;
        return {list: getComputedStyle(log).listStyleType,
                number: getComputedStyle(last, '::before').content,
                logLeft: log.getBoundingClientRect().left,
                lineLeft: last.getBoundingClientRect().left};
    }""")
    # The number is drawn inside the line's own box, never in a margin that cuts it.
    assert style["list"] == "none" and style["number"] == '"1200."'
    assert style["number"] not in ("none", "normal", '""')
    assert style["lineLeft"] >= style["logLeft"]
    watched.assert_clean()


@pytest.mark.parametrize("query, game", [("?game=TATSU", "tatsu"), ("?game=Tsuro", "tsuro")])
def test_a_game_named_in_any_case_opens(page, site, watched, query, game):
    open_page(page, site.url + query)
    assert page.locator(f"svg[data-board='{game}']").count() >= 1
    watched.assert_clean()


def test_an_unknown_game_is_named_back(page, site, watched):
    open_page(page, f"{site.url}?game=chess%3Cb%3E")
    status = page.locator("#status").inner_text()
    assert "chess%3Cb%3E" in status and "Tsuro of the Seas" in status
    assert page.locator("#status b").count() == 0
    watched.assert_clean()


# From the start click, at each frame until the game's panel is there: whether the start
# form shows, whether the board is still the form's sample (its ids are "sample-..."), and
# whether the game's panel is there.
WATCH_BEGINNING = """() => { window.beginning = []; const look = () => {
  const form = document.getElementById('setup');
  const board = document.querySelector('#board > svg[data-board]');
  const panel = document.getElementById('panel');
  const shown = Boolean(panel && panel.firstElementChild);
  window.beginning.push([Boolean(form && !form.hidden),
                         Boolean(board && board.querySelector('[id^="sample-"]')), shown]);
  if (!shown) requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


def test_a_game_begins_in_three_frames_the_side_the_board_then_the_panel(page, site,
                                                                        watched):
    """Start: the start form goes and the side changes in one frame, the new game's board
    comes in the next (drawn anew over the form's sample board), then the game's panel
    and status (static/page.js: the three in one frame took 90 ms at 4x CPU slowdown, a
    task on the page's thread); never the game's panel beside the form's sample board."""
    open_page(page, f"{site.url}?game=tatsu")
    fill_form(page, {"player0": "human", "player1": "easy", "first": "black", "seed": 5,
                     "speed": "fast"})
    page.evaluate("""() => document.querySelector('#setup-form button[data-start]')
      .addEventListener('click', () => requestAnimationFrame(() => (""" +
                  WATCH_BEGINNING + """)()), {once: true})""")
    page.click("#setup-form button[data-start]")
    page.wait_for_function("() => window.beginning && window.beginning.length && "
                           "window.beginning.at(-1)[2]")
    seen = page.evaluate("window.beginning")
    steps = [row for i, row in enumerate(seen) if i == 0 or row != seen[i - 1]]
    assert steps[-3:] == [[False, True, False], [False, False, False],
                          [False, False, True]], seen
    assert page.locator("#status").inner_text() != "Choose the seats, then start."
    watched.assert_clean()


def test_only_the_status_and_the_log_speak(page, site, watched):
    open_page(page, f"{site.url}?game=tsuro")
    start_game(page, {"players": 2, "player0": "human", "player1": "easy", "seed": 3,
                      "speed": "instant"})
    page.wait_for_selector("#log li")
    live = page.evaluate("""() => [...document.querySelectorAll(
            '[aria-live], [role=log], [role=status], [role=alert]')]
        .filter((e) => e.getAttribute('aria-live') !== 'off')
        .map((e) => e.id || e.tagName)""")
    assert sorted(live) == ["log", "status", "update"]
    assert_numbered(page)
    assert page.locator("#update").inner_text() == ""  # silent until a new version is ready
    assert page.evaluate("document.querySelector('main').getAttribute('aria-live')") is None
    watched.assert_clean()


def test_leaving_a_game_keeps_it_and_resigning_ends_it(page, site, watched):
    """New game (asked first): the form comes back and offers to resume the game left.
    Resign (asked first), against computers: the game ends there and is kept no more."""
    page.on("dialog", lambda dialog: dialog.accept())
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "player1": "easy", "seed": 4,
                      "speed": "fast"})
    page.wait_for_selector("#board g.stone.movable")
    page.click("button[data-leave]")
    page.wait_for_selector("#setup-form")
    assert page.locator("#resume button[data-resume]").is_visible()
    page.click("#resume button[data-resume]")
    page.wait_for_selector("#board g.stone.movable")
    assert_numbered(page)  # the log drawn again whole (Python's), numbered alike
    page.click("button[data-resign]")
    page.wait_for_selector('#panel .result[data-resigned="0"]')
    assert "You resigned" in page.inner_text("#panel")
    assert page.evaluate("localStorage.getItem('tsuro-tatsu.saved.tatsu')") is None
    assert page.locator("button[data-resign], button[data-leave]").count() == 0
    watched.assert_clean()


def test_the_whole_log_is_reached_with_the_keyboard(page, site, watched):
    """A finished game's log, focused, goes to its first line with Home and to its last
    with End, however many lines it holds."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"player0": "medium", "player1": "hard", "first": "black", "seed": 5,
                      "speed": "instant"})
    page.wait_for_selector("[data-again]", state="attached", timeout=60_000)
    assert page.locator("#log li").count() > 120
    page.focus("#log")
    seen = """(index) => {
        const log = document.getElementById('log'), box = log.getBoundingClientRect();
        const line = [...log.querySelectorAll('li')].at(index).getBoundingClientRect();
        return line.top >= box.top - 1 && line.bottom <= box.bottom + 1; }"""
    page.keyboard.press("Home")
    page.wait_for_function(seen, arg=0, timeout=5_000)
    page.keyboard.press("End")
    page.wait_for_function(seen, arg=-1, timeout=5_000)
    watched.assert_clean()
