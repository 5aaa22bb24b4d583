"""The evaluation of a Tatsu position and the `medium` bot.

The evaluation works on the engine's compact position (layout.py) and never rolls
dice: the danger a stone is in is a probability worked out over the 36 rolls.

value(p, me, to_move) = material(me) - material(rival)
                        - danger to me's stones + danger to the rival's stones

Material: each stone counts by kind and by where it is (free in the arena, held,
entangled, on the mat, in the tray); each destroyed stone costs more the closer its
kind is to being wiped out (D6); having only one to three stones in battle (arena and
mat, D6) costs. Danger: a lone stone (alone on its segment) can be landed on; for each
one, the chance that the rival's next roll brings a fire dragon onto it (destroy),
else a water dragon (expel), else a vine (entangle) — by one die, or by one stone using
both dice, or by entering from the mat — times what that power would cost. Danger
counts in full for the player about to move, and less for the other (its victims may
still flee). A stone sharing its segment (held, or with a holder above it) is safe.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.bots import Weights as BaseWeights
from game.tatsu.arena import DIRECTION, SEGMENTS
from game.tatsu.bots.model import ROLLS, from_state, whole_turns
from game.tatsu.core import ENTRY
from game.tatsu.layout import ARENA, CODES, DEAD, FIRE, MAT, TOTAL, TRAY, VINE, WATER, WON

if TYPE_CHECKING:
    from game.tatsu.state import TatsuState

# Per seat, (segment, code) of some of its stones in the arena.
Stones = tuple[list[tuple[int, int]], list[tuple[int, int]]]
# What _boxes gives: (box material, the cost of a destroy and of an expel per code).
Boxes = tuple[float, list[float], list[float]]

WIN = 100000.0


class Weights(BaseWeights):
    """The evaluation's weights. Kind-indexed tuples: (unused, vine, water, fire)."""

    arena = (0, 10.0, 14.0, 24.0)  # a free stone in the arena
    mat = (0, 9.0, 12.0, 21.0)  # on the mat, ready to enter with a 1-3
    tray = (0, 4.0, 6.0, 10.0)  # in the tray, to be recruited on a corner
    # Extra cost of the n-th destroyed stone of a kind (the last one loses the game).
    dead = ((0,), (0, 4.0, 10.0, 30.0, WIN), (0, 8.0, 30.0, WIN), (0, 60.0, WIN))
    held = 0.0  # a stone held under its own side's stone (safe but cannot move)
    entangled = 9.0  # a stone entangled by a rival vine
    battle = (WIN, 80.0, 25.0, 6.0)  # by stones in battle (arena + mat): 0, 1, 2, 3
    lose_soon = 600.0  # what a hit costs when it ends the game
    danger_mover = 1.0  # danger weight for the stones of the player not about to move
    danger_waiting = 0.0  # ... of the player about to move (the other one's threats)
    others = 0.5  # weight of every threatened stone but the most threatened one
    reach = 12  # farthest distance counted (6: one die only; 12: one stone, both dice)
    _tables: "_Tables"  # not a weight: what _tables() derives, cached on first use


DEFAULT = Weights()
# The medium bot counts only what one die can reach (the rival's single-die strikes).
MEDIUM = Weights(reach=6)


class _HitChances(dict):
    """HIT[reach][mask]: the chance that a roll lets a stone travel one of the distances
    whose bits are set in `mask` (bit d: distance d), by one die or, up to `reach`, by
    both dice on one stone. Filled in as masks are met (a full table would cost the
    page's start-up time)."""

    def __init__(self, reach: int):
        super().__init__()
        self.rolls = [(1 << a) | (1 << b) | ((1 << (a + b)) if a + b <= reach else 0)
                      for a in range(1, 7) for b in range(1, 7)]

    def __missing__(self, mask: int) -> float:
        chance = sum(1 for bits in self.rolls if bits & mask) / 36
        self[mask] = chance
        return chance


