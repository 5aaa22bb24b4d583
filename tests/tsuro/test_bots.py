"""The Tsuro of the Seas computer opponents: legal, repeatable, blind to hidden
information, and sensible on positions where the right choice is plain."""

import random
from itertools import islice

import pytest

from game.core import Action
from game.core.bots import RandomBot, think_through
from game.tsuro import BOTS
from game.tsuro.bots import search as bot_search
from game.tsuro.bots.eval import Context, MediumBot
from game.tsuro.bots.light import light_world
from game.tsuro.bots.search import HARD_WEIGHTS, OPPONENT_WEIGHTS, HardBot, playout
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, TsuroState

from .tsuro_helpers import build, hidden_variant, medium_placements

KINDS = {"start mark", "relocation", "placement", "bonus"}


class QuickHard(HardBot):
    """The hard bot with a small search budget, to keep the tests quick."""

    rollouts = 12


LEVELS = {"easy": RandomBot, "medium": MediumBot, "hard": QuickHard}


def test_registry_names_every_level():
    assert {"random", "easy", "medium", "hard"} <= set(BOTS)
    assert BOTS["easy"] is RandomBot and BOTS["medium"] is MediumBot
    assert BOTS["hard"] is HardBot


def test_every_bot_answers_every_decision_with_a_legal_action():
    """Random games at 2-8 players; at every decision each level is asked for the seat
    to move, must leave the state untouched and return a legal action; then one of
    their answers is played, so that the games go the bots' ways too."""
    seen = {name: set() for name in LEVELS}
    for number in range(21):
        players = 2 + number % 7
        state = TsuroState({"players": players, "daikaiju": number % 10 != 9}, 500 + number)
        bots = {name: [cls(seat, f"t{number}:{seat}") for seat in range(players)]
                for name, cls in LEVELS.items()}
        chooser = random.Random(number)
        while not state.is_over:
            seat, kind = state.to_move, state.decision
            legal = state.legal_actions()
            before = state.snapshot()
            answers = {}
            for name in LEVELS:
                action = bots[name][seat](state)
                assert action in legal, (name, kind, action)
                assert state.snapshot() == before, f"{name} changed the state"
                answers[name] = action
                seen[name].add(kind)
            state.apply(answers[chooser.choice(sorted(LEVELS))])
            assert not state.invariant_violations()
    for name in LEVELS:
        assert seen[name] == KINDS, (name, seen[name])


# --- the light world follows the engine ----------------------------------------------
def _true_world(state):
    """The light world of the seat to move, dealt the real hidden information (the other
    hands, the draw order, the supply's order) and rolling the engine's own dice."""
    world = light_world(state, state.to_move, random.Random(0))
    world.hands = [list(hand) for hand in state.hands]
    world.draw_pile = list(state.draw_pile)
    world.supply = list(state.supply)
    world.rng = random.Random()
    world.rng.setstate(state.rng.getstate())
    return world


def _turns_to_the_next_placement(world):
    """What the engine plays on its own after a placement: each next captain's turn
    (the daikaiju roll; a relocation, which the light world makes to the first free
    mark; a turn without a tile) until one is to place or the game ends."""
    n = world.players
    while not world.over:
        seat = next(s % n for s in range(world.active + 1, world.active + n + 1)
                    if world.ships[s % n] is not None)
        world.roll(seat)
        if world.over or world.ships[seat] is None:
            continue
        if world.hands[seat]:
            return
        world.skip(seat)


def _engine_to_the_next_placement(state):
    """The engine past the decisions the light world makes its own way: no bonus swap
    (the light world takes none), a relocation to the first free mark."""
    while state.decision in (BONUS, RELOCATION):
        if state.decision == BONUS:
            state.apply(Action("bonus", ((), ())))
        else:
            state.apply(Action("relocate", (state.relocation_marks()[0],)))


