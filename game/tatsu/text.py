"""Tatsu events in words, for the game log (pure; no browser).

`describe(event, names)` gives one sentence per event the engine emits (state.py);
`names[seat]` is how a player is called, e.g. "Ann (Black)".
"""

from game.tatsu.arena import COLOUR_NAMES, CORNER_KIND

POWER_VERBS = {"entangle": "entangles", "expel": "expels", "destroy": "destroys"}


def segment_name(segment: int) -> str:
    """'segment 5', or 'segment 4 (fire corner)' for a corner segment."""
    corner = CORNER_KIND.get(segment)
    return f"segment {segment}" + (f" ({corner} corner)" if corner else "")


def _sentence(text: str) -> str:
    """A log line starts with a capital letter, whatever the first name is."""
    return text[:1].upper() + text[1:] if text else text


def _dragon(names, seat, kind) -> str:
    return f"{names[seat]}'s {kind} dragon"


def _place(segment: int, field: str) -> str:
    """Where a stone lands: the field is named only when it is the outer one."""
    name = segment_name(segment)
    return f"the outer field of {name}" if field == "outer" else name


def _dice(dice) -> str:
    return " and ".join(map(str, dice))


def end_words(reason: str, winner: int, names) -> str:
    """The game_over event's reason code (TatsuState.win_reason) in words."""
    loser = names[1 - winner]
    if reason.startswith("destroyed all "):
        return f"{names[winner]} destroyed all {loser}'s {reason[len('destroyed all '):]}"
    if reason == "no stone left in battle":
        return f"{loser} has no stone left in the arena or on the mat"
    return reason


def describe(event, names) -> str:
    """One line for the log, or '' for events that need no line of their own."""
    return _sentence(_words(event, names))


def _words(event, names) -> str:
    d = event.data
    kind = event.kind
    who = names[d["seat"]] if "seat" in d else ""
    if kind == "first_roll":
        black, white = d["black"], d["white"]
        if black == white:
            return f"{names[0]} and {names[1]} both roll {black}: they roll again."
        first = names[0] if black > white else names[1]
        return f"{names[0]} rolls {black}, {names[1]} rolls {white}: {first} starts."
    if kind == "turn":
        return f"Turn {d['turn']}: {who}."
    if kind == "dice":
        a, b = d["dice"]
        return f"{who} rolls a double {a}." if a == b else f"{who} rolls {a} and {b}."
    if kind == "pass":
        return f"{who} cannot use the {_dice(d['dice'])} and passes."
    if kind == "forfeit":
        if d["reason"] == "escape":
            return f"{who} forfeits the {d['die']}: escaping takes the whole turn."
        return f"{who} cannot use the {d['die']}: it is forfeited."
    if kind == "move":
        (start, _), (end, field) = d["from"], d["to"]
        return (f"{who} moves a {d['stone']} dragon from {segment_name(start)} to "
                f"{_place(end, field)} with the {d['die']}.")
    if kind == "enter":
        end, field = d["to"]
        return (f"{who} brings a {d['stone']} dragon from the mat in at entry point "
                f"{d['entry']}: {_place(end, field)}.")
    if kind == "escape":
        (start, _), (end, field) = d["from"], d["to"]
        return (f"{_dragon(names, d['seat'], d['stone'])} escapes the vine on "
                f"{segment_name(start)} with the {d['die']}, to {_place(end, field)}.")
    if kind == "release":
        what = "is no longer held" if d["was"] == "held" else "is released from the vine"
        return f"{_dragon(names, d['seat'], d['stone'])} on {segment_name(d['segment'])} {what}."
    if kind == "settle":
        return (f"{_dragon(names, d['seat'], d['stone'])} moves to the inner field of "
                f"{segment_name(d['segment'])}.")
    if kind == "hold":
        return (f"{_dragon(names, d['seat'], d['stone'])} stops on its own {d['held']} "
                f"dragon on {segment_name(d['segment'])} and holds it.")
    if kind == "power":
        attacker = _dragon(names, d["seat"], d["stone"])
        victim = _dragon(names, d["victim_seat"], d["victim"])
        verb = POWER_VERBS.get(d["power"], d["power"])
        if d["power"] == "expel":
            return f"{attacker} expels {victim} to its tray."
        if d["power"] == "destroy":
            return (f"{attacker} destroys {victim} on {segment_name(d['segment'])}: "
                    f"it goes to {names[d['seat']]}'s dead zone.")
        return f"{attacker} {verb} {victim} on {segment_name(d['segment'])}."
    if kind == "recruit":
        return f"{who} recruits a {d['stone']} dragon to the mat."
    if kind == "game_over":
        winner = d["winners"][0]
        return f"{names[winner]} wins: {end_words(d['reason'], winner, COLOUR_NAMES)}."
    return ""



__all__ = ["describe", "end_words", "segment_name"]
