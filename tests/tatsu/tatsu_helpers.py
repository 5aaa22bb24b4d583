"""Shared helpers for the Tatsu tests: building positions, playing actions, and an
independent checker of the physical rules that does not use the engine's own checks."""

import random

import pytest

from game.core import RuleError
from game.tatsu import TatsuState
from game.tatsu.actions import PASS as PASS  # the actions, re-exported for the tests
from game.tatsu.actions import enter as enter
from game.tatsu.actions import escape as escape
from game.tatsu.actions import move as move
from game.tatsu.arena import BLACK, COLOURS, KINDS, SEGMENTS, STONE_CODE, STONES_PER_KIND, WHITE
from game.tatsu.layout import DEAD, TRAY


def pos(arena=None, *, to_move="black", dice=(1, 2), dice_left=None, mats=None, trays=None,
        dead=None, seed=0, turn=1):
    """A position written the short way the tests use, built through its JSON form
    (TatsuState.from_position; docs/rules-tatsu.md, "Positions"):

        pos({5: "Bv", 7: ("Wf", "Bv")},    # segment -> lone stone, or (inner, outer)
            to_move="black", dice=(3, 4),  # dice_left: default both
            mats={"black": {"fire": 1}},   # boxes keyed by colour; dead: the stones
            dead={"white": {"fire": 2}})   # each player destroyed (the opponent's)

    Anything the JSON form refuses is passed on as it is, to be refused there."""
    def boxes(given):
        if isinstance(given, dict) and set(given) <= set(COLOURS):
            return [dict(given.get(colour, {})) for colour in COLOURS]
        return given

    position = {
        "game": TatsuState.GAME, "version": 1,
        "to_move": COLOURS.index(to_move) if to_move in COLOURS else to_move,
        "turn": turn, "dice": list(dice),
        "arena": {str(segment): [stones] if isinstance(stones, str) else list(stones)
                  for segment, stones in (arena or {}).items()},
        "seed": seed,
    }
    if dice_left is not None:
        position["dice_left"] = list(dice_left)
    for name, given in (("trays", trays), ("mats", mats), ("dead", dead)):
        if given is not None:
            position[name] = boxes(given)
    return TatsuState.from_position(position)


def destroy_by_hand(state, seat, kind, count=1):
    """Move `count` of `seat`'s `kind` stones from its tray to the opponent's dead zone
    by hand: a position no game reaches when it completes a kind (the opponent has won
    and play goes on), which from_position refuses (D6). Only the D6 tie-break, which
    needs both players' conditions met at one landing, is tested from one."""
    code = STONE_CODE[seat, kind]
    assert state.position[TRAY + code] >= count
    state.position[TRAY + code] -= count
    state.position[DEAD + code] += count
    state._legal = None
    return state


def kinds(events):
    return [e.kind for e in events]


def only(events, kind):
    """The one event of `kind` among `events`."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, events)
    return found[0].data


def refused(state, action, rule, words):
    """Apply `action`, expect a RuleError naming `rule` and saying `words`, and check
    that the state is exactly as before."""
    before = state.snapshot()
    with pytest.raises(RuleError) as caught:
        state.apply(action)
    assert caught.value.rule == rule, caught.value
    assert words in str(caught.value), str(caught.value)
    assert state.snapshot() == before
    return caught.value


def stones_of(state, seat):
    """{kind: count} of `seat`'s stones in the arena, read through the accessors."""
    counts = dict.fromkeys(KINDS, 0)
    for segment in range(SEGMENTS):
        for field in ("inner", "outer"):
            stone = state.stone_at(segment, field)
            if stone is not None and stone[0] == seat:
                counts[stone[1]] += 1
    return counts


def independent_problems(state):
    """The physical rules, checked from the public accessors only."""
    problems = []
    for seat in (BLACK, WHITE):
        arena = stones_of(state, seat)
        for kind in KINDS:  # D7: arena + own mat + own tray + opponent's dead zone
            total = (arena[kind] + state.mat(seat)[kind] + state.tray(seat)[kind]
                     + state.dead_zone(1 - seat)[kind])
            if total != STONES_PER_KIND[kind]:
                problems.append(f"seat {seat} has {total} {kind}")
        for box in (state.mat(seat), state.tray(seat), state.dead_zone(seat)):
            if set(box) != set(KINDS) or min(box.values()) < 0:
                problems.append(f"bad box {box}")
    for segment in range(SEGMENTS):
        bottom, top = state.stone_at(segment, "inner"), state.stone_at(segment, "outer")
        if top is not None and bottom is None:
            problems.append(f"lone stone on the outer field of {segment}")
        status = state.status(segment, "inner")
        if status == "entangled" and not (top[0] != bottom[0] and top[1] == "vine"):
            problems.append(f"entangled at {segment} without an opposing vine above")
        if status == "held" and top[0] != bottom[0]:
            problems.append(f"held at {segment} without its owner's stone above")
        if top is not None and status not in ("held", "entangled"):
            problems.append(f"inner stone at {segment} under another is {status}")
    return problems


