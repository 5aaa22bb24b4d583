"""Property-based: random complete games (hypothesis picks the seed, the table and the
choices). After every action the invariants hold; placement legality agrees with an
independent reference of rules 1-4 (D9, D11); the ships move as the reference says; the
daikaiju move as the D3 table says, in order; records replay; views hide what they must;
refused actions change nothing."""

import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.core import RuleError
from game.tsuro import TsuroState
from game.tsuro.tiles import DECK

from .tsuro_helpers import place, randomly_played

# --- an independent reference of the board and the wakes ------------------------------

PARTNER = {0: 5, 1: 4, 2: 7, 3: 6, 4: 1, 5: 0, 6: 3, 7: 2}
STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}


def lookup_of(tile, rotation):
    joined = {}
    for a, b in DECK[tile]:
        a, b = (a + 2 * rotation) % 8, (b + 2 * rotation) % 8
        joined[a], joined[b] = b, a
    return tuple(joined[p] for p in range(8))


LOOKUP = [[lookup_of(t, r) for r in range(4)] for t in range(56)]


def neighbour(square, direction):
    row, col = divmod(square, 7)
    dr, dc = STEP[direction]
    row, col = row + dr, col + dc
    return row * 7 + col if 0 <= row < 7 and 0 <= col < 7 else None


