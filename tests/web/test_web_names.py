"""What a screen reader hears of the boards and the keys: the accessible names of a sample
of board elements, read from the SVG text and checked against the engine's state; the
roving focus's key routes; the keys help of each game."""

import random
import re
import xml.etree.ElementTree as ET

from game.tatsu import TatsuState
from game.tatsu import svg as tatsu_svg
from game.tatsu.arena import CORNER_KIND
from game.tsuro import TsuroState
from game.tsuro import svg as tsuro_svg
from game.tsuro.board import edge_of_mark
from game.tsuro.daikaiju import TILES
from game.tsuro.tiles import ORIENTED
from game.web.table import help_dialog, keys_of
from game.web.tatsu_table import TatsuTable
from game.web.tsuro_table import TsuroTable

NS = "{http://www.w3.org/2000/svg}"
# The points of a square as the names say them, clockwise from the top-left (tiles.py).
POINTS = ["top left", "top right", "right upper", "right lower",
          "bottom right", "bottom left", "left lower", "left upper"]
DIRECTIONS = ["north", "east", "south", "west"]


def name_of(element) -> str:
    """The accessible name: aria-label, else the <title> child."""
    label = element.get("aria-label")
    if label is not None:
        return label
    title = element.find(NS + "title")
    return "" if title is None else title.text


def square_words(square: int) -> str:
    """A square as the board prints its numbers: gold over the columns, blue down the
    rows, none on the middle line (written out here, not asked of the code under test)."""
    row, col = divmod(square, 7)
    face = {0: 1, 1: 2, 2: 3, 4: 4, 5: 5, 6: 6}
    if row == 3 and col == 3:
        return "the centre square"
    column = "the middle column" if col == 3 else f"gold {face[col]}"
    line = "the middle row" if row == 3 else f"blue {face[row]}"
    return f"{column}, {line}"


def tsuro_mid_game(seed=11, turns=12) -> TsuroState:
    state = TsuroState({"players": 3, "daikaiju": True}, seed)
    rng = random.Random(seed)
    while not state.is_over and (turns > 0 or state.decision != "placement"):
        state.apply(rng.choice(state.legal_actions()))
        turns -= 1
    return state


def test_a_placed_wake_tile_says_its_square_and_which_points_its_wakes_join():
    state = tsuro_mid_game()
    root = ET.fromstring(tsuro_svg.board(tsuro_svg.board_view(state)))
    tiles = [g for g in root.iter(NS + "g") if g.get("class") == "tile"]
    assert len(tiles) >= 3
    for g in tiles:
        square = int(g.get("data-square"))
        tile, rotation = state.tile_at[square], state.rotation_at[square]
        words = name_of(g)
        assert words.startswith(f"Wake tile {tile + 1} on {square_words(square)}, wakes: ")
        pairs = re.findall(r"([a-z]+ [a-z]+) to ([a-z]+ [a-z]+)", words.split("wakes: ")[1])
        joined = {frozenset((POINTS.index(a), POINTS.index(b))) for a, b in pairs}
        lookup = ORIENTED[tile][rotation]
        assert joined == {frozenset((p, lookup[p])) for p in range(8)}


def test_a_daikaiju_says_its_number_its_facing_and_its_square():
    state = tsuro_mid_game()
    root = ET.fromstring(tsuro_svg.board(tsuro_svg.board_view(state)))
    kaiju = [g for g in root.iter(NS + "g") if g.get("class") == "daikaiju"]
    assert kaiju
    for g in kaiju:
        k = int(g.get("data-daikaiju"))
        words = name_of(g)
        assert words.startswith(f"Daikaiju {k + 1}, rotation number {TILES[k][0]}")
        assert f"facing {DIRECTIONS[state.kaiju_facing[k]]}" in words
        assert words.endswith(f"in {square_words(state.kaiju_square[k])}")


def test_a_ship_says_its_captain_its_shape_and_its_place():
    state = tsuro_mid_game()
    names = ["Ann", "Ben", "Cat"]
    root = ET.fromstring(tsuro_svg.board(tsuro_svg.board_view(state), names=names))
    ships = [g for g in root.iter(NS + "g") if g.get("class", "").startswith("ship")]
    assert ships
    for g in ships:
        seat = int(g.get("data-seat"))
        words = name_of(g)
        assert words.startswith(f"{names[seat]} ({tsuro_svg.SHIP_NAMES[seat]})")
        position = state.ships[seat]
        assert f"facing {square_words(position >> 3)}" in words or "start mark" in words


def test_start_marks_say_their_edge_and_a_hand_tile_its_wakes():
    state = TsuroState({"players": 2, "daikaiju": True}, 4)
    root = ET.fromstring(tsuro_svg.board(tsuro_svg.board_view(state)))
    edges = ["top", "right", "bottom", "left"]
    marks = [g for g in root.iter(NS + "g") if "choice" in g.get("class", "").split()]
    for g in marks:
        mark = int(g.get("data-mark"))
        assert name_of(g).startswith(f"start mark on the {edges[edge_of_mark(mark)]} edge")
    card = ET.fromstring(tsuro_svg.tile(5, 1))
    assert "Wake tile 6, turned 1 quarter turn; wakes: " in card.get("aria-label")


def tatsu_mid_game(seed=5, actions=14) -> TatsuState:
    state = TatsuState({"first": "black"}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_tatsu_stones_segments_and_targets_say_what_and_where_they_are():
    state = tatsu_mid_game()
    stone = state.movable_stones()[0]
    root = ET.fromstring(tatsu_svg.board(tatsu_svg.board_view(state), selected=stone))
    colours = ["Black", "White"]
    stones = [g for g in root.iter(NS + "g") if "stone" in g.get("class", "").split()]
    assert len(stones) >= 4
    for g in stones:
        segment, field = int(g.get("data-segment")), g.get("data-field")
        seat, kind = state.stone_at(segment, field)
        assert name_of(g).startswith(
            f"{colours[seat]} {kind} dragon on segment {segment}")
        assert f", {field} field" in name_of(g)
    fields = [p for p in root.iter(NS + "path") if "field" in p.get("class", "").split()]
    assert len(fields) == 48
    for p in fields:
        segment = int(p.get("data-segment"))
        corner = CORNER_KIND.get(segment)
        want = f"segment {segment}" + (f" ({corner} corner)" if corner else "")
        assert name_of(p) == f"{want}, {p.get('data-field')} field"
    targets = [g for g in root.iter(NS + "g") if g.get("class") == "target"]
    assert targets and [g.get("tabindex") for g in targets] == \
        ["0"] + ["-1"] * (len(targets) - 1)
    for g in targets:
        assert f"to segment {g.get('data-target-segment')}" in name_of(g)
        assert name_of(g).split(" with the ")[1].startswith(g.get("data-die"))


def test_the_keys_help_lists_each_games_own_keys():
    tsuro, tatsu = dict(keys_of(TsuroTable)), dict(keys_of(TatsuTable))
    assert "R, Shift+R" in tsuro and "R, Shift+R" not in tatsu
    assert "P" in tatsu and "P" not in tsuro
    for keys in (tsuro, tatsu):
        assert {"U", "?", "Escape", "Enter, Space"} <= set(keys)
    root = ET.fromstring(help_dialog("Tatsu", TatsuTable))
    assert root.tag == "dialog" and root.get("aria-labelledby") == "keys-help-title"
    assert root.find(".//h2").get("id") == "keys-help-title"
    assert root.find(".//button").get("data-keys-close") == "1"
