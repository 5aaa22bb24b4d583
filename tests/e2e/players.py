"""Playing a game in the browser as a person would, with an engine twin in the test process.

A `Twin` is the game the page should be showing: the same engine, config and seed, the
same seats (computer seats get the same bots, made with the same seeds as the page's
Match), driven with the same actions the test clicks. After every step the test waits
until the page has settled on what the twin says and then compares everything drawn:

- `expected_tsuro(...)` / `expected_tatsu(...)`: what the page must show, from the twin;
- `SCAN_TSURO` / `SCAN_TATSU`: the same facts read from the DOM (one `page.evaluate`);
- `TsuroPlayer` / `TatsuPlayer`: the clicks for an engine action, and the waiting.

Actions are chosen by fixed seeded rules (`choose_tsuro`, `choose_tatsu`) so that a seed is
the same game on every run; the seeds used by the tests were checked natively with them.
"""

from __future__ import annotations

import json
import random
import time
from abc import ABC, abstractmethod

from browsing import DRAWN_AS_SENT

from game import tatsu, tsuro
from game.core import Action, RuleError
from game.core.bots import make_bot
from game.tatsu.arena import FIELDS, KINDS, SEGMENTS
from game.tatsu.text import describe as tatsu_describe
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK
from game.tsuro.text import describe as tsuro_describe
from game.tsuro.tiles import ORIENTED

SETTLE_MS = 30_000  # the longest a single step may take to show on a busy machine

# What the page asks of the person to move (game/web/tsuro_table.py words them).
TSURO_PROMPTS = {
    START_MARK: "choose a start mark on the edge of the board, or pick one below, "
                "then set sail.",
    RELOCATION: "a daikaiju blocks your first square: choose another start mark on "
                "the same edge, then set sail.",
    PLACEMENT: "choose a tile, turn it (choose it again), then place it.",
    BONUS: "elimination bonus: you may swap tiles from your hand for theirs.",
}
OVER = "The game is over."


# --- the twin --------------------------------------------------------------------------------
class Twin:
    """One game natively: state, seats, the log lines the page must show."""

    def __init__(self, package, describe, config: dict, seed: int, names, players):
        self.package, self.describe = package, describe
        self.state = package.State(config, seed)
        self.seed = seed
        self.names, self.players = list(names), list(players)
        self.bots = {i: make_bot(p if p in package.BOTS else "random", i, f"{seed}:{i}",
                                 package.BOTS)
                     for i, p in enumerate(players) if p != "human"}
        self.lines = []
        self.events = []
        self.news = []  # the lines of ships sunk since a person last acted (the status)
        self._note(getattr(self.state, "setup_events", []))

    def _note(self, events) -> None:
        for event in events:
            self.events.append(event)
            line = self.describe(event, self.names)
            if line:
                self.lines.append(line)
                if event.kind == "ship_out":
                    self.news.append(line)

    @property
    def humans(self) -> int:
        return sum(p == "human" for p in self.players)

    @property
    def human_to_move(self) -> bool:
        seat = self.state.to_move
        return seat is not None and self.players[seat] == "human"

    def apply(self, action) -> list:
        """A person's action, then the computers' until a person is to move (as the page)."""
        self.news = []
        events = self.state.apply(action)
        self._note(events)
        while not self.state.is_over and not self.human_to_move:
            self._note(self.state.apply(self.bots[self.state.to_move](self.state)))
        return events

    def refusal(self, action) -> str:
        """The status line the page shows when the person tries `action` (it must fail)."""
        before = len(self.state.history)
        try:
            self.state.apply(action)
        except RuleError as refused:
            assert len(self.state.history) == before
            return f"Not allowed: {refused.plain} ({refused.rule})."
        raise AssertionError(f"{action} was expected to be refused")


def tsuro_twin(seed, names, players, daikaiju=True) -> Twin:
    config = {"players": len(players), "daikaiju": daikaiju}
    return Twin(tsuro, tsuro_describe, config, seed, names, players)


