"""Diagrams of Tatsu: one position drawn once, as a standalone SVG document with notes on
it (game/core/diagram.py), for the rules pages and any document.

    diagram(state, notes, *, seat=None, names=None) -> the SVG document: the page's board
        (game/tatsu/svg.py, `layers`, drawn from `board_view(state)`) with nothing to
        click, the notes over it, placed by the board's geometry (game/tatsu/geometry.py)
    place_of(text, option) -> where a place is drawn; PLACE_HELP says how places are named

Places are segments, fields, a side's boxes and the piles in them, and the hub; a
selection (`select`) shows a stone's moves as the page does, with nothing to click.
The command line draws these (`python3 -m game diagram` finds this module by its name,
game/<game>/diagram.py). The browser page never imports it, and no game's description
names it (GameInfo.NAMED: what the page loads), so the page never downloads the notes.
"""

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.diagram import (
    Notes,
    NotesError,
    Spot,
    arrow,
    document,
    highlight,
    labels,
    notes_words,
    rect_outline,
    veil,
)
from game.core.i18n import N_, _
from game.core.svg import num, xy
from game.tatsu.arena import COLOUR_NAMES, COLOURS, INNER, KINDS, MAT, OUTER, SEGMENTS
from game.tatsu.geometry import (  # the board's own geometry
    BOX_GAP,
    BOX_H,
    BOX_W,
    BOX_X,
    BOX_Y,
    BOXES,
    CX,
    CY,
    HEIGHT,
    PILE_W,
    PILE_Y,
    R_IN,
    R_MID,
    R_OUT,
    WIDTH,
    field_radius,
    polar,
    sector,
    side_top,
)
from game.tatsu.svg import (  # the board's own words
    Stone,
    TatsuScene,
    board_view,
    field_words,
    layers,
    stone_words,
    summary,
)
from game.tatsu.text import colour_name, kind_word, segment_name

if TYPE_CHECKING:
    from game.tatsu.state import TatsuState

Ring = tuple[int, float]  # a place on the ring: (segment, radius)

PLACE_HELP = ("a place is a segment 0-23, a field like 5i or 5o (inner, outer), a side's "
              "box like black-mat, white-tray or black-dead, a pile in it like "
              "black-mat-fire, or hub (the dice)")
# A dark page: the card turns dark, and what lies on it (the segments' numbers) light.
DARK_CSS = ".frame{fill:#12252e;stroke:#3f5a66}.segment-number{fill:#e0d3b4}"
# A side's box in words, and a pile in it: "Black's mat", "the fire dragons in Black's mat".
BOX_OWNER = {"tray": N_("{colour}'s tray"), "mat": N_("{colour}'s mat"),
             "dead": N_("{colour}'s dead zone")}
PILE_IN = {"tray": N_("the {kind} dragons in {colour}'s tray"),
           "mat": N_("the {kind} dragons in {colour}'s mat"),
           "dead": N_("the {kind} dragons in {colour}'s dead zone")}
# What choosing a destination would do, for the words of a selection.
WAYS = {"move": N_("move to {segment} with the {die}"),
        "enter": N_("enter to {segment} with the {die}"),
        "escape": N_("escape to {segment} with the {die}")}


def _circle_outline(x: float, y: float, r: float) -> str:
    return (f"M{xy(x - r, y)}A{num(r)} {num(r)} 0 1 0 {xy(x + r, y)}"
            f"A{num(r)} {num(r)} 0 1 0 {xy(x - r, y)}Z")


