"""Tsuro of the Seas: the rules engine (pure standard-library Python)."""

from game.tsuro.bots import BOTS
from game.tsuro.state import TsuroState

GAME_NAME = "Tsuro of the Seas"
PLAYERS = (2, 8)
TURN_CAP = 1000  # a safety net for the simulator; real games end far sooner
State = TsuroState


def config_for(players: int, daikaiju: bool = True, first: int = 0) -> dict:
    return {"players": players, "daikaiju": daikaiju, "first": first}


__all__ = ["BOTS", "GAME_NAME", "PLAYERS", "State", "TURN_CAP", "TsuroState", "config_for"]
