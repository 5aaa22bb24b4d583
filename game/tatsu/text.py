"""Tatsu events in words, for the game log (pure; no browser).

`describe(event, names)` gives one sentence per event the engine emits (state.py): WORDS
holds, for every kind of event (game/tatsu/events.py), the function that words it;
`names[seat]` is how a player is called, e.g. "Ann (Black)". The words every Tatsu
module shares are here too: the colours' and the kinds' names in the language spoken
(game/core/i18n.py), a segment's name, and a few dice read out.
"""

from collections.abc import Callable, Iterable, Sequence

from game.core.actions import Event
from game.core.event_kinds import EventData
from game.core.i18n import N_, _
from game.core.words import and_list
from game.tatsu import events as ev
from game.tatsu.arena import COLOUR_NAMES, CORNER_KIND

POWER_VERBS = {"entangle": "entangles", "expel": "expels", "destroy": "destroys"}
# A kind's name where a sentence names it: "{kind} corner", "a {kind} dragon".
KIND_WORDS = {"vine": N_("vine"), "water": N_("water"), "fire": N_("fire")}
# The reason codes of the game_over event (TatsuState.win_reason), as they begin.
DESTROYED_ALL = "destroyed all "
NO_STONE_LEFT = "no stone left in battle"


def colour_name(seat: int) -> str:
    """"Black" or "White", in the language spoken."""
    return _(COLOUR_NAMES[seat])


def colour_names() -> tuple[str, ...]:
    """Both seats' colours in the language spoken, in seat order."""
    return tuple(_(name) for name in COLOUR_NAMES)


def kind_word(kind: str) -> str:
    """'vine', 'water' or 'fire' in the language spoken (anything else as it is)."""
    return _(KIND_WORDS[kind]) if kind in KIND_WORDS else str(kind)


def dice_words(dice: Iterable[int]) -> str:
    """'4', or '3 and 5': the dice named one after the other."""
    return and_list(str(die) for die in dice)


def segment_name(segment: int) -> str:
    """'segment 5', or 'segment 4 (fire corner)' for a corner segment."""
    corner = CORNER_KIND.get(segment)
    if corner:
        return _("segment {segment} ({kind} corner)").format(segment=segment,
                                                             kind=kind_word(corner))
    return _("segment {segment}").format(segment=segment)


def _sentence(text: str) -> str:
    """A log line starts with a capital letter, whatever the first name is."""
    return text[:1].upper() + text[1:] if text else text


def end_words(reason: str, winner: int, names: Sequence[str]) -> str:
    """The game_over event's reason code (TatsuState.win_reason) in words."""
    loser = names[1 - winner]
    if reason.startswith(DESTROYED_ALL):
        kind = reason[len(DESTROYED_ALL):].removesuffix(" dragons")
        if kind in KIND_WORDS:
            return _("{winner} destroyed all {loser}'s {kind} dragons").format(
                winner=names[winner], loser=loser, kind=kind_word(kind))
        return f"{names[winner]} destroyed all {loser}'s {reason[len(DESTROYED_ALL):]}"
    if reason == NO_STONE_LEFT:
        return _("{loser} has no stone left in the arena or on the mat").format(loser=loser)
    return reason


def describe(event: Event, names: Sequence[str]) -> str:
    """One line for the log, or '' for events that need no line of their own."""
    words = WORDS.get(event.kind)
    return "" if words is None else _sentence(words(event.data, names))


# Each kind's words, from its data and `names`. Whose stone a sentence names is said by
# its colour, never by a name ("White's vine dragon", not "Hard computer (White)'s vine
# dragon"): a player's colour is one word in every language.
def _whose(d: EventData) -> str:
    return colour_names()[d["seat"]]


def _stone(d: EventData) -> str:
    return kind_word(d["stone"])


def _first_roll(d: EventData, names: Sequence[str]) -> str:
    black, white = d["black"], d["white"]
    if black == white:
        return _("{black} and {white} both roll {die}: they roll again.").format(
            black=names[0], white=names[1], die=black)
    first = names[0] if black > white else names[1]
    return _("{black} rolls {black_die}, {white} rolls {white_die}: {first} starts.").format(
        black=names[0], white=names[1], black_die=black, white_die=white, first=first)


def _turn(d: EventData, names: Sequence[str]) -> str:
    return _("Turn {turn}: {who}.").format(turn=d["turn"], who=names[d["seat"]])


def _dice(d: EventData, names: Sequence[str]) -> str:
    a, b = d["dice"]
    who = names[d["seat"]]
    if a == b:
        return _("{who} rolls a double {die}.").format(who=who, die=a)
    return _("{who} rolls {first} and {second}.").format(who=who, first=a, second=b)


def _pass(d: EventData, names: Sequence[str]) -> str:
    return _("{who} cannot use the {dice} and passes.").format(
        who=names[d["seat"]], dice=dice_words(d["dice"]))


def _forfeit(d: EventData, names: Sequence[str]) -> str:
    who = names[d["seat"]]
    if d["reason"] == "escape":
        return _("{who} forfeits the {die}: escaping takes the whole turn.").format(
            who=who, die=d["die"])
    return _("{who} cannot use the {die}: it is forfeited.").format(who=who, die=d["die"])


