"""A match: one game plus the people and computers at the table.

The page drives a Match; it holds no rule of its own. It knows who sits where (a name,
and "human" or a computer level per seat), makes the computer players, and keeps the
game log as (event, line) pairs, the words coming from the game's `describe`. The game
is given by its description (game/core/registry.py: `GameInfo`).

It also keeps, per action it played, who took it and how many log entries it added
(`steps`), which is what taking back needs (game/core/takeback.py): `takeback_count`
says how many of the last actions a person may take back now, and `rewind` takes them
back by replaying the game's record without them (the engine stays the one source of
truth; the seats and the computer players stay as they are).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.core.actions import Action, Event
from game.core.bots import Bot, make_bot
from game.core.i18n import N_, _
from game.core.limits import shown
from game.core.takeback import revealing, takeback_count

if TYPE_CHECKING:
    from game.core.registry import GameInfo
    from game.core.review import Review
    from game.core.state import GameState

Line = tuple[Event, str]  # a log entry: an event and its words ('' for none)

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")
CASUAL_LINE = N_("Casual game: a whole turn can be taken back.")  # logged as _(CASUAL_LINE)
HINTS_LINE = N_("Hints on request: the coach may show a person the move it would make.")
# the match's own events, first in its log, and their words
MATCH_LINES = {"casual": CASUAL_LINE, "hints": HINTS_LINE}


class Seat:
    __slots__ = ("name", "player")

    def __init__(self, name: str, player: str = HUMAN):
        if player != HUMAN and (type(player) is not str or player not in LEVELS):
            raise ValueError(_("a seat is played by a human or a computer level ({levels}), "
                               "not {player}").format(levels=", ".join(LEVELS),
                                                      player=shown(player)))
        self.name = name
        self.player = player

    @property
    def is_human(self) -> bool:
        return self.player == HUMAN

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "player": self.player}


class Match:
    """`game` is a game's description (a GameInfo); `seats` its Seats in turn order.

    `casual`: a person alone against computers may take back a whole turn (back to the
    start of their last turn, through the computers' actions since). It counts only
    with exactly one person at the table (else it is ignored), and the game log says
    so in its first line (an Event of kind "casual").

    `hints`: a person at the table may ask the coach (game/<game>/coach.py) for the move
    it would make, with its reasons. It counts only with a person at the table; the log
    says so in its first lines (an Event of kind "hints")."""

    def __init__(self, game: GameInfo, config: dict[str, Any], seed: int | str,
                 seats: Iterable[Seat], *, state: GameState | None = None,
                 casual: bool = False, hints: bool = False) -> None:
        self.game = game
        self.describe = game.describe
        self.seats = list(seats)
        self.seed = seed
        self.state = game.state_class(config, seed) if state is None else state
        if len(self.seats) != self.state.players:
            raise ValueError(f"{len(self.seats)} seats for {self.state.players} players")
        registry = game.bot_classes if any(not s.is_human for s in self.seats) else {}
        self.bots: dict[int, Bot] = {
            i: make_bot(seat.player if seat.player in registry else "random", i,
                        f"{seed}:{i}", registry)
            for i, seat in enumerate(self.seats) if not seat.is_human
        }
        self.log: list[Line] = []
        # per action played here: (seat, how many log entries it added)
        self.steps: list[tuple[int | None, int]] = []
        # Only a match that dealt its own game from (config, seed) can replay it from
        # its record (takeback, replay); one begun at a state (Match.at) cannot.
        self._dealt: GameState | None = self.state if state is None else None
        self.casual = bool(casual) and self.humans == 1 and len(self.seats) > 1
        self.hints = bool(hints) and self.humans >= 1 and bool(game.coach)
        self.review: Review | None = None  # the finished game's review, kept with it
        self._open()

    def _open(self) -> None:
        """The log's first entries: the casual and hints settings, what happened before
        the first decision."""
        for kind in ("casual", "hints"):
            if getattr(self, kind):
                self.log.append((Event(kind, {}), _(MATCH_LINES[kind])))
        self._note(getattr(self.state, "setup_events", []))
        self.opening = len(self.log)  # the log's entries before the first action

    @property
    def rewindable(self) -> bool:
        """True when the match can replay its game from the record: it dealt the game
        itself (not Match.at, and no state put in its place since)."""
        return self._dealt is not None and self._dealt is self.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def human_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and self.seats[seat].is_human

    @property
    def humans(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    def bot_choice(self) -> Action:
        """The computer's action for the seat to move (not yet applied)."""
        return self.bots[self.state.to_move](self.state)  # type: ignore[index]  # (not over)

    # called with the match after every action applied (the page keeps it)
    on_play: Callable[[Match], None] | None = None

    def play(self, action: Action) -> list[Line]:
        """Apply an action of the seat to move; returns the (event, line) pairs it added.
        A refused action raises RuleError and changes nothing."""
        seat = self.state.to_move
        events = self.state.apply(action)
        lines = self._note(events)
        self.steps.append((seat, len(lines)))
        if self.on_play is not None:
            self.on_play(self)
        return lines

    # --- taking back (game/core/takeback.py) -------------------------------------------
    def step_events(self) -> list[tuple[int | None, frozenset[str]]]:
        """Per action played here, in order: (seat, the kinds of the events it caused)."""
        result, start = [], self.opening
        for seat, count in self.steps:
            result.append((seat, frozenset(e.kind for e, _line in self.log[start:start + count])))
            start += count
        return result

    def takeback_count(self, person: int) -> int:
        """How many of the last actions `person` may take back now (0: none)."""
        if not self.rewindable or len(self.steps) != len(self.state.history):
            return 0  # (an action applied to the state behind the match's back)
        return takeback_count(self.step_events(), [s.is_human for s in self.seats], person,
                              self.casual, reveals=revealing(type(self.state)))

    def rewind(self, count: int) -> None:
        """Take back the last `count` actions: the game is replayed from its record
        without them (the state as `from_record(record, upto=len(history) - count)`
        gives it, the log as that replay words it). The seats and computers stay; the
        page's `on_play` hears of it as of an action, so the kept game follows."""
        if not self.rewindable:
            raise ValueError("this match began at a position: it cannot be replayed")
        history = len(self.state.history)
        if type(count) is not int or not 0 <= count <= history:
            raise ValueError(f"{count!r} actions cannot be taken back of {history}")
        record = self.state.to_record()
        state = type(self.state).from_record(record, upto=0)  # the record's own checks
        self.state, self.log, self.steps = state, [], []
        self.review = None  # (a review is of the whole game)
        self._dealt = state
        self._open()
        for raw in record["actions"][:history - count]:
            seat = state.to_move
            self.steps.append((seat, len(self._note(state.apply(Action.from_json(raw))))))
        if self.on_play is not None:
            self.on_play(self)

    def words(self, event: Event) -> str:
        """An event of the log in words, in the language spoken now ('' for an event
        that needs no line): the game's own words, or the match's for its own events."""
        if event.kind in MATCH_LINES:
            return _(MATCH_LINES[event.kind])
        return self.describe(event, self.names)

    def _note(self, events: Iterable[Event]) -> list[Line]:
        lines = [(event, self.words(event)) for event in events]
        self.log.extend(lines)
        return lines

    @classmethod
    def at(cls, game: GameInfo, state: GameState, seats: Iterable[Seat],
           seed: int | str = 0, hints: bool = False) -> Match:
        """A match that begins at `state` (a position, or a game under way); the
        computers' own chance comes from `seed`."""
        return cls(game, state.config, seed, seats, state=state, hints=hints)

    def rematch(self, seed: int | str) -> Match:
        """The same table, a new game."""
        return Match(self.game, self.state.config, seed, self.seats, casual=self.casual,
                     hints=self.hints)
