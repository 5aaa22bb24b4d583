"""The `hard` bot: determinized search over the own placements.

For a placement, the legal placements are ranked by the evaluation (bots/eval.py, with
the hard bot's weights: daikaiju risk over all the rolls to come) and the best
MAX_CANDIDATES kept. They are compared on determinizations: worlds in which what the
seat cannot see is dealt afresh from the bot's own generator, consistently with what it
can see (bots.light.light_world: the tiles not on the board, not removed and not in the
own hand are shuffled into the other hands, whose sizes are known, and the draw pile;
the face-down daikaiju are shuffled; the dice come from a seed of the bot's own).
The real state's hidden parts are never read.

In each world, a candidate is placed and the other captains play their turns in order:
the daikaiju roll that begins each turn (the engine's rules, the world's dice), then a
placement as the medium bot would choose it (those facing squares far from the bot's
ship place their first legal tile: their choice hardly touches it). At the bot's next
placement, its best placement with the hand it now holds in that world is judged by the
share of the win the bot went on to take from such positions in its own games
(bots/leaf.py: fitted on play, for each number of ships afloat), the daikaiju risk of
the round after judged from where the rolls left them. A playout that puts the bot out
is worth nothing, one that ends the game in its favour the whole share split among the
winners: a playout's value is a share of the win. The risk that a daikaiju ends the
bot's ship before its next placement is counted exactly instead (risk_maps), so the
playouts where the rolls did that are left out: a candidate is worth (1 - risk) x the
mean of its other playouts. Late in the game (LATE_EMPTY empty squares or fewer) a
playout goes one round further before judging: the bot rolls, plays its best placement
by the evaluation, and the others answer. A filling board is a maze, and one placement
ahead cannot see a dead end. Those longer playouts vary more, so late decisions get
twice the playouts.

All candidates meet the same worlds (common random numbers), and successive halving
spends the ROLLOUTS playouts: a third on every candidate, a third on the better half,
a third on the best two. The number of playouts depends only on the number of
candidates and of empty squares, never on the clock, so a seeded bot replays. `think`
is the same search as a generator that yields after every world, so the page can let
the browser breathe. The coach (game/tsuro/coach.py) runs the same search (`shortlist`,
`compare`) for the values of the candidates, and of an action played out beside them.

The start mark is chosen by a value fitted on games with random marks (bots/marks.py);
a relocation and the elimination bonus as the medium bot would, with the hard weights.
"""

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from game.core import Action
from game.core.bots import Thinking, finish
from game.tsuro.board import squares_apart
from game.tsuro.bots.eval import (
    LOSS,
    WIN,
    Context,
    Weights,
    afloat,
    best_bonus,
    best_mark,
    outcome_value,
    placement_value,
)
from game.tsuro.bots.leaf import leaf_share
from game.tsuro.bots.light import LightWorld, light_world
from game.tsuro.bots.marks import best_fitted_mark
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK, TsuroState
from game.tsuro.world import Placement, World

MAX_CANDIDATES = 6  # placements searched (the medium evaluation's best)
ROLLOUTS = 288  # playouts in all (successive halving: a third for each of 3 rounds)
MIN_SAMPLES = 4  # determinizations per candidate and round at least
# With this many empty squares left or fewer, a playout plays one more round (the bot's
# best placement at its next turn, then the others' turns) before judging, and the
# decision gets LATE_PLAYOUTS times the playouts (the longer playouts vary more). Late
# in the game the board is a maze, and whether the next placement leads into a dead end
# decides more than how it looks one placement ahead. Against three medium, paired: from
# 20 empty squares, +1.35 points of win share over no extra round (6400 games); from 28
# with twice the playouts, +1.07 more (12,800 games). One more round in every phase of
# the game measured worse (it mostly adds noise while the board is open).
LATE_EMPTY = 28
LATE_PLAYOUTS = 2
FAR = 2  # other captains facing squares farther than this from the bot's place the
# first legal placement instead of the medium bot's choice

# The evaluation of the hard bot: the medium one with the daikaiju risk over all rolls
# to come, and more weight on openness and on a rival facing the same square.
HARD = {"danger": 60.0, "shared": 12.0, "open": 16.0}
HARD_WEIGHTS = Weights(**HARD, markov=True, opponent=0.0)
# The other captains in a playout play as the medium bot, less its look at its own
# opponents' positions (a third of its cost, and it hardly changes its choices).
OPPONENT_WEIGHTS = Weights(opponent=0.0)
# Later placements (the bot's own in a playout's extra round, and the leaf's daikaiju
# risk) are judged as by HARD_WEIGHTS, but with the daikaiju risk of one roll (from
# where the playout's rolls left them) times the rolls before the placement after it:
# a Markov chain per playout would cost too much.
LATER_WEIGHTS = Weights(**HARD, markov=False, opponent=0.0)
# With two ships left the game is a duel: what is good for the rival is as bad for the
# bot, so in the extra round its position counts against the bot's in full.
DUEL_WEIGHTS = Weights(**HARD, markov=False, opponent=1.0)