def place_of(text: str, option: str) -> tuple[Spot, Ring | None]:
    """(Spot, ring) for a place (see PLACE_HELP): ring is (segment, radius) for a place
    on the ring, where arrows follow it, else None. NotesError naming `option`."""
    t = str(text).strip().lower()
    ring = re.fullmatch(r"(\d+)([io]?)", t)
    side = re.fullmatch(r"(black|white)-(tray|mat|dead)(?:-(vine|water|fire))?", t)
    if ring and int(ring[1]) < SEGMENTS:
        segment = int(ring[1])
        if not ring[2]:
            x, y = polar(segment, R_MID)
            return Spot(segment_name(segment), x, y, sector(segment, R_IN, R_OUT),
                        17), (segment, R_MID)
        field = INNER if ring[2] == "i" else OUTER
        r1, r2 = (R_IN, R_MID) if field == INNER else (R_MID, R_OUT)
        radius = field_radius(field)
        x, y = polar(segment, radius)
        return Spot(field_words(segment, field), x, y,
                    sector(segment, r1, r2), 13), (segment, radius)
    if side:
        seat, box, kind = COLOURS.index(side[1]), side[2], side[3]
        y0 = side_top(seat)
        bx = BOX_X + BOXES.index(box) * (BOX_W + BOX_GAP)
        if kind is None:
            owner = _(BOX_OWNER[box]).format(colour=colour_name(seat))
            return Spot(owner, bx + BOX_W / 2, y0 + BOX_Y + BOX_H / 2,
                        rect_outline(bx + 2, y0 + BOX_Y + 2, BOX_W - 4, BOX_H - 4),
                        24), None
        left = bx + KINDS.index(kind) * PILE_W
        pile = _(PILE_IN[box]).format(kind=kind_word(kind), colour=colour_name(seat))
        return Spot(pile, left + PILE_W / 2, y0 + PILE_Y,
                    rect_outline(left + 2, y0 + BOX_Y + 15, PILE_W - 4, BOX_H - 17),
                    14), None
    if t == "hub":
        return Spot(_("the dice in the middle"), CX, CY,
                    _circle_outline(CX, CY, R_IN - 7), 30), None
    raise NotesError(option, f"no place {text!r} on the board: {PLACE_HELP}")


def _spot(text: str, option: str) -> Spot:
    return place_of(text, option)[0]


def _ring_path(start: Ring, end: Ring) -> list[tuple[float, float]]:
    """Points along the ring from one place on it to another, the shorter way round
    (clockwise when both ways are as long), the radius changing evenly."""
    (a, ra), (b, rb) = start, end
    steps = (b - a) % SEGMENTS
    if steps > SEGMENTS / 2:
        steps -= SEGMENTS
    count = max(2, abs(steps) * 4 + 1)
    return [polar(a + steps * i / (count - 1), ra + (rb - ra) * i / (count - 1))
            for i in range(count)]


def _selection(scene: TatsuScene, text: str) -> tuple[Stone, str, Spot]:
    """The stone `--select` names, as an address ((segment, field) or ("mat", kind)),
    with its words and spot; it must be a stone of the side to move."""
    t = str(text).strip().lower()
    address: Stone
    ring = re.fullmatch(r"(\d+)([io]?)", t)
    mat = re.fullmatch(r"(?:(black|white)-)?mat-(vine|water|fire)", t)
    if scene.active is None:
        raise NotesError("--select", "the game is over: no side is to move")
    if ring and int(ring[1]) < SEGMENTS:
        segment = int(ring[1])
        field = {"i": INNER, "o": OUTER}.get(ring[2]) or (
            OUTER if (segment, OUTER) in scene.fields else INNER)
        if (segment, field) not in scene.fields:
            raise NotesError("--select", f"no stone on {segment_name(segment)}, "
                                         f"{field} field")
        owner, kind, _status = scene.fields[segment, field]
        address = (segment, field)
        if field == INNER:
            words = _("the {stone} on {segment}, inner field")
        else:
            words = _("the {stone} on {segment}, outer field")
        words = words.format(stone=stone_words(owner, kind), segment=segment_name(segment))
        spot = place_of(f"{segment}{field[0]}", "--select")[0]
    elif mat:
        owner = scene.active if mat[1] is None else COLOURS.index(mat[1])
        kind = mat[2]
        if not scene.mats[owner][kind]:
            raise NotesError("--select", f"{COLOUR_NAMES[owner]}'s mat holds no {kind} "
                                         "dragon")
        address = (MAT, kind)
        words = _("a {stone} on {colour}'s mat").format(stone=stone_words(owner, kind),
                                                        colour=colour_name(owner))
        spot = place_of(f"{COLOURS[owner]}-mat-{kind}", "--select")[0]
    else:
        raise NotesError("--select", f"no stone {text!r}: a stone is a field like 5i or "
                                     "5o, a segment like 5 (its top stone), or a pile on "
                                     "the mat like mat-fire or white-mat-fire")
    if owner != scene.active:
        raise NotesError("--select", f"{words} is {COLOUR_NAMES[owner]}'s, and "
                                     f"{COLOUR_NAMES[scene.active]} is to move")
    return address, words, spot


