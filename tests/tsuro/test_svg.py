"""The Tsuro of the Seas board drawing (game/tsuro/svg.py): parsed with ElementTree and
checked for structure, not pixels."""

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from game.core import Action, new_rng
from game.tsuro import TsuroState, geometry, svg
from game.tsuro.board import OFF, START_MARKS, behind, edge_of_mark
from game.tsuro.daikaiju import TILES
from game.tsuro.tiles import ORIENTED
from tests.svg_measure import overlapping, text_boxes

from .tsuro_helpers import build

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def classed(root, name):
    """Every element whose class list holds `name`."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def with_attr(root, attr):
    return [e for e in root.iter() if attr in e.attrib]


def first_point(d: str):
    x, y = re.match(r"M\s*(-?[\d.]+)[ ,]+(-?[\d.]+)", d).groups()
    return float(x), float(y)


def last_point(d: str):
    numbers = re.findall(r"-?[\d.]+", d)
    return float(numbers[-2]), float(numbers[-1])


def translate(element):
    x, y = re.match(r"translate\((-?[\d.]+) (-?[\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


def random_game(players, seed, steps=None):
    """A seeded random game: yields the state after each action."""
    state = TsuroState({"players": players, "daikaiju": True}, seed)
    rng = random.Random(seed)
    yield state
    count = 0
    while not state.is_over and (steps is None or count < steps):
        state.apply(rng.choice(state.legal_actions()))
        count += 1
        yield state


def mid_game(players=4, seed=11):
    """A game some turns in, at a placement decision."""
    for state in random_game(players, seed):
        if state.decision == "placement" and state.turn >= 8 and sum(
                t >= 0 for t in state.tile_at) >= 8:
            return state
    raise AssertionError("no mid-game placement in this game")


# --- the module's constants ---------------------------------------------------------------
def test_eight_distinct_colours_shapes_and_names():
    for table in (svg.SHIP_COLOURS, svg.SHIP_SHAPES, svg.SHIP_NAMES):
        assert len(table) == 8 and len(set(table)) == 8
    assert svg.SHIP_NAMES[0] == "Red circle"
    assert all(shape in name.lower() for shape, name in zip(svg.SHIP_SHAPES, svg.SHIP_NAMES))


# --- the board -----------------------------------------------------------------------------
def test_board_root_squares_and_numbers():
    state = mid_game()
    root = parse(svg.board(svg.board_view(state)))
    assert root.tag == NS + "svg"
    assert root.get("data-board") == "tsuro"
    assert root.get("viewBox") and root.get("width") is None
    squares = classed(root, "square")
    assert sorted(int(e.get("data-square")) for e in squares) == list(range(49))
    assert all(e.tag == NS + "rect" for e in squares)
    gold = {int(e.get("data-gold")): e.text for e in classed(root, "gold-number")}
    blue = {int(e.get("data-blue")): e.text for e in classed(root, "blue-number")}
    assert gold == blue == {n: str(n) for n in range(1, 7)}
    # D1: the middle column and row carry no number
    xs = sorted(float(e.get("x")) for e in classed(root, "gold-number"))
    ys = sorted(float(e.get("y")) for e in classed(root, "blue-number"))
    gaps = [b - a for a, b in zip(xs, xs[1:])]
    assert gaps[2] == 2 * gaps[0] and [b - a for a, b in zip(ys, ys[1:])][2] == 2 * gaps[0]
    title = root.find(NS + "title").text
    assert title.startswith(f"Tsuro of the Seas, turn {state.turn}:")
    assert f"{len(classed(root, 'daikaiju'))} daikaiju" in title


def test_every_placed_tile_has_its_four_wakes():
    state = mid_game()
    root = parse(svg.board(svg.board_view(state)))
    tiles = classed(root, "tile")
    placed = {sq: (state.tile_at[sq], state.rotation_at[sq]) for sq in range(49)
              if state.tile_at[sq] >= 0}
    assert len(tiles) == len(placed) >= 8
    for g in tiles:
        square, tile_id = int(g.get("data-square")), int(g.get("data-tile"))
        assert (tile_id, int(g.get("data-rotation"))) == placed[square]
        assert g.get("id") == f"tile-{tile_id}"
        wakes = classed(g, "wake")
        assert len(wakes) == 4
        lookup = ORIENTED[tile_id][placed[square][1]]
        for path in wakes:
            a, b = map(int, path.get("data-points").split("-"))
            assert lookup[a] == b
            assert first_point(path.get("d")) == geometry.POINT_XY[a]
            assert last_point(path.get("d")) == geometry.POINT_XY[b]


def test_one_ship_per_ship_in_the_game_with_its_shape():
    state = mid_game(players=8, seed=5)
    root = parse(svg.board(svg.board_view(state)))
    ships = classed(root, "ship")
    afloat = [s for s in range(8) if state.out[s] is None]
    assert sorted(int(e.get("data-seat")) for e in ships) == afloat
    for g in ships:
        seat = int(g.get("data-seat"))
        assert g.get("id") == f"ship-{seat}"
        assert g.get("data-shape") == svg.SHIP_SHAPES[seat]
        assert int(g.get("data-position")) == state.ships[seat]
        assert g.find(NS + "text").text == str(seat + 1)
        hull = classed(g, "hull")
        assert len(hull) == 1
        assert hull[0].get("fill") is None  # inherits the seat colour from its group
        assert any(e.get("fill") == svg.SHIP_COLOURS[seat] for e in g.iter())


def test_all_eight_shapes_are_drawn_differently():
    ships = [0, 1, 16, 17, 50, 51, 388, 389]  # top, top, top, top, right, right, bottom x2
    state = build(8, ships=ships, hands=[[s] for s in range(8)])
    root = parse(svg.board(svg.board_view(state)))
    hulls = {}
    for g in classed(root, "ship"):
        hull = classed(g, "hull")[0]
        hulls[g.get("data-shape")] = ET.tostring(hull)
    assert set(hulls) == set(svg.SHIP_SHAPES)
    assert len(set(hulls.values())) == 8


def test_ships_point_at_the_square_they_face():
    # seat 0 on the top edge (faces south), seat 1 on the left edge (faces east)
    state = build(2, ships=[3 * 8 + 1, 14 * 8 + 7], hands=[[0], [1]])
    root = parse(svg.board(svg.board_view(state)))
    bows = {int(g.get("data-seat")): classed(g, "bow")[0].get("transform")
            for g in classed(root, "ship")}
    assert bows == {0: "rotate(180)", 1: "rotate(90)"}
    # a ship on a start mark stands outside the board, next to its first square
    ship0 = next(g for g in classed(root, "ship") if g.get("data-seat") == "0")
    x, y = translate(ship0)
    assert y < geometry.MARGIN
    assert geometry.MARGIN + 3 * geometry.SQ < x < geometry.MARGIN + 4 * geometry.SQ


def test_trails_follow_the_sailed_wakes():
    state = mid_game()
    root = parse(svg.board(svg.board_view(state)))
    trails = {int(e.get("data-seat")): e for e in classed(root, "trail")}
    drawn = 0
    for seat, trail in enumerate(state.trails):
        if not trail:
            assert seat not in trails
            continue
        drawn += 1
        # one path per wake sailed, named by its square and entry point, in its order
        wakes = list(trails[seat])
        assert [w.get("data-wake") for w in wakes] == [f"{sq}:{a}" for sq, _t, a, _b in trail]
        assert all(w.get("d").count("M") == 1 for w in wakes)
        assert trails[seat].get("stroke") == svg.SHIP_COLOURS[seat]
        # told apart by more than colour: each seat's own dash pattern (seat 1's whole)
        assert (trails[seat].get("stroke-dasharray") or "") == svg.TRAIL_DASHES[seat]
    assert drawn >= 2
    assert len(set(svg.TRAIL_DASHES)) == len(svg.TRAIL_DASHES) == len(svg.SHIP_COLOURS)


# --- daikaiju --------------------------------------------------------------------------------
def arrows_of(root, kaiju):
    g = next(e for e in classed(root, "daikaiju") if e.get("data-daikaiju") == str(kaiju))
    return g, {int(a.get("data-face")): a for a in classed(g, "arrow")}


def tip_direction(arrow):
    """Which way a move arrow's tip lies from the tile's centre (30, 30)."""
    x, y = first_point(classed(arrow, "pin")[0].get("d"))
    dx, dy = x - 30, y - 30
    if abs(dx) > abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


@pytest.mark.parametrize("facing, expected", [
    (0, {1: "N", 2: "E", 3: "S", 4: "W", 5: "C"}),
    (1, {1: "E", 2: "S", 3: "W", 4: "N", 5: "C"}),
    (2, {1: "S", 2: "W", 3: "N", 4: "E", 5: "C"}),
    (3, {1: "W", 2: "N", 3: "E", 4: "S", 5: "C"}),
])
def test_daikaiju_arrows_turn_with_the_tile(facing, expected):
    # daikaiju 0 is tile 1: F R B L C, rotation number 1, gold arrow
    state = build(2, ships=[0, 9], hands=[[0], [1]],
                  daikaiju={0: (24, facing), 3: (40, 2)})
    root = parse(svg.board(svg.board_view(state)))
    assert len(classed(root, "daikaiju")) == 2
    g, arrows = arrows_of(root, 0)
    assert g.get("id") == "daikaiju-0" and g.get("data-square") == "24"
    assert g.get("data-gold") == "true" and g.get("data-number") == "1"
    assert sorted(arrows) == [1, 2, 3, 4, 5]
    assert {f: a.get("data-direction") for f, a in arrows.items()} == expected
    assert {f: a.get("data-code") for f, a in arrows.items()} == dict(enumerate("FRBLC", 1))
    for face in range(1, 5):
        assert tip_direction(arrows[face]) == expected[face]
        assert arrows[face].find(NS + "text").text == str(face)
    assert classed(arrows[5], "turn")


def test_daikaiju_without_gold_arrow_and_anticlockwise_turn():
    # daikaiju 3 is tile 4: B L A F R, rotation number 2, no gold arrow; facing south
    state = build(2, ships=[0, 9], hands=[[0], [1]],
                  daikaiju={3: (40, 2)})
    root = parse(svg.board(svg.board_view(state)))
    g, arrows = arrows_of(root, 3)
    assert g.get("data-gold") == "false" and g.get("data-number") == str(TILES[3][0])
    assert [a.get("data-direction") for _, a in sorted(arrows.items())] == [
        "N", "E", "A", "S", "W"]
    assert tip_direction(arrows[4]) == "S"  # F, facing south
    assert "Daikaiju 4, rotation number 2:" in g.find(NS + "title").text


def test_daikaiju_count_matches_the_board():
    for state in random_game(6, 21, steps=60):
        root = parse(svg.board(svg.board_view(state)))
        on_board = [k for k in range(10) if state.kaiju_square[k] != OFF]
        drawn = classed(root, "daikaiju")
        assert sorted(int(g.get("data-daikaiju")) for g in drawn) == on_board
        for g in drawn:
            assert len(classed(g, "arrow")) == 5
            assert not classed(g, "wake")  # a sea monster, not a wake tile


# --- choices -----------------------------------------------------------------------------------
def test_start_marks_are_choices_only_during_the_start_mark_decision():
    state = TsuroState({"players": 3, "daikaiju": True}, 4)
    root = parse(svg.board(svg.board_view(state)))
    marks = classed(root, "choice")
    assert len(marks) == 56
    assert sorted(int(e.get("data-mark")) for e in marks) == sorted(START_MARKS)
    assert all(e.get("role") == "button" for e in marks)
    state.apply(Action("start", (START_MARKS[5],)))
    marks = [int(e.get("data-mark"))
             for e in classed(parse(svg.board(svg.board_view(state))), "choice")]
    assert len(marks) == 55 and START_MARKS[5] not in marks
    # someone else's screen, or highlighting off: nothing to click
    assert not with_attr(parse(svg.board(svg.board_view(state), seat=0)), "data-mark")
    assert len(with_attr(parse(svg.board(svg.board_view(state), seat=1)), "data-mark")) == 55
    assert not with_attr(parse(svg.board(svg.board_view(state), highlight=False)), "data-mark")
    state.apply(Action("start", (START_MARKS[20],)))
    state.apply(Action("start", (START_MARKS[40],)))
    assert state.decision != "start mark"
    root = parse(svg.board(svg.board_view(state)))
    assert not with_attr(root, "data-mark") and not classed(root, "choice")


def relocation_state():
    """Seat 0 on a start mark facing a daikaiju, at the start of its turn (D8)."""
    for seed in range(200):
        try:
            state = build(
                2, ships=[2 * 8 + 0, 6 * 8 + 3], hands=[[0, 1, 2], [3, 4, 5]],
                daikaiju={0: (2, 0), 1: (30, 1), 2: (44, 2)}, draw_pile=range(6, 56),
                rng=new_rng(seed), begin_turn=True)
        except ValueError:
            continue
        if state.decision == "relocation":
            return state
    raise AssertionError("no seed gives a relocation")


def test_relocation_marks_are_the_choices():
    state = relocation_state()
    root = parse(svg.board(svg.board_view(state)))
    marks = sorted(int(e.get("data-mark")) for e in classed(root, "choice"))
    assert marks == sorted(state.relocation_marks()) and marks
    assert all(m >> 3 in range(7) for m in marks)  # the same (top) edge
    assert "to move to another start mark" in root.find(NS + "title").text
    assert svg.board(state.view(0)) == svg.board(svg.board_view(state), seat=0)


def test_target_square_during_placement():
    state = mid_game()
    root = parse(svg.board(svg.board_view(state)))
    targets = classed(root, "target")
    assert len(targets) == 1
    assert int(targets[0].get("data-square")) == state.ships[state.active] >> 3
    assert "square" in targets[0].get("class").split()
    assert len(classed(root, "square")) == 49
    other = (state.active + 1) % state.players
    assert not classed(parse(svg.board(svg.board_view(state), seat=other)), "target")
    assert classed(parse(svg.board(svg.board_view(state), seat=state.active)), "target")
    assert not classed(parse(svg.board(svg.board_view(state), highlight=False)), "target")


# --- preview ------------------------------------------------------------------------------------
def edge_position():
    # seat 0 on the top mark, point 0 of square 0. Tile 0 turned 0 joins points 0-1: off
    # the edge. Tile 33 runs straight across (0-5): it sails on to square 7.
    return build(2, ships=[0, 6 * 8 + 3], hands=[[0, 33], [5]])


def test_preview_marks_an_eliminating_placement():
    state = edge_position()
    root = parse(svg.board(svg.board_view(state), preview=(0, 0)))
    (group,) = classed(root, "preview")
    assert group.get("data-tile") == "0" and group.get("data-rotation") == "0"
    assert group.get("data-square") == "0" and group.get("data-legal") == "false"
    assert len(classed(group, "wake")) == 4
    assert len(classed(group, "refused-mark")) == 1  # crossed out, not only red
    (path,) = classed(root, "preview-path")
    assert path.get("data-seat") == "0" and path.get("stroke-dasharray")
    (end,) = classed(root, "preview-end")
    assert end.get("data-fate") == "edge" and "eliminated" in end.get("class").split()
    assert end.get("data-seat") == "0"


def test_preview_of_a_safe_placement():
    state = edge_position()
    root = parse(svg.board(svg.board_view(state), preview=(33, 0)))
    (group,) = classed(root, "preview")
    assert group.get("data-legal") == "true"
    (end,) = classed(root, "preview-end")
    assert end.get("data-fate") == "sails" and "eliminated" not in end.get("class").split()
    outcome = state.placement_outcome(33, 0)
    assert outcome.voyages[0][1] is None


def test_preview_moves_other_ships_too():
    # seat 1 faces square 0 from the left (point 7); a tile joining 0-7... tile 34 is
    # (0,7),(1,2),(3,4),(5,6): seat 0 enters at 0, leaves at 7 to the left edge; seat 1
    # enters at 7 and leaves at 0, off the top.
    state = build(2, ships=[0, 7], hands=[[34], [5]])
    root = parse(svg.board(svg.board_view(state), preview=(34, 0)))
    ends = {e.get("data-seat"): e.get("data-fate") for e in classed(root, "preview-end")}
    assert ends == {"0": "edge", "1": "edge"}
    assert {e.get("stroke") for e in classed(root, "preview-path")} == set(svg.SHIP_COLOURS[:2])


def test_preview_ignored_without_a_placement():
    state = TsuroState({"players": 2, "daikaiju": True}, 1)
    assert not classed(parse(svg.board(svg.board_view(state), preview=(0, 0))), "preview")


# --- text and accessibility ----------------------------------------------------------------------
def test_title_escapes_names():
    state = edge_position()
    names = ["<Ann & \"Bo\"'s>", "]]> </svg>"]
    markup = svg.board(svg.board_view(state), names=names, seat=1)
    root = parse(markup)
    title = root.find(NS + "title").text
    assert names[0] in title and "You are ]]> </svg> (Orange square)." in title
    assert root.get("aria-label") == title
    assert "<Ann" not in markup  # escaped, not raw
    ship = next(g for g in classed(root, "ship") if g.get("data-seat") == "0")
    assert ship.find(NS + "title").text.startswith(names[0])


def test_game_over_title():
    *_, state = random_game(3, 2)
    assert state.is_over
    root = parse(svg.board(svg.board_view(state)))
    title = root.find(NS + "title").text
    assert "Game over:" in title
    assert root.get("role") == "img" and not classed(root, "choice")


def test_id_prefix():
    root = parse(svg.board(svg.board_view(mid_game()), id_prefix="demo-"))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and all(i.startswith("demo-") for i in ids)
    assert len(ids) == len(set(ids))


# --- random games ------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(2, 4), (3, 7), (4, 9), (5, 12), (6, 2), (7, 8), (8, 3)])
def test_random_games_draw_well_formed_boards(players, seed):
    decisions = set()
    for state in random_game(players, seed):
        decisions.add(state.decision)
        markup = svg.board(svg.board_view(state))
        root = parse(markup)
        assert markup == svg.board(svg.board_view(state.clone()))  # deterministic
        assert len(classed(root, "square")) == 49
        assert len(classed(root, "tile")) == sum(t >= 0 for t in state.tile_at)
        assert all(len(classed(g, "wake")) == 4 for g in classed(root, "tile"))
        afloat = [s for s in range(players) if state.ships[s] is not None
                  and state.out[s] is None]
        assert sorted(int(g.get("data-seat")) for g in classed(root, "ship")) == afloat
        assert len(classed(root, "daikaiju")) == state.daikaiju_on_board()
        assert len(classed(root, "target")) == (state.decision == "placement")
        assert len(markup) < 60_000
        # what a seat sees draws the same board, even after a trip through JSON
        viewer = state.active
        view = json.loads(json.dumps(state.view(viewer)))
        assert svg.board(view) == svg.board(svg.board_view(state), seat=viewer)
        if state.decision == "placement":
            for tile_id in state.hands[state.active]:
                root = parse(svg.board(svg.board_view(state), preview=(tile_id, 1)))
                (group,) = classed(root, "preview")
                assert group.get("data-legal") in ("true", "false")
                moved = state.placement_outcome(tile_id, 1).voyages
                assert len(classed(root, "preview-end")) == len(moved)
                eliminated = [s for s, v in moved.items() if v[1] is not None]
                assert sorted(int(e.get("data-seat")) for e in classed(root, "eliminated")) \
                    == sorted(eliminated)
    assert "placement" in decisions and "start mark" in decisions


def test_ship_on_a_start_mark_is_on_no_tile():
    state = edge_position()
    assert behind(state.ships[0]) == OFF
    title = next(g for g in classed(parse(svg.board(svg.board_view(state))), "ship")
                 if g.get("data-seat") == "0").find(NS + "title").text
    assert "start mark on the top edge, gold 1, left point" in title


# --- a tile in the hand ---------------------------------------------------------------------------
def test_tile_svg():
    root = parse(svg.tile(12, 3))
    assert root.tag == NS + "svg"
    assert root.get("data-tile") == "12" and root.get("data-rotation") == "3"
    assert root.get("role") == "img" and "Wake tile 13" in root.get("aria-label")
    wakes = classed(root, "wake")
    assert len(wakes) == 4
    assert {w.get("data-points") for w in wakes} == {
        f"{a}-{b}" for a, b in enumerate(ORIENTED[12][3]) if a < b}
    assert "selected" not in root.get("class").split()
    chosen = parse(svg.tile(12, 3, selected=True))
    assert "selected" in chosen.get("class").split() and chosen.get("width") is None
    assert svg.tile(12, 3) == svg.tile(12, 3)
    assert svg.tile(12, 0) != svg.tile(12, 1)


@pytest.mark.parametrize("args", [(56, 0), (-1, 0), (3, 4)])
def test_tile_svg_refuses_what_is_not_a_tile(args):
    with pytest.raises(ValueError):
        svg.tile(*args)


# --- sizes for a phone, and text that never overlaps ---------------------------------------
PHONE = 360 / geometry.VIEW  # CSS px per user unit on a 360-px-wide screen (the page's CSS)


def test_mark_areas_tile_the_margin_without_overlapping():
    areas = {mark: geometry.mark_area(mark) for mark in START_MARKS}
    items = list(areas.items())
    for i, (mark, (x, y, w, h)) in enumerate(items):
        assert x >= 0 and y >= 0 and x + w <= geometry.VIEW and y + h <= geometry.VIEW
        # half a square along the edge (and a corner of the margin), the whole margin deep
        along, deep = (w, h) if edge_of_mark(mark) in (0, 2) else (h, w)
        # clear of the frame's edge, for the focus ring
        depth = geometry.MARGIN - geometry.MARK_INSET
        assert deep == depth and along in (geometry.SQ // 2, geometry.SQ // 2 + depth)
        assert min(w, h) * PHONE > 20 and max(w, h) * PHONE >= 24
        # the mark's circle (r 8.5) stands in its own area, clear of its neighbours' along
        # the edge (inwards it may reach over the sea's rim)
        cx, cy = geometry.ship_centre(mark)
        assert x <= cx <= x + w and y <= cy <= y + h
        if edge_of_mark(mark) in (0, 2):
            assert x + 8.5 <= cx <= x + w - 8.5
        else:
            assert y + 8.5 <= cy <= y + h - 8.5
        for other, (x2, y2, w2, h2) in items[i + 1:]:
            assert min(x + w, x2 + w2) <= max(x, x2) or min(y + h, y2 + h2) <= max(y, y2), \
                (mark, other)
    # the margin is covered exactly: 4 sides of 7 squares of 2 halves, plus 4 corners
    covered = sum(w * h for _, _, w, h in areas.values())
    assert covered == (geometry.VIEW - 2 * geometry.MARK_INSET) ** 2 - geometry.BOARD ** 2
    with pytest.raises(ValueError):
        geometry.mark_area(10)  # square 1, its right side: inside the board, no start mark


def test_marks_are_buttons_filling_their_areas_one_in_the_tab_order():
    state = TsuroState({"players": 3, "daikaiju": True}, 4)
    root = parse(svg.board(svg.board_view(state)))
    marks = classed(root, "choice")
    assert len(marks) == 56
    # roving focus: the first mark is the one tab stop, the arrows reach the others
    assert [g.get("tabindex") for g in marks] == ["0"] + ["-1"] * 55
    picked = parse(svg.board(svg.board_view(state), mark=int(marks[7].get("data-mark"))))
    assert [g.get("tabindex") for g in classed(picked, "choice")] == \
        ["-1"] * 7 + ["0"] + ["-1"] * 48
    for g in marks:
        mark = int(g.get("data-mark"))
        assert g.get("role") == "button" and g.get("data-rove") == "marks"
        assert g.get("aria-label").startswith("start mark on the")
        assert g.get("aria-pressed") == "false" and "picked" not in g.get("class").split()
        (hit,) = classed(g, "hit")  # last, over the rest: it takes the clicks
        assert hit.tag == NS + "rect" and hit.get("fill") == "transparent" and g[-1] is hit
        (band,) = classed(g, "band")  # the same area, seen
        for rect in (hit, band):
            assert tuple(float(rect.get(k)) for k in ("x", "y", "width", "height")) == \
                geometry.mark_area(mark)
    assert not classed(root, "ghost")
    # the numbers on the margin let clicks through to the marks under them
    (numbers,) = classed(root, "dice-numbers")
    assert numbers.get("pointer-events") == "none"
    # the one button in the tab order during a placement: the target square
    root = parse(svg.board(svg.board_view(mid_game())))
    tabbable = [e for e in root.iter() if e.get("tabindex") == "0"]
    assert [e.get("class") for e in tabbable] == ["square target"]


def test_a_picked_mark_is_drawn_as_a_ghost_of_the_ship():
    state = TsuroState({"players": 3, "daikaiju": True}, 4)
    state.apply(Action("start", (START_MARKS[5],)))  # seat 1 to choose now
    mark = START_MARKS[30]
    markup = svg.board(svg.board_view(state), mark=mark)
    root = parse(markup)
    (ghost,) = classed(root, "ghost")
    assert ghost.get("data-seat") == "1" and ghost.get("data-mark") == str(mark)
    assert ghost.get("pointer-events") == "none"
    assert translate(ghost) == geometry.ship_centre(mark)
    # the seat's own ship, faded, with its hull shape, in a ring
    assert any(e.get("fill") == svg.SHIP_COLOURS[1] and e.get("opacity") for e in ghost.iter())
    assert len(ghost.findall(NS + "circle")) == 2
    pressed = [g for g in classed(root, "choice") if g.get("aria-pressed") == "true"]
    assert [int(g.get("data-mark")) for g in pressed] == [mark]
    assert "picked" in pressed[0].get("class").split()
    assert markup == svg.board(svg.board_view(state.clone()), mark=mark)  # deterministic
    assert markup != svg.board(svg.board_view(state))
    # from the seat's view, the same drawing
    view = json.loads(json.dumps(state.view(1)))
    assert svg.board(view, mark=mark) == svg.board(svg.board_view(state), seat=1, mark=mark)
    # not drawn where the mark is no choice: taken, another seat's screen, no highlight
    drawn = svg.board_view(state)
    for quiet in (svg.board(drawn, mark=START_MARKS[5]), svg.board(drawn, seat=0, mark=mark),
                  svg.board(drawn, highlight=False, mark=mark)):
        root = parse(quiet)
        assert not classed(root, "ghost") and not classed(root, "picked")
    for bad in (10, -1, 10_000, "30", 2.0):
        with pytest.raises(ValueError):
            svg.board(svg.board_view(state), mark=bad)


def test_a_picked_relocation_mark_is_drawn_too():
    state = relocation_state()
    mark = state.relocation_marks()[0]
    root = parse(svg.board(svg.board_view(state), mark=mark))
    (ghost,) = classed(root, "ghost")
    assert ghost.get("data-seat") == str(state.active) and ghost.get("data-mark") == str(mark)
    # during a placement, a mark means nothing
    assert not classed(parse(svg.board(svg.board_view(mid_game()), mark=START_MARKS[0])), "ghost")


def test_every_text_is_legible_on_a_phone():
    """Every label is at least MIN_FONT units: 9 CSS px when the board is 360 px wide."""
    assert svg.MIN_FONT * PHONE >= 9
    for state in (TsuroState({"players": 8, "daikaiju": True}, 3), mid_game(players=8, seed=5)):
        view = svg.board_view(state)
        for markup in (svg.board(view), svg.board(view, mark=START_MARKS[0])):
            boxes = text_boxes(parse(markup))
            assert boxes
            sizes = {round(b[3] - b[1], 3) for b in boxes}  # font sizes, from the boxes
            assert min(sizes) >= svg.MIN_FONT
    # the target square: a 60-unit square, 43 px on a phone
    assert geometry.SQ * PHONE >= 24


@pytest.mark.parametrize("players, seed", [(3, 7), (6, 2), (8, 3)])
def test_no_two_texts_overlap(players, seed):
    for step, state in enumerate(random_game(players, seed)):
        if step % 3:
            continue
        previews = [None]
        if state.decision == "placement":
            previews += [(t, 0) for t in state.hands[state.active]]
        for preview in previews:
            root = parse(svg.board(svg.board_view(state), preview=preview))
            assert overlapping(text_boxes(root)) == [], (step, preview)


def test_no_text_overlaps_a_ship_facing_a_daikaiju():
    state = relocation_state()  # seat 0 on a start mark, a daikaiju in front of it
    for mark in (None, *state.relocation_marks()):
        assert overlapping(text_boxes(parse(svg.board(svg.board_view(state), mark=mark)))) == []