def across(square, point):
    """(square, point) on the far side of `point`, or None at the edge."""
    other = neighbour(square, point // 2)
    return None if other is None else (other, PARTNER[point])


def physical(square, point):
    other = across(square, point)
    return frozenset({(square, point)} | ({other} if other else set()))


def ref_sail(state, position, square, lookup):
    """(end position, fate): follow the wakes, remembering every point passed (D11)."""
    here, entry = divmod(position, 8)
    passed = {physical(here, entry)}
    while True:
        wakes = lookup if here == square else LOOKUP[state.tile_at[here]][state.rotation_at[here]]
        exit_point = wakes[entry]
        there = across(here, exit_point)
        if there is None:
            return here * 8 + exit_point, "edge"
        nsq, npt = there
        if state.kaiju_at[nsq] >= 0:
            return nsq * 8 + npt, "daikaiju"
        point = physical(nsq, npt)
        if point in passed:
            return nsq * 8 + npt, "loop"
        passed.add(point)
        if nsq != square and state.tile_at[nsq] < 0:
            return nsq * 8 + npt, None
        here, entry = nsq, npt


def ref_options(state):
    """{lookup: (voyages, own fate, same wake)} and the set of legal lookups."""
    seat = state.active
    square = state.ships[seat] >> 3
    movers = [(s, p) for s, p in enumerate(state.ships) if p is not None and p >> 3 == square]
    still = [physical(*divmod(p, 8)) for s, p in enumerate(state.ships)
             if p is not None and p >> 3 != square]
    options = {}
    for tile in state.hands[seat]:
        for r in range(4):
            lookup = LOOKUP[tile][r]
            if lookup in options:
                continue
            voyages = {s: ref_sail(state, p, square, lookup) for s, p in movers}
            ends = list(still)
            same = False
            for end, fate in voyages.values():
                if fate == "loop":
                    continue
                point = physical(*divmod(end, 8))
                same = same or point in ends
                ends.append(point)
            options[lookup] = (voyages, voyages[seat][1], same)
    allowed = [k for k, o in options.items() if not o[2]] or list(options)
    allowed = [k for k in allowed if options[k][1] is None] or allowed
    return options, set(allowed)


# --- an independent reading of the daikaiju events ----------------------------------------

TABLE = ["FRBLC", "AFRBL", "LCFRB", "BLAFR", "RBLCF", "FLBRA", "CBFLR", "RALBF", "LFCRB",
         "BRFAL"]
NUMBER = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
GOLD = [True, False] * 5
ORDER = sorted(range(10), key=lambda k: (NUMBER[k], not GOLD[k]))
TURN = {"F": 0, "R": 1, "B": 2, "L": 3}


def dice_square(gold, blue):
    line = {1: 0, 2: 1, 3: 2, 4: 4, 5: 5, 6: 6}
    return line[blue] * 7 + line[gold]


class DaikaijuWatcher:
    """Follows the daikaiju through the events and checks each step against D3, the
    movement order, D1 placement, D4 and the minimum of 3."""

    def __init__(self, state):
        self.rule = state.config["daikaiju"]
        self.square, self.facing = {}, {}
        self.face = None
        self.acted = []
        self.pending = None  # a reroll/placement expected
        self.feed(state.setup_events)

    def on_board(self):
        return len(self.square)

    def finish_roll(self):
        if self.face is not None:
            expected = [k for k in ORDER if k in self.start_squares
                        and k not in self.destroyed_before_acting]
            assert self.acted == expected, (self.acted, expected)
        self.face = None

    def feed(self, events):
        kinds = [e.kind for e in events]
        for i, e in enumerate(events):
            d = e.data
            if e.kind == "turn":
                self.finish_roll()
                following = kinds[i + 1] if i + 1 < len(kinds) else None
                if self.rule:
                    if self.on_board() < 3:
                        assert following == "restore_daikaiju", kinds[i:i + 3]
                    else:
                        assert following == "daikaiju_roll", kinds[i:i + 3]
                else:
                    assert following not in ("daikaiju_roll", "restore_daikaiju")
            elif e.kind == "restore_daikaiju":
                assert d["on_board"] == self.on_board() < 3
                rest = kinds[i + 1:]
                stop = rest.index("turn") if "turn" in rest else len(rest)
                assert "daikaiju_roll" not in rest[:stop]
                assert rest[:stop].count("daikaiju_placed") == 3 - self.on_board()
            elif e.kind == "daikaiju_roll":
                assert self.rule
                assert d["acts"] == (6 <= d["gold"] + d["blue"] <= 8)
                assert (kinds[i + 1:i + 2] == ["daikaiju_die"]) == d["acts"]
            elif e.kind == "daikaiju_die":
                if d["face"] == 6:  # D4: a new one, unless the supply is empty
                    if self.on_board() == 10:
                        assert kinds[i + 1] == "supply_empty"
                    else:
                        assert kinds[i + 1] in ("placement_reroll", "daikaiju_placed",
                                                "tile_removed")
                else:
                    self.face = d["face"]
                    self.acted = []
                    self.start_squares = dict(self.square)
                    self.destroyed_before_acting = set()
            elif e.kind == "placement_reroll":
                assert dice_square(d["gold"], d["blue"]) in self.square.values()
            elif e.kind == "daikaiju_placed":
                square = dice_square(d["gold"], d["blue"])
                assert d["square"] == square and square not in self.square.values()
                assert d["daikaiju"] not in self.square
                self.square[d["daikaiju"]] = square
                self.facing[d["daikaiju"]] = d["facing"]
            elif e.kind in ("daikaiju_turned", "daikaiju_moved", "daikaiju_left"):
                k = d["daikaiju"]
                assert self.face is not None
                code = TABLE[k][self.face - 1]
                self.acted.append(k)
                if e.kind == "daikaiju_turned":
                    assert code in "CA"
                    turned = (self.facing[k] + (1 if code == "C" else 3)) % 4
                    assert d["facing"] == turned and d["square"] == self.square[k]
                    assert d["clockwise"] == (code == "C")
                    self.facing[k] = turned
                    continue
                assert code in "FRBL"
                target = neighbour(self.square[k], (self.facing[k] + TURN[code]) % 4)
                if e.kind == "daikaiju_left":
                    assert target is None and d["square"] == self.square[k]
                    del self.square[k], self.facing[k]
                else:
                    assert d["from"] == self.square[k] and d["to"] == target
                    assert target not in self.square.values()  # the victim went first
                    self.square[k] = target
            elif e.kind == "daikaiju_destroyed":
                victim, by = d["daikaiju"], d["by"]
                assert self.square[victim] == d["square"]
                assert d["square"] == neighbour(
                    self.square[by], (self.facing[by] + TURN[TABLE[by][self.face - 1]]) % 4)
                if victim not in self.acted:
                    self.destroyed_before_acting.add(victim)
                del self.square[victim], self.facing[victim]
            elif e.kind == "supply_empty":
                assert self.on_board() == 10
            elif e.kind in ("game_over",):
                self.finish_roll()

    def matches(self, state):
        on_board = {k: s for k, s in enumerate(state.kaiju_square) if s >= 0}
        assert on_board == self.square
        assert {k: state.kaiju_facing[k] for k in on_board} == self.facing


# --- what a seat may see ---------------------------------------------------------------

def hidden_shuffled(state, seat, rnd):
    """A copy in which everything `seat` cannot see is dealt differently."""
    copy = state.clone()
    visible = {seat}
    if state.decision == "bonus" and seat == state.active:
        # the eliminated players whose hands the active player may take from: the only
        # eliminated players still holding tiles
        visible |= {s for s in range(state.players) if state.out[s] and state.hands[s]}
    hidden_seats = [s for s in range(state.players) if s not in visible]
    pool = list(copy.draw_pile) + [t for s in hidden_seats for t in copy.hands[s]]
    rnd.shuffle(pool)
    for s in hidden_seats:
        n = len(copy.hands[s])
        copy.hands[s], pool = pool[:n], pool[n:]
    copy.draw_pile = pool
    assert copy.invariant_violations() == []
    return copy


def check_view(state, seat, rnd):
    view = state.view(seat)
    assert view["hand"] == state.hands[seat]
    assert view["draw_pile"] == len(state.draw_pile)
    assert hidden_shuffled(state, seat, rnd).view(seat) == view
    if not (state.decision == "bonus" and seat == state.active):
        assert view["bonus_hands"] == {}


# --- the games ----------------------------------------------------------------------------

def check_placement_decision(state, rnd):
    options, legal = ref_options(state)
    actions = state.legal_actions()
    got = [LOOKUP[a.args[0]][a.args[1]] for a in actions]
    assert len(got) == len(set(got))  # each distinct result listed once
    assert set(got) == legal
    for lookup, (voyages, own, same) in options.items():
        tile, rotation = next((t, r) for t in state.hands[state.active] for r in range(4)
                              if LOOKUP[t][r] == lookup)
        outcome = state.placement_outcome(tile, rotation)
        assert {s: v[:2] for s, v in outcome.voyages.items()} == voyages
        assert outcome.own_fate == own and outcome.same_wake == same
    # a refused placement or a tile not in hand changes nothing
    refused = [(t, r) for t in state.hands[state.active] for r in range(4)
               if LOOKUP[t][r] not in legal]
    tries = rnd.sample(refused, min(2, len(refused)))
    absent = [t for t in range(56) if t not in state.hands[state.active]]
    tries.append((rnd.choice(absent), rnd.randrange(4)))
    for tile, rotation in tries:
        before = state.clone()
        try:
            state.apply(place(tile, rotation))
        except RuleError as err:
            assert err.rule in ("C2", "placing rule 1", "placing rule 2", "placing rule 3",
                                "placing rule 4")
        else:
            raise AssertionError(f"refused placement {tile, rotation} was accepted")
        assert state == before
    return options


def play(seed, players, daikaiju, first, choice_seed):
    state = TsuroState({"players": players, "daikaiju": daikaiju, "first": first}, seed)
    assert state.invariant_violations() == []
    watcher = DaikaijuWatcher(state)
    rnd = random.Random(choice_seed)
    steps = 0
    while not state.is_over:
        assert state.to_move is not None and state.out[state.to_move] is None \
            or state.decision == "start mark"
        options = None
        if state.decision == "placement":
            options = check_placement_decision(state, rnd)
        if steps % 3 == 0:
            check_view(state, rnd.randrange(players), rnd)
        action = rnd.choice(state.legal_actions())
        events = state.apply(action)
        steps += 1
        assert state.invariant_violations() == [], (steps, action)
        watcher.feed(events)
        watcher.matches(state)
        if options is not None:
            voyages = options[LOOKUP[action.args[0]][action.args[1]]][0]
            moved = {e.data["seat"]: (e.data["to"], e.data["fate"])
                     for e in events if e.kind == "ship_moved"}
            assert moved == voyages
        assert steps < 2000
    watcher.finish_roll()
    assert state.winners and set(state.winners) <= set(range(players))
    assert state.legal_actions() == []
    return state


# deterministic, no example database and no patch files: the run leaves nothing behind
QUIET = {"deadline": None, "derandomize": True, "database": None,
         "phases": [Phase.explicit, Phase.generate, Phase.shrink],
         "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=150, **QUIET)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), daikaiju=st.booleans(),
       first=st.integers(0, 7), choice_seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_rule(seed, players, daikaiju, first, choice_seed):
    state = play(seed, players, daikaiju, first % players, choice_seed)
    record = state.to_record()
    assert TsuroState.from_record(record) == state
    assert TsuroState.from_json(state.to_json()) == state


@settings(max_examples=40, **QUIET)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 8), daikaiju=st.booleans(),
       stop=st.integers(0, 60), choice_seed=st.integers(0, 2**32 - 1))
def test_a_game_saved_midway_replays_and_continues_the_same(seed, players, daikaiju, stop,
                                                            choice_seed):
    state, rnd = randomly_played(players, daikaiju, seed, stop, choice_seed)
    loaded = TsuroState.from_json(state.to_json())
    assert loaded == state
    assert loaded.legal_actions() == state.legal_actions()
    # the same further actions give the same game (the dice continue identically)
    for _ in range(15):
        if state.is_over:
            break
        action = rnd.choice(state.legal_actions())
        assert state.apply(action) == loaded.apply(action)
    assert loaded == state
