"""The Tatsu board drawing (game/tatsu/svg.py): parsed with ElementTree and checked for
structure, not pixels."""

import json
import random
import re
import xml.etree.ElementTree as ET
from math import atan2, degrees, hypot

import pytest
from tatsu_helpers import pos

from game.core import Action
from game.tatsu import TatsuState, geometry, svg
from game.tatsu.arena import CORNER_KIND, FIELDS, KINDS, SEGMENTS
from game.tatsu.text import end_words
from tests.svg_measure import overlapping, text_boxes, translate

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def classed(root, name):
    """Every element whose class list holds `name`."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


def address(element):
    """The stone address an arena stone or a mat pile stands for."""
    if element.get("data-mat"):
        return ("mat", element.get("data-mat"))
    return (int(element.get("data-segment")), element.get("data-field"))


def drawn_targets(root):
    return sorted((e.get("data-action"), int(e.get("data-target-segment")))
                  for e in classed(root, "target"))


def engine_targets(state, stone):
    return sorted((json.dumps(a.to_json(), separators=(",", ":")), segment)
                  for a, segment in state.destinations(stone))


def polar(element):
    """(segment, radius) of an element drawn with translate(x y) around the ring's centre."""
    x, y = map(float, re.match(r"translate\((-?[\d.]+) (-?[\d.]+)\)",
                               element.get("transform")).groups())
    dx, dy = x - geometry.CX, geometry.CY - y
    return round(degrees(atan2(dx, dy)) / 15) % SEGMENTS, hypot(dx, dy)


def random_states(seed, steps=None):
    """A seeded random game: yields the state before each action and at the end."""
    state = TatsuState({"first": "roll" if seed % 2 else "black"}, seed)
    rng = random.Random(seed)
    count = 0
    yield state
    while not state.is_over and (steps is None or count < steps):
        state.apply(rng.choice(state.legal_actions()))
        count += 1
        yield state


def bound_position():
    """Black to move: its vine on 2 is held by its water; its fire on 5 is entangled by
    White's vine; White's water on 20 is entangled by Black's vine. A fire on Black's mat."""
    return pos({1: "Bv", 2: ("Bv", "Bw"), 5: ("Bf", "Wv"), 9: "Ww", 14: "Wv",
                20: ("Ww", "Bv")}, to_move="black", dice=(3, 5), mats={"black": {"fire": 1}},
               dead={"black": {"water": 1}})


# --- the board -------------------------------------------------------------------------------
def test_root_and_its_data():
    state = pos({1: "Bv", 14: "Wv"}, to_move="white", dice=(3, 5), turn=4)
    root = parse(svg.board(svg.board_view(state)))
    assert root.tag == NS + "svg"
    assert root.get("data-board") == "tatsu"
    assert root.get("viewBox") == f"0 0 {geometry.WIDTH} {geometry.HEIGHT}"
    assert root.get("width") is None
    assert root.get("data-decision") == "move" and root.get("data-active") == "1"
    assert root.get("data-turn") == "4" and root.get("data-dice") == "3,5"
    title = root.find(NS + "title").text
    assert title.startswith("Tatsu, turn 4. White to move with 3 and 5.")
    assert root.get("aria-label") == title


def test_24_segments_of_two_fields_with_numbers():
    root = parse(svg.board(svg.board_view(TatsuState({}, 1))))
    fields = [(int(e.get("data-segment")), e.get("data-field")) for e in classed(root, "field")]
    assert sorted(fields) == sorted((s, f) for s in range(SEGMENTS) for f in FIELDS)
    assert all(e.tag == NS + "path" for e in classed(root, "field"))
    numbers = {int(e.get("data-segment")): e.text for e in classed(root, "segment-number")}
    assert numbers == {s: str(s) for s in range(SEGMENTS)}
    # segment 0 at the top, numbered clockwise: 6 on the right, 12 at the bottom
    at = {int(e.get("data-segment")): (float(e.get("x")), float(e.get("y")))
          for e in classed(root, "segment-number")}
    assert at[0][1] < at[6][1] < at[12][1] and at[6][0] > at[0][0] > at[18][0]


