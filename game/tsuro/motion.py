"""Tsuro of the Seas in motion (game/core/motion.py says how motion is played), each move
from the event's own data and the board's geometry (game/tsuro/geometry.py): pure.

- A placed wake tile comes from the hand (unturned) and turns into its square.
- Every ship that sails follows the exact curves of its wakes, tile by tile, its trail
  showing behind it wake by wake; the ships of one placement sail together. A ship whose
  voyage puts it out sails it and sinks at its end.
- The gold and blue dice of the turn's roll tumble and land; then their sum shows.
- A daikaiju walks to its square or turns to its new facing, in the rules' order; the
  tile it walks onto goes under as it comes, with the ships on that tile, and so does a
  daikaiju it destroys. One that leaves the board walks off over the edge.
- A tile that a daikaiju is placed on goes under, with its ships; then the daikaiju rises.
- A ship destroyed where it stands (D7, D8) sinks there; one moved to another start mark
  (D8) glides along the edge to it; one set on its start mark rises.

A piece the action takes off the board moves as its copy from the board drawn before the
action (Move.before), found there by its id (the page draws its board with no id
prefix); the pieces on the board, by their class and data. Every move's first keyframe is
where its piece waits until its event comes (Page.hold): where it was before the action.
"""

from collections.abc import Callable, Sequence

from game.core.actions import Event
from game.core.event_kinds import EventData
from game.core.motion import Keyframe, Move, at, cubic, rise, roll, track, turn_from
from game.tsuro import events as ev
from game.tsuro.board import NEIGHBOUR, OFF
from game.tsuro.daikaiju_phase import OUT_TILE_EATEN, OUT_TILE_REMOVED
from game.tsuro.geometry import VECTOR, Point, ship_centre, square_origin, wake_curve
from game.tsuro.svg import trail_wake

SAIL_STEPS = 0.6  # steps to sail across one tile
MIN_SAIL_STEPS = 1.2
SINK_STEPS = 0.8  # a ship going down at the end of its voyage
WALK_STEPS = 1.0  # a daikaiju walking one square (what it eats goes under meanwhile)
HOME = 0.94  # a sail's share of its move; the rest: on to the ship's own place, as drawn
# The events of a placement's voyages: its ships sail together, with the first of them,
# until an event of another kind comes.
VOYAGES = frozenset({ev.SHIP_MOVED, ev.SHIP_OUT})


def moves(lines: Sequence[tuple[Event, str]]) -> dict[int, list[Move]]:
    """{index in `lines` ((event, words) pairs of one action): the moves played with that
    event}. The ships of one placement all sail with the first of them; what a daikaiju
    destroys by walking onto it goes under with its walk. The dict's order is the order
    the pieces are held and their copies laid over the board: the tiles that go under
    first, under the ships that go down with them."""
    plan = _Plan([event for event, _words in lines])
    for index, event in enumerate(plan.events):
        if event.kind not in VOYAGES:
            plan.sailing = None
        motion = MOTION.get(event.kind)
        if motion is not None:
            motion(plan, index, event.data)
    # the copies of tiles first: under the copies of the ships that go down with them
    return dict(sorted(plan.moves.items(), key=lambda item: not any(
        move.before and move.selector.startswith("#tile-") for move in item[1])))


