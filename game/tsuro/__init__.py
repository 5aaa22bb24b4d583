"""Tsuro of the Seas: the rules engine (pure standard-library Python).

The rules as this project plays them: docs/rules-tsuro-of-the-seas.md. The game's one
description is `GAME` (game/core/registry.py). Importing this package is light: the
engine (State) and the bots are loaded when first asked for.
"""

from game.core.registry import GameInfo

GAME = GameInfo(
    key="tsuro", name="Tsuro of the Seas", players=(2, 8), turn_cap=1000,
    package="game.tsuro", state="game.tsuro.state:TsuroState", words="game.tsuro.text",
    drawing="game.tsuro.svg", bots="game.tsuro.bots", table="game.web.tsuro_table:TsuroTable",
    switches={"daikaiju": True})
GAME_NAME = GAME.name
PLAYERS = GAME.players
TURN_CAP = GAME.turn_cap


def config_for(players: int, daikaiju: bool = True, first: int = 0) -> dict:
    return {"players": players, "daikaiju": daikaiju, "first": first}

__getattr__ = GAME.on_demand()  # State, TsuroState and BOTS, when first asked for

__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "State", "TURN_CAP", "TsuroState",
           "config_for"]
