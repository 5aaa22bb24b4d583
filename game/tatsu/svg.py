"""Drawing Tatsu: a pure function from a view of a position (a dict) to SVG markup text,
in the spirit of python-chess's `chess.svg.board()`.

Standard library only, no browser imports: the page (Pyodide) puts the text into the DOM,
the tests parse it with xml.etree. The same view always gives the same text. Where
things are on the board is game/tatsu/geometry.py.

    board_view(state) -> the view a state is drawn from: the whole board and the moves of
        the side to move
    board(view, *, seat=None, selected=None, highlight=True, names=None, id_prefix="",
          last=None, ghost=None) -> one <svg data-board="tatsu"> for the arena and both
        sides, from `board_view(state)` or a seat's `state.view(seat)`
    turn_steps(p, seat, dice, actions, first=True), turn_words(steps), move_words(step)
        -> a turn's actions as they would go (played on the compact position by the
        rules), and in words, as the coach advises them (a hint's head, the ghost's title)
    seat_words(seat, names), stone_words(seat, kind), field_words(segment, field) -> a
        seat, a stone and a field in words
    TatsuScene(view, seat), summary(scene, names), layers(scene, ...) -> what a board
        is drawn from, its words, and the markup inside its root: the hook that
        game/tatsu/diagram.py draws a diagram with (the board once, nothing to click,
        notes over it, for the rules pages; the page never loads that module)

What a page can rely on (seats are 0 = Black, 1 = White; segments 0-23 clockwise from
the top; a stone is addressed as in the actions: (segment, "inner"|"outer") or
("mat", kind)):

    svg[data-board=tatsu]   data-decision ("move" | "pass" | ""), data-active (seat to
        move, "" once over), data-turn, data-dice (dice left, "3,5"), data-rolled (both
        dice), data-viewer, data-winner; a <title> and aria-label in words; role="img",
        or role="group" while it holds something to click
    path.field[data-segment][data-field=inner|outer]   the 48 fields (.corner on the six
        corner segments, with data-kind)
    g.corner-mark[data-segment][data-kind]        a corner's dragon badge (glyph + letter)
    g.entry[data-seat][data-entry=1..3][data-segment]   a player's entry points
    text.segment-number[data-segment]
    g.stone#stone-<segment>-<field>[data-seat][data-kind][data-segment][data-field]
        [data-status=free|held|entangled]; classes: entangled, held, movable (role=button,
        aria-label, data-rove="stones"), selected; data-escape=<die> on a stone that may escape.
        A movable stone ends with circle.hit, its round hit area (HIT_R, transparent).
        An entangled stone holds g.vine-ring (its tendrils, about its centre), a held
        one g.lock (at geometry.LOCK_AT): game/tatsu/motion.py winds and loosens them
    g.target#target-<segment>-<die>[data-target-segment][data-action][data-die][data-kind]
        a legal destination of the selected stone (role=button, data-rove="targets");
        data-action is the
        JSON of the action (Action.to_json(), e.g. ["move",[5,"inner"],3]); its
        path.sector is the whole segment of the ring, rect.die-label the die over the
        segment's number, and path.hit (last, transparent) the sector again
    g.side#side-<seat>[data-seat]  one player's tray, mat and dead zone (class "active"
        on the side to move); text.name is the player's name, cut with an ellipsis
        when it would not fit (the <title> keeps it whole)
    g.pile#pile-<seat>-<box>-<kind>[data-box=tray|mat|dead][data-seat][data-kind]
        [data-count][data-colour]   data-seat is the box's owner; data-colour the stones'
        colour (a dead zone holds the opponent's stones). Mat piles also have
        data-mat=<kind>, and "movable" / "selected" like arena stones; a movable pile's
        rect.hit is its column of the mat's box. The pile's stone is its one child <g>,
        at geometry.pile_centre(box, kind) within the side (drawn at
        (0, geometry.side_top(seat)))
    Roving focus: of the movable stones and piles (data-rove="stones") one is in the tab
    order (tabindex="0": the selected one, else the first drawn), and so is the first
    target (data-rove="targets"); the others have tabindex="-1" and are reached with the
    arrow keys (static/page.js).
    g.die#die-<i>[data-die=value]   the two dice of the turn; class "used" once used
    g.hub > text.hub-line, text.hub-sub   whose turn (or who won), and the turn number
    g.last-move   the last stone moved (`last`), pointer-events="none": circle.last-from
        (a dashed ring where it was; none when it came from the mat) and circle.last-to
        (a dashed ring round it where it landed); under the stones
    g.ghost[data-advice][data-seat]   the coach's advice (`ghost`, game/tatsu/coach.py),
        drawn faintly, pointer-events="none", its <title> the turn in words; for each of
        its actions in order (as far as each is legal then), numbered by data-step (0, 1):
        path.ghost-path[data-step] dashed from where the stone starts (its field, or its
        pile on the mat) round the ring to where it lands; g.ghost-stone[data-step]
        [data-seat][data-kind][data-segment][data-field][data-acted] a translucent copy
        of the stone there in a dashed ring (data-acted: what its landing does, "hold",
        "entangle", "expel", "destroy", or ""); g.ghost-die[data-step][data-die] the die
        used, over the landing segment's number; g.ghost-recruit[data-step][data-kind] a
        dashed ring round the mat's pile that a landing on a corner recruits to. A pass
        draws nothing. Over everything else (it lets clicks through)

Sizes, for a board as wide as a 360-px phone (0.9 CSS px per unit): every text is at
least MIN_FONT units (9.45 px), the glyphs' letters too; every clickable thing's hit area
is at least 27 px across, and no two overlap. The hub's words stay inside the disc the
corner badges and entry points leave free (HUB_FREE). Page CSS must not restyle the
board's texts: a page rule for `.status` once made the hub's words larger than drawn
(the hub's classes are hub-*, and the page styles its aside as `aside.side`).

`id_prefix` goes before every id, for pages that show more than one board.
Colours are presentation attributes, so page CSS can restyle anything.
"""

import json
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape
from math import cos, pi, radians, sin
from typing import TYPE_CHECKING, Any, NamedTuple

from game.core.actions import Action, Event
from game.core.i18n import N_, _, ngettext
from game.core.svg import Scene, attr, button, frame, num, open_svg, translate, xy
from game.tatsu.arena import (
    COLOUR_NAMES,
    COLOURS,
    CORNER_KIND,
    DIRECTION,
    ENTRY_SEGMENTS,
    FIELDS,
    INNER,
    KIND_OF,
    KINDS,
    MAT,
    OUTER,
    SEGMENTS,
    STONE_CODE,
    target_segment,
)
from game.tatsu.core import ENDS_TURN, POWER, RECRUIT, landing_segment, legal_moves, play
from game.tatsu.events import ENTER, ESCAPE, MOVE
from game.tatsu.geometry import (
    BOX_GAP,
    BOX_H,
    BOX_W,
    BOX_X,
    BOX_Y,
    CX,
    CY,
    HEIGHT,
    LOCK_AT,
    PANEL_H,
    PILE_R,
    PILE_W,
    R_BADGE,
    R_IN,
    R_MID,
    R_NUMBER,
    R_OUT,
    STEP,
    STONE_R,
    WIDTH,
    field_radius,
    pile_centre,
    polar,
    sector,
    side_top,
)
from game.tatsu.layout import ARENA, DEAD, SIZE, TRAY, WON
from game.tatsu.layout import MAT as ON_MAT
from game.tatsu.text import (
    colour_name,
    colour_names,
    dice_words,
    end_words,
    kind_word,
    segment_name,
)