class _Plan:
    """One action's moves as they are built, event by event: what each kind's motion
    (MOTION) reads and adds to."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self.gone = _Gone(events)
        self.moves: dict[int, list[Move]] = {}
        self.sailing: int | None = None  # the index of the first voyage of a placement
        # seat: (where it stood, where it stopped), of the ships sailing to go down
        self.sailed: dict[int, tuple[Point, Point]] = {}
        # daikaiju: how far its copy turned (degrees), of those to go down
        self.turned: dict[int, int] = {}
        self.walked: set[int] = set()  # the daikaiju whose copies walked, of those to go down

    def add(self, index: int, *more: Move) -> None:
        self.moves.setdefault(index, []).extend(more)


# --- each kind's motion: what moves with an event at `index` of the action ---------------
def _tile_placed(plan: _Plan, index: int, data: EventData) -> None:
    if data["square"] not in plan.gone.squares:
        plan.add(index, Move(f'g.tile[data-square="{data["square"]}"]',
                             _placed(data["rotation"]), steps=1.0, centred=True))


def _ship_moved(plan: _Plan, index: int, data: EventData) -> None:
    if plan.sailing is None:
        plan.sailing = index
    copy = data["seat"] in plan.gone.ships
    plan.add(plan.sailing, *_voyage(data, copy, plan.gone.squares))
    if copy and data["fate"] is None:
        square, entry, _exit = data["path"][0]
        plan.sailed[data["seat"]] = (ship_centre(square * 8 + entry),
                                     ship_centre(data["to"]))


def _ship_out(plan: _Plan, index: int, data: EventData) -> None:
    if index not in plan.gone.handled:
        plan.add(index, _sink(data["seat"], plan.sailed.get(data["seat"]), SINK_STEPS))


def _daikaiju_roll(plan: _Plan, index: int, data: EventData) -> None:
    if index == plan.gone.roll:
        plan.add(index, *_roll())


def _daikaiju_moved(plan: _Plan, index: int, data: EventData) -> None:
    kaiju = data["daikaiju"]
    walk = track([square_origin(data["from"]), square_origin(data["to"])])
    if plan.gone.stays(kaiju, index):
        plan.add(index, Move(_kaiju(kaiju), walk, steps=WALK_STEPS))
    elif plan.gone.kaiju_before(kaiju, index):  # gone later in the action: its copy walks
        plan.add(index, Move(f"#daikaiju-{kaiju}", walk, steps=WALK_STEPS, before=True))
        plan.walked.add(kaiju)


def _daikaiju_turned(plan: _Plan, index: int, data: EventData) -> None:
    kaiju, quarter = data["daikaiju"], 90 if data["clockwise"] else -90
    if plan.gone.stays(kaiju, index):
        plan.add(index, Move(_kaiju(kaiju), turn_from(-quarter), steps=0.8, centred=True))
    elif plan.gone.kaiju_before(kaiju, index):  # its copy turns, from its facing before
        start = plan.turned.get(kaiju, 0)
        plan.turned[kaiju] = start + quarter
        plan.add(index, Move(f"#daikaiju-{kaiju}", ({"rotate": f"{start}deg"},
                                                     {"rotate": f"{start + quarter}deg"}),
                             steps=0.8, centred=True, before=True))


def _daikaiju_placed(plan: _Plan, index: int, data: EventData) -> None:
    """It rises where the dice put it: the supply is not drawn on the board, and coming
    in over other squares would look like a walk (which eats tiles). On a wake tile (the
    next event), once that tile has gone under."""
    if not plan.gone.stays(data["daikaiju"], index):
        return
    events = plan.events
    on_tile = index + 1 < len(events) and events[index + 1].kind == ev.TILE_REMOVED
    plan.add(index, Move(_kaiju(data["daikaiju"]), rise(), steps=0.8, centred=True,
                         delay=SINK_STEPS if on_tile else 0.0))


def _daikaiju_destroyed(plan: _Plan, index: int, data: EventData) -> None:
    """Trodden under by the daikaiju that walks onto it, the next event."""
    victim = data["daikaiju"]
    if not plan.gone.kaiju_before(victim, index):
        return
    if victim in plan.walked:  # it darkens and fades where it walked to
        plan.add(index + 1, Move(f"#daikaiju-{victim}", _fade(0.3), steps=WALK_STEPS,
                                 before=True))
    else:
        plan.add(index + 1, Move(f"#daikaiju-{victim}",
                                 _under(0.3, -25, plan.turned.get(victim, 0)),
                                 steps=WALK_STEPS, centred=True, before=True))


def _daikaiju_left(plan: _Plan, index: int, data: EventData) -> None:
    if plan.gone.kaiju_before(data["daikaiju"], index):
        plan.add(index, _leave(data))


def _tile_eaten(plan: _Plan, index: int, data: EventData) -> None:
    """With the walk of the daikaiju that eats it (the event before)."""
    _tile_under(plan, index, data, WALK_STEPS, 0.1)


def _tile_removed(plan: _Plan, index: int, data: EventData) -> None:
    """With the placing of the daikaiju that lands on it (the event before), before it
    rises."""
    _tile_under(plan, index, data, SINK_STEPS, 0.0)


def _tile_under(plan: _Plan, index: int, data: EventData, steps: float,
                lead: float) -> None:
    """A tile going under with the event before it, and the ships on it."""
    if data["square"] in plan.gone.tiles_before:  # (not one laid in this action)
        plan.add(index - 1, Move(f'#tile-{data["tile"]}', _under(lead), steps=steps,
                                 centred=True, before=True))
    for seat in plan.gone.with_tile(index):
        plan.add(index - 1, _sink(seat, plan.sailed.get(seat), steps, lead))


def _relocated(plan: _Plan, index: int, data: EventData) -> None:
    frames = track([ship_centre(data["from"]), ship_centre(data["to"])])
    plan.add(index, Move(_ship(data["seat"]), _share(frames, HOME), steps=0.8, home=True))


def _start_mark(plan: _Plan, index: int, data: EventData) -> None:
    plan.add(index, Move(_ship(data["seat"]), rise(), steps=0.6, centred=True))


# Every kind of event (events.py) and what moves with it (None: nothing);
# tests/core/test_event_kinds.py holds the two to each other.
MOTION: dict[str, Callable[[_Plan, int, EventData], None] | None] = {
    ev.START_MARK: _start_mark,
    ev.TURN: None,
    ev.RELOCATION: None,
    ev.RELOCATED: _relocated,
    ev.RESTORE_DAIKAIJU: None,
    ev.DAIKAIJU_ROLL: _daikaiju_roll,
    ev.DAIKAIJU_DIE: None,
    ev.SUPPLY_EMPTY: None,
    ev.DAIKAIJU_TURNED: _daikaiju_turned,
    ev.DAIKAIJU_LEFT: _daikaiju_left,
    ev.DAIKAIJU_DESTROYED: _daikaiju_destroyed,
    ev.DAIKAIJU_MOVED: _daikaiju_moved,
    ev.TILE_EATEN: _tile_eaten,
    ev.PLACEMENT_REROLL: None,
    ev.DAIKAIJU_PLACED: _daikaiju_placed,
    ev.TILE_REMOVED: _tile_removed,
    ev.TILE_PLACED: _tile_placed,
    ev.SHIP_MOVED: _ship_moved,
    ev.SHIP_OUT: _ship_out,
    ev.PLACEMENT_SKIPPED: None,
    ev.BONUS_OFFERED: None,
    ev.BONUS: None,
    ev.HAND_RETURNED: None,
    ev.DREW: None,
    ev.GAME_OVER: None,
}


class _Gone:
    """What one action takes off the board, found before its moves are built: what a
    move may find on the board as drawn after the action, and what only as drawn before.
    Within one action a placement comes first, then the turns that follow it (several
    only when captains with no tile skip their placements)."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self.ships: set[int] = set()  # seats put out
        self.squares: set[int] = set()  # squares whose tile was eaten or removed
        self.tiles_before: set[int] = set()  # of those, the ones whose tile was there before
        # daikaiju: the index of its last removal, if it stays off
        self.kaiju_gone: dict[int, int] = {}
        # the ship_out events whose ship sinks with another move
        self.handled: set[int] = set()
        self.roll: int | None = None  # the index of the roll the board shows (svg.turn_roll)
        # daikaiju: when first placed in the action (not drawn before)
        self.kaiju_new: dict[int, int] = {}
        # index of a tile's event: the seats going down with it
        self._sunk_with: dict[int, list[int]] = {}
        placed: set[int] = set()
        for index, event in enumerate(events):
            kind, data = event.kind, event.data
            if kind == ev.SHIP_MOVED and data["fate"] is not None:
                self.handled.add(index + 1)  # its ship_out: it sinks at its voyage's end
            elif kind == ev.SHIP_OUT:
                self.ships.add(data["seat"])
            elif kind == ev.TILE_PLACED:
                placed.add(data["square"])
            elif kind in (ev.TILE_EATEN, ev.TILE_REMOVED):
                self.squares.add(data["square"])
                if data["square"] not in placed:
                    self.tiles_before.add(data["square"])
                self._sunk_with[index] = self._sinking_with(index)
            elif kind in (ev.DAIKAIJU_LEFT, ev.DAIKAIJU_DESTROYED):
                self.kaiju_gone[data["daikaiju"]] = index
            elif kind == ev.DAIKAIJU_PLACED:
                self.kaiju_gone.pop(data["daikaiju"], None)
                self.kaiju_new.setdefault(data["daikaiju"], index)
            elif kind == ev.TURN:
                self.roll = None
            elif kind == ev.DAIKAIJU_ROLL:
                self.roll = index

    def _sinking_with(self, index: int) -> list[int]:
        """The seats put out by the tile of the event at `index` going under (the ship_out
        events right after it), those events marked handled."""
        seats = []
        for later in range(index + 1, len(self.events)):
            out = self.events[later]
            if out.kind != ev.SHIP_OUT or out.data["reason"] not in (
                    OUT_TILE_EATEN, OUT_TILE_REMOVED):
                break
            seats.append(out.data["seat"])
            self.handled.add(later)
        return seats

    def stays(self, kaiju: int, index: int) -> bool:
        """Whether the daikaiju moving at `index` is the one drawn after the action."""
        return self.kaiju_gone.get(kaiju, -1) < index

    def kaiju_before(self, kaiju: int, index: int) -> bool:
        """Whether the daikaiju acting at `index` is one drawn before the action."""
        return self.kaiju_new.get(kaiju, len(self.events)) > index

    def with_tile(self, index: int) -> list[int]:
        """The seats whose ships go down with the tile of the event at `index`."""
        return self._sunk_with.get(index, [])


