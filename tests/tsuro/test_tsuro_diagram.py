"""Tsuro of the Seas diagrams (game/tsuro/diagram.py): a standalone SVG document of
one position with notes on it, checked with ElementTree against the board's own
geometry."""

import random
import re
import xml.etree.ElementTree as ET
from math import hypot

import pytest

from game.core.diagram import Arrow, Notes, NotesError
from game.tsuro import TsuroState, geometry, svg
from game.tsuro.board import DIE_TO_LINE, SIZE, square_for_dice
from game.tsuro.diagram import diagram, square_of
from game.tsuro.position import square_code

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup.encode())


def classed(root, name):
    return [e for e in root.iter() if name in e.get("class", "").split()]


def numbers(d: str) -> list:
    return [float(n) for n in re.findall(r"-?[\d.]+", d)]


def points(d: str) -> list:
    values = numbers(d)
    return list(zip(values[::2], values[1::2]))


def starts(d: str) -> list:
    """The first point of each subpath (a square's outline starts at its top-left)."""
    return [(float(x), float(y)) for x, y in re.findall(r"M(-?[\d.]+) (-?[\d.]+)", d)]


def states(players=3, seed=1, steps=60):
    """A seeded random game, the state after each action (copies)."""
    state = TsuroState({"players": players, "daikaiju": True}, seed)
    rng = random.Random(seed)
    yield state.clone()
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state.clone()


def placement(players=3, seed=1):
    """The first state of a seeded game where a captain holding tiles is to place."""
    return next(s for s in states(players, seed)
                if s.decision == "placement" and s.hands[s.active])


def square_rect(root, square):
    rect = next(e for e in classed(root, "square") if e.get("data-square") == str(square))
    return float(rect.get("x")), float(rect.get("y"))


def centre(square):
    row, col = divmod(square, SIZE)
    middle = geometry.MARGIN + geometry.SQ / 2
    return (middle + col * geometry.SQ, middle + row * geometry.SQ)


ALL = Notes(highlight=("3/5", "24"), arrows=(Arrow("0", "r4c4", "sails"),),
            labels=(("r1c7", "A"),), dim=True)


def test_a_standalone_document_with_title_desc_and_its_own_styles():
    state = placement()
    text = diagram(state, ALL)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns=')
    root = parse(text)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == f"0 0 {geometry.VIEW} {geometry.VIEW}"
    assert (root.get("width"), root.get("height")) == (str(geometry.VIEW), str(geometry.VIEW))
    assert root.get("role") == "img"
    title, desc = root.find(NS + "title"), root.find(NS + "desc")
    assert title.text.startswith("Tsuro of the Seas, turn ")
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    for words in ("Marked: gold 3, blue 5; the centre square.",
                  "An arrow from gold 1, blue 1 to the centre square, labelled \u201csails\u201d.",
                  "The label \u201cA\u201d on gold 6, blue 1.", "dimmed"):
        assert words in desc.text
    style = root.find(NS + "style").text
    assert "@media (prefers-color-scheme: dark)" in style and ".frame{" in style
    assert diagram(state, Notes()).count("<desc") == 1


def test_nothing_to_click_and_the_same_bytes_every_time():
    for state in states(4, 7, 80):
        ghost = None
        if state.decision == "placement" and state.hands[state.active]:
            ghost = (state.hands[state.active][0], 3)
        notes = Notes(highlight=("1/1",), arrows=(Arrow("1/1", "6/6", "x"),), dim=True,
                      ghost=ghost)
        text = diagram(state, notes, seat=0)
        assert text == diagram(state.clone(), notes, seat=0)
        root = parse(text)
        assert not [e for e in root.iter() if "tabindex" in e.attrib
                    or e.get("role") not in (None, "img") or "aria-pressed" in e.attrib
                    or "cursor" in e.attrib]
        assert root.get("role") == "img" and not classed(root, "choice")
        assert not [e for e in classed(root, "square") if "target" in e.get("class")]


