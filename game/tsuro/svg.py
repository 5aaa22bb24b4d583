"""Drawing Tsuro of the Seas: pure functions from a view of a position (a dict) to SVG
markup text, in the spirit of python-chess's `chess.svg.board()`.

Standard library only, no browser imports: the page (Pyodide) puts the text into the DOM,
the tests parse it with xml.etree. The same view always gives the same text. Where
things are on the board is game/tsuro/geometry.py.

    board_view(state) -> the view a state is drawn from: every seat's board, the choices
        of the captain to move and its placements judged (for a preview)
    board(view, *, seat=None, preview=None, mark=None, highlight=True, names=None,
          id_prefix="", roll=None, last=None, reach=None, ghost=None)  -> one
        <svg data-board="tsuro"> for the whole board, from `board_view(state)` or a
        seat's `state.view(seat)`
    move_words(action, square=None) -> an action in words, as the coach advises it
    turn_roll(events) -> the daikaiju roll to draw, from the game's events (the state
        keeps no dice)
    trail_wake(seat, square, entry) -> the selector of one wake of a ship's trail
    tile(tile_id, rotation=0, *, selected=False) -> one <svg> for a hand tile
    seat_words(seat, names) -> a seat in words, its name and its ship
    TsuroScene(view, seat), summary(scene, names), layers(scene, ...) -> what a board
        is drawn from, its words, and the markup inside its root: the hook that
        game/tsuro/diagram.py draws a diagram with (the board once, nothing to click,
        notes over it, for the rules pages; the page never loads that module)

What a page can rely on in `board()` (seats and daikaiju are the engine's 0-based numbers;
people read seat + 1 and daikaiju tile k + 1):

    svg[data-board=tsuro]      data-decision, data-active, data-turn, data-viewer; a
        <title> and aria-label in words; role="img", or role="group" while it holds
        something to click (those have role="button" and an aria-label)
    rect.square[data-square=n]           all 49 squares (row * 7 + column)
    rect.square.target[data-square=n]    the square to place on (placement decision;
        role="button", tabindex="0")
    g.tile#tile-<tile>[data-square][data-tile][data-rotation]   a placed wake tile, its
        <title> naming the tile, its square and its wakes in words (`wake_words`);
        path.wake x4 (data-points="a-b"), each over a casing path with no class
    g.trail-group[data-seat]             a ship's sailed wakes (class "out", faded, once
        that ship is out): a dark line, then g.trail[data-seat] in the ship's colour and
        dashes, each a path[data-wake="<square>:<entry point>"] per wake, in sailing order
    g.dice[data-gold][data-blue][data-sum][data-acts]   the daikaiju roll of the turn
        being played, when board() is given it: g.die[data-die=gold|blue][data-value],
        g.sum; role="img", its <title> and aria-label the log's words
    g.daikaiju#daikaiju-<k>[data-daikaiju][data-square][data-facing][data-number][data-gold]
        g.arrow[data-face=1..5][data-code=F|R|B|L|C|A][data-direction=N|E|S|W|C|A]
        (moves: path.pin whose first point is the tip; turns: path.turn)
    g.ship#ship-<seat>[data-seat][data-position][data-shape]   transform="translate(x y)"
        path.bow (rotated to the square it faces), .hull (its shape), text (seat + 1);
        class "you" on the viewer's own ship
    g.mark.choice[data-mark=position]    a start mark to click (start mark / relocation):
        role="button", data-rove="marks": one in the tab order (tabindex="0": the mark
        picked, else the first), the others tabindex="-1", reached with the arrow keys
        (roving focus: 48 marks are too many to tab through),
        aria-pressed; its rect.hit is the whole area the
        mark owns in the margin (half a square along the edge, the margin deep; see
        `mark_area`), transparent, over rect.band, the same area drawn as a faint band,
        and the mark's circle
    g.last-move[data-square]             the square of the last wake tile laid (`last`):
                                         a dashed double outline and a corner notch
    g.reach g[data-square][data-faces]   where a daikaiju could go at the next roll
                                         (`reach`), with the die's faces ("2 5")
    rect.target-ring                     the target square's outline, drawn over the
        ships (no paint: the page's CSS draws the focus ring on it)
    g.ghost[data-seat][data-mark]        the mark picked and not yet confirmed (`mark=`):
        the seat's ship, faded, in a ring; that mark has class "picked" and
        aria-pressed="true"
    g.ghost[data-advice][data-seat]      the coach's advice (`ghost`, game/tsuro/coach.py),
        pointer-events="none", its <title> the move in words: for a placement
        g.ghost-tile[data-tile][data-rotation][data-square], the tile turned as advised
        on the square to place on, translucent in a dashed outline, with
        path.ghost-path[data-seat] where each ship it moves would sail and
        .ghost-end[data-seat][data-fate] where it would end (only from a view that
        judges the placement: board_view); for a start mark or a relocation
        g.ghost-mark[data-mark], the mark in a dashed ring. Over the start marks, under
        the ships
    g.preview[data-tile][data-rotation][data-square][data-legal] (only from a view that
        judges the placement: board_view)   path.preview-path[data-seat],
        .preview-end[data-seat][data-fate=sails|edge|daikaiju|loop] (.eliminated: a cross)
    text.gold-number[data-gold=1..6], text.blue-number[data-blue=1..6]

Sizes: every text is at least MIN_FONT user units (at least 9 CSS px on a board 360 px
wide) and every target at least 24 CSS px there, except the start marks: two marks on one
side of a square are 20 units apart, so each gets the largest rectangle it owns instead
(30 x 35 units, 22 x 25 px), and the page offers an equivalent control (WCAG 2.5.8).

`id_prefix` goes before every id, for pages that show more than one board.
Colours are presentation attributes, so page CSS can restyle anything.
"""

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from math import acos, cos, pi, sin
from typing import TYPE_CHECKING, Any

from game.core import Action, Event
from game.core.i18n import N_, _, ngettext
from game.core.svg import Scene, attr, button, frame, num, open_svg, polygon, translate, xy
from game.core.words import and_list, or_list
from game.tsuro.board import (
    LINE_TO_DIE,
    OFF,
    SIZE,
    SQUARES,
    START_MARKS,
    behind,
    mark_name,
    point_id,
    square_name,
)
from game.tsuro.daikaiju import MOVE_TURN, TILES
from game.tsuro.events import DAIKAIJU_ROLL, TILE_PLACED, TURN
from game.tsuro.geometry import (
    BOARD,
    MARGIN,
    SQ,
    VECTOR,
    VIEW,
    Point,
    mark_area,
    point_xy,
    ship_centre,
    ship_facing,
    square_origin,
    wake_curve,
)
from game.tsuro.text import describe
from game.tsuro.tiles import ORIENTED, ROTATIONS, Lookup

if TYPE_CHECKING:
    from game.tsuro.state import TsuroState

# --- what the page reuses --------------------------------------------------------------
SHIP_COLOURS = ("#d62839", "#f77f00", "#ffd23f", "#2a9d3f",
                "#8e44ad", "#ff70a6", "#222222", "#ffffff")
# Each ship's trail has its own dash pattern over a dark line, so that two trails that
# cross are told apart by more than their colours (seat 1's is whole).
TRAIL_DASHES = ("", "14 5", "3 5", "14 4 3 4", "8 8", "3 3 3 9", "20 6", "6 3 1 3")
SHIP_SHAPES = ("circle", "square", "triangle", "diamond",
               "pentagon", "hexagon", "star", "cross")
