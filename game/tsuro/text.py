"""Tsuro of the Seas events in words, for the game log (pure; no browser)."""

from game.core.words import and_list
from game.tsuro.board import LINE_TO_DIE, SIZE, START_MARKS, edge_of_mark, square_name

EDGE_NAMES = ("top", "right", "bottom", "left")
FACING_NAMES = ("north", "east", "south", "west")
DAIKAIJU_NAME = "daikaiju {}"

OUT_WORDS = {
    "edge": "sailed off the edge of the sea",
    "daikaiju": "sailed into a daikaiju",
    "loop": "is caught in an endless loop",
    "tile eaten": "went down with the tile a daikaiju ate",
    "tile removed": "went down with the tile a daikaiju landed on",
    "facing daikaiju": "faces a daikaiju and cannot place: destroyed",
    "no free start mark": "faces a daikaiju with no free start mark to move to: destroyed",
}

END_WORDS = {
    "last ship afloat": "the last ship afloat",
    "eliminated together": "all the remaining ships went out together",
    "the board is full": "the board is full",
    "no tile left to place": "no one has a tile left to place",
}


def mark_name(mark: int) -> str:
    """A start mark as a person reads it: its edge and its place along that edge."""
    edge = edge_of_mark(mark)
    number = [m for m in START_MARKS if edge_of_mark(m) == edge].index(mark) + 1
    return f"start mark {number} of the {EDGE_NAMES[edge]} edge"


def dice_square(square: int) -> str:
    """A square by its gold and blue numbers where it has them (D1)."""
    row, col = divmod(square, SIZE)
    if row in LINE_TO_DIE and col in LINE_TO_DIE:
        return f"gold {LINE_TO_DIE[col]}, blue {LINE_TO_DIE[row]}"
    return square_name(square)


def _names(names, seats) -> str:
    return and_list(names[s] for s in seats)


def _kaiju(number: int) -> str:
    return DAIKAIJU_NAME.format(number + 1).capitalize()


def describe(event, names) -> str:
    """One line for the log, or '' for events that need no line of their own."""
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    kind = event.kind
    if kind == "start_mark":
        return f"{who} sets sail from {mark_name(d['mark'])}."
    if kind == "turn":
        return f"Turn {d['turn']}: {who}."
    if kind == "daikaiju_roll":
        total = d["gold"] + d["blue"]
        return (f"Daikaiju roll: gold {d['gold']} + blue {d['blue']} = {total}"
                + (": the daikaiju stir!" if d["acts"] else ": the sea stays calm."))
    if kind == "daikaiju_die":
        if d["face"] == 6:
            return "The daikaiju die shows 6: a new daikaiju rises."
        return f"The daikaiju die shows {d['face']}: each daikaiju follows its arrow {d['face']}."
    if kind == "daikaiju_turned":
        way = "clockwise" if d["clockwise"] else "anticlockwise"
        return (f"{_kaiju(d['daikaiju'])} turns {way}, "
                f"now facing {FACING_NAMES[d['facing']]}.")
    if kind == "daikaiju_moved":
        return (f"{_kaiju(d['daikaiju'])} moves to "
                f"{square_name(d['to'])}.")
    if kind == "daikaiju_left":
        return f"{_kaiju(d['daikaiju'])} leaves the board."
    if kind == "daikaiju_destroyed":
        return (f"{_kaiju(d['by'])} destroys "
                f"{DAIKAIJU_NAME.format(d['daikaiju'] + 1)}.")
    if kind == "tile_eaten":
        return f"The wake tile at {square_name(d['square'])} is eaten; it goes under the pile."
    if kind == "tile_removed":
        return f"The wake tile at {square_name(d['square'])} is crushed, out of the game."
    if kind == "daikaiju_placed":
        why = {"setup": "", "roll": "", "restore": " to keep three at sea"}[d["why"]]
        return (f"{_kaiju(d['daikaiju'])} is placed at "
                f"{dice_square(d['square'])}, facing {FACING_NAMES[d['facing']]}{why}.")
    if kind == "placement_reroll":
        return f"Gold {d['gold']}, blue {d['blue']} is taken by a daikaiju: roll again."
    if kind == "restore_daikaiju":
        return f"Only {d['on_board']} daikaiju at sea: no roll this turn, new ones rise."
    if kind == "supply_empty":
        return "No daikaiju is left in the supply: none is placed."
    if kind == "relocation":
        return f"A daikaiju blocks {who}'s first square: choose another start mark."
    if kind == "relocated":
        return f"{who} moves to {mark_name(d['to'])}."
    if kind == "tile_placed":
        return f"{who} places a wake tile at {square_name(d['square'])}."
    if kind == "ship_moved":
        steps = len(d["path"])
        return f"{who}'s ship sails across {steps} tile{'s' if steps != 1 else ''}."
    if kind == "ship_out":
        return f"{who} {OUT_WORDS[d['reason']]}. Out of the game."
    if kind == "bonus_offered":
        return f"{who} may swap tiles with {_names(names, d['from'])} (elimination bonus)."
    if kind == "bonus":
        n = d["tiles"]
        return f"{who} swaps {n} tile{'s' if n != 1 else ''}." if n else f"{who} keeps their hand."
    if kind == "hand_returned":
        return f"{who}'s {d['tiles']} tile{'s' if d['tiles'] != 1 else ''} go under the pile."
    if kind == "drew":
        return f"{who} draws {d['tiles']} tile{'s' if d['tiles'] != 1 else ''}."
    if kind == "placement_skipped":
        return f"{who} has no tile to place."
    if kind == "game_over":
        reason = END_WORDS.get(d["reason"], d["reason"])
        winners = d["winners"]
        if len(winners) == 1:
            return f"{_names(names, winners)} wins: {reason}."
        return f"{_names(names, winners)} share the win: {reason}."
    return ""