def test_with_no_notes_the_body_is_the_board_without_choices():
    for state in states(3, 2, 30):
        board = svg.board(svg.board_view(state), highlight=False)
        drawn = diagram(state)
        assert drawn.split("</style>", 1)[1] == board.split("</title>", 1)[1] + "\n"


@pytest.mark.parametrize("place, square", [
    ("24", 24), ("0", 0), ("48", 48), ("r4c4", 24), ("R1C7", 6), ("1/1", 0),
    ("3/5", DIE_TO_LINE[5] * SIZE + DIE_TO_LINE[3]), ("6 / 4", square_for_dice(6, 4)),
    ("0/0", 24), ("0/4", DIE_TO_LINE[4] * SIZE + 3), ("2/0", 3 * SIZE + 1),
])
def test_places_name_squares(place, square):
    assert square_of(place, "--highlight") == square


def test_dice_numbers_name_squares_as_the_text_form_does():
    for square in range(SIZE * SIZE):
        gold, blue = square_code(square)  # the text form's "gold blue", 0: the middle
        assert square_of(f"{gold}/{blue}", "--arrow") == square


@pytest.mark.parametrize("place", ["49", "-1", "7/1", "1/7", "r8c1", "r0c1", "x", "", "4/4/4"])
def test_a_place_that_is_no_square_is_refused_naming_the_option(place):
    with pytest.raises(NotesError, match=r"^--label: no square .*3/5") as caught:
        square_of(place, "--label")
    assert caught.value.option == "--label"


def test_a_highlight_outlines_its_square():
    state = placement()
    for place in ("3/5", "0", "r7c7"):
        square = square_of(place, "--highlight")
        root = parse(diagram(state, Notes(highlight=(place,))))
        x, y = square_rect(root, square)
        (marked,) = classed(root, "note-highlight")
        for path in marked.iter(NS + "path"):
            assert starts(path.get("d")) == [(x + 2.5, y + 2.5)]
            assert numbers(path.get("d"))[2] == geometry.SQ - 5


def test_an_arrow_runs_from_square_to_square_with_its_label_beside_it():
    state = placement()
    root = parse(diagram(state, Notes(arrows=(Arrow("0", "r4c4", "sails"),
                                                  Arrow("3/5", "46")))))
    arrows = classed(root, "note-arrow")
    assert len(arrows) == 2
    for group, (start, end) in zip(arrows, ((0, 24), (37, 46))):
        (ax, ay), (bx, by) = centre(start), centre(end)
        shaft = points(next(e for e in group if e.get("class") == "shaft").get("d"))
        tip = points(next(e for e in group if e.get("class") == "head").get("d"))[0]
        assert hypot(shaft[0][0] - ax, shaft[0][1] - ay) <= 12.01
        assert 10 <= hypot(tip[0] - bx, tip[1] - by) <= 16.01
        # the tip lies on the line from centre to centre
        cross = (bx - ax) * (tip[1] - ay) - (by - ay) * (tip[0] - ax)
        assert abs(cross) / hypot(bx - ax, by - ay) < 0.05
    (tag,) = classed(root, "arrow-label")
    assert tag.find(NS + "text").text == "sails"
    box = tag.find(NS + "rect")
    assert 0 < float(box.get("x")) < geometry.VIEW - float(box.get("width"))


def test_a_label_stands_on_its_square_and_labels_on_one_square_stack():
    state = placement()
    root = parse(diagram(state, Notes(labels=(("r3c3", "A"), ("r3c3", "B & C")))))
    tags = classed(root, "label")
    assert [t.find(NS + "text").text for t in tags] == ["A", "B & C"]
    (cx, cy) = centre(2 * SIZE + 2)
    first, second = (t.find(NS + "text") for t in tags)
    assert float(first.get("x")) == pytest.approx(cx)
    assert cy - 10 < float(first.get("y")) < cy + 10
    assert float(second.get("y")) > float(first.get("y"))


