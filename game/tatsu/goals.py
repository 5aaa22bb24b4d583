"""The goals a Tatsu challenge can set (game/core/challenge.py), judged on the events
of the learner's own turn (both dice)."""

from game.core.challenge import PLAY, Goal
from game.tatsu.arena import KINDS, POWERS


def _kind(text: str):
    if text == "":
        return None
    if text not in KINDS:
        raise ValueError(f"a kind of dragon is {', '.join(KINDS)}, not {text!r}")
    return text


def _power(power: str):
    """A goal met when the learner's stone uses `power` on an opposing stone (of the
    kind given after the colon, if any)."""
    def met(seat, kind, events, _state) -> bool:
        return any(e.kind == "power" and e.data["seat"] == seat and e.data["power"] == power
                   and kind in (None, e.data["victim"]) for e in events)

    def words(kind) -> str:
        what = f"an opposing {kind} dragon" if kind else "an opposing stone"
        return f"{power.capitalize()} {what}."

    return Goal(words=words, met=met, parse_arg=_kind)


def _did(kind: str, words: str) -> Goal:
    return Goal(words=lambda _: words,
                met=lambda seat, _, events, state: any(
                    e.kind == kind and e.data.get("seat") == seat for e in events))


GOALS = {
    "play": PLAY,
    **{power: _power(power) for power in POWERS.values()},  # entangle, expel, destroy
    "escape": _did("escape", "Free your entangled stone: escape."),
    "hold": _did("hold", "Hold one of your own stones."),
    "recruit": _did("recruit", "Recruit a dragon from your tray to your mat."),
    "enter": _did("enter", "Bring a dragon from your mat into the arena."),
    "win": Goal(words=lambda _: "Win the game this turn.",
                met=lambda seat, _, events, state: any(
                    e.kind == "game_over" and seat in e.data["winners"] for e in events)),
}

__all__ = ["GOALS"]