def test_corner_kinds():
    root = parse(svg.board(svg.board_view(TatsuState({}, 1))))
    corners = {}
    for e in classed(root, "corner"):
        corners.setdefault(int(e.get("data-segment")), set()).add(e.get("data-kind"))
    assert corners == {s: {k} for s, k in CORNER_KIND.items()}
    assert CORNER_KIND == {0: "water", 4: "fire", 8: "vine", 12: "fire", 16: "water",
                           20: "vine"}
    marks = {int(e.get("data-segment")): e.get("data-kind") for e in classed(root, "corner-mark")}
    assert marks == CORNER_KIND
    assert all(polar(e)[0] == int(e.get("data-segment")) for e in classed(root, "corner-mark"))
    for e in classed(root, "corner-mark"):  # a glyph with its letter, not colour alone
        assert e.find(NS + "use").get("href") == f"#tatsu-{e.get('data-kind')}"
    defs = {e.get("id"): e for e in root.find(NS + "defs")}
    for kind in KINDS:
        assert defs[f"tatsu-{kind}"].find(NS + "text").text == svg.KIND_LETTERS[kind]
    fills = {defs[f"tatsu-{k}"].find(NS + "path").get("fill") for k in KINDS}
    assert len(fills) == 3


def test_entry_points():
    root = parse(svg.board(svg.board_view(TatsuState({}, 1))))
    entries = {(int(e.get("data-seat")), int(e.get("data-entry"))): int(e.get("data-segment"))
               for e in classed(root, "entry")}
    assert entries == {(0, 1): 1, (0, 2): 2, (0, 3): 3, (1, 1): 15, (1, 2): 14, (1, 3): 13}
    for e in classed(root, "entry"):
        assert e.find(NS + "text").text == e.get("data-entry")
        segment, radius = polar(e)
        assert segment == int(e.get("data-segment")) and radius < geometry.R_IN


def test_stones_match_the_arena():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state)))
    stones = classed(root, "stone")
    expected = {(s, f): state.stone_at(s, f) for s in range(SEGMENTS) for f in FIELDS
                if state.stone_at(s, f) is not None}
    assert len(stones) == len(expected) == 9
    for g in stones:
        where = address(g)
        assert (int(g.get("data-seat")), g.get("data-kind")) == expected[where]
        assert g.get("id") == f"stone-{where[0]}-{where[1]}"
        assert g.get("data-status") == state.status(*where)
        segment, radius = polar(g)  # drawn on its own field
        assert segment == where[0]
        assert (geometry.R_IN < radius < geometry.R_MID) == (where[1] == "inner")
        assert (geometry.R_MID < radius < geometry.R_OUT) == (where[1] == "outer")
        assert g.find(NS + "use").get("href") == f"#tatsu-{g.get('data-kind')}"


def test_entangled_and_held_stones_are_marked():
    root = parse(svg.board(svg.board_view(bound_position())))
    by_place = {address(g): g for g in classed(root, "stone")}
    entangled = sorted(address(g) for g in classed(root, "entangled"))
    held = sorted(address(g) for g in classed(root, "held"))
    assert entangled == [(5, "inner"), (20, "inner")]
    assert held == [(2, "inner")]
    assert classed(by_place[5, "inner"], "vine-ring") and classed(by_place[2, "inner"], "lock")
    assert not classed(by_place[1, "inner"], "vine-ring") and not classed(by_place[1, "inner"],
                                                                          "lock")
    for place in ((2, "outer"), (5, "outer"), (1, "inner")):
        assert by_place[place].get("data-status") == "free"


def test_piles_of_each_side():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state)))
    piles = classed(root, "pile")
    assert len(piles) == 18
    boxes = {"tray": state.tray, "mat": state.mat, "dead": state.dead_zone}
    for g in piles:
        seat, box, kind = int(g.get("data-seat")), g.get("data-box"), g.get("data-kind")
        assert int(g.get("data-count")) == boxes[box](seat)[kind]
        assert g.get("id") == f"pile-{seat}-{box}-{kind}"
        colour = 1 - seat if box == "dead" else seat
        assert g.get("data-colour") == ("black", "white")[colour]
        assert (g.get("data-mat") == kind) == (box == "mat")
    assert [g.get("data-kind") for g in classed(root, "pile")
            if g.get("data-box") == "dead" and g.get("data-count") != "0"] == ["water"]
    sides = {g.get("data-seat"): g for g in classed(root, "side")}
    assert set(sides) == {"0", "1"} and "active" in sides["0"].get("class").split()


