"""The goals a Tatsu challenge can set (game/core/challenge.py), judged on the events
of the learner's own turn (both dice)."""

from collections.abc import Sequence

from game.core import Event, GameState
from game.core.challenge import PLAY, Goal
from game.core.i18n import N_, _
from game.tatsu.arena import KINDS, POWERS
from game.tatsu.events import ENTER, ESCAPE, GAME_OVER, HOLD, POWER, RECRUIT
from game.tatsu.text import kind_word

# A power's goal in words: against any opposing stone, or against one kind of dragon.
POWER_GOALS = {
    "entangle": (N_("Entangle an opposing stone."), N_("Entangle an opposing {kind} dragon.")),
    "expel": (N_("Expel an opposing stone."), N_("Expel an opposing {kind} dragon.")),
    "destroy": (N_("Destroy an opposing stone."), N_("Destroy an opposing {kind} dragon.")),
}


def _kind(text: str) -> str | None:
    if text == "":
        return None
    if text not in KINDS:
        raise ValueError(_("a kind of dragon is {kinds}, not {text}").format(
            kinds=", ".join(KINDS), text=repr(text)))
    return text


def _power(power: str) -> Goal:
    """A goal met when the learner's stone uses `power` on an opposing stone (of the
    kind given after the colon, if any)."""
    def met(seat: int, kind: str | None, events: Sequence[Event], _state: GameState) -> bool:
        return any(e.kind == POWER and e.data["seat"] == seat and e.data["power"] == power
                   and kind in (None, e.data["victim"]) for e in events)

    def words(kind: str | None) -> str:
        any_stone, of_kind = POWER_GOALS[power]
        return _(of_kind).format(kind=kind_word(kind)) if kind else _(any_stone)

    return Goal(words=words, met=met, parse_arg=_kind)


def _did(kind: str, words: str) -> Goal:
    """`words`: marked with N_(), said in the language spoken."""
    return Goal(words=lambda _arg: _(words),
                met=lambda seat, _arg, events, state: any(
                    e.kind == kind and e.data.get("seat") == seat for e in events))


GOALS = {
    "play": PLAY,
    **{power: _power(power) for power in POWERS.values()},  # entangle, expel, destroy
    "escape": _did(ESCAPE, N_("Free your entangled stone: escape.")),
    "hold": _did(HOLD, N_("Hold one of your own stones.")),
    "recruit": _did(RECRUIT, N_("Recruit a dragon from your tray to your mat.")),
    "enter": _did(ENTER, N_("Bring a dragon from your mat into the arena.")),
    "win": Goal(words=lambda _arg: _("Win the game this turn."),
                met=lambda seat, _arg, events, state: any(
                    e.kind == GAME_OVER and seat in e.data["winners"] for e in events)),
}

__all__ = ["GOALS"]
