"""Tsuro of the Seas: the rules engine (pure standard-library Python).

The rules as this project plays them: docs/rules-tsuro-of-the-seas.md. The game's one
description is `GAME` (game/core/registry.py); its bots are loaded when first asked for.
"""

from game.core.registry import GameInfo
from game.tsuro.state import TsuroState

GAME = GameInfo(
    key="tsuro", name="Tsuro of the Seas", players=(2, 8), turn_cap=1000,
    package="game.tsuro", words="game.tsuro.text", drawing="game.tsuro.svg",
    bots="game.tsuro.bots", table="game.web.tsuro_table:TsuroTable",
    switches={"daikaiju": True})
GAME_NAME = GAME.name
PLAYERS = GAME.players
TURN_CAP = GAME.turn_cap
State = TsuroState


def config_for(players: int, daikaiju: bool = True, first: int = 0) -> dict:
    return {"players": players, "daikaiju": daikaiju, "first": first}


def __getattr__(name: str):
    if name == "BOTS":  # the bots, on demand: playing a game of people needs none
        from game.tsuro.bots import BOTS

        return BOTS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "State", "TURN_CAP", "TsuroState",
           "config_for"]