# --- cues ------------------------------------------------------------------------------------
def test_movable_stones_only_for_the_player_to_move():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state)))
    movable = classed(root, "movable")
    assert sorted(map(address, movable), key=str) == sorted(state.movable_stones(), key=str)
    assert ("mat", "fire") in map(address, movable)
    assert (2, "inner") not in map(address, movable)  # held
    assert all(g.get("data-seat") == "0" for g in movable)
    assert all(g.get("role") == "button" and g.get("data-rove") == "stones" for g in movable)
    # roving focus: one movable stone in the tab order, the first drawn
    assert [g.get("tabindex") for g in movable] == ["0"] + ["-1"] * (len(movable) - 1)
    assert root.get("role") == "group"
    assert len(classed(parse(svg.board(svg.board_view(state), seat=0)), "movable")) == len(movable)
    view = svg.board_view(state)
    for quiet in (svg.board(view, seat=1), svg.board(view, highlight=False)):
        quiet = parse(quiet)
        assert not classed(quiet, "movable") and not classed(quiet, "target")
        assert not [e for e in quiet.iter() if e.get("role") == "button"]
        assert quiet.get("role") == "img"


def test_selected_stone_and_its_targets():
    state = bound_position()
    for stone in state.movable_stones():
        root = parse(svg.board(svg.board_view(state), selected=stone))
        (chosen,) = classed(root, "selected")
        assert address(chosen) == stone
        assert drawn_targets(root) == engine_targets(state, stone)
        assert drawn_targets(root)
        for target in classed(root, "target"):
            action = Action.from_json(json.loads(target.get("data-action")))
            assert action in state.legal_actions() and action.args[0] == stone
            assert target.get("data-die") == str(action.args[1])
            assert target.get("role") == "button"
    # a JSON list works as well as a tuple
    view = svg.board_view(state)
    assert svg.board(view, selected=[1, "inner"]) == svg.board(view, selected=(1, "inner"))


def test_a_selected_stone_that_cannot_move_has_no_targets():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state), selected=(2, "inner")))  # held
    assert not classed(root, "target")
    root = parse(svg.board(svg.board_view(state), selected=(9, "inner")))  # White's
    assert not classed(root, "target")
    assert not classed(parse(svg.board(svg.board_view(state), selected=(1, "inner"), seat=1)),
                       "selected")


def test_entering_targets_the_entry_segment():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state), selected=("mat", "fire")))
    assert drawn_targets(root) == [('["enter",["mat","fire"],3]', 3)]
    (pile,) = classed(root, "selected")
    assert pile.get("data-mat") == "fire" and pile.get("data-seat") == "0"


def test_escape_is_offered_on_the_entangled_stone():
    state = bound_position()
    escapes = [a for a in state.legal_actions() if a.kind == "escape"]
    assert escapes == [Action("escape", ((5, "inner"), 3))]
    root = parse(svg.board(svg.board_view(state)))
    offering = [g for g in root.iter() if g.get("data-escape")]
    assert [(address(g), g.get("data-escape")) for g in offering] == [((5, "inner"), "3")]
    assert "movable" in offering[0].get("class").split()
    root = parse(svg.board(svg.board_view(state), selected=(5, "inner")))
    assert drawn_targets(root) == [('["escape",[5,"inner"],3]', 8)]  # clockwise
    (target,) = classed(root, "target")
    assert target.get("data-kind") == "escape"


def test_used_die_is_greyed():
    state = pos({1: "Bv", 14: "Wv"}, dice=(3, 5))
    dice = classed(parse(svg.board(svg.board_view(state))), "die")
    assert [(d.get("data-die"), "used" in d.get("class").split()) for d in dice] == [
        ("3", False), ("5", False)]
    state.apply(Action("move", ((1, "inner"), 3)))
    root = parse(svg.board(svg.board_view(state)))
    assert root.get("data-dice") == "5"
    dice = classed(root, "die")
    assert [(d.get("data-die"), "used" in d.get("class").split()) for d in dice] == [
        ("3", True), ("5", False)]
    assert [d.get("id") for d in dice] == ["die-0", "die-1"]


def test_a_turn_that_must_pass():
    state = pos({1: ("Bv", "Wv"), 2: ("Wv", "Wv"), 3: ("Wv", "Wf")}, dice=(2, 2))
    assert state.legal_actions() == [Action("pass", ())]
    root = parse(svg.board(svg.board_view(state)))
    assert root.get("data-decision") == "pass"
    assert not classed(root, "movable")
    assert "can use neither die" in root.find(NS + "title").text


@pytest.mark.parametrize("bad", [(24, "inner"), (3, "middle"), ("mat", "earth"), 5, "3"])
def test_bad_selection_is_refused(bad):
    with pytest.raises(ValueError):
        svg.board(svg.board_view(bound_position()), selected=bad)


