"""The Tsuro of the Seas coach (game/tsuro/coach.py, issue 40): the hard bot's choice with
its reasons, on constructed positions where the right choice is plain (most placements
sink the ship; one puts a rival out; every placement sinks it, one taking the rival
along), the same as the hard bot's with the coach's seed, a played action valued in the
same worlds, the hint in words in every language, the ghost on the board, and a property
over random games."""

import json
import random
import xml.etree.ElementTree as ET
from itertools import islice

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.core import Action
from game.core.bots import finish, think_through
from game.core.coach import Advice
from game.core.i18n import LANGUAGES, speaking
from game.tsuro import TsuroState, svg
from game.tsuro.bots.search import HardBot
from game.tsuro.coach import advise, coach_seed, hint_words
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK
from game.tsuro.tiles import ORIENTED

from .tsuro_helpers import build, hidden_variant, medium_placements, randomly_played

NS = "{http://www.w3.org/2000/svg}"
NAMES = ["Ann", "Bob", "Cat", "Dan"]
FEW = 24  # playouts, where the test is not about the hard bot's own budget
QUIET = {"deadline": None, "derandomize": True, "database": None,
         "phases": [Phase.explicit, Phase.generate, Phase.shrink],
         "suppress_health_check": [HealthCheck.too_slow]}


class FewPlayouts(HardBot):
    rollouts = FEW


def advice_of(state, played=None, rollouts=FEW) -> tuple[Advice, int]:
    """The coach's advice and how many times it yielded."""
    advice, yielded = think_through(advise(state, played, rollouts=rollouts))
    return advice, len(yielded)


def reason(advice, kind):
    found = [r.data for r in advice.reasons if r.kind == kind]
    assert len(found) <= 1, advice.reasons
    return found[0] if found else None


def classed(root, name):
    return [e for e in root.iter() if name in e.get("class", "").split()]


# --- constructed positions ------------------------------------------------------------------
# Seat 0 on the top-left start mark of the corner square (point 0), a daikaiju on the
# square to its right: a tile on the corner square sinks the ship unless its wake from
# point 0 leads down (points 4 and 5) into the empty square below.
CORNER = 0 * 8 + 0
FAR = 48 * 8 + 4  # the other ship, by the opposite corner
KAIJU = {0: (1, 0), 1: (30, 0), 2: (40, 1)}  # (square 1: right of the corner)
RIVAL_HAND = [40, 41, 42]


def _safe_turns(tile):
    return sum(1 for rotation in range(4) if ORIENTED[tile][rotation][0] in (4, 5))


def _asymmetric(safe):
    """Tiles with four distinct turns of which `safe` lead down from point 0, each its
    own pattern (D2 deals some patterns twice)."""
    found, patterns = [], set()
    for tile in range(56):
        turns = set(ORIENTED[tile])
        if (tile not in RIVAL_HAND and len(turns) == 4 and _safe_turns(tile) == safe
                and not turns & patterns):
            found.append(tile)
            patterns |= turns
    return found


def corner(hand, ships=(CORNER, FAR)):
    rest = [t for t in range(56) if t not in hand and t not in RIVAL_HAND]
    return build(2, ships=list(ships), hands=[list(hand), RIVAL_HAND], daikaiju=KAIJU,
                 draw_pile=rest)


def judged(state):
    """{wakes: own fate} of every distinct placement of the hand, by the engine."""
    seat = state.to_move
    return {ORIENTED[t][r]: state.placement_outcome(t, r).own_fate
            for t in state.hands[seat] for r in range(4)}


def test_when_most_placements_sink_the_ship_the_coach_picks_a_safe_one_and_says_how_many():
    doomed = _asymmetric(0)[0]
    hand = [doomed, *_asymmetric(1)[:2]]
    state = corner(hand)
    fates = judged(state)
    sinking = sum(fate is not None for fate in fates.values())
    assert (sinking, len(fates)) == (10, 12)
    advice, _yielded = advice_of(state)
    assert advice.action in state.legal_actions() and advice.turn == (advice.action,)
    assert state.placement_outcome(*advice.action.args).own_fate is None
    sinks = reason(advice, "sinks")
    assert (sinks["count"], sinks["total"]) == (10, 12)
    assert sinks["tiles"] == [doomed]
    assert sorted(map(tuple, sinks["placements"])) == sorted(
        (t, r, state.placement_outcome(t, r).own_fate) for t, r, _fate in sinks["placements"])
    assert all(fate in ("edge", "daikaiju", "loop") for *_, fate in sinks["placements"])
    assert reason(advice, "safe") == {"square": 7}  # the square below the corner
    assert [r.kind for r in advice.reasons][:2] == ["sinks", "safe"]
    tile, rotation = advice.action.args
    words = hint_words(advice, NAMES)
    assert words.startswith(f"Place wake tile {tile + 1}, turned {rotation} quarter turn")
    assert "on gold 1, blue 1:" in words  # the corner square, as the board names it
    assert "10 of your 12 placements sink your ship here" in words
    assert f"(tile {doomed + 1} whichever way it is turned)" in words
    assert "this one keeps it afloat" in words
    assert 0.0 < advice.best_value <= 1.0


