"""Taking back and the replay in a real Chromium (the issue "Games are never lost"),
clicked as a person would, each step checked against an engine twin (players.py).

Seeds (checked natively with the same choice rules):
- Tatsu, Ann (Black) against an easy computer, seed 4: Ann's first move leaves her a die;
  taken back (button, then the U key) the page shows the same position and dice.
- Tsuro, Ann against two easy computers, seed 2: after 4 of Ann's decisions (10 actions)
  the replay steps back to the start and forward to the end, then returns to the game.
A click on a log line opens the replay at its step only once game/web/main.py gives the
log lines their step and routes their clicks: that test skips until then.
"""

import random
import re

import pytest
from browsing import open_page
from players import (
    TatsuPlayer,
    TsuroPlayer,
    choose_tsuro,
    start_game,
    tatsu_twin,
    tsuro_twin,
)

pytestmark = pytest.mark.e2e

TATSU_SEED = 4
TSURO_SEED = 2
SETTLE_MS = 30_000

# The replay's board and controls as the page shows them.
REPLAY_SCAN = """() => {
  const at = document.querySelector('#board .replay-board');
  const svg = document.querySelector('#board svg[data-board]');
  const num = (v) => Number(v);
  return {
    at: at ? num(at.dataset.replayAt) : null,
    status: (document.getElementById('status') || {}).textContent || '',
    tiles: [...document.querySelectorAll('#board g.tile')].map((g) =>
        [num(g.dataset.square), num(g.dataset.tile), num(g.dataset.rotation)])
        .sort((a, b) => a[0] - b[0]),
    ships: Object.fromEntries([...document.querySelectorAll('#board g.ship')].map((g) =>
        [g.dataset.seat, num(g.dataset.position)])),
    shown: [...document.querySelectorAll('#app [data-tile], #app [id^="tile-"]')].map((e) =>
        num(e.dataset.tile ?? e.id.slice(5))),
    handTiles: document.querySelectorAll('#panel .hand-tile').length,
    clickable: svg ? svg.querySelectorAll('[role="button"]').length : -1,
    turn: svg ? svg.dataset.turn : null,
  };
}"""


def first_die_move(state):
    """A legal action after which the same seat still has a die to use this turn."""
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.to_move == state.to_move and after.turn == state.turn and after.dice_left:
            return action
    return None


