"""Motion: the pieces of a board move as the engine's events say, before the eye.

After an action the page draws the board as it now is, then plays each event: its line
in the log, and its motion, if it has one. A motion is a list of `Move`s, each the
browser's own animation (the Web Animations API: `element.animate(keyframes, options)`)
of elements already drawn at their new places: keyframes from where they were, through
the way they went, to where they are. A piece the action took off the board (a sunk
ship, an eaten tile) moves as a copy of itself as it was drawn before the action
(`before=True`), which plays its keyframes and is then gone. Nothing is redrawn frame by
frame, and the board underneath is already right: skipping a motion, or a player who
asks for reduced motion, only shows the end at once. Pure: the games' motions
(game/<game>/motion.py) are built and tested natively; static/page.js (move)
plays them.

Durations are in the table's steps (a log line's time at the chosen pace), so motion
follows the pace; at "instant" nothing moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import hypot
from typing import Any

# One keyframe: CSS properties and their values, a text or a number by property
# ({"transform": "translate(1px, 2px)", "offset": 0.5}), as the browser takes them.
Keyframe = dict[str, Any]


@dataclass(frozen=True)
class Move:
    """One animation: what moves (a selector inside the board), its keyframes (dicts of
    CSS properties, e.g. {"transform": "translate(10px, 20px)"}), for how many steps,
    after how many (within its event's motion)."""

    selector: str
    keyframes: tuple[Keyframe, ...]
    steps: float = 1.0
    delay: float = 0.0
    centred: bool = False  # turns and scales about the element's own centre
    home: bool = False  # the last keyframe is the element's own place, as drawn
    # What moves is the element as drawn before the action (gone from the board now): a
    # copy of it, over the board and hidden from screen readers, that stays at its last
    # keyframe (so that its end is: not there) until the action's motion is over.
    before: bool = False

    def options(self, step_seconds: float) -> dict[str, int | str]:
        return {"duration": round(self.steps * step_seconds * 1000),
                "delay": round(self.delay * step_seconds * 1000),
                "easing": "ease-in-out", "fill": "both" if self.before else "backwards"}


def at(x: float, y: float) -> str:
    """A CSS transform putting an SVG element's origin at (x, y) of the board."""
    return f"translate({x:.2f}px, {y:.2f}px)"


def track(points: Iterable[tuple[float, float]]) -> tuple[Keyframe, ...]:
    """Keyframes through `points` ((x, y) of the board) at an even speed: each keyframe's
    offset is its share of the way."""
    points = list(points)
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        lengths.append(lengths[-1] + hypot(x1 - x0, y1 - y0))
    total = lengths[-1] or 1.0
    return tuple({"transform": at(x, y), "offset": round(length / total, 4)}
                 for (x, y), length in zip(points, lengths))


def cubic(p0: Sequence[float], p1: Sequence[float], p2: Sequence[float],
          p3: Sequence[float], parts: int) -> list[tuple[float, ...]]:
    """Points along a cubic Bezier curve (the shape of a wake), its end included, not
    its start."""
    out = []
    for k in range(1, parts + 1):
        t = k / parts
        u = 1 - t
        out.append(tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                         for a, b, c, d in zip(p0, p1, p2, p3)))
    return out


def turn_from(degrees: float) -> tuple[Keyframe, ...]:
    """Keyframes turning an element from `degrees` to as it is drawn (about its centre)."""
    return ({"rotate": f"{degrees}deg"}, {"rotate": "0deg"})


def rise() -> tuple[Keyframe, ...]:
    """Keyframes of something placed: it grows into its place."""
    return ({"opacity": 0, "scale": "1.6"}, {"opacity": 1, "scale": "1"})


def roll() -> tuple[Keyframe, ...]:
    """Keyframes of a die rolled: it tumbles and lands."""
    return ({"rotate": "-200deg", "scale": "0.6", "opacity": 0.3},
            {"rotate": "40deg", "scale": "1.15", "opacity": 1, "offset": 0.7},
            {"rotate": "0deg", "scale": "1"})


__all__ = ["Move", "at", "cubic", "rise", "roll", "track", "turn_from"]
