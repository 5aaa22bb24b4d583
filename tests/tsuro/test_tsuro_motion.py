"""Tsuro of the Seas in motion (game/tsuro/motion.py): trails shown wake by wake with
their ships, ships sinking, tiles and daikaiju going under or leaving, the dice of the
roll, each move finding its piece on the board it animates (as drawn after the action,
or, for a piece the action takes off, as drawn before it), and the preview's glow."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.core.bots import make_bot
from game.tsuro import BOTS, geometry, motion, svg
from game.tsuro.board import NEIGHBOUR, OFF
from game.tsuro.state import TsuroState
from game.tsuro.text import describe
from tests.motion_frames import NS, functions, own_translate, select, xy

from .tsuro_helpers import at, find_tile, make, place, sq

ROOT = Path(__file__).resolve().parents[2]


# --- playing seeded games, action by action ----------------------------------------------
def actions(seed: int, count: int = 250, players: int = 4):
    """Each action of a seeded game of easy computers, with daikaiju: (its lines, the
    board drawn before it, the board drawn after it, the events before it), the boards
    drawn as the page draws them (with the dice of the turn being played)."""
    state = TsuroState({"players": players, "daikaiju": True}, seed)
    bots = {s: make_bot("easy", s, f"{seed}:{s}", BOTS) for s in range(players)}
    log = []
    before = svg.board(svg.board_view(state), roll=svg.turn_roll(log))
    for _step in range(count):
        if state.is_over:
            return
        events = state.apply(bots[state.to_move](state))
        earlier = list(log)
        log += events
        after = svg.board(svg.board_view(state), roll=svg.turn_roll(log))
        yield [(event, "") for event in events], ET.fromstring(before), \
            ET.fromstring(after), earlier
        before = after


SEEDS = (5, 11, 23, 31)


def played(players: int = 4):
    for seed in SEEDS:
        yield from actions(seed, players=players)


def drawn_at(element) -> tuple:
    assert element.get("transform"), "a piece drawn at a place"
    return own_translate(element)


def ship_moves(moves, seat):
    return [m for m in moves if m.selector in (f'g.ship[data-seat="{seat}"]', f"#ship-{seat}")]


# --- every move finds its piece, starts where it waits and ends where it should ----------------
def test_every_move_finds_its_piece_on_the_board_it_animates():
    kinds, copies = set(), 0
    for lines, before, after, _log in played():
        plan = motion.moves(lines)
        last = {}  # a copy's last move: it ends the copy unseen
        for index in sorted(plan):
            for move in plan[index]:
                board = before if move.before else after
                assert select(board, move.selector), (lines[index][0].kind, move.selector)
                offsets = [f.get("offset") for f in move.keyframes if "offset" in f]
                assert offsets == sorted(offsets) and all(0 <= o <= 1 for o in offsets)
                lists = {tuple(functions(f)) for f in move.keyframes if "transform" in f}
                assert len(lists) <= 1, move  # one function list: each part turns smoothly
                if move.before:
                    last[move.selector] = move
                    copies += 1
            kinds.add(lines[index][0].kind)
        for move in last.values():
            assert move.keyframes[-1]["opacity"] == 0  # then gone, until the action ends
    assert {"tile_placed", "ship_moved", "daikaiju_roll", "daikaiju_moved", "daikaiju_left",
            "daikaiju_turned", "daikaiju_placed", "start_mark"} <= kinds  # (a removed
    # tile goes under with the placing of its daikaiju: the next test)
    assert copies >= 20


def test_the_pieces_gone_from_the_board_are_only_on_the_board_before():
    for lines, before, after, _log in played():
        for moves in motion.moves(lines).values():
            for move in moves:
                if move.before:
                    assert select(before, move.selector) and not select(after, move.selector)


# --- trails -------------------------------------------------------------------------------
def test_a_trail_shows_wake_by_wake_in_step_with_its_ship():
    checked = 0
    for lines, _before, after, _log in played():
        plan = motion.moves(lines)
        cleared = {e.data["square"] for e, _w in lines if e.kind in ("tile_eaten", "tile_removed")}
        for index, (event, _words) in enumerate(lines):
            if event.kind != "ship_moved":
                continue
            seat, path = event.data["seat"], event.data["path"]
            run = max(i for i in plan if i <= index)  # the placement's ships sail together
            (ship,) = ship_moves(plan[run], seat)
            wakes = [m for m in plan[run] if m.selector.startswith(
                f'g.trail-group[data-seat="{seat}"] ')]
            expected = [(s, a, b) for s, a, b in path if s not in cleared]
            assert [m.selector for m in wakes] == [svg.trail_wake(seat, s, a)
                                                   for s, a, _b in expected]
            where = {}
            for frame in ship.keyframes:
                where.setdefault(frame["offset"], xy(frame))
            for move, (square, entry, exit_point) in zip(wakes, expected):
                assert len(select(after, move.selector)) == 2  # its dark line and its colour
                assert (move.steps, move.delay) == (ship.steps, ship.delay)
                assert move.keyframes[0]["opacity"] == 0  # unseen until the ship comes
                start = max(f["offset"] for f in move.keyframes if f["opacity"] == 0)
                end = min(f["offset"] for f in move.keyframes if f["opacity"] == 1)
                x0, y0 = geometry.square_origin(square)
                curve = geometry.wake_curve(entry, exit_point, x0, y0)
                # shown from when the ship enters the tile to when it leaves it
                assert where[end] == pytest.approx(curve[-1], abs=0.01)
                if start:
                    assert where[start] == pytest.approx(curve[0], abs=0.01)
                checked += 1
    assert checked >= 60


# --- ships going down -------------------------------------------------------------------------
def test_a_ship_whose_voyage_puts_it_out_sails_it_and_sinks_at_its_end():
    sunk = 0
    for lines, before, after, _log in played():
        plan = motion.moves(lines)
        for index, (event, _words) in enumerate(lines):
            data = event.data
            if event.kind != "ship_moved" or data["fate"] is None:
                continue
            seat = data["seat"]
            run = max(i for i in plan if i <= index)
            (move,) = ship_moves(plan[run], seat)
            assert move.before and move.selector == f"#ship-{seat}" and not move.home
            (old,) = select(before, move.selector)
            assert xy(move.keyframes[0]) == pytest.approx(drawn_at(old), abs=6.01)
            assert not select(after, f'g.ship[data-seat="{seat}"]')
            square, entry, exit_point = data["path"][-1]
            x0, y0 = geometry.square_origin(square)
            end = geometry.wake_curve(entry, exit_point, x0, y0)[-1]
            sinking = [f for f in move.keyframes if f["opacity"] < 1]
            assert sinking and sinking[-1]["opacity"] == 0
            assert "scale(0.25)" in sinking[-1]["transform"]
            began = move.keyframes[move.keyframes.index(sinking[0]) - 1]
            assert xy(began) == pytest.approx(end, abs=0.01)  # down where its voyage ended
            assert index + 1 not in plan or not ship_moves(plan[index + 1], seat)
            sunk += 1
    assert sunk >= 2


def test_a_ship_destroyed_where_it_stands_sinks_there():
    sunk = 0
    for lines, before, _after, _log in played():
        plan = motion.moves(lines)
        for index, (event, _words) in enumerate(lines):
            if event.kind != "ship_out" or lines[index - 1][0].kind == "ship_moved":
                continue
            seat = event.data["seat"]
            if any(e.kind == "ship_moved" and e.data["seat"] == seat for e, _w in lines):
                continue  # it sailed first (the constructed case below)
            found = [m for moves in plan.values() for m in ship_moves(moves, seat)]
            (move,) = found
            assert move.before and move.centred and select(before, move.selector)
            assert move.keyframes[0]["opacity"] == 1 and move.keyframes[-1]["opacity"] == 0
            assert float(move.keyframes[-1]["scale"]) < 0.5
            sunk += 1
    assert sunk >= 2


def test_a_ship_that_sails_and_then_goes_down_sails_as_its_copy_and_sinks_where_it_stopped():
    # Seat 0 lays a tile that carries seat 1 on too; seat 1's turn, daikaiju 0 walks in
    # front of it (gold 3 + blue 4: they stir; the die shows 1): destroyed (D7).
    tile = find_tile({0: 5, 1: 3})
    state = make(3, ships=[at(sq(0, 0), 0), at(sq(0, 0), 1), at(sq(6, 3), 4)],
                 hands=[[tile[0]], [20], [21]], draw_pile=[22, 23, 24],
                 daikaiju={0: (sq(0, 2), 3), 1: (sq(4, 4), 0), 2: (sq(4, 2), 0)},
                 dice=[3, 4, 1, 1, 1])
    before = ET.fromstring(svg.board(svg.board_view(state)))
    events = state.apply(place(*tile))
    lines = [(event, "") for event in events]
    assert state.out[1] == "facing daikaiju"
    plan = motion.moves(lines)
    sailed = next(i for i, e in enumerate(events) if e.kind == "ship_moved")
    (voyage,) = ship_moves(plan[sailed], 1)
    out = next(i for i, e in enumerate(events) if e.kind == "ship_out")
    (sinking,) = ship_moves(plan[out], 1)
    assert voyage.selector == sinking.selector == "#ship-1"  # one copy, as drawn before
    assert voyage.before and sinking.before and not voyage.home
    (old,) = select(before, "#ship-1")
    stop = geometry.ship_centre(events[sailed + 1].data["to"])
    assert xy(voyage.keyframes[0]) == pytest.approx(drawn_at(old), abs=0.01)
    assert xy(voyage.keyframes[-1]) == pytest.approx(stop, abs=0.01)
    # it waits (the page holds each move's first keyframe) where it stood, and sinks
    # from where it stopped
    assert xy(sinking.keyframes[0]) == xy(voyage.keyframes[0])
    assert sinking.keyframes[1]["offset"] == 0
    assert xy(sinking.keyframes[1]) == pytest.approx(stop, abs=0.01)
    assert sinking.keyframes[-1]["opacity"] == 0
    # its trail shows as it sails: drawn (faded) after the action
    after = ET.fromstring(svg.board(svg.board_view(state)))
    wakes = [m for m in plan[sailed] if m.selector.startswith('g.trail-group[data-seat="1"]')]
    assert wakes and all(select(after, m.selector) for m in wakes)


def test_a_tile_laid_and_eaten_in_one_action_is_never_looked_for():
    # Seat 0's tile carries both ships at its square onto it; in seat 1's turn daikaiju
    # 0 walks onto that tile (the die shows 1: forward): both go down with it.
    tile = find_tile({0: 3, 1: 2})
    state = make(3, ships=[at(sq(0, 0), 0), at(sq(0, 0), 1), at(sq(6, 3), 4)],
                 hands=[[tile[0]], [20], [21]], draw_pile=[22, 23, 24],
                 daikaiju={0: (sq(1, 0), 0), 1: (sq(4, 4), 0), 2: (sq(4, 2), 0)},
                 dice=[3, 4, 1, 1, 1])
    before = ET.fromstring(svg.board(svg.board_view(state)))
    events = state.apply(place(*tile))
    after = ET.fromstring(svg.board(svg.board_view(state), roll=svg.turn_roll(events)))
    assert [e.data["reason"] for e in events if e.kind == "ship_out"] == ["tile eaten"] * 2
    plan = motion.moves([(event, "") for event in events])
    moves = [m for ms in plan.values() for m in ms]
    for move in moves:  # not the tile (on neither board), nor its wakes sailed
        assert select(before if move.before else after, move.selector), move.selector
    assert not [m for m in moves if "tile" in m.selector or "data-wake" in m.selector]
    walk = next(i for i, e in enumerate(events) if e.kind == "daikaiju_moved")
    for seat in (0, 1):  # each sails as its copy, then goes down with the walk
        voyage, sinking = [m for m in moves if m.selector == f"#ship-{seat}"]
        assert sinking in plan[walk] and voyage.before and sinking.before
        assert xy(sinking.keyframes[0]) == xy(voyage.keyframes[0])  # waits where it stood
        assert xy(sinking.keyframes[1]) == xy(voyage.keyframes[-1])  # sinks where it stopped
        assert sinking.keyframes[-1]["opacity"] == 0


# --- tiles and daikaiju going under, leaving, coming -----------------------------------------
def test_an_eaten_tile_goes_under_with_the_walk_of_the_daikaiju_that_eats_it():
    """Eaten: with the walk of the daikaiju that eats it (the event before). Removed:
    with the placing of the daikaiju that lands on it (the event before: the log tells
    the cause first), which rises once the tile has gone under."""
    eaten = removed = 0
    for lines, before, _after, _log in played():
        plan = motion.moves(lines)
        placed = {e.data["square"] for e, _w in lines if e.kind == "tile_placed"}
        for index, (event, _words) in enumerate(lines):
            data = event.data
            if event.kind not in ("tile_eaten", "tile_removed") or data["square"] in placed:
                continue
            at_index = index - 1
            moves = plan[at_index]
            (tile,) = [m for m in moves if m.selector == f'#tile-{data["tile"]}']
            (copy,) = select(before, tile.selector)
            assert copy.get("data-square") == str(data["square"])
            assert tile.before and tile.centred
            assert tile.keyframes[0]["opacity"] == 1 and tile.keyframes[-1]["opacity"] == 0
            assert float(tile.keyframes[-1]["scale"]) < 1
            assert tile.keyframes[-1]["filter"] == "brightness(0.2)"  # darkened, under
            if event.kind == "tile_eaten":
                walk = f'g.daikaiju[data-daikaiju="{data["by"]}"]'
                assert [m for m in moves if m.selector == walk]
                assert tile.steps == next(m for m in moves if m.selector == walk).steps
                eaten += 1
            else:
                placed_here = lines[at_index][0]
                assert placed_here.kind == "daikaiju_placed"
                rise = next(m for m in moves if m.selector ==
                            f'g.daikaiju[data-daikaiju="{placed_here.data["daikaiju"]}"]')
                assert rise.delay == tile.steps  # it rises once the tile has gone under
                removed += 1
            # the ships on it go down with it
            for later in lines[index + 1:]:
                if later[0].kind != "ship_out":
                    break
                assert ship_moves(moves, later[0].data["seat"])
    assert eaten >= 10 and removed >= 2


def test_a_destroyed_daikaiju_is_trodden_under_and_one_leaving_walks_off_the_edge():
    destroyed = left = 0
    for lines, before, _after, _log in played():
        plan = motion.moves(lines)
        for index, (event, _words) in enumerate(lines):
            data = event.data
            if event.kind == "daikaiju_destroyed":
                moves = plan[index + 1]  # with the walk of the one that destroys it
                assert lines[index + 1][0].data["daikaiju"] == data["by"]
                (victim,) = [m for m in moves if m.selector == f'#daikaiju-{data["daikaiju"]}']
                assert victim.before and victim.keyframes[-1]["opacity"] == 0
                destroyed += 1
            elif event.kind == "daikaiju_left":
                (move,) = plan[index]
                assert move.before and move.selector == f'#daikaiju-{data["daikaiju"]}'
                assert select(before, move.selector)[0].get("data-square") == str(
                    data["square"])
                assert move.keyframes[-1]["opacity"] == 0
                away = [d for d in range(4) if NEIGHBOUR[data["square"]][d] == OFF]
                if len(away) == 1:  # off over its edge
                    dx, dy = (float(v) for v in re.findall(
                        r"-?[\d.]+", move.keyframes[-1]["translate"]))
                    assert (dx, dy) == (geometry.VECTOR[away[0]][0] * 50,
                                        geometry.VECTOR[away[0]][1] * 50)
                left += 1
    assert destroyed >= 1 and left >= 5


# --- the dice -------------------------------------------------------------------------------
def test_the_dice_show_the_roll_of_the_turn_and_its_sum_and_roll_in():
    rolled = 0
    for lines, _before, after, log in played():
        plan = motion.moves(lines)
        roll = svg.turn_roll(event for event, _w in lines)
        dice = select(after, "g.dice")
        if roll is None:
            # no roll in this action: the turn's roll, if any, was drawn before it
            assert len(dice) == (svg.turn_roll(log + [e for e, _w in lines]) is not None)
            assert not any(m.selector.startswith("g.dice") for ms in plan.values() for m in ms)
            continue
        (drawn,) = dice
        gold, blue = roll["gold"], roll["blue"]
        assert (drawn.get("data-gold"), drawn.get("data-blue"), drawn.get("data-sum")) == (
            str(gold), str(blue), str(gold + blue))
        assert drawn.get("data-acts") == ("true" if roll["acts"] else "false")
        values = {g.get("data-die"): g.find(NS + "text").text for g in select(drawn, "g.die")}
        assert values == {"gold": str(gold), "blue": str(blue)}
        (total,) = select(drawn, ".sum")
        assert total.find(NS + "text").text == f"= {gold + blue}"
        index = next(i for i, (e, _w) in enumerate(lines) if e.data is roll)
        words = describe(lines[index][0], ())  # the log's line, for a screen reader too
        assert drawn.find(NS + "title").text == drawn.get("aria-label") == words
        assert drawn.get("role") == "img"
        moves = {m.selector: m for m in plan[index]}
        assert set(moves) == {'g.dice [data-die="gold"]', 'g.dice [data-die="blue"]',
                              "g.dice .sum"}
        for move in moves.values():
            assert select(after, move.selector) and move.keyframes[0]["opacity"] == 0
        assert moves['g.dice [data-die="gold"]'].centred  # tumbling about its middle
        # the sum shows once both dice have landed
        assert moves["g.dice .sum"].steps >= max(m.steps + m.delay for m in moves.values()
                                                 if "die" in m.selector)
        rolled += 1
    assert rolled >= 40


def test_the_roll_drawn_is_the_one_of_the_turn_being_played():
    from game.core import Event

    roll = Event("daikaiju_roll", {"gold": 2, "blue": 5, "acts": True})
    turn = Event("turn", {"seat": 0, "turn": 3})
    restore = Event("restore_daikaiju", {"on_board": 2})
    assert svg.turn_roll([]) is None
    assert svg.turn_roll([turn, roll]) is roll.data
    assert svg.turn_roll([turn, roll, turn, restore]) is None  # no roll that turn
    state = TsuroState({"players": 3, "daikaiju": True}, 1)
    assert not select(ET.fromstring(svg.board(svg.board_view(state))), "g.dice")


def test_the_dice_stand_clear_of_the_ships_and_read_on_a_phone():
    from tests.svg_measure import overlapping, text_boxes

    # a ship on each of the bottom edge's right-hand start marks, the viewer's among them
    marks = [at(sq(6, col), point) for col in (3, 4, 5, 6) for point in (4, 5)]
    state = make(8, ships=marks, hands=[[k] for k in range(8)],
                 daikaiju={0: (sq(2, 2), 0), 1: (sq(4, 4), 0), 2: (sq(4, 2), 0)})
    for acts in (True, False):
        root = ET.fromstring(svg.board(svg.board_view(state), seat=7, roll={"gold": 6, "blue": 5,
                                                            "acts": acts}))
        assert overlapping(text_boxes(root)) == []
        sizes = {float(e.get("font-size")) for e in root.iter() if e.get("font-size")}
        assert min(sizes) >= svg.MIN_FONT
        for die in select(root, "g.die"):
            x, y = drawn_at(die)
            for ship in select(root, "g.ship"):
                sx, sy = drawn_at(ship)
                # the ship's ring (radius 14, its stroke) above the die's top edge
                assert y - svg.DIE / 2 >= sy + 14 + 1.25 or abs(x - sx) > 14 + svg.DIE
            assert y - svg.DIE / 2 > geometry.MARGIN + geometry.BOARD + 3  # off the sea's rim
            assert y + svg.DIE / 2 < geometry.VIEW - 2  # inside the frame


# --- the preview -------------------------------------------------------------------------------
def test_the_previews_paths_flow_unless_motion_is_reduced():
    css = (ROOT / "static" / "style.css").read_text()
    block = css[css.rindex("/* Motion: the preview's paths"):]
    assert ".preview-path" in block and "animation:" in block and "@keyframes" in block
    reduced = block[block.index("@media (prefers-reduced-motion: reduce)"):]
    assert ".preview-path" in reduced and "animation: none" in reduced
    assert css.rstrip().endswith("}")  # the block ends the file
