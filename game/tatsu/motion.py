"""Tatsu in motion (game/core/motion.py says how motion is played), each from the event's
own data and the arena's geometry (game/tatsu/geometry.py): pure.

  dice      the dice roll
  move      a stone travels round the ring segment by segment, the way its colour goes
            (never across the ring), from its field to the field it lands on
  escape    the same
  enter     a stone comes from its pile on the mat to its field
  settle    the vine an escape leaves behind sinks to the inner field, and its tendrils,
            left where the stone slipped out of them, uncoil and fade
  hold      the stone under one of its own is pressed down and a lock closes on it
  power     an entangling vine's tendrils wind round its victim, pressed down; a water
            dragon's victim flies back to its owner's tray, a fire dragon's to the
            attacker's dead zone (the pile's stone, drawn there now, from its field)
  release   the lock or tendrils of the stone set free fall away (copies of them as
            drawn before the action: the board has them no more)
  recruit   a stone hops from the tray to the mat
The other events (turn, pass, forfeit, game_over, first_roll) change only words, the
hub's lines and which side is active: nothing moves with them. A die used is drawn grey
at once: the stone's travel shows what it did.

A piece drawn at a place (a transform attribute) is scaled or turned inside one
transform with that place, "translate(...) scale(...)", the same functions in every
keyframe: the CSS `scale` and `rotate` properties would act outside the drawn
translation, about the board's corner rather than the piece's centre.
"""

from collections.abc import Callable, Sequence
from math import pi, sin

from game.core.actions import Event
from game.core.event_kinds import EventData
from game.core.motion import Keyframe, Move, at, roll, track
from game.tatsu import events as ev
from game.tatsu.arena import DIRECTION, INNER, SEGMENTS
from game.tatsu.geometry import (
    LOCK_AT,
    PILE_R,
    R_INNER_STONE,
    R_OUTER_STONE,
    STONE_R,
    Point,
    field_radius,
    pile_centre,
    polar,
    side_top,
)

SEGMENT_STEPS = 0.3  # steps to travel one segment
MIN_TRAVEL_STEPS = 0.9
ENTER_STEPS = 0.9  # from the mat to the field
GONE_STEPS = 1.0  # a victim to its tray or to the dead zone
RECRUIT_STEPS = 0.8  # from the tray to the mat
BIND_STEPS = 0.7  # tendrils winding or a lock closing, the stone pressed down
FREE_STEPS = 0.5  # a lock or tendrils falling away
LIFT = 0.25  # how much bigger a stone carried over the board looks half-way
HOP = 14  # how high a recruit hops over the boxes' edge (units)
PILE_SCALE = PILE_R / STONE_R  # a pile's stone beside a stone in the arena
PRESSED = 0.8  # the scale a stone is pressed down to
BOX_OF = {"tray": "tray", "dead zone": "dead"}  # a power event's victim_to: the box


# The hub: whose turn, its number, the dice rolled (game/tatsu/svg.py).
HUB = "g.hub"


def moves(lines: Sequence[tuple[Event, str]]) -> dict[int, list[Move]]:
    """{index in `lines` ((event, words) pairs of one action): the moves played with
    that event}. The hub says the next turn only once the turn passes in the motion: until
    then it shows the turn as it was (the board drawn before the action), and the new
    hub comes when the "turn" event plays (the next roll then tumbles with its dice)."""
    plan = {}
    for index, (event, _words) in enumerate(lines):
        motion = MOTION.get(event.kind)
        found = motion(event.data) if motion is not None else []
        if found:
            plan[index] = found
    turn = next((i for i, (event, _) in enumerate(lines) if event.kind == ev.TURN), None)
    if turn is not None:
        plan.setdefault(turn, []).extend(_hub_passes())
    return plan


def _hub_passes() -> list[Move]:
    """The hub of the turn that ends fades out; the next turn's fades in."""
    return [Move(HUB, ({"opacity": 1}, {"opacity": 0}), steps=0.3, before=True),
            Move(HUB, ({"opacity": 0}, {"opacity": 1}), steps=0.3)]


# --- each kind's motion: the moves played with an event of that kind -------------------
def _dice(data: EventData) -> list[Move]:
    return [Move("g.die", roll(), steps=1.0, centred=True)]


def _travelled(data: EventData) -> list[Move]:
    """A move or an escape."""
    return [_travel(data)]


