"""The Tatsu coach (game/tatsu/coach.py, issue 40): the hard bot's choice with its reasons
on constructed positions where the right turn is plain (a vine entangles, a fire
destroys, an entangled fire escapes, a fire wins, a stone is left in danger, a last
fire flees), the same action as the hard bot's on random positions and in the same
slices, a played action valued under the same search, the hint in words in every
language, the ghost on the board, and a property over random games."""

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tatsu_helpers import PASS, enter, escape, move, pos

from game.core.bots import finish, think_through
from game.core.coach import Advice
from game.core.i18n import LANGUAGES, speaking
from game.core.rng import new_rng
from game.tatsu import TatsuState, svg
from game.tatsu.bots.eval import MediumBot
from game.tatsu.bots.model import whole_turns
from game.tatsu.bots.search import HARD_WEIGHTS, REPLY_WEIGHTS, HardBot, compare
from game.tatsu.coach import (
    advise,
    expected_share,
    hint_words,
    share,
    state_move_words,
    turns_beginning,
)

NAMES = ["Ann", "Bob"]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def advice_of(state, played=None) -> tuple[Advice, int]:
    """The coach's advice and how many times it yielded."""
    advice, yielded = think_through(advise(state, played))
    assert all(y is None for y in yielded)
    return advice, len(yielded)


def reason(advice, kind):
    found = [r.data for r in advice.reasons if r.kind == kind]
    assert len(found) <= 1, advice.reasons
    return found[0] if found else None


def kinds(advice):
    return [r.kind for r in advice.reasons]


def classed(root, name):
    return [e for e in root.iter() if name in e.get("class", "").split()]


def medium_positions(count, seed=0, every=5):
    """Decisions with a choice from seeded games of medium bots, every `every`-th."""
    found, seen, game = [], 0, seed
    while len(found) < count:
        state = TatsuState({"first": "roll" if game % 2 else "black"}, game)
        bots = [MediumBot(0, game), MediumBot(1, game)]
        while not state.is_over and len(found) < count:
            if len(state.legal_actions()) > 1:
                seen += 1
                if seen % every == 0:
                    found.append(state.clone(rng=new_rng(0)))
            state.apply(bots[state.to_move](state))
        game += 1
    return found


# --- constructed positions ------------------------------------------------------------------
def entangling():
    """Black's vine on 5 lands on White's lone water on 8 with the 3 (and recruits a vine
    on the vine corner); White's vines on 20 and 21 are far."""
    return pos({5: "Bv", 8: "Ww", 20: "Wv", 21: "Wv", 16: "Bv"}, dice=(3, 6))


def destroying():
    """Black's fire on 5 destroys White's lone water on 8 with the 3; Black's vine on 10
    has the 1 (as in the bots' tests)."""
    return pos({5: "Bf", 10: "Bv", 8: "Ww", 20: "Wv", 21: "Wv"}, dice=(3, 1))


def escaping():
    """Black's fire on 14 is entangled by White's vine; it escapes with the 3 to 17 (a
    position of a game between medium bots, seed 0, turn 39)."""
    return pos({1: "Bv", 2: ("Bf", "Bw"), 6: ("Bv", "Bv"), 11: "Wv", 12: "Wf",
                13: ("Ww", "Ww"), 14: ("Bf", "Wv"), 20: "Bv"}, dice=(3, 6),
               trays={"black": {"water": 1}, "white": {}},
               mats={"white": {"vine": 1, "water": 1}},
               dead={"black": {"vine": 1, "fire": 1}, "white": {"water": 1}})


def winning():
    """White has one fire left, alone on 9; Black's fire on 4 reaches it with the 5."""
    return pos({4: "Bf", 17: "Bv", 9: "Wf", 22: "Wv", 23: "Wv"}, dice=(5, 2),
               dead={"black": {"fire": 1}})


def cornered():
    """Black's water on 6 and vine on 20 with a double 1: whatever Black does, the water
    stays within reach of White's fire on 10 (White moves anticlockwise)."""
    return pos({6: "Bw", 20: "Bv", 10: "Wf", 2: "Wv"}, dice=(1, 1))


def fleeing():
    """Black's last fire, on 6, is 2 in front of White's fire on 8: it flees with the 5."""
    return pos({6: "Bf", 14: "Bv", 8: "Wf", 22: "Wv"}, dice=(5, 4),
               dead={"white": {"fire": 1}})


def stuck():
    """Black's only stone, a fire on 9, is entangled; escaping with the 2 would land on
    11, full: Black can only pass."""
    return pos({9: ("Bf", "Wv"), 11: ("Wv", "Wv"), 20: "Ww"}, dice=(2, 5))