def test_the_only_legal_placement_is_advised_at_once():
    hand = [*_asymmetric(0)[:2], _asymmetric(1)[0]]
    state = corner(hand)
    (only,) = state.legal_actions()
    advice, yielded = advice_of(state, played=only)
    assert advice.action == only and yielded == 0  # as the hard bot: no search
    assert advice.played_value == advice.best_value and advice.cost == 0.0
    assert [r.kind for r in advice.reasons][:3] == ["only", "sinks", "safe"]
    assert reason(advice, "sinks")["count"] == 11
    words = hint_words(advice, NAMES)
    assert "it is the only move the rules allow" in words
    assert "11 of your 12 placements sink your ship here" in words
    assert 0.0 < advice.best_value < 1.0


def test_a_placement_that_puts_a_rival_out_names_the_rival():
    """Seats 1 and 2 face the corner square; one turn of tile 15 sails Bob off the edge
    while the own ship sails on (the hard bot takes it: tests/tsuro/test_bots.py)."""
    state = build(
        3, ships=[0 * 8 + 0, 0 * 8 + 1, 20 * 8 + 2], hands=[[15], [40, 41, 42], [43, 44, 45]],
        draw_pile=[t for t in range(56) if t not in (15, 40, 41, 42, 43, 44, 45)],
        daikaiju_rule=False)
    advice, _yielded = advice_of(state)
    voyages = state.placement_outcome(*advice.action.args).voyages
    assert voyages[0][1] is None and voyages[1][1] == "edge"
    assert advice.reasons[0].kind == "rival_out"
    assert reason(advice, "rival_out") == {"seats": [1], "fates": ["edge"]}
    assert reason(advice, "daikaiju") is None  # (a game without daikaiju)
    words = hint_words(advice, NAMES)
    assert "Place wake tile 16" in words and "it puts Bob's ship out" in words


def test_every_placement_sinks_the_ship_and_the_coach_takes_the_rival_along():
    """Both ships face the corner square, seat 1 from its left side: every turn of the
    tile sinks seat 0's ship; some sail seat 1 off the edge with it (a shared win), one
    lets it sail on down (a loss). What the loss costs is the share of the win."""
    tile = next(t for t in range(56) if t not in RIVAL_HAND
                and all(ORIENTED[t][r][0] not in (4, 5) for r in range(4))
                and any(ORIENTED[t][r][7] in (4, 5) for r in range(4)))
    state = corner([tile], ships=(CORNER, 0 * 8 + 7))
    actions = state.legal_actions()
    outcomes = {a: state.placement_outcome(*a.args).voyages for a in actions}
    assert all(v[0][1] is not None for v in outcomes.values())
    losing = [a for a, v in outcomes.items() if v[1][1] is None]
    assert losing and len(losing) < len(actions)
    best, _yielded = advice_of(state)
    assert outcomes[best.action][1][1] is not None  # the rival goes down too
    assert best.best_value == pytest.approx(0.5)  # a win shared by two
    assert reason(best, "win") == {"winners": [0, 1], "reason": "eliminated together"}
    assert reason(best, "sinks")["count"] == reason(best, "sinks")["total"] == len(actions)
    for played in actions:
        advice, _yielded = advice_of(state, played)
        assert advice.action == best.action and advice.best_value == best.best_value
        if played == best.action:
            assert advice.played_value == advice.best_value and advice.cost == 0.0
        if played in losing:
            assert advice.played_value == 0.0 and advice.cost == pytest.approx(0.5)
    words = hint_words(best, NAMES)
    assert "it ends the game in a win shared with Bob" in words
    assert "every one of your 4 placements sinks your ship here" in words


# --- the hard bot's choice -------------------------------------------------------------------
def _choices(count, players=4, seed=0):
    """Placement decisions with a real choice from games of medium bots."""
    chosen = (state.clone() for _, state in medium_placements(players, seed)
              if state.turn > players and len(state.legal_actions()) >= 3)
    return list(islice(chosen, 0, 3 * count, 3))


def test_the_advice_is_the_hard_bots_choice_with_the_coachs_seed():
    """The coach's search is the hard bot's, seeded by coach_seed(state): the same
    placement, after as many slices (one per world), whatever action is played."""
    for number, state in enumerate(_choices(8, seed=20)):
        seat = state.to_move
        chosen, slices = think_through(FewPlayouts(seat, coach_seed(state)).think(state))
        played = state.legal_actions()[number % len(state.legal_actions())]
        for asked in (None, played):
            advice, yielded = advice_of(state, asked)
            assert (advice.action, yielded, advice.seat) == (chosen, len(slices), seat)
    # with the hard bot's own budget
    for state in _choices(2, players=3, seed=40):
        advice, _yielded = advice_of(state, rollouts=None)
        assert advice.action == HardBot(state.to_move, coach_seed(state))(state)


