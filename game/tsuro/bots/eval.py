"""The `medium` bot and the position evaluation the `hard` bot shares.

Everything here reads only what the seat to move can see: the board (tiles, daikaiju,
ships), its own hand, the hand sizes and, at a bonus, the eliminated captains' hands.
The evaluation never rolls dice: daikaiju risk is an expectation worked out from the
D3 table.
"""

from collections.abc import Iterable, Sequence

from game.core import Action
from game.core.bots import Weights as BaseWeights
from game.tsuro.board import (
    ACROSS,
    DIE_TO_LINE,
    NEIGHBOUR,
    OFF,
    SQUARES,
    behind,
    squares_apart,
)
from game.tsuro.daikaiju import (
    ACTING_SUMS,
    DAIKAIJU_COUNT,
    MINIMUM_ON_BOARD,
    MOVE_TURN,
    PLACE_NEW_FACE,
    ROTATION_STEP,
    arrow,
)
from game.tsuro.sailing import sail
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK, TsuroState
from game.tsuro.tiles import ORIENTED, Lookup
from game.tsuro.world import Voyage, World

# The chance that one daikaiju roll makes the daikaiju act, and of each die face then.
P_ACT = sum(1 for g in range(1, 7) for b in range(1, 7) if g + b in ACTING_SUMS) / 36
P_FACE = 1 / 6
# The squares a daikaiju can be placed on (D1: never the middle cross).
DICE_SQUARES = tuple(sorted({DIE_TO_LINE[b] * 7 + DIE_TO_LINE[g]
                             for g in DIE_TO_LINE for b in DIE_TO_LINE}))
MOVE_FACES = tuple(f for f in range(1, 7) if f != PLACE_NEW_FACE)
BEHIND = tuple(behind(p) for p in range(SQUARES * 8))

# The distinct wake lookups of a tile (symmetric tiles repeat under rotation).
DISTINCT = tuple(tuple(dict.fromkeys(ORIENTED[t])) for t in range(len(ORIENTED)))

# --- evaluation weights ------------------------------------------------------------------
WIN, LOSS = 1000.0, -1000.0


class Weights(BaseWeights):
    """The evaluation's weights (one object, so that a variant can be tried)."""

    kill = 12.0  # an opponent put out now
    danger = 40.0  # x chance a daikaiju gets the own ship before its next placement
    hand = 3.0  # per tile of the hand that will have a safe placement next turn
    hand_options = 0.5  # per safe (tile, rotation) of the hand next turn
    open = 8.0  # x the share of a random tile's wakes that would keep the ship afloat
    shared = 4.0  # a rival, moving first, faces the same square (it will move us)
    opponent = 0.35  # how much an opponent's good position counts against us
    markov = False  # daikaiju risk over all the rolls to come (risk_maps), not one roll


DEFAULT = Weights()


def afloat(ships: Sequence[int | None]) -> int:
    """How many ships are still afloat, given every seat's ship position (None: out)."""
    return len(ships) - ships.count(None)


class Context:
    """What does not change between the placements judged in one decision."""

    __slots__ = ("danger", "rolls", "w", "enter", "held", "order")

    def __init__(self, state: World, weights: Weights = DEFAULT) -> None:
        self.w = weights
        self.danger = danger_map(state)
        alive = [s for s in state.turn_order() if state.out[s] is None]
        self.rolls = max(1, len(alive))  # daikaiju rolls before the own next placement
        # how many rolls each seat waits for its next placement, counted from the
        # seat to move (which has just placed)
        self.order = {seat: (i or len(alive)) for i, seat in enumerate(alive)}
        if weights.markov:
            self.enter, self.held = risk_maps(state, self.rolls)

    def after_rolls(self, world: World, weights: Weights) -> "Context":
        """The same, judged with `weights` (markov False) on `world`, whose daikaiju
        have moved since (a playout rolled them): the one-roll danger map afresh."""
        copy = object.__new__(Context)
        for name in ("rolls", "order"):
            setattr(copy, name, getattr(self, name))
        copy.w = weights
        copy.danger = danger_map(world)
        return copy

    def risk(self, seat: int, position: int) -> float:
        """The chance that a daikaiju ends the ship of `seat` at `position` before its
        next placement: by taking the tile under it or standing in front of it."""
        square = position >> 3
        under = BEHIND[position]
        if self.w.markov:
            rolls = self.order.get(seat, self.rolls)
            safe = 1.0 - self.held[rolls][square]
            if under != OFF:
                safe *= 1.0 - self.enter[rolls][under]
            return 1.0 - safe
        danger = self.danger[square] + (self.danger[under] if under != OFF else 0.0)
        return min(1.0, self.rolls * danger)