def test_a_vine_that_can_entangle_a_lone_stone_is_advised_to_and_the_hint_says_so():
    state = entangling()
    advice, _ = advice_of(state)
    assert advice.action == move(5, 3) == advice.turn[0]
    assert advice.action in state.legal_actions()
    assert reason(advice, "entangle") == {"step": 0, "kind": "vine", "seat": 1,
                                          "victim": "water", "segment": 8}
    assert reason(advice, "recruit") == {"step": 0, "kind": "vine", "segment": 8}
    words = hint_words(advice, NAMES)
    assert words.startswith("Move your vine dragon from segment 5 to segment 8 (vine "
                            "corner) with the 3")
    assert "it entangles White's water dragon on segment 8" in words


def test_a_fire_that_can_destroy_is_advised_to_and_its_whole_turn_is_planned():
    state = destroying()
    advice, _ = advice_of(state)
    assert advice.action == move(5, 3)
    assert len(advice.turn) == 2  # the other die too: the turn's second decision
    state.apply(advice.turn[0])
    assert advice.turn[1] in state.legal_actions()
    assert reason(advice, "destroy") == {"step": 0, "kind": "fire", "seat": 1,
                                         "victim": "water", "segment": 8, "last": False}
    assert kinds(advice).index("destroy") < kinds(advice).index("search")
    assert "it destroys White's water dragon on segment 8" in hint_words(advice, NAMES)


def test_an_entangled_fire_is_freed_when_escaping_is_best():
    state = escaping()
    advice, _ = advice_of(state)
    assert advice.action == escape(14, 3)
    assert advice.turn == (escape(14, 3),)  # an escape takes the whole turn
    assert reason(advice, "free") == {"step": 0, "kind": "fire", "segment": 14, "to": 17,
                                      "die": 3, "forfeit": [6]}
    words = hint_words(advice, NAMES)
    assert words.startswith("Let your fire dragon escape the vine on segment 14, to "
                            "segment 17 with the 3: it frees your fire dragon, at the cost "
                            "of the 6")


def test_a_win_at_once_is_taken_and_said_first():
    state = winning()
    advice, yielded = advice_of(state)
    assert advice.action == move(4, 5)
    assert advice.best_value == 1.0
    assert yielded == 0  # the search stops at a win, as the hard bot's does
    assert advice.reasons[0].kind == "win"
    assert reason(advice, "win") == {"seat": 0, "reason": "destroyed all fire dragons"}
    assert reason(advice, "destroy")["last"] is True
    words = hint_words(advice, NAMES)
    assert words == ("Move your fire dragon from segment 4 (fire corner) to segment 9 with "
                     "the 5: it wins the game and it destroys White's last fire dragon, on "
                     "segment 9.")
    state.apply(advice.action)
    assert state.winners == (0,)


def test_a_stone_left_in_danger_is_said_as_a_warning_with_its_chance():
    advice, _ = advice_of(cornered())
    threat = reason(advice, "threat")
    # White's fire on 10 lands on 8 with a 2 on either die or with 1 and 1: 12 rolls of 36
    assert threat == {"kind": "water", "segment": 8, "chance": round(12 / 36, 4),
                      "power": "destroy", "power_chance": round(12 / 36, 4)}
    assert hint_words(advice, NAMES).endswith(
        ", but it leaves your water dragon on segment 8 (vine corner) within reach of "
        "White's fire (a 33% chance that the next roll destroys it).")


def test_a_last_fire_taken_out_of_reach_is_said_to_be_safer():
    advice, _ = advice_of(fleeing())
    safe = reason(advice, "safe")
    assert safe["kind"] == "fire" and safe["from"] == 6
    assert (8 - safe["segment"]) % 24 > 12  # out of reach of White's fire, as the bot plays
    assert safe["after"] < safe["before"] / 2
    assert "it makes your fire dragon safer from White's next roll" in hint_words(advice,
                                                                                  NAMES)


def test_the_only_legal_action_is_advised_with_its_value():
    state = stuck()
    assert state.legal_actions() == [PASS]
    advice, _ = advice_of(state, PASS)
    assert advice.action == PASS and advice.turn == (PASS,)
    assert kinds(advice)[0] == "only"
    assert 0 < advice.best_value < 1 and advice.played_value == advice.best_value
    assert hint_words(advice, NAMES) == ("Pass (no die can be used for a move): it is the "
                                         "only move the rules allow.")