def test_start_marks_relocations_and_bonuses_are_the_hard_bots_too():
    kinds = set()
    for seed in range(3):
        state = TsuroState({"players": 4, "daikaiju": True}, 60 + seed)
        while state.decision == START_MARK:
            advice, yielded = advice_of(state)
            assert advice.action == HardBot(state.to_move, coach_seed(state))(state)
            assert yielded == 0 and 0.0 <= advice.best_value <= 1.0
            assert {r.kind for r in advice.reasons} >= {"open_water", "daikaiju", "where"}
            assert hint_words(advice, NAMES).startswith("Set sail from start mark on the ")
            kinds.add(START_MARK)
            state.apply(advice.action)
    # a relocation (D8)
    from .test_svg import relocation_state

    state = relocation_state()
    assert state.decision == RELOCATION
    advice, _yielded = advice_of(state, played=state.legal_actions()[-1])
    assert advice.action == HardBot(0, coach_seed(state))(state)
    assert 0.0 <= advice.played_value <= 1.0
    assert hint_words(advice, NAMES).startswith("Move your ship to start mark on the top edge")
    kinds.add(RELOCATION)
    # a bonus: the placement that puts Bob out, a tile left in hand
    state = build(
        3, ships=[0 * 8 + 0, 0 * 8 + 1, 20 * 8 + 2], hands=[[15, 20], [40, 41, 42], [43, 44, 45]],
        draw_pile=[t for t in range(56) if t not in (15, 20, 40, 41, 42, 43, 44, 45)],
        daikaiju_rule=False)
    killing = next(a for a in state.legal_actions()
                   if state.placement_outcome(*a.args).voyages.get(1, (0, None))[1]
                   and state.placement_outcome(*a.args).own_fate is None)
    state.apply(killing)
    assert state.decision == BONUS
    for played in state.legal_actions():
        advice, _yielded = advice_of(state, played)
        assert advice.action == HardBot(0, coach_seed(state))(state)
        assert 0.0 <= advice.best_value <= 1.0 and 0.0 <= advice.played_value <= 1.0
        if played == advice.action:
            assert advice.cost == 0.0
    hand = reason(advice, "hand")
    assert hand["total"] == 1 and 0 <= hand["safe_tiles"] <= 1
    give, take = advice.action.args
    words = hint_words(advice, NAMES)
    assert words.startswith("Keep your hand" if not give else
                            f"Swap tile {give[0] + 1} for tile {take[0] + 1}")
    kinds.add(BONUS)
    assert kinds == {START_MARK, RELOCATION, BONUS}


def test_the_played_action_is_valued_in_the_same_worlds():
    """Playing out another action beside the search changes neither its choice nor its
    values; the advised action played is worth just what the search says."""
    for state in _choices(3, seed=80):
        plain, _yielded = advice_of(state)
        for played in state.legal_actions():
            advice, _yielded = advice_of(state, played)
            assert (advice.action, advice.best_value) == (plain.action, plain.best_value)
            assert 0.0 <= advice.played_value <= 1.0 and advice.cost >= 0.0
            if played == plain.action:
                assert advice.played_value == advice.best_value and advice.cost == 0.0
            assert advice.played == played


def test_the_same_state_gives_the_same_advice_and_nothing_hidden_is_read():
    for number, state in enumerate(_choices(3, seed=100)):
        first, _yielded = advice_of(state)
        assert advice_of(state.clone())[0] == first
        other = hidden_variant(state, number)
        assert other.view(state.to_move) == state.view(state.to_move)
        assert advice_of(other)[0] == first


def test_an_illegal_played_action_or_a_game_over_is_refused():
    state = _choices(1, seed=5)[0]
    with pytest.raises(ValueError, match="not a legal action"):
        finish(advise(state, Action("place", (99, 0))))
    over = TsuroState({"players": 2, "daikaiju": False}, 3)
    chooser = random.Random(3)
    while not over.is_over:
        over.apply(chooser.choice(over.legal_actions()))
    with pytest.raises(ValueError, match="the game is over"):
        finish(advise(over))


def test_reasons_are_plain_json_data():
    for state in _choices(4, seed=120):
        advice, _yielded = advice_of(state)
        for found in advice.reasons:
            assert json.loads(json.dumps(found.data)) == found.data, found
        assert advice.reasons[-1].kind == "where"
        assert reason(advice, "playouts")["share"] == round(advice.best_value, 4)


