"""Tatsu's motion (game/tatsu/motion.py) against the boards as drawn (game/tatsu/svg.py):
every move acts on pieces the board draws (a move with `before` on the board drawn
before the action), starts where the piece was and ends where it is drawn now; a water
dragon's victim goes to its tray, a fire dragon's to the dead zone; tendrils and locks
wind on and fall away; a recruit hops from the tray to the mat."""

import random

import pytest
from tatsu_helpers import enter, escape, move, pos

from game.core.motion import Move
from game.tatsu import geometry, motion, svg
from game.tatsu.geometry import R_INNER_STONE, polar
from game.tatsu.state import TatsuState
from tests.motion_frames import SCALE, TRANSLATE, Board, functions, scale, xy


def near(a, b, tolerance=0.05) -> bool:
    return abs(a[0] - b[0]) <= tolerance and abs(a[1] - b[1]) <= tolerance


def pile_stone(board: Board, owner: int, box: str, kind: str):
    return board.one(f'g.pile[data-box="{box}"][data-seat="{owner}"][data-kind="{kind}"] > g')


def count(board: Board, owner: int, box: str, kind: str) -> int:
    pile = board.one(f'g.pile[data-box="{box}"][data-seat="{owner}"][data-kind="{kind}"]')
    return int(pile.get("data-count"))


def stone(board: Board, segment: int, field: str = "inner"):
    found = board.select(f'g.stone[data-segment="{segment}"][data-field="{field}"]')
    return found[0] if found else None


# --- one action, its boards and its plan ---------------------------------------------------
def played(state, action):
    """(board before, events, board after, plan) of `action` on `state`."""
    before = Board(svg.board(svg.board_view(state)))
    events = state.apply(action)
    after = Board(svg.board(svg.board_view(state)))
    plan = motion.moves([(event, "") for event in events])
    return before, events, after, plan


def moves_of(events, plan, kind) -> list:
    """The moves of each event of `kind`, with the event's data."""
    return [(events[i].data, plan.get(i, [])) for i in range(len(events))
            if events[i].kind == kind]


def check_drawn(before: Board, after: Board, plan: dict) -> None:
    """What holds for every move: it acts on a piece the board draws (a `before` move on
    the board drawn before the action); a move that carries the piece's place starts or
    ends at it: a piece still on the board ends where it is drawn, at its own size; a
    copy of a piece gone starts where it was drawn, and ends unseen."""
    for moves in plan.values():
        for m in moves:
            assert isinstance(m, Move)
            board = before if m.before else after
            found = board.select(m.selector)
            assert found, m.selector
            frames = m.keyframes
            # one list of transform functions in every keyframe that has a transform
            assert len({tuple(functions(f)) for f in frames if "transform" in f}) <= 1
            if m.before:
                assert frames[-1]["opacity"] == 0 and m.options(1)["fill"] == "both"
                if TRANSLATE.search(frames[0].get("transform", "")):
                    for element in found:
                        assert near(xy(frames[0]), board.absolute(element)), m.selector
                continue
            last = frames[-1]
            if TRANSLATE.search(last.get("transform", "")) and not m.home:
                for element in found:
                    assert near(xy(last), board.place(element)), m.selector
            if SCALE.search(last.get("transform", "")):
                assert scale(last) == 1
            if "opacity" in last:
                assert last["opacity"] == 1


# --- constructed positions: one of each -----------------------------------------------------
def test_a_water_dragons_victim_flies_back_to_its_owners_tray():
    state = pos({5: "Bw", 8: "Wv", 19: "Wf"}, dice=(3, 4))
    before, events, after, plan = played(state, move(5, 3))
    check_drawn(before, after, plan)
    ((data, moves),) = moves_of(events, plan, "power")
    assert data["power"] == "expel" and data["victim_to"] == "tray"
    gone = moves[0]  # (then the count of the pile it lands on)
    assert gone.selector == 'g.pile[data-box="tray"][data-seat="1"][data-kind="vine"] > g'
    assert count(after, 1, "tray", "vine") == count(before, 1, "tray", "vine") + 1
    top = after.absolute(after.parent[pile_stone(after, 1, "tray", "vine")])  # White's side
    start = xy(gone.keyframes[0])
    victim = stone(before, 8)
    assert victim.get("data-seat") == "1" and victim.get("data-kind") == "vine"
    assert near((start[0] + top[0], start[1] + top[1]), before.absolute(victim))
    assert near((start[0] + top[0], start[1] + top[1]), polar(8, R_INNER_STONE))
    assert near(xy(gone.keyframes[-1]), after.place(pile_stone(after, 1, "tray", "vine")))
    assert scale(gone.keyframes[0]) > 1  # an arena stone, larger than a pile's
    assert max(scale(f) for f in gone.keyframes) > 1.1  # lifted on its way