if TYPE_CHECKING:
    from game.tatsu.state import TatsuState

# A stone's address, as in the actions: (segment, field) in the arena, ("mat", kind).
Stone = tuple[int | str, str]

# --- what the page reuses --------------------------------------------------------------------
KIND_COLOURS = {"vine": "#2a7d34", "water": "#1f67c4", "fire": "#d3361f"}
KIND_TINTS = {"vine": "#cfe6c6", "water": "#cddff3", "fire": "#f6d0c4"}
# The letter on a stone, in English: the first letter of its kind's name. In another
# language it is the first letter of the kind's name there (kind_letter), which the
# stone's name in words (its <title>, aria-label) says in full.
KIND_LETTERS = {"vine": "V", "water": "W", "fire": "F"}
STONE_FILLS = ("#1d1d1f", "#fbfaf5")
STONE_EDGES = ("#000000", "#3a3a3a")
DIRECTION_WORDS = {+1: N_("moves clockwise"), -1: N_("moves anticlockwise")}
BOX_WORDS = {"tray": N_("Tray"), "mat": N_("Mat"), "dead": N_("Dead zone")}
# A stone's name, by its colour (seat): "Black vine dragon".
STONE_NAMES = (N_("Black {kind} dragon"), N_("White {kind} dragon"))
# A side's box and what lies in it: "Ann (Black)'s tray: 1 Black vine dragon".
BOX_CONTENTS = {"tray": N_("{who}'s tray: {stones}"), "mat": N_("{who}'s mat: {stones}"),
                "dead": N_("{who}'s dead zone: {stones}")}


def kind_letter(kind: str) -> str:
    """The letter on a stone of `kind`: the first letter of the kind's name in the
    language spoken, without its accent ("V", "W", "F" in English)."""
    word = kind_word(kind)
    first = unicodedata.normalize("NFD", word[:1])[:1].upper()
    return first or KIND_LETTERS[kind]

# --- sizes (user units; where things are: game/tatsu/geometry.py) ----------------------------
# Sizes for a phone: the board 360 px wide shows a user unit as 0.9 CSS px.
MIN_FONT = 10.5  # the smallest text (a glyph's letter: GLYPH_LETTER at the smallest scale)
HIT_R = 15  # a movable stone's round hit area: neighbours on the inner ring are 30 apart
BADGE_R = 12  # a corner's badge
HEXAGON = " ".join(f"{BADGE_R * cos(radians(60 * k + 30)):.2f},"
                   f"{BADGE_R * sin(radians(60 * k + 30)):.2f}" for k in range(6))  # a badge

# --- colours ---------------------------------------------------------------------------------
BACKGROUND, BACK_EDGE = "#f3ead6", "#cdbb92"
RING, RING_EDGE = "#b99660", "#6f5530"
INNER_FILL, OUTER_FILL, FIELD_EDGE = "#eadbb8", "#e2cfa6", "#9c7f4c"
HUB, HUB_EDGE = "#f8f2e4", "#b99660"
INK, SOFT_INK = "#2b2418", "#6d5c3d"
GOLD, GOLD_EDGE = "#f2b705", "#8a6508"
PANEL, PANEL_EDGE = "#fbf7ee", "#d6c59e"


# Advance widths in em of DejaVu Sans Bold, the widest common system font (Linux's
# system-ui): text measured with them takes at most this room in the fonts a page meets.
_EM = {ch: width / 100 for width, chars in (
    (31, "'"), (34, "ijl"), (35, " "), (37, "/IJ\\|"), (38, ",."), (40, ":;"), (42, "-"),
    (44, "f"), (46, "!()[]"), (48, "t"), (49, "r"), (50, "_`"), (52, '"*'), (58, "?z"),
    (59, "c"), (60, "s"), (64, "L"), (65, "vxy"), (67, "ak"), (68, "EFTe"), (69, "o"),
    (70, "0123456789$"), (71, "hnu{}"), (72, "SYbdgpq"), (73, "CPZ"), (76, "B"),
    (77, "AKRVX"), (81, "U"), (82, "G"), (83, "D"), (84, "#+<=>HN^~×↻↺"), (85, "OQ"),
    (87, "&"), (92, "w"), (100, "%@M…"), (104, "m"), (110, "W")) for ch in chars}


def text_width(text: str, size: float) -> float:
    """How wide `text` is at font size `size`, at most: bold DejaVu Sans widths; for any
    other character 1 em (an accented letter), 1.25 em if it is wide (East Asian, an
    emoji), nothing for a combining mark."""
    em = 0.0
    for ch in text:
        if ch in _EM:
            em += _EM[ch]
        elif unicodedata.east_asian_width(ch) in "WF":
            em += 1.25
        elif not unicodedata.combining(ch):
            em += 1.0
    return em * size