# --- the hint in words ---------------------------------------------------------------------
def test_the_hint_is_said_in_every_language():
    state = corner([*_asymmetric(0)[:1], *_asymmetric(1)[:2]])
    advices = [advice_of(state)[0], advice_of(_choices(1, seed=7)[0])[0],
               advice_of(TsuroState({"players": 3, "daikaiju": True}, 9))[0]]
    for lang in LANGUAGES:
        with speaking(lang):
            for advice in advices:
                words = hint_words(advice, NAMES)
                assert isinstance(words, str) and words.endswith(".") and "{" not in words


# --- the ghost on the board ----------------------------------------------------------------
def test_the_advice_is_drawn_as_a_ghost_that_lets_clicks_through():
    state = corner([*_asymmetric(0)[:1], *_asymmetric(1)[:2]])
    advice, _yielded = advice_of(state)
    view = svg.board_view(state)
    plain = svg.board(view)
    assert svg.board(view, ghost=None) == plain and svg.board(view, ghost=()) == plain
    root = ET.fromstring(svg.board(view, ghost=advice.turn))
    (ghost,) = classed(root, "ghost")
    assert ghost.get("class") == "ghost" and ghost.get("pointer-events") == "none"
    assert ghost.get("data-advice") == "true" and ghost.get("data-seat") == "0"
    title = ghost.find(NS + "title").text
    tile, rotation = advice.action.args
    assert title.startswith(f"Place wake tile {tile + 1}, turned {rotation} quarter turn")
    assert title.endswith("on gold 1, blue 1 (the coach's advice)")
    (drawn,) = classed(ghost, "ghost-tile")
    assert (drawn.get("data-tile"), drawn.get("data-rotation"), drawn.get("data-square")) == (
        str(tile), str(rotation), "0")
    assert any(e.get("opacity") == "0.5" for e in drawn.iter())  # translucent
    assert any(e.get("stroke-dasharray") for e in drawn.iter())  # in a dashed outline
    paths = classed(ghost, "ghost-path")
    voyages = state.placement_outcome(tile, rotation).voyages
    assert [int(p.get("data-seat")) for p in paths] == list(voyages)
    assert [e.get("data-fate") for e in classed(ghost, "ghost-end")] == ["sails"]
    # under the ships, over the start marks
    children = [e for e in root if e.tag == NS + "g"]
    ships = next(i for i, e in enumerate(children) if "ship" in e.get("class", "").split())
    assert children.index(ghost) < ships
    # a seat's own view judges no placement: the tile alone
    root = ET.fromstring(svg.board(state.view(0), ghost=advice.turn))
    assert classed(root, "ghost-tile") and not classed(root, "ghost-path")
    with pytest.raises(ValueError):
        svg.board(view, ghost=[Action("place", (56, 0))])


def test_an_advised_start_mark_is_ringed_and_a_bonus_draws_nothing():
    state = TsuroState({"players": 3, "daikaiju": True}, 4)
    advice, _yielded = advice_of(state)
    (mark,) = advice.action.args
    root = ET.fromstring(svg.board(svg.board_view(state), ghost=advice.turn))
    (ghost,) = classed(root, "ghost")
    (ring,) = classed(ghost, "ghost-mark")
    assert ring.get("data-mark") == str(mark) and len(ring.findall(NS + "circle")) == 2
    assert ghost.find(NS + "title").text.startswith("Set sail from start mark on the ")
    # an action of another decision than the one drawn: nothing
    placing = svg.board_view(_choices(1, seed=9)[0])
    assert svg.board(placing, ghost=advice.turn) == svg.board(placing)
    assert svg.board(placing, ghost=[Action("bonus", ((), ()))]) == svg.board(placing)


# --- a property over random games ----------------------------------------------------------
@settings(max_examples=15, **QUIET)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), daikaiju=st.booleans(),
       steps=st.integers(0, 90), choice=st.integers(0, 2**32 - 1))
def test_over_random_games_the_advice_is_legal_and_its_values_are_shares(seed, players,
                                                                        daikaiju, steps,
                                                                        choice):
    state, chooser = randomly_played(players, daikaiju, seed, steps, choice)
    if state.is_over:
        return
    legal = state.legal_actions()
    played = chooser.choice(legal)
    before = state.snapshot()
    advice, _yielded = advice_of(state, played, rollouts=12)
    assert state.snapshot() == before  # the state is left as it was
    assert advice.action in legal and advice.turn == (advice.action,)
    assert advice.seat == state.to_move and advice.played == played
    assert 0.0 <= advice.best_value <= 1.0 and 0.0 <= advice.played_value <= 1.0
    if played == advice.action:
        assert advice.played_value == advice.best_value
    assert hint_words(advice, NAMES[:players] + ["?"] * 4)
    if state.decision == PLACEMENT:
        assert advice.reasons[-1].kind == "where"