# The seats' names as the page shows them (translate with _() where shown): each ship's
# colour and shape, one name each.
SHIP_NAMES = (N_("Red circle"), N_("Orange square"), N_("Yellow triangle"), N_("Green diamond"),
              N_("Purple pentagon"), N_("Pink hexagon"), N_("Black star"), N_("White cross"))
# The ink of a seat's label on its ship: light on dark colours, dark on light ones.
SHIP_INK = ("#ffffff", "#1a1a1a", "#1a1a1a", "#1a1a1a",
            "#ffffff", "#1a1a1a", "#ffffff", "#1a1a1a")

DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"))

# --- sizes (user units; where things are: game/tsuro/geometry.py) -----------------------
SHIP_R = 9  # a ship's body radius; points on one side are 20 apart
MIN_FONT = 12.5  # the smallest text: 9 CSS px when the board is 360 px wide

# --- colours -----------------------------------------------------------------------------
FRAME, FRAME_EDGE = "#f4ecd8", "#c9b88f"
SEA, GRID = "#154f78", "#3b7fab"
TILE_FILL, TILE_EDGE, WAKE = "#3d8cc0", "#2a6f9e", "#ffffff"
TARGET_FILL, TARGET_EDGE = "#2a7ab0", "#ffd23f"
KAIJU_FILL, KAIJU_EDGE, KAIJU_INK, KAIJU_PALE = "#7b2d43", "#3d0f1e", "#3d0f1e", "#fff4e0"
GOLD, GOLD_EDGE, GOLD_INK = "#e8b923", "#8a6508", "#3b2a00"
BLUE, BLUE_EDGE = "#2456a4", "#0f2f66"
OUTLINE = "#1a1a1a"


def _wake_d(a: int, b: int, dx: float = 0, dy: float = 0) -> str:
    """The curve of a wake from point a to point b of a square whose top-left is (dx, dy):
    a cubic Bezier leaving each point straight into the square (geometry.wake_curve)."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = wake_curve(a, b, dx, dy)
    return f"M{xy(x1, y1)}C{xy(x2, y2)} {xy(x3, y3)} {xy(x4, y4)}"


def _pairs(lookup: Lookup) -> list[tuple[int, int]]:
    return [(p, q) for p, q in enumerate(lookup) if p < q]


# The 8 points of a square in words, in tiles.py's order (clockwise from the top-left).
POINT_WORDS = (N_("top left"), N_("top right"), N_("right upper"), N_("right lower"),
               N_("bottom right"), N_("bottom left"), N_("left lower"), N_("left upper"))


def wake_words(lookup: Lookup) -> str:
    """A tile's four wakes in words, for a screen reader: which points each joins."""
    return "; ".join(_("{start} to {end}").format(start=_(POINT_WORDS[a]), end=_(POINT_WORDS[b]))
                     for a, b in _pairs(lookup))


WAKE_STYLE = f'fill="none" stroke="{WAKE}" stroke-width="3"'  # the wakes inherit it


def _wakes_markup(lookup: Lookup, dx: float = 0, dy: float = 0) -> str:
    """Four wakes, each over its own casing so that crossings show which lies on top.
    The wakes inherit WAKE_STYLE from a group around them."""
    parts = []
    for a, b in _pairs(lookup):
        d = _wake_d(a, b, dx, dy)
        parts.append(f'<path d="{d}" stroke="{TILE_FILL}" stroke-width="7"/>'
                     f'<path class="wake" data-points="{a}-{b}" d="{d}"/>')
    return "".join(parts)


def _tile_rect(dx: float = 0, dy: float = 0, ident: str = "") -> str:
    ident = f' id="{ident}"' if ident else ""
    return (f'<rect{ident} x="{num(dx + 1)}" y="{num(dy + 1)}" width="{SQ - 2}" '
            f'height="{SQ - 2}" rx="4" fill="{TILE_FILL}" stroke="{TILE_EDGE}" '
            f'stroke-width="1"/>')


def _tile_body(tile_id: int, rotation: int, dx: float = 0, dy: float = 0) -> str:
    """A wake tile standing alone (a preview, a hand tile)."""
    return (f'<g {WAKE_STYLE}>{_tile_rect(dx, dy)}'
            f'{_wakes_markup(ORIENTED[tile_id][rotation], dx, dy)}</g>')


# --- ships -------------------------------------------------------------------------------
def _regular(corners: int, radius: float, start: float = -90.0,
             inner: float | None = None) -> list[Point]:
    pts = []
    steps = corners * (2 if inner else 1)
    for i in range(steps):
        angle = (start + 360.0 * i / steps) * pi / 180
        r = inner if inner and i % 2 else radius
        pts.append((r * cos(angle), r * sin(angle)))
    return pts


def _hull(shape: str, r: float = SHIP_R) -> str:
    """A ship's body, centred on (0, 0), never rotated (a turned square would be a
    diamond)."""
    if shape == "circle":
        return f'<circle class="hull" r="{num(r)}"/>'
    if shape == "square":
        s = r * 0.85
        return f'<rect class="hull" x="{num(-s)}" y="{num(-s)}" width="{num(2 * s)}" ' \
               f'height="{num(2 * s)}" rx="1.5"/>'
    if shape == "triangle":
        pts = [(x, y + r * 0.18) for x, y in _regular(3, r * 1.3)]
    elif shape == "diamond":
        pts = _regular(4, r * 1.2)
    elif shape == "pentagon":
        pts = [(x, y + r * 0.05) for x, y in _regular(5, r * 1.08)]
    elif shape == "hexagon":
        pts = _regular(6, r * 1.05, start=0)
    elif shape == "star":
        pts = _regular(5, r * 1.3, inner=r * 0.62)
    elif shape == "cross":
        a, b = r * 0.45, r * 1.05
        pts = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b),
               (-a, a), (-b, a), (-b, -a), (-a, -a)]
    else:
        raise ValueError(f"unknown ship shape {shape!r}")
    return f'<path class="hull" d="{polygon(pts)}"/>'


def ship_icon(seat: int) -> str:
    """A seat's ship as a small picture of its own (its colour, shape and number, as on
    the board), for a list of the players; its name is said beside it."""
    colour, ink = SHIP_COLOURS[seat], SHIP_INK[seat]
    size = num(SHIP_R * 1.4)  # (a star's or a triangle's points reach 1.3 radii)
    return (f'<svg class="ship-icon" viewBox="-{size} -{size} {2 * float(size):g} '
            f'{2 * float(size):g}" '
            f'width="28" height="28" aria-hidden="true" focusable="false">'
            f'<g fill="{colour}" stroke="{OUTLINE}" stroke-width="1.4" '
            f'stroke-linejoin="round">{_hull(SHIP_SHAPES[seat])}</g>'
            f'<text y="4.5" text-anchor="middle" font-size="{MIN_FONT}" font-weight="700" '
            f'fill="{ink}" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round" '
            f'paint-order="stroke">{seat + 1}</text></svg>')


def _bow(facing: int, css_class: str = "") -> str:
    """A ship's bow: a point reaching out of its body in the direction it faces."""
    r = SHIP_R
    named = f' class="{css_class}"' if css_class else ""
    return (f'<path{named} transform="rotate({facing * 90})" '
            f'd="M0 {num(-r - 9)}L6.5 {num(-r + 1)}H-6.5Z"/>')


