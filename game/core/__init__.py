"""What both games share, written once: actions, events, errors, seeded chance,
versioned game records and the simulator's bookkeeping."""

from game.core.actions import Action, Event
from game.core.errors import RecordError, RuleError
from game.core.rng import new_rng, roll_die
from game.core.state import GameState

__all__ = ["Action", "Event", "GameState", "RecordError", "RuleError", "new_rng", "roll_die"]
