"""Accessibility of every screen, in light and dark colour schemes, on a 360 x 740 phone and
a 1280 x 800 desktop: axe-core (WCAG 2.0/2.1/2.2 A and AA rules, color-contrast and
target-size among them) and this project's own measures (a11y.py): contrast of every
text, control boundary and board label, the boards' label sizes and overlaps, their
targets' sizes, and the focus ring of each kind of focusable thing.

axe-core is a test-only dependency, pinned and verified like the runtime (axe.py). It is
evaluated in the page through the browser's devtools protocol (`page.evaluate`: a script
tag would be refused by the pages' Content-Security-Policy), never served by the site.

One page per test, each screen checked in the four colour schemes and sizes by switching
the emulated media and the viewport (no reload):
- the start page, and each game's setup form (with a pass-the-screen overlay of Tsuro);
- the notice of a new version, on the game's page and in the embeddable board;
- Tsuro, a person and two "easy" computers, seed 259 (test_full_games.py): the start mark
  decision, a start mark picked (its ghost on the board), the relocation, a placement
  with a tile selected, a refused placement (the refusal in the status line), the
  elimination bonus, the game over;
- Tatsu, a person (greedy, players.py) against "easy" with a name of 40 characters (cut
  with an ellipsis on the board), seed 36: a move with a stone selected, the game over
  after 9 decisions of the person (16 actions), and the keys dialog opened over it.
Each test lists every problem it finds, screen by screen, then fails if there is any.
"""

import json
import random
from pathlib import Path

import pytest
from a11y import audit, focus_problems
from axe import AXE, axe_script
from browsing import BOOT_TIMEOUT_MS, open_page
from players import (
    TatsuPlayer,
    TsuroPlayer,
    choose_tatsu,
    choose_tsuro,
    refusable_placement,
    start_game,
    tatsu_twin,
    tsuro_twin,
)

from game import tsuro
from game.core.match import HINTS_LINE, Match, Seat
from game.site.build import site_files
from game.site.runtime import VENDOR, is_installed

pytestmark = pytest.mark.e2e

COMBOS = (("light", 360, 740), ("dark", 360, 740), ("light", 1280, 800), ("dark", 1280, 800))
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
TSURO_SEED = 259  # a person and two easy computers: 7 decisions of the person, who wins
TATSU_SEED = 36  # a person (greedy) against easy: 9 decisions of the person, who wins
LONG_NAME = "Bartholomew Maximilian Featherstonehaugh"  # 40 characters, the most allowed

AXE_RUN = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: {type: 'tag', values: tags},
    rules: {'color-contrast': {enabled: true}, 'target-size': {enabled: true}},
    resultTypes: ['violations'],
  });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ': '
                              + (n.failureSummary || '').replace(/\\s+/g, ' ')),
  }));
}"""


@pytest.fixture(scope="module")
def axe_path():
    return str(axe_script())


def test_axe_is_pinned_verified_and_never_served(axe_path, built_site):
    assert is_installed(AXE, VENDOR) and axe_path.endswith("static/vendor/axe-core/axe.min.js")
    assert AXE.integrity.startswith("sha512-") and AXE.version.count(".") == 2
    assert not [name for name in site_files() if "axe" in name]
    assert not list(built_site.rglob("axe*"))


def axe_problems(page, axe_path, where) -> list[str]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(Path(axe_path).read_text(encoding="utf-8"))
    problems = []
    for v in page.evaluate(AXE_RUN, AXE_TAGS):
        shown = "; ".join(v["nodes"][:4]) + (f" (+{len(v['nodes']) - 4} more)"
                                              if len(v["nodes"]) > 4 else "")
        problems.append(f"{where}: axe {v['id']} ({v['impact']}): {v['help']}: {shown}")
    return problems


def check(page, axe_path, screen: str, focus=()) -> list[str]:
    """Everything measured on the screen as it is, in each scheme and size."""
    problems = []
    for scheme, width, height in COMBOS:
        page.emulate_media(color_scheme=scheme)
        page.set_viewport_size({"width": width, "height": height})
        # the screen as a visitor first sees it: from its top (the last combination's
        # focus checks may have scrolled it anywhere)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        where = f"{screen} [{scheme}, {width}x{height}]"
        problems += axe_problems(page, axe_path, where)
        problems += audit(page, where)
        problems += focus_problems(page, where, focus)
    page.emulate_media(color_scheme="light")
    return problems


def reviewed_tsuro_replay() -> str:
    """A finished two-person game of Tsuro of the Seas (random choices: some cost), both
    reviewed by the coach, as a share link's packed game (what follows "#replay=")."""
    from game.core.review import review
    from game.tsuro.coach import advise
    from game.web.saved import SHARE_PREFIX, share_fragment

    match = Match(tsuro.GAME, tsuro.config_for(2), 7, [Seat("Ann"), Seat("Ben")])
    chooser = random.Random(2)
    while not match.state.is_over:
        match.play(chooser.choice(match.state.legal_actions()))
    steps = review(type(match.state), match.state.to_record(), (0, 1), advise)
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            match.review = finished.value
            break
    assert match.review.marked
    return share_fragment(match)[len(SHARE_PREFIX):]