def _ship(seat: int) -> str:
    return f'g.ship[data-seat="{seat}"]'


def _kaiju(kaiju: int) -> str:
    return f'g.daikaiju[data-daikaiju="{kaiju}"]'


def _share(frames: Sequence[Keyframe], share: float) -> tuple[Keyframe, ...]:
    """Keyframes squeezed into the first `share` of a move."""
    return tuple(dict(frame, offset=round(frame["offset"] * share, 4)) for frame in frames)


def _placed(rotation: int) -> tuple[Keyframe, ...]:
    """From the hand, as the hand shows it (unturned), into its square, turned."""
    return ({"opacity": 0.2, "scale": "1.35", "rotate": f"{-90 * rotation}deg"},
            {"opacity": 1, "scale": "1", "rotate": "0deg"})


def _voyage(data: EventData, copy: bool, cleared: set[int]) -> list[Move]:
    """The ship along each wake of its voyage, from where it stood to where it stops (on
    to its place as drawn; or sinking there, when the voyage puts it out), and each wake
    of its trail appearing as the ship crosses its tile, in step with it. `copy`: the
    ship is gone from the board after the action (its copy sails); `cleared`: squares
    whose tile, and trail, the action takes away (no wake of the trail to show there)."""
    seat, path, fate = data["seat"], data["path"], data["fate"]
    square, entry, _exit = path[0]
    points = [ship_centre(square * 8 + entry)]
    ends = [0]  # the index in points where each wake of the voyage begins, and the last
    for square, entry, exit_point in path:
        x0, y0 = square_origin(square)
        curve = wake_curve(entry, exit_point, x0, y0)
        p0, p1, p2, p3 = curve
        points += [(x, y) for x, y in cubic(p0, p1, p2, p3, parts=6)]
        ends.append(len(points) - 1)
    sail = max(MIN_SAIL_STEPS, SAIL_STEPS * len(path))
    steps, home = sail, not copy
    if fate is not None:  # the sail, then going down where it ended
        steps = sail + SINK_STEPS
        frames = _sinking(_share(track(points), sail / steps), curve)
    elif copy:  # it goes down later in the action: its copy stops at its place
        frames = track([*points, ship_centre(data["to"])])
    else:  # (the last hundredths: on to the ship's own place, as drawn; Page.move adds it)
        frames = _share(track(points), HOME)
    selector = f"#ship-{seat}" if copy else _ship(seat)
    result = [Move(selector, frames, steps=steps, home=home, before=copy)]
    for k, (square, entry, _exit) in enumerate(path):
        if square in cleared:
            continue
        start, end = frames[ends[k]]["offset"], frames[ends[k + 1]]["offset"]
        reveal = [{"opacity": 0, "offset": 0}, {"opacity": 0, "offset": start},
                  {"opacity": 1, "offset": end}, {"opacity": 1, "offset": 1}]
        result.append(Move(trail_wake(seat, square, entry),
                           tuple(_distinct(reveal)), steps=steps))
    return result