def test_the_light_world_lists_the_engines_placements_and_reaches_its_positions():
    """The hard bot's light world, dealt the real hidden information and rolling the
    engine's dice, against the engine over random games: the same legal placements in
    the same order, and after each placement (and the turns up to the next one: the
    daikaiju rolls, relocations, the draw) the same ships, tiles, hands, draw pile,
    daikaiju, eliminations and end of the game. (Before the light world was the
    engine's own rules, it returned lost hands to the pile in another order than D10,
    did not count two ships leaving the board or meeting a daikaiju at one point as
    breaking rule 4 (D9), and its playouts drew nothing for a captain without a tile
    (D12).)"""
    checked = 0
    seen = dict.fromkeys(("out", "sunk by a daikaiju", "relocation", "bonus", "game end",
                          "rule 4 refuses", "own ship lost"), 0)
    for game in range(400):
        players = 2 + game % 7
        state = TsuroState({"players": players, "daikaiju": game % 10 != 9}, 4000 + game)
        chooser = random.Random(game)
        while not state.is_over:
            if state.decision != PLACEMENT:
                state.apply(chooser.choice(state.legal_actions()))
                continue
            seat = state.to_move
            world = _true_world(state)
            options = world.options(seat)
            legal = state.legal_actions()
            assert [(o.tile, o.rotation) for o in options] == [a.args for a in legal], (
                state.history)
            seen["rule 4 refuses"] += any(state.placement_outcome(t, r).same_wake
                                          for t in state.hands[seat] for r in range(4))
            seen["own ship lost"] += state.placement_outcome(*legal[0].args).own_fate is not None
            index = chooser.randrange(len(legal))
            world.play(seat, options[index])
            _turns_to_the_next_placement(world)
            afloat = state.ships.count(None)
            events = state.apply(legal[index])
            seen["out"] += state.ships.count(None) > afloat
            seen["sunk by a daikaiju"] += any(e.kind == "ship_out" and e.data["reason"] not in
                                              ("edge", "daikaiju", "loop") for e in events)
            seen["bonus"] += state.decision == BONUS
            seen["relocation"] += state.decision == RELOCATION
            _engine_to_the_next_placement(state)
            where = (game, len(state.history))
            assert world.ships == state.ships and world.out == state.out, where
            assert world.tile_at == state.tile_at and world.wakes == state.wakes, where
            assert world.rotation_at == state.rotation_at, where
            assert world.hands == state.hands, where
            assert world.draw_pile == state.draw_pile, where
            assert world.removed == state.removed and world.supply == state.supply, where
            assert world.kaiju_square == state.kaiju_square, where
            assert world.kaiju_facing == state.kaiju_facing, where
            assert world.over == state.is_over, where
            if state.is_over:
                assert tuple(world.winners) == state.winners, where
                seen["game end"] += 1
            checked += 1
    assert checked > 9000, checked
    assert all(count >= 3 for count in seen.values()), seen


def _positions(count, players=4, seed=0):
    """Mid-game placement decisions with a real choice, from games of medium bots."""
    chosen = (state.clone() for _, state in medium_placements(players, seed)
              if state.turn > players and len(state.legal_actions()) >= 4)
    found = list(islice(chosen, count))
    return found[::2] if len(found) > 1 else found


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_a_seeded_bot_repeats_its_choice(name):
    cls = BOTS[name]
    for state in _positions(6, seed=40):
        seat = state.to_move
        first = cls(seat, "replay")(state)
        again = cls(seat, "replay")(state.clone())
        assert first == again


def test_hard_games_replay_from_the_seeds():
    def play():
        state = TsuroState({"players": 3, "daikaiju": True}, 77)
        bots = [QuickHard(s, f"77:{s}") for s in range(3)]
        while not state.is_over:
            state.apply(bots[state.to_move](state))
        return state.history

    assert play() == play()


class PeekingBot:
    """A bot that cheats (it reads the top of the draw pile): the test below must be
    able to catch it."""

    def __init__(self, seat, seed):
        self.seat = seat

    def __call__(self, state):
        actions = state.legal_actions()
        return actions[state.draw_pile[-1] % len(actions)] if state.draw_pile else actions[0]


def _blind(cls, states, variants=3) -> bool:
    """Whether `cls` chooses the same in every hidden variant of every state."""
    for number, state in enumerate(states):
        seat = state.to_move
        choice = cls(seat, "blind")(state)
        for k in range(variants):
            if cls(seat, "blind")(hidden_variant(state, 1000 * number + k)) != choice:
                return False
    return True


