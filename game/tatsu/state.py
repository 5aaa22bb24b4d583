"""Tatsu's state: whose turn, the dice, the history, and what each action does.

The rules themselves are core.py's pure functions over a compact position (layout.py
explains its bytes); the state keeps one such `position` and wraps those functions
with what a game needs around them: refusing an illegal action with the rule in plain
words, the events that tell the page what happened, the history, and the seeded dice.
The accessors (stone_at, status, arena, tray, mat, dead_zone, dice_left, movable_stones,
destinations, view) speak of stones as (seat, kind). Seats: 0 = Black, 1 = White.

Actions (each names a stone, then a die; a stone is addressed by where it is), made
by game/tatsu/actions.py:
  move(segment, die, field)  Action("move", ((segment, "inner" | "outer"), die))
  enter(kind, die)           Action("enter", (("mat", kind), die)): die 1-3
  escape(segment, die)       Action("escape", ((segment, "inner"), die)): the smaller die;
                             a whole turn
  PASS                       Action("pass", ()): only when no die can be used
"""

import random
from collections.abc import Iterable
from typing import Any

from game.core.actions import Action, Event
from game.core.errors import RecordError, RuleError
from game.core.i18n import _
from game.core.limits import shown
from game.core.rng import new_rng, roll_die
from game.core.state import GameState
from game.tatsu import GAME as DESCRIPTION
from game.tatsu import core, invariants
from game.tatsu.arena import (
    BLACK,
    COLOURS,
    CORNER_KIND,
    DEFAULT_FIRST,
    ENTRY_DICE,
    ESCAPE_DIE,
    ESCAPE_TAKES_WHOLE_TURN,
    FIELDS,
    FIRST_PLAYER_OPTIONS,
    INNER,
    KIND_OF,
    KINDS,
    MAT,
    OUTER,
    SEGMENTS,
    STONE_CODE,
    STONE_OF,
    WHITE,
    passed_segments,
)
from game.tatsu.core import DIE_FACES, ENDS_TURN, ENTRY, PASS, POWER, RECRUIT, TARGET
from game.tatsu.events import REVEALING as REVEALING_EVENTS
from game.tatsu.layout import (  # ON_MAT: where the mat counts start; arena.MAT: "mat"
    ARENA,
    DEAD,
    FULL,
    TRAY,
    WON,
)
from game.tatsu.layout import (
    MAT as ON_MAT,
)
from game.tatsu.text import colour_name, dice_words, kind_word

ACTION_KINDS = ("move", "enter", "escape", "pass")
# PASSED[seat][segment][die]: the segments a move passes over, for its event.
PASSED = [[[None] + [tuple(passed_segments(seat, segment, die)) for die in DIE_FACES]
           for segment in range(SEGMENTS)] for seat in (BLACK, WHITE)]
SEAT_STONES = [[(kind, STONE_CODE[seat, kind]) for kind in KINDS] for seat in (BLACK, WHITE)]


def check_config(config: object) -> dict[str, Any]:
    """The plain config of a game, normalised; ValueError says what is wrong."""
    if not isinstance(config, dict):
        raise ValueError(  # noqa: TRY004
            _("a Tatsu config is an object, not {value}").format(value=shown(config)))
    unknown = sorted(map(str, set(config) - {"first"}))
    if unknown:
        raise ValueError(_("unknown Tatsu option(s): {options} (the only option is "
                           "'first')").format(options=", ".join(unknown)))
    first = config.get("first", DEFAULT_FIRST)
    if first not in FIRST_PLAYER_OPTIONS:
        raise ValueError(_("'first' must be one of {options}, not {value}").format(
            options=", ".join(FIRST_PLAYER_OPTIONS), value=shown(first)))
    return {"first": first}