def _distinct(frames: Sequence[Keyframe]) -> list[Keyframe]:
    """Keyframes without repeats of the same offset and values."""
    kept: list[Keyframe] = []
    for frame in frames:
        if not kept or kept[-1] != frame:
            kept.append(frame)
    return kept


# A ship going down: it leans over, shrinks and is gone (the same function list in
# every keyframe of its transform, so that each part turns smoothly).
LEAN = (("0deg", "1", 1), ("12deg", "0.8", 0.85), ("28deg", "0.25", 0))


def _sinking(frames: Sequence[Keyframe], curve: Sequence[Point]) -> tuple[Keyframe, ...]:
    """A copy's voyage (`frames`, ending before the move ends), then its sinking a little
    on, the way it was going (`curve`: its last wake)."""
    (x, y), (cx, cy) = curve[3], curve[2]
    length = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5, 1e-9)
    dx, dy = (x - cx) / length, (y - cy) / length
    done = frames[-1]["offset"]
    sail = tuple({"transform": f'{frame["transform"]} rotate(0deg) scale(1)', "opacity": 1,
                  "offset": frame["offset"]} for frame in frames)
    down = tuple({"transform": f"{at(x + dx * 9 * k / 2, y + dy * 9 * k / 2)} "
                               f"rotate({lean}) scale({scale})", "opacity": opacity,
                  "offset": round(done + (1 - done) * (0, 0.4, 1)[k], 4)}
                 for k, (lean, scale, opacity) in enumerate(LEAN) if k)
    return sail + down


