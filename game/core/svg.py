"""What both games' drawings share (game/tsuro/svg.py, game/tatsu/svg.py): SVG markup
written as text, with the standard library only.

    num(value)          a number for the markup: at most two decimals, no trailing zeros
    attr(value)         any value as the text of an attribute (quotes escaped)
    xy(x, y)            a point in path data, "x y"
    polygon(points)     a closed path through the points
    translate(x, y)     the value of a transform that moves a group to (x, y)
    button(label, ...)  the attributes that make an element a button to click, in words
    open_svg(...)       a drawing's root element and its <title> (the one label is both
                        its aria-label and its title)
    frame(...)          the rounded pale card a board stands on
    Scene               the facts of a position, read from a view (a dict: each game's
                        board_view(state), or a seat's state.view(seat))

A drawing is one string, built from pieces in order: the same input always gives the
same text.
"""

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
# The page's own list (static/style.css): a board drawn in the page then finds its fonts
# already looked up for the page's text, where another list would look each family up
# again when the first board is laid out (a long task on a slow phone).
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"
# A drawing's text at the size the drawing gives it, not re-fitted to the screen's pixels
# (Chromium fits each label's font anew whenever the drawing's size on screen changes): a
# board's labels are laid out about a quarter as long when its size changes (the panel
# beside it grows), and faster the first time, which counts on a slow phone; the glyphs
# look the same. Given with the font family on every root that has text. For the same
# reason the boards' text keeps to two weights, 400 and 700, and few sizes: each weight of
# a family, and each size of it, is a font the browser looks up and prepares anew.
TEXT_RENDERING = "geometricPrecision"


def num(value: float) -> str:
    """A coordinate, short: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attr(value: object) -> str:
    return escape(str(value), quote=True)


def xy(x: float, y: float) -> str:
    return f"{num(x)} {num(y)}"


def polygon(points: Iterable[tuple[float, float]]) -> str:
    return "M" + "L".join(xy(x, y) for x, y in points) + "Z"


def translate(x: float, y: float) -> str:
    return f"translate({xy(x, y)})"


def button(label: str, *, tabindex: int = 0, pressed: bool | None = None,
           cursor: bool = True) -> str:
    """The attributes of something to click, each after a space: role="button", its place
    in the tab order, aria-pressed when it toggles (`pressed` True or False), its label,
    and the pointer cursor."""
    toggle = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    return (f' role="button" tabindex="{tabindex}"{toggle} aria-label="{attr(label)}"'
            + (' cursor="pointer"' if cursor else ""))


def open_svg(view_box: str, label: str, attributes: Mapping[str, object], *, role: str = "img",
             font: str | None = FONT) -> str:
    """The root <svg> and its <title>: the viewBox, then `attributes` in their order,
    then role, aria-label (`label`, also the title) and the font family (none if None)."""
    pairs = "".join(f' {name}="{attr(value)}"' for name, value in attributes.items())
    family = "" if font is None else (f' font-family="{font}"'
                                        f' text-rendering="{TEXT_RENDERING}"')
    return (f'<svg xmlns="{SVG_NS}" viewBox="{view_box}"{pairs} role="{role}" '
            f'aria-label="{attr(label)}"{family}><title>{escape(label)}</title>')


def frame(width: float, height: float, fill: str, edge: str) -> str:
    """The card under the whole drawing, 1 unit inside its edges."""
    return (f'<rect class="frame" x="1" y="1" width="{width - 2}" height="{height - 2}" '
            f'rx="12" fill="{fill}" stroke="{edge}" stroke-width="2"/>')


class Scene(ABC):
    """The facts of a position that a drawing reads, from one thing: a view, the plain
    dict that each game's `board_view(state)` gives (the whole board and what the seat to
    move may choose), or a seat's `state.view(seat)`. The viewer is `seat`, else the
    view's own seat. Each game reads its facts in `read`, which sets at least `active`
    and `decision`."""

    active: int | None
    decision: str | None
    viewer: int | None

    def __init__(self, view: Mapping[str, Any], seat: int | None = None) -> None:
        self.read(view)
        self.viewer = view.get("seat") if seat is None else seat

    @abstractmethod
    def read(self, view: Mapping[str, Any]) -> None:
        """Read what is drawn from a view."""

    def may_act(self, highlight: object) -> bool:
        """Whether choices are drawn: asked for (`highlight`), a decision to make, and
        this screen's seat makes it (or the screen is nobody's)."""
        return bool(highlight) and self.decision is not None and (
            self.viewer is None or self.viewer == self.active)


__all__ = ["FONT", "SVG_NS", "TEXT_RENDERING", "Scene", "attr", "button", "frame", "num",
           "open_svg", "polygon", "translate", "xy"]