def test_dim_veils_the_board_but_the_places_marked():
    state = placement()
    plain = parse(diagram(state, Notes(highlight=("24",))))
    assert not classed(plain, "note-veil")
    root = parse(diagram(state, Notes(highlight=("24", "0"), dim=True)))
    (veil,) = classed(root, "note-veil")
    assert float(veil.get("fill-opacity")) >= 0.4
    assert float(veil.get("width")) == geometry.VIEW - 2
    mask = root.find(f".//{NS}mask")
    assert veil.get("mask") == f"url(#{mask.get('id')})"
    hole = mask.find(NS + "path")
    assert hole.get("fill") == "#000000"
    corners = starts(hole.get("d"))
    assert len(corners) == 2
    for square in (24, 0):
        x, y = square_rect(root, square)
        assert (x + 2.5, y + 2.5) in corners
    # the veil lies over the board and under the notes
    order = [e.get("class") for e in root]
    assert order.index("note-veil") > order.index("sea")
    assert order.index("note-veil") < order.index("note-highlight")


def test_a_ghost_is_the_boards_preview_of_a_tile_from_the_hand():
    state = placement(4, 3)
    tile = state.hands[state.active][0]
    target = state.ships[state.active] >> 3
    for rotation in range(4):
        root = parse(diagram(state, Notes(ghost=(tile, rotation), dim=True)))
        (preview,) = classed(root, "preview")
        assert (preview.get("data-tile"), preview.get("data-rotation"),
                preview.get("data-square")) == (str(tile), str(rotation), str(target))
        outcome = state.placement_outcome(tile, rotation)
        seats = sorted(int(p.get("data-seat")) for p in classed(root, "preview-path"))
        assert seats == sorted(outcome.voyages)
        desc = root.find(NS + "desc").text
        assert f"Wake tile {tile + 1} (number {tile})" in desc
        assert svg.square_name(target) in desc
        # the squares sailed through stay lit under the veil
        corners = starts(root.find(f".//{NS}mask/{NS}path").get("d"))
        for square in {target} | {sq for _, _, path in outcome.voyages.values()
                                  for sq, _, _ in path}:
            x, y = square_rect(root, square)
            assert (x + 2.5, y + 2.5) in corners


def test_a_ghost_is_refused_when_it_cannot_be_shown():
    state = placement()
    hand = state.hands[state.active]
    other = next(t for t in range(56) if t not in hand)
    with pytest.raises(NotesError, match=f"^--ghost: wake tile {other} is not in the hand"):
        diagram(state, Notes(ghost=(other, 0)))
    with pytest.raises(NotesError, match="^--ghost: no wake tile"):
        diagram(state, Notes(ghost=(hand[0], 4)))
    start = TsuroState({"players": 2, "daikaiju": True}, 5)
    assert start.decision == "start mark"
    with pytest.raises(NotesError, match="^--ghost: no square to place a tile on"):
        diagram(start, Notes(ghost=(0, 0)))


def test_other_notes_refused_naming_their_option():
    state = placement()
    with pytest.raises(NotesError, match="^--select: selecting a stone is for Tatsu"):
        diagram(state, Notes(select="5i"))
    with pytest.raises(NotesError, match="^--arrow: .* same square"):
        diagram(state, Notes(arrows=(Arrow("24", "r4c4"),)))
    with pytest.raises(NotesError, match="^--highlight: no square"):
        diagram(state, Notes(highlight=("99",)))
    with pytest.raises(NotesError,
                       match="^--seat: a seat is 1 to 3, as the ships are numbered, not 4"):
        diagram(state, Notes(), seat=3)


def test_the_seat_given_is_you():
    state = placement()
    root = parse(diagram(state, Notes(), seat=1))
    assert [e.get("data-seat") for e in classed(root, "you") if e.tag == NS + "g"] == ["1"]
    assert "You are Orange square (seat 2)." in root.find(NS + "title").text
