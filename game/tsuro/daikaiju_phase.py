"""The daikaiju phase of a turn (C1, D3-D8): the daikaiju half of the rules of a world
(world.World), so the engine and the `hard` bot's playouts roll the daikaiju alike.

It reads and changes the world's `players`, `active`, `rng`, `ships`, `tile_at`,
`wakes`, `kaiju_at`, `kaiju_square`, `kaiju_facing`, `supply` (face down, the top is the
end of the list), `draw_pile` (the top is the end) and `removed`, through the world's
`turn_order()`, `_clear_square(square) -> tile` and `_ship_out(seat, reason, events,
fallen)`. What happens goes to `events`, in order, unless it is None (a playout).
"""

from typing import TYPE_CHECKING

from game.core import Event, roll_die
from game.tsuro.board import (
    NEIGHBOUR,
    OFF,
    START_MARKS,
    behind,
    edge_of_mark,
    square_for_dice,
)
from game.tsuro.daikaiju import (
    ACTING_SUMS,
    DAIKAIJU_COUNT,
    MINIMUM_ON_BOARD,
    MOVE_TURN,
    MOVEMENT_ORDER,
    PLACE_NEW_FACE,
    ROTATION_STEP,
    arrow,
)

if TYPE_CHECKING:
    import random

    from game.tsuro.tiles import Lookup

OUT_TILE_EATEN = "tile eaten"  # a daikaiju moved onto the tile it was on (D6)
OUT_TILE_REMOVED = "tile removed"  # a daikaiju was placed on the tile it was on
OUT_FACING = "facing daikaiju"  # D7
OUT_NO_MARK = "no free start mark"  # D8
RELOCATE = "relocate"  # D8: the ship moves to another start mark