HIT = {12: _HitChances(12), 6: _HitChances(6)}
# BIT[seat][from][to]: 1 << distance when a stone of `seat` on `from` reaches `to` in
# 1-12 segments of its direction, else 0.
BIT = tuple(tuple(tuple(1 << d if 1 <= (d := (t - q) * DIRECTION[seat] % SEGMENTS) <= 12
                        else 0 for t in range(SEGMENTS)) for q in range(SEGMENTS))
            for seat in (0, 1))
# ENTRY_BIT[seat][segment]: the die bit with which a stone of `seat` enters there.
ENTRY_BIT = tuple(tuple(sum(1 << d for d in (1, 2, 3) if ENTRY[seat][d] == s)
                        for s in range(SEGMENTS)) for seat in (0, 1))


def _material_table(w: Weights) -> tuple[float, ...]:
    """Per segment byte: the arena material of Black less White's."""
    table = []
    for byte in range(256):
        inner, outer = byte & 7, byte >> 3
        value = 0.0
        if inner and outer < 8:
            sign = 1 if inner >> 2 == 0 else -1
            value += sign * w.arena[inner & 3]
            if outer:
                other = 1 if outer >> 2 == 0 else -1
                value += other * w.arena[outer & 3]
                value -= sign * (w.held if sign == other else w.entangled)
        table.append(value)
    return tuple(table)


class _Tables:
    """What the evaluation derives from its weights, made once per Weights."""

    def __init__(self, w: Weights):
        self.material = _material_table(w)
        # bytes of the trays, mats, dead and arena counts -> _boxes()
        self.boxes: dict[bytes, Boxes] = {}


def _tables(w: Weights) -> _Tables:
    tables = w.__dict__.get("_tables")
    if tables is None:
        tables = _Tables(w)
        w._tables = tables
    return tables


def _boxes(p: bytearray, w: Weights) -> Boxes:
    """(Black's box material less White's, what a destroy and an expel would cost each
    stone code, per seat whether it has only one stone in battle)."""
    value = [0.0, 0.0]
    destroy = [0.0] * 8
    expel = [0.0] * 8
    last = [False, False]
    for seat in (0, 1):
        in_battle = p[ARENA + seat]
        for code in CODES[seat]:
            kind = code & 3
            value[seat] += (w.mat[kind] * p[MAT + code] + w.tray[kind] * p[TRAY + code]
                            - w.dead[kind][p[DEAD + code]])
            in_battle += p[MAT + code]
        if in_battle < len(w.battle):
            value[seat] -= w.battle[in_battle]
        last[seat] = in_battle == 1
        for code in CODES[seat]:
            kind = code & 3
            lost = p[DEAD + code] + 1
            if lost >= TOTAL[kind] or last[seat]:
                destroy[code] = w.lose_soon
            else:
                destroy[code] = w.arena[kind] + w.dead[kind][lost] - w.dead[kind][lost - 1]
            expel[code] = w.lose_soon if last[seat] else w.arena[kind] - w.tray[kind]
    return value[0] - value[1], destroy, expel


