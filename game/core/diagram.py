"""Diagrams: one position drawn once, as a standalone SVG file with notes on it, for the
rules pages and any document (no Python in the reader's browser). Each game's drawing
makes them: `diagram(state, notes, *, seat=None)` in game/<game>/diagram.py.

The notes, plain data (`Notes`), the same for both games:

    highlight   places to mark
    arrows      from a place to a place, each with an optional label
    labels      a text at a place
    dim         the whole board dimmed except the places marked (and the ghost's or the
                selection's squares and fields), which stay as bright as drawn
    ghost       Tsuro of the Seas: (tile, rotation) shown on the square in front of the
                ship to move, with the wakes every ship it reaches would sail; the tile
                is the engine's number (0-55, as in the JSON form; "wake tile n + 1" in
                the drawing and the text form) and must be in that captain's hand, the
                rotation 0-3 quarter turns clockwise
    select      Tatsu: a place holding a stone of the side to move; it is marked, and
                each segment it may go to with the dice left

A place is a text, read by the game's drawing:

    Tsuro of the Seas   a square: its engine number 0-48 (row * 7 + column, from the
                        top-left, as the JSON form numbers it), or the board's dice
                        numbers, gold column / blue row ("3/5"; 0 for the middle line,
                        which has none (D1), as in the text form: "0/4"), or row and
                        column counted from 1 ("r4c4")
    Tatsu               a segment "0".."23" (both fields), a field "5i" / "5o" (inner,
                        outer), a box of a side "black-mat", "white-tray", "black-dead",
                        one kind's pile in it "black-mat-fire", the dice "hub"; `select`
                        also takes "mat-fire" (the mat of the side to move)

On the command line (python3 -m game diagram ...) and in a notes file (--notes
FILE.json, a JSON object with any of these keys; the options add to the file's lists
and replace its ghost or select):

    --highlight P [P ...]   "highlight": ["3/5", 24]
    --arrow A:B[:label]     "arrows": [{"from": 24, "to": 25, "label": "sails"}]
                                       (or the option's text: "24:25:sails")
    --label P=TEXT          "labels": [{"at": "3/5", "text": "A"}]   (or "3/5=A")
    --dim                   "dim": true
    --ghost TILE/ROT        "ghost": {"tile": 12, "rotation": 1}     (or "12/1", or
                            as the text form writes tiles: "13e", tile 12 + 1 turned
                            so that its top points east)
    --select P              "select": "5i"

Anything wrong is refused with a NotesError (a ValueError) naming the option.

Also here, what both games' diagrams draw the same way (one small function per kind of
note; each game finds its places and calls them): the standalone document and its
styles, a highlight, the veil that dims, an arrow, a label's tag.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from math import hypot
from typing import Any

from game.core.i18n import _
from game.core.svg import FONT, SVG_NS, TEXT_RENDERING, attr, num, polygon, xy


class NotesError(ValueError):
    """Notes that cannot be drawn: `option` names the command line's option ("--arrow")
    or the notes file, the message says what is wrong."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}")
        self.option = option
        self.plain = message


@dataclass(frozen=True)
class Arrow:
    start: str  # a place
    end: str  # a place
    label: str | None = None


