"""The shape both games' states share, and saving a game as a record.

A game is stored as a *record*: which game, the record format's version, the game's
configuration, its seed and the list of actions taken. Loading replays the actions on
a fresh state, so a record that loads is a game the rules allow, never a half-loaded
or inconsistent one.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from game.core.actions import Action, Event, well_formed
from game.core.errors import RecordError, RuleError
from game.core.i18n import _, grouped, ngettext
from game.core.limits import MAX_ACTIONS, LimitError, check_data, load_json, shown
from game.core.position import Problem
from game.core.registry import known_key

RECORD_KEYS = {"game", "version", "config", "seed", "actions"}


class GameState(ABC):
    """Subclasses (one per game) set GAME and FORMAT_VERSION and implement the
    methods below. Both games keep one contract:

    - `history`: the actions applied since the start; `seed`: what the game's chance
      came from (None for a constructed position, which cannot be saved: RecordError);
    - `setup_events`: what happened before the first decision (deals, rolls);
    - `winners` and `reason`: once the game is over, the seats that share the win and
      why, as a short code; the last event is then Event("game_over", {"winners":
      [...], "reason": code}), and each game's text.py words the code;
    - `clone(rng=None)`: an independent copy; with `rng` (a random.Random, or anything
      with its methods) the copy's future chance comes from that generator instead.
    """

    GAME = ""
    FORMAT_VERSION = 1

    # --- what each game implements. Its __init__(config, seed) sets up the game and
    # sets self.config (plain JSON data), self.seed, self.history = [] and self.turn
    # (how many turns have begun). ---------------------------------------------------
    config: dict[str, Any]
    seed: object
    players: int  # how many seats
    turn: int
    history: list[Action]
    setup_events: list[Event]
    reason: str | None

    if TYPE_CHECKING:  # each game's own, as above (no __init__ here to call)
        def __init__(self, config: dict[str, Any], seed: object) -> None: ...

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""

    @property
    @abstractmethod
    def decision(self) -> str | None:
        """What kind of decision the seat to move makes (a short name), or None."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty once the game is over)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply an action already known to be well formed; raise RuleError *before*
        changing anything if the rules forbid it."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The seats that share the win, once the game is over (else empty)."""

    @abstractmethod
    def clone(self, rng: random.Random | None = None) -> GameState:
        """An independent copy (see the class's note on `rng`)."""

    @abstractmethod
    def to_position(self) -> dict[str, Any]:
        """This moment as a position (game/core/position.py): plain JSON that
        from_position turns back into an equal state."""

    @classmethod
    @abstractmethod
    def from_position(cls, position: dict[str, Any] | str) -> GameState:
        """The state at `position`: its JSON (a dict or JSON text) or its text form.
        An impossible position raises PositionError naming the field and the rule."""

    @abstractmethod
    def problems(self) -> list[Problem]:
        """What is wrong with the state (empty when all is well): the game's invariants
        (game/<game>/invariants.py), each a Problem naming the field of a position that
        would show it and the rule it breaks. A position is refused by the same checks."""

    def invariant_violations(self) -> list[str]:
        """What is wrong with the state, in words ("field: words (rule)"; empty when all
        is well): the simulator and the property tests call this after every action."""
        found = self.problems()
        return [str(problem) for problem in found] if found else []

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """Everything the state holds, as plain data, for equality and debugging."""

    # --- shared ---------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def apply(self, action: Action) -> list[Event]:
        """Apply one action for the seat to move; return the events it caused, in order.
        An illegal action raises RuleError and changes nothing. (An action the state
        itself offered is well formed: only another is walked through.)"""
        if not (self._offered(action) or well_formed(action)):
            what = action.shown() if isinstance(action, Action) else shown(action)
            raise RuleError("action", _("{action} is not a well-formed action (a short kind "
                                        "and a tuple of whole numbers, texts and tuples, "
                                        "within the limits of the record format)").format(
                                            action=what))
        if self.is_over:
            raise RuleError("end of the game", _("the game is over: no more actions"))
        events = self._apply(action)
        self.history.append(action)
        return events

    def _offered(self, action: object) -> bool:
        """Whether `action` is the very object legal_actions() gave for this decision (a
        bot's choice), as far as the game keeps them: made by the engine, it needs no
        check of its form. An equal action from elsewhere is not (True equals 1)."""
        return False

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # states change; they are compared, never hashed

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.GAME,
            "version": self.FORMAT_VERSION,
            "config": dict(self.config),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.history],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_record(), separators=(",", ":"))

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes,
                    upto: int | None = None) -> GameState:
        """Rebuild a game from its record, refusing anything malformed with a reason.
        With `upto`, the game after its first `upto` actions (0: before any)."""
        record = cls._checked_record(record)
        try:
            state = cls(record["config"], record["seed"])
        except (ValueError, TypeError) as err:
            raise RecordError(_("the saved game's setup is refused: {reason}").format(
                reason=err)) from None
        actions = record["actions"]
        if upto is not None:
            if type(upto) is not int or not 0 <= upto <= len(actions):
                raise RecordError(_(  # (English says "1 actions" too: one message)
                    "the saved game has {count} actions: a step is a whole number from 0 to "
                    "{count}, not {step}").format(count=len(actions), step=shown(upto)))
            actions = actions[:upto]
        for number, raw in enumerate(actions, 1):
            try:
                state.apply(Action.from_json(raw))
            except ValueError as err:  # RuleError is a ValueError
                raise RecordError(_("action {number} of the saved game is refused: {reason}")
                                  .format(number=number, reason=err)) from None
        return state

    @classmethod
    def _checked_record(cls, record: dict[str, Any] | str | bytes) -> dict[str, Any]:
        """A saved game's record, read within the limits and checked field by field
        (what it holds, the game, the format version, the kinds of the config and the
        actions, how many actions) before anything is set up from it."""
        try:  # the limits first (game/core/limits.py): nothing else recurses or converts
            if isinstance(record, (str, bytes)):
                record = load_json(record, _("the saved game"))
            else:
                check_data(record, _("the saved game"))
        except LimitError as err:
            raise RecordError(_("the saved game is refused: {reason}").format(
                reason=err)) from None
        if not isinstance(record, dict):
            raise RecordError(_("a saved game is a JSON object"))
        missing = RECORD_KEYS - record.keys()
        if missing:
            raise RecordError(_("the saved game lacks {fields}").format(
                fields=", ".join(sorted(missing))))
        extra = record.keys() - RECORD_KEYS
        if extra:
            raise RecordError(_("the saved game has unknown fields: {fields}").format(
                fields=", ".join(sorted(extra))))
        if known_key(record["game"]) != cls.GAME:  # (an older name of the game too)
            raise RecordError(_("this is a saved game of {found}, not {wanted}").format(
                found=shown(record["game"]), wanted=repr(cls.GAME)))
        if type(record["version"]) is not int or record["version"] != cls.FORMAT_VERSION:
            raise RecordError(_("saved game format version {found} is not supported (this "
                                "version reads {version})").format(
                                    found=shown(record["version"]),
                                    version=cls.FORMAT_VERSION))
        if not isinstance(record["config"], dict):
            raise RecordError(_("the saved game's config is not an object"))
        if not isinstance(record["actions"], list):
            raise RecordError(_("the saved game's actions are not a list"))
        if len(record["actions"]) > MAX_ACTIONS:
            raise RecordError(ngettext("the saved game has {count} action; the limit is "
                                       "{limit}",
                                       "the saved game has {count} actions; the limit is "
                                       "{limit}", len(record["actions"])).format(
                                           count=grouped(len(record['actions'])),
                                           limit=grouped(MAX_ACTIONS)))
        return record

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return cls.from_record(text)


__all__ = ["Event", "GameState"]