def _sink(seat: int, sailed: tuple[Point, Point] | None, steps: float,
          lead: float = 0.0) -> Move:
    """A ship going down where it stands (its copy), after `lead` of the move: in place,
    when this action did not move it; else where its voyage took it, `sailed` (start,
    end), its first keyframe where it waits before it sails (the next, also at offset 0,
    where its sinking begins: the page holds a piece with its moves' first keyframes)."""
    offsets = (lead, round(lead + (1 - lead) * 0.4, 4), 1)
    if sailed is None:
        frames = [{"rotate": lean, "scale": scale, "opacity": opacity, "offset": offset}
                  for (lean, scale, opacity), offset in zip(LEAN, offsets)]
        if lead:
            frames.insert(0, dict(frames[0], offset=0))
        return Move(f"#ship-{seat}", tuple(frames), steps=steps, centred=True, before=True)
    (x0, y0), (x, y) = sailed
    frames = [{"transform": f"{at(x0, y0)} rotate(0deg) scale(1)", "opacity": 1, "offset": 0},
              {"transform": f"{at(x, y)} rotate(0deg) scale(1)", "opacity": 1, "offset": 0}]
    frames += [{"transform": f"{at(x, y)} rotate({lean}) scale({scale})", "opacity": opacity,
                "offset": offset} for (lean, scale, opacity), offset in zip(LEAN, offsets)]
    return Move(f"#ship-{seat}", tuple(_distinct(frames)), steps=steps, before=True)


def _under(lead: float, lean: int = 0, turned: int = 0) -> tuple[Keyframe, ...]:
    """A tile or a daikaiju going under (a copy, about its middle): it stays a moment
    (`lead` of the move), then darkens, shrinks and is gone, turning by `lean` degrees
    from where its copy has `turned` to."""
    still = {"opacity": 1, "scale": "1", "rotate": f"{turned}deg", "filter": "brightness(1)"}
    frames = [still]
    if lead:
        frames.append(dict(still, offset=lead))
    leaning = f"{turned + lean}deg"
    return tuple(frames) + (
        {"opacity": 0.7, "scale": "0.8", "rotate": leaning, "filter": "brightness(0.55)",
         "offset": round(lead + (1 - lead) * 0.5, 4)},
        {"opacity": 0, "scale": "0.5", "rotate": leaning, "filter": "brightness(0.2)"})


def _fade(lead: float) -> tuple[Keyframe, ...]:
    """Going under where a walk took a copy: darkening and fading only (a turn or a
    scale about its middle would pivot on where it was drawn, before the walk)."""
    return tuple({key: value for key, value in frame.items() if key not in ("scale", "rotate")}
                 for frame in _under(lead))


def _leave(data: EventData) -> Move:
    """A daikaiju leaving the board (its copy): off over the edge it stands by, fading; at
    a corner the event does not say which edge, so there it sinks where it stands."""
    away = [d for d in range(4) if NEIGHBOUR[data["square"]][d] == OFF]
    selector = f'#daikaiju-{data["daikaiju"]}'
    if len(away) != 1:
        return Move(selector, _under(0.0), steps=WALK_STEPS, centred=True,
                    before=True)
    vx, vy = VECTOR[away[0]]
    return Move(selector, ({"translate": "0px 0px", "opacity": 1},
                           {"translate": f"{vx * 30}px {vy * 30}px", "opacity": 0.6,
                            "offset": 0.6},
                           {"translate": f"{vx * 50}px {vy * 50}px", "opacity": 0}),
                steps=WALK_STEPS, before=True)


def _roll() -> list[Move]:
    """The gold die, then the blue, tumble in unseen and land; their sum shows after."""
    tumble = roll()
    tumble = (dict(tumble[0], opacity=0),) + tumble[1:]  # unseen until its roll
    return [Move('g.dice [data-die="gold"]', tumble, steps=1.0, centred=True),
            Move('g.dice [data-die="blue"]', tumble, steps=1.0, delay=0.15, centred=True),
            Move("g.dice .sum", ({"opacity": 0}, {"opacity": 0, "offset": 0.8},
                                 {"opacity": 1}), steps=1.15)]


__all__ = ["moves"]