@dataclass(frozen=True)
class Notes:
    """What is drawn over a diagram's board (see the module's docstring). Places are
    texts as written; the game's drawing reads them."""

    highlight: tuple[str, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()  # (place, text)
    dim: bool = False
    ghost: tuple[int, int] | None = None  # Tsuro: (tile, rotation)
    select: str | None = None  # Tatsu: a place holding a stone

    def __bool__(self) -> bool:
        return bool(self.highlight or self.arrows or self.labels or self.dim
                    or self.ghost is not None or self.select is not None)

    @classmethod
    def from_dict(cls, data: object, source: str = "--notes") -> Notes:
        """Notes from a JSON object (see the module's docstring); `source` names it in
        errors."""
        if not isinstance(data, dict):
            raise NotesError(source, "the notes are a JSON object")
        unknown = sorted(set(data) - {"highlight", "arrows", "labels", "dim", "ghost",
                                      "select"})
        if unknown:
            raise NotesError(source, f"unknown key {unknown[0]!r} (the keys are highlight, "
                                     "arrows, labels, dim, ghost, select)")
        highlight = tuple(_place(p, f"{source}: highlight")
                          for p in _listed(data, "highlight", source))
        arrows = tuple(_arrow_item(item, f"{source}: arrows[{i}]")
                       for i, item in enumerate(_listed(data, "arrows", source)))
        labels = tuple(_label_item(item, f"{source}: labels[{i}]")
                       for i, item in enumerate(_listed(data, "labels", source)))
        dim = data.get("dim", False)
        if not isinstance(dim, bool):
            raise NotesError(f"{source}: dim", f"true or false, not {dim!r}")
        ghost = data.get("ghost")
        if ghost is not None:
            ghost = _ghost_item(ghost, f"{source}: ghost")
        select = data.get("select")
        if select is not None:
            select = _place(select, f"{source}: select")
        return cls(highlight, arrows, labels, dim, ghost, select)

    @classmethod
    def from_options(cls, *, highlight: Iterable[object] | None = (),
                     arrow: Iterable[object] | None = (), label: Iterable[object] | None = (),
                     dim: bool = False, ghost: object = None, select: object = None,
                     notes: str | os.PathLike[str] | None = None) -> Notes:
        """Notes from the command line's options (their texts as typed), added to those
        of `notes` (a notes file's path) when given."""
        base = cls()
        if notes is not None:
            try:
                with open(notes, encoding="utf-8") as handle:
                    data = json.load(handle)
            except OSError as error:
                raise NotesError("--notes", f"cannot read {notes}: "
                                            f"{error.strerror or error}") from None
            except ValueError as error:
                raise NotesError("--notes", f"{notes} is not valid JSON: {error}") from None
            base = cls.from_dict(data, f"--notes {notes}")
        return cls(
            base.highlight + tuple(_place(p, "--highlight") for p in highlight or ()),
            base.arrows + tuple(_arrow_text(a, "--arrow") for a in arrow or ()),
            base.labels + tuple(_label_text(t, "--label") for t in label or ()),
            base.dim or bool(dim),
            base.ghost if ghost is None else _ghost_text(ghost, "--ghost"),
            base.select if select is None else _place(select, "--select"),
        )


def _listed(data: dict[str, Any], key: str, source: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise NotesError(f"{source}: {key}", f"a list, not {value!r}")
    return value


def _place(value: object, option: str) -> str:
    if type(value) is int:
        return str(value)
    if not isinstance(value, str) or not value.strip():
        raise NotesError(option, f"a place is a text (or a number), not {value!r}")
    return value.strip()


def _arrow_text(text: object, option: str) -> Arrow:
    parts = str(text).split(":", 2)
    if len(parts) < 2 or not parts[0].strip() or not parts[1].strip():
        raise NotesError(option, f"an arrow is FROM:TO or FROM:TO:LABEL, not {text!r}")
    label = parts[2] if len(parts) == 3 and parts[2] else None
    return Arrow(parts[0].strip(), parts[1].strip(), label)


def _arrow_item(item: object, option: str) -> Arrow:
    if isinstance(item, str):
        return _arrow_text(item, option)
    if not isinstance(item, dict) or set(item) - {"from", "to", "label"} or not {
            "from", "to"} <= set(item):
        raise NotesError(option, 'an arrow is {"from": PLACE, "to": PLACE, "label": TEXT} '
                                 f'(label optional) or "FROM:TO[:LABEL]", not {item!r}')
    label = item.get("label")
    if label is not None and not isinstance(label, str):
        raise NotesError(option, f"a label is a text, not {label!r}")
    return Arrow(_place(item["from"], option), _place(item["to"], option), label or None)


def _label_text(text: object, option: str) -> tuple[str, str]:
    place, sign, words = str(text).partition("=")
    if not sign or not place.strip() or not words.strip():
        raise NotesError(option, f"a label is PLACE=TEXT, not {text!r}")
    return (place.strip(), words.strip())


def _label_item(item: object, option: str) -> tuple[str, str]:
    if isinstance(item, str):
        return _label_text(item, option)
    if (not isinstance(item, dict) or set(item) != {"at", "text"}
            or not isinstance(item["text"], str) or not item["text"].strip()):
        raise NotesError(option, f'a label is {{"at": PLACE, "text": TEXT}} or '
                                 f'"PLACE=TEXT", not {item!r}')
    return (_place(item["at"], option), item["text"].strip())


FACINGS = "nesw"  # Tsuro's text form: where a tile's top points, for rotations 0-3


def _ghost_text(text: object, option: str) -> tuple[int, int]:
    """(tile, rotation) from "12/1" (the engine's numbers, as in the JSON form) or
    "13e" (as the text form and the drawing write it: the tile from 1, where its top
    points)."""
    t = str(text).strip().lower()
    numbers = re.fullmatch(r"(\d+)\s*/\s*(\d+)", t)
    printed = re.fullmatch(r"(\d+)([nesw])", t)
    if numbers:
        return (int(numbers[1]), int(numbers[2]))
    if printed and int(printed[1]) > 0:
        return (int(printed[1]) - 1, FACINGS.index(printed[2]))
    raise NotesError(option, f"a ghost is TILE/ROTATION, like 12/1 (the tile 0-55 as the "
                             f"JSON form numbers it, quarter turns 0-3), or as the text "
                             f"form writes it, like 13e (the tile from 1, its top "
                             f"pointing n, e, s or w), not {text!r}")


def _ghost_item(item: object, option: str) -> tuple[int, int]:
    if isinstance(item, str):
        return _ghost_text(item, option)
    if isinstance(item, dict) and set(item) == {"tile", "rotation"} and all(
            type(v) is int for v in item.values()):
        return (item["tile"], item["rotation"])
    raise NotesError(option, f'a ghost is {{"tile": N, "rotation": R}} or "N/R", '
                             f"not {item!r}")


# --- drawing: what both games' diagrams share ------------------------------------------------
@dataclass(frozen=True)
class Spot:
    """A place as drawn: its words, its centre, its outline (path data, for a highlight
    and for the veil's hole) and its half size (an arrow stops short of the centre)."""

    words: str
    x: float
    y: float
    outline: str
    reach: float


NOTE, NOTE_CASING = "#d1006f", "#ffffff"  # the notes' ink, on a white casing
TAG, TAG_EDGE, TAG_INK = "#ffffff", "#d1006f", "#1a1a1a"
VEIL, VEIL_OPACITY = "#ffffff", 0.5
TAG_FONT = 13


def style(dark: str = "") -> str:
    """The diagram's <style>: light colours as drawn (presentation attributes), and in a
    dark page (prefers-color-scheme: dark) the notes' own parts darkened, plus the game's
    `dark` rules (its card and what lies on it)."""
    return ("<style>"
            "@media (prefers-color-scheme: dark){"
            ".note-veil{fill:#08141a;fill-opacity:0.5}"
            ".note-tag rect{fill:#10222b;stroke:#ff7ab8}"
            ".note-tag text{fill:#ffffff}"
            f"{dark}}}</style>")


def rect_outline(x: float, y: float, width: float, height: float) -> str:
    return f"M{xy(x, y)}h{num(width)}v{num(height)}h{num(-width)}Z"


def document(width: float, height: float, *, title: str, desc: str, body: str,
             attributes: Mapping[str, object], dark: str = "", pre: str = "diagram-") -> str:
    """A standalone SVG file: the XML declaration, the root (viewBox, and width and
    height in proportion to it), its <title> and <desc> (also its accessible name and
    description), the styles, then `body`."""
    pairs = "".join(f' {name}="{attr(value)}"' for name, value in attributes.items())
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="{SVG_NS}" viewBox="0 0 {num(width)} {num(height)}" '
            f'width="{num(width)}" height="{num(height)}"{pairs} role="img" '
            f'aria-labelledby="{pre}title" aria-describedby="{pre}desc" '
            f'font-family="{FONT}" text-rendering="{TEXT_RENDERING}">'
            f'<title id="{pre}title">{escape(title)}</title>'
            f'<desc id="{pre}desc">{escape(desc)}</desc>{style(dark)}{body}</svg>\n')


def image_file(drawn: str) -> str:
    """A diagram (`document`) as the site serves it, for an <img>: without what only a
    board in a page uses, the <title> of each piece (an image is one picture, named by its
    alt text) and the data attributes of its elements (no script reads into an image).
    The root, its own <title> and <desc> and the classes (the <style> reads them) are
    kept. A third fewer elements: a rules page parses each on its own thread as it
    scrolls into view, at 4x CPU slowdown in tasks of over 100 ms."""
    head, close, body = drawn.partition("</desc>")
    return head + close + _DATA.sub("", _PIECE_TITLE.sub("", body))


_PIECE_TITLE = re.compile(r"<title>[^<]*</title>")
_DATA = re.compile(r' data-[a-z-]+="[^"]*"')


def highlight(spot: Spot) -> str:
    """A place marked: its outline in the notes' ink on a white casing, lightly tinted."""
    return (f'<g class="note-highlight" pointer-events="none">'
            f'<path d="{spot.outline}" fill="{NOTE}" fill-opacity="0.1" '
            f'stroke="{NOTE_CASING}" stroke-width="7" stroke-linejoin="round"/>'
            f'<path d="{spot.outline}" fill="none" stroke="{NOTE}" stroke-width="3.5" '
            f'stroke-linejoin="round"/></g>')


def veil(width: float, height: float, lit: Iterable[Spot], pre: str = "diagram-") -> str:
    """The whole card (its rounded corners kept) under a pale veil, except the `lit`
    spots: a mask with a hole for each."""
    holes = "".join(spot.outline for spot in lit)
    hole = f'<path d="{holes}" fill="#000000"/>' if holes else ""
    return (f'<mask id="{pre}veil" maskUnits="userSpaceOnUse" x="0" y="0" '
            f'width="{num(width)}" height="{num(height)}">'
            f'<rect width="{num(width)}" height="{num(height)}" fill="#ffffff"/>{hole}</mask>'
            f'<rect class="note-veil" x="1" y="1" width="{num(width - 2)}" '
            f'height="{num(height - 2)}" rx="12" fill="{VEIL}" '
            f'fill-opacity="{VEIL_OPACITY}" mask="url(#{pre}veil)" pointer-events="none"/>')


Point = tuple[float, float]  # (x, y) on the board


def _trimmed(points: Iterable[Point], start: float, end: float) -> list[Point]:
    """The polyline `points` without its first `start` units and its last `end`."""
    def cut(pts: Iterable[Point], length: float) -> list[Point]:
        pts = list(pts)
        while len(pts) > 1 and length > 0:
            (x1, y1), (x2, y2) = pts[0], pts[1]
            step = hypot(x2 - x1, y2 - y1)
            if step > length:
                t = length / step
                pts[0] = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
                return pts
            length -= step
            pts.pop(0)
        return pts
    return list(reversed(cut(reversed(cut(points, start)), end)))


def _middle(points: Sequence[Point]) -> Point:
    """The point halfway along a polyline."""
    lengths = [hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:])]
    half = sum(lengths) / 2
    for (a, b), step in zip(zip(points, points[1:]), lengths):
        if step >= half and step:
            t = half / step
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= step
    return points[-1]