def best_option(world: World, seat: int, ctx: Context,
                need_value: bool = True) -> tuple[Placement, float | None]:
    options = world.options(seat)
    if len(options) == 1 and not need_value:
        return options[0], None
    best, best_value = options[0], None
    for option in options:
        value = outcome_value(world, seat, option.tile, option.lookup, option.voyages, ctx)
        if best_value is None or value > best_value:
            best, best_value = option, value
    return best, best_value


def far_from(position: int, other: int) -> bool:
    """Whether two ships face squares more than FAR squares apart (row + column)."""
    return squares_apart(position >> 3, other >> 3) > FAR


def playout(world: LightWorld, me: int, option: Placement, ctx: Context, opp_ctx: Context,
            deeper: bool = True) -> float | None:
    """Place `option`, then play the others' turns (their daikaiju rolls with the world's
    dice, their placements as the medium bot would) and judge the bot's best placement
    at its next turn: the share of the win it promises (bots/leaf.py), 0 if the bot is
    put out. None if a daikaiju ends the bot's ship meanwhile: that risk is counted
    exactly by the caller, so such a playout is left out of the mean. Late in the game
    (`deeper`, and at most LATE_EMPTY empty squares left) the bot plays that placement
    and one more round is played out."""
    n = world.players
    ships = world.ships
    world.play(me, option)
    seat = me
    while not world.over:
        seat = (seat + 1) % n
        if seat == me:
            break
        if ships[me] is None:
            return 0.0
        if ships[seat] is None:
            continue
        world.roll(seat)
        if ships[me] is None:
            return None
        if world.over or ships[seat] is None:
            continue
        if not world.hands[seat]:
            world.skip(seat)
        elif far_from(ships[seat], ships[me]):  # type: ignore[arg-type]  # (both afloat)
            world.play(seat, world.first_option(seat))
        else:
            world.play(seat, best_option(world, seat, opp_ctx, False)[0])
    if world.over:
        return ending_value(world, me)
    if ships[me] is None:
        return 0.0
    if deeper and world.empty_squares() <= LATE_EMPTY and world.hands[me]:
        weights = DUEL_WEIGHTS if afloat(ships) == 2 else LATER_WEIGHTS
        return one_more_round(world, me, weights, ctx, opp_ctx)
    return leaf_share(world, me, ctx.after_rolls(world, LATER_WEIGHTS))


def one_more_round(world: LightWorld, me: int, weights: Weights, ctx: Context,
                   opp_ctx: Context) -> float | None:
    """Late in the game: the bot's own daikaiju roll, its best placement by `weights`
    (in a duel, DUEL_WEIGHTS), and a playout from there. None if the roll ends the
    bot's ship: that risk is part of what the caller counts exactly (the rolls up to
    the bot's next placement), as in the first round. A daikaiju ending it in the
    round after counts as being put out."""
    world.roll(me)
    if world.over:
        return ending_value(world, me)
    if world.ships[me] is None:
        return None
    option, worth = best_option(world, me, ctx.after_rolls(world, weights))
    if worth <= LOSS / 2:  # type: ignore[operator]  # (need_value: a value)
        return 0.0
    result = playout(world, me, option, ctx, opp_ctx, deeper=False)
    return result or 0.0


def ending_value(world: World, me: int) -> float:
    """A playout's value when its game has ended: the bot's share of the win."""
    return 1 / len(world.winners) if me in world.winners else 0.0


def shortlist(state: TsuroState, me: int, actions: list[Action], ctx: Context) -> list[Action]:
    """The placements the search compares (a placement decision of seat `me`, its legal
    `actions`): the best MAX_CANDIDATES by the evaluation, less those that lose the ship
    at once; only the best one when it wins at once or when every placement loses. One
    placement: nothing to compare."""
    prior = [(placement_value(state, me, a, ctx), -i, a) for i, a in enumerate(actions)]
    prior.sort(reverse=True)
    if prior[0][0] >= WIN or prior[0][0] <= LOSS / 2:
        return [prior[0][2]]  # a sure win, or every placement loses
    return [a for p, _, a in prior[:MAX_CANDIDATES] if p > LOSS / 2]


