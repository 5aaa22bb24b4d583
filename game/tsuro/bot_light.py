"""A light model of Tsuro of the Seas, for the `hard` bot's playouts.

It holds a determinized world (the bot's own sample of the hidden tiles and of the
face-down daikaiju, never the real ones, and dice from its own seed) and plays
placements by the rules of section C, much faster than the engine: no events kept, no
records, no checks. The daikaiju phase is the engine's own (daikaiju_phase.py); a ship
facing a daikaiju after it goes to the first free start mark of its edge (D8) or is out
(D7). Placements follow the engine: placing rule 4 first, then rules 1-3, ships on the
square move together, eliminated hands go to the bottom of the draw pile, the placer
draws back up to 3, and the game ends with one ship left, with every ship out together,
on a full board, or when no tile is left. An elimination bonus is not taken.
"""

import random

from game.tsuro.bot_eval import reach
from game.tsuro.board import point_id
from game.tsuro.daikaiju_phase import RELOCATE, DaikaijuPhase
from game.tsuro.state import HAND_SIZE
from game.tsuro.tiles import DECK_SIZE, ORIENTED, ROTATIONS

OUT = "out"


class LightWorld(DaikaijuPhase):
    __slots__ = ("players", "wakes", "tile_at", "kaiju_at", "kaiju_square", "kaiju_facing",
                 "supply", "removed", "ships", "hands", "draw_pile", "empty", "winners",
                 "over", "active", "seed", "rng", "config")

    def copy(self) -> "LightWorld":
        """A copy whose dice start again from the world's seed: every candidate
        placement meets the same rolls (common random numbers)."""
        world = object.__new__(LightWorld)
        world.players = self.players
        world.config = self.config  # read only
        for name in ("wakes", "tile_at", "kaiju_at", "kaiju_square", "kaiju_facing",
                     "supply", "removed", "ships", "draw_pile"):
            setattr(world, name, list(getattr(self, name)))
        world.hands = [list(h) for h in self.hands]
        world.empty = self.empty
        world.winners = self.winners
        world.over = self.over
        world.active = self.active
        world.seed = self.seed
        world.rng = random.Random(self.seed)
        return world

    # what the shared daikaiju phase needs of its host
    def _clear_square(self, square: int) -> int:
        tile = self.tile_at[square]
        self.tile_at[square] = -1
        self.wakes[square] = None
        return tile

    def _ship_out(self, seat: int, reason, events, fallen: list) -> None:
        self.ships[seat] = None
        fallen.append(seat)

    def roll(self, seat) -> None:
        """The daikaiju phase that begins `seat`'s turn (C1), then D7 and D8."""
        self.active = seat
        if not self.config["daikaiju"]:  # played without daikaiju
            return
        fallen = []
        self._daikaiju_phase([], fallen)
        ships = self.ships
        fate = self._facing_fate()
        if fate == RELOCATE:  # the captain's choice, simplified: the first free mark
            ships[seat] = self.relocation_marks()[0]
        elif fate is not None:
            self._ship_out(seat, fate, None, fallen)
        self._return_hands(fallen, [])
        self.empty = empty_squares(self)
        alive = [s for s in range(self.players) if ships[s] is not None]
        if len(alive) <= 1 or not self.empty:
            self.over, self.winners = True, tuple(alive or sorted(fallen))

    def options(self, seat) -> list:
        """The legal placements of `seat`: [(tile, rotation, lookup, voyages)], voyages
        {seat: (end, fate)} with fate None for a ship that stays afloat."""
        ships, wakes, kaiju_at = self.ships, self.wakes, self.kaiju_at
        square = ships[seat] >> 3
        movers = [(s, p) for s, p in enumerate(ships) if p is not None and p >> 3 == square]
        still = {point_id(p) for p in ships if p is not None and p >> 3 != square}
        seen = set()
        fine, crowded, lost = [], [], []
        for tile in self.hands[seat]:
            for rotation in range(ROTATIONS):
                lookup = ORIENTED[tile][rotation]
                if lookup in seen:
                    continue
                seen.add(lookup)
                voyages = {}
                ends = set(still)
                same = False
                for mover, position in movers:
                    end = reach(position, wakes, kaiju_at, square, lookup)
                    if end >= 0:
                        voyages[mover] = (end, None)
                        where = point_id(end)
                        if where in ends:
                            same = True
                        ends.add(where)
                    else:
                        voyages[mover] = (end, OUT)
                option = (tile, rotation, lookup, voyages)
                if same:
                    crowded.append((option, voyages[seat][1] is None))
                elif voyages[seat][1] is None:
                    fine.append(option)
                else:
                    lost.append(option)
        # rule 4 first (reading D9), then rules 1-3
        if fine:
            return fine
        if lost:
            return lost
        return [o for o, afloat in crowded if afloat] or [o for o, _ in crowded]

    def first_option(self, seat):
        """The first legal placement of `seat` (as options(seat)[0], sooner)."""
        ships, wakes, kaiju_at = self.ships, self.wakes, self.kaiju_at
        square = ships[seat] >> 3
        movers = [(s, p) for s, p in enumerate(ships) if p is not None and p >> 3 == square]
        if len(movers) == 1:  # no other ship moves: the first tile keeping it afloat
            position = ships[seat]
            still = {point_id(p) for p in ships if p is not None and p >> 3 != square}
            for tile in self.hands[seat]:
                for rotation in range(ROTATIONS):
                    lookup = ORIENTED[tile][rotation]
                    end = reach(position, wakes, kaiju_at, square, lookup)
                    if end >= 0 and point_id(end) not in still:
                        return (tile, rotation, lookup, {seat: (end, None)})
        return self.options(seat)[0]

    def place(self, seat, option) -> None:
        tile, _, lookup, voyages = option
        ships, hands = self.ships, self.hands
        self.wakes[ships[seat] >> 3] = lookup
        self.tile_at[ships[seat] >> 3] = tile
        self.empty -= 1
        hands[seat].remove(tile)
        fallen = []
        for mover, (end, fate) in voyages.items():
            if fate is None:
                ships[mover] = end
            else:
                ships[mover] = None
                fallen.append(mover)
        for mover in fallen:
            if hands[mover]:
                self.draw_pile[:0] = hands[mover]
                hands[mover] = []
        alive = [s for s in range(self.players) if ships[s] is not None]
        if len(alive) <= 1 or not self.empty:
            self.over, self.winners = True, tuple(alive or sorted(fallen))
            return
        if ships[seat] is not None:
            hand, pile = hands[seat], self.draw_pile
            while len(hand) < HAND_SIZE and pile:
                hand.append(pile.pop())
        if not self.draw_pile and not any(hands[s] for s in alive):
            self.over, self.winners = True, tuple(alive)


