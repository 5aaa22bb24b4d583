"""Tatsu's state and rules: whose turn, the dice, every stone, and what each action does.

Seats: 0 = Black, 1 = White. The arena is `segments`, one byte per segment holding its
inner and outer stone (layout.py explains the encoding); a segment's outer field is
only ever taken when its inner one is. `trays`, `mats` and `dead` are bytearrays
indexed by stone code: how many of that stone are in its owner's tray, on its owner's
mat, or destroyed (lying in the opponent's dead zone).
The accessors (stone_at, status, arena, tray, mat, dead_zone, dice_left, movable_stones,
destinations, view) speak of stones as (seat, kind).

Actions (each names a stone, then a die; a stone is addressed by where it is):
  Action("move",   ((segment, "inner" | "outer"), die))
  Action("enter",  (("mat", kind), die))           die 1-3
  Action("escape", ((segment, "inner"), die))       die = the smaller one; a whole turn
  Action("pass",   ())                              only when no die can be used
"""

import random
from operator import eq, itemgetter

from game.core.actions import Action, Event
from game.core.errors import RecordError, RuleError
from game.core.rng import new_rng, roll_die
from game.core.state import GameState
from game.tatsu.arena import (
    BLACK, COLOUR_NAMES, COLOURS, CORNER_KIND, DEFAULT_FIRST, ENTRY_DICE, ENTRY_SEGMENTS,
    ESCAPE_IS_OPTIONAL, ESCAPE_TAKES_WHOLE_TURN, FIELDS, FIRST_PLAYER_OPTIONS, INNER,
    KIND_OF, KINDS, MAT, MOVER_WINS_TIES, OUTER, POWERS, SEGMENTS, START_ARENA_KIND,
    START_TRAY, STONE_CODE, STONE_OF, STONES_PER_KIND, WHITE, passed_segments,
    target_segment,
)
from game.tatsu.layout import (
    BAD_SEGMENT, COUNT_WEIGHT, ENTANGLED, FULL, MOVABLE, MOVABLE_INNER, MOVABLE_OUTER,
    SEAT_CODES, marked, slot_weight,
)

PASS = Action("pass", ())
ACTION_KINDS = ("move", "enter", "escape", "pass")
DIE_FACES = (1, 2, 3, 4, 5, 6)
VINE = "vine"
# Tables made once, so that listing the legal actions builds nothing new.
TARGETS = [[[None] + [target_segment(seat, segment, die) for die in DIE_FACES]
            for segment in range(SEGMENTS)] for seat in (BLACK, WHITE)]
PASSED = [[[None] + [tuple(passed_segments(seat, segment, die)) for die in DIE_FACES]
           for segment in range(SEGMENTS)] for seat in (BLACK, WHITE)]
MOVE_ACTIONS = [{field: [None] + [Action("move", ((segment, field), die)) for die in DIE_FACES]
                 for field in FIELDS} for segment in range(SEGMENTS)]
ENTER_ACTIONS = {kind: {die: Action("enter", ((MAT, kind), die)) for die in ENTRY_DICE}
                 for kind in KINDS}
STONE_TOTALS = [STONES_PER_KIND[kind] for kind in KINDS]
SEAT_STONES = [[(kind, STONE_CODE[seat, kind]) for kind in KINDS] for seat in (BLACK, WHITE)]
# D7 packed (layout.py): every stone of both players, one slot per stone code.
ALL_STONES = sum(count * slot_weight(STONE_CODE[seat, kind]) for seat in (BLACK, WHITE)
                 for kind, count in STONES_PER_KIND.items())
# The `dead` counts at which a kind is wiped out (D6); 255 never matches the non-codes.
WIPED_OUT = bytes(STONES_PER_KIND[KIND_OF[code]] if code in STONE_OF else 255
                  for code in range(8))
OVER_7 = int.from_bytes(bytes([0xF8] * 8), "little")  # packed counts: any slot above 7
VALID_DICE = {(rolled, left) for rolled in ((a, b) for a in DIE_FACES for b in DIE_FACES)
              for left in ((), (rolled[0],), (rolled[1],), rolled, rolled[::-1])}


