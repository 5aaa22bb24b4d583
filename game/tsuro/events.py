"""The kinds of event Tsuro of the Seas emits, each declared once (game/core/event_kinds.py
says what a declaration holds and what reads it): the keys of its data, and whether it
reveals something (no takeback past it), is news, is bookkeeping (brief), and which
piece the page points at (cue). Its words: text.py, WORDS; its motion: motion.py, MOTION.

The data, by field: seat (a captain, 0..), mark, marks and a ship's "from" and "to" (a
ship's position, square * 8 + point: board.py), square (0..48), tile (0..55), daikaiju
(0..9), facing (0 north .. 3 west), gold and blue (the daikaiju dice), reason (why a
ship is out: sailing.py, daikaiju_phase.py; why the game ended: position.py's LAST ..
NO_TILE), winners (seats).
"""

from game.core.event_kinds import EventData, EventKind, revealing_kinds

# setting sail (B3) and each turn's start; moving off a blocked start mark (D8)
START_MARK = "start_mark"
TURN = "turn"
RELOCATION = "relocation"
RELOCATED = "relocated"
# the daikaiju phase (C1, D1-D8)
RESTORE_DAIKAIJU = "restore_daikaiju"
DAIKAIJU_ROLL = "daikaiju_roll"
DAIKAIJU_DIE = "daikaiju_die"
SUPPLY_EMPTY = "supply_empty"
DAIKAIJU_TURNED = "daikaiju_turned"
DAIKAIJU_LEFT = "daikaiju_left"
DAIKAIJU_DESTROYED = "daikaiju_destroyed"
DAIKAIJU_MOVED = "daikaiju_moved"
TILE_EATEN = "tile_eaten"
PLACEMENT_REROLL = "placement_reroll"
DAIKAIJU_PLACED = "daikaiju_placed"
TILE_REMOVED = "tile_removed"
# a placement (C2, C3), the elimination bonus, the end of a turn (C4) and of the game
TILE_PLACED = "tile_placed"
SHIP_MOVED = "ship_moved"
SHIP_OUT = "ship_out"
PLACEMENT_SKIPPED = "placement_skipped"
BONUS_OFFERED = "bonus_offered"
BONUS = "bonus"
HAND_RETURNED = "hand_returned"
DREW = "drew"
GAME_OVER = "game_over"


def _calm(data: EventData) -> bool:
    """A daikaiju roll that stirs none of them is bookkeeping."""
    return not data["acts"]


KINDS: dict[str, EventKind] = {
    START_MARK: EventKind(("seat", "mark"), cue="seat"),
    TURN: EventKind(("seat", "turn"), brief=True),
    RELOCATION: EventKind(("seat", "marks")),  # marks: the start marks it may move to
    RELOCATED: EventKind(("seat", "from", "to"), cue="seat"),
    # instead of the roll, fewer than three at sea: some are placed (daikaiju_placed)
    RESTORE_DAIKAIJU: EventKind(("on_board",), reveals=True),
    DAIKAIJU_ROLL: EventKind(("gold", "blue", "acts"), reveals=True, brief=_calm),
    DAIKAIJU_DIE: EventKind(("face",), reveals=True),
    SUPPLY_EMPTY: EventKind(()),  # a 6, and no daikaiju left to place
    DAIKAIJU_TURNED: EventKind(("daikaiju", "square", "facing", "clockwise"), cue="daikaiju"),
    DAIKAIJU_LEFT: EventKind(("daikaiju", "square"), cue="daikaiju"),
    # daikaiju: the one destroyed, by the one that walks onto its square (the next event)
    DAIKAIJU_DESTROYED: EventKind(("daikaiju", "by", "square"), cue="daikaiju"),
    DAIKAIJU_MOVED: EventKind(("daikaiju", "from", "to"), cue="daikaiju"),
    TILE_EATEN: EventKind(("square", "tile", "by"), cue="square"),
    PLACEMENT_REROLL: EventKind(("gold", "blue"), reveals=True),  # the square was taken
    # why: "roll" (a 6) or "restore"
    DAIKAIJU_PLACED: EventKind(("daikaiju", "square", "facing", "gold", "blue", "why"),
                               reveals=True, cue="daikaiju"),
    TILE_REMOVED: EventKind(("square", "tile"), cue="square"),  # placed on: out of the game
    TILE_PLACED: EventKind(("seat", "tile", "rotation", "square"), cue="square"),
    # path: [square, entry, exit] per tile crossed; fate: None, or why it goes out (the
    # ship_out that follows)
    SHIP_MOVED: EventKind(("seat", "path", "to", "fate"), cue="seat"),
    SHIP_OUT: EventKind(("seat", "reason"), news=True, cue="seat"),
    PLACEMENT_SKIPPED: EventKind(("seat",), brief=True),  # no tile to place (D12)
    BONUS_OFFERED: EventKind(("seat", "from"), reveals=True, brief=True),  # from: seats
    BONUS: EventKind(("seat", "tiles")),  # tiles: how many swapped
    HAND_RETURNED: EventKind(("seat", "tiles"), brief=True),  # a sunk ship's hand (D10)
    DREW: EventKind(("seat", "tiles"), reveals=True, brief=True),
    GAME_OVER: EventKind(("winners", "reason")),
}

# The kinds that bring new information (game/core/takeback.py, TsuroState.REVEALING): a
# tile drawn; the daikaiju dice, a daikaiju placed (its tile turned up from the face-down
# supply, its square rolled), restoring the minimum (which places some); the eliminated
# captains' hands shown for the bonus.
REVEALING = revealing_kinds(KINDS)

__all__ = [
    "BONUS", "BONUS_OFFERED", "DAIKAIJU_DESTROYED", "DAIKAIJU_DIE", "DAIKAIJU_LEFT",
    "DAIKAIJU_MOVED", "DAIKAIJU_PLACED", "DAIKAIJU_ROLL", "DAIKAIJU_TURNED", "DREW",
    "GAME_OVER", "HAND_RETURNED", "KINDS", "PLACEMENT_REROLL", "PLACEMENT_SKIPPED",
    "RELOCATED", "RELOCATION", "RESTORE_DAIKAIJU", "REVEALING", "SHIP_MOVED", "SHIP_OUT",
    "START_MARK", "SUPPLY_EMPTY", "TILE_EATEN", "TILE_PLACED", "TILE_REMOVED", "TURN",
]
