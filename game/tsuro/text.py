"""Tsuro of the Seas events in words, for the game log (pure; no browser).

`describe(event, names)` gives the log's line of an event: WORDS holds, for every kind
of event (game/tsuro/events.py), the function that words it (None: no line of its own).
"""

from collections.abc import Callable, Iterable, Sequence

from game.core.actions import Event
from game.core.event_kinds import EventData
from game.core.i18n import N_, _, ngettext
from game.core.words import and_list
from game.tsuro import events as ev
from game.tsuro.board import mark_name, square_name

# A facing, the way a daikaiju looks ("now facing north"): 0 north .. 3 west.
FACING_NAMES = (N_("north"), N_("east"), N_("south"), N_("west"))


# Why a ship is out (a ship_out reason), said of the ship: "out on turn 3: <words>".
OUT_WORDS = {
    "edge": N_("sailed off the edge of the sea"),
    "daikaiju": N_("sailed into a daikaiju"),
    "loop": N_("is caught in an endless loop"),
    "tile eaten": N_("went down with the tile a daikaiju ate"),
    "tile removed": N_("went down with the tile a daikaiju landed on"),
    "facing daikaiju": N_("faces a daikaiju and cannot place: destroyed"),
    "no free start mark": N_("faces a daikaiju with no free start mark to move to: destroyed"),
}

# The log's line for a ship put out, by reason.
OUT_LINES = {
    "edge": N_("{who} sailed off the edge of the sea. Out of the game."),
    "daikaiju": N_("{who} sailed into a daikaiju. Out of the game."),
    "loop": N_("{who} is caught in an endless loop. Out of the game."),
    "tile eaten": N_("{who} went down with the tile a daikaiju ate. Out of the game."),
    "tile removed": N_("{who} went down with the tile a daikaiju landed on. Out of the game."),
    "facing daikaiju": N_("{who} faces a daikaiju and cannot place: destroyed. Out of the "
                          "game."),
    "no free start mark": N_("{who} faces a daikaiju with no free start mark to move to: "
                             "destroyed. Out of the game."),
}

# Why the game ended (a game_over reason): "Ann wins: <words>."
END_WORDS = {
    "last ship afloat": N_("the last ship afloat"),
    "eliminated together": N_("all the remaining ships went out together"),
    "the board is full": N_("the board is full"),
    "no tile left to place": N_("no one has a tile left to place"),
}

# An event's words: from its data and the seats' names.
Words = Callable[[EventData, Sequence[str]], str]


def describe(event: Event, names: Sequence[str]) -> str:
    """One line for the log, or '' for events that need no line of their own."""
    words = WORDS.get(event.kind)
    return "" if words is None else words(event.data, names)


def _names(names: Sequence[str], seats: Iterable[int]) -> str:
    return and_list(names[s] for s in seats)


def _facing(facing: int) -> str:
    return _(FACING_NAMES[facing])


def _number(d: EventData) -> int:
    """A daikaiju as the page numbers it, from 1."""
    return d["daikaiju"] + 1


# --- each kind's words (WORDS), in the order the catalogs (game/locale) list them ------
def _daikaiju_placed(d: EventData, names: Sequence[str]) -> str:
    """A daikaiju placed, at the square its dice name (as the board numbers it)."""
    restoring = d["why"] == "restore"
    words = (_("Daikaiju {number} is placed at {square}, facing {facing} to keep three "
               "at sea.") if restoring else
             _("Daikaiju {number} is placed at {square}, facing {facing}."))
    return words.format(number=_number(d), square=square_name(d["square"]),
                        facing=_facing(d["facing"]))


def _start_mark(d: EventData, names: Sequence[str]) -> str:
    return _("{who} sets sail from {mark}.").format(who=names[d["seat"]],
                                                    mark=mark_name(d["mark"]))


def _turn(d: EventData, names: Sequence[str]) -> str:
    return _("Turn {turn}: {who}.").format(turn=d["turn"], who=names[d["seat"]])


def _daikaiju_roll(d: EventData, names: Sequence[str]) -> str:
    words = (_("Daikaiju roll: gold {gold} + blue {blue} = {total}: the daikaiju stir!")
             if d["acts"] else
             _("Daikaiju roll: gold {gold} + blue {blue} = {total}: the sea stays calm."))
    return words.format(gold=d["gold"], blue=d["blue"], total=d["gold"] + d["blue"])


def _daikaiju_die(d: EventData, names: Sequence[str]) -> str:
    if d["face"] == 6:
        return _("The daikaiju die shows 6: a new daikaiju rises.")
    return _("The daikaiju die shows {face}: each daikaiju follows its arrow "
             "{face}.").format(face=d["face"])


def _daikaiju_turned(d: EventData, names: Sequence[str]) -> str:
    words = (_("Daikaiju {number} turns clockwise, now facing {facing}.")
             if d["clockwise"] else
             _("Daikaiju {number} turns anticlockwise, now facing {facing}."))
    return words.format(number=_number(d), facing=_facing(d["facing"]))


def _daikaiju_moved(d: EventData, names: Sequence[str]) -> str:
    return _("Daikaiju {number} moves to {square}.").format(
        number=_number(d), square=square_name(d["to"]))


def _daikaiju_left(d: EventData, names: Sequence[str]) -> str:
    return _("Daikaiju {number} leaves the board.").format(number=_number(d))