def tatsu_twin(seed, names, players, first="black") -> Twin:
    return Twin(tatsu, tatsu_describe, {"first": first}, seed, names, players)


# --- the seeded choices ----------------------------------------------------------------------
def choose_tsuro(state, rng: random.Random):
    """Any legal action, at random; an elimination bonus swaps at least one tile if it can."""
    legal = state.legal_actions()
    if state.decision == BONUS:
        swaps = [a for a in legal if a.args[0]]
        return rng.choice(swaps or legal)
    return rng.choice(legal)


def refusable_placement(state):
    """A (tile, rotation) from the hand that the rules refuse now, or None."""
    if state.decision != PLACEMENT:
        return None
    legal = {ORIENTED[t][r] for t, r in (a.args for a in state.legal_actions())}
    for tile in state.hands[state.active]:
        for rotation in range(4):
            if ORIENTED[tile][rotation] not in legal:
                return tile, rotation
    return None


def _tatsu_score(state, action) -> int:
    """How much an action hurts the opponent right away (a greedy rule that ends games)."""
    score = 0
    for event in state.clone().apply(action):
        if event.kind == "game_over":
            score += 100
        elif event.kind == "power":
            score += {"destroy": 10, "expel": 6, "entangle": 3}[event.data["power"]]
        elif event.kind == "recruit":
            score += 1
    return score


def choose_tatsu(state, rng: random.Random):
    """The legal action that hurts the opponent most now; ties broken at random."""
    legal = state.legal_actions()
    scores = [_tatsu_score(state, a) for a in legal]
    best = max(scores)
    return rng.choice([a for a, s in zip(legal, scores) if s == best])


# --- what the page must show -----------------------------------------------------------------
def expected_tsuro(twin: Twin, shown_to, *, message=None) -> dict:
    """The page's Tsuro facts, from the twin. `shown_to`: the seat that last said "I am
    ..." on a pass screen (the page hides hands between several people at one screen)."""
    st = twin.state
    over = st.is_over
    human = twin.human_to_move
    pass_screen = not over and twin.humans > 1 and human and shown_to != st.to_move
    humans = [i for i, p in enumerate(twin.players) if p == "human"]
    if human and not pass_screen:
        viewer = st.to_move
    elif len(humans) == 1:
        viewer = humans[0]
    else:
        viewer = None
    interactive = (human and not pass_screen and st.decision is not None
                   and (viewer is None or viewer == st.active))
    panel = {"hand": [], "give": [], "take": [], "controls": False, "winners": None}
    if over:
        panel["winners"] = ",".join(map(str, st.winners))
    elif not pass_screen and viewer is not None:
        if st.decision == BONUS and viewer == st.to_move:
            panel["give"] = list(st.hands[viewer])
            panel["take"] = list(st.bonus_pool())
        else:
            panel["hand"] = list(st.hands[viewer])
            panel["controls"] = viewer == st.to_move and human and st.decision == PLACEMENT
    news = "".join(f"{line} " for line in twin.news)
    if over:
        status = OVER
    elif message:
        status = news + message
    elif human:
        status = f"{news}{twin.names[st.to_move]}: {TSURO_PROMPTS[st.decision]}"
    else:
        status = f"{news}{twin.names[st.to_move]} is thinking…"
    marks = sorted(a.args[0] for a in st.legal_actions()) if (
        interactive and st.decision in (START_MARK, RELOCATION)) else []
    return {
        "board": {"decision": st.decision or "", "active": str(st.active),
                  "turn": str(st.turn), "viewer": "" if viewer is None else str(viewer)},
        "ships": {str(s): p for s, p in enumerate(st.ships)
                  if p is not None and st.out[s] is None},
        "tiles": sorted([sq, st.tile_at[sq], st.rotation_at[sq]]
                        for sq in range(len(st.tile_at)) if st.tile_at[sq] >= 0),
        "daikaiju": sorted([k, sq, st.kaiju_facing[k]]
                           for k, sq in enumerate(st.kaiju_square) if sq >= 0),
        "marks": marks,
        "target": (st.ships[st.active] >> 3) if interactive and st.decision == PLACEMENT
        else None,
        "panel": panel,
        "ready": st.to_move if pass_screen else None,
        "status": status,
        "log": list(twin.lines),
        "over": "true" if over else "false",
    }