def _entered(data: EventData) -> list[Move]:
    return [_enter(data)]


def _settle(data: EventData) -> list[Move]:
    """The escaped stone's tendrils were the vine's."""
    segment = data["segment"]
    return [Move(_stone([segment, INNER]),
                 track([polar(segment, R_OUTER_STONE), polar(segment, R_INNER_STONE)]),
                 steps=0.6),
            _loosen(segment, "entangled")]


def _hold(data: EventData) -> list[Move]:
    return _bind(data["segment"], "held")


def _power(data: EventData) -> list[Move]:
    if data["power"] == "entangle":
        return _bind(data["segment"], "entangled")
    if data["victim_to"] not in BOX_OF:
        return []
    box = BOX_OF[data["victim_to"]]
    owner = data["victim_seat"] if box == "tray" else data["seat"]
    return [_gone(data), *_count_on_arrival(owner, box, data["victim"], GONE_STEPS)]


def _release(data: EventData) -> list[Move]:
    return [_loosen(data["segment"], data["was"])]


def _recruited(data: EventData) -> list[Move]:
    return [_recruit(data), *_count_on_arrival(data["seat"], "mat", data["stone"],
                                               RECRUIT_STEPS)]


# Every kind of event (events.py) and what moves with it (None: nothing; the module's
# docstring says why); tests/core/test_event_kinds.py holds the two to each other.
MOTION: dict[str, Callable[[EventData], list[Move]] | None] = {
    ev.FIRST_ROLL: None,
    ev.TURN: None,  # (the hub passes with it: moves)
    ev.DICE: _dice,
    ev.PASS: None,
    ev.FORFEIT: None,
    ev.MOVE: _travelled,
    ev.ENTER: _entered,
    ev.ESCAPE: _travelled,
    ev.RELEASE: _release,
    ev.SETTLE: _settle,
    ev.HOLD: _hold,
    ev.POWER: _power,
    ev.RECRUIT: _recruited,
    ev.GAME_OVER: None,
}


def _stone(place: Sequence[object]) -> str:
    return f'g.stone[data-segment="{place[0]}"][data-field="{place[1]}"]'


def _pile(owner: int, box: str, kind: str) -> str:
    """A pile's stone (its <g> drawn at translate(x y) within the owner's side)."""
    return f'g.pile[data-box="{box}"][data-seat="{owner}"][data-kind="{kind}"] > g'


def _line(start: Point, end: Point, parts: int = 6) -> list[Point]:
    (x0, y0), (x1, y1) = start, end
    return [(x0 + (x1 - x0) * k / parts, y0 + (y1 - y0) * k / parts) for k in range(parts + 1)]


def _carried(points: Sequence[Point], scale_from: float,
             scale_to: float) -> tuple[Keyframe, ...]:
    """Keyframes through `points` at an even speed, the piece's scale going from
    `scale_from` to `scale_to` and LIFT larger half-way: picked up, carried, put down."""
    frames = []
    for frame in track(points):
        t = frame["offset"]
        scale = scale_from + (scale_to - scale_from) * t + LIFT * sin(pi * t)
        frames.append({"transform": f"{frame['transform']} scale({scale:.3f})", "offset": t})
    return tuple(frames)


def _travel(data: EventData) -> Move:
    """Round the ring from segment to segment, the stone's way, half a segment at a time
    (so that it follows the ring's curve), from its field's radius to its new one's."""
    (start, field_from), (end, field_to) = data["from"], data["to"]
    way = DIRECTION[data["seat"]]
    count = ((end - start) * way) % SEGMENTS
    halves = 2 * count
    r0, r1 = field_radius(field_from), field_radius(field_to)
    points = [polar(start + way * k / 2, r0 + (r1 - r0) * k / max(1, halves))
              for k in range(halves + 1)]
    return Move(_stone(data["to"]), track(points),
                steps=max(MIN_TRAVEL_STEPS, SEGMENT_STEPS * count))


def _enter(data: EventData) -> Move:
    """From the mat's pile of its kind (in its side, above or below the arena) straight
    to its entry segment's field, growing from a pile's size to the arena's."""
    x, y = pile_centre("mat", data["stone"])
    segment, field = data["to"]
    points = _line((x, side_top(data["seat"]) + y), polar(segment, field_radius(field)))
    return Move(_stone(data["to"]), _carried(points, PILE_SCALE, 1.0), steps=ENTER_STEPS)