def fit_text(text: str, size: float, room: float) -> str:
    """`text` as it is if it fits in `room` units at font size `size`, else cut at a
    character and ended with an ellipsis so that it fits."""
    if text_width(text, size) <= room:
        return text
    while text and text_width(text.rstrip() + "…", size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


# --- the dragon glyphs: a shape per kind, so that colour is never the only cue ---------------
def _glyph_d(kind: str, s: float) -> str:
    """A kind's outline centred on (0, 0), about 2s tall: a leaf, a drop, a flame."""
    def p(x: float, y: float) -> str:
        return xy(x * s, y * s)
    if kind == "vine":  # a leaf, tilted
        return (f"M{p(-0.78, 0.78)}C{p(-0.95, -0.2)} {p(-0.2, -0.95)} {p(0.86, -0.86)}"
                f"C{p(0.95, 0.2)} {p(0.2, 0.95)} {p(-0.78, 0.78)}Z")
    if kind == "water":  # a drop
        r = num(0.68 * s)
        return f"M{p(0, -1.05)}L{p(0.6, -0.02)}A{r} {r} 0 1 1 {p(-0.6, -0.02)}Z"
    return (f"M{p(0, -1.05)}C{p(0.3, -0.62)} {p(0.82, -0.35)} {p(0.78, 0.25)}"  # a flame
            f"C{p(0.74, 0.74)} {p(0.38, 0.98)} {p(0, 0.98)}C{p(-0.38, 0.98)} {p(-0.74, 0.74)} "
            f"{p(-0.78, 0.25)}C{p(-0.8, -0.1)} {p(-0.6, -0.3)} {p(-0.42, -0.5)}"
            f"C{p(-0.4, -0.28)} {p(-0.3, -0.18)} {p(-0.16, -0.12)}C{p(-0.26, -0.5)} "
            f"{p(-0.16, -0.8)} {p(0, -1.05)}Z")


GLYPH_SIZE = 10.4  # the glyphs are defined once (<defs>) at the size they have on a stone
GLYPH_LETTER = 11  # the letter's size on a stone; badges and piles scale it to 10.56


def _glyph_def(kind: str, pre: str) -> str:
    """The kind's shape in its colour, with its letter on it, for <use>."""
    s, letter = GLYPH_SIZE, GLYPH_LETTER
    dy = {"vine": 0.36, "water": 0.5, "fire": 0.52}[kind] * letter
    return (f'<g id="{pre}tatsu-{kind}"><path d="{_glyph_d(kind, s)}" '
            f'fill="{KIND_COLOURS[kind]}" stroke="#ffffff" stroke-width="0.8"/>'
            f'<text y="{num(dy)}" text-anchor="middle" font-size="{letter}" '
            f'font-weight="700" fill="#ffffff">{escape(kind_letter(kind))}</text></g>')


def _glyph(kind: str, scale: float, pre: str) -> str:
    scaled = f' transform="scale({num(scale)})"' if scale != 1 else ""
    return f'<use href="#{pre}tatsu-{kind}"{scaled}/>'


def _stone_body(colour_seat: int, kind: str, r: float, pre: str) -> str:
    return (f'<circle r="{num(r)}" fill="{STONE_FILLS[colour_seat]}" '
            f'stroke="{STONE_EDGES[colour_seat]}" stroke-width="1.3"/>'
            f'{_glyph(kind, r / STONE_R, pre)}')


LOCK = (f'<g class="lock" transform="translate({LOCK_AT[0]} {LOCK_AT[1]})"><circle r="6" '
        'fill="#5b4a2c" stroke="#ffffff" stroke-width="1"/>'
        '<path d="M-2 -0.5v-1.6a2 2 0 0 1 4 0v1.6" '
        'fill="none" stroke="#ffffff" stroke-width="1.2"/><rect x="-2.9" y="-0.7" '
        'width="5.8" height="4.2" rx="0.8" fill="#ffffff"/></g>')


def _vine_ring(r: float) -> str:
    """A tendril wound round an entangled stone: a dashed green ring with small leaves."""
    leaves = []
    for i in range(4):
        a = (45 + 90 * i) * pi / 180
        x, y = r * cos(a), r * sin(a)
        leaves.append(f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="3.4" ry="1.8" '
                      f'transform="rotate({45 + 90 * i + 45} {xy(x, y)})"/>')
    return (f'<g class="vine-ring" fill="{KIND_COLOURS["vine"]}"><circle r="{num(r)}" '
            f'fill="none" stroke="{KIND_COLOURS["vine"]}" stroke-width="2.4" '
            f'stroke-dasharray="5 2.5"/>{"".join(leaves)}</g>')


# --- words -----------------------------------------------------------------------------------
def seat_words(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name and colour, "Ann (Black)" (a name that already ends with its colour,
    in English or in the language spoken, as it is), or the colour alone."""
    colour = colour_name(seat)
    if names is not None and seat < len(names) and names[seat]:
        name = str(names[seat])
        if name.endswith((f"({colour})", f"({COLOUR_NAMES[seat]})")):
            return name
        return f"{name} ({colour})"
    return colour


def stone_words(seat: int, kind: str) -> str:
    """"Black vine dragon", in the language spoken."""
    return _(STONE_NAMES[seat]).format(kind=kind_word(kind))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def field_words(segment: int, field: str) -> str:
    """"segment 5, inner field"."""
    if field == INNER:
        return _("{segment}, inner field").format(segment=segment_name(segment))
    return _("{segment}, outer field").format(segment=segment_name(segment))


def _stone_count(colour: int, kind: str, count: int) -> str:
    """"3 Black water dragons"."""
    if colour == 0:
        text = ngettext("{count} Black {kind} dragon", "{count} Black {kind} dragons", count)
    else:
        text = ngettext("{count} White {kind} dragon", "{count} White {kind} dragons", count)
    return text.format(count=count, kind=kind_word(kind))


# --- what is drawn: a view ------------------------------------------------------------------
def board_view(state: "TatsuState") -> dict[str, Any]:
    """A state as board() draws it: the dict `state.view(seat)` gives, seen by no seat in
    particular ("seat" None: board(seat=...) says whose screen it is), with the legal
    moves of the side to move ("legal"; none once the game is over). Plain data, as JSON
    keeps it."""
    view = state.view(0 if state.to_move is None else state.to_move)
    view.update(seat=None, player=None)
    return view


class TatsuScene(Scene):
    """The facts of a position, read from a view: `board_view(state)`, or the dict
    `state.view(seat)` gives (the moves only in the view of the side to move)."""

    turn: int
    rolled: tuple[int, ...]
    dice_left: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str | None
    fields: dict[Stone, tuple[int, str, str]]  # {(segment, field): (seat, kind, status)}
    trays: list[dict[str, int]]  # per seat: {kind: count}
    mats: list[dict[str, int]]
    dead: list[dict[str, int]]
    legal: list[Action]

    def read(self, view: Mapping[str, Any]) -> None:
        self.active, self.decision = view["to_move"], view["decision"]
        self.turn = view["turn"]
        self.rolled, self.dice_left = tuple(view["dice"]), tuple(view["dice_left"])
        self.winners, self.reason = tuple(view.get("winners", ())), view.get("reason")
        self.fields = {}
        for row in view["arena"]:
            for field in FIELDS:
                stone = row[field]
                if stone is not None:
                    self.fields[row["segment"], field] = (stone["seat"], stone["kind"],
                                                          stone["status"])
        self.trays = [dict(t) for t in view["trays"]]
        self.mats = [dict(m) for m in view["mats"]]
        self.dead = [dict(d) for d in view["dead"]]
        self.legal = [Action.from_json(a) for a in view.get("legal", ())]

    # what the seat to move may do: the view's legal moves (the engine's)
    def movable(self) -> list[Stone]:
        seen = []
        for action in self.legal:
            if action.args and action.args[0] not in seen:
                seen.append(action.args[0])
        return seen

    def escapes(self) -> dict[Stone, int]:
        """The die each stone that may escape would escape with (D4)."""
        return {a.args[0]: a.args[1] for a in self.legal if a.kind == "escape"}

    def destinations(self, stone: Stone) -> list[tuple[Action, int]]:
        """[(action, the segment it lands on)] for each legal move of one stone."""
        result = []
        for action in self.legal:
            if action.args and action.args[0] == stone:
                where, die = action.args
                if action.kind == "enter":
                    result.append((action, ENTRY_SEGMENTS[self.active][die]))  # type: ignore[index]
                else:
                    result.append((action, target_segment(self.active, where[0], die)))  # type: ignore[arg-type]
        return result

    def in_arena(self, seat: int) -> int:
        return sum(1 for s, _kind, _status in self.fields.values() if s == seat)

    def dice_used(self) -> list[bool]:
        """Which of the rolled dice are used: the remaining ones are matched first."""
        left = list(self.dice_left)
        used = []
        for die in self.rolled:
            if die in left:
                left.remove(die)
                used.append(False)
            else:
                used.append(True)
        return used


def summary(scene: TatsuScene, names: Sequence[str] | None) -> str:
    """The position in words: the board's <title> and aria-label (a diagram's too)."""
    parts = [_("Tatsu, turn {turn}.").format(turn=scene.turn)]
    if scene.winners:
        who = seat_words(scene.winners[0], names)
        why = (end_words(scene.reason, scene.winners[0], colour_names()) if scene.reason
               else "")
        if why:
            parts.append(_("Game over: {who} wins ({why}).").format(who=who, why=why))
        else:
            parts.append(_("Game over: {who} wins.").format(who=who))
    elif scene.active is not None:
        who = seat_words(scene.active, names)
        rolled = dice_words(scene.rolled)
        if scene.decision == "pass":
            tail = _("{who} rolled {dice} and can use neither die.")
        elif len(scene.dice_left) < len(scene.rolled):
            tail = _("{who} to move with the {die} left (rolled {dice}).")
        else:
            tail = _("{who} to move with {dice}.")
        die = scene.dice_left[0] if scene.dice_left else ""
        parts.append(tail.format(who=who, dice=rolled, die=die))
    for seat in (0, 1):
        parts.append(_("{who}: {arena} in the arena, {mat} on the mat, {tray} in the tray, "
                       "{dead} destroyed.").format(
            who=seat_words(seat, names), arena=scene.in_arena(seat),
            mat=sum(scene.mats[seat].values()), tray=sum(scene.trays[seat].values()),
            dead=sum(scene.dead[seat].values())))
    if scene.viewer in (0, 1):
        parts.append(_("You are {who}.").format(who=seat_words(scene.viewer, names)))
    return " ".join(parts)


# --- the arena -------------------------------------------------------------------------------
def _fields() -> str:
    parts = [f'<g class="fields" stroke="{FIELD_EDGE}" stroke-width="1">']
    for segment in range(SEGMENTS):
        corner = CORNER_KIND.get(segment)
        for field, (r1, r2) in ((INNER, (R_IN, R_MID)), (OUTER, (R_MID, R_OUT))):
            if corner:
                fill = KIND_TINTS[corner]
                extra = f' data-kind="{corner}"'
                cls = "field corner"
            else:
                fill = INNER_FILL if field == INNER else OUTER_FILL
                extra, cls = "", "field"
            words = field_words(segment, field)
            parts.append(f'<path class="{cls}" data-segment="{segment}" data-field="{field}"'
                         f'{extra} d="{sector(segment, r1, r2)}" fill="{fill}">'
                         f'<title>{escape(words)}</title></path>')
    parts.append("</g>")
    return "".join(parts)


def _ring_frame() -> str:
    return (f'<circle cx="{num(CX)}" cy="{num(CY)}" r="{R_OUT + 4}" fill="{RING}" '
            f'stroke="{RING_EDGE}" stroke-width="1.5"/>'
            f'<circle cx="{num(CX)}" cy="{num(CY)}" r="{R_IN - 3}" fill="{HUB}" '
            f'stroke="{RING_EDGE}" stroke-width="1.5"/>')


def _numbers() -> str:
    parts = [f'<g font-size="{MIN_FONT}" font-weight="700" text-anchor="middle" '
             f'fill="{SOFT_INK}">']
    for segment in range(SEGMENTS):
        x, y = polar(segment, R_NUMBER)
        parts.append(f'<text class="segment-number" data-segment="{segment}" x="{num(x)}" '
                     f'y="{num(y + 3.8)}">{segment}</text>')
    parts.append("</g>")
    return "".join(parts)


def _corner_marks(pre: str) -> str:
    parts = []
    for segment, kind in sorted(CORNER_KIND.items()):
        x, y = polar(segment, R_BADGE)
        words = _("Segment {segment}: {kind} corner (recruits a {kind} dragon)").format(
            segment=segment, kind=kind_word(kind))
        parts.append(
            f'<g class="corner-mark" data-segment="{segment}" data-kind="{kind}" '
            f'transform="{translate(x, y)}"><title>{escape(words)}</title>'
            # a place on the board, not a piece: a tinted hexagon with a dashed edge, so
            # that nobody takes it for a stone (stones are discs); as wide as a disc was
            f'<polygon points="{HEXAGON}" fill="{KIND_TINTS[kind]}" '
            f'stroke="{KIND_COLOURS[kind]}" stroke-width="1.4" stroke-dasharray="3 2"/>'
            f'{_glyph(kind, 0.96, pre)}</g>')
    return "".join(parts)


def _entries() -> str:
    parts = []
    for seat in (0, 1):
        for number, segment in ENTRY_SEGMENTS[seat].items():
            x, y = polar(segment, R_BADGE + 2)
            ink = STONE_FILLS[1 - seat] if seat == 0 else INK
            words = _("{colour}'s entry point {number} (segment {segment})").format(
                colour=colour_name(seat), number=number, segment=segment)
            parts.append(
                f'<g class="entry" data-seat="{seat}" data-entry="{number}" '
                f'data-segment="{segment}" transform="{translate(x, y)}">'
                f'<title>{escape(words, quote=False)}</title>'
                f'<rect x="-7.5" y="-7.5" width="15" height="15" rx="3.5" '
                f'fill="{STONE_FILLS[seat]}" stroke="{STONE_EDGES[seat]}" stroke-width="1.2" '
                f'transform="rotate({num(segment * STEP)})"/><text y="3.8" '
                f'text-anchor="middle" font-size="{MIN_FONT}" font-weight="700" fill="{ink}">'
                f'{number}</text></g>')
    return "".join(parts)


def _stone_markup(scene: TatsuScene, segment: int, field: str, pre: str,
                  cues: tuple[bool, bool, int | None, bool]) -> str:
    seat, kind, status = scene.fields[segment, field]
    x, y = polar(segment, field_radius(field))
    classes = ["stone"]
    if status in ("entangled", "held"):
        classes.append(status)
    movable, selected, escape_die, lead = cues
    if field == INNER:
        where = _("{stone} on {segment}, inner field")
    else:
        where = _("{stone} on {segment}, outer field")
    said = [_capital(where.format(stone=stone_words(seat, kind),
                                  segment=segment_name(segment)))]
    if status == "entangled":
        said.append(_("entangled by a vine"))
    elif status == "held":
        said.append(_("held by its own stone"))
    extra = ""
    if escape_die is not None:
        extra += f' data-escape="{escape_die}"'
        said.append(_("may escape with the {die}").format(die=escape_die))
    words = ", ".join(said)
    if movable:
        classes.append("movable")
        extra += ' data-rove="stones"' + button(words, tabindex=0 if lead else -1)
    if selected:
        classes.append("selected")
        extra += ' aria-pressed="true"' if movable else ""
    marks = []
    if selected:
        marks.append(f'<circle class="ring" r="{STONE_R + 6}" fill="{GOLD}" '
                     f'fill-opacity="0.5" stroke="{GOLD_EDGE}" stroke-width="2.5"/>')
    elif movable:
        marks.append(f'<circle class="ring" r="{STONE_R + 3.5}" fill="none" stroke="{GOLD}" '
                     f'stroke-width="3"/>')
    hit = f'<circle class="hit" r="{HIT_R}" fill="transparent"/>' if movable else ""
    return (f'<g id="{pre}stone-{segment}-{field}" class="{" ".join(classes)}" '
            f'data-seat="{seat}" data-kind="{kind}" data-segment="{segment}" '
            f'data-field="{field}" data-status="{status}"{extra} '
            f'transform="{translate(x, y)}"><title>{escape(words)}</title>'
            f'{"".join(marks)}{_stone_body(seat, kind, STONE_R, pre)}'
            f'{_vine_ring(STONE_R + 2) if status == "entangled" else ""}'
            f'{LOCK if status == "held" else ""}{hit}</g>')


def _target_words(action: Action, segment: int, kind: str, start: int | str | None) -> str:
    """What choosing a destination does: "Move the fire dragon on segment 5 to segment 7
    with the 2" (`kind`: the stone's kind; `start`: its segment, None on the mat)."""
    die = action.args[1]
    words = {"kind": kind_word(kind), "start": start, "segment": segment_name(segment),
             "die": die}
    if action.kind == "enter" or start is None:
        text = _("Enter a {kind} dragon from the mat to {segment} with the {die}")
    elif action.kind == "escape":
        text = _("Escape the {kind} dragon on segment {start} to {segment} with the {die} "
                 "(the other die is forfeited)")
    else:
        text = _("Move the {kind} dragon on segment {start} to {segment} with the {die}")
    return text.format(**words)


def _target_markup(action: Action, segment: int, words: str, pre: str, clickable: bool = True,
                   lead: bool = True) -> str:
    die = action.args[1]
    data = json.dumps(action.to_json(), separators=(",", ":"))
    x, y = polar(segment, R_NUMBER)
    shape = sector(segment, R_IN, R_OUT)
    return (f'<g id="{pre}target-{segment}-{die}" class="target" '
            f'data-target-segment="{segment}" data-die="{die}" data-kind="{action.kind}" '
            f'data-action="{attr(data)}"'
            + (' data-rove="targets"' + button(words, tabindex=0 if lead else -1)
               if clickable else "") + ">"
            f'<title>{escape(words)}</title>'
            f'<path class="sector" d="{shape}" fill="{GOLD}" fill-opacity="0.3" '
            f'stroke="{GOLD_EDGE}" stroke-width="2.4" stroke-dasharray="6 3"/>'
            f'<rect class="die-label" x="{num(x - 9)}" y="{num(y - 9)}" width="18" '
            f'height="18" rx="4" fill="{GOLD}" stroke="{GOLD_EDGE}" stroke-width="1.2"/>'
            f'<text x="{num(x)}" y="{num(y + 4.4)}" text-anchor="middle" font-size="12" '
            f'font-weight="700" fill="{INK}">{die}</text>'
            + (f'<path class="hit" d="{shape}" fill="transparent"/>' if clickable else "")
            + '</g>')


# --- the hub: whose turn, and the dice -------------------------------------------------------
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _die(index: int, value: int, used: bool, seat: int | None, x: float, y: float,
         pre: str) -> str:
    size = 30
    body, pip = (STONE_FILLS[seat], STONE_FILLS[1 - seat]) if seat is not None else (
        "#ffffff", INK)
    if used:
        body, pip = "#d9d3c4", "#9b927e"
    dots = "".join(f'<circle cx="{num(dx * 7.5)}" cy="{num(dy * 7.5)}" r="2.8"/>'
                   for dx, dy in PIPS[value])
    title = (_("Die {value} (used)") if used else _("Die {value} (to use)")).format(value=value)
    return (f'<g id="{pre}die-{index}" class="die{" used" if used else ""}" '
            f'data-die="{value}" transform="{translate(x, y)}">'
            f'<title>{escape(title)}</title>'
            f'<rect x="{-size / 2}" y="{-size / 2}" width="{size}" height="{size}" rx="6" '
            f'fill="{body}" stroke="{"#b3aa95" if used else "#1a1a1a"}" stroke-width="1.5"/>'
            f'<g fill="{pip}">{dots}</g></g>')


# The hub's free disc: the corner badges (R_BADGE) and entry points reach no nearer the
# centre than this, and the hub's texts and dice keep inside it.
HUB_FREE = R_BADGE - BADGE_R - 1
STATUS_FONT, SUB_FONT = 13, 11
STATUS_Y, DICE_Y, SUB_Y = -25, 5, 37  # baselines and the dice's centre, from CY


def _hub(scene: TatsuScene, pre: str) -> str:
    """Whose turn, the dice, and a line below: each inside the hub's free disc, clear of
    the corner badges and entry points round it (at every state: the words are few)."""
    parts = []
    if scene.winners:
        line = _("{colour} wins").format(colour=colour_name(scene.winners[0]))
        sub = _("game over")
    elif scene.active is not None:
        line = _("{colour} to move").format(colour=colour_name(scene.active))
        sub = _("turn {turn}").format(turn=scene.turn)
        if scene.decision == "pass":  # the status line says the same, in full
            sub = _("escape or pass") if scene.movable() else _("no usable die")
    else:
        line, sub = "", ""
    parts.append(f'<text class="hub-line" x="{num(CX)}" y="{num(CY + STATUS_Y)}" '
                 f'text-anchor="middle" font-size="{STATUS_FONT}" font-weight="700" '
                 f'fill="{INK}">{escape(line)}</text>'
                 f'<text class="hub-sub" x="{num(CX)}" y="{num(CY + SUB_Y)}" text-anchor="middle" '
                 f'font-size="{SUB_FONT}" fill="{SOFT_INK}">{escape(sub)}</text>')
    used = scene.dice_used()
    for i, (value, spent) in enumerate(zip(scene.rolled, used)):
        if value in PIPS:
            parts.append(_die(i, value, spent or scene.active is None, scene.active,
                              CX + (i - 0.5) * 36, CY + DICE_Y, pre))
    return '<g class="hub">' + "".join(parts) + "</g>"


# --- each player's side: tray, mat, dead zone ------------------------------------------------
NAME_FONT, MOVES_FONT, BOX_FONT, COUNT_FONT = 13, 11, 10.5, 11
def _side(scene: TatsuScene, seat: int, names: Sequence[str] | None, pre: str,
          movable: Collection[Stone], selected: Stone | None, lead: Stone | None = None) -> str:
    y0 = side_top(seat)
    active = scene.active == seat
    who = seat_words(seat, names)
    direction = _(DIRECTION_WORDS[DIRECTION[seat]])
    arrow = "↻" if DIRECTION[seat] > 0 else "↺"
    moves = f"{direction} {arrow}"
    # the name first: where it would run into the direction's words, the arrow alone
    # says the direction (its words in its title); only then is the name cut
    room = WIDTH - 16 - text_width(moves, MOVES_FONT) - 10 - 33
    if text_width(who, NAME_FONT) > room:
        moves = arrow
        room = WIDTH - 16 - text_width(moves, MOVES_FONT) - 10 - 33
    suffix = f" ({colour_name(seat)})"
    if text_width(who, NAME_FONT) <= room or not who.endswith(suffix):
        shown = fit_text(who, NAME_FONT, room)
    else:
        shown = fit_text(who[:-len(suffix)], NAME_FONT,
                         room - text_width(suffix, NAME_FONT)) + suffix
    classes = "side active" if active else "side"
    parts = [(f'<g id="{pre}side-{seat}" class="{classes}" data-seat="{seat}" '
              f'transform="translate(0 {y0})">'
              f'<rect x="6" y="4" width="{WIDTH - 12}" height="{PANEL_H - 8}" rx="9" '
              f'fill="{PANEL}" stroke="{GOLD_EDGE if active else PANEL_EDGE}" '
              f'stroke-width="{2.5 if active else 1.2}"/>'
              f'<circle cx="20" cy="21" r="7" fill="{STONE_FILLS[seat]}" '
              f'stroke="{STONE_EDGES[seat]}" stroke-width="1.2"/>'
              f'<text class="name" x="33" y="26" font-size="{NAME_FONT}" font-weight="700" '
              f'fill="{INK}">{escape(shown)}</text>'
              f'<g class="direction"><title>{escape(direction)}</title>'
              f'<text class="moves" x="{WIDTH - 16}" y="26" text-anchor="end" '
              f'font-size="{MOVES_FONT}" fill="{SOFT_INK}">{escape(moves)}</text></g>')]
    boxes = (("tray", scene.trays[seat], seat), ("mat", scene.mats[seat], seat),
             ("dead", scene.dead[seat], 1 - seat))
    for i, (box, counts, colour) in enumerate(boxes):
        bx = BOX_X + i * (BOX_W + BOX_GAP)
        label = escape(_(BOX_WORDS[box]).upper())
        parts.append(f'<rect x="{bx}" y="{BOX_Y}" width="{BOX_W}" height="{BOX_H}" rx="6" '
                     f'fill="#ffffff" fill-opacity="0.6" stroke="{PANEL_EDGE}"/>'
                     f'<text class="box-label" x="{bx + 7}" y="{BOX_Y + 13}" '
                     f'font-size="{BOX_FONT}" font-weight="700" letter-spacing="0.4" '
                     f'fill="{SOFT_INK}">{label}</text>')
        for k, kind in enumerate(KINDS):
            count = counts[kind]
            left = bx + k * PILE_W
            px, py = pile_centre(box, kind)
            stone = (MAT, kind)
            extra, cls, marks, hit = "", "pile", "", ""
            words = _(BOX_CONTENTS[box]).format(who=who,
                                                stones=_stone_count(colour, kind, count))
            if box == "mat":
                extra += f' data-mat="{kind}"'
                ours = count and seat == scene.active
                if ours and stone in movable:
                    cls += " movable"
                    extra += ' data-rove="stones"' + button(
                        _("{stones}, may enter").format(stones=words),
                        tabindex=0 if lead is None or lead == stone else -1)
                    marks = (f'<circle class="ring" r="{PILE_R + 3}" fill="none" '
                             f'stroke="{GOLD}" stroke-width="3"/>')
                    # the whole column of the pile in its box: 41 x 42 units
                    hit = (f'<rect class="hit" x="{num(left + 0.5)}" y="{BOX_Y + 16}" '
                           f'width="{num(PILE_W - 1)}" height="{BOX_H - 17}" rx="4" '
                           f'fill="transparent"/>')
                if ours and selected == stone:
                    cls += " selected"
                    marks = (f'<circle class="ring" r="{PILE_R + 3.5}" fill="{GOLD}" '
                             f'fill-opacity="0.45" stroke="{GOLD_EDGE}" stroke-width="2.2"/>')
            fade = "" if count else ' opacity="0.28"'
            parts.append(
                f'<g id="{pre}pile-{seat}-{box}-{kind}" class="{cls}" data-box="{box}" '
                f'data-seat="{seat}" data-kind="{kind}" data-count="{count}" '
                f'data-colour="{COLOURS[colour]}"{extra}><title>{escape(words)}</title>'
                f'<g transform="{translate(px, py)}"{fade}>{marks}'
                f'{_stone_body(colour, kind, PILE_R, pre)}</g>'
                f'<text class="count" x="{num(px)}" y="{BOX_Y + BOX_H - 4}" '
                f'text-anchor="middle" font-size="{COUNT_FONT}" font-weight="700" '
                f'fill="{INK if count else SOFT_INK}">×{count}</text>{hit}</g>')
    parts.append("</g>")
    return "".join(parts)


# --- the board -------------------------------------------------------------------------------
def _address(selected: Any) -> Stone | None:
    """A stone address as in the actions, from a tuple or a JSON list."""
    if selected is None:
        return None
    try:
        where, what = selected
    except (TypeError, ValueError):
        raise ValueError(f"a stone is addressed as (segment, field) or ('mat', kind), "
                         f"not {selected!r}") from None
    if where == MAT and what in KINDS:
        return (MAT, what)
    if type(where) is int and 0 <= where < SEGMENTS and what in FIELDS:
        return (where, what)
    raise ValueError(f"a stone is addressed as (segment 0-23, 'inner' or 'outer') or "
                     f"('mat', kind), not {selected!r}")


def _root(scene: TatsuScene, names: Sequence[str] | None, clickable: bool) -> str:
    """The <svg> element and its title: the position in words."""
    return open_svg(f"0 0 {WIDTH} {HEIGHT}", summary(scene, names), {
        "class": "board tatsu-board", "data-board": "tatsu",
        "data-decision": scene.decision or "",
        "data-active": "" if scene.active is None else scene.active,
        "data-turn": scene.turn, "data-dice": ",".join(map(str, scene.dice_left)),
        "data-rolled": ",".join(map(str, scene.rolled)),
        "data-viewer": "" if scene.viewer is None else scene.viewer,
        "data-winner": scene.winners[0] if scene.winners else "",
    }, role="group" if clickable else "img")


def last_move(events: Iterable[Event]) -> tuple[tuple[Any, ...], tuple[Any, ...]] | None:
    """(from, to) of the last stone moved among `events` (Event objects, the game's log
    in order): fields as [segment, field], `from` ["mat", kind] for a stone that
    entered; None before any. What `board(last=...)` marks until the next move."""
    found = None
    for event in events:
        if event.kind in (MOVE, ESCAPE, ENTER):
            found = (tuple(event.data["from"]), tuple(event.data["to"]))
    return found


def _last_move(last: Sequence[Sequence[Any]] | None) -> str:
    """The last stone moved, marked by shape (not colour alone): where it left a dashed
    ring, where it landed a dashed ring round it (under the stone's own cues)."""
    if last is None:
        return ""
    words = escape(_("The last stone moved: where it was and where it is"))
    parts = [f'<g class="last-move" pointer-events="none"><title>{words}</title>']
    for place, name in zip(last, ("from", "to")):
        if place[0] == "mat":
            continue
        x, y = polar(place[0], field_radius(place[1]))
        radius = STONE_R - 3 if name == "from" else STONE_R + 4
        parts.append(f'<circle class="last-{name}" cx="{num(x)}" cy="{num(y)}" '
                     f'r="{radius}" fill="none" stroke="#ffffff" stroke-width="3.2"/>'
                     f'<circle cx="{num(x)}" cy="{num(y)}" r="{radius}" fill="none" '
                     f'stroke="{INK}" stroke-width="1.6" stroke-dasharray="3 2.5"/>')
    return "".join(parts) + "</g>"


# --- the coach's advice: a turn as it would go, in words, and its ghost ----------------------
class Step(NamedTuple):
    """One action of a turn as it would go, played by the rules (core.play) on the
    compact position (layout.py). A pass moves nothing: its kind, fields and recruit are
    "", its start ("", "") and its segment -1."""
    action: Action
    seat: int
    kind: str  # the kind of the stone that moves
    start: Stone  # where it starts: (segment, field), or ("mat", kind)
    segment: int  # the segment it lands on
    field: str  # ... and the field
    acted: str  # what its landing does: "hold", its power ("entangle", "expel",
    # "destroy"), or "" on an empty segment
    victim: tuple[int, str] | None  # the stone held or acted on: (seat, kind)
    recruit: str  # the kind a landing on a corner recruits to the mat, or ""
    before: bytearray  # the position before it
    after: bytearray  # ... and after it


def view_position(scene: TatsuScene) -> bytearray:
    """The compact position (layout.py) of a view: the arena, trays, mats, dead zones."""
    p = bytearray(SIZE)
    for (segment, field), (seat, kind, _status) in scene.fields.items():
        code = STONE_CODE[seat, kind]
        p[int(segment)] += code if field == INNER else 8 * code
        p[ARENA + seat] += 1
    for seat in (0, 1):
        for kind in KINDS:
            p[TRAY + STONE_CODE[seat, kind]] = scene.trays[seat].get(kind, 0)
            p[ON_MAT + STONE_CODE[seat, kind]] = scene.mats[seat].get(kind, 0)
            p[DEAD + STONE_CODE[1 - seat, kind]] = scene.dead[seat].get(kind, 0)
    if scene.winners:
        p[WON] = 1 + scene.winners[0]
    return p


def _step(p: bytearray, seat: int, action: Action) -> Step:
    """What one legal action of `seat` does from position `p`."""
    after = play(p, seat, action)
    if action.kind == "pass":
        return Step(action, seat, "", ("", ""), -1, "", "", None, "", p, after)
    (where, what), _die = action.args
    if action.kind == "enter":
        kind = what
    else:
        byte = p[where]
        kind = KIND_OF[byte & 7 if what == INNER else byte >> 3] or ""
    code = STONE_CODE[seat, kind]
    target = landing_segment(seat, action)
    field = OUTER if after[target] >> 3 == code else INNER
    there = p[target]  # (not the start: a stone moves 1 to 6 segments of 24)
    acted, victim = "", None
    if there:  # one stone there: the target was not full
        victim = (there >> 2, KIND_OF[there] or "")
        acted = "hold" if there >> 2 == seat else POWER[code] or ""
    recruit = RECRUIT[seat][target]
    recruited = ""
    if recruit and after[TRAY + recruit] < p[TRAY + recruit]:
        recruited = KIND_OF[recruit] or ""
    return Step(action, seat, kind, (where, what), target, field, acted, victim, recruited,
                p, after)


def turn_steps(p: bytearray, seat: int, dice: Sequence[int], actions: Iterable[Any],
               first: bool = True) -> list[Step]:
    """The steps of `seat`'s `actions` from position `p` with `dice` left (`first`: no
    die used yet this turn), in order, as far as each is legal then: the list ends at
    the first that is not, or when the turn ends (a win, a pass, an escape, no die
    left)."""
    steps: list[Step] = []
    left = list(dice)
    for action in actions:
        if p[WON] or not left or action not in legal_moves(p, seat, left, first):
            break
        step = _step(p, seat, action)
        steps.append(step)
        if action.kind in ENDS_TURN:
            break
        p, first = step.after, False
        left.remove(action.args[1])
    return steps


def _start_segment(step: Step) -> str:
    return segment_name(int(step.start[0]))


def move_words(step: Step) -> str:
    """The first action of a turn in words, said to the seat to move: "Move your fire
    dragon from segment 5 to segment 8 with the 3"."""
    kind = step.action.kind
    if kind == "pass":
        return _("Pass (no die can be used for a move)")
    words = {"kind": kind_word(step.kind), "die": step.action.args[1],
             "end": segment_name(step.segment)}
    if kind == "enter":
        return _("Bring a {kind} dragon in from your mat with the {die}, to entry point "
                 "{die} on {end}").format(**words)
    if kind == "escape":
        return _("Let your {kind} dragon escape the vine on {start}, to {end} with the "
                 "{die}").format(start=_start_segment(step), **words)
    return _("Move your {kind} dragon from {start} to {end} with the {die}").format(
        start=_start_segment(step), **words)


def _then_words(step: Step, before: Step) -> str:
    """A later action of a turn in words, after the one `before` it."""
    words = {"kind": kind_word(step.kind), "die": step.action.args[1],
             "end": segment_name(step.segment)}
    if step.action.kind == "enter":
        return _("then bring a {kind} dragon in from your mat with the {die}, to entry "
                 "point {die} on {end}").format(**words)
    if step.start == (before.segment, before.field):
        return _("then on to {end} with the {die}").format(**words)
    return _("then your {kind} dragon from {start} to {end} with the {die}").format(
        start=_start_segment(step), **words)


def turn_words(steps: Sequence[Step]) -> str:
    """A turn's steps in words: the first as move_words says it, then the others."""
    if not steps:
        return ""
    words = move_words(steps[0])
    for before, step in zip(steps, steps[1:]):
        words = _("{move}, {then}").format(move=words, then=_then_words(step, before))
    return words


GHOST_INK = "#ffffff"


def _ghost_path(step: Step, index: int) -> str:
    """Where the stone goes: dashed round the ring from its field (or straight from its
    pile on the mat) to where it lands, white over a dark casing."""
    seat, (where, what) = step.seat, step.start
    end = polar(step.segment, field_radius(step.field))
    if isinstance(where, int):
        die = step.action.args[1]
        r0, r1 = field_radius(what), field_radius(step.field)
        count = 3 * die
        points = [polar(where + DIRECTION[seat] * die * i / count, r0 + (r1 - r0) * i / count)
                  for i in range(count + 1)]
    else:  # from the mat
        px, py = pile_centre(MAT, what)
        points = [(px, side_top(seat) + py), end]
    d = "M" + "L".join(xy(x, y) for x, y in points)
    return (f'<path class="ghost-path" data-step="{index}" d="{d}" fill="none" '
            f'stroke="{INK}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" '
            f'opacity="0.55"/><path d="{d}" fill="none" stroke="{GHOST_INK}" '
            f'stroke-width="2" stroke-dasharray="5 4" stroke-linecap="round"/>')


def _ghost_stone(step: Step, index: int, pre: str) -> str:
    """A translucent copy of the stone where it lands, in a dashed ring."""
    x, y = polar(step.segment, field_radius(step.field))
    return (f'<g class="ghost-stone" data-step="{index}" data-seat="{step.seat}" '
            f'data-kind="{step.kind}" data-segment="{step.segment}" data-field="{step.field}" '
            f'data-acted="{step.acted}" transform="{translate(x, y)}">'
            f'<g opacity="0.55">{_stone_body(step.seat, step.kind, STONE_R, pre)}</g>'
            f'<circle r="{STONE_R + 3}" fill="none" stroke="{INK}" stroke-width="3.2"/>'
            f'<circle r="{STONE_R + 3}" fill="none" stroke="{GHOST_INK}" stroke-width="1.6" '
            f'stroke-dasharray="4 3"/></g>')


def _ghost_die(step: Step, index: int, nudge: float) -> str:
    """The die used, over the landing segment's number (`nudge`: segments aside, when
    an earlier step's die is there)."""
    die = step.action.args[1]
    x, y = polar(step.segment + nudge, R_NUMBER)
    return (f'<g class="ghost-die" data-step="{index}" data-die="{die}">'
            f'<rect x="{num(x - 9)}" y="{num(y - 9)}" width="18" height="18" rx="4" '
            f'fill="#ffffff" fill-opacity="0.85" stroke="{INK}" stroke-width="1.2" '
            f'stroke-dasharray="3 2"/><text x="{num(x)}" y="{num(y + 4.4)}" '
            f'text-anchor="middle" font-size="12" font-weight="700" fill="{INK}">{die}</text>'
            f'</g>')


def _ghost_recruit(step: Step, index: int) -> str:
    """A dashed ring round the mat's pile that the landing recruits to."""
    px, py = pile_centre(MAT, step.recruit)
    return (f'<g class="ghost-recruit" data-step="{index}" data-kind="{step.recruit}" '
            f'transform="{translate(px, side_top(step.seat) + py)}">'
            f'<circle r="{PILE_R + 4}" fill="none" stroke="{INK}" stroke-width="3.2"/>'
            f'<circle r="{PILE_R + 4}" fill="none" stroke="{GHOST_INK}" stroke-width="1.6" '
            f'stroke-dasharray="4 3"/></g>')


def _advice_ghost(scene: TatsuScene, ghost: Sequence[Action] | None, pre: str) -> str:
    """The coach's advice drawn faintly (`board(ghost=...)`): each action of the turn as
    far as each is legal then, in one layer that lets clicks through, its title the turn
    in words."""
    if not ghost or scene.active is None:
        return ""
    steps = turn_steps(view_position(scene), scene.active, scene.dice_left, ghost,
                       len(scene.dice_left) == len(scene.rolled))
    if not steps:
        return ""
    title = escape(_("{move} (the coach's advice)").format(move=turn_words(steps)))
    parts = [f'<g class="ghost" data-advice="true" data-seat="{scene.active}" '
             f'pointer-events="none"><title>{title}</title>']
    landed: list[int] = []
    for index, step in enumerate(steps):
        if step.action.kind == "pass":  # nothing moves
            continue
        parts.append(_ghost_path(step, index))
        parts.append(_ghost_stone(step, index, pre))
        parts.append(_ghost_die(step, index, 0.5 * landed.count(step.segment)))
        landed.append(step.segment)
        if step.recruit:
            parts.append(_ghost_recruit(step, index))
    parts.append("</g>")
    return "".join(parts)


def _stones(scene: TatsuScene, pre: str, movable: Collection[Stone], selected: Stone | None,
            escapes: Mapping[Stone, int], lead: Stone | None = None) -> str:
    """The stones in the arena: inner ones first, so an outer stone's cue ring lies over
    its neighbour."""
    parts = []
    for field in FIELDS:
        for segment in range(SEGMENTS):
            if (segment, field) in scene.fields:
                address = (segment, field)
                cues = (address in movable, address == selected, escapes.get(address),
                        lead is None or address == lead)
                parts.append(_stone_markup(scene, segment, field, pre, cues))
    return "".join(parts)


def _targets(scene: TatsuScene, selected: Stone | None, targets: Sequence[tuple[Action, int]],
             pre: str, clickable: bool = True) -> str:
    """Where the selected stone may go, each a button (while `clickable`)."""
    if not targets:
        return ""
    if selected[0] == MAT:  # type: ignore[index]  # (a stone is selected: it has targets)
        kind, start = selected[1], None  # type: ignore[index]
    else:
        kind, start = scene.fields[selected][1], selected[0]  # type: ignore[index]
    return "".join(_target_markup(action, segment, _target_words(action, segment, kind, start),
                                  pre, clickable, i == 0)
                   for i, (action, segment) in enumerate(targets))


def board(view: Mapping[str, Any], *, seat: int | None = None,
          selected: Any = None, highlight: bool = True, names: Sequence[str] | None = None,
          id_prefix: str = "", last: Sequence[Sequence[Any]] | None = None,
          ghost: Sequence[Action] | None = None) -> str:
    """The arena and both players' sides as one `<svg data-board="tatsu">` element.

    view: what is drawn, `board_view(state)`, or the dict `state.view(seat)` gives.
    seat: whose screen this is, else the view's seat; movable stones and targets are
        drawn only when it is that seat's decision (or when it is nobody's screen).
    selected: a stone address, (segment, field) or ("mat", kind): it is marked and each
        of its legal destinations (from the engine) becomes a target to click.
    highlight: False draws no cues at all (a replay or a thumbnail).
    names: optional player names per seat, for the title and the sides.
    last: (from, to) of the last stone moved (`last_move` of the game's events), to
        mark, or None.
    ghost: the actions the coach advises (`advice.turn`, game/tatsu/coach.py), drawn
        faintly over the board for the seat to move, in order, as far as each is legal
        then (nothing once the game is over); None draws nothing.
    """
    scene = TatsuScene(view, seat)
    pre = attr(id_prefix)
    selected = _address(selected)
    interactive = scene.active is not None and scene.may_act(highlight)
    movable = scene.movable() if interactive else []
    selected = selected if interactive else None
    escapes = scene.escapes() if interactive else {}
    targets = scene.destinations(selected) if selected in movable else []
    return "".join((_root(scene, names, bool(movable)),
                    *layers(scene, names, pre, movable, selected, escapes, targets,
                            last=last, ghost=ghost),
                    "</svg>"))


def _lead(movable: Sequence[Stone], selected: Stone | None) -> Stone | None:
    """The movable stone in the tab order (roving focus): the selected one, else the
    first drawn (arena stones inner ring first, then the mat's piles)."""
    if not movable or selected in movable:
        return selected
    arena = sorted((m for m in movable if m[0] != MAT),
                   key=lambda m: (FIELDS.index(m[1]), m[0]))
    mat = sorted((m for m in movable if m[0] == MAT), key=lambda m: KINDS.index(m[1]))
    return (arena + mat)[0]


def layers(scene: TatsuScene, names: Sequence[str] | None, pre: str, movable: Sequence[Stone],
           selected: Stone | None, escapes: Mapping[Stone, int],
           targets: Sequence[tuple[Action, int]], clickable: bool = True,
           last: Sequence[Sequence[Any]] | None = None,
           ghost: Sequence[Action] | None = None) -> tuple[str, ...]:
    """What lies inside the root, bottom to top, as markup pieces. The `movable` stones
    are buttons, and so are the `targets` ((action, segment) pairs: the `selected`
    stone's destinations) while `clickable`; `escapes` maps a stone that may escape to
    its die; `pre` is the ids' prefix; `last` the last stone moved and `ghost` the
    coach's advice, each drawn when given. board() draws its root round them; a diagram
    (game/tatsu/diagram.py) draws a selection and its targets with nothing to click and
    puts its notes over them."""
    lead = _lead(movable, selected)
    return (
        frame(WIDTH, HEIGHT, BACKGROUND, BACK_EDGE),
        f'<defs>{"".join(_glyph_def(kind, pre) for kind in KINDS)}</defs>',
        _ring_frame(), _fields(), _numbers(), _corner_marks(pre), _entries(),
        _hub(scene, pre), _last_move(last),
        _stones(scene, pre, movable, selected, escapes, lead),
        _targets(scene, selected, targets, pre, clickable),
        _side(scene, 0, names, pre, movable, selected, lead),
        _side(scene, 1, names, pre, movable, selected, lead),
        _advice_ghost(scene, ghost, pre),
    )


__all__ = ["KIND_COLOURS", "KIND_LETTERS", "Step", "TatsuScene", "board", "board_view",
           "field_words", "layers", "move_words", "seat_words", "stone_words", "summary",
           "turn_steps", "turn_words", "view_position"]
