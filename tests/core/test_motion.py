"""Motion (game/core/motion.py, game/tsuro/motion.py, game/tatsu/motion.py): each event's
moves are built from the event's own data and the board's geometry, start where the
piece was and end where the engine put it, and the table plays them only when there is
time to (a pace above "instant")."""

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.core.bots import make_bot
from game.core.motion import Move, at, cubic, track
from game.tatsu import motion as tatsu_motion
from game.tatsu.arena import DIRECTION
from game.tatsu.geometry import R_INNER_STONE, R_OUTER_STONE, polar
from game.tatsu.state import TatsuState
from game.tsuro import BOTS as TSURO_BOTS
from game.tsuro import motion as tsuro_motion
from game.tsuro.geometry import ship_centre, square_origin, wake_curve
from game.tsuro.state import TsuroState
from tests.motion_frames import xy


def test_a_track_goes_at_an_even_speed_through_its_points():
    frames = track([(0, 0), (30, 0), (30, 10)])
    assert [xy(f) for f in frames] == [(0, 0), (30, 0), (30, 10)]
    assert [f["offset"] for f in frames] == [0, 0.75, 1]
    assert at(1.234, 5) == "translate(1.23px, 5.00px)"
    line = cubic((0, 0), (0, 0), (10, 0), (10, 0), parts=4)
    assert line[-1] == (10, 0) and len(line) == 4 and line[0][0] < line[1][0]
    move = Move("g.x", frames, steps=2, delay=0.5)
    assert move.options(0.3) == {"duration": 600, "delay": 150, "easing": "ease-in-out",
                                 "fill": "backwards"}
    # a copy of a piece taken off the board stays at its end (gone) until the action ends
    assert Move("g.x", frames, before=True).options(0.3)["fill"] == "both"


def tsuro_placements(seed: int, count: int = 40):
    """(lines of each placement) of a seeded 4-captain game played by the computers."""
    state = TsuroState({"players": 4, "daikaiju": True}, seed)
    bots = {s: make_bot("easy", s, f"{seed}:{s}", TSURO_BOTS) for s in range(4)}
    for _step in range(count):
        if state.is_over:
            return
        events = state.apply(bots[state.to_move](state))
        yield [(event, "") for event in events]


def test_ships_sail_their_wakes_together_from_where_they_stood():
    sailed = together = 0
    for lines in tsuro_placements(5, 200):
        plan = tsuro_motion.moves(lines)
        voyages = [(i, e.data) for i, (e, _w) in enumerate(lines)
                   if e.kind == "ship_moved" and e.data["fate"] is None]
        if not voyages:
            continue
        first = voyages[0][0]
        ships = [m for m in plan[first] if m.selector.startswith("g.ship")]
        assert len(ships) == len(voyages)  # every ship of the placement, at once
        together += len(voyages) > 1
        for move, (_index, data) in zip(ships, voyages):
            assert move.selector == f'g.ship[data-seat="{data["seat"]}"]' and move.home
            points = [xy(f) for f in move.keyframes]
            square, entry, _exit = data["path"][0]
            assert points[0] == pytest.approx(ship_centre(square * 8 + entry), abs=0.01)
            for square, entry, exit_point in data["path"]:  # through every wake's end
                x0, y0 = square_origin(square)
                end = wake_curve(entry, exit_point, x0, y0)[-1]
                assert any(p == pytest.approx(end, abs=0.01) for p in points)
            offsets = [f["offset"] for f in move.keyframes]
            assert offsets == sorted(offsets) and offsets[-1] < 1  # the last: its place
            sailed += 1
    assert sailed >= 10 and together >= 1