class DaikaijuPhase:
    __slots__ = ()

    if TYPE_CHECKING:  # what it reads and changes of the world (world.World)
        players: int
        active: int  # the captain whose turn it is
        rng: random.Random
        ships: list[int | None]  # a ship's position (board.py), None when not on the board
        tile_at: list[int]
        wakes: list[Lookup | None]
        kaiju_at: list[int]
        kaiju_square: list[int]
        kaiju_facing: list[int]
        supply: list[int]
        draw_pile: list[int]
        removed: list[int]

        def turn_order(self) -> list[int]: ...
        def _clear_square(self, square: int) -> int: ...
        def _ship_out(self, seat: int, reason: str, events: list[Event] | None,
                      fallen: list[int]) -> None: ...

    def daikaiju_on_board(self) -> int:
        return DAIKAIJU_COUNT - len(self.supply)

    def _daikaiju_phase(self, events: list[Event] | None, fallen: list[int]) -> None:
        """C1, or restoring the minimum of 3 instead of rolling."""
        on_board = self.daikaiju_on_board()
        if on_board < MINIMUM_ON_BOARD:
            if events is not None:
                events.append(Event("restore_daikaiju", {"on_board": on_board}))
            while self.daikaiju_on_board() < MINIMUM_ON_BOARD and self.supply:
                self._place_daikaiju("restore", events, fallen)
            return
        gold, blue = roll_die(self.rng), roll_die(self.rng)
        acts = gold + blue in ACTING_SUMS
        if events is not None:
            events.append(Event("daikaiju_roll", {"gold": gold, "blue": blue, "acts": acts}))
        if not acts:
            return
        face = roll_die(self.rng)
        if events is not None:
            events.append(Event("daikaiju_die", {"face": face}))
        if face == PLACE_NEW_FACE:
            if self.supply:
                self._place_daikaiju("roll", events, fallen)
            elif events is not None:
                events.append(Event("supply_empty", {}))  # D4
            return
        for kaiju in MOVEMENT_ORDER:
            if self.kaiju_square[kaiju] != OFF:  # not removed earlier in this roll
                self._daikaiju_act(kaiju, face, events, fallen)

    def _daikaiju_act(self, kaiju: int, face: int, events: list[Event] | None,
                      fallen: list[int]) -> None:
        square, facing = self.kaiju_square[kaiju], self.kaiju_facing[kaiju]
        code = arrow(kaiju, face)
        if code in ROTATION_STEP:
            self.kaiju_facing[kaiju] = (facing + ROTATION_STEP[code]) % 4
            if events is not None:
                events.append(Event("daikaiju_turned", {
                    "daikaiju": kaiju, "square": square, "facing": self.kaiju_facing[kaiju],
                    "clockwise": code == "C"}))
            return
        target = NEIGHBOUR[square][(facing + MOVE_TURN[code]) % 4]
        self.kaiju_at[square] = -1
        if target == OFF:
            self._to_supply(kaiju)
            if events is not None:
                events.append(Event("daikaiju_left", {"daikaiju": kaiju, "square": square}))
            return
        victim = self.kaiju_at[target]
        if victim >= 0:
            self._to_supply(victim)
            if events is not None:
                events.append(Event("daikaiju_destroyed", {
                    "daikaiju": victim, "by": kaiju, "square": target}))
        if events is not None:
            events.append(Event("daikaiju_moved", {"daikaiju": kaiju, "from": square,
                                                   "to": target}))
        if self.tile_at[target] >= 0:
            tile = self._clear_square(target)
            self.draw_pile.insert(0, tile)
            if events is not None:
                events.append(Event("tile_eaten", {"square": target, "tile": tile, "by": kaiju}))
            self._sink_ships_on(target, OUT_TILE_EATEN, events, fallen)
        self.kaiju_at[target] = kaiju
        self.kaiju_square[kaiju] = target

    def _place_daikaiju(self, why: str, events: list[Event] | None, fallen: list[int]) -> None:
        """B2: roll gold and blue for the square, again while it holds a daikaiju."""
        while True:
            gold, blue = roll_die(self.rng), roll_die(self.rng)
            square = square_for_dice(gold, blue)
            if self.kaiju_at[square] < 0:
                break
            if events is not None:
                events.append(Event("placement_reroll", {"gold": gold, "blue": blue}))
        kaiju = self.supply.pop()
        facing = self.rng.randrange(4)
        if events is not None:  # the cause first, then what it does (the log's order)
            events.append(Event("daikaiju_placed", {
                "daikaiju": kaiju, "square": square, "facing": facing, "gold": gold, "blue": blue,
                "why": why}))
        if self.tile_at[square] >= 0:  # placed on a wake tile: removed from the game
            tile = self._clear_square(square)
            self.removed.append(tile)
            if events is not None:
                events.append(Event("tile_removed", {"square": square, "tile": tile}))
            self._sink_ships_on(square, OUT_TILE_REMOVED, events, fallen)
        self.kaiju_at[square] = kaiju
        self.kaiju_square[kaiju] = square
        self.kaiju_facing[kaiju] = facing

    def _to_supply(self, kaiju: int) -> None:
        """D4: back into the face-down supply, shuffled."""
        self.kaiju_square[kaiju] = OFF
        self.supply.append(kaiju)
        self.rng.shuffle(self.supply)

    def _sink_ships_on(self, square: int, reason: str, events: list[Event] | None,
                       fallen: list[int]) -> None:
        """D6: a ship is on the tile its wake last crossed, the square behind it."""
        for seat in self.turn_order()[1:] + [self.active]:
            position = self.ships[seat]
            if position is not None and behind(position) == square:
                self._ship_out(seat, reason, events, fallen)

    def _facing_fate(self) -> str | None:
        """D7 and D8, after the roll: None when the active ship faces no daikaiju, else
        RELOCATE (still on its start mark, with a free mark on its edge) or why it is out."""
        position = self.ships[self.active]
        if position is None or self.kaiju_at[position >> 3] < 0:
            return None
        if behind(position) == OFF:
            return RELOCATE if self.relocation_marks() else OUT_NO_MARK
        return OUT_FACING

    def relocation_marks(self) -> list[int]:
        """D8: the other start marks on the same edge whose first square is empty (no
        wake tile; no daikaiju either, or the ship would face one at once) and that no
        other ship stands on."""
        position = self.ships[self.active]
        if position is None:
            return []
        edge = edge_of_mark(position)
        return [m for m in START_MARKS
                if edge_of_mark(m) == edge and m not in self.ships
                and self.tile_at[m >> 3] < 0 and self.kaiju_at[m >> 3] < 0]


__all__ = ["DaikaijuPhase", "OUT_FACING", "OUT_NO_MARK", "OUT_TILE_EATEN", "OUT_TILE_REMOVED",
           "RELOCATE"]