def _ship_markup(seat: int, position: int, offset: Point, label: str, you: bool,
                 pre: str) -> str:
    cx, cy = ship_centre(position)
    cx, cy = cx + offset[0], cy + offset[1]
    facing = ship_facing(position)
    colour, ink = SHIP_COLOURS[seat], SHIP_INK[seat]
    shape = SHIP_SHAPES[seat]
    halo = (f'<circle class="you" r="{SHIP_R + 5}" fill="none" stroke="{GOLD}" '
            f'stroke-width="2.5" stroke-dasharray="4 2.5"/>' if you else "")
    classes = "ship you" if you else "ship"
    return (
        f'<g id="{pre}ship-{seat}" class="{classes}" data-seat="{seat}" '
        f'data-position="{position}" data-shape="{shape}" '
        f'transform="{translate(cx, cy)}">'
        f'<title>{escape(label)}</title>{halo}'
        f'<g fill="{colour}" stroke="{OUTLINE}" stroke-width="1.4" stroke-linejoin="round">'
        f'{_bow(facing, "bow")}{_hull(shape)}</g>'
        f'<text y="4.5" text-anchor="middle" font-size="{MIN_FONT}" font-weight="700" '
        f'fill="{ink}" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round" '
        f'paint-order="stroke">{seat + 1}</text></g>'
    )


# --- daikaiju ------------------------------------------------------------------------------
def _pin(direction: int) -> tuple[str, Point]:
    """A teardrop arrow from the tile's centre towards one side, as (path data, centre of
    its round end); the path's first point is the tip."""
    vx, vy = VECTOR[direction]
    c, r, dist, tip = 30, 8.5, 19.0, 29.5
    mx, my = c + vx * dist, c + vy * dist
    tx, ty = c + vx * tip, c + vy * tip
    alpha = acos(r / (tip - dist))  # from the centre, the tangents from the tip
    points = []
    for sign in (1, -1):
        a = sign * alpha
        ux, uy = vx * cos(a) - vy * sin(a), vx * sin(a) + vy * cos(a)
        points.append((mx + r * ux, my + r * uy))
    (x1, y1), (x2, y2) = points
    return (f'M{xy(tx, ty)}L{xy(x1, y1)}A{xy(r, r)} 0 1 1 {xy(x2, y2)}Z',
            (mx, my))


def _turn_arrow(clockwise: bool) -> str:
    """A curved arrow round the tile's centre, its head at a corner-ward diagonal."""
    c, r = 30, 9.6
    start, end = (135, 405) if clockwise else (45, -225)
    sx, sy = c + r * cos(start * pi / 180), c + r * sin(start * pi / 180)
    ex, ey = c + r * cos(end * pi / 180), c + r * sin(end * pi / 180)
    sweep = 1 if clockwise else 0
    t = end * pi / 180
    tx, ty = ((-sin(t), cos(t)) if clockwise else (sin(t), -cos(t)))
    nx, ny = cos(t), sin(t)
    head = [(ex + tx * 6, ey + ty * 6), (ex + nx * 4.2, ey + ny * 4.2),
            (ex - nx * 4.2, ey - ny * 4.2)]
    return (f'<path class="turn" d="M{xy(sx, sy)}A{xy(r, r)} 0 1 {sweep} '
            f'{xy(ex, ey)}" fill="none" stroke="{KAIJU_PALE}" stroke-width="2.4"/>'
            f'<path d="{polygon(head)}" fill="{KAIJU_PALE}"/>')


def _kaiju_words(kaiju: int, facing: int, square: int) -> str:
    """A daikaiju on the board in words: its number, facing and arrows, and its square."""
    number, gold, codes = TILES[kaiju]
    moves = []
    for face, code in enumerate(codes, 1):
        if code in MOVE_TURN:
            moves.append(_("{face} {direction}").format(
                face=face, direction=_(DIRECTION_WORDS[(facing + MOVE_TURN[code]) % 4])))
        elif code == "C":
            moves.append(_("{face} turn clockwise").format(face=face))
        else:
            moves.append(_("{face} turn anticlockwise").format(face=face))
    words = (_("Daikaiju {daikaiju}, rotation number {number} with the gold arrow: facing "
               "{facing}; {moves}, in {square}") if gold else
             _("Daikaiju {daikaiju}, rotation number {number}: facing {facing}; {moves}, in "
               "{square}"))
    return words.format(daikaiju=kaiju + 1, number=number, facing=_(DIRECTION_WORDS[facing]),
                        moves=", ".join(moves), square=square_name(square))


def _kaiju_markup(kaiju: int, square: int, facing: int, pre: str) -> str:
    number, gold, codes = TILES[kaiju]
    x0, y0 = square_origin(square)
    parts = [
        f'<g id="{pre}daikaiju-{kaiju}" class="daikaiju" data-daikaiju="{kaiju}" '
        f'data-square="{square}" data-facing="{facing}" data-number="{number}" '
        f'data-gold="{"true" if gold else "false"}" transform="{translate(x0, y0)}">'
        f'<title>{escape(_kaiju_words(kaiju, facing, square))}</title>'
        f'<rect x="1.5" y="1.5" width="57" height="57" rx="7" fill="{KAIJU_FILL}" '
        f'stroke="{KAIJU_EDGE}" stroke-width="2"/>',
        _kaiju_motif(),
    ]
    if gold:
        parts.append(f'<rect class="number gold" x="2.5" y="2.5" width="15" height="15" '
                     f'rx="3" fill="{GOLD}" stroke="{GOLD_EDGE}"/>'
                     f'<text x="10" y="14.5" text-anchor="middle" font-size="{MIN_FONT}" '
                     f'font-weight="700" fill="{GOLD_INK}">{number}</text>')
    else:
        parts.append(f'<rect class="number" x="3" y="3" width="14" height="14" rx="3" '
                     f'fill="none" stroke="{KAIJU_PALE}" stroke-width="1.2"/>'
                     f'<text x="10" y="14.5" text-anchor="middle" font-size="{MIN_FONT}" '
                     f'font-weight="700" fill="{KAIJU_PALE}">{number}</text>')
    # the four moves, then the turn on top (its head reaches between two pins)
    for face, code in sorted(enumerate(codes, 1), key=lambda fc: fc[1] not in MOVE_TURN):
        if code in MOVE_TURN:
            direction = (facing + MOVE_TURN[code]) % 4
            d, (mx, my) = _pin(direction)
            parts.append(
                f'<g class="arrow" data-face="{face}" data-code="{code}" '
                f'data-direction="{DIRECTIONS[direction]}">'
                f'<path class="pin" d="{d}" fill="{KAIJU_PALE}" stroke="{KAIJU_EDGE}" '
                f'stroke-width="1"/><text x="{num(mx)}" y="{num(my + 4.5)}" '
                f'text-anchor="middle" font-size="{MIN_FONT}" font-weight="700" '
                f'fill="{KAIJU_INK}">{face}</text></g>')
        else:
            parts.append(
                f'<g class="arrow" data-face="{face}" data-code="{code}" '
                f'data-direction="{code}">{_turn_arrow(code == "C")}'
                f'<circle cx="30" cy="30" r="7.6" fill="{KAIJU_PALE}"/>'
                f'<text x="30" y="34.5" text-anchor="middle" font-size="{MIN_FONT}" '
                f'font-weight="700" fill="{KAIJU_INK}">{face}</text></g>')
    parts.append("</g>")
    return "".join(parts)


def _kaiju_motif() -> str:
    """Tentacle curls in the three free corners: a sea monster, not a wake tile."""
    return ('<path d="M57 14c-6 0-9-3-8-7c1-3 5-3 5 0M46 57c0-6 3-9 7-8c3 1 3 5 0 5'
            'M3 46c6 0 9 3 8 7c-1 3-5 3-5 0" fill="none" stroke="#b5566f" '
            'stroke-width="2" stroke-linecap="round"/>')


# --- words -----------------------------------------------------------------------------------
# Squares and start marks are named as the board prints them (game/tsuro/board.py:
# square_name, mark_name).


