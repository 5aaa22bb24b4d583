"""Tsuro of the Seas in motion (game/core/motion.py says how motion is played): a placed
wake tile turns into its square; every ship that sails follows the exact curves of its
wakes, tile by tile, and the ships of one placement sail together; a daikaiju walks to
its square or turns to its new facing; a daikaiju placed rises. Each from the event's
own data and the board's geometry (game/tsuro/svg.py): pure."""

from game.core.motion import Move, cubic, rise, track, turn_from
from game.tsuro.svg import _ship_centre, _square_origin, wake_curve

SAIL_STEPS = 0.6  # steps to sail across one tile
MIN_SAIL_STEPS = 1.2


def moves(lines) -> dict:
    """{index in `lines` ((event, words) pairs of one action): the moves played with
    that event}. The ships of one placement all sail with the first of them."""
    plan: dict = {}
    sailing = None  # the index of the first ship_moved of a run
    for index, (event, _words) in enumerate(lines):
        kind, data = event.kind, event.data
        if kind != "ship_moved":
            sailing = None
        if kind == "tile_placed":
            plan[index] = [Move(f'g.tile[data-square="{data["square"]}"]',
                                _placed(data["rotation"]), steps=1.0, centred=True)]
        elif kind == "ship_moved" and data["fate"] is None:
            if sailing is None:
                sailing = index
            plan.setdefault(sailing, []).append(_sail(data))
        elif kind == "daikaiju_moved":
            start, end = _square_origin(data["from"]), _square_origin(data["to"])
            plan[index] = [Move(_kaiju(data), track([start, end]), steps=1.0)]
        elif kind == "daikaiju_turned":
            plan[index] = [Move(_kaiju(data), turn_from(-90 if data["clockwise"] else 90),
                                steps=0.8, centred=True)]
        elif kind == "daikaiju_placed":
            plan[index] = [Move(_kaiju(data), rise(), steps=0.8, centred=True)]
    return plan


def _kaiju(data) -> str:
    return f'g.daikaiju[data-daikaiju="{data["daikaiju"]}"]'


def _placed(rotation: int) -> tuple:
    """From the hand, as the hand shows it (unturned), into its square, turned."""
    return ({"opacity": 0.2, "scale": "1.35", "rotate": f"{-90 * rotation}deg"},
            {"opacity": 1, "scale": "1", "rotate": "0deg"})


def _sail(data) -> Move:
    """The ship along each wake of its voyage, from where it stood to where it is."""
    path = data["path"]
    square, entry, _exit = path[0]
    points = [_ship_centre(square * 8 + entry)]
    for square, entry, exit_point in path:
        x0, y0 = _square_origin(square)
        points += cubic(*wake_curve(entry, exit_point, x0, y0), parts=6)
    # (the last few hundredths: on to the ship's own place, as drawn; Page.move adds it)
    frames = tuple(dict(frame, offset=round(frame["offset"] * 0.94, 4))
                   for frame in track(points))
    return Move(f'g.ship[data-seat="{data["seat"]}"]', frames,
                steps=max(MIN_SAIL_STEPS, SAIL_STEPS * len(path)), home=True)


__all__ = ["moves"]