def test_a_fire_dragons_victim_flies_to_the_attackers_dead_zone():
    state = pos({5: "Bf", 7: "Ww", 19: "Wv"}, dice=(2, 4))
    before, events, after, plan = played(state, move(5, 2))
    check_drawn(before, after, plan)
    ((data, moves),) = moves_of(events, plan, "power")
    assert data["power"] == "destroy" and data["victim_to"] == "dead zone"
    gone = moves[0]  # (then the count of the pile it lands on)
    # Black's dead zone (its side, above the arena) holds the White water dragon now
    assert gone.selector == 'g.pile[data-box="dead"][data-seat="0"][data-kind="water"] > g'
    pile = pile_stone(after, 0, "dead", "water")
    assert after.absolute(after.parent[pile]) == (0, 0)
    assert near(xy(gone.keyframes[0]), polar(7, R_INNER_STONE))
    assert near(xy(gone.keyframes[-1]), after.place(pile))
    assert count(after, 0, "dead", "water") == count(before, 0, "dead", "water") + 1
    # the fire dragon travels to the field first, the victim leaves after it
    kinds = [e.kind for e in events]
    assert kinds.index("move") < kinds.index("power")


def test_white_destroys_into_its_own_dead_zone_below_the_arena():
    state = pos({10: "Wf", 8: "Bv", 2: "Bw"}, to_move="white", dice=(2, 5))
    before, events, after, plan = played(state, move(10, 2))
    check_drawn(before, after, plan)
    ((data, (gone, *_counts)),) = moves_of(events, plan, "power")
    assert gone.selector == 'g.pile[data-box="dead"][data-seat="1"][data-kind="vine"] > g'
    top = geometry.side_top(1)
    assert top > 0
    x, y = xy(gone.keyframes[0])
    assert near((x, y + top), polar(8, R_INNER_STONE))


def test_an_entangling_vine_winds_its_tendrils_round_its_victim():
    state = pos({5: "Bv", 7: "Ww", 19: "Wv"}, dice=(2, 4))
    before, events, after, plan = played(state, move(5, 2))
    check_drawn(before, after, plan)
    ((data, moves),) = moves_of(events, plan, "power")
    assert data["power"] == "entangle"
    pressed, ring = moves
    victim = after.one(pressed.selector)
    assert victim.get("data-status") == "entangled" and victim.get("data-segment") == "7"
    assert all(near(xy(f), after.place(victim)) for f in pressed.keyframes)
    assert min(scale(f) for f in pressed.keyframes) < 1  # pressed down under the vine
    assert after.select(ring.selector) and not before.select(ring.selector)
    assert ring.keyframes[0]["opacity"] == 0  # unseen until the vine lands
    assert ring.keyframes[-1]["transform"] == "rotate(0deg) scale(1)"


def test_a_stone_held_under_its_own_is_pressed_and_locked():
    state = pos({5: "Bv", 7: "Bw", 19: "Wv"}, dice=(2, 4))
    before, events, after, plan = played(state, move(5, 2))
    check_drawn(before, after, plan)
    ((data, moves),) = moves_of(events, plan, "hold")
    pressed, lock = moves
    held = after.one(pressed.selector)
    assert held.get("data-status") == "held"
    assert near(xy(pressed.keyframes[0]), before.place(stone(before, 7)))
    assert after.select(lock.selector) and not before.select(lock.selector)
    assert lock.keyframes[0]["opacity"] == 0 and scale(lock.keyframes[0]) == 0
    assert near(xy(lock.keyframes[-1]), after.place(after.one(lock.selector)))
    # the stone that holds it travelled to the outer field first
    ((_move, (travel,)),) = moves_of(events, plan, "move")
    assert travel.selector.endswith('[data-field="outer"]')