def seat_words(seat: int, names: Sequence[str] | None) -> str:
    """A seat in words: its name and its ship, "Ann (Red circle)", or its ship and
    number, "Red circle (seat 1)" (`names`: optional names per seat)."""
    ship = _(SHIP_NAMES[seat])
    if names is not None and seat < len(names) and names[seat]:
        return f"{names[seat]} ({ship})"
    return _("{ship} (seat {seat})").format(ship=ship, seat=seat + 1)


def _tile_numbers(tiles: Iterable[int]) -> str:
    return and_list(str(tile + 1) for tile in tiles)


def move_words(action: Action, square: int | None = None) -> str:
    """An action in words, as the coach advises it (a hint's head, the ghost's title):
    "Place wake tile 12, turned 1 quarter turn, on gold 3, blue 5", "Set sail from
    start mark on the top edge, gold 4, left point", "Swap tile 3 for tile 9". Tiles
    are numbered from 1, as the page shows them; `square` is where a placement goes
    (the square in front of the ship), required for one."""
    kind, args = action.kind, action.args
    if kind == "place":
        if square is None:
            raise ValueError("a placement is said with its square")
        tile_id, rotation = args
        if not rotation:
            words = _("Place wake tile {tile}, not turned, on {square}")
        else:
            words = ngettext("Place wake tile {tile}, turned {turns} quarter turn, on {square}",
                             "Place wake tile {tile}, turned {turns} quarter turns, on "
                             "{square}", rotation)
        return words.format(tile=tile_id + 1, turns=rotation, square=square_name(square))
    if kind == "start":
        return _("Set sail from {mark}").format(mark=mark_name(args[0]))
    if kind == "relocate":
        return _("Move your ship to {mark}").format(mark=mark_name(args[0]))
    if kind == "bonus":
        give, take = args
        if not give:
            return _("Keep your hand")
        return ngettext("Swap tile {give} for tile {take}", "Swap tiles {give} for tiles {take}",
                        len(give)).format(give=_tile_numbers(give), take=_tile_numbers(take))
    raise ValueError(f"no action of Tsuro of the Seas: {action!r}")


# --- what is drawn: a view ------------------------------------------------------------------
def board_view(state: "TsuroState") -> dict[str, Any]:
    """A state as board() draws it: the dict `state.view(seat)` gives, seen by no seat in
    particular ("seat" None: board(seat=...) says whose screen it is), holding no hand,
    with what the engine says the captain to move may do: its start marks ("marks") and,
    when it places a tile, each placement of its hand judged, what a preview shows
    ("placements": [tile, rotation, legal, voyages] for each tile of the hand turned each
    way, voyages [seat, end, fate, path] for each ship it would move, in seat order).
    Plain data, as JSON keeps it."""
    view = state.view(state.active)
    view.update(seat=None, hand=[], bonus_hands={})
    if state.decision == "placement" and state.ships[state.active] is not None:
        legal = state.legal_actions()
        placements = []
        for tile_id in state.hands[state.active]:
            for rotation in range(ROTATIONS):
                lookup = ORIENTED[tile_id][rotation]
                allowed = any(a.kind == "place" and ORIENTED[a.args[0]][a.args[1]] == lookup
                              for a in legal)
                voyages = [[seat, end, fate,  # (placement_outcome's voyages have paths)
                            [list(step) for step in path]]  # type: ignore[union-attr]
                           for seat, (end, fate, path)
                           in state.placement_outcome(tile_id, rotation).voyages.items()]
                placements.append([tile_id, rotation, allowed, voyages])
        view["placements"] = placements
    return view


class TsuroScene(Scene):
    """The public facts of a position, read from a view: `board_view(state)`, or the
    dict `state.view(seat)` gives (which judges no placement: no preview)."""

    players: int
    active: int  # a captain's turn, even once the game is over (the last one's)
    turn: int
    winners: tuple[int, ...]
    tiles: dict[int, tuple[int, int]]  # {square: (tile, rotation)}
    kaiju: list[tuple[int, int, int]]  # (daikaiju, square, facing)
    ships: list[int | None]  # a ship's position, None when not on the board
    out: list[str | None]
    trails: list[list[Sequence[int]]]  # per seat: (square, tile, entry, exit) sailed
    view_marks: list[int]
    # {(tile, rotation): (legal, voyages)}, each voyage (seat, end, fate, path)
    placements: dict[tuple[int, int], tuple[bool, list[Sequence[Any]]]]

    def read(self, view: Mapping[str, Any]) -> None:
        self.players, self.active = view["players"], view["active"]
        self.decision, self.turn = view["decision"], view["turn"]
        self.winners = tuple(view.get("winners", ()))
        self.tiles = {sq: (t, r) for sq, t, r in view.get("tiles", ())}
        self.kaiju = [(k, sq, f) for k, sq, f in view.get("daikaiju", ())]
        self.ships, self.out = list(view["ships"]), list(view["out"])
        self.trails = [list(t) for t in view.get("trails", [[]] * self.players)]
        self.view_marks = list(view.get("marks", ()))
        self.placements = {(tile_id, rotation): (legal, voyages)
                           for tile_id, rotation, legal, voyages in view.get("placements", ())}

    # choices
    def mark_choices(self) -> list[int]:
        if self.decision not in ("start mark", "relocation"):
            return []
        return list(self.view_marks)

    def target(self) -> int | None:
        if self.decision != "placement" or self.ships[self.active] is None:
            return None
        return self.ships[self.active] >> 3  # type: ignore[operator]  # (not None: above)

    def voyages(self, tile_id: int, rotation: int) -> list[Sequence[Any]] | None:
        """What the engine says the placement would do, (seat, end, fate, path) for each
        ship it moves; None when the view judges no such placement (no preview)."""
        judged = self.placements.get((tile_id, rotation))
        return None if judged is None else judged[1]

    def legal(self, tile_id: int, rotation: int) -> bool | None:
        """Whether the rules allow this placement now; None when the view cannot tell."""
        judged = self.placements.get((tile_id, rotation))
        return None if judged is None else judged[0]

    def afloat(self) -> list[int]:
        return [s for s in range(self.players) if self.out[s] is None and self.ships[s] is not None]


def summary(scene: TsuroScene, names: Sequence[str] | None) -> str:
    """The position in words: the board's <title> and aria-label (a diagram's too)."""
    who = scene.active
    daikaiju = len(scene.kaiju)
    if scene.decision == "start mark":
        placed = sum(1 for p in scene.ships if p is not None)
        head = _("Tsuro of the Seas, setting sail: {placed} of {players} ships on start marks, "
                 "{daikaiju} daikaiju.").format(placed=placed, players=scene.players,
                                                daikaiju=daikaiju)
    else:
        afloat = len(scene.afloat())
        head = ngettext("Tsuro of the Seas, turn {turn}: {afloat} ship afloat, {daikaiju} "
                        "daikaiju.",
                        "Tsuro of the Seas, turn {turn}: {afloat} ships afloat, {daikaiju} "
                        "daikaiju.", afloat).format(turn=scene.turn, afloat=afloat,
                                                    daikaiju=daikaiju)
    if scene.winners:
        wins = and_list(seat_words(s, names) for s in scene.winners)
        tail = (_("Game over: {winners} wins.") if len(scene.winners) == 1 else
                _("Game over: {winners} share the win.")).format(winners=wins)
    elif scene.decision == "start mark":
        tail = _("{who} to choose a start mark.").format(who=seat_words(who, names))
    elif scene.decision == "relocation":
        tail = _("{who} to move to another start mark.").format(who=seat_words(who, names))
    elif scene.decision == "placement":
        tail = _("{who} to place a tile on {square}.").format(
            who=seat_words(who, names), square=square_name(scene.target()))  # type: ignore[arg-type]
    elif scene.decision == "bonus":
        tail = _("{who} may exchange tiles with the eliminated players.").format(
            who=seat_words(who, names))
    else:
        tail = _("The game is over.")
    words = [head, tail]
    if scene.viewer is not None and 0 <= scene.viewer < scene.players:
        words.append(_("You are {who}.").format(who=seat_words(scene.viewer, names)))
    return " ".join(words)


