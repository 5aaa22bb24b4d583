"""Shared helpers: board addressing, a scripted source of chance, constructed positions,
and small event helpers. Nothing here decides what the rules are; tests state their
expectations explicitly.

Numbering in these tests follows the engine: seats, tiles (DECK index) and daikaiju all
count from 0, so "daikaiju 0" is tile 1 of the D3 table. Squares are written (row, col),
0-based from the top-left; `at(square, point)` is a ship position.
"""

import copy
import random

from game.tsuro import TsuroState
from game.tsuro.actions import bonus as bonus  # the actions, re-exported for the tests
from game.tsuro.actions import place as place
from game.tsuro.actions import relocate as relocate
from game.tsuro.actions import start as start
from game.tsuro.tiles import DECK, ORIENTED

# --- random games ------------------------------------------------------------------


def randomly_played(players: int, daikaiju: bool, seed: int, steps: int,
                    choice: int) -> tuple[TsuroState, random.Random]:
    """A game of `players` dealt from `seed`, then up to `steps` actions chosen at random
    (from `choice`), fewer if it ends first; and the chooser, to choose on."""
    state = TsuroState({"players": players, "daikaiju": daikaiju}, seed)
    chooser = random.Random(choice)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state, chooser


# --- addressing --------------------------------------------------------------------


def sq(row: int, col: int) -> int:
    """Square number of (row, column), 0-based from the top-left."""
    return row * 7 + col


def at(square: int, point: int) -> int:
    """A ship position: the square it faces and the point of that square it stands on."""
    return square * 8 + point


# --- tiles ---------------------------------------------------------------------------


def joins(tile: int, rotation: int, a: int, b: int) -> bool:
    return ORIENTED[tile][rotation][a] == b


def find_tile(wanted: dict, used=(), *, fully_asymmetric=False):
    """The first (tile, rotation) whose oriented wakes join every a -> b of `wanted`,
    the tile not in `used`."""
    for tile in range(len(DECK)):
        if tile in used:
            continue
        if fully_asymmetric and len(set(ORIENTED[tile])) != 4:
            continue
        for rotation in range(4):
            if all(ORIENTED[tile][rotation][a] == b for a, b in wanted.items()):
                return tile, rotation
    raise LookupError(f"no tile joins {wanted}")


def rotation_joining(tile: int, a: int, b: int) -> int:
    for rotation in range(4):
        if joins(tile, rotation, a, b):
            return rotation
    raise LookupError(f"tile {tile} never joins {a} and {b}")


# --- a scripted source of chance -------------------------------------------------------


class Script:
    """Stands in for random.Random in constructed positions. Every die the engine rolls
    (randrange(6)) comes from `dice` (faces 1-6), every daikaiju facing (randrange(4))
    from `facings`; shuffles are recorded and leave the list as it is. Asking for more
    chance than scripted fails the test."""

    def __init__(self, dice=(), facings=()):
        self.dice = list(dice)
        self.facings = list(facings)
        self.shuffles = []

    def randrange(self, n):
        if n == 6:
            assert self.dice, "the engine rolled a die that the test did not script"
            face = self.dice.pop(0)
            assert 1 <= face <= 6
            return face - 1
        if n == 4:
            assert self.facings, "the engine drew a facing that the test did not script"
            return self.facings.pop(0)
        raise AssertionError(f"unexpected randrange({n})")

    def shuffle(self, items):
        self.shuffles.append(list(items))

    def getstate(self):
        return ("script", tuple(self.dice), tuple(self.facings), len(self.shuffles))

    @property
    def used_up(self) -> bool:
        return not self.dice and not self.facings