# --- text and accessibility ------------------------------------------------------------------
def test_title_escapes_names():
    names = ["<Ann & \"Bo\"'s>", "]]> </svg>"]
    markup = svg.board(svg.board_view(bound_position()), names=names, seat=1)
    root = parse(markup)
    title = root.find(NS + "title").text
    assert f"{names[0]} (Black) to move" in title
    assert title.endswith("You are ]]> </svg> (White).")
    assert root.get("aria-label") == title
    assert "<Ann" not in markup and "]]> </svg>" not in markup
    side = next(g for g in classed(root, "side") if g.get("data-seat") == "0")
    assert any(e.text == f"{names[0]} (Black)" for e in side.iter(NS + "text"))


def test_names_that_carry_the_colour_are_not_repeated():
    title = parse(svg.board(svg.board_view(bound_position()), names=["Ann (Black)", "Bo"])).find(
        NS + "title").text
    assert "Ann (Black) to move" in title and "Bo (White):" in title
    assert "(Black) (Black)" not in title


def test_game_over():
    *_, state = random_states(3)
    assert state.is_over
    root = parse(svg.board(svg.board_view(state)))
    title = root.find(NS + "title").text
    why = end_words(state.reason, state.winners[0], ("Black", "White"))
    assert f"Game over: {('Black', 'White')[state.winners[0]]} wins ({why})." in title
    assert root.get("data-winner") == str(state.winners[0]) and root.get("data-active") == ""
    assert root.get("role") == "img" and not classed(root, "movable")
    assert all("used" in d.get("class").split() for d in classed(root, "die"))


def test_id_prefix():
    state = bound_position()
    root = parse(svg.board(svg.board_view(state), id_prefix="demo-", selected=(1, "inner")))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids and all(i.startswith("demo-") for i in ids)
    assert len(ids) == len(set(ids))
    refs = {e.get("href") for e in root.iter(NS + "use")}
    assert refs == {f"#demo-tatsu-{k}" for k in KINDS}


# --- random games ----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2, 5, 8])
def test_random_games_draw_well_formed_boards(seed):
    sizes = []
    for step, state in enumerate(random_states(seed)):
        markup = svg.board(svg.board_view(state))
        root = parse(markup)  # well formed after every action
        sizes.append(len(markup))
        assert len(classed(root, "field")) == 2 * SEGMENTS
        assert len(classed(root, "stone")) == sum(
            state.stone_at(s, f) is not None for s in range(SEGMENTS) for f in FIELDS)
        assert len(classed(root, "entangled")) == sum(
            state.status(s, "inner") == "entangled" for s in range(SEGMENTS))
        assert len(classed(root, "held")) == sum(
            state.status(s, "inner") == "held" for s in range(SEGMENTS))
        movable = sorted(map(address, classed(root, "movable")), key=str)
        assert movable == sorted(state.movable_stones(), key=str)
        assert root.get("data-dice") == ",".join(map(str, state.dice_left))
        if step % 5 or state.to_move is None:
            continue
        assert markup == svg.board(svg.board_view(state.clone()))  # deterministic
        # what a seat sees draws the same board, even after a trip through JSON
        viewer = state.to_move
        view = json.loads(json.dumps(state.view(viewer)))
        assert svg.board(view) == svg.board(svg.board_view(state), seat=viewer)
        other = json.loads(json.dumps(state.view(1 - viewer)))
        assert svg.board(other) == svg.board(svg.board_view(state), seat=1 - viewer)
        if step % 10 == 0:  # each stone's targets, from a state and from a view
            for stone in state.movable_stones():
                drawn = svg.board(view, selected=stone)
                assert drawn == svg.board(svg.board_view(state), seat=viewer, selected=stone)
                assert drawn_targets(parse(drawn)) == engine_targets(state, stone)
    assert state.is_over
    assert max(sizes) < 50_000 and sum(sizes) / len(sizes) < 40_000


# --- sizes for a phone, and text that never overlaps ---------------------------------------
PHONE = 360 / geometry.WIDTH  # CSS px per user unit when the board is 360 px wide (the page's CSS)


def under_its_label(a, b):
    """A destination's die label is drawn over its segment's number, on purpose."""
    for number, label in ((a, b), (b, a)):
        if number.get("class") == "segment-number" and label.get("class") is None \
                and label.get("font-size") == "12":
            return True
    return False


