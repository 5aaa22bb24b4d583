"""Tatsu in motion (game/core/motion.py says how motion is played): the dice roll; a
stone travels round the ring segment by segment, the way its colour goes (never across
the ring), from its field to the field it lands on; a stone entering from the mat
comes in; a vine that settles after an escape sinks to the inner field. Each from the
event's own data and the arena's geometry (game/tatsu/svg.py): pure."""

from game.core.motion import Move, rise, roll, track
from game.tatsu.arena import DIRECTION, INNER, SEGMENTS
from game.tatsu.svg import R_INNER_STONE, R_OUTER_STONE, _polar

SEGMENT_STEPS = 0.3  # steps to travel one segment
MIN_TRAVEL_STEPS = 0.9


def moves(lines) -> dict:
    """{index in `lines` ((event, words) pairs of one action): the moves played with
    that event}."""
    plan = {}
    for index, (event, _words) in enumerate(lines):
        kind, data = event.kind, event.data
        if kind == "dice":
            plan[index] = [Move("g.die", roll(), steps=1.0, centred=True)]
        elif kind in ("move", "escape"):
            plan[index] = [_travel(data)]
        elif kind == "enter":
            plan[index] = [Move(_stone(data["to"]), rise(), steps=0.9, centred=True)]
        elif kind == "settle":
            segment = data["segment"]
            plan[index] = [Move(_stone([segment, INNER]),
                                track([_polar(segment, R_OUTER_STONE),
                                       _polar(segment, R_INNER_STONE)]), steps=0.6)]
    return plan


def _stone(place) -> str:
    return f'g.stone[data-segment="{place[0]}"][data-field="{place[1]}"]'


def _radius(field: str) -> float:
    return R_INNER_STONE if field == INNER else R_OUTER_STONE


def _travel(data) -> Move:
    """Round the ring from segment to segment, the stone's way, half a segment at a time
    (so that it follows the ring's curve), from its field's radius to its new one's."""
    (start, field_from), (end, field_to) = data["from"], data["to"]
    way = DIRECTION[data["seat"]]
    count = ((end - start) * way) % SEGMENTS
    halves = 2 * count
    r0, r1 = _radius(field_from), _radius(field_to)
    points = [_polar(start + way * k / 2, r0 + (r1 - r0) * k / max(1, halves))
              for k in range(halves + 1)]
    return Move(_stone(data["to"]), track(points),
                steps=max(MIN_TRAVEL_STEPS, SEGMENT_STEPS * count))


__all__ = ["moves"]