def _daikaiju_destroyed(d: EventData, names: Sequence[str]) -> str:
    return _("Daikaiju {number} destroys daikaiju {other}.").format(
        number=d["by"] + 1, other=_number(d))


def _tile_eaten(d: EventData, names: Sequence[str]) -> str:
    return _("The wake tile at {square} is eaten; it goes under the pile.").format(
        square=square_name(d["square"]))


def _tile_removed(d: EventData, names: Sequence[str]) -> str:
    return _("The wake tile at {square} is crushed, out of the game.").format(
        square=square_name(d["square"]))


def _placement_reroll(d: EventData, names: Sequence[str]) -> str:
    return _("Gold {gold}, blue {blue} is taken by a daikaiju: roll again.").format(
        gold=d["gold"], blue=d["blue"])


def _restore_daikaiju(d: EventData, names: Sequence[str]) -> str:
    return _("Only {count} daikaiju at sea: no roll this turn, new ones rise.").format(
        count=d["on_board"])


def _supply_empty(d: EventData, names: Sequence[str]) -> str:
    return _("No daikaiju is left in the supply: none is placed.")


def _relocation(d: EventData, names: Sequence[str]) -> str:
    return _("A daikaiju blocks {who}'s first square: choose another start "
             "mark.").format(who=names[d["seat"]])


def _relocated(d: EventData, names: Sequence[str]) -> str:
    return _("{who} moves to {mark}.").format(who=names[d["seat"]], mark=mark_name(d["to"]))


def _tile_placed(d: EventData, names: Sequence[str]) -> str:
    return _("{who} places a wake tile at {square}.").format(
        who=names[d["seat"]], square=square_name(d["square"]))


def _ship_moved(d: EventData, names: Sequence[str]) -> str:
    steps = len(d["path"])
    return ngettext("{who}'s ship sails across {count} tile.",
                    "{who}'s ship sails across {count} tiles.", steps).format(
        who=names[d["seat"]], count=steps)


def _ship_out(d: EventData, names: Sequence[str]) -> str:
    line = OUT_LINES[d["reason"]]  # (marked above; a literal inside _() would be extracted)
    return _(line).format(who=names[d["seat"]])


def _bonus_offered(d: EventData, names: Sequence[str]) -> str:
    return _("{who} may swap tiles with {names} (elimination bonus).").format(
        who=names[d["seat"]], names=_names(names, d["from"]))


def _bonus(d: EventData, names: Sequence[str]) -> str:
    n, who = d["tiles"], names[d["seat"]]
    if not n:
        return _("{who} keeps their hand.").format(who=who)
    return ngettext("{who} swaps {count} tile.", "{who} swaps {count} tiles.", n).format(
        who=who, count=n)


def _hand_returned(d: EventData, names: Sequence[str]) -> str:
    n = d["tiles"]
    return ngettext("{who}'s {count} tile go under the pile.",
                    "{who}'s {count} tiles go under the pile.", n).format(
        who=names[d["seat"]], count=n)


def _drew(d: EventData, names: Sequence[str]) -> str:
    n = d["tiles"]
    return ngettext("{who} draws {count} tile.", "{who} draws {count} tiles.", n).format(
        who=names[d["seat"]], count=n)


def _placement_skipped(d: EventData, names: Sequence[str]) -> str:
    return _("{who} has no tile to place.").format(who=names[d["seat"]])


def _game_over(d: EventData, names: Sequence[str]) -> str:
    reason = d["reason"]
    reason = _(END_WORDS[reason]) if reason in END_WORDS else reason
    winners = d["winners"]
    if len(winners) == 1:
        return _("{winners} wins: {reason}.").format(winners=_names(names, winners),
                                                     reason=reason)
    return _("{winners} share the win: {reason}.").format(winners=_names(names, winners),
                                                          reason=reason)


# Every kind of event (events.py) and its words (tests/core/test_event_kinds.py holds the
# two to each other).
WORDS: dict[str, Words | None] = {
    ev.START_MARK: _start_mark,
    ev.TURN: _turn,
    ev.RELOCATION: _relocation,
    ev.RELOCATED: _relocated,
    ev.RESTORE_DAIKAIJU: _restore_daikaiju,
    ev.DAIKAIJU_ROLL: _daikaiju_roll,
    ev.DAIKAIJU_DIE: _daikaiju_die,
    ev.SUPPLY_EMPTY: _supply_empty,
    ev.DAIKAIJU_TURNED: _daikaiju_turned,
    ev.DAIKAIJU_LEFT: _daikaiju_left,
    ev.DAIKAIJU_DESTROYED: _daikaiju_destroyed,
    ev.DAIKAIJU_MOVED: _daikaiju_moved,
    ev.TILE_EATEN: _tile_eaten,
    ev.PLACEMENT_REROLL: _placement_reroll,
    ev.DAIKAIJU_PLACED: _daikaiju_placed,
    ev.TILE_REMOVED: _tile_removed,
    ev.TILE_PLACED: _tile_placed,
    ev.SHIP_MOVED: _ship_moved,
    ev.SHIP_OUT: _ship_out,
    ev.PLACEMENT_SKIPPED: _placement_skipped,
    ev.BONUS_OFFERED: _bonus_offered,
    ev.BONUS: _bonus,
    ev.HAND_RETURNED: _hand_returned,
    ev.DREW: _drew,
    ev.GAME_OVER: _game_over,
}

__all__ = ["END_WORDS", "FACING_NAMES", "OUT_LINES", "OUT_WORDS", "WORDS", "describe"]
