"""The rules of a turn of Tsuro of the Seas, written once over a compact world.

A world is what lies on the table: the wake tiles and daikaiju on the board, the ships,
the hands, the draw pile, the face-down daikaiju supply, and the dice (`rng`). Its
methods are the rules that change it: judging and choosing the legal placements (rules
1-4, D9), placing a tile and sailing every ship it reaches, the ships put out, the draw
back up to 3 (C4, D12), the hands of lost ships to the bottom of the pile (D10), the
daikaiju phase (daikaiju_phase.py) and the end of the game. Each records what happens as
events, in order, in the list it is given - or in none, given None: a playout has nobody
to show them to, and making them would cost the hard bot some 5 % of its time.

Two kinds of world play by these rules: the engine (state.TsuroState), which adds the
captains' decisions, the checks that refuse an illegal action, the elimination bonus,
the history and the trails; and the `hard` bot's playouts (bots.light.LightWorld), worlds
dealt from what one seat can see, with dice of the bot's own.
"""

import random
from collections.abc import Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.core import Event
from game.tsuro.board import OFF, POINT_ID, SQUARES
from game.tsuro.daikaiju import DAIKAIJU_COUNT
from game.tsuro.daikaiju_phase import RELOCATE, DaikaijuPhase
from game.tsuro.sailing import LOOP, Path, how_out, sail
from game.tsuro.tiles import ORIENTED, Lookup

HAND_SIZE = 3

# A voyage as judged: where the ship ends (a position), its fate (None: it sails on,
# else how it is out) and, when asked for, its path (sailing.py).
Voyage = tuple[int, str | None, Path | None]


class Placement(tuple):
    """One placement judged: a tile turned `rotation` quarter turns (wakes `lookup`),
    where each ship it moves ends and how (`voyages`: {seat: (end, fate, path)}, seats
    in order, path None unless asked for), the placer's own fate (None: its ship sails
    on) and whether two ships would travel the same wake in the same direction (rule 4,
    D9). A tuple read by name: the playouts make them by the thousand."""

    __slots__ = ()
    if TYPE_CHECKING:
        @property
        def tile(self) -> int: ...
        @property
        def rotation(self) -> int: ...
        @property
        def lookup(self) -> Lookup: ...
        @property
        def voyages(self) -> dict[int, Voyage]: ...
        @property
        def own_fate(self) -> str | None: ...
        @property
        def same_wake(self) -> bool: ...
    else:
        tile = property(itemgetter(0))
        rotation = property(itemgetter(1))
        lookup = property(itemgetter(2))
        voyages = property(itemgetter(3))
        own_fate = property(itemgetter(4))
        same_wake = property(itemgetter(5))


def legal(judged: list[Placement]) -> list[Placement]:
    """The legal placements among `judged` (all of a hand's), in their order. Rule 4
    has no "unless" in the rulebook, so it comes first and gives way only when every
    placement breaks it (D9); rules 1-3 then give way only when every placement still
    allowed breaks one of them."""
    allowed = [p for p in judged if not p.same_wake] or judged
    return [p for p in allowed if p.own_fate is None] or allowed