def expected_tatsu(twin: Twin, *, selected=None) -> dict:
    st = twin.state
    over = st.is_over
    human = twin.human_to_move
    humans = [i for i, p in enumerate(twin.players) if p == "human"]
    if human:
        viewer = st.to_move
    elif len(humans) == 1:
        viewer = humans[0]
    else:
        viewer = st.to_move  # Tatsu hides nothing: no pass screen
    legal = st.legal_actions()
    interactive = human and not over and (viewer is None or viewer == st.to_move)
    stones = {}
    for segment in range(SEGMENTS):
        for field in FIELDS:
            stone = st.stone_at(segment, field)
            if stone is not None:
                stones[f"{segment}-{field}"] = [stone[0], stone[1], st.status(segment, field)]
    piles = {}
    for seat in (0, 1):
        for box, counts in (("tray", st.tray(seat)), ("mat", st.mat(seat)),
                            ("dead", st.dead_zone(seat))):
            for kind in KINDS:
                piles[f"{seat}-{box}-{kind}"] = counts[kind]
    movable = sorted(_address_key(a) for a in st.movable_stones()) if interactive else []
    escapes = sorted([f"{a.args[0][0]}-{a.args[0][1]}", a.args[1]]
                     for a in legal if a.kind == "escape") if interactive else []
    targets = []
    if interactive and selected is not None:
        targets = sorted([json.dumps(a.to_json(), separators=(",", ":")), seg]
                         for a, seg in st.destinations(selected))
    who = twin.names[st.to_move] if not over else ""
    can_pass = Action("pass", ()) in legal
    can_escape = any(a.kind == "escape" for a in legal)
    if over:
        status = OVER
    elif legal == [Action("pass", ())]:
        status = f"{who}: no die can be used. Pass the turn."
    elif can_pass and selected is not None:
        status = f"{who}: choose where the stone escapes to, or pass the turn."
    elif can_pass:  # no die moves a stone, but an entangled one may escape (D4)
        status = (f"{who}: no die can move a stone. Your entangled stone may escape with "
                  "the smaller die (choose it), or pass the turn.")
    elif selected is not None:
        status = f"{who}: choose where the stone goes, or another of your stones."
    elif can_escape:
        status = (f"{who}: choose one of your stones, then where it goes; an entangled stone "
                  "may escape with the smaller die (a whole turn).")
    else:
        status = f"{who}: choose one of your stones, then where it goes."
    panel = None
    if not over:
        # The dice left, whoever is to move (the panel keeps its place). A pass is offered
        # to a person whenever the rules allow one: with no usable die, also when an
        # entangled stone could escape instead (escaping is optional, D4). The status
        # alone tells of the escape: the page says one thing at a time.
        panel = {"title": "Dice left: " + (" and ".join(map(str, st.dice_left)) or "none"),
                 "pass": can_pass and human, "escape_hint": False}
    return {
        "board": {"decision": st.decision or "",
                  "active": "" if st.to_move is None else str(st.to_move),
                  "turn": str(st.turn), "dice": ",".join(map(str, st.dice_left)),
                  "rolled": ",".join(map(str, st.rolled)),
                  "viewer": "" if viewer is None else str(viewer),
                  "winner": str(st.winners[0]) if st.winners else ""},
        "stones": stones,
        "piles": piles,
        "movable": movable,
        "escapes": escapes,
        "selected": _address_key(selected) if interactive and selected is not None else None,
        "targets": targets,
        "panel": panel,
        "winners": ",".join(map(str, st.winners)) if over else None,
        "ready": None,  # Tatsu hides nothing: never a pass screen
        "status": status,
        "log": list(twin.lines),
        "over": "true" if over else "false",
    }