def danger_map(state: World) -> list[float]:
    """danger[square]: the chance that one daikaiju roll brings a daikaiju to `square`
    (moved there by the D3 table, or placed there), before any other roll."""
    danger = [0.0] * SQUARES
    if not state.config["daikaiju"]:
        return danger
    on_board = [k for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] != OFF]
    free = [s for s in DICE_SQUARES if state.kaiju_at[s] < 0]
    supply = len(state.supply)
    if len(on_board) < MINIMUM_ON_BOARD:  # the next captain restores the minimum
        need = min(MINIMUM_ON_BOARD - len(on_board), supply)
        for s in free:
            danger[s] += need / len(free)
        return danger
    step = P_ACT * P_FACE
    for k in on_board:
        square, facing = state.kaiju_square[k], state.kaiju_facing[k]
        for face in MOVE_FACES:
            code = arrow(k, face)
            if code in MOVE_TURN:
                target = NEIGHBOUR[square][(facing + MOVE_TURN[code]) % 4]
                if target != OFF:
                    danger[target] += step
    if supply and free:
        for s in free:
            danger[s] += step / len(free)
    return danger


def _transitions() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """TRANSITION[k][state][face - 1]: where daikaiju k at state (square * 4 + facing)
    is after die face 1-5 (-1: off the board)."""
    table = []
    for k in range(DAIKAIJU_COUNT):
        rows = []
        for square in range(SQUARES):
            for facing in range(4):
                row = []
                for face in MOVE_FACES:
                    code = arrow(k, face)
                    if code in MOVE_TURN:
                        target = NEIGHBOUR[square][(facing + MOVE_TURN[code]) % 4]
                        row.append(-1 if target == OFF else target * 4 + facing)
                    else:
                        row.append(square * 4 + (facing + ROTATION_STEP[code]) % 4)
                rows.append(tuple(row))
        table.append(tuple(rows))
    return tuple(table)


TRANSITION = _transitions()
P_STILL = 1 - P_ACT + P_ACT * P_FACE  # no act, or a 6 (no daikaiju moves)


def _placed(free: list[int], chance: float, no_enter: list[float], empty: list[float]) -> None:
    """A new daikaiju is placed on each of the `free` dice squares with `chance`: the
    square is then both entered and held (risk_maps' running products of "not")."""
    for s in free:
        no_enter[s] *= 1 - chance
        empty[s] *= 1 - chance


def _rolled(table: tuple[tuple[int, ...], ...], dist: dict[int, float], step: float,
            no_enter: list[float]) -> dict[int, float]:
    """One daikaiju's chances over (square * 4 + facing) after one more roll, from
    `dist` by its TRANSITION `table` (each die face with chance `step`); the chance
    that it steps onto each square meanwhile goes into `no_enter`."""
    new: dict[int, float] = {}
    entered: dict[int, float] = {}
    for here, p in dist.items():
        new[here] = new.get(here, 0.0) + p * P_STILL
        q = p * step
        for there in table[here]:
            if there < 0:  # off the board
                continue
            new[there] = new.get(there, 0.0) + q
            if there >> 2 != here >> 2:  # a step, not a turn on the spot
                entered[there >> 2] = entered.get(there >> 2, 0.0) + q
    for s, q in entered.items():
        no_enter[s] *= 1 - min(1.0, q)
    return new


def risk_maps(state: World, rolls: int) -> tuple[list[list[float]], list[list[float]]]:
    """For t = 1..rolls daikaiju rolls from now: enter[t][s], the chance that a daikaiju
    steps onto or is placed on square s during them, and held[t][s], that one stands
    on s after them (for squares without one now). Each daikaiju is followed on its
    own (a Markov chain over square and facing); placements are uniform over the free
    dice squares; daikaiju meeting each other are not modelled."""
    zero = [0.0] * SQUARES
    if not state.config["daikaiju"] or rolls <= 0:
        return [zero] * (rolls + 1), [zero] * (rolls + 1)
    on_board = [k for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] != OFF]
    free = [s for s in DICE_SQUARES if state.kaiju_at[s] < 0]
    supply = len(state.supply)
    no_enter = [1.0] * SQUARES
    empty = [1.0] * SQUARES
    dists = {k: {state.kaiju_square[k] * 4 + state.kaiju_facing[k]: 1.0} for k in on_board}
    enter_at, held_at = [zero], [zero]
    step = P_ACT * P_FACE
    for t in range(rolls):
        if t == 0 and len(on_board) < MINIMUM_ON_BOARD:  # restoring instead of rolling
            if free:
                _placed(free, min(MINIMUM_ON_BOARD - len(on_board), supply) / len(free),
                        no_enter, empty)
        else:
            if supply and free:
                _placed(free, step / len(free), no_enter, empty)
            for k in on_board:
                dists[k] = _rolled(TRANSITION[k], dists[k], step, no_enter)
        held = list(empty)
        for k in on_board:
            occupied: dict[int, float] = {}
            for here, p in dists[k].items():
                occupied[here >> 2] = occupied.get(here >> 2, 0.0) + p
            for s, p in occupied.items():
                held[s] *= 1 - min(1.0, p)
        enter_at.append([1.0 - x for x in no_enter])
        held_at.append([1.0 - x for x in held])
    return enter_at, held_at


