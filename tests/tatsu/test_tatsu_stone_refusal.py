"""Why a stone cannot be picked (`stone_refusal`): the page says it when a person clicks
a stone that cannot move, in the words and rule of the refusal moving it would meet."""

from tatsu_helpers import pos


def test_a_movable_stone_has_no_refusal():
    state = pos({5: "Bv", 19: "Wv"}, dice=(2, 3))
    assert state.stone_refusal((5, "inner")) is None


def test_the_other_players_stone():
    state = pos({5: "Bv", 19: "Wv"}, dice=(2, 3))
    refusal = state.stone_refusal((19, "inner"))
    assert refusal.rule == "turn order" and "White's" in refusal.plain


def test_a_held_stone():
    state = pos({5: ("Bf", "Bv"), 19: "Wv"}, dice=(2, 3))
    refusal = state.stone_refusal((5, "inner"))
    assert refusal.rule == "holding" and "held" in refusal.plain


def test_an_entangled_stone_once_a_die_is_used():
    state = pos({5: ("Bf", "Wv"), 19: "Wv", 1: "Bw"}, dice=(2, 3), dice_left=(3,))
    refusal = state.stone_refusal((5, "inner"))
    assert refusal.rule == "entangling" and "entangled" in refusal.plain


def test_no_die_fits():
    # Black's stone on 5 would land on 7 or 8 (clockwise): both full.
    arena = {5: "Bv", 7: ("Wf", "Wv"), 8: ("Wf", "Ww"), 19: "Wv"}
    state = pos(arena, dice=(2, 3))
    state_moves = {a.args[0] for a in state.legal_actions() if a.args}
    assert (5, "inner") not in state_moves
    refusal = state.stone_refusal((5, "inner"))
    assert refusal.rule == "moving"
    assert "with the 2" in refusal.plain and "with the 3" in refusal.plain
    assert "two stones" in refusal.plain


def test_a_mat_stone_with_no_entry_die():
    state = pos({5: "Bv", 19: "Wv"}, dice=(5, 6), mats={"black": {"fire": 1}})
    refusal = state.stone_refusal(("mat", "fire"))
    assert refusal.rule == "entering" and "only a 1, 2 or 3" in refusal.plain


def test_nothing_changes():
    state = pos({5: ("Bf", "Bv"), 19: "Wv"}, dice=(2, 3))
    before = state.snapshot()
    for stone in ((5, "inner"), (19, "inner"), (3, "inner"), ("mat", "fire")):
        state.stone_refusal(stone)
    assert state.snapshot() == before
