"""Tatsu: a two-player dice battle of dragon stones around a ring of 24 segments.

The rules as this project plays them: docs/rules-tatsu.md. Fixed data and every
reading of the rules: game/tatsu/arena.py. State and rules: game/tatsu/state.py.
"""

from game.tatsu.bots import BOTS
from game.tatsu.arena import DEFAULT_FIRST
from game.tatsu.state import TatsuState, check_config

GAME_NAME = "Tatsu"
PLAYERS = (2, 2)
TURN_CAP = 2000  # a safety net for the simulator; random games end far sooner
State = TatsuState


def config_for(players: int = 2, first: str = DEFAULT_FIRST, **options) -> dict:
    """The plain config of a new game. `first` (D5): "black", "white" or "roll"."""
    if players != 2:
        raise ValueError(f"Tatsu is played by exactly 2 players, not {players!r}")
    return check_config({"first": first, **options})


__all__ = ["BOTS", "GAME_NAME", "PLAYERS", "TURN_CAP", "State", "TatsuState", "config_for"]