# --- the margin: dice numbers and start marks; a placement's preview ----------------------------
def _numbers() -> str:
    """D1: gold numbers along the top (columns), blue down the left (rows); the middle
    line has none."""
    parts = [f'<g class="dice-numbers" font-size="{MIN_FONT}" font-weight="700" '
             f'text-anchor="middle" pointer-events="none">']
    far = MARGIN - 24  # the discs sit outside the ships on start marks
    for line in range(SIZE):
        mid = MARGIN + line * SQ + SQ // 2
        face = LINE_TO_DIE.get(line)
        if face is None:
            continue
        parts.append(
            f'<circle cx="{mid}" cy="{far}" r="9" fill="{GOLD}" stroke="{GOLD_EDGE}"/>'
            f'<text class="gold-number" data-gold="{face}" x="{mid}" y="{far + 4.5}" '
            f'fill="{GOLD_INK}">{face}</text>'
            f'<circle cx="{far}" cy="{mid}" r="9" fill="{BLUE}" stroke="{BLUE_EDGE}"/>'
            f'<text class="blue-number" data-blue="{face}" x="{far}" y="{mid + 4.5}" '
            f'fill="#ffffff">{face}</text>')
    parts.append("</g>")
    return "".join(parts)


def turn_roll(events: Iterable[Event]) -> dict[str, Any] | None:
    """The daikaiju roll of the turn being played (the data of its daikaiju_roll event:
    gold, blue, acts), or None when that turn rolled none (it restored the daikaiju
    instead, or none has begun): what `board(roll=...)` draws, read from the game's log
    (the page) or from one action's events (game/tsuro/motion.py), alike."""
    roll = None
    for event in events:
        if event.kind == TURN:
            roll = None
        elif event.kind == DAIKAIJU_ROLL:
            roll = event.data
    return roll


DIE = 14  # a die's side
# The dice's middle: on the frame, clear of the ships on the bottom start marks (their
# rings reach 477) and of the frame's rounded corner.
ROLL_Y = VIEW - 11
ROLL_X = VIEW - 84  # the gold die's middle; the blue die, then the sum, after it


def _die(colour: str, value: int, x: float) -> str:
    """A die of the daikaiju roll, centred on its origin (it tumbles about its middle),
    in the colours of its numbers along the edges."""
    fill, edge, ink = (GOLD, GOLD_EDGE, GOLD_INK) if colour == "gold" else \
        (BLUE, BLUE_EDGE, "#ffffff")
    h = DIE / 2
    return (f'<g class="die" data-die="{colour}" data-value="{value}" '
            f'transform="{translate(x, ROLL_Y)}"><rect x="{num(-h)}" y="{num(-h)}" '
            f'width="{DIE}" height="{DIE}" rx="3" fill="{fill}" stroke="{edge}"/>'
            f'<text y="4.5" fill="{ink}">{value}</text></g>')


def _roll(roll: Mapping[str, Any] | None) -> str:
    """The daikaiju roll of this turn (or nothing): the gold die, the blue die and their
    sum, on the frame below the ships of the bottom edge, by its right-hand corner; the
    sum on a dark pill when the daikaiju stir. Its words (an image's, for a screen
    reader) are the log's line."""
    if roll is None:
        return ""
    gold, blue, acts = roll["gold"], roll["blue"], bool(roll["acts"])
    words = describe(Event(DAIKAIJU_ROLL, dict(roll)), ())
    x = ROLL_X
    width = 22 + 8 * len(str(gold + blue))  # the sum's pill, round "= 7" or "= 11"
    middle = x + 1.5 * DIE + 8 + width / 2  # the sum's, 4 units after the blue die
    pill = (f'<rect x="{num(middle - width / 2)}" y="{num(ROLL_Y - DIE / 2 - 1)}" '
            f'width="{width}" height="{DIE + 2}" rx="8" fill="{KAIJU_FILL}" '
            f'stroke="{KAIJU_EDGE}"/>' if acts else "")
    return (f'<g class="dice" data-gold="{gold}" data-blue="{blue}" data-sum="{gold + blue}" '
            f'data-acts="{"true" if acts else "false"}" role="img" aria-label="{attr(words)}" '
            f'font-size="{MIN_FONT}" font-weight="700" text-anchor="middle" '
            f'pointer-events="none"><title>{escape(words)}</title>{_die("gold", gold, x)}'
            f'{_die("blue", blue, x + DIE + 4)}'
            f'<g class="sum">{pill}<text x="{num(middle)}" y="{num(ROLL_Y + 4.5)}" '
            f'fill="{KAIJU_PALE if acts else OUTLINE}">= {gold + blue}</text></g></g>')


def _marks(choices: Sequence[int], picked: int | None) -> str:
    """D5: a short tick at each of the 56 outer points; the ones to choose, as buttons
    that fill the area each owns (`mark_area`), with a circle on the mark itself."""
    ticks = []
    for mark in START_MARKS:
        x, y = point_xy(mark)
        vx, vy = VECTOR[ship_facing(mark)]
        ticks.append(f"M{xy(x, y)}l{xy(-vx * 6, -vy * 6)}")
    parts = [f'<path class="marks" d="{"".join(ticks)}" stroke="#7a6a45" stroke-width="2" '
             f'stroke-linecap="round"/>']
    # Roving focus: one mark in the tab order (the picked one, else the first), the
    # arrow keys move among the others (static/page.js, data-rove).
    lead = picked if picked in choices else (choices[0] if choices else None)
    for mark in choices:
        x, y = ship_centre(mark)
        vx, vy = VECTOR[ship_facing(mark)]
        ax, ay, aw, ah = mark_area(mark)
        chosen = mark == picked
        band = (f'fill="{GOLD}" fill-opacity="0.6" stroke="{GOLD_EDGE}" stroke-width="2"'
                if chosen else
                f'fill="#ffffff" fill-opacity="0.45" stroke="{FRAME_EDGE}" stroke-width="1"')
        arrow = ((x + vx * 5, y + vy * 5), (x - vx * 2 + vy * 4, y - vy * 2 + vx * 4),
                 (x - vx * 2 - vy * 4, y - vy * 2 - vx * 4))
        parts.append(
            f'<g class="mark choice{" picked" if chosen else ""}" data-mark="{mark}" '
            f'data-rove="marks"'
            f'{button(mark_name(mark), tabindex=0 if mark == lead else -1, pressed=chosen)}>'
            f'<rect class="band" x="{ax}" y="{ay}" width="{aw}" height="{ah}" {band}/>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="8.5" fill="#ffffff" fill-opacity="0.9" '
            f'stroke="{GOLD_EDGE}" stroke-width="2"/>'
            f'<path d="{polygon(arrow)}" fill="{GOLD_EDGE}"/>'
            f'<rect class="hit" x="{ax}" y="{ay}" width="{aw}" height="{ah}" '
            f'fill="transparent"/></g>')
    return "".join(parts)