def test_playout_daikaiju_roll_by_the_engines_rules():
    """The hard bot's playouts roll the daikaiju with the engine's own code: from the
    same position, supply order and dice, a light world and the engine end a turn's
    daikaiju phase alike (daikaiju, tiles, ships, the game's end)."""
    moved = sunk = 0
    for number, state in enumerate(_positions(12, players=4, seed=300)):
        for k in range(40):
            engine = state.clone(rng=random.Random(k))
            seat = engine._next_seat()
            engine._begin_turn(seat, [])
            world = light_world(state, state.to_move, random.Random(number))
            world.supply = list(state.supply)
            world.rng = random.Random(k)
            world.roll(seat)
            relocated = engine.decision == "relocation"
            if relocated:  # the light world takes the first free mark for the captain
                assert world.ships[seat] == engine.relocation_marks()[0]
            assert world.kaiju_square == engine.kaiju_square
            assert world.kaiju_facing == engine.kaiju_facing
            assert world.supply == engine.supply
            assert world.wakes == engine.wakes and world.tile_at == engine.tile_at
            assert world.removed == engine.removed
            assert [p is None for p in world.ships] == [p is None for p in engine.ships]
            assert [p for s, p in enumerate(world.ships) if not (relocated and s == seat)] == [
                p for s, p in enumerate(engine.ships) if not (relocated and s == seat)]
            assert world.over == engine.is_over
            if engine.is_over:
                assert world.winners == engine.winners
            assert world.empty_squares() == sum(1 for w, a in zip(engine.wakes, engine.kaiju_at)
                                                if w is None and a < 0)
            moved += world.kaiju_square != state.kaiju_square
            sunk += world.ships.count(None) > state.ships.count(None)
    assert moved > 100 and sunk >= 2, (moved, sunk)


def test_playouts_without_daikaiju_roll_none():
    state = TsuroState({"players": 3, "daikaiju": False}, 5)
    bots = [MediumBot(s, 0) for s in range(3)]
    for _ in range(9):
        state.apply(bots[state.to_move](state))
    world = light_world(state, state.to_move, random.Random(1))
    for k in range(30):
        world.rng = random.Random(k)
        world.roll(k % 3)
    assert world.kaiju_at == state.kaiju_at and sorted(world.supply) == sorted(state.supply)
    assert world.ships == state.ships and world.wakes == state.wakes


def test_hard_playouts_count_the_rivals_positions_against_the_bot():
    """A playout's last judgement also counts the rivals' positions (bots/leaf.py): the
    same playout is worth more to the bot when a rival is cramped in a corner than when
    it faces open water, the more so in a duel."""
    gains = {}
    for players in (2, 3):
        values = []
        for rival in (3 * 8 + 0, 0 * 8 + 0):  # top middle, top left corner
            ships = [45 * 8 + 4, rival, 27 * 8 + 2][:players]
            state = build(
                players, ships=ships, hands=[[10, 11, 12]] + [[]] * (players - 1),
                daikaiju_rule=False)
            world = light_world(state, 0, random.Random(1))
            option = world.options(0)[0]
            values.append(playout(world.copy(), 0, option, Context(state, HARD_WEIGHTS),
                                  Context(state, OPPONENT_WEIGHTS)))
        assert 0.0 < values[0] < values[1] <= 1.0, values
        gains[players] = values[1] - values[0]
    assert gains[2] > gains[3] > 0.0, gains


def _late_position(players=3, seed=7):
    """A placement of a game without daikaiju, once at most 20 squares are empty."""
    state = TsuroState({"players": players, "daikaiju": False}, seed)
    bots = [MediumBot(s, 0) for s in range(players)]
    while state.wakes.count(None) > 20 or state.decision != PLACEMENT:
        state.apply(bots[state.to_move](state))
    assert not state.is_over
    return state


def test_late_in_the_game_a_playout_plays_one_more_round(monkeypatch):
    """With few empty squares left, a playout also plays the bot's next placement and
    the others' answers before judging; earlier, it judges the bot's next placement."""
    state = _late_position()
    me = state.to_move
    world = light_world(state, me, random.Random(1))
    ctx, opp_ctx = Context(state, HARD_WEIGHTS), Context(state, OPPONENT_WEIGHTS)
    option = world.options(me)[0]
    placed = {}
    for late_empty in (0, 20):
        monkeypatch.setattr(bot_search, "LATE_EMPTY", late_empty)
        played = world.copy()
        assert playout(played, me, option, ctx, opp_ctx) is not None
        assert played.ships.count(None) == 0  # nobody was put out: every captain placed
        placed[late_empty] = world.empty_squares() - played.empty_squares()
    assert placed == {0: state.players, 20: 2 * state.players}


