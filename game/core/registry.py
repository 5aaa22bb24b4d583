"""The games this project plays, each described once and registered, as OpenSpiel
registers its games: the command line, the simulator, the match and the page ask here,
never `if game == "tsuro"`.

A game is a package under game/ whose `__init__.py` defines `GAME`, a `GameInfo`; its
modules are named, not imported, so that describing a game costs nothing and each piece
(the bots above all) is loaded when first asked for. A third game is one new package
and one line in `PACKAGES`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.i18n import _, ngettext

if TYPE_CHECKING:
    from game.core.actions import Event
    from game.core.bots import BotClass
    from game.core.challenge import Goal
    from game.core.lessons import Step
    from game.core.state import GameState
    from game.web.table import Table

PACKAGES = ("game.tsuro", "game.tatsu")  # in the order the page offers them


@dataclass(frozen=True)
class Card:
    """A game's card on the page's start screen (game/web/start.py): plain words, and the
    position its board picture shows."""

    time: str  # how long a game takes: "20–40 min"
    line: str  # one sentence about the game, under its name
    picture: str  # the board picture's words (its aria-label and <title>)
    how: tuple[str, ...]  # "How to play": a sentence a point
    # the pictured position: a game with this config and seed, after the `easy` computers
    # have played this many actions from the start
    config: dict[str, Any]
    seed: int
    actions: int
    # the drawn picture's viewBox width and height, so that the page keeps its place before
    # the picture arrives without drawing it (a test checks it against the drawing)
    picture_size: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class GameInfo:
    key: str  # the game's one id, in URLs, records, positions and the command line: "tsuro"
    name: str  # as people read it, in English: "Tsuro of the Seas" (shown: `shown_name`)
    players: tuple[int, int]  # fewest and most seats
    turn_cap: int  # a safety net for the simulator; real games end far sooner
    package: str  # the game's package: config_for(players, **options), GAME
    state: str  # "module:Class" of the engine's state (a GameState)
    words: str  # the module whose describe(event, names) words the log
    drawing: str  # the module whose board(board_view(state), ...) draws it as SVG
    bots: str  # the module whose BOTS maps a level to a bot class
    table: str  # "module:Class" of the page's table (game/web), loaded by the page only
    # --- the page's start form (game/web/setup.py); the "module:NAME" pieces are loaded
    # by the page only, when the game is chosen (load(info.seat_labels), ...)
    seat_labels: str  # "module:NAME" of the seats' names, in seat order: "Red circle", ...
    seat_colours: str  # "module:NAME" of the seats' colours as drawn, in seat order
    # "module:function" (values, errors) -> the HTML of the form's fields (what goes
    # inside the game's <form>): values None for the form as it first shows, else the
    # form's values as the page reads them (all strings), drawn again
    setup_form: str
    # "module:function" values -> (seats, config, errors): from the form's own fields
    # (how many seats, options), how many seats to check and read (None when the count
    # itself is wrong), the config they make and {field: sentence} of those fields
    setup_read: str
    sample_view: str  # "module:function" () -> the view the form's board draws: nothing
    #                   placed yet, nobody to move (drawn by `drawing`'s board())
    sample_words: str  # what that board shows, in words (its aria-label and <title>)
    card: Card  # the game's card on the start screen
    # a seat's name until a person types one ({n}: the seat's number from 1; {level}: the
    # computer's level, capitalised): "Captain {n}", "{level} computer {n}"
    seat_name: str = "Player {n}"
    computer_name: str = "{level} computer {n}"
    label_in_name: bool = False  # a seat's name says its label: "Ann" plays as "Ann (Black)"
    # the module whose GOALS names the goals a challenge may set (game/core/challenge.py)
    goals_module: str = ""
    # the module whose LESSON lists the steps of "Learn to play" (game/core/lessons.py)
    lessons_module: str = ""
    # the module whose advise(state, played) and hint_words(advice, names) coach a person
    # at the table (game/core/coach.py); "" for a game without a coach
    coach: str = ""
    # the rules page (game/site/rules.py makes rules/<rules_page> from
    # docs/rules-<its stem>.md); where each rule a RuleError names is explained there:
    # {rule: anchor} (a reading "D<n>" not listed is at "d<n>"); and the sections whose
    # numbered items are named as the engine cites them: {section id: prefix}
    rules_page: str = ""
    rule_anchors: dict[str, str] = field(default_factory=dict)
    rule_items: dict[str, str] = field(default_factory=dict)
    # the words a refusal shows for a rule it cites, where they are not the key itself:
    # {rule key: its words, marked with N_()}; a key not listed is shown as _(key)
    # (game/core/rule_links.py, rule_words)
    rule_words: dict[str, str] = field(default_factory=dict)
    # on/off options of the configuration, with their defaults (the command line offers
    # --no-NAME for each one that is on by default)
    switches: dict[str, bool] = field(default_factory=dict)
    # other names that saved games and positions written by earlier versions give the
    # game in their "game" field: read as `key` (`known_key`), never written
    old_keys: tuple[str, ...] = ()

    # the fields that name a module ("module" or "module:NAME"): what the page may load by
    # name, so the web bundle ships them (game/site/bundle.py)
    NAMED: ClassVar[tuple[str, ...]] = ("package", "state", "words", "drawing", "bots", "table",
                              "seat_labels", "seat_colours", "setup_form", "setup_read",
                              "sample_view", "goals_module", "lessons_module", "coach")

    @staticmethod
    def load(dotted: str) -> Any:
        """What a "module:NAME" reference names, its module imported on first use."""
        module, _colon, name = dotted.partition(":")
        return getattr(import_module(module), name)

    def modules(self) -> tuple[str, ...]:
        """Every module the description names (NAMED), once each, in field order (a
        field left empty names none)."""
        return tuple(dict.fromkeys(getattr(self, name).partition(":")[0]
                                   for name in self.NAMED if getattr(self, name)))

    @property
    def shown_name(self) -> str:
        """The game's name in the language spoken now ("Tsuro dos Mares")."""
        return _(self.name)

    @property
    def players_words(self) -> str:
        """Who plays, in the language spoken now, from `players`: "2–8 players",
        "2 players"."""
        fewest, most = self.players
        if fewest == most:
            return ngettext("{count} player", "{count} players", most).format(count=most)
        return _("{fewest}–{most} players").format(fewest=fewest, most=most)

    @property
    def state_class(self) -> type[GameState]:
        state_class: type[GameState] = self.load(self.state)
        return state_class

    def config_for(self, players: int, **options: object) -> dict[str, Any]:
        config: dict[str, Any] = import_module(self.package).config_for(players, **options)
        return config

    @property
    def describe(self) -> Callable[[Event, Sequence[str]], str]:
        describe: Callable[[Event, Sequence[str]], str] = import_module(self.words).describe
        return describe

    @property
    def svg(self) -> ModuleType:
        return import_module(self.drawing)

    @property
    def bot_classes(self) -> dict[str, BotClass]:
        bots: dict[str, BotClass] = import_module(self.bots).BOTS
        return bots

    @property
    def table_class(self) -> type[Table]:
        table: type[Table] = self.load(self.table)
        return table

    @property
    def lesson(self) -> tuple[Step, ...]:
        lesson: tuple[Step, ...] = (import_module(self.lessons_module).LESSON
                                    if self.lessons_module else ())
        return lesson

    @property
    def goals(self) -> dict[str, Goal]:
        goals: dict[str, Goal] = (import_module(self.goals_module).GOALS
                                  if self.goals_module else {})
        return goals

    def seat_names_for(self, players: int) -> list[str]:
        """Names for the seats of a game nobody has named (a diagram, a lesson), in the
        language spoken now: "Captain 1", ... or, where a seat's label is its name,
        "Black", "White"."""
        if self.label_in_name:
            return [_(label) for label in list(self.load(self.seat_labels))[:players]]
        return [_(self.seat_name).format(n=seat + 1) for seat in range(players)]

    def on_demand(self) -> Callable[[str], Any]:
        """The game package's `__getattr__` (PEP 562): `State` (also by its class name)
        and `BOTS`, imported when first asked for, so that importing the package is light."""
        class_name = self.state.partition(":")[2]

        def __getattr__(name: str) -> Any:
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


def known_key(name: object) -> str | None:
    """The key of the game that `name` (the "game" field of a saved game or a position)
    stands for: a game's key, or one of its `old_keys`; None when it names no game here."""
    if type(name) is not str:
        return None
    for key, info in games().items():
        if name == key or name in info.old_keys:
            return key
    return None


def game(key: str) -> GameInfo:
    """The game registered under `key` (KeyError naming the known ones otherwise)."""
    known = games()
    if key not in known:
        raise KeyError(f"no game {key!r} (games: {', '.join(known)})")
    return known[key]
