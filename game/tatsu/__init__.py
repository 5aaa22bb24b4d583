"""Tatsu: a two-player dice battle of dragon stones around a ring of 24 segments.

The rules as this project plays them: docs/rules-tatsu.md. Fixed data and every
reading of the rules: game/tatsu/arena.py. State and rules: game/tatsu/state.py. The
game's one description is `GAME` (game/core/registry.py); its bots are loaded when first
asked for.
"""

from game.core.registry import GameInfo
from game.tatsu.arena import DEFAULT_FIRST
from game.tatsu.state import TatsuState, check_config

GAME = GameInfo(
    key="tatsu", name="Tatsu", players=(2, 2), turn_cap=2000,
    package="game.tatsu", words="game.tatsu.text", drawing="game.tatsu.svg",
    bots="game.tatsu.bots", table="game.web.tatsu_table:TatsuTable")
GAME_NAME = GAME.name
PLAYERS = GAME.players
TURN_CAP = GAME.turn_cap
State = TatsuState


def config_for(players: int = 2, first: str = DEFAULT_FIRST, **options) -> dict:
    """The plain config of a new game. `first` (D5): "black", "white" or "roll"."""
    if players != 2:
        raise ValueError(f"Tatsu is played by exactly 2 players, not {players!r}")
    return check_config({"first": first, **options})


def __getattr__(name: str):
    if name == "BOTS":  # the bots, on demand: playing a game of people needs none
        from game.tatsu.bots import BOTS

        return BOTS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "TURN_CAP", "State", "TatsuState",
           "config_for"]