def test_late_in_the_game_a_decision_gets_twice_the_playouts(monkeypatch):
    """The search yields once per world; late in the game it deals twice the worlds."""
    state = _late_position()
    worlds = {}
    for late_empty in (0, 28):
        monkeypatch.setattr(bot_search, "LATE_EMPTY", late_empty)
        thinking = HardBot(state.to_move, 5).think(state)
        worlds[late_empty] = sum(1 for _ in thinking)
    assert worlds == {0: 96, 28: 192}


def test_hard_does_not_see_hidden_information():
    states = _positions(8, players=4, seed=60) + _positions(4, players=6, seed=70)
    assert any(hidden_variant(s, 1).hands != s.hands for s in states)
    assert not _blind(PeekingBot, states), "the check cannot tell a peeking bot"
    assert _blind(HardBot, states)


def test_medium_does_not_see_hidden_information():
    assert _blind(MediumBot, _positions(8, players=5, seed=80))


def test_hard_think_and_call_agree_and_think_yields_between_worlds():
    """The page runs `think` in slices; it must choose what a plain call chooses."""
    sliced = 0
    for state in _positions(6, players=4, seed=90):
        steps = QuickHard(state.to_move, 9).think(state)
        thought, yielded = think_through(steps)
        assert all(y is None for y in yielded)
        slices = len(yielded)
        assert thought == QuickHard(state.to_move, 9)(state)
        assert thought in state.legal_actions()
        sliced += slices > 1
    assert sliced >= 3  # most positions are searched over several worlds


def test_medium_prefers_an_open_placement_to_a_trap():
    """Seat 1 sails from the middle of the top edge. Its tile can take it down into the
    open sea (facing square 10), or along the edge: left (square 2) or right into
    square 4, which a rival faces (and places on first) and a daikaiju next door faces."""
    state = build(
        2, ships=[3 * 8 + 0, 4 * 8 + 1], hands=[[3], [40, 41, 42]],
        daikaiju={0: (5, 3), 2: (1, 1), 4: (30, 0)},
        draw_pile=[t for t in range(56) if t not in (3, 40, 41, 42)])
    ends = {a: state.placement_outcome(*a.args).voyages[0][0] >> 3
            for a in state.legal_actions()}
    assert sorted(ends.values()) == [2, 4, 10]
    for name in ("medium", "hard"):
        choice = BOTS[name](0, 1)(state)
        assert ends[choice] == 10, name


def test_medium_takes_an_elimination_when_it_is_safe():
    """Seats 1 and 2 both face the corner square; one turn of tile 15 sails the rival
    off the edge while the own ship sails on, two others keep both afloat."""
    state = build(
        3, ships=[0 * 8 + 0, 0 * 8 + 1, 20 * 8 + 2], hands=[[15], [40, 41, 42], [43, 44, 45]],
        draw_pile=[t for t in range(56) if t not in (15, 40, 41, 42, 43, 44, 45)],
        daikaiju_rule=False)
    fates = {a: state.placement_outcome(*a.args).voyages for a in state.legal_actions()}
    killing = [a for a, v in fates.items() if v[1][1] is not None and v[0][1] is None]
    sparing = [a for a, v in fates.items() if v[1][1] is None and v[0][1] is None]
    assert killing and sparing
    for name in ("medium", "hard"):
        assert BOTS[name](0, 1)(state) in killing, name


def test_start_marks_face_open_water():
    """Medium and hard put their ships where the first square is empty, holds no
    daikaiju and is not faced by another ship."""
    for seed in range(6):
        state = TsuroState({"players": 6, "daikaiju": True}, 900 + seed)
        bots = [(MediumBot if s % 2 else HardBot)(s, 0) for s in range(6)]
        while state.decision == "start mark":
            seat = state.to_move
            mark = bots[seat](state).args[0]
            square = mark >> 3
            assert state.kaiju_at[square] < 0
            assert all(p is None or p >> 3 != square for p in state.ships)
            state.apply(bots[seat](state))


@pytest.mark.parametrize("module", ["game.tsuro.bots.eval", "game.tatsu.bots.eval"])
def test_weights_change_by_name_and_refuse_an_unknown_one(module):
    import importlib

    weights = importlib.import_module(module).Weights
    name = next(n for n, v in vars(weights).items() if isinstance(v, float))
    changed = weights(**{name: 123.0})
    assert getattr(changed, name) == 123.0 and getattr(weights(), name) != 123.0
    with pytest.raises(AttributeError, match="no weight 'nonsense'"):
        weights(nonsense=1.0)