HEAD_LENGTH, HEAD_HALF = 15, 8.5


def arrow(points: Sequence[Point], start: Spot, end: Spot, label: str | None,
          bounds: tuple[float, float]) -> str:
    """An arrow along the polyline `points` (from `start`'s centre to `end`'s), leaving
    a little of the start and stopping short of the end's centre: a line and a head in
    the notes' ink on a white casing, its label's tag halfway."""
    pts = _trimmed(points, min(start.reach * 0.35, 12), min(end.reach * 0.45, 16))
    if len(pts) < 2:
        pts = [points[0], points[-1]]
    (bx, by), (tx, ty) = pts[-2], pts[-1]
    length = hypot(tx - bx, ty - by) or 1
    ux, uy = (tx - bx) / length, (ty - by) / length
    base = (tx - ux * HEAD_LENGTH, ty - uy * HEAD_LENGTH)
    head = (pts[-1], (base[0] - uy * HEAD_HALF, base[1] + ux * HEAD_HALF),
            (base[0] + uy * HEAD_HALF, base[1] - ux * HEAD_HALF))
    shaft = _trimmed(pts, 0, HEAD_LENGTH - 2)
    d = "M" + "L".join(xy(x, y) for x, y in shaft)
    parts = [f'<g class="note-arrow" pointer-events="none" stroke-linejoin="round" '
             f'stroke-linecap="round">'
             f'<path d="{d}" fill="none" stroke="{NOTE_CASING}" stroke-width="8.5"/>'
             f'<path d="{polygon(head)}" fill="{NOTE_CASING}" stroke="{NOTE_CASING}" '
             f'stroke-width="5"/>'
             f'<path class="shaft" d="{d}" fill="none" stroke="{NOTE}" stroke-width="4"/>'
             f'<path class="head" d="{polygon(head)}" fill="{NOTE}" stroke="{NOTE}" '
             f'stroke-width="1"/></g>']
    if label:  # beside the middle of the line, above it (right of an upright one)
        x, y = _middle(pts)
        (ax, ay), (zx, zy) = pts[0], pts[-1]
        length = hypot(zx - ax, zy - ay) or 1
        nx, ny = (zy - ay) / length, -(zx - ax) / length
        if ny > 0 or (abs(ny) < 0.2 and nx < 0):
            nx, ny = -nx, -ny
        away = abs(nx) * (text_width(label, TAG_FONT) + 10) / 2 + abs(ny) * TAG_H / 2 + 6
        parts.append(tag(x + nx * away, y + ny * away, label, bounds,
                         "note-tag arrow-label"))
    return "".join(parts)