def _ghost(seat: int, mark: int) -> str:
    """The picked start mark: the seat's ship on it, faded, in a ring dark and gold (seen
    on the pale frame and on the sea alike)."""
    cx, cy = ship_centre(mark)
    hull = _hull(SHIP_SHAPES[seat]).replace(' class="hull"', "")
    bow = _bow(ship_facing(mark))
    return (f'<g class="ghost" data-seat="{seat}" data-mark="{mark}" pointer-events="none" '
            f'transform="{translate(cx, cy)}">'
            f'<circle r="16" fill="none" stroke="{OUTLINE}" stroke-width="4"/>'
            f'<circle r="16" fill="none" stroke="{GOLD}" stroke-width="2"/>'
            f'<g opacity="0.65" fill="{SHIP_COLOURS[seat]}" stroke="{OUTLINE}" '
            f'stroke-width="1.4" stroke-linejoin="round">{bow}'
            f'{hull}</g></g>')


def _trail_d(steps: Iterable[Sequence[int]]) -> str:
    parts = []
    for square, entry, exit_point in steps:
        x0, y0 = square_origin(square)
        parts.append(_wake_d(entry, exit_point, x0, y0))
    return "".join(parts)


def _end_marker(seat: int, end: int, fate: str | None, css_class: str = "preview-end") -> str:
    x, y = point_xy(end)
    colour = SHIP_COLOURS[seat]
    name = "sails" if fate is None else fate
    if fate is None:
        return (f'<g class="{css_class}" data-seat="{seat}" data-fate="{name}">'
                f'<circle cx="{num(x)}" cy="{num(y)}" r="6.5" fill="none" stroke="{OUTLINE}" '
                f'stroke-width="5"/><circle cx="{num(x)}" cy="{num(y)}" r="6.5" fill="none" '
                f'stroke="{colour}" stroke-width="3"/></g>')
    d = f"M{xy(x - 7, y - 7)}l14 14m0-14l-14 14"
    return (f'<g class="{css_class} eliminated" data-seat="{seat}" data-fate="{name}" '
            f'stroke-linecap="round"><path d="{d}" stroke="{OUTLINE}" stroke-width="6.5"/>'
            f'<path d="{d}" stroke="{colour}" stroke-width="3.5"/></g>')


def _preview(scene: TsuroScene, preview: tuple[int, int] | None) -> tuple[str, str]:
    """The preview drawn under the ships, and its end markers drawn over them (both empty
    when there is no preview, no square to place on, or the view judges no such
    placement: `state.view(seat)`, or a tile not in the hand)."""
    target = scene.target()
    if preview is None or target is None:
        return "", ""
    tile_id, rotation = preview
    if not (0 <= tile_id < len(ORIENTED) and 0 <= rotation < ROTATIONS):
        raise ValueError(f"no wake tile {tile_id!r} turned {rotation!r}")
    voyages = scene.voyages(tile_id, rotation)
    if voyages is None:  # only the engine judges a placement (board_view)
        return "", ""
    legal = scene.legal(tile_id, rotation)
    x0, y0 = square_origin(target)
    parts = [f'<g class="preview" data-tile="{tile_id}" data-rotation="{rotation}" '
             f'data-square="{target}" data-legal="{"true" if legal else "false"}" '
             f'pointer-events="none">'
             f'<g opacity="0.6">{_tile_body(tile_id, rotation, x0, y0)}</g>']
    paths, ends = [], []
    for seat, end, fate, path in voyages:
        d = _trail_d(path)
        paths.append(
            f'<path class="preview-path" data-seat="{seat}" d="{d}" fill="none" '
            f'stroke="{SHIP_COLOURS[seat]}" stroke-width="3.5" stroke-dasharray="6 4" '
            f'stroke-linecap="round"/>')
        ends.append(_end_marker(seat, end, fate))
    if legal is False:  # red, dashed and crossed out: not told by its colour alone
        parts.append(f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{SQ - 4}" height="{SQ - 4}" '
                     f'rx="4" fill="none" stroke="#ff3b3b" stroke-width="3" '
                     f'stroke-dasharray="7 4"/>'
                     f'<path class="refused-mark" d="M{x0 + 6} {y0 + 6}l10 10m0 -10l-10 10" '
                     f'stroke="#ff3b3b" stroke-width="3" stroke-linecap="round"/>')
    parts.append("".join(paths))
    parts.append("</g>")
    return "".join(parts), "".join(ends)


def _ghost_tile(scene: TsuroScene, tile_id: int, rotation: int, target: int) -> str:
    """An advised placement: the tile turned as advised on the square to place on,
    translucent in a dashed outline, and where each ship it moves would sail and end
    (when the view judges the placement: board_view)."""
    x0, y0 = square_origin(target)
    parts = [f'<g class="ghost-tile" data-tile="{tile_id}" data-rotation="{rotation}" '
             f'data-square="{target}"><g opacity="0.5">{_tile_body(tile_id, rotation, x0, y0)}'
             f'</g><rect x="{x0 + 2}" y="{y0 + 2}" width="{SQ - 4}" height="{SQ - 4}" rx="4" '
             f'fill="none" stroke="{OUTLINE}" stroke-width="3.5"/>'
             f'<rect x="{x0 + 2}" y="{y0 + 2}" width="{SQ - 4}" height="{SQ - 4}" rx="4" '
             f'fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="6 4"/></g>']
    ends = []
    for seat, end, fate, path in scene.voyages(tile_id, rotation) or ():
        parts.append(f'<path class="ghost-path" data-seat="{seat}" d="{_trail_d(path)}" '
                     f'fill="none" stroke="{SHIP_COLOURS[seat]}" stroke-width="3" '
                     f'stroke-dasharray="2 5" stroke-linecap="round" opacity="0.8"/>')
        ends.append(_end_marker(seat, end, fate, "ghost-end"))
    return "".join(parts + ends)


def _ghost_mark(mark: int) -> str:
    """An advised start mark (or relocation): the mark in a dashed ring, dark and white
    (seen on the pale frame and on the sea alike)."""
    cx, cy = ship_centre(mark)
    return (f'<g class="ghost-mark" data-mark="{mark}" transform="{translate(cx, cy)}">'
            f'<circle r="15" fill="none" stroke="{OUTLINE}" stroke-width="4.5"/>'
            f'<circle r="15" fill="none" stroke="#ffffff" stroke-width="2.5" '
            f'stroke-dasharray="5 3"/></g>')


def _advice_ghost(scene: TsuroScene, ghost: Sequence[Action] | None) -> str:
    """The coach's advice, drawn faintly (`board(ghost=...)`): each action of the
    decision drawn now, in one layer that lets clicks through, its title the move in
    words."""
    if not ghost:
        return ""
    target = scene.target()
    parts, words = [], []
    for action in ghost:
        if action.kind == "place" and target is not None:
            tile_id, rotation = action.args
            if not (0 <= tile_id < len(ORIENTED) and 0 <= rotation < ROTATIONS):
                raise ValueError(f"no wake tile {tile_id!r} turned {rotation!r}")
            parts.append(_ghost_tile(scene, tile_id, rotation, target))
        elif action.kind in ("start", "relocate") and scene.decision in ("start mark",
                                                                          "relocation"):
            (mark,) = action.args
            if type(mark) is not int or mark not in START_MARKS:
                raise ValueError(f"no start mark {mark!r}")
            parts.append(_ghost_mark(mark))
        else:
            continue
        words.append(move_words(action, target))
    if not parts:
        return ""
    title = escape(_("{move} (the coach's advice)").format(move="; ".join(words)))
    return (f'<g class="ghost" data-advice="true" data-seat="{scene.active}" '
            f'pointer-events="none">'
            f'<title>{title}</title>{"".join(parts)}</g>')


