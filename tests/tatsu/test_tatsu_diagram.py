"""Tatsu diagrams (game/tatsu/diagram.py): a standalone SVG document of one
position with notes on it, checked with ElementTree against the board's own geometry."""

import json
import random
import re
import xml.etree.ElementTree as ET
from math import atan2, degrees, hypot

import pytest

from game.core.diagram import Arrow, Notes, NotesError
from game.tatsu import TatsuState, geometry, svg
from game.tatsu.diagram import diagram, place_of

NS = "{http://www.w3.org/2000/svg}"
OPENING = "1VVV9vvv8_b34_-_-_1"  # Black's vines on 1-3, White's on 13-15; Black rolled 3, 4
# Black's fire on 5 and one on its mat; on 7 a White fire under a Black vine; 1 and 2 left
WITH_MAT = {"game": "tatsu", "version": 1, "to_move": 0, "dice": [1, 2],
            "arena": {"5": ["Bf"], "7": ["Wf", "Bv"], "13": ["Wv"]},
            "mats": [{"fire": 1}, {}]}


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup.encode())


def classed(root, name):
    return [e for e in root.iter() if name in e.get("class", "").split()]


def points(d: str) -> list:
    values = [float(n) for n in re.findall(r"-?[\d.]+", d)]
    return list(zip(values[::2], values[1::2]))


def starts(d: str) -> list:
    return [(float(x), float(y)) for x, y in re.findall(r"M(-?[\d.]+) (-?[\d.]+)", d)]


def field_path(root, segment, field):
    return next(e.get("d") for e in classed(root, "field")
                if e.get("data-segment") == str(segment) and e.get("data-field") == field)