def empty_squares(state) -> int:
    """The squares holding neither a wake tile nor a daikaiju (none left: the board is full)."""
    return sum(1 for wake, kaiju in zip(state.wakes, state.kaiju_at) if wake is None and kaiju < 0)


def light_world(state, me, rng) -> LightWorld:
    """A light copy of `state` as seat `me` may imagine it: the tiles it cannot see
    (all 56 less the board, the removed tiles and its own hand) shuffled by `rng` and
    dealt into the other hands (their sizes are known) and the draw pile; the face-down
    daikaiju shuffled too; and dice from a seed drawn from `rng`."""
    known = {t for t in state.tile_at if t >= 0}
    known.update(state.removed)
    known.update(state.hands[me])
    tiles = [t for t in range(DECK_SIZE) if t not in known]
    rng.shuffle(tiles)
    world = object.__new__(LightWorld)
    world.players = state.players
    world.config = state.config
    world.wakes = list(state.wakes)
    world.tile_at = list(state.tile_at)
    world.kaiju_at = list(state.kaiju_at)
    world.kaiju_square = list(state.kaiju_square)
    world.kaiju_facing = list(state.kaiju_facing)
    world.supply = sorted(state.supply)
    rng.shuffle(world.supply)
    world.removed = list(state.removed)
    world.ships = list(state.ships)
    hands = []
    dealt = 0
    for seat in range(state.players):
        if seat == me:
            hands.append(list(state.hands[me]))
        else:
            size = len(state.hands[seat])
            hands.append(tiles[dealt:dealt + size])
            dealt += size
    world.hands = hands
    world.draw_pile = tiles[dealt:]
    world.empty = empty_squares(state)
    world.winners = ()
    world.over = False
    world.active = me
    world.seed = rng.getrandbits(64)
    world.rng = random.Random(world.seed)
    return world


__all__ = ["LightWorld", "light_world"]
