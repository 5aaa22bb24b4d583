"""Motion in a real Chromium (game/core/motion.py, game/tsuro/motion.py,
game/tatsu/motion.py, Page.move in game/web/main.py): at a pace that leaves time, a
ship sails its wakes over many frames and ends where the engine puts it (how smoothly,
the main thread's long tasks meanwhile, `python3 -m lab.bench_motion` measures); with
reduced motion it is there at once; Skip ends a motion at once; a Tatsu stone goes round
the ring to its segment. (Two whole games of test_full_games.py, one of each, play at the
"fast" pace, with every motion.)

Seed 7, two captains (a person and an "easy" computer), daikaiju: the person's first
placement makes its ship sail (checked natively by the twin)."""

import pytest
from browsing import open_page
from players import start_game, tsuro_twin

pytestmark = pytest.mark.e2e

SEED = 7
# Our own moves only (the board's cue is a CSS animation of its own)
MOVING = ("() => document.getElementById('board').getAnimations({subtree: true})"
          ".filter((a) => !(a instanceof CSSAnimation)).length")
SHIP_AT = """(seat) => {
  const ship = document.querySelector(`#board g.ship[data-seat="${seat}"]`);
  const box = ship.getBoundingClientRect();
  return [Math.round(box.x * 10) / 10, Math.round(box.y * 10) / 10,
          Number(ship.dataset.position)];
}"""
DICE_MOVING = ("() => [...document.querySelectorAll('#board g.die')]"
               ".some((die) => die.getAnimations().length > 0)")
DICE_CENTRES = """() => [...document.querySelectorAll('#board g.die')].map((die) => {
  const box = die.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
})"""


def to_placement(page, site, pace: str):
    """A person and a computer; the person sets sail, and has a placement to make that
    sails its ship: (the twin, that placement)."""
    open_page(page, f"{site.url}?game=tsuro")
    twin = tsuro_twin(SEED, ["Ann", "Easy computer 2"], ["human", "easy"])
    start_game(page, {"players": 2, "name0": "Ann", "player0": "human",
                      "player1": "easy", "seed": SEED, "speed": pace})
    mark = next(a for a in twin.state.legal_actions())
    page.click(f'#board g.mark.choice[data-mark="{mark.args[0]}"]')
    page.click("#panel button[data-confirm-mark]")
    twin.apply(mark)
    page.wait_for_selector("#panel button[data-place]", timeout=60_000)
    place = next(a for a in twin.state.legal_actions() if a.kind == "place")
    tile, rotation = place.args
    page.click(f'#panel button.hand-tile[data-tile="{tile}"]')
    for _turn in range(rotation):
        page.click(f'#panel button.hand-tile[data-tile="{tile}"]')
    page.wait_for_selector(f'#board g.preview[data-tile="{tile}"][data-rotation="{rotation}"]')
    return twin, place


def test_a_ship_sails_over_many_frames_to_where_the_engine_puts_it(page, site, watched):
    twin, place = to_placement(page, site, "slow")
    before = page.evaluate(SHIP_AT, 0)
    page.click("#panel button[data-place]")
    twin.apply(place)
    page.wait_for_function(f"{MOVING} > 0")
    assert page.locator("#skip-motion").is_visible()
    seen = []
    while page.evaluate(MOVING) > 0:
        seen.append(page.evaluate(SHIP_AT, 0)[:2])
        page.wait_for_timeout(30)
    places = {tuple(p) for p in seen}
    assert len(places) >= 5, seen  # it went its way over many frames
    final = page.evaluate(SHIP_AT, 0)
    assert final[2] == twin.state.ships[0] != before[2]  # where the engine puts it
    assert final[:2] != before[:2]
    page.wait_for_function("document.getElementById('skip-motion').hidden")
    watched.assert_clean()


def test_with_reduced_motion_the_ship_is_there_at_once(page, site, watched):
    page.emulate_media(reduced_motion="reduce")
    twin, place = to_placement(page, site, "slow")
    page.click("#panel button[data-place]")
    twin.apply(place)
    page.wait_for_function(f"document.querySelector('#board g.ship[data-seat=\"0\"]')"
                           f".dataset.position === '{twin.state.ships[0]}'")
    for _look in range(10):  # never a moving piece, and the log still tells
        assert page.evaluate(MOVING) == 0
        page.wait_for_timeout(30)
    assert "places a wake tile" in page.locator("#log").inner_text()
    watched.assert_clean()