# --- the board, layer by layer -------------------------------------------------------------
def _root(scene: TsuroScene, names: Sequence[str] | None, clickable: bool) -> str:
    """The <svg> element and its title: the position in words."""
    viewer = "" if scene.viewer is None else scene.viewer
    return open_svg(f"0 0 {VIEW} {VIEW}", summary(scene, names), {
        "class": "board tsuro-board", "data-board": "tsuro",
        "data-decision": scene.decision or "", "data-active": scene.active,
        "data-turn": scene.turn, "data-viewer": viewer,
    }, role="group" if clickable else "img")


def _sea() -> str:
    """The pale frame, and the sea the board lies in."""
    return (frame(VIEW, VIEW, FRAME, FRAME_EDGE)
            + f'<rect class="sea" x="{MARGIN - 3}" y="{MARGIN - 3}" width="{BOARD + 6}" '
              f'height="{BOARD + 6}" rx="5" fill="{SEA}"/>')


def _squares(target: int | None) -> str:
    """The 49 squares; the target square, to click, after them."""
    parts = [f'<g class="squares" fill="{SEA}" stroke="{GRID}" stroke-width="1">']
    for square in range(SQUARES):
        x0, y0 = square_origin(square)
        if square != target:
            parts.append(f'<rect class="square" data-square="{square}" x="{x0}" y="{y0}" '
                         f'width="{SQ}" height="{SQ}"/>')
    parts.append("</g>")
    if target is not None:
        x0, y0 = square_origin(target)
        words = _("place a tile on {square}").format(square=square_name(target))
        parts.append(
            f'<rect class="square target" data-square="{target}" x="{x0}" y="{y0}" '
            f'width="{SQ}" height="{SQ}" fill="{TARGET_FILL}" stroke="{TARGET_EDGE}" '
            f'stroke-width="3" stroke-dasharray="7 4"{button(words, cursor=False)}/>')
    return "".join(parts)


def _tiles(scene: TsuroScene, pre: str) -> str:
    """The placed wake tiles: one background shape, used by every tile (there even with
    no tile on the board, for the copy of an eaten one that the page lays over it)."""
    shape = f'<defs>{_tile_rect(ident=pre + "tsuro-tile")}</defs>'
    if not scene.tiles:
        return shape
    parts = [f'{shape}<g class="tiles" {WAKE_STYLE}>']
    for square, (tile_id, rotation) in scene.tiles.items():
        x0, y0 = square_origin(square)
        words = _("Wake tile {number} on {square}, wakes: {wakes}").format(
            number=tile_id + 1, square=square_name(square),
            wakes=wake_words(ORIENTED[tile_id][rotation]))
        parts.append(f'<g id="{pre}tile-{tile_id}" class="tile" data-square="{square}" '
                     f'data-tile="{tile_id}" data-rotation="{rotation}" '
                     f'transform="{translate(x0, y0)}"><title>{escape(words)}</title>'
                     f'<use href="#{pre}tsuro-tile"/>'
                     f'{_wakes_markup(ORIENTED[tile_id][rotation])}</g>')
    parts.append("</g>")
    return "".join(parts)


def _trails(scene: TsuroScene) -> str:
    """What each ship has sailed, over the tiles; faded once the ship is out. A dark line
    under a line in the ship's colour, each a path per wake sailed (data-wake: its square
    and entry point), so that the page reveals the wakes one by one as the ship sails them
    (game/tsuro/motion.py); every dark line lies under every coloured one, as when each
    was one path of a subpath per wake."""
    afloat = set(scene.afloat())
    parts = []
    for s in range(scene.players):
        steps = [(sq, a, b) for sq, _tile, a, b in scene.trails[s] if sq in scene.tiles]
        if not steps:
            continue
        alive = s in afloat
        fade = "" if alive else ' opacity="0.45"'
        wakes = "".join(f'<path data-wake="{sq}:{a}" d="{_trail_d([(sq, a, b)])}"/>'
                        for sq, a, b in steps)
        parts.append(
            f'<g class="trail-group{"" if alive else " out"}" data-seat="{s}" fill="none" '
            f'stroke-linecap="round"{fade}>'
            f'<g stroke="{OUTLINE}" stroke-width="5.5">{wakes}</g>'
            f'<g class="trail" data-seat="{s}" stroke="{SHIP_COLOURS[s]}" '
            f'stroke-width="3.2"{_dashes(s)}>{wakes}</g></g>')
    return "".join(parts)


def trail_wake(seat: int, square: int, entry: int) -> str:
    """The selector of one wake of a ship's trail as drawn (its dark and coloured lines)."""
    return f'g.trail-group[data-seat="{seat}"] [data-wake="{square}:{entry}"]'


def _dashes(seat: int) -> str:
    dashes = TRAIL_DASHES[seat % len(TRAIL_DASHES)]
    return f' stroke-dasharray="{dashes}"' if dashes else ""


def _daikaiju(scene: TsuroScene, pre: str) -> str:
    return "".join(_kaiju_markup(kaiju, square, facing, pre)
                   for kaiju, square, facing in scene.kaiju)


def _ships(scene: TsuroScene, names: Sequence[str] | None, pre: str) -> str:
    """The ships afloat, spread apart when two share a point (reading D9's forced case)."""
    at_point: dict[int, list[int]] = {}
    for s in range(scene.players):
        if scene.ships[s] is not None and scene.out[s] is None:
            at_point.setdefault(point_id(scene.ships[s]), []).append(s)  # type: ignore[arg-type]
    parts = []
    for s in range(scene.players):
        position = scene.ships[s]
        if position is None or scene.out[s] is not None:
            continue
        group = at_point[point_id(position)]
        shift = (group.index(s) - (len(group) - 1) / 2) * 12
        vx, vy = VECTOR[ship_facing(position)]
        heading = _(DIRECTION_WORDS[ship_facing(position)])
        if behind(position) == OFF:
            label = _("{who}, on a {mark}, heading {direction}").format(
                who=seat_words(s, names), mark=mark_name(position), direction=heading)
        else:
            label = _("{who}, facing {square}, heading {direction}").format(
                who=seat_words(s, names), square=square_name(position >> 3), direction=heading)
        parts.append(_ship_markup(s, position, (vy * shift, vx * shift), label,
                                  s == scene.viewer, pre))
    return "".join(parts)


def last_square(events: Iterable[Event]) -> int | None:
    """The square of the last wake tile laid among `events` (Event objects, the game's
    log in order), or None: what `board(last=...)` marks until the next tile."""
    square = None
    for event in events:
        if event.kind == TILE_PLACED:
            square = event.data["square"]
    return square


def _last_move(scene: TsuroScene, square: int | None) -> str:
    """The last tile laid, marked by shape (not colour alone): a dashed outline inside
    the square's edge and a notch in its top left corner."""
    if square is None or square not in scene.tiles:
        return ""
    x0, y0 = square_origin(square)
    words = escape(_("The last wake tile laid"))
    return (f'<g class="last-move" data-square="{square}" pointer-events="none">'
            f'<title>{words}</title>'
            f'<rect x="{x0 + 2.5}" y="{y0 + 2.5}" width="{SQ - 5}" height="{SQ - 5}" '
            f'fill="none" stroke="#ffffff" stroke-width="3"/>'
            f'<rect x="{x0 + 2.5}" y="{y0 + 2.5}" width="{SQ - 5}" height="{SQ - 5}" '
            f'fill="none" stroke="#10222b" stroke-width="1.6" stroke-dasharray="5 3"/>'
            f'<path d="M{x0 + 1} {y0 + 1}h12l-12 12z" fill="#10222b" stroke="#ffffff" '
            f'stroke-width="1"/></g>')