def random_game(seed, chooser_seed, cap=5000, check=None):
    """Play random legal actions until the game ends (or `cap` actions)."""
    state = TatsuState({"first": "roll" if seed % 3 == 0 else "black"}, seed)
    chooser = random.Random(chooser_seed)
    for _ in range(cap):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[chooser.randrange(len(actions))])
        if check is not None:
            check(state)
    return state


# --- the rules text, read independently of the engine (docs/rules-tatsu.md) -----------
STEP = (+1, -1)  # D1: Black clockwise, White anticlockwise
ENTRY_POINTS = ({1: 1, 2: 2, 3: 3}, {1: 15, 2: 14, 3: 13})  # D1: entry point -> segment
CORNERS = {0: "water", 4: "fire", 8: "vine", 12: "fire", 16: "water", 20: "vine"}  # D2


def _full(state, segment):
    return state.stone_at(segment, "outer") is not None


def independent_moves(state):
    """The legal actions of the seat to move, worked out from the accessors and the
    rules text alone: a free stone moves by a die, a mat stone enters with a 1-3,
    neither onto a full segment; before a die is used, an entangled stone may escape
    by the smaller die, and a pass is offered when no die can be used."""
    seat, dice = state.to_move, state.dice_left
    moves = []
    for segment in range(SEGMENTS):
        for field in ("inner", "outer"):
            stone = state.stone_at(segment, field)
            if stone is None or stone[0] != seat or state.status(segment, field) != "free":
                continue
            for die in set(dice):
                if not _full(state, (segment + STEP[seat] * die) % SEGMENTS):
                    moves.append(move(segment, die, field))
    for kind, count in state.mat(seat).items():
        for die in set(dice) & {1, 2, 3}:
            if count and not _full(state, ENTRY_POINTS[seat][die]):
                moves.append(enter(kind, die))
    if len(dice) == len(state.rolled):
        if not moves:
            moves.append(PASS)
        die = min(dice)
        for segment in range(SEGMENTS):
            if (state.status(segment, "inner") == "entangled"
                    and state.stone_at(segment, "inner")[0] == seat
                    and not _full(state, (segment + STEP[seat] * die) % SEGMENTS)):
                moves.append(escape(segment, die))
    return moves


def position_of(state):
    """What a position holds, read through the accessors: (fields, trays, mats, dead
    zones, winners), fields being {(segment, field): stone}."""
    fields = {(segment, field): state.stone_at(segment, field)
              for segment in range(SEGMENTS) for field in ("inner", "outer")
              if state.stone_at(segment, field) is not None}
    boxes = [[dict(box(seat)) for seat in (BLACK, WHITE)]
             for box in (state.tray, state.mat, state.dead_zone)]
    return fields, *boxes, tuple(state.winners)


def independent_outcome(state, action):
    """What `action` (a legal one) leads to by the rules text, in the shape of
    position_of: the stone leaves (an escaping stone's vine settles on the inner
    field), then lands: on an empty segment inside, on its own stone outside (holding),
    else by its power (a vine entangles from outside, water expels the victim to its
    tray, fire destroys it); then a corner recruits; then D6, the mover winning ties."""
    seat = state.to_move
    fields, trays, mats, dead, winners = position_of(state)
    if action.kind == "pass":
        return fields, trays, mats, dead, winners
    (where, what), die = action.args
    if action.kind == "enter":
        stone, target = (seat, what), ENTRY_POINTS[seat][die]
        mats[seat][what] -= 1
    else:
        stone, target = fields.pop((where, what)), (where + STEP[seat] * die) % SEGMENTS
        if action.kind == "escape":
            fields[where, "inner"] = fields.pop((where, "outer"))
    victim = fields.get((target, "inner"))
    if victim is None:
        fields[target, "inner"] = stone
    elif victim[0] == seat or stone[1] == "vine":
        fields[target, "outer"] = stone
    else:
        fields[target, "inner"] = stone
        if stone[1] == "water":
            trays[victim[0]][victim[1]] += 1
        else:
            dead[seat][victim[1]] += 1
    corner = CORNERS.get(target)
    if corner and trays[seat][corner]:
        trays[seat][corner] -= 1
        mats[seat][corner] += 1

    def has_won(player):
        rival = 1 - player
        if any(dead[player][kind] == STONES_PER_KIND[kind] for kind in KINDS):
            return True
        return (not any(s[0] == rival for s in fields.values())
                and not any(mats[rival].values()))

    winner = next((player for player in (seat, 1 - seat) if has_won(player)), None)
    return fields, trays, mats, dead, () if winner is None else (winner,)