def text_width(text: str, size: float) -> float:
    """A generous width of `text` in a bold sans-serif at `size`: room enough in the
    fonts a page meets (wide characters, East Asian or emoji, count 1.25 em)."""
    em = 0.0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        if unicodedata.east_asian_width(ch) in "WF":
            em += 1.25
        elif ch in "il.,:;'|!":
            em += 0.36
        elif ch in "mwMW%@":
            em += 1.05
        elif ch.isupper() or ch.isdigit():
            em += 0.78
        else:
            em += 0.66
    return em * size


TAG_H = TAG_FONT + 8


def tag(x: float, y: float, text: str, bounds: tuple[float, float],
        css_class: str = "note-tag") -> str:
    """A label: dark text on a white tag edged in the notes' ink, centred on (x, y) and
    kept inside `bounds` (width, height)."""
    width = text_width(text, TAG_FONT) + 10
    left = min(max(x - width / 2, 4), bounds[0] - 4 - width)
    top = min(max(y - TAG_H / 2, 4), bounds[1] - 4 - TAG_H)
    return (f'<g class="{css_class}" pointer-events="none">'
            f'<rect x="{num(left)}" y="{num(top)}" width="{num(width)}" height="{TAG_H}" '
            f'rx="5" fill="{TAG}" stroke="{TAG_EDGE}" stroke-width="2"/>'
            f'<text x="{num(left + width / 2)}" y="{num(top + TAG_H / 2 + TAG_FONT * 0.36)}" '
            f'text-anchor="middle" font-size="{TAG_FONT}" font-weight="700" '
            f'fill="{TAG_INK}">{escape(text)}</text></g>')