def test_tatsu_takeback_restores_the_position_and_the_dice(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    form = {"name0": "Ann", "player0": "human", "name1": "Eve", "player1": "easy",
            "first": "black", "seed": TATSU_SEED, "speed": "instant"}
    start_game(page, form)
    twin = tatsu_twin(TATSU_SEED, ["Ann (Black)", "Eve (White)"], ["human", "easy"])
    player = TatsuPlayer(page, twin)
    start = player.settle()
    assert page.locator("#panel button[data-takeback]").count() == 0  # nothing to take back

    def taken_back(before, lines, events) -> dict:
        twin.state, twin.lines, twin.events = before, lines, events
        expected = player.expected()
        expected["status"] = f"Ann (Black) took back a move. {expected['status']}"
        return player.settle(expected)

    for way in ("button", "key"):
        action = first_die_move(twin.state)
        assert action is not None
        before = twin.state.clone()
        lines, events = list(twin.lines), list(twin.events)
        moved = player.play(action)
        assert moved["board"]["dice"] != start["board"]["dice"]
        page.wait_for_selector("#panel button[data-takeback]", timeout=SETTLE_MS)
        if way == "button":
            page.click("#panel button[data-takeback]")
        else:
            page.keyboard.press("u")
        after = taken_back(before, lines, events)
        assert after["board"]["dice"] == start["board"]["dice"]
        assert after["board"]["rolled"] == start["board"]["rolled"]
        assert {k: after[k] for k in ("stones", "piles", "log")} == \
            {k: start[k] for k in ("stones", "piles", "log")}
        assert page.locator("#panel button[data-takeback]").count() == 0
    # The second die ends the turn and rolls the next: nothing is offered after it.
    player.play(first_die_move(twin.state))
    player.play(twin.state.legal_actions()[0])
    assert twin.state.to_move == 0 and twin.state.turn == 3
    assert page.locator("#panel button[data-takeback]").count() == 0
    page.keyboard.press("u")
    player.settle()
    watched.assert_clean()


def test_tsuro_replay_steps_back_and_forth_and_returns_without_showing_hidden_tiles(
        page, site, watched):
    names, players = ["Ann", "Ben", "Cat"], ["human", "easy", "easy"]
    open_page(page, f"{site.url}?game=tsuro")
    form = {"players": 3, "daikaiju": True, "seed": TSURO_SEED, "speed": "instant"}
    for i, (name, who) in enumerate(zip(names, players)):
        form[f"name{i}"], form[f"player{i}"] = name, who
    start_game(page, form)
    twin = tsuro_twin(TSURO_SEED, names, players)
    player = TsuroPlayer(page, twin)
    player.settle()
    rng = random.Random(TSURO_SEED)
    for _ in range(4):
        player.play(choose_tsuro(twin.state, rng))
    assert not twin.state.is_over and twin.human_to_move
    live = player.settle()
    record = twin.state.to_record()
    n = len(record["actions"])
    state_class = type(twin.state)

    def expect(step) -> dict:
        page.wait_for_function(
            "(s) => document.querySelector('#board .replay-board')?.dataset.replayAt === s",
            arg=str(step), timeout=SETTLE_MS)
        got = page.evaluate(REPLAY_SCAN)
        state = state_class.from_record(record, upto=step)
        placed = sorted([sq, state.tile_at[sq], state.rotation_at[sq]]
                        for sq in range(49) if state.tile_at[sq] >= 0)
        assert got["tiles"] == placed, step
        assert got["ships"] == {str(s): p for s, p in enumerate(state.ships)
                                if p is not None and state.out[s] is None}, step
        assert got["turn"] == str(state.turn)
        assert f"Replay: step {step} of {n}" in got["status"]
        hidden = set(state.draw_pile) | {t for seat, hand in enumerate(state.hands)
                                         if seat != 0 for t in hand}
        assert set(got["shown"]) <= {t for _, t, _ in placed}, step
        assert not set(got["shown"]) & hidden
        assert got["handTiles"] == 0 and got["clickable"] == 0
        return got

    page.click('#panel button[data-replay="back"]')
    expect(n - 1)
    page.keyboard.press("ArrowLeft")
    expect(n - 2)
    page.keyboard.press("Home")
    expect(0)
    for step in range(1, n + 1):
        if step % 3:
            page.keyboard.press("ArrowRight")
        else:
            page.click('#panel button[data-replay="next"]')
        expect(step)
    page.click('#panel button[data-replay="first"]')
    expect(0)
    page.keyboard.press("End")
    expect(n)
    # Nothing is played during a replay: a hand tile's key, R, a click on the board.
    page.keyboard.press("1")
    page.keyboard.press("r")
    page.click("#board svg", position={"x": 10, "y": 10})
    expect(n)
    page.keyboard.press("Escape")
    page.wait_for_selector("#board .replay-board", state="detached", timeout=SETTLE_MS)
    back = player.settle()
    assert {k: back[k] for k in ("board", "ships", "tiles", "daikaiju", "panel", "log")} == \
        {k: live[k] for k in ("board", "ships", "tiles", "daikaiju", "panel", "log")}
    # and the game goes on
    player.play(choose_tsuro(twin.state, rng))
    watched.assert_clean()


def test_a_click_on_a_log_line_opens_the_replay_there(page, site, watched):
    open_page(page, f"{site.url}?game=tatsu")
    form = {"name0": "Ann", "player0": "human", "name1": "Eve", "player1": "easy",
            "first": "black", "seed": TATSU_SEED, "speed": "instant"}
    start_game(page, form)
    twin = tatsu_twin(TATSU_SEED, ["Ann (Black)", "Eve (White)"], ["human", "easy"])
    player = TatsuPlayer(page, twin)
    player.settle()
    rng = random.Random(TATSU_SEED)
    for _ in range(4):
        if twin.state.is_over:
            break
        player.play(rng.choice(twin.state.legal_actions()))
    assert page.locator("#log li[data-step]").count() > 3  # each line knows its step
    line = page.locator("#log li[data-step]").nth(3)
    step = int(line.get_attribute("data-step"))
    line.click()
    page.wait_for_function(
        "(s) => document.querySelector('#board .replay-board')?.dataset.replayAt === s",
        arg=str(step), timeout=SETTLE_MS)
    assert re.search(rf"Replay: step {step} of \d+", page.inner_text("#status"))
    page.keyboard.press("Escape")
    page.wait_for_selector("#board .replay-board", state="detached", timeout=SETTLE_MS)
    player.settle()
    watched.assert_clean()