def _address_key(address) -> str:
    where, what = address
    return f"{where}-{what}"


# --- what the page shows -------------------------------------------------------------------
SCAN_COMMON = """
  const all = (root, sel) => root ? [...root.querySelectorAll(sel)] : [];
  const text = (id) => (document.getElementById(id) || {}).textContent || "";
  const ready = document.querySelector('#overlay .pass-screen button[data-ready]');
  const result = document.querySelector('#panel .result[data-winners]');
  const common = {
    status: text("status").trim(),
    log: all(document, '#log li').map((li) => li.textContent),
    over: document.documentElement.dataset.over,
    ready: ready ? Number(ready.dataset.ready) : null,
    winners: result ? result.dataset.winners : null,
  };
"""

SCAN_TSURO = """() => {
""" + SCAN_COMMON + """
  const svg = document.querySelector('#board svg[data-board="tsuro"]');
  const d = svg ? svg.dataset : {};
  const num = (v) => Number(v);
  const ships = {};
  for (const g of all(svg, 'g.ship')) {
    if (g.id !== 'ship-' + g.dataset.seat) ships['bad id ' + g.id] = -1;
    ships[g.dataset.seat] = num(g.dataset.position);
  }
  const sortRows = (rows) => rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const preview = svg && svg.querySelector('g.preview');
  const target = svg && svg.querySelector('rect.square.target');
  const tiles = (sel) => all(document, sel).map((b) => num(b.dataset.give ?? b.dataset.take ?? b.dataset.tile));
  const pressed = all(document, '#panel button[aria-pressed="true"]').map((b) => {
    const card = b.querySelector('svg[data-rotation]');
    return [num(b.dataset.tile ?? b.dataset.give ?? b.dataset.take), card ? num(card.dataset.rotation) : null];
  });
  const place = document.querySelector('#panel button[data-place]');
  return {...common,
    board: svg ? {decision: d.decision, active: d.active, turn: d.turn, viewer: d.viewer} : null,
    ships,
    tiles: sortRows(all(svg, 'g.tile').map((g) => [num(g.dataset.square), num(g.dataset.tile), num(g.dataset.rotation)])),
    daikaiju: sortRows(all(svg, 'g.daikaiju').map((g) => [num(g.dataset.daikaiju), num(g.dataset.square), num(g.dataset.facing)])),
    marks: all(svg, 'g.mark.choice').map((g) => num(g.dataset.mark)).sort((a, b) => a - b),
    target: target ? num(target.dataset.square) : null,
    preview: preview ? {tile: num(preview.dataset.tile), rotation: num(preview.dataset.rotation),
                        square: num(preview.dataset.square), legal: preview.dataset.legal} : null,
    panel: {hand: tiles('#panel button.hand-tile[data-tile]'), give: tiles('#panel button[data-give]'),
            take: tiles('#panel button[data-take]'), controls: !!place, winners: common.winners},
    pressed,
    placeDisabled: place ? place.disabled : null,
  };
}"""