def test_a_laid_tile_turns_into_its_square_and_daikaiju_walk_and_turn():
    seen = set()
    for lines in tsuro_placements(11, 200):
        plan = tsuro_motion.moves(lines)
        for index, (event, _words) in enumerate(lines):
            data = event.data
            if event.kind == "tile_placed":
                if index not in plan:  # laid and eaten at once: on neither board drawn
                    assert any(e.kind in ("tile_eaten", "tile_removed")
                               and e.data["square"] == data["square"]
                               for e, _w in lines[index + 1:])
                    continue
                (move,) = plan[index]
                assert move.selector == f'g.tile[data-square="{data["square"]}"]'
                assert move.keyframes[0]["rotate"] == f"{-90 * data['rotation']}deg"
                assert move.keyframes[-1]["rotate"] == "0deg" and move.centred
            elif event.kind == "daikaiju_moved":  # (with what it eats, sinking)
                (move,) = [m for m in plan[index]
                           if m.selector == f'g.daikaiju[data-daikaiju="{data["daikaiju"]}"]']
                assert [xy(f) for f in move.keyframes] == [square_origin(data["from"]),
                                                           square_origin(data["to"])]
            elif event.kind == "daikaiju_turned":
                (move,) = plan[index]
                assert move.keyframes[0]["rotate"] == (
                    "-90deg" if data["clockwise"] else "90deg")
            elif event.kind in ("ship_out", "turn", "drew"):
                assert index not in plan
            seen.add(event.kind)
    assert {"tile_placed", "daikaiju_moved", "daikaiju_turned", "ship_moved"} <= seen


def test_a_stone_travels_round_the_ring_its_own_way_segment_by_segment():
    rng = random.Random(3)
    travelled = {0: 0, 1: 0}
    for seed in range(6):
        state = TatsuState({"first": "black"}, seed)
        for _step in range(60):
            if state.is_over:
                break
            lines = [(event, "") for event in state.apply(rng.choice(state.legal_actions()))]
            plan = tatsu_motion.moves(lines)
            for index, (event, _words) in enumerate(lines):
                data = event.data
                if event.kind == "dice":
                    assert plan[index][0].selector == "g.die"
                if event.kind not in ("move", "escape"):
                    continue
                (move,) = plan[index]
                (start, field_from), (end, field_to) = data["from"], data["to"]
                assert move.selector == (f'g.stone[data-segment="{end}"]'
                                         f'[data-field="{field_to}"]')
                points = [xy(f) for f in move.keyframes]
                radius = {"inner": R_INNER_STONE, "outer": R_OUTER_STONE}
                assert points[0] == pytest.approx(polar(start, radius[field_from]), abs=0.01)
                assert points[-1] == pytest.approx(polar(end, radius[field_to]), abs=0.01)
                way = DIRECTION[data["seat"]]
                count = ((end - start) * way) % 24
                assert len(points) == 2 * count + 1  # every segment on the way, by halves
                for k in range(0, len(points), 2):  # each whole step: the next segment
                    segment = start + way * k // 2
                    assert points[k] == pytest.approx(
                        polar(segment, radius[field_from] + (radius[field_to] -
                                                              radius[field_from]) * k /
                               max(1, 2 * count)), abs=0.01)
                travelled[data["seat"]] += 1
    assert travelled[0] >= 10 and travelled[1] >= 10


class Recorder:
    """A page that records what the table asks of it."""

    def __init__(self):
        self.moves, self.held, self.released = [], [], 0

    def show(self, region, html):
        pass

    def log(self, line, step=None):
        pass

    def highlight(self, selector):
        pass

    def focus(self, selectors):
        pass

    def mark_log(self, step):
        pass

    def refocus(self):
        pass

    async def pause(self, seconds):
        pass

    def hold(self, moves):
        self.held.append(list(moves))

    def release(self, selector=None):
        self.released += 1

    async def move(self, moves, step_seconds):
        self.moves.append((list(moves), step_seconds))

    def done(self, winners):
        pass


@pytest.mark.parametrize("speed, moved", [("normal", True), ("instant", False)])
def test_the_table_moves_the_pieces_only_when_the_pace_leaves_time(speed, moved):
    from game.core.match import Match, Seat
    from game.core.registry import game

    info = game("tatsu")
    page = Recorder()
    match = Match(info, {"first": "black"}, 7, [Seat("Ann", "human"), Seat("Bob", "easy")])
    table = info.table_class(match, page, speed)
    # (on a thread of its own: the browser tests leave an event loop running here)
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, table.act(match.state.legal_actions()[0])).result()
    assert bool(page.moves) is moved
    if moved:
        assert page.held and page.released  # held where they were, then let go
        for moves, seconds in page.moves:
            assert all(isinstance(m, Move) for m in moves) and 0 < seconds <= table.step
