"""The hard bot's judgement of a playout's end: the fitted share of the win (bots/leaf.py)
and its fit on the bot's own games (fit_leaf.py)."""

import random
from itertools import islice

import pytest

from game.tsuro.bots.eval import Context
from game.tsuro.bots.leaf import FEATURES, LEAF_WEIGHTS, fitted_share, leaf_features, leaf_share
from game.tsuro.bots.light import light_world
from game.tsuro.bots.search import LATER_WEIGHTS
from lab.fit_leaf import PLAYERS, afloat_counts, fit, hard_rows, main

from .tsuro_helpers import medium_placements


def typical(alive, **changes):
    """The features of an ordinary position with `alive` ships afloat."""
    rivals = alive - 1
    features = {"open": 0.6, "risk": 0.05, "shared": 0.0, "hand": 2.0, "hand_options": 5.0,
                "rivals_open": 0.6 * rivals, "rivals_risk": 0.05 * rivals,
                "rivals_shared": 0.0}
    features.update(changes)
    return features


TABLES = [(players, alive) for players in PLAYERS for alive in afloat_counts(players)]


@pytest.mark.parametrize("players, alive", TABLES)
def test_the_fitted_share_rewards_open_water_and_punishes_daikaiju_and_company(
        players, alive):
    """The fitted weights say what a player would: a ship facing open water does better,
    one a daikaiju may reach or another ship shares a square with does worse, and a
    rival facing open water is bad news."""
    base = fitted_share(typical(alive), alive, players)
    assert 0.0 < base < 1.0
    assert fitted_share(typical(alive, open=0.9), alive, players) > base
    assert fitted_share(typical(alive, risk=0.5), alive, players) < base
    assert fitted_share(typical(alive, shared=1.0), alive, players) < base
    assert fitted_share(typical(alive, rivals_open=0.9 * (alive - 1)), alive, players) < base
    assert set(LEAF_WEIGHTS[players][alive]) == {"share", *FEATURES}
    assert set(LEAF_WEIGHTS) == set(PLAYERS) and set(LEAF_WEIGHTS[players]) == set(
        afloat_counts(players))


def test_an_opponent_put_out_is_worth_a_share_and_the_share_stays_a_share():
    assert (fitted_share(typical(4), 4, 4) < fitted_share(typical(3), 3, 4)
            < fitted_share(typical(2), 2, 4))
    for players in range(3, 9):  # games of 3 to 8 captains use the table of 4
        assert fitted_share(typical(3), 3, players) == fitted_share(typical(3), 3, 4)
    assert fitted_share(typical(6), 6, 8) == fitted_share(typical(6), 4, 4)
    assert fitted_share(typical(2, open=50.0), 2, 2) == 1.0
    assert fitted_share(typical(2, risk=50.0), 2, 2) == 0.0


def _worlds(count, players, seed):
    """Light worlds of placement decisions from games of medium bots."""
    return [(light_world(state, state.to_move, random.Random(game)), state.to_move,
             Context(state, LATER_WEIGHTS))
            for game, state in islice(medium_placements(players, seed), count)]


def test_the_leaf_is_the_best_placements_share_nothing_if_all_sink_all_if_one_wins():
    """Over positions of real games: the leaf's value is the best placement's fitted
    share; 0 when every placement puts the ship out, 1 when one leaves it alone."""
    seen = set()
    for world, me, ctx in _worlds(120, 3, 40) + _worlds(60, 2, 50):
        value = leaf_share(world, me, ctx)
        shares = []
        for option in world.options(me):
            tile, lookup = option.tile, option.lookup
            ships = list(world.ships)
            for seat, (end, fate, _) in option.voyages.items():
                ships[seat] = end if fate is None else None
            if ships[me] is None:
                shares.append(0.0)
                continue
            alive = len(ships) - ships.count(None)
            if alive == 1 or world.empty_squares() == 1:
                shares.append(1.0 / alive)
                continue
            wakes = list(world.wakes)
            wakes[world.ships[me] >> 3] = lookup
            hand = list(world.hands[me])
            hand.remove(tile)
            features = leaf_features(me, ships, wakes, world.kaiju_at, hand, ctx)
            shares.append(fitted_share(features, alive, world.players))
        assert value == max(shares)
        seen.add("lost" if value == 0.0 else "won" if value == 1.0 else "between")
    assert seen == {"lost", "won", "between"}, seen


@pytest.mark.parametrize("players", PLAYERS)
def test_fit_leaf_rows_are_reproducible_and_well_formed(players):
    rows = list(hard_rows(2, 5, players))
    assert rows == list(hard_rows(2, 5, players))
    assert rows and all(alive in afloat_counts(players) and set(features) == set(FEATURES)
                        and 0.0 <= share <= 1.0 for alive, features, share in rows)


@pytest.mark.parametrize("players", PLAYERS)
def test_fit_recovers_the_weights_of_exact_lines_for_each_number_afloat(players):
    rng = random.Random(8)
    counts = afloat_counts(players)
    truth = {alive: {name: rng.uniform(-1, 1) for name in ("share", *FEATURES)}
             for alive in counts}
    truth[2]["rivals_shared"] = 0.0  # not fitted in a duel: it is the bot's `shared`
    rows = []
    for alive in counts:
        for _ in range(60):
            x = {name: rng.uniform(0, 2) for name in FEATURES}
            w = truth[alive]
            rows.append((alive, x, w["share"] + sum(w[n] * x[n] for n in FEATURES)))
    fitted = fit(rows, players)
    assert set(fitted) == set(counts)
    for alive in counts:
        assert set(fitted[alive]) == set(truth[alive])
        assert all(abs(fitted[alive][n] - truth[alive][n]) < 1e-9 for n in truth[alive])


def test_fit_leaf_refuses_no_games_and_a_table_it_has_not(capsys):
    with pytest.raises(SystemExit):
        main(["--games", "0"])
    assert "at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--players", "3"])
    assert "invalid choice" in capsys.readouterr().err


def test_fit_leaf_prints_a_table_to_paste(capsys):
    assert main(["--players", "2", "--games", "3", "--seeds", "7"]) == 0
    out = capsys.readouterr()
    table = eval(out.out)  # the printed dictionary, as pasted into bots/leaf.py
    assert set(table) == {2} and set(table[2]) == {"share", *FEATURES}
    assert "placements" in out.err