def test_skip_ends_the_motion_at_once(page, site, watched):
    twin, place = to_placement(page, site, "slow")
    page.click("#panel button[data-place]")
    twin.apply(place)
    page.wait_for_selector("#skip-motion:not([hidden])")
    page.focus("#skip-motion")  # by the keyboard: the focus stays on the board after
    page.keyboard.press("Enter")
    page.wait_for_function(f"{MOVING} === 0", timeout=500)
    page.wait_for_function("document.getElementById('skip-motion').hidden")
    assert page.evaluate("document.activeElement.id") == "board"
    watched.assert_clean()


def test_a_tatsu_stone_goes_round_the_ring(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "human", "player1": "easy", "seed": 3,
                      "speed": "slow"})
    page.wait_for_selector('#board g.stone.movable[data-segment]', timeout=60_000)
    # Both of the person's dice, then the computer's turn: each stone goes round, the
    # computer's dice tumble in place (each about its own centre)
    seen, tumbling = set(), []
    for _die in range(2):
        page.wait_for_function(f"{MOVING} === 0")
        page.locator("#board g.stone.movable[data-segment]").first.click()
        page.locator("#board g.target").first.click()
        page.wait_for_function(f"{MOVING} > 0")
        while page.evaluate(MOVING) > 0 or page.locator("#board g.stone.movable").count() == 0:
            seen.add(tuple(page.evaluate("""() => [...document.querySelectorAll(
              '#board g.stone')].map((g) => {
                const b = g.getBoundingClientRect(); return b.x + ',' + b.y; })""")))
            if page.evaluate(DICE_MOVING):
                tumbling.append(page.evaluate(DICE_CENTRES))
            page.wait_for_timeout(20)
    assert len(seen) >= 4  # a stone was seen on its way
    final = page.evaluate(DICE_CENTRES)
    assert len(tumbling) >= 3 and final, tumbling
    for centres in tumbling:
        for (x, y), (fx, fy) in zip(centres, final):
            assert abs(x - fx) <= 3 and abs(y - fy) <= 3, (centres, final)
    watched.assert_clean()


HUB_SEEN = """() => {
  const seen = (g) => g && Number(getComputedStyle(g).opacity) > 0.5;
  const hub = [...document.querySelectorAll('#board svg g.hub')]
    .filter((g) => !g.closest('g.leaving'))[0];
  const copy = document.querySelector('#board svg g.leaving g.hub');
  const shown = seen(copy) ? copy : (seen(hub) ? hub : null);
  return {shown: shown && shown.querySelector('text.hub-line').textContent,
          copy: Boolean(copy), stones: document.querySelectorAll('#board g.stone.movable').length};
}"""


def test_tatsu_the_next_turn_shows_once_the_stone_has_arrived(page, site, watched):
    """While the last stone of Black's turn travels, the hub still says Black is to move
    (the board drawn before, over the new one) and no stone is offered; White's turn
    shows once the motion reaches the turn's end."""
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"name0": "Ann", "player0": "easy", "player1": "human", "seed": 3,
                      "speed": "slow"})
    states = []
    page.wait_for_function(f"{MOVING} > 0", timeout=60_000)
    while True:
        state = page.evaluate(HUB_SEEN)
        states.append(state)
        if state["stones"]:  # the person's turn has come: the motion is over
            break
        page.wait_for_timeout(20)
    during = [s for s in states if s["copy"]]
    assert during and all(s["shown"] == "Black to move" for s in during[:3]), states
    assert all(s["stones"] == 0 for s in states[:-1])
    assert states[-1]["shown"] == "White to move"
    watched.assert_clean()


