"""The `hard` bot's playouts: the rules of the world (world.py) on a world of its own.

A light world is dealt from what the bot's seat can see (light_world): the tiles and
daikaiju it cannot see are shuffled, the dice are the bot's own, never the real ones.
It plays by the engine's rules, being the same world; it only makes for itself the
choices the engine asks a captain for: a relocation (D8) takes the first free mark, and
the elimination bonus is not taken. It records no events (world.py).
"""

import random
from collections.abc import Iterable

from game.core import Event
from game.tsuro.tiles import DECK_SIZE
from game.tsuro.world import Placement, World


class LightWorld(World):
    __slots__ = ("seed",)  # of the world's dice
    seed: int

    def copy(self) -> "LightWorld":
        """A copy whose dice start again from the world's seed: every candidate
        placement meets the same rolls (common random numbers)."""
        world = object.__new__(LightWorld)
        _deal(world, self, self.hands, self.draw_pile, list(self.supply))
        world.active, world.winners, world.over = self.active, self.winners, self.over
        world.seed = self.seed
        world.rng = random.Random(self.seed)
        return world

    def roll(self, seat: int) -> None:
        """The start of `seat`'s turn: the daikaiju phase, D7 and D8, the end if it came."""
        self.start_turn(seat, None)

    def _relocate(self, events: list[Event] | None) -> None:
        self.ships[self.active] = self.relocation_marks()[0]  # the captain's choice, simplified

    def play(self, seat: int, option: Placement) -> None:
        """`seat` places `option` (one of options(seat)) and its turn ends, no bonus."""
        self.active = seat
        self.end_turn(self.place(option.tile, option.rotation, option.voyages, None), None)

    def skip(self, seat: int) -> None:
        """`seat` has no tile to place (D12)."""
        self.active = seat
        self.skip_placement(None)


def _deal(world: World, seen: World, hands: Iterable[Iterable[int]], draw_pile: Iterable[int],
          supply: list[int]) -> None:
    """`world` gets the board, ships and removed tiles of `seen` (copied), and `hands`,
    `draw_pile` and `supply`."""
    world.config, world.players = seen.config, seen.players  # read only
    world.hands = [list(hand) for hand in hands]
    world.draw_pile = list(draw_pile)
    world.removed = list(seen.removed)
    world.tile_at, world.rotation_at = list(seen.tile_at), list(seen.rotation_at)
    world.wakes, world.kaiju_at = list(seen.wakes), list(seen.kaiju_at)
    world.kaiju_square, world.kaiju_facing = list(seen.kaiju_square), list(seen.kaiju_facing)
    world.supply = supply
    world.ships, world.out = list(seen.ships), list(seen.out)


def light_world(state: World, me: int, rng: random.Random) -> LightWorld:
    """A light copy of `state` as seat `me` may imagine it: the tiles it cannot see
    (all 56 less the board, the removed tiles and its own hand) shuffled by `rng` and
    dealt into the other hands (their sizes are known) and the draw pile; the face-down
    daikaiju shuffled too; and dice from a seed drawn from `rng`."""
    known = {t for t in state.tile_at if t >= 0}
    known.update(state.removed)
    known.update(state.hands[me])
    tiles = [t for t in range(DECK_SIZE) if t not in known]
    rng.shuffle(tiles)
    supply = sorted(state.supply)
    rng.shuffle(supply)
    hands = []
    dealt = 0
    for seat in range(state.players):
        if seat == me:
            hands.append(state.hands[me])
        else:
            size = len(state.hands[seat])
            hands.append(tiles[dealt:dealt + size])
            dealt += size
    world = object.__new__(LightWorld)
    _deal(world, state, hands, tiles[dealt:], supply)
    world.active, world.winners, world.over = me, (), False
    world.seed = rng.getrandbits(64)
    world.rng = random.Random(world.seed)
    return world


__all__ = ["LightWorld", "light_world"]