class World(DaikaijuPhase):
    """What lies on the table, and the rules of a turn that change it (see above)."""

    # Slots: the playouts read and copy worlds by the thousand. As the first base of
    # state.TsuroState, `winners` is the one GameState asks for.
    __slots__ = ("config", "players", "rng", "active", "hands", "draw_pile", "removed",
                 "tile_at", "rotation_at", "wakes", "kaiju_at", "kaiju_square",
                 "kaiju_facing", "supply", "ships", "out", "winners", "over")

    def __init__(self, config: dict[str, Any], rng: random.Random) -> None:
        """An empty table: no tile, daikaiju or ship on the board, nothing dealt."""
        self.config = config  # "players", "daikaiju" (the rule is played), "first"
        self.players = n = config["players"]
        self.rng = rng  # every die and shuffle
        self.active = config["first"]  # the captain whose turn it is
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw_pile = []  # the top is the end of the list
        self.removed = []  # tiles removed from the game (a daikaiju placed on them)
        self.tile_at = [-1] * SQUARES
        self.rotation_at = [0] * SQUARES
        self.wakes = [None] * SQUARES  # the lookup of the tile on each square
        self.kaiju_at = [-1] * SQUARES
        self.kaiju_square = [OFF] * DAIKAIJU_COUNT
        self.kaiju_facing = [0] * DAIKAIJU_COUNT
        self.supply = []  # face-down daikaiju; the top is the end of the list
        self.ships = [None] * n  # a ship's position (board.py), None when not on the board
        self.out: list[str | None] = [None] * n  # why a seat is out, None while it plays
        self.winners: tuple[int, ...] = ()
        self.over = False

    def turn_order(self) -> list[int]:
        """All seats, starting with the active one, clockwise (D13)."""
        n = self.players
        return [(self.active + i) % n for i in range(n)]

    def _clear_square(self, square: int) -> int:
        """A daikaiju takes the square of a wake tile: the tile leaves the board."""
        tile = self.tile_at[square]
        self.tile_at[square] = -1
        self.wakes[square] = None
        return tile

    def empty_squares(self) -> int:
        """Squares holding neither a wake tile nor a daikaiju (none: the board is full):
        those without a tile, less the daikaiju on the board (each on one of them)."""
        return self.wakes.count(None) - self.daikaiju_on_board()

    # --- the start of a turn (C1, D7, D8) -------------------------------------------------
    def start_turn(self, seat: int, events: list[Event] | None) -> None:
        """`seat`'s turn up to its placement: the daikaiju roll or restoring the minimum
        (daikaiju_phase.py), then its ship facing a daikaiju (D7, D8), the hands of the
        ships lost to the bottom of the draw pile (D10), and the end if it came."""
        self.active = seat
        fallen: list[int] = []
        if self.config["daikaiju"]:
            self._daikaiju_phase(events, fallen)
            fate = self._facing_fate()
            if fate == RELOCATE:
                self._relocate(events)
            elif fate is not None:
                self._ship_out(seat, fate, events, fallen)
        self._return_hands(fallen, events)
        ending = self.end_reason(fallen)
        if ending:
            self._game_over(*ending, events)

    def _relocate(self, events: list[Event] | None) -> None:
        """D8: the active ship moves to one of relocation_marks(), the captain's choice:
        the engine asks for it, a playout takes one itself."""
        raise NotImplementedError

    # --- placing (C2, C3) ---------------------------------------------------------------
    def placements(self, seat: int, paths: bool = False) -> list[Placement]:
        """Every distinct placement of `seat`'s hand, judged (with `paths`, the voyages'
        paths too): each tile in each of the four turns, turns that give the same wakes
        (symmetric tiles, or two copies of one tile) once, as one choice (D9)."""
        return list(self._judged(seat, paths))

    def options(self, seat: int) -> list[Placement]:
        """The legal placements of `seat`, without paths (what a playout needs)."""
        return legal(list(self._judged(seat, False)))

    def first_option(self, seat: int) -> Placement:
        """options(seat)[0], sooner: when a placement keeps the ship afloat without
        breaking rule 4, the first such one is the first legal placement."""
        for placement in self._judged(seat, False):
            if placement.own_fate is None and not placement.same_wake:
                return placement
        return self.options(seat)[0]

    def _judged(self, seat: int, paths: bool) -> Iterator[Placement]:
        ships, wakes, kaiju_at = self.ships, self.wakes, self.kaiju_at
        square = ships[seat] >> 3  # type: ignore[operator]  # (the placer is afloat)
        movers = [(s, p) for s, p in enumerate(ships) if p is not None and p >> 3 == square]
        still = {POINT_ID[p] for p in ships if p is not None and p >> 3 != square}
        seen = set()
        for tile in self.hands[seat]:
            for rotation, lookup in enumerate(ORIENTED[tile]):
                if lookup in seen:
                    continue
                seen.add(lookup)
                # D9: the same wake in the same direction is two ships ending on one
                # point, or leaving the board or meeting a daikaiju at one point; a
                # ship caught in a loop has no end point.
                voyages: dict[int, Voyage] = {}
                ends = set(still)
                same_wake = False
                for mover, position in movers:
                    path: Path | None = [] if paths else None
                    end = sail(position, wakes, kaiju_at, square, lookup, path)
                    fate: str | None = None
                    if end < 0:
                        end = ~end
                        fate = how_out(end, kaiju_at)
                    voyages[mover] = (end, fate, path)
                    if fate != LOOP:
                        where = POINT_ID[end]
                        same_wake = same_wake or where in ends
                        ends.add(where)
                yield Placement((tile, rotation, lookup, voyages, voyages[seat][1], same_wake))

    def place(self, tile: int, rotation: int, voyages: dict[int, Voyage],
              events: list[Event] | None) -> list[int]:
        """The active captain lays `tile` turned `rotation` on the square in front of its
        ship; every ship facing that square sails (`voyages`, as judged), in turn order.
        Returns the seats put out."""
        seat = self.active
        square = self.ships[seat] >> 3  # type: ignore[operator]  # (the placer is afloat)
        self.hands[seat].remove(tile)
        self.tile_at[square], self.rotation_at[square] = tile, rotation
        self.wakes[square] = ORIENTED[tile][rotation]
        if events is not None:
            events.append(Event("tile_placed", {"seat": seat, "tile": tile, "rotation": rotation,
                                                "square": square}))
        fallen: list[int] = []
        movers = list(voyages)
        if len(movers) > 1:
            movers = [s for s in self.turn_order() if s in voyages]
        for mover in movers:
            end, fate, path = voyages[mover]
            if events is not None:
                events.append(Event("ship_moved", {"seat": mover, "path": path, "to": end,
                                                   "fate": fate}))
            if fate is None:
                self.ships[mover] = end
            else:
                self._ship_out(mover, fate, events, fallen)
        return fallen

    def skip_placement(self, events: list[Event] | None) -> None:
        """D12: a captain with no tile to place skips placing, and draws if they can."""
        if events is not None:
            events.append(Event("placement_skipped", {"seat": self.active}))
        self.end_turn([], events)

    # --- the end of a turn (C4) and of the game -------------------------------------------
    def end_turn(self, fallen: list[int], events: list[Event] | None) -> None:
        """After the placement (and the bonus): the hands of the ships put out go to the
        bottom of the draw pile (D10), then the game ends, or the active captain draws
        back up to 3 - which ends it if no captain afloat has a tile left (D12)."""
        ending = self.end_reason(fallen)
        self._return_hands(fallen, events)
        if ending:
            self._game_over(*ending, events)
            return
        if self.out[self.active] is None:
            self._draw(self.active, events)
        if not self.draw_pile:
            alive = self._afloat()
            if not any(self.hands[s] for s in alive):
                self._game_over(alive, "no tile left to place", events)

    def _draw(self, seat: int, events: list[Event] | None) -> None:
        hand = self.hands[seat]
        count = 0
        while len(hand) < HAND_SIZE and self.draw_pile:
            hand.append(self.draw_pile.pop())
            count += 1
        if count and events is not None:
            events.append(Event("drew", {"seat": seat, "tiles": count}))

    def _return_hands(self, fallen: list[int], events: list[Event] | None) -> None:
        """D10: to the bottom of the draw pile, in turn order after the active player."""
        if not fallen:
            return
        for seat in self.turn_order()[1:] + [self.active]:
            if seat in fallen and self.hands[seat]:
                for tile in self.hands[seat]:
                    self.draw_pile.insert(0, tile)
                if events is not None:
                    events.append(Event("hand_returned", {"seat": seat,
                                                          "tiles": len(self.hands[seat])}))
                self.hands[seat] = []

    def _ship_out(self, seat: int, reason: str, events: list[Event] | None,
                  fallen: list[int]) -> None:
        self.ships[seat] = None
        self.out[seat] = reason
        fallen.append(seat)
        if events is not None:
            events.append(Event("ship_out", {"seat": seat, "reason": reason}))

    def _afloat(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.out[s] is None)

    def end_reason(self, fallen: list[int]) -> tuple[tuple[int, ...], str] | None:
        """(winners, reason) if the game ends now, `fallen` just put out, else None."""
        afloat = self.out.count(None)
        if afloat == 1:
            return self._afloat(), "last ship afloat"
        if not afloat:
            return tuple(sorted(fallen)), "eliminated together"
        if not self.empty_squares():
            return self._afloat(), "the board is full"
        return None

    def _game_over(self, winners: tuple[int, ...], reason: str,
                   events: list[Event] | None) -> None:
        self.winners = winners
        self.over = True
        if events is not None:
            events.append(Event("game_over", {"winners": list(winners), "reason": reason}))


__all__ = ["HAND_SIZE", "Placement", "World", "legal"]