# --- the hard bot's choice, its values -------------------------------------------------------
def test_the_advice_is_the_hard_bots_action_in_the_hard_bots_slices():
    searched = 0
    for state in medium_positions(12, seed=3):
        before = state.snapshot()
        advice, yielded = advice_of(state)
        thought, bot_yielded = think_through(HardBot(state.to_move, 7).think(state))
        assert advice.action == thought
        assert advice.action in state.legal_actions() and advice.turn[0] == advice.action
        assert advice.seat == state.to_move
        if bot_yielded:  # a search: the coach's is the bot's, slice for slice
            assert yielded == len(bot_yielded)
            searched += 1
        assert advice_of(state)[0] == advice  # the same state gives the same advice
        assert state.snapshot() == before  # and nothing changed
    assert searched >= 8


def test_the_coach_reads_no_dice_generator():
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the coach read the dice generator ({name})")

    state = destroying()
    advice, _ = advice_of(state)
    state.rng = Untouchable()
    assert advice_of(state)[0] == advice


def test_the_best_action_played_costs_nothing_and_a_bad_one_costs_its_share():
    state = destroying()
    best, _ = advice_of(state)
    again, _ = advice_of(state, best.action)
    assert again.played == best.action and again.played_value == again.best_value
    assert again.cost == 0 and again.action == best.action
    quiet, _ = advice_of(state, move(10, 3))  # the vine on, the water left alone
    assert quiet.action == best.action and quiet.best_value == best.best_value
    assert quiet.cost > 0.1
    assert 0 <= quiet.played_value < quiet.best_value
    with pytest.raises(ValueError, match="not a legal action"):
        finish(advise(state, move(0, 3)))


def test_a_losing_choice_next_to_a_win_costs_nearly_everything():
    state = winning()
    played = move(17, 5)
    advice, _ = advice_of(state, played)
    assert advice.best_value == 1.0 and advice.played == played
    assert advice.cost == pytest.approx(1 - advice.played_value) and advice.cost > 0.2


def test_a_played_action_is_valued_by_the_best_of_its_turns_under_the_same_search():
    """A played action is worth the best of its turns the search valued (by expected
    evaluation); when the search valued none of them, the same search over the turns it
    begins: what the coach then advises for the rest of that turn."""
    fresh = 0
    for state in medium_positions(12, seed=11, every=3):
        seat, dice, first = state.to_move, state.dice_left, len(state.dice_left) == 2
        found = finish(compare(whole_turns(state.position, seat, dice, first), seat,
                               HARD_WEIGHTS, REPLY_WEIGHTS, keep_outcomes=True))
        plain, _ = advice_of(state)
        for played in state.legal_actions():
            advice, _ = advice_of(state, played)
            assert advice.action == plain.action and advice.best_value == plain.best_value
            ends = {bytes(q) for q, _ in turns_beginning(state.position, seat, dice, played)}
            known = [(value, -i) for i, ((q, _), value) in enumerate(zip(found.turns,
                                                                          found.values))
                     if bytes(q) in ends]
            if known:
                best = -max(known)[1]
                assert advice.played_value == expected_share(found.outcomes[best])
                continue
            after = state.clone(rng=new_rng(0))
            after.apply(played)
            if after.to_move == seat and len(after.legal_actions()) > 1:
                assert advice.played_value == advice_of(after)[0].best_value
                fresh += 1
    assert fresh >= 3, fresh


def test_a_share_is_a_monotone_logistic_from_a_loss_to_a_win():
    values = [-100000, -500, -40, -1, 0, 1, 40, 500, 100000]
    shares = [share(v) for v in values]
    assert shares[0] == 0 and shares[-1] == 1 and shares[4] == 0.5
    assert shares == sorted(shares) and len(set(shares)) == len(shares)


def test_a_finished_game_has_no_advice():
    state = winning()
    state.apply(move(4, 5))
    with pytest.raises(ValueError, match="over"):
        finish(advise(state))


# --- the hint in words -----------------------------------------------------------------------
ALL_KINDS = (entangling, destroying, escaping, winning, cornered, fleeing, stuck)


def test_the_hint_is_said_in_every_language_with_every_placeholder_filled():
    advices = [advice_of(make())[0] for make in ALL_KINDS]
    said = {kind for advice in advices for kind in kinds(advice)}
    assert {"win", "only", "destroy", "entangle", "free", "safe", "threat", "recruit",
            "search", "move"} <= said
    for lang in LANGUAGES:
        with speaking(lang):
            for advice in advices:
                words = hint_words(advice, NAMES)
                assert words and not re.search(r"[{}]", words), (lang, words)
                assert words.endswith(".")


