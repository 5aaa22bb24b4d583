"""Figures: the diagrams that teach the rules, each a position with notes on it and a
caption, named once for the rules pages and any teaching page.

A game that has figures lists them in game/<game>/figures.py:

    FIGURES     an ordered dict, name -> Figure; the names are the site's files,
                diagrams/NAME.svg, and the rules pages' lines `<!-- diagram: NAME -->`
                (game/site/rules.py), unique across the games ("tsuro-sailing", ...)

and `render(info, figure)` draws one with the game's diagrams (game/<game>/diagram.py,
over game/core/diagram.py): the same figure always gives the same text. Both modules
are found by name, as the command line finds game/<game>/diagram.py, never named in the
game's description (GameInfo), whose modules the page loads: the page draws no figures.
Standard library only; the rendering runs at build time.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game.core.i18n import _

if TYPE_CHECKING:
    from game.core.registry import GameInfo


@dataclass(frozen=True)
class Example:
    """The live board a figure becomes on the rules pages once the runtime is ready
    (static/rules-live.js): embed.html's parameters (docs/embedding.md). Either a line of
    play to step through ◀ ▶ (`line`, actions in their JSON form) or a question the
    reader answers (`goal`, a goal of game/<game>/goals.py, for `seat`, counted from 0).
    `position` is where the board starts when not the figure's own (the moment before
    it, or the figure's with a seed that rolls what the caption tells)."""

    line: tuple[Any, ...] = ()
    goal: str | None = None
    seat: int | None = None
    position: str | None = None

    def __post_init__(self) -> None:
        if bool(self.line) == (self.goal is not None):
            raise ValueError("an example has either a line or a goal")

    def parameters(self, game: str, figure: Figure) -> dict[str, str]:
        """embed.html's parameters for this example of `figure`, in order."""
        found = {"game": game, "position": self.position or figure.position}
        if self.goal is not None:
            found.update(mode="challenge", goal=self.goal)
        else:
            found["line"] = json.dumps(list(self.line), separators=(",", ":"))
        if self.seat is not None:
            found["seat"] = str(self.seat + 1)
        return found


@dataclass(frozen=True)
class Figure:
    """One diagram: the position (its text form, as `State.from_position` reads it), the
    notes over it (a dict as `Notes.from_dict` reads it: highlight, arrows, labels, dim,
    ghost, select), whose view it is (a seat, or None) and what it shows, in one plain
    sentence (the caption under it: English, marked with N_(), shown through _()), and
    the live board it becomes on the rules pages (an Example; None: a picture only)."""

    position: str
    notes: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    caption: str = ""
    example: Example | None = None


def _module(info: GameInfo, name: str) -> ModuleType | None:
    """game/<game>/<name>.py of a registered game, or None when it has none."""
    dotted = f"{info.package}.{name}"
    try:
        return import_module(dotted)
    except ModuleNotFoundError as error:
        if error.name != dotted:
            raise
        return None


def figures(info: GameInfo) -> dict[str, Figure]:
    """The game's figures (FIGURES of game/<game>/figures.py), or {} when it has none."""
    module = _module(info, "figures")
    return dict(getattr(module, "FIGURES", {})) if module is not None else {}


def all_figures(known: Mapping[str, GameInfo] | None = None
                ) -> dict[str, tuple[GameInfo, Figure]]:
    """Every registered game's figures, in the registry's order: {name: (info, figure)}.
    A name used twice (the site has one diagrams/NAME.svg) raises ValueError."""
    if known is None:
        from game.core.registry import games

        known = games()
    found: dict[str, tuple[GameInfo, Figure]] = {}
    for info in known.values():
        for name, figure in figures(info).items():
            if name in found:
                raise ValueError(f"two figures are named {name!r} ({found[name][0].key} "
                                 f"and {info.key})")
            found[name] = (info, figure)
    return found


def render(info: GameInfo, figure: Figure) -> str:
    """The figure drawn: a standalone SVG document (game/<game>/diagram.py, diagram()).
    A position the game refuses raises its PositionError, bad notes a NotesError."""
    from game.core.diagram import Notes

    drawing = _module(info, "diagram")
    if drawing is None:
        raise ValueError(f"{info.name} has no diagrams")
    state = info.state_class.from_position(figure.position)
    notes = Notes.from_dict(figure.notes, "figure notes")
    # the figure's own words (marked in game/<game>/figures.py), in the language spoken
    notes = replace(notes, arrows=tuple(replace(a, label=_(a.label) if a.label else a.label)
                                        for a in notes.arrows),
                    labels=tuple((place, _(text) if text else text)
                                 for place, text in notes.labels))
    drawn: str = drawing.diagram(state, notes, seat=figure.seat)
    return drawn


__all__ = ["Example", "Figure", "all_figures", "figures", "render"]
