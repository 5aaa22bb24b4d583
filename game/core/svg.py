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
    Scene               the facts of a position, read from a state or from a seat's view

A drawing is one string, built from pieces in order: the same input always gives the
same text.
"""

from abc import ABC, abstractmethod
from html import escape

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"


def num(value) -> str:
    """A coordinate, short: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attr(value) -> str:
    return escape(str(value), quote=True)


def xy(x, y) -> str:
    return f"{num(x)} {num(y)}"


def polygon(points) -> str:
    return "M" + "L".join(xy(x, y) for x, y in points) + "Z"


def translate(x, y) -> str:
    return f"translate({xy(x, y)})"


def button(label: str, *, tabindex=0, pressed=None, cursor=True) -> str:
    """The attributes of something to click, each after a space: role="button", its place
    in the tab order, aria-pressed when it toggles (`pressed` True or False), its label,
    and the pointer cursor."""
    pressed = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    return (f' role="button" tabindex="{tabindex}"{pressed} aria-label="{attr(label)}"'
            + (' cursor="pointer"' if cursor else ""))


def open_svg(view_box: str, label: str, attributes: dict, *, role="img", font=FONT) -> str:
    """The root <svg> and its <title>: the viewBox, then `attributes` in their order,
    then role, aria-label (`label`, also the title) and the font family (none if None)."""
    pairs = "".join(f' {name}="{attr(value)}"' for name, value in attributes.items())
    family = "" if font is None else f' font-family="{font}"'
    return (f'<svg xmlns="{SVG_NS}" viewBox="{view_box}"{pairs} role="{role}" '
            f'aria-label="{attr(label)}"{family}><title>{escape(label)}</title>')


def frame(width, height, fill: str, edge: str) -> str:
    """The card under the whole drawing, 1 unit inside its edges."""
    return (f'<rect class="frame" x="1" y="1" width="{width - 2}" height="{height - 2}" '
            f'rx="12" fill="{fill}" stroke="{edge}" stroke-width="2"/>')


class Scene(ABC):
    """The facts of a position that a drawing reads, from the engine's state or from the
    dict `state.view(seat)` gives (then the viewer defaults to the view's seat). Each game
    reads its own facts in `_from_state` and `_from_view`, which set at least `state` (None
    from a view), `active` and `decision`."""

    def __init__(self, source, seat):
        if isinstance(source, dict):
            self._from_view(source)
            self.viewer = source.get("seat") if seat is None else seat
        else:
            self._from_state(source)
            self.viewer = seat

    @abstractmethod
    def _from_state(self, state):
        """Read what is drawn from a state."""

    @abstractmethod
    def _from_view(self, view):
        """Read what is drawn from a seat's view (a dict)."""

    def may_act(self, highlight) -> bool:
        """Whether choices are drawn: asked for (`highlight`), a decision to make, and
        this screen's seat makes it (or the screen is nobody's)."""
        return bool(highlight) and self.decision is not None and (
            self.viewer is None or self.viewer == self.active)


__all__ = ["FONT", "SVG_NS", "Scene", "attr", "button", "frame", "num", "open_svg",
           "polygon", "translate", "xy"]
