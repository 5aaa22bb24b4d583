"""The goals a Tsuro of the Seas challenge can set (game/core/challenge.py).

Each is judged on the events of the learner's own turn: what their placement caused,
before the next captain's daikaiju roll. Captains are numbered from 1, as on the page.
"""

from collections.abc import Sequence

from game.core import Event, GameState
from game.core.challenge import PLAY, Goal
from game.core.i18n import _
from game.tsuro.events import BONUS, GAME_OVER, SHIP_OUT


def _captain(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 8:
        raise ValueError(_("name a captain from 1 to 8 after the colon, not {text}").format(
            text=repr(text)))
    return int(text) - 1


def _sunk(events: Sequence[Event], seat: int) -> bool:
    return any(e.kind == SHIP_OUT and e.data["seat"] == seat for e in events)


def _turn_done(seat: int, state: GameState) -> bool:
    return state.is_over or state.to_move != seat


GOALS = {
    "play": PLAY,
    "afloat": Goal(
        words=lambda _arg: _("Place a tile and keep your ship afloat."),
        met=lambda seat, _arg, events, state: (_turn_done(seat, state)
                                               and not _sunk(events, seat))),
    "sink": Goal(
        words=lambda rival: _("Sink captain {captain}'s ship and stay afloat.").format(
            captain=rival + 1),
        met=lambda seat, rival, events, state: _sunk(events, rival) and not _sunk(events, seat),
        parse_arg=_captain),
    "bonus": Goal(
        words=lambda _arg: _("Sink a ship, then take tiles from its captain's hand."),
        met=lambda seat, _arg, events, state: any(
            e.kind == BONUS and e.data["seat"] == seat and e.data["tiles"] for e in events)),
    "win": Goal(
        words=lambda _arg: _("Win the game with this placement."),
        met=lambda seat, _arg, events, state: any(
            e.kind == GAME_OVER and seat in e.data["winners"] for e in events)),
}

__all__ = ["GOALS"]