SCAN_TATSU = """() => {
""" + SCAN_COMMON + """
  const svg = document.querySelector('#board svg[data-board="tatsu"]');
  const d = svg ? svg.dataset : {};
  const stones = {};
  const movable = [];
  const escapes = [];
  let selected = null;
  for (const g of all(svg, 'g.stone')) {
    const key = g.dataset.segment + '-' + g.dataset.field;
    stones[key] = [Number(g.dataset.seat), g.dataset.kind, g.dataset.status];
    if (g.id !== 'stone-' + key) stones['bad id ' + g.id] = null;
    if (g.classList.contains('movable')) movable.push(key);
    if (g.classList.contains('selected')) selected = key;
    if (g.dataset.escape) escapes.push([key, Number(g.dataset.escape)]);
  }
  const piles = {};
  for (const g of all(svg, 'g.pile')) {
    piles[g.dataset.seat + '-' + g.dataset.box + '-' + g.dataset.kind] = Number(g.dataset.count);
    if (g.classList.contains('movable')) movable.push('mat-' + g.dataset.mat + (g.dataset.seat === d.active ? '' : ' (other side)'));
    if (g.classList.contains('selected')) selected = 'mat-' + g.dataset.mat;
  }
  const targets = all(svg, 'g.target').map((g) => [g.dataset.action, Number(g.dataset.targetSegment)]);
  const title = document.querySelector('#panel .panel-title');
  const panelText = (document.getElementById('panel') || {}).textContent || '';
  return {...common,
    board: svg ? {decision: d.decision, active: d.active, turn: d.turn, dice: d.dice,
                  rolled: d.rolled, viewer: d.viewer, winner: d.winner} : null,
    stones, piles, selected,
    movable: movable.sort(), escapes: escapes.sort(), targets: targets.sort(),
    panel: title ? {title: title.textContent,
                    pass: !!document.querySelector('#panel button[data-pass]'),
                    escape_hint: panelText.includes('may escape')} : null,
  };
}"""

# True once the page shows the given key facts (the board's data, log length, status,
# pass screen, end): the page has finished the step and drawn its final state.
SETTLED = """(expected) => {
  const got = (%s)();
  const board = Object.keys(expected.board).every(
      (key) => got.board !== null && got.board[key] === expected.board[key]);
  // (a check that leaves the status out, e.g. in another language: no `status` key)
  const status = expected.status === undefined || got.status === expected.status;
  return board && got.log.length === expected.log.length && status
      && got.ready === expected.ready && got.over === expected.over;
}"""

LISTS = ("movable", "escapes", "targets")  # compared whatever order the page draws them in


def _normalised(facts: dict) -> dict:
    return {key: sorted(value, key=json.dumps) if key in LISTS and value else value
            for key, value in facts.items()}


class Player(ABC):
    """Clicks on one page, checked against one twin."""

    scan_js = ""

    def __init__(self, page, twin: Twin):
        self.page, self.twin = page, twin
        self.steps = 0

    def scan(self) -> dict:
        return _normalised(self.page.evaluate(self.scan_js))

    @abstractmethod
    def expected(self) -> dict:
        """What the page must show now, from the twin."""

    def settle(self, expected=None) -> dict:
        """Wait until the page has drawn what the twin says, then compare every fact."""
        expected = _normalised(expected or self.expected())
        try:
            self.page.wait_for_function(SETTLED % self.scan_js, arg=expected,
                                        timeout=SETTLE_MS, polling=25)
        except Exception as error:  # the page never got there: show how it differs
            got = self.scan()
            diff = {k: (got.get(k), expected[k]) for k in expected if got.get(k) != expected[k]}
            raise AssertionError(f"step {self.steps}: the page did not settle; "
                                 f"(page, twin) differ in {diff}") from error
        # compare() also checks what the wait above does not (the pressed tile, the
        # preview): a click may still be on its way, so look again until it passes
        deadline = time.monotonic() + SETTLE_MS / 1000
        while True:
            got = self.scan()
            try:
                self.compare(got, expected)
                return got
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
                self.page.wait_for_timeout(25)

    def compare(self, got: dict, expected: dict) -> None:
        for key, value in expected.items():
            assert got.get(key) == value, (
                f"step {self.steps}: {key}: the page shows {got.get(key)!r}, "
                f"the engine says {value!r}")
        # the log's last line is the twin's last event in words (checked in full above)
        described = [line for line in (self.twin.describe(e, self.twin.names)
                                       for e in self.twin.events) if line]
        assert got["log"][-1:] == described[-1:]
        # the board drawn (by difference: static/page.js) is the markup sent, parsed anew
        differs = self.page.evaluate(DRAWN_AS_SENT)
        if differs is not None:
            raise AssertionError(f"step {self.steps}: {_first_difference(differs)}")


