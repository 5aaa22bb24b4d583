"""Tsuro of the Seas: the game state, its decisions and its rules.

The rules of a turn are the world's (world.py, which the hard bot's playouts play by
too): the daikaiju roll or restoring the minimum of 3, the placement of a wake tile, the
ships' voyages, the draw, the end. The state adds what only the real game has: the
captains' decisions and the checks that refuse an illegal action by the rule it breaks,
the start marks, the elimination bonus, the history, the trails, records and views.
Dice and shuffles come from `self.rng`; everything between two decisions happens inside
`apply`, which returns the events in order.

Decisions (`state.decision`) and their actions (made by game/tsuro/actions.py):
  "start mark"  start(mark)         Action("start", (mark,)): setup, each seat in turn (D5)
  "relocation"  relocate(mark)      Action("relocate", (mark,)): D8
  "placement"   place(tile, rotation)  Action("place", (tile, rotation)): section C
  "bonus"       bonus(give, take)   Action("bonus", (give, take)): the elimination bonus
"""

import random
from typing import Any

from game.core import Action, Event, GameState, RecordError, RuleError, new_rng
from game.core.i18n import N_, _
from game.core.limits import shown
from game.tsuro import GAME as DESCRIPTION
from game.tsuro import PLAYERS, actions, invariants, sailing
from game.tsuro import position as positions
from game.tsuro.board import OFF, SQUARES, START_MARK_SET, START_MARKS
from game.tsuro.daikaiju import DAIKAIJU_COUNT, SETUP_COUNT
from game.tsuro.events import REVEALING as REVEALING_EVENTS
from game.tsuro.tiles import DECK_SIZE, ORIENTED, ROTATIONS, Lookup
from game.tsuro.world import Placement, World, legal

MIN_PLAYERS, MAX_PLAYERS = PLAYERS  # the game's description's (game/tsuro/__init__.py)

START_MARK, RELOCATION, PLACEMENT, BONUS = "start mark", "relocation", "placement", "bonus"

# A wake a ship sailed, in its trail: (square, tile, entry point, exit point).
TrailStep = tuple[int, int, int, int]
# The active captain's placements judged (TsuroState._placements): {wakes: placement} of
# every distinct one, the legal ones, and their actions.
Placements = tuple[dict[Lookup, Placement], list[Placement], list[Action]]

# Why a ship leaves the game (the "reason" of a ship_out event): EDGE, DAIKAIJU and LOOP
# (sailing.py); OUT_TILE_EATEN, OUT_TILE_REMOVED, OUT_FACING (D7) and OUT_NO_MARK (D8)
# (daikaiju_phase.py).

# The decisions in words, for a refusal ("now is the placement of seat 2, ...").
DECISION_WORDS = {START_MARK: N_("start mark"), RELOCATION: N_("relocation"),
                  PLACEMENT: N_("placement"), BONUS: N_("bonus")}

# Placing rules 1-3 refused, by the rule's number.
PLACING_REFUSALS = {
    1: N_("you may not place this tile so: it would sail your own ship off the edge of the "
          "board, and another placement does not"),
    2: N_("you may not place this tile so: it would trap your own ship in an endless loop, "
          "and another placement does not"),
    3: N_("you may not place this tile so: it would run your own ship into a daikaiju, and "
          "another placement does not"),
}


def _check_config(config: object) -> dict[str, Any]:
    if not isinstance(config, dict):
        raise ValueError(_("the configuration is an object"))
    unknown = set(config) - {"players", "daikaiju", "first"}
    if unknown:
        raise ValueError(_("unknown configuration keys: {keys}").format(
            keys=", ".join(sorted(unknown))))
    players = config.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise ValueError(_("Tsuro of the Seas is played by {fewest} to {most} players, not "
                           "{players}").format(fewest=MIN_PLAYERS, most=MAX_PLAYERS,
                                               players=shown(players)))
    daikaiju = config.get("daikaiju", True)
    if not isinstance(daikaiju, bool):
        raise ValueError(_("'daikaiju' is true or false"))
    first = config.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise ValueError(_("the first player is a seat from 0 to {last}, not {first}").format(
            last=players - 1, first=shown(first)))
    return {"players": players, "daikaiju": daikaiju, "first": first}