# Each selector a board's own markup gives (its ids, each tag with each class, each tag
# with its data attributes, alone and as a child, and a pile's count as the counts'
# moves name it): what the pieces of the board as drawn before that a move wants are,
# taken from the markup pared down to them (static/board_markup.js) and from the whole.
PARED_AND_WHOLE = """async () => {
  const { cut, paredBefore } = await import(new URL("static/board_markup.js", location.href));
  const html = document.querySelector("#board svg").outerHTML;
  const parse = (markup) => {
    const template = document.createElement("template");
    template.innerHTML = markup;
    return template.content.querySelector("svg");
  };
  const whole = parse(html);
  const selectors = new Set(["g.hub", "g.hub text", "svg g.squares > rect"]);
  const data = (el) => [...el.attributes].filter((a) => a.name.startsWith("data-"))
    .map((a) => `[${a.name}="${a.value}"]`).join("");
  for (const el of whole.querySelectorAll("*")) {
    if (el.id) selectors.add(`#${el.id}`);
    for (const name of el.classList) selectors.add(`${el.localName}.${name}`);
    if (data(el)) {
      selectors.add(`${el.localName}${data(el)}`);
      selectors.add(`${el.parentElement.localName} > ${el.localName}${data(el)}`);
    }
    if (el.matches("g.pile > text.count")) {
      selectors.add(`g.pile${data(el.parentElement)} > text.count`);
    }
  }
  const tree = cut(html);
  return { size: html.length, found: [...selectors].map((selector) => {
    const pared = paredBefore(tree, selector);
    const matched = (svg) => [...svg.querySelectorAll(selector)].map((e) => e.outerHTML);
    return { selector, pared: pared && pared.length, whole: matched(whole),
             fromPared: pared === null ? null : matched(parse(pared)) };
  }) };
}"""


# A move's turn, scale and shift played as one transform (static/motion_frames.js) puts
# the element where those properties with its own transform attribute put it: each
# element of the board with a transform attribute, turned about its centre as the page
# turns it, paused at moments of each kind of keyframes, both ways.
ONE_TRANSFORM = """async (lists) => {
  const { asOneTransform } = await import(new URL("static/motion_frames.js", location.href));
  const svg = document.querySelector("#board svg");
  for (const own of ["translate(100 120)", "translate(200 80) rotate(90)", "rotate(30)",
                     "matrix(0.8 0.6 -0.6 0.8 150 40)"]) { // and some turned ones of our own
    const made = document.createElementNS("http://www.w3.org/2000/svg", "g");
    made.setAttribute("transform", own);
    made.innerHTML = '<rect x="-10" y="-5" width="40" height="20"/><circle cx="30" r="6"/>';
    svg.append(made);
  }
  const placed = [...svg.querySelectorAll("[transform]")].slice(-16);
  const corners = (element) => {
    const box = element.getBBox();
    const m = element.getScreenCTM();
    return [[box.x, box.y], [box.x + box.width, box.y + box.height]].map(([x, y]) =>
      [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const worst = { gap: 0 };
  for (const element of placed) {
    const box = element.getBBox();
    const own = element.transform.baseVal.consolidate()?.matrix;
    const [x, y] = own ? [own.e, own.f] : [0, 0];
    element.style.transformBox = "view-box";
    const [cx, cy] = [x + box.x + box.width / 2, y + box.y + box.height / 2];
    element.style.transformOrigin = `${cx}px ${cy}px`;
    for (const frames of lists) {
      for (const at of [0, 150, 400, 700, 999]) {
        const seen = [];
        for (const played of [frames, asOneTransform(frames, own)]) {
          const animation = element.animate(played, { duration: 1000 });
          animation.pause();
          animation.currentTime = at;
          seen.push(corners(element));
          animation.cancel();
        }
        const gap = Math.max(...seen[0].flat().map((v, i) => Math.abs(v - seen[1].flat()[i])));
        if (gap > worst.gap) Object.assign(worst, { gap, at, frames: JSON.stringify(frames) });
      }
    }
  }
  return { elements: placed.length, worst };
}"""