def _first_difference(differs) -> str:
    """Where the board drawn and the board sent part (DRAWN_AS_SENT's answer)."""
    if isinstance(differs, str):
        return differs
    drawn, sent = differs
    at = next((i for i, (a, b) in enumerate(zip(drawn, sent)) if a != b),
              min(len(drawn), len(sent)))
    return (f"the board drawn is not the board sent, from character {at}: "
            f"drawn {drawn[at - 80:at + 120]!r}, sent {sent[at - 80:at + 120]!r}")


class TsuroPlayer(Player):
    scan_js = SCAN_TSURO

    def __init__(self, page, twin: Twin):
        super().__init__(page, twin)
        self.shown_to = None  # the seat whose hand the page may show (pass screens)
        self.selected = None  # (tile, rotation) as the page holds it
        self.message = None
        self.places = 0

    def expected(self) -> dict:
        return expected_tsuro(self.twin, self.shown_to, message=self.message)

    def compare(self, got, expected) -> None:
        super().compare(got, expected)
        if self.selected and expected["panel"]["controls"]:
            tile, rotation = self.selected
            assert got["pressed"] == [[tile, rotation]]
            assert got["preview"] == {
                "tile": tile, "rotation": rotation, "square": expected["target"],
                "legal": "true" if self.legal(tile, rotation) else "false"}
            assert got["placeDisabled"] is False
        elif expected["panel"]["controls"]:
            assert got["pressed"] == [] and got["preview"] is None
            assert got["placeDisabled"] is True

    def legal(self, tile, rotation) -> bool:
        lookup = ORIENTED[tile][rotation]
        return any(ORIENTED[t][r] == lookup for t, r in
                   (a.args for a in self.twin.state.legal_actions()))

    def pass_screen(self) -> None:
        """Say who is at the screen when the page asks."""
        expected = self.expected()
        if expected["ready"] is None:
            return
        seat = expected["ready"]
        self.page.click(f'#overlay .pass-screen button[data-ready="{seat}"]')
        self.shown_to = seat
        self.settle()

    def select(self, tile: int, rotation: int) -> None:
        """Click the hand tile, then turn it: the tile again (a quarter clockwise), or the
        turn buttons (two clockwise, or one anticlockwise for three quarters)."""
        panel = self.page.locator("#panel")
        if not self.selected or self.selected[0] != tile:
            panel.locator(f'button.hand-tile[data-tile="{tile}"]').click()
            self.selected, self.message = (tile, 0), None
            self.settle()
        turns = (rotation - self.selected[1]) % 4
        if turns == 1:
            panel.locator(f'button.hand-tile[data-tile="{tile}"]').click()
            self._turned(1)
        elif turns == 2:
            for _ in range(2):
                panel.locator('button[data-rotate="cw"]').click()
                self._turned(1)
        elif turns == 3:
            panel.locator('button[data-rotate="ccw"]').click()
            self._turned(-1)
        assert self.selected == (tile, rotation)

    def _turned(self, quarter_turns: int) -> None:
        tile, rotation = self.selected
        self.selected, self.message = (tile, (rotation + quarter_turns) % 4), None
        self.settle()

    def place_clicked(self) -> None:
        """Place the selected tile: the Place button, or (every third time) the target."""
        self.places += 1
        if self.places % 3 == 0:
            self.page.click("#board rect.square.target")
        else:
            self.page.click('#panel button[data-place]')

    def refuse(self, tile: int, rotation: int) -> dict:
        """Try a placement the rules refuse: the page says which rule, changes nothing."""
        before = self.settle()
        self.select(tile, rotation)
        message = self.twin.refusal(Action("place", (tile, rotation)))
        self.place_clicked()
        self.message = message
        after = self.settle()
        assert "Not allowed:" in after["status"] and "(placing rule " in after["status"]
        unchanged = ("board", "ships", "tiles", "daikaiju", "panel", "log", "target", "over")
        assert {k: after[k] for k in unchanged} == {k: before[k] for k in unchanged}
        return after

    def set_sail(self, mark: int) -> None:
        """Pick the start mark, then set sail, in turn each way a person can: the mark on
        the board then the panel's button, the mark twice, the panel's menu then the
        button."""
        self.marks_chosen = getattr(self, "marks_chosen", 0) + 1
        way = self.marks_chosen % 3
        if way == 2:
            self.page.select_option("#panel select[data-mark-select]", str(mark))
        else:
            self.page.click(f'#board g.mark.choice[data-mark="{mark}"]')
        self.page.wait_for_selector(f'#panel [data-picked="{mark}"]', timeout=SETTLE_MS)
        if way == 0:
            self.page.click(f'#board g.mark.choice[data-mark="{mark}"]')
        else:
            self.page.click("#panel button[data-confirm-mark]")

    def play(self, action) -> dict:
        """The clicks for one engine action, then the twin takes it; checked once settled."""
        self.pass_screen()
        self.steps += 1
        kind = action.kind
        if kind in ("start", "relocate"):
            self.set_sail(action.args[0])
        elif kind == "place":
            self.select(*action.args)
            self.place_clicked()
        elif kind == "bonus":
            give, take = action.args
            for attr, tiles in (("give", give), ("take", take)):
                for tile in tiles:
                    selector = f'#panel button[data-{attr}="{tile}"]'
                    self.page.click(selector)
                    try:
                        self.page.wait_for_function(
                            "(sel) => document.querySelector(sel)?.getAttribute("
                            "'aria-pressed') === 'true'", arg=selector, timeout=5_000)
                    except Exception as error:
                        raise AssertionError(
                            f"step {self.steps}: clicking the bonus tile {selector} did not "
                            "choose it (the click lands on the tile picture inside the "
                            "button, whose own data-tile the page takes for a hand tile)"
                        ) from error
            self.page.click(f'#panel button[data-bonus="{"swap" if give else "keep"}"]')
        else:
            raise AssertionError(f"no clicks for {action}")
        self.twin.apply(action)
        self.selected, self.message = None, None
        return self.settle()