def _danger(p: bytearray, lone: Stones, strikers: Stones, boxes: Boxes, w: Weights) -> list[float]:
    """[the danger to Black's stones, to White's]: for each of a seat's lone stones
    ((segment, code) in `lone`), what the rival's next roll would cost it, by the
    rival's `strikers` (stones free to move) or by entering from its mat; a seat's most
    threatened stone counts in full, every other one by `w.others`. (The evaluation's
    hot path: its loops stay together in this one call.)"""
    danger = [0.0, 0.0]
    hit = HIT[w.reach]
    destroy, expel, entangled, others = boxes[1], boxes[2], w.entangled, w.others
    for victim in (0, 1):
        rival = 1 - victim
        base = MAT + 4 * rival
        # no lone stone, or no rival stone to strike with (on the board or the mat): safe
        if not lone[victim] or not (strikers[rival] or p[base + 1] or p[base + 2]
                                    or p[base + 3]):
            continue
        bits = BIT[rival]
        entry_bits = ENTRY_BIT[rival]
        worst = total = 0.0
        for segment, code in lone[victim]:
            fire = water = vine = 0
            for origin, striker in strikers[rival]:
                bit = bits[origin][segment]
                if bit:
                    kind = striker & 3
                    if kind == FIRE:
                        fire |= bit
                    elif kind == WATER:
                        water |= bit
                    else:
                        vine |= bit
            entry = entry_bits[segment]
            if entry:
                if p[base + FIRE]:
                    fire |= entry
                if p[base + WATER]:
                    water |= entry
                if p[base + VINE]:
                    vine |= entry
            if not (fire or water or vine):
                continue
            p_fire = hit[fire]
            water |= fire
            p_water = hit[water]
            p_vine = hit[water | vine]
            cost = (p_fire * destroy[code] + (p_water - p_fire) * expel[code]
                    + (p_vine - p_water) * entangled)
            total += cost
            if cost > worst:
                worst = cost
        danger[victim] = worst + others * (total - worst)
    return danger


def evaluate(p: bytearray, me: int, to_move: int, w: Weights = DEFAULT) -> float:
    """How good position `p` is for `me`, `to_move` being about to roll."""
    won = p[WON]
    if won:
        return WIN if won == 1 + me else -WIN
    tables = _tables(w)
    segments = p[:SEGMENTS]
    key = bytes(p[TRAY:WON])
    boxes = tables.boxes.get(key)
    if boxes is None:
        boxes = tables.boxes[key] = _boxes(p, w)
    black = sum(map(tables.material.__getitem__, segments)) + boxes[0]
    lone: Stones = ([], [])  # per seat: (segment, code) of stones alone on their segment
    strikers: Stones = ([], [])  # per seat: (segment, code) of stones free to move
    for segment, byte in enumerate(segments):
        if byte:
            if byte < 8:
                lone[byte >> 2].append((segment, byte))
                strikers[byte >> 2].append((segment, byte))
            else:
                strikers[byte >> 5].append((segment, byte >> 3))
    danger = _danger(p, lone, strikers, boxes, w)
    w_black = w.danger_waiting if to_move == 0 else w.danger_mover
    w_white = w.danger_waiting if to_move == 1 else w.danger_mover
    value = black - w_black * danger[0] + w_white * danger[1]
    return value if me == 0 else -value


def best_turn(p: bytearray, seat: int, dice: Sequence[int], first: bool = True,
              w: Weights = DEFAULT) -> tuple[float, tuple[Action, ...], bytearray]:
    """(value, moves, position) of `seat`'s best whole turn by the evaluation, the rival
    being the next to roll."""
    best = None
    rival = 1 - seat
    for q, moves in whole_turns(p, seat, dice, first):
        value = evaluate(q, seat, rival, w)
        if best is None or value > best[0]:
            best = (value, moves, q)
    return best  # type: ignore[return-value]  # never None: a turn has at least one way


def turn_of(state: "TatsuState") -> tuple[bytearray, int, tuple[int, ...], bool]:
    """(a copy of the position, seat, dice left, whether no die has been used yet)."""
    dice = state.dice_left
    return from_state(state), state.mover, dice, len(dice) == len(state.rolled)


class MediumBot:
    """`medium`: every whole turn (each first decision followed by each second one) is
    played on a copy of the position and judged by the evaluation; the bot plays the
    first action of the best turn. Ties go to the turn found first, so the bot is
    deterministic."""

    weights = MEDIUM

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.seed = seed

    def __call__(self, state: "TatsuState") -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p, seat, dice, first = turn_of(state)
        _, moves, _ = best_turn(p, seat, dice, first, self.weights)
        return moves[0] if moves[0] in actions else actions[0]


__all__ = ["DEFAULT", "MEDIUM", "WIN", "MediumBot", "Weights", "best_turn", "evaluate", "ROLLS"]