@pytest.mark.parametrize("game", ["tsuro", "tatsu"])
def test_the_page_plays_the_moves_of_a_board_as_the_browser_reads_them(page, site, watched,
                                                                       game):
    """Both checks above on one page: the pieces of the board before taken from its
    markup pared, and a turn played as one transform."""
    from game.core.motion import rise, roll, turn_from
    from game.tsuro.motion import _placed, _under
    open_page(page, f"{site.url}?game={game}")
    page.wait_for_selector("#board svg[data-board]")
    told = page.evaluate(PARED_AND_WHOLE)
    pared = [one for one in told["found"] if one["pared"] is not None]
    assert len(pared) >= 20 and len(pared) >= 0.8 * len(told["found"]), told["found"]
    for one in pared:
        assert one["fromPared"] == one["whole"], one["selector"]
    ids = [one for one in pared if one["selector"].startswith("#")]
    assert ids and all(one["whole"] for one in ids)
    assert all(one["pared"] < told["size"] / 4 for one in ids)  # the piece, not the board
    if game == "tatsu":
        assert any(one["whole"] for one in pared if one["selector"] == "g.hub")
        assert any(one["whole"] for one in pared if one["selector"].endswith("> text.count"))

    lists = [list(roll()), list(rise()), list(turn_from(90)), list(_placed(3)),
             list(_under(0.3, 30, 90)),
             [{"translate": "0px 0px", "opacity": 1},
              {"translate": "30px -20px", "opacity": 0.6, "offset": 0.6},
              {"translate": "50px -35px", "opacity": 0}]]
    told = page.evaluate(ONE_TRANSFORM, lists)
    assert told["elements"] >= 4
    assert told["worst"]["gap"] < 0.5, told["worst"]
    watched.assert_clean()


# The copies of the board as drawn before, each where it was drawn: a pile's count shown
# as it was (a copy) over the count of the same pile, never over another pile's. A copy
# and a count both shown at one place, saying two things, is a copy out of its place (at
# a pile's arrival the copy fades out as the count fades in: never both over 0.6).
COUNTS_CROSSED = """() => {
  const shown = (element) => Number(getComputedStyle(element).opacity) > 0.6;
  const copies = [...document.querySelectorAll("#board g.leaving text.count")].filter(shown);
  const counts = [...document.querySelectorAll("#board g.pile > text.count")]
    .filter((count) => !count.closest("g.leaving") && shown(count));
  const near = (a, b) => Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2;
  const board = document.querySelector("#board svg").getBoundingClientRect();
  return {copies: copies.length, crossed: copies.filter((copy) => counts.some((count) =>
    near(copy.getBoundingClientRect(), count.getBoundingClientRect())
    && count.textContent !== copy.textContent)).length,
    left: document.querySelectorAll("#board g.leaving > :empty").length,
    lower: copies.filter((copy) => copy.getBoundingClientRect().y > board.y + board.height / 2)
      .length,  // (the lower player's boxes)
    // a vine's tendrils or a lock let go, as they begin to fall away: over the board
    loosened: [...document.querySelectorAll("#board g.leaving :is(g.vine-ring, g.lock)")]
      .filter(shown).map((copy) => {
        const box = copy.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return x > board.x && x < board.right && y > board.y && y < board.bottom;
      })};
}"""


def test_a_piles_count_as_it_was_shows_over_that_pile(page, site, watched):
    """And a vine's tendrils let go (seed 5: an escape in the game's first 15 s) fall
    away from where they were, not from twice as far from the board's corner (placed by
    their keyframes and by their stone's transform, both)."""
    open_page(page, f"{site.url}?game=tatsu")
    start_game(page, {"player0": "medium", "player1": "hard", "first": "black", "seed": 5,
                      "speed": "fast"})
    seen = []
    while len(seen) < 900 and (sum(one["lower"] for one in seen) < 3  # 3 are plenty
                               or not any(one["loosened"] for one in seen)):
        seen.append(page.evaluate(COUNTS_CROSSED))
        page.wait_for_timeout(20)
    assert sum(one["lower"] for one in seen) >= 1  # counts were seen arriving down there
    assert not any(one["crossed"] for one in seen), seen
    assert not any(one["left"] for one in seen)  # no empty place left behind
    loosened = [inside for one in seen for inside in one["loosened"]]
    assert loosened and all(loosened), loosened
    watched.assert_clean()
