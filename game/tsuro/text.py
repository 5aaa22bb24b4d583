"""Tsuro of the Seas events in words, for the game log (pure; no browser)."""

from game.core.i18n import N_, _, ngettext
from game.core.words import and_list
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


def _names(names, seats) -> str:
    return and_list(names[s] for s in seats)


def _facing(facing: int) -> str:
    return _(FACING_NAMES[facing])


def _placed(d) -> str:
    """A daikaiju placed, at the square its dice name (as the board numbers it)."""
    restoring = d["why"] == "restore"
    words = (_("Daikaiju {number} is placed at {square}, facing {facing} to keep three "
               "at sea.") if restoring else
             _("Daikaiju {number} is placed at {square}, facing {facing}."))
    return words.format(number=d["daikaiju"] + 1, square=square_name(d["square"]),
                        facing=_facing(d["facing"]))


def describe(event, names) -> str:
    """One line for the log, or '' for events that need no line of their own."""
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    kind = event.kind
    if kind == "start_mark":
        return _("{who} sets sail from {mark}.").format(who=who, mark=mark_name(d["mark"]))
    if kind == "turn":
        return _("Turn {turn}: {who}.").format(turn=d["turn"], who=who)
    if kind == "daikaiju_roll":
        words = (_("Daikaiju roll: gold {gold} + blue {blue} = {total}: the daikaiju stir!")
                 if d["acts"] else
                 _("Daikaiju roll: gold {gold} + blue {blue} = {total}: the sea stays calm."))
        return words.format(gold=d["gold"], blue=d["blue"], total=d["gold"] + d["blue"])
    if kind == "daikaiju_die":
        if d["face"] == 6:
            return _("The daikaiju die shows 6: a new daikaiju rises.")
        return _("The daikaiju die shows {face}: each daikaiju follows its arrow "
                 "{face}.").format(face=d["face"])
    if kind == "daikaiju_turned":
        words = (_("Daikaiju {number} turns clockwise, now facing {facing}.")
                 if d["clockwise"] else
                 _("Daikaiju {number} turns anticlockwise, now facing {facing}."))
        return words.format(number=d["daikaiju"] + 1, facing=_facing(d["facing"]))
    if kind == "daikaiju_moved":
        return _("Daikaiju {number} moves to {square}.").format(
            number=d["daikaiju"] + 1, square=square_name(d["to"]))
    if kind == "daikaiju_left":
        return _("Daikaiju {number} leaves the board.").format(number=d["daikaiju"] + 1)
    if kind == "daikaiju_destroyed":
        return _("Daikaiju {number} destroys daikaiju {other}.").format(
            number=d["by"] + 1, other=d["daikaiju"] + 1)
    if kind == "tile_eaten":
        return _("The wake tile at {square} is eaten; it goes under the pile.").format(
            square=square_name(d["square"]))
    if kind == "tile_removed":
        return _("The wake tile at {square} is crushed, out of the game.").format(
            square=square_name(d["square"]))
    if kind == "daikaiju_placed":
        return _placed(d)
    if kind == "placement_reroll":
        return _("Gold {gold}, blue {blue} is taken by a daikaiju: roll again.").format(
            gold=d["gold"], blue=d["blue"])
    if kind == "restore_daikaiju":
        return _("Only {count} daikaiju at sea: no roll this turn, new ones rise.").format(
            count=d["on_board"])
    if kind == "supply_empty":
        return _("No daikaiju is left in the supply: none is placed.")
    if kind == "relocation":
        return _("A daikaiju blocks {who}'s first square: choose another start "
                 "mark.").format(who=who)
    if kind == "relocated":
        return _("{who} moves to {mark}.").format(who=who, mark=mark_name(d["to"]))
    if kind == "tile_placed":
        return _("{who} places a wake tile at {square}.").format(
            who=who, square=square_name(d["square"]))
    if kind == "ship_moved":
        steps = len(d["path"])
        return ngettext("{who}'s ship sails across {count} tile.",
                        "{who}'s ship sails across {count} tiles.", steps).format(
            who=who, count=steps)
    if kind == "ship_out":
        line = OUT_LINES[d["reason"]]
        return _(line).format(who=who)
    if kind == "bonus_offered":
        return _("{who} may swap tiles with {names} (elimination bonus).").format(
            who=who, names=_names(names, d["from"]))
    if kind == "bonus":
        n = d["tiles"]
        if not n:
            return _("{who} keeps their hand.").format(who=who)
        return ngettext("{who} swaps {count} tile.", "{who} swaps {count} tiles.", n).format(
            who=who, count=n)
    if kind == "hand_returned":
        n = d["tiles"]
        return ngettext("{who}'s {count} tile go under the pile.",
                        "{who}'s {count} tiles go under the pile.", n).format(who=who, count=n)
    if kind == "drew":
        n = d["tiles"]
        return ngettext("{who} draws {count} tile.", "{who} draws {count} tiles.", n).format(
            who=who, count=n)
    if kind == "placement_skipped":
        return _("{who} has no tile to place.").format(who=who)
    if kind == "game_over":
        reason = d["reason"]
        reason = _(END_WORDS[reason]) if reason in END_WORDS else reason
        winners = d["winners"]
        if len(winners) == 1:
            return _("{winners} wins: {reason}.").format(winners=_names(names, winners),
                                                         reason=reason)
        return _("{winners} share the win: {reason}.").format(winners=_names(names, winners),
                                                              reason=reason)
    return ""