class TatsuPlayer(Player):
    scan_js = SCAN_TATSU

    def __init__(self, page, twin: Twin):
        super().__init__(page, twin)
        self.selected = None

    def expected(self) -> dict:
        return expected_tatsu(self.twin, selected=self.selected)

    def play(self, action) -> dict:
        self.steps += 1
        if action.kind == "pass":
            self.page.click("#panel button[data-pass]")
        else:
            stone = action.args[0]
            if stone[0] == "mat":
                seat = self.twin.state.to_move
                self.page.click(f'#board g.pile[data-seat="{seat}"][data-mat="{stone[1]}"]')
            else:
                self.page.click(f'#board g.stone[data-segment="{stone[0]}"]'
                                f'[data-field="{stone[1]}"]')
            self.selected = stone
            got = self.settle()
            data = json.dumps(action.to_json(), separators=(",", ":"))
            assert data in [t[0] for t in got["targets"]]
            self.page.click(f"#board g.target[data-action='{data}']")
        self.twin.apply(action)
        self.selected = None
        return self.settle()


def start_game(page, form: dict) -> None:
    """Fill the start screen's form and press Start, as a person would."""
    fill_form(page, form)
    page.click("#setup-form button[data-start]")


def fill_form(page, form: dict) -> None:
    """Set the start form's fields: {field name: value}."""
    for name, value in form.items():
        field = page.locator(f'#setup-form [name="{name}"]')
        tag = field.evaluate("(el) => el.tagName + ':' + (el.type || '')")
        if tag.startswith("SELECT"):
            field.select_option(str(value))
        elif tag == "INPUT:checkbox":
            field.set_checked(bool(value))
        else:
            field.fill(str(value))