def position(players=2, *, ships, hands=None, tiles=None, daikaiju=None, draw_pile=(),
             active=0, daikaiju_rule=True, out=None, **fields) -> dict:
    """Position JSON (game/tsuro/position.py) from the tests' shorthand: `ships` a
    position (board.py) per seat, None for a seat out (over the edge, unless `out`
    says why); `hands` a list of tiles per seat; `tiles` {square: (tile, rotation)};
    `daikaiju` {daikaiju: (square, facing)}; `draw_pile` bottom to top; `active` the
    seat to move. Tiles named nowhere are out of the game and daikaiju not on the board
    in the supply (the format's defaults); `fields` are further fields as they are."""
    if hands is None:
        hands = [[] for _ in range(players)]
    if out is None:
        out = [None if ship is not None else "edge" for ship in ships]
    return {
        "game": TsuroState.GAME, "version": 1, "players": players,
        "daikaiju_rule": daikaiju_rule, "to_move": active,
        "ships": [None if ship is None else {"square": ship >> 3, "point": ship & 7}
                  for ship in ships],
        "out": list(out), "hands": [list(h) for h in hands],
        "tiles": [{"square": sq, "tile": t, "rotation": r}
                  for sq, (t, r) in (tiles or {}).items()],
        "daikaiju": [{"daikaiju": k, "square": sq, "facing": f}
                     for k, (sq, f) in (daikaiju or {}).items()],
        "draw_pile": list(draw_pile), **fields,
    }


def build(players=2, *, rng=None, begin_turn=False, **shorthand):
    """A constructed position (see `position`), through TsuroState.from_position: its
    `active` seat to place. With begin_turn, `active`'s turn begins instead (its daikaiju
    roll included: TsuroState.at_turn_start), its events in `setup_events`. Dice from
    `rng` if given, else from the position's seed, 0."""
    data = position(players, **shorthand)
    if begin_turn:
        return TsuroState.at_turn_start(data, rng)
    state = TsuroState.from_position(data)
    return state if rng is None else state.clone(rng=rng)


def make(players=2, *, ships, hands=None, tiles=None, daikaiju=None, draw_pile=(),
         active=0, daikaiju_rule=True, dice=(), facings=(), begin_turn=False):
    """A constructed position with a scripted rng (state.rng is the Script)."""
    return build(players, ships=list(ships), hands=hands, tiles=tiles, daikaiju=daikaiju,
                 draw_pile=list(draw_pile), active=active, daikaiju_rule=daikaiju_rule,
                 rng=Script(dice, facings), begin_turn=begin_turn)


def frozen(state):
    """A deep copy of everything the state holds, to compare before/after."""
    return copy.deepcopy(state.snapshot())


def medium_placements(players: int, seed: int):
    """Every placement decision of games of medium bots with daikaiju, seeded seed,
    seed + 1, ... without end: yields (game number, the state as it is then)."""
    from game.tsuro.bots.eval import MediumBot

    game = 0
    while True:
        state = TsuroState({"players": players, "daikaiju": True}, seed + game)
        bots = [MediumBot(s, 0) for s in range(players)]
        while not state.is_over:
            if state.decision == "placement":
                yield game, state
            state.apply(bots[state.to_move](state))
        game += 1


# --- events ----------------------------------------------------------------------------


def kinds(events):
    return [e.kind for e in events]


def of_kind(events, kind):
    return [e.data for e in events if e.kind == kind]


def one(events, kind):
    found = of_kind(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {found} in {kinds(events)}"
    return found[0]


def hidden_variant(state, seed):
    """The same position as the seat to move sees it, with everything it cannot see
    dealt afresh: the other hands, the draw order, the daikaiju supply's order and
    the future dice."""
    me = state.to_move
    rng = random.Random(seed)
    other = state.clone(rng=random.Random(seed))
    hidden = [t for s in range(state.players) if s != me for t in other.hands[s]]
    hidden += other.draw_pile
    rng.shuffle(hidden)
    dealt = 0
    for s in range(state.players):
        if s != me:
            size = len(other.hands[s])
            other.hands[s] = hidden[dealt:dealt + size]
            dealt += size
    other.draw_pile = hidden[dealt:]
    rng.shuffle(other.supply)
    other._cache = None
    assert not other.invariant_violations()
    assert other.view(me) == state.view(me)
    return other