@pytest.mark.parametrize("bound, mark", [(("Bv", "Bw"), "g.lock"),
                                         (("Wv", "Bv"), "g.vine-ring")])
def test_a_stone_set_free_loses_its_lock_or_tendrils(bound, mark):
    state = pos({5: bound, 19: "Wf"}, dice=(2, 4))
    before, events, after, plan = played(state, move(5, 2, "outer"))
    check_drawn(before, after, plan)
    ((data, (loose,)),) = moves_of(events, plan, "release")
    assert loose.before and loose.selector.endswith(mark)
    was = before.one(loose.selector)  # drawn before, gone now
    assert not after.select(loose.selector)
    assert stone(after, 5).get("data-status") == "free"
    assert near(xy(loose.keyframes[0]), before.absolute(was))
    assert loose.keyframes[-1]["opacity"] == 0


def test_an_escaping_stone_slips_out_and_the_vine_settles_and_uncoils():
    state = pos({5: ("Bf", "Wv"), 19: "Wf", 1: "Bv"}, dice=(2, 4))
    before, events, after, plan = played(state, escape(5, 2))
    check_drawn(before, after, plan)
    ((data, (travel,)),) = moves_of(events, plan, "escape")
    assert travel.selector == 'g.stone[data-segment="7"][data-field="inner"]'
    ((_settle, (sink, uncoil)),) = moves_of(events, plan, "settle")
    vine = after.one(sink.selector)
    assert vine.get("data-kind") == "vine" and vine.get("data-seat") == "1"
    assert near(xy(sink.keyframes[0]), before.place(stone(before, 5, "outer")))
    assert near(xy(sink.keyframes[-1]), after.place(vine))
    # the tendrils, drawn round the escaping stone before, stay until the vine settles
    assert uncoil.before and uncoil.selector.endswith("g.vine-ring")
    assert near(xy(uncoil.keyframes[0]), before.absolute(before.one(uncoil.selector)))
    assert not after.select(uncoil.selector)


def test_a_recruit_hops_from_the_tray_to_the_mat():
    state = pos({5: "Bv", 19: "Wf"}, dice=(3, 4))  # segment 8 is a vine corner
    before, events, after, plan = played(state, move(5, 3))
    check_drawn(before, after, plan)
    ((data, (hop, *_counts)),) = moves_of(events, plan, "recruit")
    assert hop.selector == 'g.pile[data-box="mat"][data-seat="0"][data-kind="vine"] > g'
    assert near(xy(hop.keyframes[0]), before.place(pile_stone(before, 0, "tray", "vine")))
    assert near(xy(hop.keyframes[-1]), after.place(pile_stone(after, 0, "mat", "vine")))
    assert min(xy(f)[1] for f in hop.keyframes) < xy(hop.keyframes[0])[1] - 10  # a hop
    assert count(after, 0, "mat", "vine") == count(before, 0, "mat", "vine") + 1
    assert count(after, 0, "tray", "vine") == count(before, 0, "tray", "vine") - 1


@pytest.mark.parametrize("seat, die", [(0, 2), (1, 3)])
def test_an_entering_stone_comes_from_its_mat(seat, die):
    colour = ("black", "white")[seat]
    state = pos({9: "Bv", 20: "Wv"}, to_move=colour, dice=(die, 6),
                mats={colour: {"fire": 1}})
    before, events, after, plan = played(state, enter("fire", die))
    check_drawn(before, after, plan)
    ((data, (come,)),) = moves_of(events, plan, "enter")
    mat = pile_stone(before, seat, "mat", "fire")
    assert near(xy(come.keyframes[0]), before.absolute(mat))
    assert scale(come.keyframes[0]) < 1  # a pile's size, growing to the arena's
    assert near(xy(come.keyframes[-1]), after.place(after.one(come.selector)))
    assert come.selector == (f'g.stone[data-segment="{data["to"][0]}"]'
                             f'[data-field="{data["to"][1]}"]')