class TatsuState(GameState):
    GAME = DESCRIPTION.key  # "tatsu"
    FORMAT_VERSION = 1
    # The events that bring new information (game/core/takeback.py): an action that
    # caused one cannot be taken back. Declared with the kinds (game/tatsu/events.py).
    REVEALING = REVEALING_EVENTS

    def __init__(self, config: dict[str, Any], seed: object) -> None:
        self.config = check_config(config)
        self.players = 2
        self.rng = new_rng(seed)
        self.seed = seed
        self.history = []
        self.turn = 0
        self.position = core.start()  # the arena, trays, mats, dead zones (layout.py)
        self.current: int | None = None  # the seat to move; None once the game is over
        self.rolled: tuple[int, ...] = ()  # this turn's two dice
        self.dice: list[int] = []  # the dice not yet used this turn
        self.reason = None  # why the game ended: the game_over event's reason code
        self.built_from_position = False
        self._legal: list[Action] | None = None  # legal_actions(), cached; cleared by any change
        self._rng_state: tuple[Any, ...] | None = None  # rng.getstate() for clone(); rolls clear it
        events: list[Event] = []
        self._begin_turn(self._first_player(events), events)
        self.setup_events = events  # what happened before the first decision

    # --- turn structure ---------------------------------------------------------------
    def _first_player(self, events: list[Event]) -> int:
        first = self.config["first"]
        if first != "roll":
            return COLOURS.index(first)
        while True:  # D5: each rolls a die, higher starts, ties roll again
            black, white = roll_die(self.rng), roll_die(self.rng)
            events.append(Event("first_roll", {"black": black, "white": white}))
            if black != white:
                return BLACK if black > white else WHITE

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn += 1
        self.current = seat
        self.rolled = (roll_die(self.rng), roll_die(self.rng))
        self.dice = list(self.rolled)
        self._legal = None
        self._rng_state = None
        events.append(Event("turn", {"turn": self.turn, "seat": seat,
                                     "player": COLOURS[seat]}))
        events.append(Event("dice", {"seat": seat, "dice": list(self.rolled)}))

    # --- GameState interface ----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.current

    @property
    def mover(self) -> int:
        """The seat to move while the game goes on: `current`, typed as it is then (it
        is None only once the game is over, when this raises RuleError as apply does)."""
        current = self.current
        if current is None:
            raise RuleError("end of the game", _("the game is over: no more actions"))
        return current

    @property
    def decision(self) -> str | None:
        """'move', or 'pass' when no die can be used (an escape may still be offered)."""
        if self.current is None:
            return None
        return "pass" if PASS in self._legal_list() else "move"

    @property
    def winner(self) -> int | None:
        """The seat that won by a landing, or None."""
        won = self.position[WON]
        return won - 1 if won else None

    @property
    def winners(self) -> tuple[int, ...]:
        winner = self.winner
        return () if winner is None else (winner,)

    @property
    def used(self) -> int:
        """How many dice have been used this turn."""
        return len(self.rolled) - len(self.dice)

    def legal_actions(self) -> list[Action]:
        return list(self._legal_list())

    def _legal_list(self) -> list[Action]:
        if self._legal is None:
            self._legal = ([] if self.current is None else
                           core.legal_moves(self.position, self.current, self.dice, not self.used))
        return self._legal

    def _offered(self, action: object) -> bool:
        # a short list, searched by identity (not equality)
        for legal in self._legal or ():  # noqa: SIM110 -- a hot path: no generator
            if legal is action:
                return True
        return False

    # --- applying an action -----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._check(action)
        seat = self.mover
        events: list[Event] = []
        if action.kind == "pass":
            events.append(Event("pass", {"seat": seat, "player": COLOURS[seat],
                                         "dice": list(self.rolled)}))
            self._begin_turn(1 - seat, events)
            return events
        before = self.position
        after = self.position = core.play(before, seat, action)
        self.dice.remove(action.args[1])
        self._legal = None
        self._tell(seat, action, before, after, events)
        if after[WON]:
            self._end(after[WON] - 1, events)
            return events
        if action.kind in ENDS_TURN:  # D4: an escape takes a whole turn
            self._forfeit(action.kind, events)
        if self.dice:
            moves = core.legal_moves(after, seat, self.dice, False)
            if moves:
                self._legal = moves
                return events
            self._forfeit("unusable", events)  # a fixed reading (arena.py)
        self._begin_turn(1 - seat, events)
        return events

    def _forfeit(self, reason: str, events: list[Event]) -> None:
        for die in self.dice:
            events.append(Event("forfeit", {"seat": self.current, "die": die,
                                            "reason": reason}))
        self.dice = []

    def _end(self, winner: int, events: list[Event]) -> None:
        self.reason, self.current = self.win_reason(winner), None
        self.dice = []
        self._legal = None
        events.append(Event("game_over", {"winners": [winner], "reason": self.reason}))

    def _tell(self, seat: int, action: Action, before: bytearray, after: bytearray,
              events: list[Event]) -> None:
        """The events of a move, an entry or an escape, read off the positions before
        and after it: core.play decided what happens, this only says it, in the order
        it happened (the stone goes, then its landing: a hold or power, a recruit)."""
        kind = action.kind
        (where, what), die = action.args
        if kind == "enter":
            code, target = STONE_CODE[seat, what], ENTRY[seat][die]
        else:
            code = before[where] >> 3 if what == OUTER else before[where] & 7
            target = TARGET[seat][where][die]
        stone = KIND_OF[code]
        lands = [target, OUTER if after[target] >> 3 == code else INNER]
        if kind == "enter":
            events.append(Event("enter", {
                "seat": seat, "player": COLOURS[seat], "stone": stone, "from": [MAT, what],
                "to": lands, "die": die, "entry": die}))
        else:
            events.append(Event(kind, {
                "seat": seat, "player": COLOURS[seat], "stone": stone, "from": [where, what],
                "to": lands, "die": die, "passed": list(PASSED[seat][where][die])}))
        if kind == "move" and what == OUTER and before[where] & 7:
            left = before[where] & 7
            events.append(Event("release", {
                "segment": where, "seat": left >> 2, "stone": KIND_OF[left],
                "was": "held" if left >> 2 == seat else "entangled"}))
        elif kind == "escape":
            vine = before[where] >> 3
            events.append(Event("settle", {"segment": where, "seat": vine >> 2,
                                           "stone": KIND_OF[vine], "from": OUTER,
                                           "to": INNER}))
        there = before[target]
        if there and there >> 2 == seat:
            events.append(Event("hold", {"segment": target, "seat": seat, "stone": stone,
                                         "held": KIND_OF[there]}))
        elif there:
            gone = ("tray" if after[TRAY + there] > before[TRAY + there] else
                    "dead zone" if after[DEAD + there] > before[DEAD + there] else None)
            events.append(Event("power", {
                "power": POWER[code], "segment": target, "seat": seat, "stone": stone,
                "victim_seat": there >> 2, "victim": KIND_OF[there], "victim_to": gone}))
        recruit = RECRUIT[seat][target]
        if recruit and after[TRAY + recruit] < before[TRAY + recruit]:
            events.append(Event("recruit", {"segment": target, "seat": seat,
                                            "stone": KIND_OF[recruit]}))

    # --- the end of the game (D6, decided by core.py) ---------------------------------
    def win_reason(self, seat: int) -> str | None:
        """Why `seat` has won by D6 in the present position, as a reason code (the
        game_over event's `reason`, worded by text.end_words), or None."""
        rival = 1 - seat
        kind = core.wiped_out(self.position, rival)
        if kind is not None:
            return f"destroyed all {kind} dragons"
        if not core.in_battle(self.position, rival):
            return "no stone left in battle"
        return None

    def in_battle(self, seat: int) -> bool:
        """Whether `seat` has a stone in the arena or on the mat (D6)."""
        return core.in_battle(self.position, seat)

    # --- refusing illegal actions with the rule in plain words ------------------------
    def _check(self, action: Action) -> None:
        """Raise RuleError unless `action` is legal now. Changes nothing. (GameState.apply
        has already refused anything but whole numbers, texts and tuples, so an action
        equal to a legal one is exactly that action.)"""
        if action in self._legal_list():
            return
        self._check_shape(action)
        kind = action.kind
        if kind == "pass":
            raise RuleError("using the dice", _("a die can be used, so it must be: you may "
                                                "pass only when no die can be used"))
        stone, die = action.args
        self._check_die(kind, die)
        if kind == "enter":
            target = self._check_entering(stone[1], die)
        else:
            target = self._check_stone(kind, stone, die)
        if self.position[target] >= FULL:
            raise RuleError("moving", _("segment {segment} already holds two stones").format(
                segment=target))
        raise RuleError("action", _("{action} is not allowed now").format(action=action))

    def _check_die(self, kind: str, die: int) -> None:
        if kind == "escape" and self.used and ESCAPE_TAKES_WHOLE_TURN:
            raise RuleError("escaping", _("escaping takes a whole turn, and a die has "
                                          "already been used this turn"))
        if die not in self.dice:
            raise RuleError("using the dice", _("no die of {die} is left this turn (dice "
                                                "left: {left})").format(
                die=die, left=dice_words(self.dice)))

    def _check_entering(self, kind: str, die: int) -> int:
        """The segment a stone of `kind` entering with `die` lands on, if it may enter."""
        if die not in ENTRY_DICE:
            raise RuleError("entering", _("a {die} cannot enter the arena: only a 1, 2 "
                                          "or 3 can").format(die=die))
        seat = self.mover
        if not self.position[ON_MAT + STONE_CODE[seat, kind]]:
            raise RuleError("entering", _("there is no {kind} dragon on your mat").format(
                kind=kind_word(kind)))
        return ENTRY[seat][die]

    def _check_stone(self, kind: str, stone: tuple[int, str], die: int) -> int:
        """The segment the stone at `stone` lands on, moved or escaping (`kind`) by `die`,
        if the seat to move may move it so."""
        seat = self.mover
        segment, field = stone
        byte = self.position[segment]
        code = byte & 7 if field == INNER else byte >> 3
        if not code:
            if field == INNER:
                empty = _("there is no stone on the inner field of segment {segment}")
            else:
                empty = _("there is no stone on the outer field of segment {segment}")
            raise RuleError("moving", empty.format(segment=segment))
        if code >> 2 != seat:
            raise RuleError("turn order", _("that stone is {other}'s, and it is "
                                            "{colour}'s turn").format(
                colour=colour_name(seat), other=colour_name(1 - seat)))
        top = byte >> 3 if field == INNER else 0
        if kind == "move" and top:
            if top >> 2 == seat:
                raise RuleError("holding", _("that stone is held by your stone above "
                                             "it: it is free once that stone moves away"))
            raise RuleError("entangling", _("that stone is entangled: it can only "
                                            "escape, and escaping takes a whole turn"))
        if kind == "escape":
            self._check_escape(top, die)
        return TARGET[seat][segment][die]

    def _check_escape(self, top: int, die: int) -> None:
        if not top or top >> 2 == self.current:
            raise RuleError("escaping", _("that stone is not entangled: only a stone "
                                          "entangled by an opposing vine can escape"))
        if die != core.escape_die(self.dice):
            if ESCAPE_DIE == "smaller":
                which = _("an escape moves by the smaller die, {die}")
            else:
                which = _("an escape moves by the larger die, {die}")
            raise RuleError("escaping", which.format(die=core.escape_die(self.dice)))

    def _check_shape(self, action: Action) -> None:
        kind, args = action.kind, action.args
        if kind not in ACTION_KINDS:
            raise RuleError("action", _("Tatsu has no action {kind} (only {kinds})").format(
                kind=repr(kind), kinds=", ".join(ACTION_KINDS)))
        if kind == "pass":
            if args != ():
                raise RuleError("action", _("a pass names nothing"))
            return
        if type(args) is not tuple or len(args) != 2:
            raise RuleError("action", _("{kind} names a stone and a die").format(kind=kind))
        stone, die = args
        if type(die) is not int or die not in DIE_FACES:
            raise RuleError("action", _("a die shows 1 to 6, not {die}").format(die=repr(die)))
        if type(stone) is not tuple or len(stone) != 2:
            raise RuleError("action", _("a stone is addressed as (segment, field) or ('mat', "
                                        "kind), not {stone}").format(stone=repr(stone)))
        if kind == "enter":
            if stone[0] != MAT or stone[1] not in KINDS:
                raise RuleError("entering", _("only a stone on the mat enters, addressed as "
                                              "('mat', kind), not {stone}").format(
                    stone=repr(stone)))
        elif (type(stone[0]) is not int or not 0 <= stone[0] < SEGMENTS
              or stone[1] not in FIELDS):
            raise RuleError("action", _("a stone in the arena is addressed as (segment 0-23, "
                                        "'inner' or 'outer'), not {stone}").format(
                stone=repr(stone)))

    # --- what a page needs to draw and to highlight -----------------------------------
    def stone_at(self, segment: int, field: str) -> tuple[int, str] | None:
        """The stone (seat, kind) on that field, or None."""
        byte = self.position[segment]
        return STONE_OF.get(byte & 7 if field == INNER else byte >> 3)

    def status(self, segment: int, field: str) -> str | None:
        """'free', 'held', 'entangled' or None (no stone there)."""
        byte = self.position[segment]
        inner, outer = byte & 7, byte >> 3
        if not (inner if field == INNER else outer):
            return None
        if field == OUTER or not outer:
            return "free"
        return "held" if outer >> 2 == inner >> 2 else "entangled"

    def tray(self, seat: int) -> dict[str, int]:
        """{kind: count} of `seat`'s stones in its tray."""
        return {kind: self.position[TRAY + code] for kind, code in SEAT_STONES[seat]}

    def mat(self, seat: int) -> dict[str, int]:
        """{kind: count} of `seat`'s stones on its mat."""
        return {kind: self.position[ON_MAT + code] for kind, code in SEAT_STONES[seat]}

    def dead_zone(self, seat: int) -> dict[str, int]:
        """{kind: count} of the opponent's stones that `seat` destroyed."""
        return {kind: self.position[DEAD + code] for kind, code in SEAT_STONES[1 - seat]}

    @property
    def dice_left(self) -> tuple[int, ...]:
        return tuple(self.dice)

    def movable_stones(self) -> list[tuple[int | str, str]]:
        """The addresses of the stones the seat to move may pick now (an entangled
        stone appears here when it may escape)."""
        seen: list[tuple[int | str, str]] = []
        for action in self._legal_list():
            if action.args and action.args[0] not in seen:
                seen.append(action.args[0])
        return seen

    def stone_refusal(self, stone: Iterable[object]) -> RuleError | None:
        """Why the seat to move may not pick this stone now, as the RuleError that moving
        it with each die left would raise (None when it may be picked): another
        player's stone, a held or entangled one, or no die that fits."""
        stone = tuple(stone)
        if self.current is None:
            return RuleError("turn order", _("the game is over"))
        if stone in self.movable_stones():
            return None
        kind = "enter" if stone[:1] == (MAT,) else "move"
        refusals: list[tuple[int, RuleError]] = []
        for die in sorted(set(self.dice)):
            try:
                self._check(Action(kind, (stone, die)))
            except RuleError as refusal:
                refusals.append((die, refusal))
        if not refusals:
            return RuleError("using the dice", _("no die is left this turn"))
        plains = {refusal.plain for _die, refusal in refusals}
        if len(plains) == 1:
            return refusals[0][1]
        reasons = "; ".join(_("with the {die}, {refusal}").format(die=die, refusal=refusal.plain)
                            for die, refusal in refusals)
        return RuleError(refusals[0][1].rule,
                         _("no die left fits that stone: {reasons}").format(reasons=reasons))

    def destinations(self, stone: Iterable[object]) -> list[tuple[Action, int]]:
        """[(action, target segment)] for one stone address, for highlighting."""
        stone = tuple(stone)
        return [(action, core.landing_segment(self.mover, action))
                for action in self._legal_list() if action.args and action.args[0] == stone]

    def arena(self) -> list[dict[str, Any]]:
        """One row per segment: its number, corner kind and both fields' stones."""
        rows = []
        for segment in range(SEGMENTS):
            row: dict[str, Any] = {"segment": segment, "corner": CORNER_KIND.get(segment)}
            for field in FIELDS:
                stone = self.stone_at(segment, field)
                row[field] = None if stone is None else {
                    "seat": stone[0], "player": COLOURS[stone[0]], "kind": stone[1],
                    "status": self.status(segment, field)}
            rows.append(row)
        return rows

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` sees: everything but the future dice (Tatsu hides nothing else)."""
        if seat not in (BLACK, WHITE):
            raise ValueError(f"Tatsu's seats are 0 (Black) and 1 (White), not {seat!r}")
        return {
            "game": self.GAME, "seat": seat, "player": COLOURS[seat], "turn": self.turn,
            "to_move": self.current, "decision": self.decision,
            "dice": list(self.rolled), "dice_left": list(self.dice),
            "arena": self.arena(),
            "trays": [self.tray(s) for s in (BLACK, WHITE)],
            "mats": [self.mat(s) for s in (BLACK, WHITE)],
            "dead": [self.dead_zone(s) for s in (BLACK, WHITE)],
            "winners": list(self.winners), "reason": self.reason,
            "legal": ([a.to_json() for a in self._legal_list()]
                      if self.current == seat else []),
        }

    # --- equality, copies, checks -----------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "config": dict(self.config), "seed": self.seed, "turn": self.turn,
            "current": self.current, "rolled": list(self.rolled), "dice": list(self.dice),
            "arena": [[self.stone_at(s, INNER), self.stone_at(s, OUTER)]
                      for s in range(SEGMENTS)],
            "in_arena": list(self.position[ARENA:WON]),
            "trays": [self.tray(s) for s in (BLACK, WHITE)],
            "mats": [self.mat(s) for s in (BLACK, WHITE)],
            "dead": [self.dead_zone(s) for s in (BLACK, WHITE)],
            "winner": self.winner, "reason": self.reason,
            "history": [a.to_json() for a in self.history],
            "rng": [version, list(internal), gauss],
        }

    def clone(self, rng: random.Random | None = None) -> "TatsuState":
        """An independent copy, cheap enough for bot playouts. With `rng`, the copy's
        future dice come from that generator instead (a bot must not know the real ones)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.config = dict(self.config)
        new.history = list(self.history)
        new.position = self.position[:]
        new.dice = list(self.dice)
        if self._legal is not None:
            new._legal = list(self._legal)
        if rng is not None:
            new.rng = rng
            new._rng_state = None
        else:
            if self._rng_state is None:
                self._rng_state = self.rng.getstate()
            new.rng = random.Random.__new__(random.Random)
            new.rng.setstate(self._rng_state)
        return new

    def to_record(self) -> dict[str, Any]:
        if self.built_from_position:
            raise RecordError(_("a position built with from_position has no game record"))
        return super().to_record()

    # What is wrong with this state (empty when all is well): Tatsu's invariants,
    # game/tatsu/invariants.py, which a position is refused by too. (The function
    # itself, as the method: the simulator calls it after every action.)
    problems = invariants.problems

    # --- positions (game/tatsu/position.py; docs/rules-tatsu.md, "Positions") ---------
    def to_position(self) -> dict[str, Any]:
        """This moment as a position: plain JSON that from_position turns back into an
        equal state (position.comparable says what equal means)."""
        from game.tatsu.position import from_state

        return from_state(self)

    @classmethod
    def from_position(cls, position: dict[str, Any] | str) -> "TatsuState":
        """The state at `position`: its JSON (a dict or JSON text) or its text form. An
        impossible position raises PositionError naming the field and the rule. The
        state has no history, so it cannot be saved as a record (RecordError)."""
        from game.tatsu.position import build

        return build(cls, position)