def report(problems) -> str:
    return f"{len(problems)} accessibility problems:\n" + "\n".join(problems)


SETUP_FOCUS = ('button[data-game]', '#setup-form input[name="name0"]', "#setup-form select",
               "#setup-form button[data-start]")


def test_start_page_and_setup_forms(page, site, axe_path):
    problems = []
    open_page(page, site.url)
    problems += check(page, axe_path, "start page", focus=("button[data-game]",))
    open_page(page, f"{site.url}?game=tsuro")
    problems += check(page, axe_path, "Tsuro setup form", focus=SETUP_FOCUS)
    # two people at one screen: the first hand waits behind a pass-the-screen overlay
    start_game(page, {"players": 2, "player0": "human", "player1": "human", "seed": 5,
                      "speed": "instant"})
    page.wait_for_selector("#overlay .pass-screen button")
    problems += check(page, axe_path, "Tsuro pass-the-screen overlay",
                      focus=("#overlay .pass-screen button",))
    open_page(page, f"{site.url}?game=tatsu")
    problems += check(page, axe_path, "Tatsu setup form", focus=SETUP_FOCUS)
    assert problems == [], report(problems)


def test_a_game_in_another_language(page, site, axe_path):
    """A form and a game in play in Hungarian, whose words are the longest of the five:
    the same checks (nothing cut, covered or unnamed; the picker named and reachable).
    (One page load: a page that loads the runtime many times over can crash Chromium.)"""
    problems = []
    open_page(page, f"{site.url}?game=tatsu&lang=hu")
    problems += check(page, axe_path, "Tatsu form (hu)",
                      focus=("select[data-language]", *SETUP_FOCUS[1:]))
    start_game(page, {"player0": "human", "player1": "easy", "seed": 5, "speed": "instant"})
    page.wait_for_selector("#board g.stone.movable")
    problems += check(page, axe_path, "Tatsu in play (hu)",
                      focus=("#board .movable", "select[data-language]"))
    assert problems == [], report(problems)