def check_config(config) -> dict:
    """The plain config of a game, normalised; ValueError says what is wrong."""
    if not isinstance(config, dict):
        raise ValueError(f"a Tatsu config is an object, not {config!r}")  # noqa: TRY004
    unknown = sorted(map(str, set(config) - {"first"}))
    if unknown:
        raise ValueError(f"unknown Tatsu option(s): {', '.join(unknown)} "
                         "(the only option is 'first')")
    first = config.get("first", DEFAULT_FIRST)
    if first not in FIRST_PLAYER_OPTIONS:
        raise ValueError(f"'first' must be one of {', '.join(FIRST_PLAYER_OPTIONS)}, "
                         f"not {first!r}")
    return {"first": first}


class TatsuState(GameState):
    GAME = "tatsu"
    FORMAT_VERSION = 1

    def __init__(self, config: dict, seed):
        self.config = check_config(config)
        self.players = 2
        self.rng = new_rng(seed)
        self.seed = seed
        self.history = []
        self.turn = 0
        self.segments = bytearray(SEGMENTS)
        for seat in (BLACK, WHITE):  # B: three vines on the entry segments
            for segment in ENTRY_SEGMENTS[seat].values():
                self.segments[segment] = STONE_CODE[seat, START_ARENA_KIND]
        self.in_arena = [len(ENTRY_SEGMENTS[BLACK]), len(ENTRY_SEGMENTS[WHITE])]
        self.trays = bytearray(8)  # by stone code, see the top of this file
        self.mats = bytearray(8)
        self.dead = bytearray(8)
        for seat in (BLACK, WHITE):
            for kind, count in START_TRAY.items():
                self.trays[STONE_CODE[seat, kind]] = count
        self.current = None  # the seat to move; None once the game is over
        self.rolled = ()  # this turn's two dice
        self.dice = []  # the dice not yet used this turn
        self.winner = None
        self.reason = None
        self.built_from_position = False
        self._legal = None  # cache of legal_actions(); cleared by every change
        self._rng_state = None  # cache of rng.getstate() for clone(); cleared by rolls
        events = []
        self._begin_turn(self._first_player(events), events)
        self.setup_events = events  # what happened before the first decision

    # --- turn structure ---------------------------------------------------------------
    def _first_player(self, events) -> int:
        first = self.config["first"]
        if first != "roll":
            return COLOURS.index(first)
        while True:  # D5: each rolls a die, higher starts, ties roll again
            black, white = roll_die(self.rng), roll_die(self.rng)
            events.append(Event("first_roll", {"black": black, "white": white}))
            if black != white:
                return BLACK if black > white else WHITE

    def _begin_turn(self, seat: int, events) -> None:
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
    def to_move(self):
        return self.current

    @property
    def decision(self):
        """'move', or 'pass' when no die can be used (an escape may still be offered)."""
        if self.current is None:
            return None
        return "pass" if PASS in self._legal_list() else "move"

    @property
    def winners(self) -> tuple:
        return () if self.winner is None else (self.winner,)

    @property
    def used(self) -> int:
        """How many dice have been used this turn."""
        return len(self.rolled) - len(self.dice)

    def legal_actions(self) -> list:
        return list(self._legal_list())

    def _legal_list(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list:
        seat = self.current
        if seat is None:
            return []
        actions = self._normal_moves(seat, self.dice)
        if self.used == 0 or not ESCAPE_TAKES_WHOLE_TURN:
            escapes = self._escapes(seat)
            if not actions and (ESCAPE_IS_OPTIONAL or not escapes):
                actions.append(PASS)
            actions.extend(escapes)
        return actions

    def _normal_moves(self, seat: int, dice) -> list:
        """Every move and entry `seat` can make with one of `dice`. A held or entangled
        stone (the inner one of a full segment) cannot be chosen (D4)."""
        segments = self.segments
        values = dice if len(dice) == 1 or dice[0] < dice[1] else sorted(set(dice))
        targets = TARGETS[seat]
        actions = []
        marks = segments.translate(MOVABLE[seat])
        for field, mark in ((INNER, MOVABLE_INNER), (OUTER, MOVABLE_OUTER)):
            segment = marks.find(mark)
            while segment >= 0:
                reach, moves = targets[segment], MOVE_ACTIONS[segment][field]
                for die in values:
                    if segments[reach[die]] < FULL:
                        actions.append(moves[die])
                segment = marks.find(mark, segment + 1)
        mats = self.mats
        entries = ENTRY_SEGMENTS[seat]
        for kind, code in SEAT_STONES[seat]:
            if mats[code]:
                for die in values:
                    if die in entries and segments[entries[die]] < FULL:
                        actions.append(ENTER_ACTIONS[kind][die])
        return actions

    def _escapes(self, seat: int) -> list:
        segments = self.segments
        if 1 not in segments.translate(ENTANGLED[seat]):
            return []  # the usual case: no stone of `seat` is entangled
        die = min(self.rolled)  # ESCAPE_DIE: the smaller die
        targets = TARGETS[seat]
        return [Action("escape", ((segment, INNER), die))
                for segment in marked(segments, ENTANGLED[seat])
                if segments[targets[segment][die]] < FULL]

    # --- applying an action -----------------------------------------------------------
    def _apply(self, action: Action) -> list:
        self._check(action)
        seat = self.current
        kind = action.kind
        events = []
        if kind == "pass":
            events.append(Event("pass", {"seat": seat, "player": COLOURS[seat],
                                         "dice": list(self.rolled)}))
            self._begin_turn(1 - seat, events)
            return events
        stone, die = action.args
        self.dice.remove(die)
        self._legal = None
        if kind == "move":
            self._move(seat, stone[0], stone[1], die, events)
        elif kind == "enter":
            self._enter(seat, stone[1], die, events)
        else:
            self._escape(seat, stone[0], die, events)
        if self.current is None:  # the game ended at that landing
            return events
        if kind == "escape" and ESCAPE_TAKES_WHOLE_TURN:  # D4: the other die is spent
            self._forfeit("escape", events)
        if self.dice:
            moves = self._normal_moves(seat, self.dice)
            if moves:
                self._legal = moves
                return events
            self._forfeit("unusable", events)  # AUTO_FORFEIT_SECOND_DIE
        self._begin_turn(1 - seat, events)
        return events

    def _forfeit(self, reason: str, events) -> None:
        for die in self.dice:
            events.append(Event("forfeit", {"seat": self.current, "die": die,
                                            "reason": reason}))
        self.dice = []

    def _move(self, seat, segment, field, die, events) -> None:
        byte = self.segments[segment]
        if field == OUTER:
            code, left = byte >> 3, byte & 7  # `left` was held or entangled: now free
        else:
            code, left = byte, 0  # a lone stone
        self.segments[segment] = left
        target = TARGETS[seat][segment][die]
        events.append(Event("move", {
            "seat": seat, "player": COLOURS[seat], "stone": KIND_OF[code],
            "from": [segment, field], "to": [target, self._landing_field(code, target)],
            "die": die, "passed": list(PASSED[seat][segment][die])}))
        if left:
            events.append(Event("release", {
                "segment": segment, "seat": left >> 2, "stone": KIND_OF[left],
                "was": "held" if left >> 2 == seat else "entangled"}))
        self._land(code, target, events)

    def _enter(self, seat, kind, die, events) -> None:
        code = STONE_CODE[seat, kind]
        self.mats[code] -= 1
        self.in_arena[seat] += 1
        target = ENTRY_SEGMENTS[seat][die]
        events.append(Event("enter", {
            "seat": seat, "player": COLOURS[seat], "stone": kind, "from": [MAT, kind],
            "to": [target, self._landing_field(code, target)], "die": die, "entry": die}))
        self._land(code, target, events)

    def _escape(self, seat, segment, die, events) -> None:
        byte = self.segments[segment]
        code, vine = byte & 7, byte >> 3
        target = TARGETS[seat][segment][die]
        events.append(Event("escape", {
            "seat": seat, "player": COLOURS[seat], "stone": KIND_OF[code],
            "from": [segment, INNER], "to": [target, self._landing_field(code, target)],
            "die": die, "passed": list(PASSED[seat][segment][die])}))
        self.segments[segment] = vine  # the entangling vine moves to the inner field
        events.append(Event("settle", {"segment": segment, "seat": vine >> 2,
                                       "stone": KIND_OF[vine], "from": OUTER, "to": INNER}))
        self._land(code, target, events)

    def _landing_field(self, code: int, target: int) -> str:
        """The field a stone will end on at `target` (known not to be full)."""
        there = self.segments[target]
        if not there:
            return INNER
        if there >> 2 == code >> 2 or KIND_OF[code] == VINE:
            return OUTER
        return INNER  # water and fire remove the victim and take its place

    def _land(self, code: int, target: int, events) -> None:
        """A full landing (D3, LANDING_ORDER): the power or holding, then recruiting,
        then the end-of-game check (D6). The target holds at most one stone."""
        seat, kind = code >> 2, KIND_OF[code]
        there = self.segments[target]
        if not there:
            self.segments[target] = code
        elif there >> 2 == seat:
            self.segments[target] = there + 8 * code
            events.append(Event("hold", {"segment": target, "seat": seat, "stone": kind,
                                         "held": KIND_OF[there]}))
        else:
            victim_seat, victim = there >> 2, KIND_OF[there]
            power = POWERS[kind]
            if power == "entangle":
                self.segments[target] = there + 8 * code
                where = None
            else:
                self.segments[target] = code
                self.in_arena[victim_seat] -= 1
                if power == "expel":
                    self.trays[there] += 1
                    where = "tray"
                else:
                    self.dead[there] += 1
                    where = "dead zone"
            events.append(Event("power", {
                "power": power, "segment": target, "seat": seat, "stone": kind,
                "victim_seat": victim_seat, "victim": victim, "victim_to": where}))
        corner = CORNER_KIND.get(target)
        if corner is not None and self.trays[STONE_CODE[seat, corner]]:
            recruit = STONE_CODE[seat, corner]  # RECRUIT_ON_ANY_FIELD
            self.trays[recruit] -= 1
            self.mats[recruit] += 1
            events.append(Event("recruit", {"segment": target, "seat": seat,
                                            "stone": corner}))
        self._check_end(seat, events)

    # --- the end of the game (D6) -----------------------------------------------------
    def win_reason(self, seat: int):
        """Why `seat` has won by D6 in the present position, or None."""
        rival = 1 - seat
        if any(map(eq, self.dead[SEAT_CODES[rival]], STONE_TOTALS)):
            kind = next(k for k, code in SEAT_STONES[rival]
                        if self.dead[code] == STONES_PER_KIND[k])
            return (f"{COLOUR_NAMES[seat]} destroyed all {COLOUR_NAMES[rival]}'s "
                    f"{kind} dragons")
        if not self.in_arena[rival] and not any(self.mats[SEAT_CODES[rival]]):
            return f"{COLOUR_NAMES[rival]} has no stone left in the arena or on the mat"
        return None

    def in_battle(self, seat: int) -> bool:
        """Whether `seat` has a stone in the arena or on the mat (D6)."""
        return bool(self.in_arena[seat] or any(self.mats[SEAT_CODES[seat]]))

    def nobody_has_won(self) -> bool:
        """The quick D6 test of the usual case: both players have a stone in the arena
        and no kind of stone has been destroyed to the last one."""
        return bool(self.in_arena[BLACK] and self.in_arena[WHITE]
                    and not any(map(eq, self.dead, WIPED_OUT)))

    def _check_end(self, mover: int, events) -> None:
        if self.nobody_has_won():
            return
        order = (mover, 1 - mover) if MOVER_WINS_TIES else (1 - mover, mover)
        for seat in order:
            reason = self.win_reason(seat)
            if reason is not None:
                self.winner, self.reason, self.current = seat, reason, None
                self.dice = []
                self._legal = None
                events.append(Event("game_over", {"winner": seat, "player": COLOURS[seat],
                                                  "reason": reason}))
                return

    # --- refusing illegal actions with the rule in plain words ------------------------
    def _check(self, action: Action) -> None:
        """Raise RuleError unless `action` is legal now. Changes nothing. (The shared core
        has already refused anything but whole numbers, texts and tuples, so an action
        equal to a legal one is exactly that action.)"""
        if action in self._legal_list():
            return
        self._check_shape(action)
        seat = self.current
        kind = action.kind
        if kind == "pass":
            raise RuleError("using the dice", "a die can be used, so it must be: "
                                              "you may pass only when no die can be used")
        stone, die = action.args
        if kind == "escape" and self.used and ESCAPE_TAKES_WHOLE_TURN:
            raise RuleError("escaping", "escaping takes a whole turn, "
                                        "and a die has already been used this turn")
        if die not in self.dice:
            left = " and ".join(map(str, self.dice))
            raise RuleError("using the dice", f"no die of {die} is left this turn "
                                              f"(dice left: {left})")
        if kind == "enter":
            if die not in ENTRY_DICE:
                raise RuleError("entering", f"a {die} cannot enter the arena: "
                                            "only a 1, 2 or 3 can")
            if not self.mats[STONE_CODE[seat, stone[1]]]:
                raise RuleError("entering", f"there is no {stone[1]} dragon on your mat")
            target = ENTRY_SEGMENTS[seat][die]
        else:
            segment, field = stone
            byte = self.segments[segment]
            code = byte & 7 if field == INNER else byte >> 3
            if not code:
                raise RuleError("moving", f"there is no stone on the {field} field "
                                          f"of segment {segment}")
            if code >> 2 != seat:
                raise RuleError("turn order", f"it is {COLOUR_NAMES[seat]}'s turn: "
                                              f"that stone is {COLOUR_NAMES[1 - seat]}'s")
            top = byte >> 3 if field == INNER else 0
            if kind == "move" and top:
                if top >> 2 == seat:
                    raise RuleError("holding", "that stone is held by your stone above it: "
                                               "it is free once that stone moves away")
                raise RuleError("entangling", "that stone is entangled: it can only escape, "
                                              "and escaping takes a whole turn")
            if kind == "escape":
                if not top or top >> 2 == seat:
                    raise RuleError("escaping", "that stone is not entangled: only a stone "
                                                "entangled by an opposing vine can escape")
                if die != min(self.rolled):
                    raise RuleError("escaping", f"an escape moves by the smaller die, "
                                                f"{min(self.rolled)}")
            target = TARGETS[seat][segment][die]
        if self.segments[target] >= FULL:
            raise RuleError("moving", f"segment {target} already holds two stones")
        raise RuleError("action", f"{action} is not allowed now")

    def _check_shape(self, action: Action) -> None:
        kind, args = action.kind, action.args
        if kind not in ACTION_KINDS:
            raise RuleError("action", f"Tatsu has no action {kind!r} "
                                      f"(only {', '.join(ACTION_KINDS)})")
        if kind == "pass":
            if args != ():
                raise RuleError("action", "a pass names nothing")
            return
        if type(args) is not tuple or len(args) != 2:
            raise RuleError("action", f"{kind} names a stone and a die")
        stone, die = args
        if type(die) is not int or die not in DIE_FACES:
            raise RuleError("action", f"a die shows 1 to 6, not {die!r}")
        if type(stone) is not tuple or len(stone) != 2:
            raise RuleError("action", "a stone is addressed as (segment, field) or "
                                      f"('mat', kind), not {stone!r}")
        if kind == "enter":
            if stone[0] != MAT or stone[1] not in KINDS:
                raise RuleError("entering", "only a stone on the mat enters, addressed as "
                                            f"('mat', kind), not {stone!r}")
        elif (type(stone[0]) is not int or not 0 <= stone[0] < SEGMENTS
              or stone[1] not in FIELDS):
            raise RuleError("action", "a stone in the arena is addressed as (segment 0-23, "
                                      f"'inner' or 'outer'), not {stone!r}")

    # --- what a page needs to draw and to highlight -----------------------------------
    def stone_at(self, segment: int, field: str):
        """The stone (seat, kind) on that field, or None."""
        byte = self.segments[segment]
        return STONE_OF.get(byte & 7 if field == INNER else byte >> 3)

    def status(self, segment: int, field: str):
        """'free', 'held', 'entangled' or None (no stone there)."""
        byte = self.segments[segment]
        inner, outer = byte & 7, byte >> 3
        if not (inner if field == INNER else outer):
            return None
        if field == OUTER or not outer:
            return "free"
        return "held" if outer >> 2 == inner >> 2 else "entangled"

    def tray(self, seat: int) -> dict:
        """{kind: count} of `seat`'s stones in its tray."""
        return {kind: self.trays[code] for kind, code in SEAT_STONES[seat]}

    def mat(self, seat: int) -> dict:
        """{kind: count} of `seat`'s stones on its mat."""
        return {kind: self.mats[code] for kind, code in SEAT_STONES[seat]}

    def dead_zone(self, seat: int) -> dict:
        """{kind: count} of the opponent's stones that `seat` destroyed."""
        return {kind: self.dead[code] for kind, code in SEAT_STONES[1 - seat]}

    @property
    def dice_left(self) -> tuple:
        return tuple(self.dice)

    def movable_stones(self) -> list:
        """The addresses of the stones the seat to move may pick now (an entangled
        stone appears here when it may escape)."""
        seen = []
        for action in self._legal_list():
            if action.args and action.args[0] not in seen:
                seen.append(action.args[0])
        return seen

    def stone_refusal(self, stone):
        """Why the seat to move may not pick this stone now, as the RuleError that moving
        it with each die left would raise (None when it may be picked): another
        player's stone, a held or entangled one, or no die that fits."""
        stone = tuple(stone)
        if self.current is None:
            return RuleError("turn order", "the game is over")
        if stone in self.movable_stones():
            return None
        kind = "enter" if stone[:1] == (MAT,) else "move"
        refusals = []
        for die in sorted(set(self.dice)):
            try:
                self._check(Action(kind, (stone, die)))
            except RuleError as refusal:
                refusals.append((die, refusal))
        if not refusals:
            return RuleError("using the dice", "no die is left this turn")
        plains = {refusal.plain for _, refusal in refusals}
        if len(plains) == 1:
            return refusals[0][1]
        return RuleError(refusals[0][1].rule, "no die left fits that stone: " + "; ".join(
            f"with the {die}, {refusal.plain}" for die, refusal in refusals))

    def destinations(self, stone) -> list:
        """[(action, target segment)] for one stone address, for highlighting."""
        stone = tuple(stone)
        seat = self.current
        result = []
        for action in self._legal_list():
            if action.args and action.args[0] == stone:
                where, die = action.args
                if action.kind == "enter":
                    result.append((action, ENTRY_SEGMENTS[seat][die]))
                else:
                    result.append((action, TARGETS[seat][where[0]][die]))
        return result

    def arena(self) -> list:
        """One row per segment: its number, corner kind and both fields' stones."""
        rows = []
        for segment in range(SEGMENTS):
            row = {"segment": segment, "corner": CORNER_KIND.get(segment)}
            for field in FIELDS:
                stone = self.stone_at(segment, field)
                row[field] = None if stone is None else {
                    "seat": stone[0], "player": COLOURS[stone[0]], "kind": stone[1],
                    "status": self.status(segment, field)}
            rows.append(row)
        return rows

    def view(self, seat: int) -> dict:
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
    def snapshot(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "config": dict(self.config), "seed": self.seed, "turn": self.turn,
            "current": self.current, "rolled": list(self.rolled), "dice": list(self.dice),
            "arena": [[self.stone_at(s, INNER), self.stone_at(s, OUTER)]
                      for s in range(SEGMENTS)],
            "in_arena": list(self.in_arena),
            "trays": [self.tray(s) for s in (BLACK, WHITE)],
            "mats": [self.mat(s) for s in (BLACK, WHITE)],
            "dead": [self.dead_zone(s) for s in (BLACK, WHITE)],
            "winner": self.winner, "reason": self.reason,
            "history": [a.to_json() for a in self.history],
            "rng": [version, list(internal), gauss],
        }

    def clone(self, seed=None) -> "TatsuState":
        """An independent copy, cheap enough for bot playouts. With `seed`, the copy's
        future dice come from that seed instead (a bot must not know the real ones)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.config = dict(self.config)
        new.history = list(self.history)
        new.segments = self.segments[:]
        new.in_arena = self.in_arena[:]
        new.trays = self.trays[:]
        new.mats = self.mats[:]
        new.dead = self.dead[:]
        new.dice = list(self.dice)
        if self._legal is not None:
            new._legal = list(self._legal)
        if seed is not None:
            new.rng = new_rng(seed)
            new._rng_state = None
        else:
            if self._rng_state is None:
                self._rng_state = self.rng.getstate()
            new.rng = random.Random.__new__(random.Random)
            new.rng.setstate(self._rng_state)
        return new

    def to_record(self) -> dict:
        if self.built_from_position:
            raise RecordError("a position built with from_position has no game record")
        return super().to_record()

    def invariant_violations(self) -> list:
        problems = self.structure_problems()
        if self.current is None:
            if self.winner is None:
                problems.append("the game is over but nobody has won")
            return problems
        if not self.nobody_has_won():  # D6 is checked after every landing
            for seat in (BLACK, WHITE):
                reason = self.win_reason(seat)
                if reason is not None:
                    problems.append(f"the game goes on although {reason}")
        if not self.dice:
            problems.append("a player is to move with no die left")
        if problems:
            return problems  # no point (nor safety) in listing moves of a broken state
        legal = self._legal_list()
        if not legal:
            problems.append("a player is to move but has no legal action")
        elif len(self.dice) == 1 and legal[-1].kind not in ("move", "enter"):
            problems.append("a pass or an escape is offered after a die was used")
        return problems

    def structure_problems(self) -> list:
        """What is physically impossible in the position: fields, bindings, D7, dice.
        The common case (nothing wrong) is checked with a few table look-ups; the words
        for what is wrong come from the slower _describe_* methods."""
        segments = self.segments
        if len(segments) != SEGMENTS or not len(self.trays) == len(self.mats) == len(
                self.dead) == 8:
            return ["the arena or the trays, mats and dead zones have the wrong size"]
        problems = []
        if segments.translate(BAD_SEGMENT).count(0) != SEGMENTS:
            problems += self._describe_bad_segments()
        # D7: arena + trays + mats + dead zones hold each stone's full number, counted
        # as packed counts (layout.py). No box slot is above 7, so slots cannot spill.
        arena = sum(itemgetter(*segments)(COUNT_WEIGHT))
        trays = int.from_bytes(self.trays, "little")
        mats = int.from_bytes(self.mats, "little")
        dead = int.from_bytes(self.dead, "little")
        by_code = arena.to_bytes(8, "little")
        if (arena + trays + mats + dead != ALL_STONES or (trays | mats | dead) & OVER_7
                or [sum(by_code[SEAT_CODES[BLACK]]),
                    sum(by_code[SEAT_CODES[WHITE]])] != self.in_arena):
            problems += self._describe_counts()
        if (tuple(self.rolled), tuple(self.dice)) not in VALID_DICE:
            problems.append(f"the dice are wrong: {list(self.dice)} left of "
                            f"{list(self.rolled)} rolled")
        return problems

    def _describe_counts(self) -> list:
        problems = []
        on_board = [0, 0]
        for seat in (BLACK, WHITE):
            rival = 1 - seat
            for kind, code in SEAT_STONES[seat]:
                here = sum(stone == (seat, kind) for segment in range(SEGMENTS)
                           for stone in (self.stone_at(segment, INNER),
                                         self.stone_at(segment, OUTER)))
                on_board[seat] += here
                places = (("tray", self.trays), ("mat", self.mats),
                          (f"{COLOUR_NAMES[rival]}'s dead zone", self.dead))
                for name, box in places:
                    if box[code] > STONES_PER_KIND[kind]:
                        problems.append(f"{COLOUR_NAMES[seat]}'s {kind} dragons in the "
                                        f"{name}: {box[code]}")
                total = here + sum(box[code] for _, box in places)
                if total != STONES_PER_KIND[kind]:
                    problems.append(f"{COLOUR_NAMES[seat]} has {total} {kind} dragons, not "
                                    f"{STONES_PER_KIND[kind]} (D7)")
        for name, box in (("trays", self.trays), ("mats", self.mats), ("dead", self.dead)):
            if box[0] or box[4]:
                problems.append(f"the {name} hold something that is not a stone")
        if on_board != self.in_arena:
            problems.append(f"{on_board} stones are in the arena, not {self.in_arena}")
        return problems

    def _describe_bad_segments(self) -> list:
        problems = []
        for segment in marked(self.segments, BAD_SEGMENT):
            byte = self.segments[segment]
            inner, outer = byte & 7, byte >> 3
            if inner not in STONE_OF and inner or outer not in STONE_OF and outer:
                problems.append(f"segment {segment} holds something that is not a stone")
            elif not inner:
                problems.append(f"segment {segment} has a lone stone on its outer field")
            else:
                problems.append(f"segment {segment}: an opposing {KIND_OF[outer]} dragon "
                                "sits on a stone (only a vine entangles)")
        return problems

    # --- positions for tests and puzzles ----------------------------------------------
    @classmethod
    def from_position(cls, arena=None, **options) -> "TatsuState":
        """Build a position directly; the format is described in game/tatsu/position.py."""
        from game.tatsu.position import build

        return build(cls, arena or {}, **options)
