"""The games this project plays, each described once and registered, as OpenSpiel
registers its games: the command line, the simulator, the match and the page ask here,
never `if game == "tsuro"`.

A game is a package under game/ whose `__init__.py` defines `GAME`, a `GameInfo`; its
modules are named, not imported, so that describing a game costs nothing and each piece
(the bots above all) is loaded when first asked for. A third game is one new package
and one line in `PACKAGES`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module

PACKAGES = ("game.tsuro", "game.tatsu")  # in the order the page offers them


@dataclass(frozen=True)
class GameInfo:
    key: str  # the game's name in URLs, records and the command line: "tsuro"
    name: str  # as people read it: "Tsuro of the Seas"
    players: tuple[int, int]  # fewest and most seats
    turn_cap: int  # a safety net for the simulator; real games end far sooner
    package: str  # the game's package: config_for(players, **options), GAME
    state: str  # "module:Class" of the engine's state (a GameState)
    words: str  # the module whose describe(event, names) words the log
    drawing: str  # the module whose board(state, ...) draws it as SVG
    bots: str  # the module whose BOTS maps a level to a bot class
    table: str  # "module:Class" of the page's table (game/web), loaded by the page only
    # on/off options of the configuration, with their defaults (the command line offers
    # --no-NAME for each one that is on by default)
    switches: dict = field(default_factory=dict)

    @staticmethod
    def _load(dotted: str):
        module, _, name = dotted.partition(":")
        return getattr(import_module(module), name)

    @property
    def state_class(self):
        return self._load(self.state)

    def config_for(self, players: int, **options) -> dict:
        return import_module(self.package).config_for(players, **options)

    @property
    def describe(self):
        return import_module(self.words).describe

    @property
    def svg(self):
        return import_module(self.drawing)

    @property
    def bot_classes(self) -> dict:
        return import_module(self.bots).BOTS

    @property
    def table_class(self):
        return self._load(self.table)

    def on_demand(self):
        """The game package's `__getattr__` (PEP 562): `State` (also by its class name)
        and `BOTS`, imported when first asked for, so that importing the package is light."""
        class_name = self.state.partition(":")[2]

        def __getattr__(name: str):
            if name in ("State", class_name):
                return self.state_class
            if name == "BOTS":
                return self.bot_classes
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")

        return __getattr__


def games() -> dict[str, GameInfo]:
    """Every registered game, by key, in the order of PACKAGES."""
    found = {}
    for package in PACKAGES:
        info = import_module(package).GAME
        found[info.key] = info
    return found


def game(key: str) -> GameInfo:
    """The game registered under `key` (KeyError naming the known ones otherwise)."""
    known = games()
    if key not in known:
        raise KeyError(f"no game {key!r} (games: {', '.join(known)})")
    return known[key]