def test_tsuro_game_screens(page, site, axe_path):
    names, players = ["Ann", "Ben", "Cat"], ["human", "easy", "easy"]
    open_page(page, f"{site.url}?game=tsuro")
    form = {"players": 3, "daikaiju": True, "seed": TSURO_SEED, "speed": "instant"}
    for i, (name, player) in enumerate(zip(names, players)):
        form[f"name{i}"], form[f"player{i}"] = name, player
    start_game(page, form)
    twin = tsuro_twin(TSURO_SEED, names, players)
    player = TsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_SEED)
    problems = check(page, axe_path, "Tsuro: start mark", focus=(
        "#board g.mark.choice", "#panel select", "#panel button[data-mark-step]"))

    action = choose_tsuro(twin.state, rng)
    assert action.kind == "start"
    mark = action.args[0]
    page.click(f'#board g.mark.choice[data-mark="{mark}"]')
    page.wait_for_selector(f'#board g.ghost[data-mark="{mark}"]', state="attached")
    problems += check(page, axe_path, "Tsuro: a start mark picked", focus=(
        f'#board g.mark.choice[data-mark="{mark}"]', "#panel button[data-confirm-mark]"))
    page.click("#panel button[data-confirm-mark]")
    twin.apply(action)
    player.settle()

    placed = refused = False
    other = {"relocation": "Tsuro: relocation (a daikaiju blocks the first square)",
             "bonus": "Tsuro: elimination bonus"}
    while not twin.state.is_over:
        if twin.state.decision in other:
            problems += check(page, axe_path, other.pop(twin.state.decision),
                              focus=("#board g.mark.choice", "#panel button"))
        action = choose_tsuro(twin.state, rng)
        if action.kind == "place" and not placed:
            player.select(*action.args)
            problems += check(page, axe_path, "Tsuro: placement, a tile selected", focus=(
                "#panel button.hand-tile", "#board rect.square.target",
                "#panel button[data-place]", "#panel button[data-rotate]", ".log-box summary"))
            # the sea's dangers: where the daikaiju could go, drawn on request, then hidden
            page.click("#panel button[data-reach]")
            page.wait_for_selector("#board g.reach g[data-faces]")
            assert page.locator("#panel button[data-reach]").get_attribute(
                "aria-pressed") == "true"
            problems += check(page, axe_path, "Tsuro: the daikaiju's reach shown",
                              focus=("#panel button[data-reach]",))
            page.click("#panel button[data-reach]")
            page.wait_for_selector("#board g.reach", state="detached")
            placed = True
        if action.kind == "place" and not refused and refusable_placement(twin.state):
            player.refuse(*refusable_placement(twin.state))
            assert page.locator("#status .refused").count() == 1
            problems += check(page, axe_path, "Tsuro: a placement refused")
            refused = True
        player.play(action)
    assert placed and refused and not other  # every decision was checked
    problems += check(page, axe_path, "Tsuro: game over", focus=("#panel button",))
    assert problems == [], report(problems)


def test_tatsu_game_screens(page, site, axe_path):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "name1": LONG_NAME,
                      "player1": "easy", "first": "black", "seed": TATSU_SEED,
                      "speed": "instant", "hints": True})
    twin = tatsu_twin(TATSU_SEED, ["Ann (Black)", f"{LONG_NAME} (White)"], ["human", "easy"])
    twin.lines.insert(0, HINTS_LINE)  # the log's first line: hints are on
    player = TatsuPlayer(page, twin)
    player.settle()
    page.click("#panel button[data-hint]")  # the coach's move, drawn and said
    page.wait_for_selector("#board g.ghost[data-advice]")
    hint_problems = check(page, axe_path, "Tatsu: a hint shown",
                          focus=("#panel button[data-hint]",))
    shown = page.locator('#board g.side[data-seat="1"] text.name').text_content()
    assert shown.endswith("… (White)") and LONG_NAME.startswith(shown.split("…")[0])
    rng = random.Random(TATSU_SEED)
    problems = hint_problems
    selected = False
    while not twin.state.is_over:
        action = choose_tatsu(twin.state, rng)
        if not selected and action.kind != "pass":
            stone = action.args[0]
            if stone[0] == "mat":
                page.click(f'#board g.pile[data-seat="0"][data-mat="{stone[1]}"]')
            else:
                page.click(f'#board g.stone[data-segment="{stone[0]}"][data-field="{stone[1]}"]')
            player.selected = stone
            player.settle()
            problems += check(page, axe_path, "Tatsu: a move, a stone selected", focus=(
                "#board g.stone.movable", "#board g.target", "#board g.pile.movable",
                ".log-box summary"))
            data = json.dumps(action.to_json(), separators=(",", ":"))
            page.click(f"#board g.target[data-action='{data}']")
            twin.apply(action)
            player.selected = None
            player.settle()
            selected = True
            continue
        player.play(action)
    assert selected
    problems += check(page, axe_path, "Tatsu: game over", focus=("#panel button",))
    page.click("#panel button[data-review]")  # the coach's review of the game
    page.wait_for_selector("#panel section.review")
    problems += check(page, axe_path, "Tatsu: the game reviewed", focus=("#panel button",))
    costly = page.locator("#panel button[data-costly]")
    if costly.count():
        costly.first.click()
        page.wait_for_selector("#panel .review-note")
        problems += check(page, axe_path, "Tatsu: a costly choice in the replay",
                          focus=("#panel button",))
        page.click('#panel button[data-replay="live"]')
        page.wait_for_selector("#panel section.review")
    page.keyboard.press("?")  # the keys, in a modal dialog over the page
    page.wait_for_function("document.getElementById('keys-help').open")
    problems += check(page, axe_path, "Tatsu: the keys dialog",
                      focus=("#keys-help button[data-keys-close]",))
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('keys-help').open")
    problems += check(page, axe_path, "Tatsu: game over, the keys dialog closed",
                      focus=("button[data-keys-help]",))
    assert problems == [], report(problems)



