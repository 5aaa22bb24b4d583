"""Diagrams of Tsuro of the Seas: one position drawn once, as a standalone SVG document
with notes on it (game/core/diagram.py), for the rules pages and any document.

    diagram(state, notes, *, seat=None, names=None) -> the SVG document: the page's board
        (game/tsuro/svg.py, `layers`, drawn from `board_view(state)`) with nothing to
        click, the notes over it, placed by the board's geometry (game/tsuro/geometry.py)
    square_of(text, option) -> the square a place names; PLACE_HELP says how

Places are squares: 0-48, the dice numbers gold/blue ("3/5"), or row and column ("r4c4").
The command line draws these (`python3 -m game diagram` finds this module by its name,
game/<game>/diagram.py). The browser page never imports it, and no game's description
names it (GameInfo.NAMED: what the page loads), so the page never downloads the notes.
"""

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

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
from game.core.i18n import N_, _, ngettext
from game.tsuro.board import DIE_TO_LINE, SIZE, SQUARES, square_name
from game.tsuro.geometry import SQ, VIEW, square_origin
from game.tsuro.svg import TsuroScene, board_view, layers, seat_words, summary
from game.tsuro.tiles import ORIENTED, ROTATIONS

if TYPE_CHECKING:
    from game.tsuro.state import TsuroState

PLACE_HELP = N_("a square is 0-48 (row * 7 + column, as the JSON form numbers it), its "
                 "dice numbers gold/blue like 3/5 (0 for the middle line, as in the text "
                 "form: 0/4, 0/0), or its row and column from 1 like r4c4")
# A dark page: the card turns dark, and what lies on it (the start marks' ticks) light.
DARK_CSS = (".frame{fill:#12252e;stroke:#3f5a66}.marks{stroke:#c9b88f}"
            ".ship .hull,.ship .bow{stroke:#d8e4ea}")