def test_every_text_is_legible_on_a_phone():
    """Every label is at least MIN_FONT units (9.45 CSS px on a board 360 px wide), the
    glyphs' letters too, at the smallest scale they are drawn."""
    assert svg.MIN_FONT * PHONE >= 9
    state = bound_position()
    root = parse(svg.board(svg.board_view(state), selected=(1, "inner")))
    sizes = [round(b[3] - b[1], 6) for b in text_boxes(root)]
    assert len(sizes) > 60 and min(sizes) >= svg.MIN_FONT
    scales = [1.0] + [float(s) for s in re.findall(r'<use href="#tatsu-\w+" '
                                                    r'transform="scale\(([\d.]+)\)"',
                                                    svg.board(svg.board_view(state)))]
    assert min(scales) * svg.GLYPH_LETTER >= svg.MIN_FONT
    for kind in KINDS:  # white letters on the kinds' colours: 4.5:1 at least
        assert contrast("#ffffff", svg.KIND_COLOURS[kind]) >= 4.5


def contrast(a, b):
    def lum(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_clickable_stone_has_a_hit_area_of_24_px_on_a_phone():
    # 2 * HIT_R units wide: 27 CSS px at 360 px; round areas of neighbours never overlap
    assert 2 * svg.HIT_R * PHONE >= 24
    centres = [geometry.polar(s, geometry.R_INNER_STONE if f == "inner" else geometry.R_OUTER_STONE)
               for s in range(SEGMENTS) for f in FIELDS]
    for i, (x1, y1) in enumerate(centres):
        for x2, y2 in centres[i + 1:]:
            assert hypot(x1 - x2, y1 - y2) >= 2 * svg.HIT_R
    state = bound_position()
    root = parse(svg.board(svg.board_view(state), selected=(1, "inner")))
    for g in classed(root, "movable"):
        (hit,) = classed(g, "hit")
        assert hit.get("fill") == "transparent"
        if g.get("data-mat"):
            w, h = float(hit.get("width")), float(hit.get("height"))
            assert min(w, h) * PHONE >= 24
        else:
            assert float(hit.get("r")) == svg.HIT_R
    assert not [g for g in classed(root, "stone") if classed(g, "hit")
                and "movable" not in g.get("class").split()]
    # a mat pile's area: its column of the mat's box, so the three never overlap
    piles = [(g, hit) for g in classed(root, "pile") for hit in classed(g, "hit")]
    assert [g.get("data-mat") for g, _ in piles] == ["fire"]
    for g, hit in piles:
        left = (geometry.BOX_X + geometry.BOX_W + geometry.BOX_GAP
                + KINDS.index(g.get("data-kind")) * geometry.PILE_W)
        assert abs(float(hit.get("x")) - left) <= 0.51  # 0.5 in, to two decimals
        assert float(hit.get("x")) + float(hit.get("width")) <= left + geometry.PILE_W + 0.01
    for target in classed(root, "target"):  # a whole segment of the ring
        (hit,) = classed(target, "hit")
        assert hit.get("d").startswith("M")


def test_hub_words_keep_clear_of_the_badges_and_dice():
    """The hub's words stay inside the free disc the corner badges and entry points leave
    (they touched the badges once), whatever the state says."""
    root = parse(svg.board(svg.board_view(bound_position())))
    for g in classed(root, "corner-mark") + classed(root, "entry"):
        x, y = translate(g)
        if g.find(NS + "polygon") is not None:  # a corner's hexagon, inside its circle
            reach = svg.BADGE_R
        else:
            reach = float(g.find(NS + "rect").get("width")) / 2
        assert hypot(x - geometry.CX, y - geometry.CY) - reach >= svg.HUB_FREE
    dice = [(x - 15, y - 15, x + 15, y + 15) for x, y in
            (translate(d) for d in classed(root, "die"))]
    lines = [f"{colour} {what}" for colour in ("Black", "White")
             for what in ("to move", "wins")]
    subs = ["turn 1", "turn 999", "no usable die", "escape or pass", "game over"]
    for words, font, baseline in ((lines, svg.STATUS_FONT, svg.STATUS_Y),
                                  (subs, svg.SUB_FONT, svg.SUB_Y)):
        for text in words:
            half = svg.text_width(text, font) / 2
            top, bottom = baseline - 0.76 * font, baseline + 0.24 * font
            for cx in (-half, half):
                for cy in (top, bottom):
                    assert hypot(cx, cy) <= svg.HUB_FREE, text
            for left, dtop, right, dbottom in dice:
                box = (geometry.CX - half, geometry.CY + top,
                       geometry.CX + half, geometry.CY + bottom)
                assert min(box[2], right) <= max(box[0], left) or \
                    min(box[3], dbottom) <= max(box[1], dtop), text
    # the words measured above are all the hub says: to move, passing, game over
    *_, over = random_states(3)
    must_pass = pos({1: ("Bv", "Wv"), 2: ("Wv", "Wv"), 3: ("Wv", "Wf")}, dice=(2, 2))
    for state in (bound_position(), must_pass, over):
        said = [e.text for e in parse(svg.board(svg.board_view(state))).iter(NS + "text")
                if e.get("class", "").startswith("hub-")]
        assert len(said) == 2
        assert said[0] in lines and (said[1] in subs or re.fullmatch(r"turn \d{1,3}", said[1]))


@pytest.mark.parametrize("seed", [2, 5])
def test_no_two_texts_overlap(seed):
    for step, state in enumerate(random_states(seed)):
        if step % 4:
            continue
        selections = [None] + (state.movable_stones()[:3] if state.to_move is not None else [])
        for selected in selections:
            boxes = text_boxes(parse(svg.board(svg.board_view(state), selected=selected)))
            assert overlapping(boxes, under_its_label) == [], (step, selected)


LONG = "Bartholomew Maximilian Featherstonehaugh"  # 40 characters


@pytest.mark.parametrize("name", [LONG, "W" * 40, "山田" * 20, "Ann", "Bé" * 20, "🐉" * 40])
def test_long_names_are_cut_with_an_ellipsis_to_fit_their_strip(name):
    names = [f"{name} (Black)", name]
    root = parse(svg.board(svg.board_view(bound_position()), names=names))
    for side in classed(root, "side"):
        seat = int(side.get("data-seat"))
        (shown,) = [e for e in side.iter(NS + "text") if e.get("class") == "name"]
        (moves,) = [e for e in side.iter(NS + "text") if e.get("class") == "moves"]
        full = f"{name} ({('Black', 'White')[seat]})"
        room = float(moves.get("x")) - svg.text_width(moves.text, svg.MOVES_FONT) - \
            float(shown.get("x"))
        assert svg.text_width(shown.text, svg.NAME_FONT) < room
        if shown.text != full:
            assert shown.text.endswith(f"… ({('Black', 'White')[seat]})")
            assert full.startswith(shown.text.split("…")[0])
        assert full in root.find(NS + "title").text  # the title keeps the whole name
    assert overlapping(text_boxes(root), under_its_label) == []
    assert svg.fit_text("Ann", 13, 100) == "Ann"
    assert svg.fit_text(LONG, 13, 100).endswith("…")
    assert svg.text_width(svg.fit_text(LONG, 13, 100), 13) <= 100


def test_the_last_stone_moved_is_marked_where_it_was_and_where_it_is():
    from game.tatsu import svg as tatsu_svg
    from game.tatsu.state import TatsuState

    state = TatsuState({"first": "black"}, 3)
    move = next(a for a in state.legal_actions() if a.kind == "move")
    events = state.apply(move)
    last = tatsu_svg.last_move(events)
    moved = next(e for e in events if e.kind == "move").data
    assert last == (tuple(moved["from"]), tuple(moved["to"]))
    drawn = tatsu_svg.board(tatsu_svg.board_view(state), last=last)
    assert drawn.count('class="last-move"') == 1
    assert 'class="last-from"' in drawn and 'class="last-to"' in drawn
    assert 'class="last-move"' not in tatsu_svg.board(tatsu_svg.board_view(state))


def test_a_long_name_keeps_its_words_and_the_direction_keeps_its_arrow():
    """Hungarian's long words: "Nehéz számítógép (Fehér)" is shown whole, the direction
    then said by its arrow alone (its words in a title); a short name keeps both."""
    import re as _re

    from game.core.i18n import speaking

    with speaking("hu"):
        drawn = svg.board(svg.board_view(TatsuState({"first": "black"}, 1)),
                          names=["Anna (Fekete)", "Nehéz számítógép (Fehér)"])
    names = _re.findall(r'<text class="name"[^>]*>([^<]*)<', drawn)
    moves = _re.findall(r'<text class="moves"[^>]*>([^<]*)<', drawn)
    assert names == ["Anna (Fekete)", "Nehéz számítógép (Fehér)"]
    assert moves[1] == "↺" and len(moves[0]) > 2  # words and arrow where there is room
    assert drawn.count('<g class="direction"><title>') == 2
