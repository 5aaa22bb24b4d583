"""The kinds of event Tatsu emits (state.py), each declared once (game/core/event_kinds.py
says what a declaration holds and what reads it): the keys of its data, and whether it
reveals something (no takeback past it), is bookkeeping (brief), and which piece the
page points at (cue). Its words: text.py, WORDS; its motion: motion.py, MOTION.

The data, by field: seat and victim_seat (0 Black, 1 White), player ("black", "white"),
stone, held and victim (a kind of dragon: "vine", "water", "fire"), segment (0..23),
"from" and "to" of a stone ([segment, field]; an entry's "from": ["mat", its kind]; a
settling vine's: its fields), die and dice (1..6), winners (seats), reason (a forfeit's:
"escape" or "unusable"; game_over's: TatsuState.win_reason).
"""

from game.core.event_kinds import EventKind, revealing_kinds

FIRST_ROLL = "first_roll"  # who starts (D5), when the setting is to roll for it
TURN = "turn"
DICE = "dice"
PASS = "pass"
FORFEIT = "forfeit"
MOVE = "move"
ENTER = "enter"
ESCAPE = "escape"
RELEASE = "release"
SETTLE = "settle"
HOLD = "hold"
POWER = "power"
RECRUIT = "recruit"
GAME_OVER = "game_over"

# A move's, an entry's, an escape's: the landing of one stone with one die.
_LANDING = ("seat", "player", "stone", "from", "to", "die")

KINDS: dict[str, EventKind] = {
    FIRST_ROLL: EventKind(("black", "white"), reveals=True),  # the two dice
    TURN: EventKind(("turn", "seat", "player"), brief=True),
    DICE: EventKind(("seat", "dice"), reveals=True),
    PASS: EventKind(("seat", "player", "dice")),
    FORFEIT: EventKind(("seat", "die", "reason")),  # a die left unused
    MOVE: EventKind((*_LANDING, "passed")),  # passed: the segments travelled over
    ENTER: EventKind((*_LANDING, "entry")),  # entry: the entry point
    ESCAPE: EventKind((*_LANDING, "passed")),
    # the stone under the one that moved is free again; was: "held" or "entangled"
    RELEASE: EventKind(("segment", "seat", "stone", "was"), cue="segment"),
    # the vine an escape leaves sinks to the inner field
    SETTLE: EventKind(("segment", "seat", "stone", "from", "to"), cue="segment"),
    HOLD: EventKind(("segment", "seat", "stone", "held"), cue="segment"),
    # power: "entangle", "expel", "destroy"; victim_to: "tray", "dead zone" or None
    POWER: EventKind(("power", "segment", "seat", "stone", "victim_seat", "victim",
                      "victim_to"), cue="segment"),
    RECRUIT: EventKind(("segment", "seat", "stone"), cue="segment"),
    GAME_OVER: EventKind(("winners", "reason")),
}

# The kinds that bring new information (game/core/takeback.py, TatsuState.REVEALING):
# the dice of a turn (rolled by the action that ends the turn before) and the roll for
# the first player; nothing else is hidden.
REVEALING = revealing_kinds(KINDS)

__all__ = ["DICE", "ENTER", "ESCAPE", "FIRST_ROLL", "FORFEIT", "GAME_OVER", "HOLD", "KINDS",
           "MOVE", "PASS", "POWER", "RECRUIT", "RELEASE", "REVEALING", "SETTLE", "TURN"]