def states(seed=3, steps=120):
    state = TatsuState({"first": "black"}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


def select_text(stone) -> str:
    where, what = stone
    return f"mat-{what}" if where == "mat" else f"{where}{what[0]}"


def test_a_standalone_document_with_title_desc_and_its_own_styles():
    state = TatsuState.from_position(OPENING)
    text = diagram(state, Notes(highlight=("5",), select="3i", dim=True))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns=')
    root = parse(text)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == f"0 0 {geometry.WIDTH} {geometry.HEIGHT}"
    assert (root.get("width"), root.get("height")) == (str(geometry.WIDTH), str(geometry.HEIGHT))
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert title.text.startswith("Tatsu, turn 1. Black to move with 3 and 4.")
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    assert desc.text.startswith("Selected: the Black vine dragon on segment 3, inner field")
    assert "It may move to segment 6 with the 3; or move to segment 7 with the 4" in desc.text
    assert "Marked: segment 5." in desc.text and "dimmed" in desc.text
    style = root.find(NS + "style").text
    assert "@media (prefers-color-scheme: dark)" in style and ".segment-number{" in style


def test_nothing_to_click_and_the_same_bytes_every_time():
    for state in states():
        movable = state.movable_stones()
        notes = Notes(highlight=("0", "black-mat"), arrows=(Arrow("3", "20", "x"),),
                      dim=True, select=select_text(movable[0]) if movable else None)
        text = diagram(state, notes, seat=1)
        assert text == diagram(state.clone(), notes, seat=1)
        root = parse(text)
        assert not [e for e in root.iter() if "tabindex" in e.attrib
                    or e.get("role") not in (None, "img") or "aria-pressed" in e.attrib
                    or "cursor" in e.attrib]
        assert not classed(root, "hit") and not classed(root, "movable")


def test_with_no_notes_the_body_is_the_board_without_choices():
    for state in states(5, 40):
        board = svg.board(svg.board_view(state), highlight=False)
        assert (diagram(state).split("</style>", 1)[1]
                == board.split("</title>", 1)[1] + "\n")


def test_highlights_outline_the_places_as_drawn():
    root = parse(diagram(TatsuState.from_position(OPENING), Notes(
        highlight=("5", "5i", "7o", "black-mat", "white-dead-fire", "hub"))))
    marks = [next(g.iter(NS + "path")).get("d") for g in classed(root, "note-highlight")]
    assert marks[0] == geometry.sector(5, geometry.R_IN, geometry.R_OUT)
    assert marks[1] == field_path(root, 5, "inner")
    assert marks[2] == field_path(root, 7, "outer")
    mat_x = geometry.BOX_X + geometry.BOX_W + geometry.BOX_GAP
    assert starts(marks[3]) == [(mat_x + 2, geometry.BOX_Y + 2)]
    dead_x = geometry.BOX_X + 2 * (geometry.BOX_W + geometry.BOX_GAP) + 2 * geometry.PILE_W
    assert starts(marks[4]) == [(pytest.approx(dead_x + 2, abs=0.01),
                                 geometry.PANEL_H + geometry.ARENA_H + geometry.BOX_Y + 15)]
    hub = points(marks[5])
    assert hypot(hub[0][0] - geometry.CX, hub[0][1] - geometry.CY) < geometry.R_IN


@pytest.mark.parametrize("place", ["24", "5x", "5io", "black-box", "grey-mat",
                                   "white-mat-earth", "mat", "", "ring"])
def test_a_place_that_is_not_on_the_board_is_refused_naming_the_option(place):
    with pytest.raises(NotesError, match=r"^--arrow: no place .* 5i or 5o") as caught:
        place_of(place, "--arrow")
    assert caught.value.option == "--arrow"


def angle(x, y) -> float:
    """Where a point lies round the ring, in segments (0 at the top, clockwise)."""
    return degrees(atan2(x - geometry.CX, geometry.CY - y)) / 15 % 24


def test_an_arrow_between_ring_places_follows_the_ring():
    state = TatsuState.from_position(OPENING)
    root = parse(diagram(state, Notes(arrows=(Arrow("2", "9", "the 7"),
                                                  Arrow("20i", "16o")))))
    forward, back = classed(root, "note-arrow")
    for group, first, last, step in ((forward, 2, 9, +1), (back, 20, 16, -1)):
        shaft = points(next(e for e in group if e.get("class") == "shaft").get("d"))
        tip = points(next(e for e in group if e.get("class") == "head").get("d"))[0]
        for x, y in shaft + [tip]:
            assert geometry.R_IN < hypot(x - geometry.CX, y - geometry.CY) < geometry.R_OUT
        turns = [(angle(x, y) - first) * step % 24 for x, y in shaft + [tip]]
        assert turns == sorted(turns)  # never doubling back
        assert turns[0] < 0.5 and abs(turns[-1] - abs(last - first)) < 0.5
    assert [t.find(NS + "text").text for t in classed(root, "arrow-label")] == ["the 7"]


def test_an_arrow_from_a_pile_is_straight_from_its_stone():
    root = parse(diagram(TatsuState.from_position(OPENING),
                             Notes(arrows=(Arrow("black-mat-vine", "1i"),))))
    (group,) = classed(root, "note-arrow")
    shaft = points(next(e for e in group if e.get("class") == "shaft").get("d"))
    assert len(shaft) == 2
    pile_x = geometry.BOX_X + geometry.BOX_W + geometry.BOX_GAP + geometry.PILE_W / 2
    assert hypot(shaft[0][0] - pile_x, shaft[0][1] - geometry.PILE_Y) <= 12.01


def test_labels_stand_on_their_place():
    root = parse(diagram(TatsuState.from_position(OPENING),
                             Notes(labels=(("12", "fire corner"), ("hub", "<dice>")))))
    corner, dice = classed(root, "label")
    x, y = geometry.polar(12, geometry.R_MID)
    text = corner.find(NS + "text")
    assert text.text == "fire corner"
    assert float(text.get("x")) == pytest.approx(x, abs=0.01)
    assert abs(float(text.get("y")) - y) < 10
    assert dice.find(NS + "text").text == "<dice>"


def test_a_selection_rings_the_stone_and_shades_where_it_may_go():
    for state in states(8, 150):
        for stone in state.movable_stones():
            root = parse(diagram(state, Notes(select=select_text(stone))))
            chosen = classed(root, "selected")
            assert len(chosen) == 1
            if stone[0] == "mat":
                assert chosen[0].get("data-mat") == stone[1]
            else:
                assert (int(chosen[0].get("data-segment")), chosen[0].get("data-field")) \
                    == tuple(stone)
            drawn = sorted((e.get("data-action"), int(e.get("data-target-segment")))
                           for e in classed(root, "target"))
            engine = sorted((json.dumps(a.to_json(), separators=(",", ":")), segment)
                            for a, segment in state.destinations(tuple(stone)))
            assert drawn == engine and drawn


def test_a_selection_of_the_mat_and_by_segment():
    state = TatsuState.from_position(WITH_MAT)
    root = parse(diagram(state, Notes(select="mat-fire", dim=True)))
    (pile,) = classed(root, "selected")
    assert pile.get("data-mat") == "fire" and pile.get("data-seat") == "0"
    assert sorted(int(t.get("data-target-segment")) for t in classed(root, "target")) == [1, 2]
    # the pile and both targets are the holes in the veil
    assert len(starts(root.find(f".//{NS}mask/{NS}path").get("d"))) == 3
    assert diagram(state, Notes(select="black-mat-fire")) == diagram(
        state, Notes(select="mat-fire"))
    # a segment's top stone: the Black vine over the White fire on 7
    root = parse(diagram(state, Notes(select="7")))
    (stone,) = classed(root, "selected")
    assert (stone.get("data-segment"), stone.get("data-field")) == ("7", "outer")
    # a stone that cannot move now is ringed, with nowhere to go
    held = TatsuState.from_position({**WITH_MAT, "arena": {**WITH_MAT["arena"],
                                                           "9": ["Bw", "Bv"]}})
    root = parse(diagram(held, Notes(select="9i")))
    assert classed(root, "selected") and not classed(root, "target")
    assert "It cannot move now." in root.find(NS + "desc").text


@pytest.mark.parametrize("select, words", [
    ("13", "the White vine dragon on segment 13, inner field is White's, and Black is to "
           "move"),
    ("6i", "no stone on segment 6, inner field"),
    ("mat-water", "Black's mat holds no water dragon"),
    ("white-mat-fire", "White's mat holds no fire dragon"),
    ("black-tray-fire", "no stone 'black-tray-fire'"),
    ("99", "no stone '99'"),
])
def test_a_selection_that_is_no_stone_to_move_is_refused(select, words):
    state = TatsuState.from_position(WITH_MAT)
    with pytest.raises(NotesError, match=re.escape(f"--select: {words}")):
        diagram(state, Notes(select=select))


def test_other_notes_refused_naming_their_option():
    state = TatsuState.from_position(OPENING)
    with pytest.raises(NotesError, match="^--ghost: a ghost tile is for Tsuro of the Seas"):
        diagram(state, Notes(ghost=(1, 0)))
    with pytest.raises(NotesError, match="^--arrow: .* same place"):
        diagram(state, Notes(arrows=(Arrow("5i", "5I"),)))
    with pytest.raises(NotesError, match="^--label: no place"):
        diagram(state, Notes(labels=(("25", "x"),)))
    with pytest.raises(NotesError, match=r"^--seat: a seat is 1 \(Black\) or 2 \(White\), not 3"):
        diagram(state, Notes(), seat=2)


def test_dim_veils_all_but_the_places_marked():
    state = TatsuState.from_position(OPENING)
    assert not classed(parse(diagram(state, Notes(highlight=("5",)))), "note-veil")
    root = parse(diagram(state, Notes(highlight=("5", "white-tray"), dim=True)))
    (veil,) = classed(root, "note-veil")
    assert float(veil.get("fill-opacity")) >= 0.4
    assert (float(veil.get("width")), float(veil.get("height"))) == (geometry.WIDTH - 2,
                                                                     geometry.HEIGHT - 2)
    hole = root.find(f".//{NS}mask/{NS}path").get("d")
    assert geometry.sector(5, geometry.R_IN, geometry.R_OUT) in hole
    assert len(starts(hole)) == 2
    order = [e.get("class") for e in root]
    assert order.index("note-veil") > order.index("side")  # over the board
    assert order.index("note-veil") < order.index("note-highlight")


def test_the_seat_given_is_you():
    state = TatsuState.from_position(OPENING)
    title = parse(diagram(state, seat=1)).find(NS + "title").text
    assert title.endswith("You are White.")