def playout_budget(state: World, rollouts: int | None = None) -> int:
    """The playouts of a decision: `rollouts` (None: ROLLOUTS), LATE_PLAYOUTS times as
    many late in the game."""
    budget = rollouts or ROLLOUTS
    if state.empty_squares() <= LATE_EMPTY:
        budget *= LATE_PLAYOUTS
    return budget


@dataclass(frozen=True)
class Compared:
    """What the playouts found: the candidates, then the placements played out beside
    them (`compare`'s `extra`), each one's worth (the share of the win it promises,
    0..1: (1 - the daikaiju risk) x the mean of its playouts), the worlds each met, and
    the index of the candidate chosen."""
    actions: list[Action]
    values: list[float]
    worlds: list[int]
    choice: int


def compare(state: TsuroState, me: int, candidates: list[Action], ctx: Context,
            rng: random.Random, budget: int,
            extra: Sequence[Action] = ()) -> Generator[None, None, Compared]:
    """Successive halving of `candidates` over `budget` playouts in worlds dealt from
    `rng` (see the module text): a generator that yields after every world. Each
    placement of `extra` (legal placements of `me`, and any candidate named there too)
    is played out in every world as well, without taking part in the halving: its
    value comes from the very worlds the choice was made on (common random numbers),
    and the choice, the worlds and `rng` are as without it."""
    opp_ctx = Context(state, OPPONENT_WEIGHTS)
    actions = list(candidates) + [a for a in dict.fromkeys(extra) if a not in candidates]
    tracked = [actions.index(a) for a in dict.fromkeys(extra)]
    # the judged placement of each action (a legal action's own tile and turn)
    options = [state.placement_outcome(*action.args) for action in actions]
    risks = [ctx.risk(me, o.voyages[me][0]) if o.own_fate is None else 0.0
             for o in options]
    worlds: list[LightWorld] = []  # determinized worlds, shared by all candidates
    totals = [0.0] * len(actions)
    counts = [0] * len(actions)  # playouts not left out (see playout)
    met = [0] * len(actions)
    alive = list(range(len(candidates)))
    rounds = max(1, (len(candidates) - 1).bit_length())
    done = 0

    def worth(i: int) -> float:
        mean = totals[i] / counts[i] if counts[i] else 0.0
        return (1 - risks[i]) * mean  # the daikaiju spare the ship, or nothing

    for round_number in range(rounds):
        more = max(MIN_SAMPLES, budget // rounds // len(alive))
        while len(worlds) < done + more:
            worlds.append(light_world(state, me, rng))
        playing = alive + [i for i in tracked if i not in alive]
        for world in worlds[done:done + more]:
            for i in playing:
                result = playout(world.copy(), me, options[i], ctx, opp_ctx)
                met[i] += 1
                if result is not None:
                    totals[i] += result
                    counts[i] += 1
            yield
        done += more
        if round_number < rounds - 1:
            alive.sort(key=lambda i: (-worth(i), i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
    best = max(alive, key=lambda i: (worth(i), -i))
    return Compared(actions, [worth(i) for i in range(len(actions))], met, best)


class HardBot:
    """`hard`: determinized playouts of the best placements (see the module text)."""

    weights = HARD_WEIGHTS
    rollouts: int | None = None  # None: ROLLOUTS (tests may ask for fewer)

    def __init__(self, seat: int, seed: int | str) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def __call__(self, state: TsuroState) -> Action:
        return finish(self.think(state))

    def think(self, state: TsuroState) -> Thinking:
        """The decision in slices: yields None between worlds, returns the action."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        decision = state.decision
        if decision == PLACEMENT:
            return (yield from self.search(state, actions))
        if decision == START_MARK:
            return best_fitted_mark(state, self.seat, actions, self.weights)
        if decision == RELOCATION:
            return best_mark(state, self.seat, actions, self.weights)
        if decision == BONUS:
            return best_bonus(state, self.seat, actions, self.weights)
        return actions[0]

    def search(self, state: TsuroState, actions: list[Action]) -> Thinking:
        """Generator: yields after every world, returns the chosen placement."""
        ctx = Context(state, self.weights)
        candidates = shortlist(state, self.seat, actions, ctx)
        if len(candidates) == 1:
            return candidates[0]
        compared = yield from compare(state, self.seat, candidates, ctx, self.rng,
                                      playout_budget(state, self.rollouts))
        return compared.actions[compared.choice]


__all__ = ["HardBot", "compare", "playout_budget", "shortlist"]