class TsuroState(World, GameState):
    GAME = DESCRIPTION.key  # "tsuro": the game's one id (older records: its old_keys)
    FORMAT_VERSION = 1
    # The events that bring new information (game/core/takeback.py): an action that
    # caused one cannot be taken back. Declared with the kinds (game/tsuro/events.py).
    REVEALING = REVEALING_EVENTS

    def __init__(self, config: dict[str, Any], seed: object) -> None:
        World.__init__(self, _check_config(config), new_rng(seed))
        self.seed = seed
        self.history = []
        self.turn = 0
        self.trails: list[list[TrailStep]] = [[] for _seat in range(self.players)]
        # the decision to make now (its seat: `active`); None once the game is over, and
        # inside `apply` between one decision and the next
        self._decision: str | None = START_MARK
        # D9: set once a placement had to break rule 4 (every placement did), which
        # leaves two ships on one point; from then on they sail together.
        self.forced_same_wake = False
        self._bonus_from: tuple[int, ...] = ()  # seats whose hands the active player may swap with
        self.reason = None  # why the game ended: the game_over event's reason code
        # built from a position: its seed, until chance is used
        self.position_seed: int | str | None = None
        self._cache: Placements | None = None
        self.setup_events = self._setup()

    # --- positions (game/tsuro/position.py; the rules page, "Positions") ------------------
    def to_position(self) -> dict[str, Any]:
        """This moment as position JSON, which from_position turns back into an equal
        state (positions.comparable says what is kept)."""
        return positions.to_position(self)

    @classmethod
    def from_position(cls, source: dict[str, Any] | str) -> "TsuroState":
        """The state at a position: its JSON (a dict or JSON text) or its text form (a
        text not starting with "{"). An impossible position raises PositionError naming
        the field and the rule. The state has no history and no seed (it cannot be saved
        as a record); its dice come from the position's seed."""
        return positions.load(cls, source)

    @classmethod
    def at_turn_start(cls, source: dict[str, Any] | str,
                      rng: random.Random | None = None) -> "TsuroState":
        """For tests and pages that teach the daikaiju: the position read as the moment
        before `to_move`'s turn begins (the turn before it over; its decision written as
        "placement", its turn counting the turns begun before it, 0 by default), then
        that turn begun: the daikaiju roll or restoring, D7 and D8, a placement skipped
        (D12), and on to the next decision or the end. Its dice come from `rng` if given,
        else from the position's seed; what happened is in `setup_events`."""
        state = positions.load(cls, source, turn_start=True, rng=rng)
        state._decision, state.position_seed = None, None  # its chance is under way
        state._begin_turn(state.active, state.setup_events)
        while state._decision is None and not state.over:
            state._begin_turn(state._next_seat(), state.setup_events)
        return state

    def to_record(self) -> dict[str, Any]:
        if self.seed is None:
            raise RecordError(_("a constructed position has no seed and cannot be saved"))
        return super().to_record()

    # --- setup (section B) ---------------------------------------------------------
    def _setup(self) -> list[Event]:
        events: list[Event] = []
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        self.draw_pile = deck
        for seat in self.turn_order():
            self._draw(seat, events)
        self.supply = list(range(DAIKAIJU_COUNT))
        self.rng.shuffle(self.supply)
        if self.config["daikaiju"]:
            for _placed in range(SETUP_COUNT[self.players]):
                self._place_daikaiju("setup", events, [])
        return events

    # --- the GameState interface ---------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._decision is None else self.active

    @property
    def decision(self) -> str | None:
        return self._decision

    def legal_actions(self) -> list[Action]:
        if self._decision == PLACEMENT:
            return list(self._placements()[2])
        if self._decision == START_MARK:
            taken = set(self.ships)
            return [actions.start(m) for m in START_MARKS if m not in taken]
        if self._decision == RELOCATION:
            return [actions.relocate(m) for m in self.relocation_marks()]
        if self._decision == BONUS:
            return self._bonus_actions()
        return []

    def _apply(self, action: Action) -> list[Event]:
        decision = self._decision
        if decision is None:  # (never: apply refuses an action once the game is over)
            raise RuleError("end of the game", _("the game is over: no more actions"))
        handler = {
            START_MARK: ("start", self._do_start),
            RELOCATION: ("relocate", self._do_relocate),
            PLACEMENT: ("place", self._do_place),
            BONUS: ("bonus", self._do_bonus),
        }[decision]
        if action.kind != handler[0]:
            raise RuleError("turn order", _("now is the {decision} of seat {seat}, not a "
                                            "{kind} action").format(
                decision=_(DECISION_WORDS[decision]), seat=self.active + 1,
                kind=repr(action.kind)))
        events = handler[1](action.args)
        self._cache = None
        while self._decision is None and not self.over:
            self._begin_turn(self._next_seat(), events)
        return events

    # --- setup decision: start marks (B3, D5) ----------------------------------------
    def _do_start(self, args: tuple[Any, ...]) -> list[Event]:
        mark = self._mark_arg(args)
        if mark in self.ships:
            raise RuleError("B3", _("another ship is already on that start mark"))
        events = [Event("start_mark", {"seat": self.active, "mark": mark})]
        self.ships[self.active] = mark
        following = (self.active + 1) % self.players
        if following == self.config["first"]:
            self._decision = None  # all ships placed: the first seat's turn begins
        else:
            self.active = following
        return events

    @staticmethod
    def _mark_arg(args: tuple[Any, ...]) -> int:
        if len(args) != 1 or type(args[0]) is not int or args[0] not in START_MARK_SET:
            raise RuleError("D5", _("{value} is not a start mark").format(value=repr(args)))
        return args[0]

    # --- a turn ----------------------------------------------------------------------
    def _next_seat(self) -> int:
        seat = self.active
        for _step in range(self.players):
            seat = (seat + 1) % self.players
            if self.out[seat] is None:
                return seat
        raise AssertionError("no ship left to play")

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn += 1
        events.append(Event("turn", {"seat": seat, "turn": self.turn}))
        self.start_turn(seat, events)
        if not self.over and self._decision != RELOCATION and self.out[seat] is None:
            self._to_placement(events)

    def _clear_square(self, square: int) -> int:
        for trail in self.trails:
            trail[:] = [step for step in trail if step[0] != square]
        return super()._clear_square(square)

    def _relocate(self, events: list[Event] | None) -> None:
        """D8: the captain chooses the start mark (a decision of its own)."""
        self._decision = RELOCATION
        if events is not None:  # (always here: None is for World's playouts)
            events.append(Event("relocation", {"seat": self.active,
                                               "marks": self.relocation_marks()}))

    def _do_relocate(self, args: tuple[Any, ...]) -> list[Event]:
        mark = self._mark_arg(args)
        if mark not in self.relocation_marks():
            raise RuleError("D8", _("a ship moves only to another start mark on the same "
                                    "edge, free of ships, whose first square is empty"))
        events = [Event("relocated", {"seat": self.active, "from": self.ships[self.active],
                                      "to": mark})]
        self.ships[self.active] = mark
        self._decision = None
        self._to_placement(events)
        return events

    def _to_placement(self, events: list[Event]) -> None:
        if self.hands[self.active]:
            self._decision = PLACEMENT
        else:  # D12: nothing to place
            self._decision = None
            self.skip_placement(events)

    # --- placing a wake tile (C2, C3) ------------------------------------------------
    def _placements(self) -> Placements:
        """The active captain's placements judged (world.py), with the voyages' paths
        for the events and the preview: {wakes: placement} of every distinct one, the
        legal ones, and their actions. Cached until the state changes."""
        if self._cache is None:
            judged = self.placements(self.active, paths=True)
            allowed = legal(judged)
            self._cache = ({p.lookup: p for p in judged}, allowed,
                           [actions.place(p.tile, p.rotation) for p in allowed])
        return self._cache

    def _offered(self, action: object) -> bool:
        if self._cache is None or self._decision != PLACEMENT:
            return False  # (a start mark, relocation or bonus is made anew when asked)
        # the placements offered, searched by identity (not equality)
        for offered in self._cache[2]:  # noqa: SIM110 -- a hot path: no generator
            if offered is action:
                return True
        return False

    def placement_outcome(self, tile: int, rotation: int) -> Placement:
        """What placing `tile` turned `rotation` quarter turns would do (a preview): a
        world.Placement, with `voyages` {seat: (end, fate, path)}, `own_fate` and
        `same_wake`."""
        return self._placements()[0][ORIENTED[tile][rotation]]

    def _do_place(self, args: tuple[Any, ...]) -> list[Event]:
        seat = self.active
        if (len(args) != 2 or not all(type(a) is int for a in args)
                or not 0 <= args[1] < ROTATIONS):
            raise RuleError("C2", _("a placement is a tile and a rotation 0-3, not "
                                    "{value}").format(value=repr(args)))
        tile, rotation = args
        if tile not in self.hands[seat]:
            raise RuleError("C2", _("tile {tile} is not in your hand").format(tile=tile))
        by_wakes, allowed, _actions = self._placements()
        outcome = by_wakes[ORIENTED[tile][rotation]]
        if outcome not in allowed:
            rule_4_gives_way = all(p.same_wake for p in by_wakes.values())
            if rule_4_gives_way or not outcome.same_wake:
                # (refused by rule 1, 2 or 3: its own ship would be out, own_fate not None)
                number = sailing.SELF_ELIMINATION_RULE[outcome.own_fate]  # type: ignore[index]
                raise RuleError(f"placing rule {number}", _(PLACING_REFUSALS[number]))
            raise RuleError("placing rule 4", _("you may not place this tile so: two ships "
                                                "would travel the same wake in the same "
                                                "direction (they would end on the same point), "
                                                "and another placement does not"))
        if outcome.same_wake:
            self.forced_same_wake = True
        events: list[Event] = []
        fallen = self.place(tile, rotation, outcome.voyages, events)
        for mover, (_end, _fate, path) in outcome.voyages.items():  # (judged with paths)
            self.trails[mover].extend((sq, self.tile_at[sq], a, b)
                                      for sq, a, b in path)  # type: ignore[union-attr]
        self._decision = None
        opponents = tuple(s for s in fallen if s != seat)
        if (not self.end_reason(fallen) and self.out[seat] is None and self.hands[seat]
                and any(self.hands[s] for s in opponents)):
            self._bonus_from = opponents
            self._decision = BONUS
            events.append(Event("bonus_offered", {"seat": seat, "from": list(opponents)}))
            return events
        self.end_turn(fallen, events)
        return events

    # --- the elimination bonus -------------------------------------------------------
    def bonus_pool(self) -> list[int]:
        """The eliminated players' tiles the active player may take, in D10 order."""
        return [t for s in self._bonus_from for t in self.hands[s]]

    def _bonus_actions(self) -> list[Action]:
        from itertools import combinations

        mine, pool = sorted(self.hands[self.active]), sorted(self.bonus_pool())
        return [actions.bonus(give, take)
                for k in range(min(len(mine), len(pool)) + 1)
                for give in combinations(mine, k) for take in combinations(pool, k)]

    def _do_bonus(self, args: tuple[Any, ...]) -> list[Event]:
        if (len(args) != 2 or not all(isinstance(a, tuple) for a in args)
                or len(args[0]) != len(args[1])):
            raise RuleError("elimination bonus",
                            _("an exchange gives and takes the same number of tiles"))
        give, take = args
        hand, pool = list(self.hands[self.active]), self.bonus_pool()
        for tile in give:
            if tile not in hand:
                raise RuleError("elimination bonus",
                                _("tile {tile} is not in your hand").format(tile=tile))
            hand.remove(tile)
        for tile in take:
            if tile not in pool:
                raise RuleError("elimination bonus",
                                _("tile {tile} is not in an eliminated player's hand").format(
                                    tile=tile))
            pool.remove(tile)
        # Each given tile takes the place of the tile it is exchanged for.
        for given, taken in zip(sorted(give), sorted(take)):
            owner = next(s for s in self._bonus_from if taken in self.hands[s])
            self.hands[owner][self.hands[owner].index(taken)] = given
            self.hands[self.active][self.hands[self.active].index(given)] = taken
        events = [Event("bonus", {"seat": self.active, "tiles": len(give)})]
        fallen, self._bonus_from = list(self._bonus_from), ()
        self._decision = None
        self.end_turn(fallen, events)
        return events

    def _game_over(self, winners: tuple[int, ...], reason: str,
                   events: list[Event] | None) -> None:
        super()._game_over(winners, reason, events)
        self.reason = reason
        self._decision = None

    # --- what can be seen, copied and checked -------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` can see: everything but the other hands, the draw order, the
        face-down supply and the future dice."""
        bonus: dict[int, list[int]] = {}
        if self._decision == BONUS and seat == self.active:
            bonus = {s: list(self.hands[s]) for s in self._bonus_from}
        return {
            "players": self.players, "seat": seat, "active": self.active,
            "decision": self._decision, "turn": self.turn, "winners": list(self.winners),
            "tiles": [[sq, self.tile_at[sq], self.rotation_at[sq]]
                      for sq in range(SQUARES) if self.tile_at[sq] >= 0],
            "daikaiju": [[k, self.kaiju_square[k], self.kaiju_facing[k]]
                         for k in range(DAIKAIJU_COUNT) if self.kaiju_square[k] != OFF],
            "ships": list(self.ships), "out": list(self.out),
            "hand": list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "draw_pile": len(self.draw_pile), "supply": len(self.supply),
            "removed": list(self.removed), "bonus_hands": bonus,
            "marks": ([a.args[0] for a in self.legal_actions()]
                      if self._decision in (START_MARK, RELOCATION) else []),
            "trails": [[list(step) for step in trail] for trail in self.trails],
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "config": self.config, "seed": self.seed, "turn": self.turn,
            "hands": self.hands, "draw_pile": self.draw_pile, "removed": self.removed,
            "tile_at": self.tile_at, "rotation_at": self.rotation_at,
            "kaiju_square": self.kaiju_square, "kaiju_facing": self.kaiju_facing,
            "supply": self.supply, "ships": self.ships, "out": self.out,
            "trails": self.trails, "active": self.active, "decision": self._decision,
            "winners": self.winners, "over": self.over, "reason": self.reason,
            "forced_same_wake": self.forced_same_wake, "bonus_from": self._bonus_from,
            "rng": self.rng.getstate(), "history": self.history,
        }

    def clone(self, rng: random.Random | None = None) -> "TsuroState":
        """An independent copy; with `rng`, one whose future chance is that generator's."""
        copy = object.__new__(TsuroState)
        copy.__dict__.update(self.__dict__)
        for name in World.__slots__:
            setattr(copy, name, getattr(self, name))
        for name in ("hands", "trails"):
            setattr(copy, name, [list(x) for x in getattr(self, name)])
        for name in ("draw_pile", "removed", "tile_at", "rotation_at", "wakes", "kaiju_at",
                     "kaiju_square", "kaiju_facing", "supply", "ships", "out", "history"):
            setattr(copy, name, list(getattr(self, name)))
        if rng is None:
            rng = new_rng(0)
            rng.setstate(self.rng.getstate())
        else:
            copy.position_seed = None  # other dice: the position's seed no longer says them
        copy.rng = rng
        return copy

    # What is wrong with this state (empty when all is well): the invariants of
    # game/tsuro/invariants.py, by which a position is refused too. (The function itself,
    # as the method: the simulator calls it after every action.) Its own arguments,
    # turn_start and listing, are the position reader's.
    problems = invariants.problems