def test_after_the_first_die_the_hint_says_the_rest_of_the_turn():
    """The page's hint once the first action of an advised turn is played (web/coaching.py
    keeps the advice with the rest of its turn): the second action, without the reasons
    of the first."""
    advice, _ = advice_of(destroying())
    rest = replace(advice, action=advice.turn[1], turn=advice.turn[1:])
    words = hint_words(rest, NAMES)
    assert words.startswith("Move your vine dragon from segment 10 to segment")
    assert "destroys" not in words


def test_a_move_is_said_as_the_hint_says_it():
    state = destroying()
    assert state_move_words(state, move(5, 3)) == ("Move your fire dragon from segment 5 to "
                                                   "segment 8 (vine corner) with the 3")
    with pytest.raises(ValueError):
        state_move_words(state, move(6, 3))


# --- the ghost on the board ------------------------------------------------------------------
def test_the_ghost_draws_the_advised_turn_faintly_over_the_board():
    state = destroying()
    advice, _ = advice_of(state)
    view = svg.board_view(state)
    plain = svg.board(view)
    drawn = svg.board(view, ghost=advice.turn)
    root = ET.fromstring(drawn)
    (ghost,) = classed(root, "ghost")
    assert ghost.get("pointer-events") == "none" and ghost.get("data-seat") == "0"
    title = ghost.find("{http://www.w3.org/2000/svg}title").text
    assert title.startswith("Move your fire dragon from segment 5 to segment 8 (vine "
                            "corner) with the 3, then your vine dragon from segment 10")
    stones = classed(ghost, "ghost-stone")
    assert [(s.get("data-segment"), s.get("data-kind"), s.get("data-acted"))
            for s in stones][0] == ("8", "fire", "destroy")
    assert len(stones) == len(classed(ghost, "ghost-path")) == len(advice.turn) == 2
    assert [d.get("data-die") for d in classed(ghost, "ghost-die")] == ["3", "1"]
    assert [r.get("data-kind") for r in classed(ghost, "ghost-recruit")] == ["vine"]
    # the ghost is one layer more, the last: before it, the board as drawn with no ghost
    body = plain.removesuffix("</svg>")
    assert drawn.startswith(body + '<g class="ghost"') and drawn.endswith("</g></svg>")
    assert 'class="ghost' not in plain and svg.board(view, ghost=None) == plain


def test_the_ghost_draws_an_entry_from_the_mat_and_stops_at_an_illegal_action():
    state = pos({5: "Bf", 20: "Wv"}, dice=(2, 4), mats={"black": {"water": 1}})
    view = svg.board_view(state)
    root = ET.fromstring(svg.board(view, ghost=(enter("water", 2), move(5, 4))))
    (ghost,) = classed(root, "ghost")
    assert [(s.get("data-segment"), s.get("data-kind")) for s in
            classed(ghost, "ghost-stone")] == [("2", "water"), ("9", "fire")]
    path = classed(ghost, "ghost-path")[0].get("d")
    assert path.count("L") == 1  # straight in from the mat's pile
    # the same die twice is no turn: the second action is not drawn
    root = ET.fromstring(svg.board(view, ghost=(move(5, 4), move(9, 4))))
    assert len(classed(root, "ghost-stone")) == 1
    # nothing legal, nothing drawn
    assert 'class="ghost' not in svg.board(view, ghost=(move(0, 3),))
    assert 'class="ghost' not in svg.board(view, ghost=())


# --- over random games ----------------------------------------------------------------------
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, chooser=SEEDS, length=st.integers(0, 160), pick=st.integers(0, 99))
def test_over_random_games_the_advice_is_legal_and_its_values_are_shares(seed, chooser,
                                                                          length, pick):
    state = TatsuState({"first": "roll" if seed % 2 else "black"}, seed)
    rng = random.Random(chooser)
    while not state.is_over and len(state.history) < length:
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        return
    actions = state.legal_actions()
    played = actions[pick % len(actions)]
    advice, _ = advice_of(state, played)
    assert advice.action in actions and advice.turn[0] == advice.action
    assert 0 <= advice.best_value <= 1 and 0 <= advice.played_value <= 1
    if played == advice.action:
        assert advice.played_value == advice.best_value
    steps = svg.turn_steps(state.position, state.to_move, state.dice_left, advice.turn,
                           len(state.dice_left) == len(state.rolled))
    assert len(steps) == len(advice.turn)  # every action of the turn is legal in turn
    assert hint_words(advice, NAMES)