# --- seeded games: every move against the boards drawn ----------------------------------------
def test_in_seeded_games_every_move_acts_on_a_drawn_piece_from_where_it_was():
    seen = {"expel": 0, "destroy": 0, "entangle": 0, "hold": 0, "release": 0,
            "recruit": 0, "enter": 0, "settle": 0}
    for seed in range(6):
        state = TatsuState({"first": "black"}, seed)
        rng = random.Random(seed)
        for _step in range(120):
            if state.is_over:
                break
            before, events, after, plan = played(state, rng.choice(state.legal_actions()))
            check_drawn(before, after, plan)
            for index, event in enumerate(events):
                data, moves = event.data, plan.get(index, [])
                if event.kind == "power":
                    seen[data["power"]] += 1
                    if data["power"] != "entangle":
                        gone = moves[0]
                        box, owner = (("tray", data["victim_seat"]) if data["power"] == "expel"
                                      else ("dead", data["seat"]))
                        assert f'[data-box="{box}"][data-seat="{owner}"]' in gone.selector
                        x, y = xy(gone.keyframes[0])
                        assert near((x, y + geometry.side_top(owner)),
                                    polar(data["segment"], R_INNER_STONE))
                elif event.kind in seen:
                    seen[event.kind] += 1
                    assert moves
                if event.kind in ("release", "settle"):
                    assert any(m.before for m in moves)
    assert all(count >= 3 for count in seen.values()), seen


def test_the_hub_says_the_next_turn_only_when_the_turn_passes_in_the_motion():
    """The turn's last move: the stone travels under the hub of the turn that ends (a
    copy of the hub as drawn before), and the next turn's hub, held unseen until then,
    comes in with the "turn" event, after the travel."""
    chooser = random.Random(3)
    state = TatsuState({"first": "black"}, 3)
    while True:
        action = chooser.choice(state.legal_actions())
        if state.clone().apply(action)[-1].kind != "dice" or action.kind != "move":
            state.apply(action)
            continue
        before, events, after, plan = played(state, action)
        break
    kinds = [event.kind for event in events]
    turn = kinds.index("turn")
    assert kinds.index("move") < turn
    hub = [m for m in plan[turn] if m.selector == motion.HUB]
    old, new = (next(m for m in hub if m.before), next(m for m in hub if not m.before))
    assert old.keyframes[0]["opacity"] == 1 and old.keyframes[-1]["opacity"] == 0
    assert new.keyframes[0]["opacity"] == 0 and new.keyframes[-1]["opacity"] == 1
    assert before.select(motion.HUB) and after.select(motion.HUB)
    assert not any(m.selector == motion.HUB for i, ms in plan.items() if i < turn for m in ms)
    # a move that leaves the turn to the same player keeps the hub as it is
    state = TatsuState({"first": "black"}, 3)
    first = next(a for a in state.legal_actions() if a.kind == "move")
    _before, events, _after, plan = played(state, first)
    assert "turn" not in [event.kind for event in events] and state.to_move == 0
    assert all(m.selector != motion.HUB for ms in plan.values() for m in ms)


def test_a_piles_count_says_one_more_only_as_the_stone_lands_on_it():
    """The mat's count after a recruit: the count drawn before the action stays (a copy)
    through the hop and goes at its end, when the new count comes."""
    state = pos({5: "Bv", 19: "Wf"}, dice=(3, 4))
    before, events, after, plan = played(state, move(5, 3))
    ((_data, (hop, old, new)),) = moves_of(events, plan, "recruit")
    selector = 'g.pile[data-box="mat"][data-seat="0"][data-kind="vine"] > text.count'
    assert old.selector == new.selector == selector and old.before and not new.before
    assert old.steps == new.steps == hop.steps  # with the hop, changing as it lands
    assert [f["opacity"] for f in old.keyframes] == [1, 1, 0]
    assert [f["opacity"] for f in new.keyframes] == [0, 0, 1]
    assert old.keyframes[1]["offset"] > 0.9
    assert before.select(selector)[0].text != after.select(selector)[0].text