def _gone(data: EventData) -> Move:
    """The victim of a water or fire dragon, now a stone of a pile (in its tray, or in
    the attacker's dead zone), flies there from the inner field it was on (a lone stone
    is always on the inner field). The pile's stone is drawn within its side, so the
    start is given in the side's frame."""
    box = BOX_OF[data["victim_to"]]
    owner = data["victim_seat"] if box == "tray" else data["seat"]
    x, y = polar(data["segment"], R_INNER_STONE)
    points = _line((x, y - side_top(owner)), pile_centre(box, data["victim"]))
    return Move(_pile(owner, box, data["victim"]), _carried(points, 1 / PILE_SCALE, 1.0),
                steps=GONE_STEPS)


def _recruit(data: EventData) -> Move:
    """From the tray's pile of the corner's kind, a hop over the boxes' edge to the
    mat's pile (both in the recruiting player's side)."""
    kind = data["stone"]
    (x0, y0), (x1, y1) = pile_centre("tray", kind), pile_centre("mat", kind)
    points = [(x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6 - HOP * sin(pi * k / 6))
              for k in range(7)]
    return Move(_pile(data["seat"], "mat", kind), _carried(points, 1.0, 1.0),
                steps=RECRUIT_STEPS)


def _count_on_arrival(owner: int, box: str, kind: str, steps: float) -> list[Move]:
    """A pile's count says one more only as the stone lands on it: the count as drawn
    before the action stays until then (a copy over the board), the new one comes then.
    (A stone leaving a pile takes its count with it at once.)"""
    count = f'g.pile[data-box="{box}"][data-seat="{owner}"][data-kind="{kind}"] > text.count'
    return [Move(count, ({"opacity": 1}, {"opacity": 1, "offset": 0.98}, {"opacity": 0}),
                 steps=steps, before=True),
            Move(count, ({"opacity": 0}, {"opacity": 0, "offset": 0.98}, {"opacity": 1}),
                 steps=steps)]


def _bind(segment: int, status: str) -> list[Move]:
    """The stone on the inner field is pressed down under the stone that landed over it,
    and a vine's tendrils wind round it (entangled) or a lock closes on it (held); the
    tendrils and the lock wait unseen until then."""
    stone = _stone([segment, INNER])
    place = at(*polar(segment, R_INNER_STONE))
    pressed = Move(stone, ({"transform": f"{place} scale(1)"},
                           {"transform": f"{place} scale({PRESSED})", "offset": 0.4},
                           {"transform": f"{place} scale(1)"}), steps=BIND_STEPS)
    if status == "entangled":  # the ring is drawn about the stone's centre, untransformed
        mark = Move(f"{stone} g.vine-ring",
                    ({"transform": "rotate(-240deg) scale(1.8)", "opacity": 0},
                     {"transform": "rotate(0deg) scale(1)", "opacity": 1}), steps=BIND_STEPS)
    else:
        lock = at(*LOCK_AT)
        mark = Move(f"{stone} g.lock",
                    ({"transform": f"{lock} scale(0)", "opacity": 0},
                     {"transform": f"{lock} scale(1.3)", "opacity": 1, "offset": 0.7},
                     {"transform": f"{lock} scale(1)", "opacity": 1}), steps=BIND_STEPS)
    return [pressed, mark]


def _loosen(segment: int, was: str) -> Move:
    """The tendrils (was entangled) or the lock (was held) of the stone on the inner field,
    as drawn before the action, fall away from it. A copy lies over the board, outside
    the stone, so its keyframes carry the stone's place."""
    x, y = polar(segment, R_INNER_STONE)
    stone = _stone([segment, INNER])
    if was == "entangled":
        frames = ({"transform": f"{at(x, y)} rotate(0deg) scale(1)", "opacity": 1},
                  {"transform": f"{at(x, y)} rotate(150deg) scale(1.6)", "opacity": 0})
        return Move(f"{stone} g.vine-ring", frames, steps=FREE_STEPS, before=True)
    dx, dy = LOCK_AT
    frames = ({"transform": f"{at(x + dx, y + dy)} scale(1)", "opacity": 1},
              {"transform": f"{at(x + dx, y + dy - 10)} scale(1.4)", "opacity": 0})
    return Move(f"{stone} g.lock", frames, steps=FREE_STEPS, before=True)


__all__ = ["moves"]