def _select_note(scene: TatsuScene, select: str | None
                 ) -> tuple[Stone | None, list[tuple[Action, int]], list[str], list[Spot]]:
    """The selected stone and its destinations (targets), their words, and what they
    light (the stone's place and each segment it may go to)."""
    if select is None:
        return None, [], [], []
    address, words, spot = _selection(scene, select)
    targets = scene.destinations(address) if address in scene.movable() else []
    ways = [_(WAYS[action.kind]).format(segment=segment_name(segment), die=action.args[1])
            for action, segment in targets]
    may = ways[0] if ways else ""
    for way in ways[1:]:
        may = _("{ways}; or {way}").format(ways=may, way=way)
    said = [_("Selected: {stone}, ringed in gold.").format(stone=words) + " "
            + (_("It may {ways} (shaded gold, the die on the segment's number).").format(
                ways=may) if ways else _("It cannot move now."))]
    lit = [spot] + [_spot(str(segment), "--select") for _action, segment in targets]
    return address, targets, said, lit


def _highlights(spots: Iterable[Spot]) -> str:
    return "".join(highlight(spot) for spot in spots)


def _arrows(arrows: Iterable[tuple[tuple[Spot, Ring | None], tuple[Spot, Ring | None],
                                   str | None]]) -> str:
    """Each arrow along the ring when both ends are on it, else straight."""
    parts = []
    for (start, ring_a), (end, ring_b), label in arrows:
        if ring_a and ring_b and ring_a[0] != ring_b[0]:
            points = _ring_path(ring_a, ring_b)
        else:
            points = [(start.x, start.y), (end.x, end.y)]
        parts.append(arrow(points, start, end, label, (WIDTH, HEIGHT)))
    return "".join(parts)


def _labels(labelled: Iterable[tuple[Spot, str]]) -> str:
    return labels(labelled, (WIDTH, HEIGHT))


def _veil(dim: bool, lit: Iterable[Spot]) -> str:
    return veil(WIDTH, HEIGHT, lit) if dim else ""


def diagram(state: "TatsuState", notes: Notes | None = None, *,
            seat: int | None = None, names: Sequence[str] | None = None) -> str:
    """The board as a standalone SVG document (an .svg file, an <img> in any page):
    nothing to click, the notes (game/core/diagram.py) over it, its <title> the position
    in words and its <desc> the notes. The same input always gives the same text.

    state: a TatsuState, drawn as the page draws it (svg.board_view); seat: whose view it
    is ("You are ..."), 0 Black or 1 White (the engine's numbers; the command line's
    --seat counts from 1); names: optional names per seat. Bad notes raise NotesError
    naming the option."""
    notes = Notes() if notes is None else notes
    scene = TatsuScene(board_view(state), seat)
    if scene.viewer is not None and scene.viewer not in (0, 1):
        shown = scene.viewer + 1 if type(scene.viewer) is int else repr(scene.viewer)
        raise NotesError("--seat", f"a seat is 1 (Black) or 2 (White), not {shown}")
    if notes.ghost is not None:
        raise NotesError("--ghost", "a ghost tile is for Tsuro of the Seas; Tatsu shows a "
                                    "stone's moves with --select PLACE")
    marked = [_spot(p, "--highlight") for p in notes.highlight]
    arrows = []
    for note in notes.arrows:
        start, end = place_of(note.start, "--arrow"), place_of(note.end, "--arrow")
        if start == end:
            raise NotesError("--arrow", f"{note.start!r} and {note.end!r} are the same "
                                        "place: an arrow goes from one place to another")
        arrows.append((start, end, note.label))
    labelled = [(_spot(place, "--label"), text) for place, text in notes.labels]
    selected, targets, select_words, select_lit = _select_note(scene, notes.select)
    body = layers(scene, names, "", [], selected, {}, targets, clickable=False) + (
        _veil(notes.dim, marked + select_lit), _highlights(marked), _arrows(arrows),
        _labels(labelled))
    words = select_words + notes_words(marked, [(a[0], b[0], label) for a, b, label in arrows],
                                       labelled, notes.dim)
    return document(WIDTH, HEIGHT, title=summary(scene, names),
                    desc=" ".join(words) or _("The position alone, with no notes."),
                    body="".join(body), dark=DARK_CSS, attributes={
                        "class": "diagram tatsu-diagram", "data-board": "tatsu",
                        "data-turn": scene.turn})


__all__ = ["PLACE_HELP", "diagram", "place_of"]