def _reach(reach: Mapping[int, Sequence[int]] | None) -> str:
    """Where the daikaiju could go at the next roll (game/tsuro/dangers.py,
    reached_squares): each square a daikaiju would move to, faintly hatched with a dashed
    edge (not colour alone) and the die's faces that bring one there."""
    if not reach:
        return ""
    parts = ['<g class="reach" pointer-events="none">']
    for square, faces in sorted(reach.items()):
        x0, y0 = square_origin(square)
        shown = " ".join(str(face) for face in faces)
        words = escape(_("A daikaiju moves here on a die of {faces}").format(
            faces=or_list(str(face) for face in faces)))
        parts.append(
            f'<g data-square="{square}" data-faces="{shown}"><title>{words}</title>'
            f'<rect x="{x0 + 4}" y="{y0 + 4}" width="{SQ - 8}" height="{SQ - 8}" rx="4" '
            f'fill="#ffcf7a" fill-opacity="0.3" stroke="#ffb347" stroke-width="2.5" '
            f'stroke-dasharray="4 3"/>'
            f'<text x="{x0 + SQ / 2}" y="{y0 + SQ - 9}" text-anchor="middle" font-size="14" '
            f'font-weight="700" fill="#ffe2b8" stroke="#10222b" stroke-width="2.5" '
            f'paint-order="stroke">{escape(shown)}</text></g>')
    return "".join(parts) + "</g>"


def _target_ring(target: int | None) -> str:
    """The target square's focus ring, over the ships beside it."""
    if target is None:
        return ""
    x0, y0 = square_origin(target)
    return (f'<rect class="target-ring" x="{x0}" y="{y0}" width="{SQ}" height="{SQ}" '
            f'fill="none" pointer-events="none"/>')


def board(view: Mapping[str, Any], *, seat: int | None = None,
          preview: tuple[int, int] | None = None, mark: int | None = None,
          highlight: bool = True, names: Sequence[str] | None = None, id_prefix: str = "",
          roll: Mapping[str, Any] | None = None, last: int | None = None,
          reach: Mapping[int, Sequence[int]] | None = None,
          ghost: Sequence[Action] | None = None) -> str:
    """The whole board as one `<svg data-board="tsuro">` element.

    view: what is drawn, `board_view(state)`, or the dict `state.view(seat)` gives (no
        preview: it judges no placement).
    seat: whose screen this is (their ship gets a gold ring), else the view's seat;
        choices and the target square are drawn only when it is that seat's decision (or
        when it is nobody's screen).
    preview: (tile, rotation) to show on the target square, with where the ships would
        sail and end (a cross for an elimination).
    mark: the start mark the seat to move has picked but not confirmed (start mark or
        relocation decision): its area is marked, it gets aria-pressed="true", and a
        ghost of the seat's ship stands on it in a ring. Ignored when that mark is not a
        choice drawn now; a number that is no start mark raises ValueError.
    highlight: False draws no choices and no target (a replay or a thumbnail).
    names: optional player names per seat, for the title and labels.
    roll: the daikaiju roll of the turn being played, to draw (`turn_roll` of the game's
        events), or None: the state keeps no dice.
    last: the square of the last wake tile laid (`last_square` of the game's events), to
        mark, or None.
    reach: {square: faces of the daikaiju die}, where the daikaiju could go at the next
        roll (`dangers.reached_squares`), drawn faintly over the daikaiju; or None.
    ghost: the actions the coach advises (`advice.turn`, game/tsuro/coach.py), drawn
        faintly: a placement's tile turned as advised on the square to place on, with
        where the ships would sail (from a view that judges it: board_view), a start
        mark or a relocation's mark in a ring; nothing for a bonus, nor for an action
        that is not of the decision drawn. A tile or mark that does not exist raises
        ValueError.
    """
    scene = TsuroScene(view, seat)
    pre = attr(id_prefix)
    interactive = scene.may_act(highlight)
    choices = scene.mark_choices() if interactive else []
    if mark is not None and (type(mark) is not int or mark not in START_MARKS):
        raise ValueError(f"no start mark {mark!r}")
    picked = mark if mark in choices else None
    target = scene.target() if interactive else None
    return "".join([_root(scene, names, bool(choices) or target is not None),
                    *layers(scene, names, pre, target, choices, picked, preview, roll, last,
                            reach, ghost),
                    "</svg>"])


def layers(scene: TsuroScene, names: Sequence[str] | None, pre: str, target: int | None,
           choices: Sequence[int], picked: int | None, preview: tuple[int, int] | None,
           roll: Mapping[str, Any] | None = None, last: int | None = None,
           reach: Mapping[int, Sequence[int]] | None = None,
           ghost: Sequence[Action] | None = None) -> list[str]:
    """What lies inside the root, bottom to top, as a list of markup. The square to place
    on (`target`, or None) and the start marks to choose (`choices`) are buttons; `picked`
    is the mark picked (or None); `preview` a (tile, rotation) shown on the square to
    place on, even with no `target` (or None); `pre` the ids' prefix; `roll` the
    daikaiju roll to show (or None); `ghost` the coach's advice (or None). board() draws
    its root round them; a diagram
    (game/tsuro/diagram.py) gives no buttons and puts its notes over them."""
    under, over = _preview(scene, preview)  # the end markers go over the ships
    return [_sea(), _squares(target), _tiles(scene, pre), _last_move(scene, last),
            _trails(scene),
            _daikaiju(scene, pre), _reach(reach), under, _roll(roll), _marks(choices, picked),
            _advice_ghost(scene, ghost), _ships(scene, names, pre), _target_ring(target),
            "" if picked is None else _ghost(scene.active, picked), over, _numbers()]


def tile(tile_id: int, rotation: int = 0, *, selected: bool = False) -> str:
    """One wake tile as its own small `<svg>` (a tile in the hand)."""
    if not (isinstance(tile_id, int) and 0 <= tile_id < len(ORIENTED)):
        raise ValueError(f"no wake tile {tile_id!r}")
    if rotation not in range(ROTATIONS):
        raise ValueError(f"a rotation is 0-3 quarter turns, not {rotation!r}")
    if selected:
        label = ngettext("Wake tile {number}, turned {turns} quarter turn, selected; wakes: "
                         "{wakes}",
                         "Wake tile {number}, turned {turns} quarter turns, selected; wakes: "
                         "{wakes}", rotation)
    else:
        label = ngettext("Wake tile {number}, turned {turns} quarter turn; wakes: {wakes}",
                         "Wake tile {number}, turned {turns} quarter turns; wakes: {wakes}",
                         rotation)
    label = label.format(number=tile_id + 1, turns=rotation,
                         wakes=wake_words(ORIENTED[tile_id][rotation]))
    ring = (f'<rect class="selected-ring" x="-3" y="-3" width="{SQ + 6}" height="{SQ + 6}" '
            f'rx="6" fill="none" stroke="{GOLD}" stroke-width="3.5"/>' if selected else "")
    return open_svg(f"-5 -5 {SQ + 10} {SQ + 10}", label, {
        "class": "tile-card selected" if selected else "tile-card", "data-tile": tile_id,
        "data-rotation": rotation, "data-selected": "true" if selected else "false",
    }, font=None) + f'{ring}{_tile_body(tile_id, rotation)}</svg>'


__all__ = ["SHIP_COLOURS", "SHIP_NAMES", "SHIP_SHAPES", "TsuroScene", "board", "board_view",
           "layers", "move_words", "seat_words", "summary", "tile", "trail_wake", "turn_roll"]
