"""Tatsu: a two-player dice battle of dragon stones around a ring of 24 segments.

The rules as this project plays them: docs/rules-tatsu.md. Fixed data and every
reading of the rules: game/tatsu/arena.py. The rules, once, over a compact position:
game/tatsu/core.py; the state that wraps them (checks, events, dice): state.py. The
game's one description is `GAME` (game/core/registry.py). Importing this package is
light: the engine (State) and the bots are loaded when first asked for.
"""

from game.core.registry import GameInfo

GAME = GameInfo(
    key="tatsu", name="Tatsu", players=(2, 2), turn_cap=2000,
    package="game.tatsu", state="game.tatsu.state:TatsuState", words="game.tatsu.text",
    drawing="game.tatsu.svg", bots="game.tatsu.bots", table="game.web.tatsu_table:TatsuTable")
GAME_NAME = GAME.name
PLAYERS = GAME.players
TURN_CAP = GAME.turn_cap


def config_for(players: int = 2, first: str | None = None, **options) -> dict:
    """The plain config of a new game. `first` (D5): "black", "white" or "roll"
    (by default the reading's DEFAULT_FIRST)."""
    from game.tatsu.arena import DEFAULT_FIRST
    from game.tatsu.state import check_config

    if players != 2:
        raise ValueError(f"Tatsu is played by exactly 2 players, not {players!r}")
    return check_config({"first": DEFAULT_FIRST if first is None else first, **options})

__getattr__ = GAME.on_demand()  # State, TatsuState and BOTS, when first asked for

__all__ = ["BOTS", "GAME", "GAME_NAME", "PLAYERS", "TURN_CAP", "State", "TatsuState",
           "config_for"]