def test_the_new_version_notice(page, site, axe_path):
    """The notice a new version of the site brings (static/boot.js; test_pwa.py shows when
    it comes), shown at once here: on the game's page and, smaller, in the embeddable
    board; "Later" puts it away."""
    problems = []
    for url, screen in ((f"{site.url}?game=tatsu", "Tatsu: a new version is ready"),
                        (f"{site.url}embed.html?game=tatsu&position=5(Fv)13v4_b23"
                         "&mode=challenge&goal=escape",
                         "Embedded board: a new version is ready")):
        open_page(page, url)
        page.evaluate("document.getElementById('update').show()")
        assert page.locator("#update").inner_text().startswith("A new version is ready.")
        problems += check(page, axe_path, screen,
                          focus=("#update button[data-update-reload]",
                                 "#update button[data-update-later]"))
    page.click("#update button[data-update-later]")
    assert page.locator("#update").inner_text() == ""
    assert problems == [], report(problems)

def test_teaching_pages(page, site, axe_path):
    """The lessons, the embeddable board (a challenge, its verdict, a malformed link),
    the rules pages and the example teaching page."""
    problems = []
    open_page(page, f"{site.url}learn.html?game=tsuro&step=4")
    problems += check(page, axe_path, "Learn Tsuro: a step",
                      focus=(".lesson-steps button", "#panel button.hand-tile"))
    open_page(page, f"{site.url}learn.html?game=tatsu&step=6")
    page.click('#board g.stone[data-segment="5"][data-field="inner"]')
    page.click("#board g.target[data-action]")
    page.wait_for_selector('.verdict[data-verdict="solved"]')
    problems += check(page, axe_path, "Learn Tatsu: a step solved",
                      focus=("#panel button[data-lesson-step]", "#panel button[data-embed-reset]"))
    open_page(page, f"{site.url}embed.html?game=tatsu&position=5(Fv)13v4_b23"
                    "&mode=challenge&goal=escape")
    problems += check(page, axe_path, "Embedded Tatsu challenge",
                      focus=("#panel button[data-pass]",))
    open_page(page, f"{site.url}embed.html?game=tsuro&position=nonsense")
    problems += check(page, axe_path, "Embedded board, malformed position")
    # a reviewed game shared to a view board (issue 40), loaded as a host page would
    page.evaluate("""(params) => window.postMessage(
        {source: 'tsuro-tatsu', type: 'load', params}, '*')""",
                  {"game": "tsuro", "replay": reviewed_tsuro_replay()})
    page.wait_for_selector("#panel .review button[data-view-at]")
    page.click("#panel .review button[data-view-at] >> nth=0")
    page.wait_for_selector("#board svg g.ghost")
    assert "of the win" in page.locator("#panel .review-note").first.inner_text()
    problems += check(page, axe_path, "Embedded view of a reviewed game",
                      focus=("#panel .review button[data-view-at]",))
    for name in ("rules/tsuro-of-the-seas.html", "rules/tatsu.html", "teach.html"):
        page.goto(site.url + name)
        if name.startswith("rules/"):  # audited with its first examples live
            page.locator("figure[data-live]").first.scroll_into_view_if_needed()
            page.wait_for_selector("figure.live-ready", timeout=BOOT_TIMEOUT_MS)
        problems += check(page, axe_path, name, focus=("a", ".live-toggle"))
    assert problems == [], report(problems)