def square_of(text: str, option: str) -> int:
    """The square a place names (see PLACE_HELP); NotesError naming `option` if none."""
    t = str(text).strip().lower()
    dice = re.fullmatch(r"([0-6])\s*/\s*([0-6])", t)
    grid = re.fullmatch(r"r([1-7])\s*c([1-7])", t)
    if t.isdigit() and int(t) < SQUARES:
        return int(t)
    if dice:  # D1: gold picks the column, blue the row; 0 is the middle line
        column, row = (DIE_TO_LINE.get(int(face), SIZE // 2) for face in dice.groups())
        return row * SIZE + column
    if grid:
        return (int(grid[1]) - 1) * SIZE + int(grid[2]) - 1
    raise NotesError(option, _("no square {place} on the board: {help}").format(
        place=repr(text), help=_(PLACE_HELP)))


def _square_spot(square: int) -> Spot:
    x0, y0 = square_origin(square)
    return Spot(square_name(square), x0 + SQ / 2, y0 + SQ / 2,
                rect_outline(x0 + 2.5, y0 + 2.5, SQ - 5, SQ - 5), SQ / 2)


def _spot(text: str, option: str) -> Spot:
    return _square_spot(square_of(text, option))


# What a ghost tile would do to a ship that it puts out, by the ship's fate.
FATE_WORDS = {"edge": N_("{who} sails off the edge and is out"),
              "daikaiju": N_("{who} runs into a daikaiju and is out"),
              "loop": N_("{who} sails round a loop back to where it began and is out")}


def _ghost_note(state: "TsuroState", scene: TsuroScene, ghost: tuple[int, int] | None,
                names: Sequence[str] | None
                ) -> tuple[tuple[int, int] | None, list[str], list[Spot]]:
    """The ghost tile (`ghost` = (tile, rotation)) as the board's preview, its words and
    the squares it lights (its own, and every square a ship would sail through)."""
    if ghost is None:
        return None, [], []
    tile_id, rotation = ghost
    if not (0 <= tile_id < len(ORIENTED) and 0 <= rotation < ROTATIONS):
        raise NotesError("--ghost", _("no wake tile {tile}/{rotation}: a tile is 0-{last}, "
                                      "a rotation 0-3 quarter turns").format(
            tile=tile_id, rotation=rotation, last=len(ORIENTED) - 1))
    target = scene.target()
    if target is None:
        if scene.decision is None:
            raise NotesError("--ghost", _("no square to place a tile on: the game is over"))
        raise NotesError("--ghost", _("no square to place a tile on: the decision now is "
                                      "{decision}").format(decision=repr(scene.decision)))
    hand = state.hands[scene.active]
    if tile_id not in hand:
        who = seat_words(scene.active, names)
        if not hand:
            raise NotesError("--ghost", _("wake tile {tile} is not in the hand of {who} (it "
                                          "holds nothing)").format(tile=tile_id, who=who))
        raise NotesError("--ghost", _("wake tile {tile} is not in the hand of {who} (it holds "
                                      "{tiles})").format(tile=tile_id, who=who,
                                                         tiles=", ".join(map(str, hand))))
    voyages = scene.voyages(tile_id, rotation) or []  # (judged: a tile of the hand)
    fates = []
    lit = [target]
    for seat, end, fate, path in voyages:
        if fate in FATE_WORDS:
            fates.append(_(FATE_WORDS[fate]).format(who=seat_words(seat, names)))
        else:
            fates.append(_("{who} sails on to face {square}").format(
                who=seat_words(seat, names), square=square_name(end >> 3)))
        lit += [square for square, _entry, _exit in path]
    words = [ngettext("Wake tile {number} (number {tile}), turned {turns} quarter turn, shown "
                      "on {square}, dashed lines where the ships would sail: {fates}.",
                      "Wake tile {number} (number {tile}), turned {turns} quarter turns, "
                      "shown on {square}, dashed lines where the ships would sail: {fates}.",
                      rotation).format(number=tile_id + 1, tile=tile_id, turns=rotation,
                                       square=square_name(target), fates="; ".join(fates))]
    if scene.legal(tile_id, rotation) is False:
        words.append(_("The rules forbid this placement (outlined in red)."))
    return (tile_id, rotation), words, [_square_spot(sq) for sq in dict.fromkeys(lit)]


def _highlights(spots: Iterable[Spot]) -> str:
    return "".join(highlight(spot) for spot in spots)


def _arrows(arrows: Iterable[tuple[Spot, Spot, str | None]]) -> str:
    """Each arrow straight from square to square."""
    return "".join(arrow([(a.x, a.y), (b.x, b.y)], a, b, label, (VIEW, VIEW))
                   for a, b, label in arrows)


def _labels(labelled: Iterable[tuple[Spot, str]]) -> str:
    return labels(labelled, (VIEW, VIEW))


def _veil(dim: bool, lit: Iterable[Spot]) -> str:
    return veil(VIEW, VIEW, lit) if dim else ""


def diagram(state: "TsuroState", notes: Notes | None = None, *,
            seat: int | None = None, names: Sequence[str] | None = None) -> str:
    """The board as a standalone SVG document (an .svg file, an <img> in any page):
    nothing to click, the notes (game/core/diagram.py) over it, its <title> the position
    in words and its <desc> the notes. The same input always gives the same text.

    state: a TsuroState, drawn as the page draws it (svg.board_view); seat: whose ship
    gets the gold ring ("You are ..."); names: optional names per seat. Bad notes raise
    NotesError naming the option."""
    notes = Notes() if notes is None else notes
    scene = TsuroScene(board_view(state), seat)
    if scene.viewer is not None and not (type(scene.viewer) is int
                                         and 0 <= scene.viewer < scene.players):
        shown = scene.viewer + 1 if type(scene.viewer) is int else repr(scene.viewer)
        raise NotesError("--seat", _("a seat is 1 to {players}, as the ships are "
                                     "numbered, not {seat}").format(players=scene.players,
                                                                    seat=shown))
    if notes.select is not None:
        raise NotesError("--select", _("selecting a stone is for Tatsu; Tsuro of the Seas "
                                       "shows a tile to place with --ghost TILE/ROTATION"))
    marked = [_spot(p, "--highlight") for p in notes.highlight]
    arrows = []
    for note in notes.arrows:
        start, end = _spot(note.start, "--arrow"), _spot(note.end, "--arrow")
        if start == end:
            raise NotesError("--arrow", _("{start} and {end} are the same square: an arrow "
                                          "goes from one place to another").format(
                start=repr(note.start), end=repr(note.end)))
        arrows.append((start, end, note.label))
    # a label's words: a figure's are marked (figures.py), in the language spoken now
    labelled = [(_spot(place, "--label"), _(text) if text else text)
                for place, text in notes.labels]
    preview, ghost_words, ghost_lit = _ghost_note(state, scene, notes.ghost, names)
    body = layers(scene, names, "", None, [], None, preview) + [
        _veil(notes.dim, marked + ghost_lit), _highlights(marked), _arrows(arrows),
        _labels(labelled)]
    words = ghost_words + notes_words(marked, arrows, labelled, notes.dim)
    return document(VIEW, VIEW, title=summary(scene, names),
                    desc=" ".join(words) or _("The position alone, with no notes."),
                    body="".join(body), dark=DARK_CSS, attributes={
                        "class": "diagram tsuro-diagram", "data-board": "tsuro",
                        "data-turn": scene.turn})


__all__ = ["PLACE_HELP", "diagram", "square_of"]