def openness(position: int, wakes: Sequence[Lookup | None], kaiju_at: Sequence[int]) -> float:
    """The share of the 7 ways a random tile could lead a ship at `position` out of the
    square in front of it that keep it afloat (a wake back into that square counts half)."""
    square = position >> 3
    entry = position & 7
    base = square * 8
    good = 0.0
    for exit_point in range(8):
        if exit_point == entry:
            continue
        there = ACROSS[base + exit_point]
        if there < 0:
            continue
        ahead = there >> 3
        if kaiju_at[ahead] >= 0:
            continue
        if wakes[ahead] is None:
            good += 1.0
            continue
        end = sail(there, wakes, kaiju_at)
        if end >= 0:
            good += 0.5 if end >> 3 == square else 1.0
    return good / 7.0


def hand_safety(position: int, hand: Iterable[int], wakes: Sequence[Lookup | None],
                kaiju_at: Sequence[int]) -> tuple[int, int]:
    """(tiles of `hand` with at least one placement keeping the ship afloat, such
    placements in all) for a ship at `position`, on this board."""
    square = position >> 3
    tiles = options = 0
    for tile in hand:
        safe = 0
        for lookup in DISTINCT[tile]:
            if sail(position, wakes, kaiju_at, square, lookup) >= 0:
                safe += 1
        if safe:
            tiles += 1
            options += safe
    return tiles, options


def seat_quality(seat: int, position: int, ships: Sequence[int | None],
                 wakes: Sequence[Lookup | None], kaiju_at: Sequence[int], ctx: Context,
                 hand: Sequence[int] | None = None, rivals: bool = False) -> float:
    """How good a ship's position is, before its next placement: daikaiju danger to the
    square in front and the tile under it, the openness of the square in front, with
    `rivals` another ship facing the same square (it moves first and will move this
    one) and with `hand` the safe placements of that hand."""
    w = ctx.w
    value = w.open * openness(position, wakes, kaiju_at) - w.danger * ctx.risk(seat, position)
    if rivals:
        square = position >> 3
        for other, where in enumerate(ships):
            if other != seat and where is not None and where >> 3 == square:
                value -= w.shared
                break
    if hand:
        tiles, options = hand_safety(position, hand, wakes, kaiju_at)
        value += w.hand * tiles + w.hand_options * options
    return value


def placement_value(state: TsuroState, me: int, action: Action, ctx: Context) -> float:
    """The medium evaluation of placing `action` (a legal placement of seat `me`)."""
    tile, rotation = action.args
    return outcome_value(state, me, tile, ORIENTED[tile][rotation],
                         state.placement_outcome(tile, rotation).voyages, ctx)


def outcome_value(state: World, me: int, tile: int, lookup: Lookup, voyages: dict[int, Voyage],
                  ctx: Context) -> float:
    """The medium evaluation of seat `me` placing `tile` (wakes `lookup`) with the
    outcome `voyages` ({seat: (end, fate, ...)}, fate None for a ship still afloat).
    `state` is anything with the state's `ships`, `wakes`, `hands`, `kaiju_at` and
    `supply`."""
    ships = state.ships
    square = ships[me] >> 3  # type: ignore[operator]  # `me` is the mover: afloat
    wakes = list(state.wakes)
    wakes[square] = lookup
    ships = list(ships)
    dead = 0
    for seat, voyage in voyages.items():
        if voyage[1] is None:
            ships[seat] = voyage[0]
        else:
            ships[seat] = None
            dead += 1
    if ships[me] is None:
        return LOSS + dead if any(p is not None for p in ships) else WIN / dead
    alive = afloat(ships)
    if alive == 1:
        return WIN
    if wakes.count(None) == DAIKAIJU_COUNT - len(state.supply):  # the board is full
        return WIN / alive
    hand = list(state.hands[me])
    hand.remove(tile)
    kaiju_at = state.kaiju_at
    w = ctx.w
    value = w.kill * dead + seat_quality(me, ships[me], ships, wakes, kaiju_at, ctx, hand, True)  # type: ignore[arg-type]  # afloat: returned above if not
    if w.opponent:
        for seat, where in enumerate(ships):
            if seat != me and where is not None:
                value -= w.opponent * seat_quality(seat, where, ships, wakes, kaiju_at, ctx)
    return value


