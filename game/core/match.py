"""A match: one game plus the people and computers at the table.

The page drives a Match; it holds no rule of its own. It knows who sits where (a name,
and "human" or a computer level per seat), makes the computer players, and keeps the
game log as (event, line) pairs, the words coming from the game's `describe`. The game
is given by its description (game/core/registry.py: `GameInfo`).
"""

from game.core.bots import make_bot

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")


class Seat:
    __slots__ = ("name", "player")

    def __init__(self, name: str, player: str = HUMAN):
        if player != HUMAN and player not in LEVELS:
            raise ValueError(f"a seat is played by a human or a computer level "
                             f"({', '.join(LEVELS)}), not {player!r}")
        self.name = name
        self.player = player

    @property
    def is_human(self) -> bool:
        return self.player == HUMAN

    def to_json(self) -> dict:
        return {"name": self.name, "player": self.player}


class Match:
    """`game` is a game's description (a GameInfo); `seats` its Seats in turn order."""

    def __init__(self, game, config: dict, seed, seats, *, state=None):
        self.game = game
        self.describe = game.describe
        self.seats = list(seats)
        self.seed = seed
        self.state = game.state_class(config, seed) if state is None else state
        if len(self.seats) != self.state.players:
            raise ValueError(f"{len(self.seats)} seats for {self.state.players} players")
        registry = game.bot_classes if any(not s.is_human for s in self.seats) else {}
        self.bots = {
            i: make_bot(seat.player if seat.player in registry else "random", i,
                        f"{seed}:{i}", registry)
            for i, seat in enumerate(self.seats) if not seat.is_human
        }
        self.log = []
        self._note(getattr(self.state, "setup_events", []))

    @property
    def names(self) -> list:
        return [seat.name for seat in self.seats]

    @property
    def human_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and self.seats[seat].is_human

    @property
    def humans(self) -> int:
        return sum(seat.is_human for seat in self.seats)

    def bot_choice(self):
        """The computer's action for the seat to move (not yet applied)."""
        return self.bots[self.state.to_move](self.state)

    on_play = None  # called with the match after every action applied (the page keeps it)

    def play(self, action) -> list:
        """Apply an action of the seat to move; returns the (event, line) pairs it added.
        A refused action raises RuleError and changes nothing."""
        events = self.state.apply(action)
        lines = self._note(events)
        if self.on_play is not None:
            self.on_play(self)
        return lines

    def _note(self, events) -> list:
        lines = [(event, self.describe(event, self.names)) for event in events]
        self.log.extend(lines)
        return lines

    @classmethod
    def at(cls, game, state, seats, seed=0) -> "Match":
        """A match that begins at `state` (a position, or a game under way); the
        computers' own chance comes from `seed`."""
        return cls(game, state.config, seed, seats, state=state)

    def rematch(self, seed) -> "Match":
        """The same table, a new game."""
        return Match(self.game, self.state.config, seed, self.seats)