def labels(spots_and_texts: Iterable[tuple[Spot, str]], bounds: tuple[float, float]) -> str:
    """Each label's tag on its place; more than one on a place stack downwards."""
    seen: dict[tuple[float, float], int] = {}
    parts = []
    for spot, text in spots_and_texts:
        count = seen.get((spot.x, spot.y), 0)
        seen[(spot.x, spot.y)] = count + 1
        parts.append(tag(spot.x, spot.y + count * (TAG_H + 3), text, bounds,
                         "note-tag label"))
    return "".join(parts)


def quoted(text: str) -> str:
    """A text in the quotation marks of the language spoken."""
    return _("“{text}”").format(text=text)


def notes_words(highlights: Sequence[Spot], arrows: Iterable[tuple[Spot, Spot, str | None]],
                labelled: Iterable[tuple[Spot, str]], dim: bool) -> list[str]:
    """The notes in words, for the <desc>: `highlights` spots, `arrows` as (start spot,
    end spot, label), `labelled` as (spot, text)."""
    words = []
    if highlights:
        words.append(_("Marked: {places}.").format(
            places="; ".join(s.words for s in highlights)))
    for start, end, label in arrows:
        if label:
            words.append(_("An arrow from {start} to {end}, labelled {label}.").format(
                start=start.words, end=end.words, label=quoted(label)))
        else:
            words.append(_("An arrow from {start} to {end}.").format(start=start.words,
                                                                      end=end.words))
    for spot, text in labelled:
        words.append(_("The label {label} on {place}.").format(label=quoted(text),
                                                                place=spot.words))
    if dim:
        words.append(_("The rest of the board is dimmed."))
    return words


__all__ = ["Arrow", "Notes", "NotesError", "Spot", "arrow", "document", "highlight",
           "image_file", "labels", "notes_words", "rect_outline", "style", "tag", "veil"]