def best_placement(state: TsuroState, me: int, actions: Sequence[Action],
                   weights: Weights = DEFAULT) -> Action:
    ctx = Context(state, weights)
    best, best_value = actions[0], None
    for action in actions:
        value = placement_value(state, me, action, ctx)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def mark_value(state: World, me: int, mark: int, ctx: Context) -> float:
    """A start mark: the square in front empty and open, away from daikaiju and from
    other ships (a ship facing the same square may move ours)."""
    square = mark >> 3
    if state.kaiju_at[square] >= 0 or state.tile_at[square] >= 0:
        return LOSS
    value = ctx.w.open * openness(mark, state.wakes, state.kaiju_at)
    value -= ctx.w.danger * min(1.0, ctx.rolls * ctx.danger[square])
    # daikaiju near the square in front (they may come later, too)
    for k in range(DAIKAIJU_COUNT):
        where = state.kaiju_square[k]
        if where != OFF:
            distance = squares_apart(where, square)
            if distance <= 2:
                value -= 2.0 / distance
    for seat, position in enumerate(state.ships):
        if seat != me and position is not None:
            if position >> 3 == square:
                value -= ctx.w.shared
            elif squares_apart(position >> 3, square) <= 1:
                value -= 1.0
    return value


def best_mark(state: World, me: int, actions: Sequence[Action],
              weights: Weights = DEFAULT) -> Action:
    ctx = Context(state, weights)
    best, best_value = actions[0], None
    for action in actions:
        value = mark_value(state, me, action.args[0], ctx)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def tile_value(state: World, me: int, tile: int, ctx: Context) -> float:
    """How good a tile would be to hold for the next placement from where the ship is."""
    position: int = state.ships[me]  # type: ignore[assignment]  # asked only for a ship afloat
    square = position >> 3
    best = -50.0
    for lookup in DISTINCT[tile]:
        end = sail(position, state.wakes, state.kaiju_at, square, lookup)
        if end < 0:
            continue
        wakes = list(state.wakes)
        wakes[square] = lookup
        under = behind(end)
        danger = ctx.danger[end >> 3] + (ctx.danger[under] if under != OFF else 0.0)
        value = 10.0 + ctx.w.open * openness(end, wakes, state.kaiju_at) - ctx.w.danger * min(
            1.0, ctx.rolls * danger)
        best = max(best, value)
    return best


def best_bonus(state: TsuroState, me: int, actions: Sequence[Action],
               weights: Weights = DEFAULT) -> Action:
    """Keep the tiles (own and eliminated captains') that are best to hold."""
    ctx = Context(state, weights)
    hand = state.hands[me]
    pool = state.bonus_pool()
    scored = sorted(((tile_value(state, me, t, ctx), -t, t) for t in set(hand) | set(pool)),
                    reverse=True)
    keep = {t for _, _, t in scored[:len(hand)]}
    give = tuple(sorted(t for t in hand if t not in keep))
    take = tuple(sorted(t for t in pool if t in keep))
    wanted = ("bonus", (give, take))
    for action in actions:
        if (action.kind, action.args) == wanted:
            return action
    return actions[0]


class MediumBot:
    """`medium`: one-step lookahead with the evaluation above."""

    weights = DEFAULT

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.seed = seed  # the medium bot has no chance in it

    def __call__(self, state: TsuroState) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        decision = state.decision
        if decision == PLACEMENT:
            return best_placement(state, self.seat, actions, self.weights)
        if decision in (START_MARK, RELOCATION):
            return best_mark(state, self.seat, actions, self.weights)
        if decision == BONUS:
            return best_bonus(state, self.seat, actions, self.weights)
        return actions[0]


__all__ = ["MediumBot", "best_bonus", "best_mark", "best_placement", "placement_value"]