def _release(d: EventData, names: Sequence[str]) -> str:
    if d["was"] == "held":
        text = _("{who}'s {kind} dragon on {segment} is no longer held.")
    else:
        text = _("{who}'s {kind} dragon on {segment} is released from the vine.")
    return text.format(who=_whose(d), kind=_stone(d), segment=segment_name(d["segment"]))


def _settle(d: EventData, names: Sequence[str]) -> str:
    return _("{who}'s {kind} dragon moves to the inner field of {segment}.").format(
        who=_whose(d), kind=_stone(d), segment=segment_name(d["segment"]))


def _hold(d: EventData, names: Sequence[str]) -> str:
    return _("{who}'s {kind} dragon stops on its own {held} dragon on {segment} and "
             "holds it.").format(who=_whose(d), kind=_stone(d), held=kind_word(d["held"]),
                                 segment=segment_name(d["segment"]))


def _recruit(d: EventData, names: Sequence[str]) -> str:
    return _("{who} recruits a {kind} dragon to the mat.").format(who=names[d["seat"]],
                                                                   kind=_stone(d))


def _game_over(d: EventData, names: Sequence[str]) -> str:
    winner = d["winners"][0]
    return _("{who} wins: {why}.").format(
        who=names[winner], why=end_words(d["reason"], winner, colour_names()))


def _landing(d: EventData) -> tuple[str, bool]:
    """Where a stone lands, and whether on the outer field (named only then)."""
    end, field = d["to"]
    return segment_name(end), field == "outer"


def _enter(d: EventData, names: Sequence[str]) -> str:
    end, outer = _landing(d)
    if outer:
        text = _("{who} brings a {kind} dragon from the mat in at entry point {entry}: "
                 "the outer field of {end}.")
    else:
        text = _("{who} brings a {kind} dragon from the mat in at entry point {entry}: "
                 "{end}.")
    return text.format(who=names[d["seat"]], kind=_stone(d), entry=d["entry"], end=end)


def _escape(d: EventData, names: Sequence[str]) -> str:
    end, outer = _landing(d)
    if outer:
        text = _("{who}'s {kind} dragon escapes the vine on {start} with the {die}, to "
                 "the outer field of {end}.")
    else:
        text = _("{who}'s {kind} dragon escapes the vine on {start} with the {die}, to "
                 "{end}.")
    return text.format(who=_whose(d), kind=_stone(d), start=segment_name(d["from"][0]),
                       end=end, die=d["die"])


def _move(d: EventData, names: Sequence[str]) -> str:
    end, outer = _landing(d)
    if outer:
        text = _("{who} moves a {kind} dragon from {start} to the outer field of {end} with "
                 "the {die}.")
    else:
        text = _("{who} moves a {kind} dragon from {start} to {end} with the {die}.")
    return text.format(who=names[d["seat"]], kind=_stone(d),
                       start=segment_name(d["from"][0]), end=end, die=d["die"])


def _power(d: EventData, names: Sequence[str]) -> str:
    """A dragon's power acting on an opposing stone (whose stones: said by the colours)."""
    colours, who, stone = colour_names(), _whose(d), _stone(d)
    words = {"who": who, "kind": stone, "rival": colours[d["victim_seat"]],
             "victim": kind_word(d["victim"]), "segment": segment_name(d["segment"])}
    if d["power"] == "expel":
        return _("{who}'s {kind} dragon expels {rival}'s {victim} dragon to its "
                 "tray.").format(**words)
    if d["power"] == "destroy":
        return _("{who}'s {kind} dragon destroys {rival}'s {victim} dragon on {segment}: it "
                 "goes to {owner}'s dead zone.").format(owner=colours[d["seat"]], **words)
    if d["power"] == "entangle":
        return _("{who}'s {kind} dragon entangles {rival}'s {victim} dragon on "
                 "{segment}.").format(**words)
    verb = POWER_VERBS.get(d["power"], d["power"])
    return (f"{who}'s {d['stone']} dragon {verb} {colours[d['victim_seat']]}'s {d['victim']} "
            f"dragon on {words['segment']}.")


# Every kind of event (events.py) and its words (tests/core/test_event_kinds.py holds the
# two to each other).
WORDS: dict[str, Callable[[EventData, Sequence[str]], str] | None] = {
    ev.FIRST_ROLL: _first_roll,
    ev.TURN: _turn,
    ev.DICE: _dice,
    ev.PASS: _pass,
    ev.FORFEIT: _forfeit,
    ev.MOVE: _move,
    ev.ENTER: _enter,
    ev.ESCAPE: _escape,
    ev.RELEASE: _release,
    ev.SETTLE: _settle,
    ev.HOLD: _hold,
    ev.POWER: _power,
    ev.RECRUIT: _recruit,
    ev.GAME_OVER: _game_over,
}

__all__ = ["colour_name", "colour_names", "describe", "dice_words", "end_words",
           "kind_word", "segment_name"]
