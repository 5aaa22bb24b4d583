"""How the `hard` bot judges the end of a playout: a share of the win, fitted on play.

A playout ends at the bot's next placement. There, each placement it could make is
judged by the share of the win that the hard bot went on to take from such positions
in its own games against medium bots (three of them; in a game of two captains, one):
a linear function of what the placement leaves behind, with its own weights for each
number of ships afloat after it (fitted by least squares: lab/fit_leaf.py). The bot's best
placement gives the playout's value.
Being put out is worth no share, a win the whole of it (split among the winners), so a
playout's value, the daikaiju's risk and an opponent put out are all on one scale: the
share of the win to expect.

The features, for the bot's ship after the placement:
- open: the share of a random tile's wakes that would keep it afloat (bots.eval.openness)
- risk: the chance of a daikaiju in front of it or on the tile under it before its next
  placement (one roll's danger times the rolls, from where the playout left them)
- shared: another ship faces the same square (whoever places first moves both)
- hand, hand_options: the tiles left in its hand with a placement keeping it afloat
  from there, and such placements in all
and for the other ships afloat, summed: rivals_open, rivals_risk, rivals_shared (a
rival facing the same square as another ship, the bot's included).
"""

from collections.abc import Sequence

from game.tsuro.bots.eval import Context, afloat, hand_safety, openness
from game.tsuro.tiles import Lookup
from game.tsuro.world import World

FEATURES = ("open", "risk", "shared", "hand", "hand_options",
            "rivals_open", "rivals_risk", "rivals_shared")

# LEAF_WEIGHTS[table][ships afloat after the placement]: the table of games of 4
# captains serves games of 3 to 8 (with five ships or more afloat, the weights for
# four), that of games of 2 serves duels from the start, where the board is emptier
# than in the duels that end a game of four. With two ships the rival facing the same
# square is the bot's own `shared` (not fitted). Fitted by `python3 -m
# lab.fit_leaf --players P --games 1500 --seeds S1 S2` on the games of the hard
# bot before these weights (commit a1ef461, whose playouts ended on the medium
# evaluation with hand-set weights):
# - 4: seeds 101000 102000, 3000 games; 9251 placements with four ships afloat after
#   them, 7686 with three, 9319 with two;
# - 2: seeds 201000 202000, 3000 games; 29717 placements.
LEAF_WEIGHTS = {
    4: {
        4: {"share": 0.237, "open": 0.1125, "risk": -0.1869, "shared": -0.1044,
            "hand": 0.0618, "hand_options": 0.0031, "rivals_open": -0.0326,
            "rivals_risk": 0.0393, "rivals_shared": 0.014},
        3: {"share": 0.4371, "open": 0.1554, "risk": -0.1777, "shared": -0.2635,
            "hand": -0.002, "hand_options": 0.0115, "rivals_open": -0.1085,
            "rivals_risk": 0.0744, "rivals_shared": 0.0788},
        2: {"share": 0.4724, "open": 0.3016, "risk": -0.3665, "shared": -0.2945,
            "hand": 0.0754, "hand_options": -0.0045, "rivals_open": -0.2463,
            "rivals_risk": 0.2255, "rivals_shared": 0.0},
    },
    2: {
        2: {"share": 0.5056, "open": 0.1526, "risk": -0.4594, "shared": -0.284,
            "hand": 0.0749, "hand_options": 0.0026, "rivals_open": -0.2072,
            "rivals_risk": 0.2439, "rivals_shared": 0.0},
    },
}


def leaf_features(me: int, ships: Sequence[int | None], wakes: Sequence[Lookup | None],
                  kaiju_at: Sequence[int], hand: Sequence[int], ctx: Context) -> dict[str, float]:
    """The features of the bot's position with the ships at `ships` (None: out), the
    board's wakes `wakes` and `hand` left to place; `ctx` gives the daikaiju risk."""
    position: int = ships[me]  # type: ignore[assignment]  # (the bot's ship is afloat)
    square = position >> 3
    tiles, options = hand_safety(position, hand, wakes, kaiju_at) if hand else (0, 0)
    features = dict.fromkeys(FEATURES, 0.0)
    features.update(open=openness(position, wakes, kaiju_at), risk=ctx.risk(me, position),
                    hand=tiles, hand_options=options)
    squares = [None if p is None else p >> 3 for p in ships]
    for seat, where in enumerate(ships):
        if seat == me or where is None:
            continue
        if squares[seat] == square:
            features["shared"] = 1.0
        features["rivals_open"] += openness(where, wakes, kaiju_at)
        features["rivals_risk"] += ctx.risk(seat, where)
        if any(t != seat and s == squares[seat] for t, s in enumerate(squares)):
            features["rivals_shared"] += 1.0
    return features


def fitted_share(features: dict[str, float], alive: int, players: int) -> float:
    """The fitted share of the win for `features` with `alive` ships afloat, in a game
    of `players` captains, in [0, 1]."""
    weights = LEAF_WEIGHTS[2 if players == 2 else 4][min(alive, 4)]
    share = weights["share"] + sum(weights[name] * features[name] for name in FEATURES)
    return min(1.0, max(0.0, share))


def leaf_share(world: World, me: int, ctx: Context) -> float:
    """The share of the win the bot's best placement in `world` promises (0 if every
    placement puts its ship out, the whole share split if one ends the game)."""
    ships0, wakes0, kaiju_at = world.ships, world.wakes, world.kaiju_at
    if not world.hands[me]:  # nothing to place: the position as it stands
        return fitted_share(leaf_features(me, ships0, wakes0, kaiju_at, (), ctx),
                            afloat(ships0), world.players)
    square = ships0[me] >> 3  # type: ignore[operator]  # (the bot's ship is afloat)
    fills = world.empty_squares() == 1  # a placement fills the board
    best = 0.0
    for option in world.options(me):
        ships = list(ships0)
        for seat, (end, fate, _) in option.voyages.items():
            ships[seat] = end if fate is None else None
        if ships[me] is None:
            continue
        alive = afloat(ships)
        if alive == 1:
            return 1.0
        if fills:  # the game ends with the board full: the share of the ships afloat
            best = max(best, 1.0 / alive)
            continue
        wakes = list(wakes0)
        wakes[square] = option.lookup
        hand = list(world.hands[me])
        hand.remove(option.tile)
        features = leaf_features(me, ships, wakes, kaiju_at, hand, ctx)
        best = max(best, fitted_share(features, alive, world.players))
    return best


__all__ = ["FEATURES", "LEAF_WEIGHTS", "fitted_share", "leaf_features", "leaf_share"]
