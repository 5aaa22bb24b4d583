"""Positions of Tsuro of the Seas: one moment of a game as plain JSON, and the same
moment as a short text for a URL (format version 1; game/core/position.py is the
contract both games keep). docs/rules-tsuro-of-the-seas.md, section "Positions", is the
reference for authors; in short:

JSON numbers things as the engine and saved games do, from 0: seats, wake tiles (0-55,
tiles.py: DECK), daikaiju (0-9, daikaiju.py: TILES), squares (row * 7 + column), the
points of a square (tiles.py), facings (0 north, 1 east, 2 south, 3 west) and rotations
(quarter turns clockwise). Its fields, with their defaults:

    players        2-8 (required)
    first          the seat that put its ship on a start mark first (0)
    daikaiju_rule  the daikaiju are played; false: the No Daikaiju rule (true)
    turn           how many turns have begun (0 while the ships go out, else 1)
    to_move        the seat whose decision it is; null once the game is over (0)
    decision       "start mark", "relocation", "placement", "bonus", or null once the
                   game is over ("placement")
    bonus_from     with "bonus": the seats whose hands the bonus may take from ([])
    ships          per seat: {"square": s, "point": p}, the square it faces and the point
                   of that square it stands on; null when out or not yet set out (required)
    out            per seat: why it is out (a ship_out reason), or null (all null)
    hands          per seat: its tiles, in order (all empty)
    tiles          the board's tiles: [{"square", "tile", "rotation"}] ([])
    daikaiju       the board's daikaiju: [{"daikaiju", "square", "facing"}] ([])
    supply         the daikaiju off the board, bottom to top (those, from the lowest)
    draw_pile      bottom to top ([])
    removed        tiles out of the game (every tile named nowhere else, from the lowest)
    trails         per seat: the wakes its ship has sailed, [square, entry, exit] each,
                   first to last, the ones on tiles since taken away left out (all empty)
    same_wake      D9: a placement had to break rule 4, so ships may share a point (false)
    winners        once over: the seats that share the win ([])
    reason         once over: why, a game_over reason (null)
    seed           where the chance after this moment comes from (0)

The text form names things as the page shows them: seats, tiles and daikaiju from 1,
squares by their gold (column) and blue (row) numbers, 0 for the middle line that has
none. Its grammar is in the rules page and at `to_text`.

`read(position)` is the door in: a dict, JSON text or the text form, checked against
the rules; what could not happen is refused with a PositionError naming the field and,
where one applies, the rule. This module checks the form of each field, and what a
position can say but a state cannot hold; the rules are checked on the state it
describes, by the game's invariants (game/tsuro/invariants.py), the very checks the
state itself answers to. `load` makes the state, `to_position` reads one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TypedDict, TypeVar

from game.core.i18n import _
from game.core.limits import shown
from game.core.position import (
    REQUIRED,
    PositionError,
    envelope,
    parse_json,
    refuse,
    text_within_limits,
    within_limits,
)
from game.core.rng import SeedTextError, check_seed, new_rng, seed_text, text_seed
from game.tsuro import GAME as DESCRIPTION
from game.tsuro import PLAYERS
from game.tsuro.board import (
    ACROSS,
    DIE_TO_LINE,
    LINE_TO_DIE,
    OFF,
    SIZE,
    SQUARES,
)
from game.tsuro.daikaiju import DAIKAIJU_COUNT
from game.tsuro.daikaiju_phase import OUT_FACING, OUT_NO_MARK, OUT_TILE_EATEN, OUT_TILE_REMOVED
from game.tsuro.sailing import DAIKAIJU, EDGE, LOOP
from game.tsuro.tiles import DECK_SIZE, ORIENTED, POINTS, ROTATIONS

if TYPE_CHECKING:  # (state.py imports this module)
    import random
    from collections.abc import Callable, Iterable

    from game.tsuro.state import TsuroState

GAME = DESCRIPTION.key  # TsuroState.GAME, "tsuro"
MIN_PLAYERS, MAX_PLAYERS = PLAYERS  # the game's description's (game/tsuro/__init__.py)
# the decisions, named as state.py names them
START_MARK, RELOCATION, PLACEMENT, BONUS = "start mark", "relocation", "placement", "bonus"
DECISIONS = (START_MARK, RELOCATION, PLACEMENT, BONUS)
OUT_REASONS = (EDGE, DAIKAIJU, LOOP, OUT_TILE_EATEN, OUT_TILE_REMOVED, OUT_FACING, OUT_NO_MARK)
DAIKAIJU_REASONS = (DAIKAIJU, OUT_TILE_EATEN, OUT_TILE_REMOVED, OUT_FACING, OUT_NO_MARK)
SAILING_REASONS = (EDGE, DAIKAIJU, LOOP)  # a placement put the ship out: the bonus applies
LAST, TOGETHER, FULL, NO_TILE = ("last ship afloat", "eliminated together", "the board is full",
                                 "no tile left to place")
END_REASONS = (LAST, TOGETHER, FULL, NO_TILE)
FACINGS = "nesw"  # text: north, east, south, west (a facing, or where a tile's top points)
POINTS_TEXT = "abcdefgh"  # text: the points of a square, 0-7
_Item = TypeVar("_Item")  # what one piece of a list in the text form is read as


class _Auto:
    """A default that depends on other fields (see the field list above)."""

    def __repr__(self) -> str:
        return "AUTO"


AUTO = _Auto()

FIELDS = {
    "players": REQUIRED, "first": 0, "daikaiju_rule": True, "turn": AUTO, "to_move": AUTO,
    "decision": PLACEMENT, "bonus_from": [], "ships": REQUIRED, "out": AUTO, "hands": AUTO,
    "tiles": [], "daikaiju": [], "supply": AUTO, "draw_pile": [], "removed": AUTO,
    "trails": AUTO, "same_wake": False, "winners": [], "reason": None, "seed": 0,
}


# --- squares in the text form: gold (column) then blue (row) ------------------------------
def square_code(square: int) -> str:
    """A square as the text form writes it: its gold number (column) then its blue number
    (row), as printed around the board (D1); 0 for the middle line, which has none."""
    row, col = divmod(square, SIZE)
    return f"{LINE_TO_DIE.get(col, 0)}{LINE_TO_DIE.get(row, 0)}"


def seat_words(seat: int) -> str:
    """A seat in a message's words, counted from 1 as on the board ("seat 2")."""
    return _("seat {seat}").format(seat=seat + 1)


def tile_words(tile: int) -> str:
    return _("wake tile {tile}").format(tile=tile + 1)


def kaiju_words(number: int) -> str:
    return _("daikaiju {daikaiju}").format(daikaiju=number + 1)


def square_words(square: int) -> str:
    return _("square {square}").format(square=square_code(square))


class Listing(NamedTuple):
    """The order in which a position lists the tiles on the board (by their squares)
    and the daikaiju on it (by their numbers): a problem's field counts in it, as
    "tiles[2]" (game/tsuro/invariants.py; a state's own order is by square, by number)."""

    tiles: list[int]
    daikaiju: list[int]


class ShipJSON(TypedDict):
    """A ship in position JSON (`ships`): the square it faces, the point it stands on."""

    square: int
    point: int


class TileJSON(TypedDict):
    """A wake tile on the board in position JSON (`tiles`)."""

    square: int
    tile: int
    rotation: int


class KaijuJSON(TypedDict):
    """A daikaiju on the board in position JSON (`daikaiju`)."""

    daikaiju: int
    square: int
    facing: int


def _line(digit: str) -> int:
    face = int(digit)
    return DIE_TO_LINE[face] if face else SIZE // 2


def square_of_code(code: str) -> int:
    return _line(code[1]) * SIZE + _line(code[0])


# --- reading JSON ----------------------------------------------------------------------------
def _whole(value: object, field: str, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise PositionError(field, _("{what} is a whole number from {low} to {high}, not "
                                     "{value}").format(what=what, low=low, high=high,
                                                       value=shown(value)))
    return value


def _seed(value: object) -> int | str:
    """The seed of the chance to come, by the one rule of game/core/rng.py."""
    try:
        return check_seed(value)
    except ValueError as err:
        raise PositionError("seed", str(err)) from None


def _list(value: object, field: str, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(field, _("{what} is a list, not {value}").format(
            what=what, value=shown(value)))
    if length is not None and len(value) != length:
        raise PositionError(field, _("{what} has one entry per seat: {length}, not "
                                     "{count}").format(what=what, length=length,
                                                       count=len(value)))
    return value


def _object(value: object, field: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise PositionError(field, _("an object with exactly the keys {keys}, not "
                                     "{value}").format(keys=", ".join(keys),
                                                       value=shown(value)))
    return value


def _bool(value: object, field: str, what: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(field, _("{what} is true or false, not {value}").format(
            what=what, value=shown(value)))
    return value


class _Reader:
    """Checks the form of one position's fields and fills their defaults. `base` is how
    the author numbers seats, tiles and daikaiju (0 in JSON, 1 in the text form); the
    messages' words count from 1 whatever the base, as people do (a field's path,
    "hands[0]", stays JSON's). What the rules allow is the invariants' (`_load`)."""

    def __init__(self, base: int) -> None:
        self.base = base

    # --- the shape of each field ------------------------------------------------------------
    def read(self, data: object, turn_start: bool) -> dict[str, Any]:
        p = parse_json(data, GAME, FIELDS)
        n = p["players"] = _whole(p["players"], "players", MIN_PLAYERS, MAX_PLAYERS,
                                  _("the number of players (Tsuro of the Seas is for "
                                    "{fewest} to {most})").format(fewest=MIN_PLAYERS,
                                                                  most=MAX_PLAYERS))
        seat = n - 1
        p["first"] = _whole(p["first"], "first", 0, seat, _("the first seat"))
        p["daikaiju_rule"] = _bool(p["daikaiju_rule"], "daikaiju_rule", _("the daikaiju rule"))
        p["same_wake"] = _bool(p["same_wake"], "same_wake", "same_wake (D9)")
        p["seed"] = _seed(p["seed"])
        decision = p["decision"]
        if decision is not None and decision not in DECISIONS:
            raise PositionError("decision", _("the decision is one of {decisions}, or null "
                                              "once the game is over, not {value}").format(
                decisions=", ".join(DECISIONS), value=shown(decision)))
        if p["to_move"] is AUTO:
            p["to_move"] = None if decision is None else 0
        elif p["to_move"] is not None:
            _whole(p["to_move"], "to_move", 0, seat, _("the seat to move"))
        if p["turn"] is AUTO:
            p["turn"] = 0 if decision == START_MARK or turn_start else 1
        p["turn"] = _whole(p["turn"], "turn", 0, 10**9, _("the turn"))
        p["bonus_from"] = [_whole(s, f"bonus_from[{i}]", 0, seat, _("a seat")) for i, s in
                           enumerate(_list(p["bonus_from"], "bonus_from", "bonus_from"))]
        p["winners"] = [_whole(s, f"winners[{i}]", 0, seat, _("a seat")) for i, s in
                        enumerate(_list(p["winners"], "winners", "winners"))]
        if p["reason"] is not None and p["reason"] not in END_REASONS:
            raise PositionError("reason", _("why the game ended is one of {reasons}, not "
                                            "{value}").format(reasons=", ".join(END_REASONS),
                                                              value=shown(p["reason"])))
        p["ships"] = [self._ship(s, f"ships[{i}]") for i, s in
                      enumerate(_list(p["ships"], "ships", "ships", n))]
        if p["out"] is AUTO:
            p["out"] = [None] * n
        for i, why in enumerate(_list(p["out"], "out", "out", n)):
            if why is not None and why not in OUT_REASONS:
                raise PositionError(f"out[{i}]", _("why a ship is out is one of {reasons}, "
                                                   "or null while it plays, not "
                                                   "{value}").format(
                    reasons=", ".join(OUT_REASONS), value=shown(why)))
        p["out"] = list(p["out"])
        if p["hands"] is AUTO:
            p["hands"] = [[] for _seat in range(n)]
        p["hands"] = [self._tiles(h, f"hands[{i}]", _("a hand")) for i, h in
                      enumerate(_list(p["hands"], "hands", "hands", n))]
        p["tiles"] = [self._placed(t, f"tiles[{i}]") for i, t in
                      enumerate(_list(p["tiles"], "tiles", "tiles"))]
        p["daikaiju"] = [self._kaiju(k, f"daikaiju[{i}]") for i, k in
                         enumerate(_list(p["daikaiju"], "daikaiju", "daikaiju"))]
        on_board = {k["daikaiju"] for k in p["daikaiju"]}
        if p["supply"] is AUTO:
            p["supply"] = [k for k in range(DAIKAIJU_COUNT) if k not in on_board]
        p["supply"] = [_whole(k, f"supply[{i}]", 0, DAIKAIJU_COUNT - 1, _("a daikaiju"))
                       for i, k in enumerate(_list(p["supply"], "supply", _("the supply")))]
        p["draw_pile"] = self._tiles(p["draw_pile"], "draw_pile", _("the draw pile"))
        if p["removed"] is not AUTO:
            p["removed"] = self._tiles(p["removed"], "removed", "removed")
        if p["trails"] is AUTO:
            p["trails"] = [[] for _seat in range(n)]
        p["trails"] = [self._trail(t, f"trails[{i}]") for i, t in
                       enumerate(_list(p["trails"], "trails", "trails", n))]
        _unheld(p)
        return p

    @staticmethod
    def _ship(value: object, field: str) -> ShipJSON | None:
        if value is None:
            return None
        ship = _object(value, field, ("square", "point"))
        return {"square": _whole(ship["square"], field + ".square", 0, SQUARES - 1,
                                 _("a square")),
                "point": _whole(ship["point"], field + ".point", 0, POINTS - 1, _("a point"))}

    @staticmethod
    def _tiles(value: object, field: str, what: str) -> list[int]:
        return [_whole(t, f"{field}[{i}]", 0, DECK_SIZE - 1, _("a wake tile (D2)"))
                for i, t in enumerate(_list(value, field, what))]

    @staticmethod
    def _placed(value: object, field: str) -> TileJSON:
        t = _object(value, field, ("square", "tile", "rotation"))
        return {"square": _whole(t["square"], field + ".square", 0, SQUARES - 1,
                                 _("a square")),
                "tile": _whole(t["tile"], field + ".tile", 0, DECK_SIZE - 1,
                               _("a wake tile (D2)")),
                "rotation": _whole(t["rotation"], field + ".rotation", 0, ROTATIONS - 1,
                                   _("a rotation (quarter turns clockwise)"))}

    @staticmethod
    def _kaiju(value: object, field: str) -> KaijuJSON:
        k = _object(value, field, ("daikaiju", "square", "facing"))
        return {"daikaiju": _whole(k["daikaiju"], field + ".daikaiju", 0, DAIKAIJU_COUNT - 1,
                                   _("a daikaiju")),
                "square": _whole(k["square"], field + ".square", 0, SQUARES - 1,
                                 _("a square")),
                "facing": _whole(k["facing"], field + ".facing", 0, 3,
                                 _("a facing (0 north, 1 east, 2 south, 3 west)"))}

    @staticmethod
    def _trail(value: object, field: str) -> list[list[int]]:
        steps = []
        for i, step in enumerate(_list(value, field, _("a trail"))):
            where = f"{field}[{i}]"
            if not isinstance(step, list) or len(step) != 3:
                raise PositionError(where, _("a step of a trail is [square, entry point, exit "
                                             "point], not {value}").format(value=shown(step)))
            steps.append([_whole(step[0], where, 0, SQUARES - 1, _("a square")),
                          _whole(step[1], where, 0, POINTS - 1, _("a point")),
                          _whole(step[2], where, 0, POINTS - 1, _("a point"))])
        return steps


def _once_each(items: list[Any], field: str, key: str, twice: Callable[[Any], str]) -> None:
    """Refuse the second of `items` with the same `key`, naming it at `field[i]`."""
    seen = set()
    for i, item in enumerate(items):
        if item[key] in seen:
            raise PositionError(f"{field}[{i}]", twice(item[key]))
        seen.add(item[key])


def _unheld(p: dict[str, Any]) -> None:
    """What a position can say but a state cannot hold, refused before one is built:
    two tiles on one square, a daikaiju on the board twice, a seat to move in a game
    over or none in a game going on. Fills in `removed` (every tile named nowhere else)."""
    _once_each(p["tiles"], "tiles", "square",
               lambda square: _("{square} holds two wake tiles").format(
                   square=square_words(square)))
    _once_each(p["daikaiju"], "daikaiju", "daikaiju",
               lambda number: _("{daikaiju} is on the board twice").format(
                   daikaiju=kaiju_words(number)))
    if p["decision"] is None and p["to_move"] is not None:
        raise PositionError("to_move", _("the game is over (decision null): nobody is to "
                                         "move"))
    if p["decision"] is not None and p["to_move"] is None:
        raise PositionError("to_move", _("a {decision} is made by a seat: to_move is null "
                                         "only once the game is over").format(
            decision=p["decision"]))
    if p["removed"] is AUTO:
        named = {t["tile"] for t in p["tiles"]} | set(p["draw_pile"]) | {
            t for hand in p["hands"] for t in hand}
        p["removed"] = [t for t in range(DECK_SIZE) if t not in named]


def read(position: object, *, turn_start: bool = False) -> dict[str, Any]:
    """The position as checked JSON with every field (see the module's note): from a
    dict, JSON text, or the text form (a text not starting with "{"). With turn_start,
    the moment before `to_move`'s turn begins (TsuroState.at_turn_start): its
    `decision` ("placement") is still to come, so its ship may face a daikaiju and its
    hand may be empty."""
    return _load(position, turn_start)[0]


def load(cls: type[TsuroState], position: object, *, turn_start: bool = False,
         rng: random.Random | None = None) -> TsuroState:
    """The state (a `cls`, TsuroState) at a position read as `read` reads it; its future
    chance comes from `rng`, else from the position's seed (see build)."""
    return _load(position, turn_start, cls, rng)[1]


def _load(position: object, turn_start: bool, cls: type[TsuroState] | None = None,
          rng: random.Random | None = None) -> tuple[dict[str, Any], TsuroState]:
    """The checked JSON of a position and the state it describes: the form of each
    field first (_Reader), then the rules, by the state's own invariants
    (game/tsuro/invariants.py: the first problem found refuses the position)."""
    return _checked(_fields(position, turn_start), turn_start, cls, rng)


def _checked(p: dict[str, Any], turn_start: bool, cls: type[TsuroState] | None = None,
             rng: random.Random | None = None) -> tuple[dict[str, Any], TsuroState]:
    if cls is None:
        from game.tsuro.state import TsuroState  # (which imports this module)

        cls = TsuroState
    state = build(cls, p, rng)
    refuse(state.problems(turn_start, Listing([t["square"] for t in p["tiles"]],
                                              [k["daikaiju"] for k in p["daikaiju"]])))
    p["tiles"].sort(key=lambda t: t["square"])
    p["daikaiju"].sort(key=lambda k: k["daikaiju"])
    return {**envelope(GAME), **p}, state


def _fields(position: object, turn_start: bool) -> dict[str, Any]:
    """The fields of a position in any form, each of its form, defaults filled in."""
    if isinstance(position, bytes):
        try:
            position = position.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError("position", _("not UTF-8 text")) from None
    if isinstance(position, str):
        stripped = position.lstrip()
        if not stripped.startswith("{"):
            text_within_limits(position)
            return _read_text(position, turn_start)
        position = within_limits(stripped)
    if isinstance(position, dict) and not all(isinstance(key, str) for key in position):
        raise PositionError("position", _("the fields of a position are named by texts"))
    if turn_start and isinstance(position, dict) and position.get("decision",
                                                                    PLACEMENT) != PLACEMENT:
        raise PositionError("decision", _("a turn about to begin is written with its "
                                          "decision to come, placement"))
    return _Reader(0).read(position, turn_start)


# --- the state ------------------------------------------------------------------------------
def build(cls: type[TsuroState], p: dict[str, Any],
          rng: random.Random | None = None) -> TsuroState:
    """A `cls` (TsuroState) at the position `p`, its fields' form checked (what the rules
    allow is checked on the state: _load). Its future chance comes from `rng`, else from
    p's seed; it has no history and no seed of its own (state.seed is None: a position is
    not a saved game)."""
    n = p["players"]
    state = cls({"players": n, "daikaiju": p["daikaiju_rule"], "first": p["first"]}, 0)
    state.seed = None
    state.position_seed = p["seed"] if rng is None else None  # to_position's seed
    state.rng = rng if rng is not None else new_rng(p["seed"])
    state.history, state.setup_events, state._cache = [], [], None
    state.turn = p["turn"]
    state.active = p["to_move"] if p["to_move"] is not None else p["first"]
    state._decision = p["decision"]
    state.over = p["decision"] is None
    state.winners, state.reason = tuple(p["winners"]), p["reason"]
    state._bonus_from = tuple(p["bonus_from"])
    state.forced_same_wake = p["same_wake"]
    state.hands = [list(h) for h in p["hands"]]
    state.draw_pile, state.removed = list(p["draw_pile"]), list(p["removed"])
    state.tile_at, state.rotation_at = [-1] * SQUARES, [0] * SQUARES
    state.wakes = [None] * SQUARES
    for t in p["tiles"]:
        square = t["square"]
        state.tile_at[square], state.rotation_at[square] = t["tile"], t["rotation"]
        state.wakes[square] = ORIENTED[t["tile"]][t["rotation"]]
    state.kaiju_at = [-1] * SQUARES
    state.kaiju_square, state.kaiju_facing = [OFF] * DAIKAIJU_COUNT, [0] * DAIKAIJU_COUNT
    for k in p["daikaiju"]:
        state.kaiju_square[k["daikaiju"]], state.kaiju_facing[k["daikaiju"]] = (k["square"],
                                                                                k["facing"])
        state.kaiju_at[k["square"]] = k["daikaiju"]
    state.supply = list(p["supply"])
    state.ships = [None if s is None else s["square"] * 8 + s["point"] for s in p["ships"]]
    state.out = list(p["out"])
    state.trails = [[(sq, state.tile_at[sq], a, b) for sq, a, b in trail]
                    for trail in p["trails"]]
    return state


def to_position(state: TsuroState) -> dict[str, Any]:
    """The state's moment as position JSON (every field; read(...) gives it back). Its
    seed: the one a state built from a position was given, while it has used none of
    its chance (no action applied, no other dice given); else 0 - the dice of a game
    under way are not a seed, and a position does not carry them."""
    seed = getattr(state, "position_seed", None)
    if seed is None or state.history:
        seed = FIELDS["seed"]
    return {
        **envelope(GAME),
        "players": state.players, "first": state.config["first"],
        "daikaiju_rule": state.config["daikaiju"], "turn": state.turn,
        "to_move": state.to_move, "decision": state.decision,
        "bonus_from": list(state._bonus_from),
        "ships": [None if s is None else {"square": s >> 3, "point": s & 7}
                  for s in state.ships],
        "out": list(state.out), "hands": [list(h) for h in state.hands],
        "tiles": [{"square": sq, "tile": state.tile_at[sq], "rotation": state.rotation_at[sq]}
                  for sq in range(SQUARES) if state.tile_at[sq] >= 0],
        "daikaiju": [{"daikaiju": k, "square": state.kaiju_square[k],
                      "facing": state.kaiju_facing[k]}
                     for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] != OFF],
        "supply": list(state.supply), "draw_pile": list(state.draw_pile),
        "removed": list(state.removed),
        "trails": [[[sq, a, b] for sq, _, a, b in trail] for trail in state.trails],
        "same_wake": state.forced_same_wake, "winners": list(state.winners),
        "reason": state.reason, "seed": seed,
    }


def comparable(state: TsuroState) -> dict[str, Any]:
    """What a position keeps of a state, so from_position(state.to_position()) gives
    back exactly this: its snapshot() without the history, the seed and the dice (a
    position has no past, and its future chance is its own seed), the facings of the
    daikaiju off the board (rolled anew when one is placed), the rotations the squares
    without a tile remember from a tile taken away, and, once the game is over, whose
    turn it was."""
    kept = dict(state.snapshot())
    for name in ("history", "seed", "rng"):
        del kept[name]
    kept["rotation_at"] = [r if state.tile_at[sq] >= 0 else 0
                           for sq, r in enumerate(state.rotation_at)]
    kept["kaiju_facing"] = [f if state.kaiju_square[k] != OFF else 0
                            for k, f in enumerate(state.kaiju_facing)]
    if state.over:
        del kept["active"]
    return kept


# --- the text form ----------------------------------------------------------------------------
# key letters of the text's fields, in the order to_text writes them
KEYS = "ndftmwshbkuprvjx"
DECISION_LETTERS = {START_MARK: "s", RELOCATION: "r", PLACEMENT: "p", BONUS: "b"}
OUT_WORDS = {EDGE: "edge", DAIKAIJU: "daikaiju", LOOP: "loop", OUT_TILE_EATEN: "eaten",
             OUT_TILE_REMOVED: "removed", OUT_FACING: "facing", OUT_NO_MARK: "nomark"}
END_WORDS = {LAST: "last", TOGETHER: "together", FULL: "full", NO_TILE: "notile"}


def _seats(seats: Iterable[int]) -> str:
    return "".join(str(s + 1) for s in seats)


def _follows(step: list[int], after: list[int]) -> bool:
    """Whether trail step `step` ([square, entry, exit]) is where `after` leads."""
    there = ACROSS[after[0] * 8 + after[2]]
    return there != OFF and [there >> 3, there & 7] == step[:2]


def _trail_text(trail: list[list[int]]) -> str:
    runs: list[list[Any]] = []  # [first step, how many steps], a run at a time
    for i, step in enumerate(trail):
        if i and _follows(step, trail[i - 1]):
            runs[-1][1] += 1
        else:
            runs.append([step, 1])
    return "-".join(square_code(s[0]) + POINTS_TEXT[s[1]] + (str(count) if count > 1 else "")
                    for s, count in runs)


def to_text(position: object) -> str:
    """The text form of a position (any form read() takes), fields that keep their
    default left out:

        text     = "1" { "_" field }                  the format's version, then fields
        field    = "n" players | "d" ("0"|"1") | "f" seat | "t" number
                 | "m" decision seat [ "-" seats ]    decision: s r p b; "-": bonus_from
                 | "w" seats "-" end                  over: winners and why
                 | "s" ship { "." ship }              per seat: square point, a word, or ""
                 | "h" hand { "." hand }              per seat: [ tile { "-" tile } ]
                 | "b" [ square "-" tile facing { "." ... } ]      tiles on the board
                 | "k" [ square "-" daikaiju facing { "." ... } ]  daikaiju on the board
                 | "u" list | "p" list | "r" list     supply, draw pile, removed
                 | "v" trail { "." trail }            per seat: [ run { "-" run } ]
                 | "j" | "x" seed                     same_wake; the seed
        seed     = [ "-" ] digits | "~" text            game/core/rng.py: seed_text
        run      = square point [ count ]             count steps along the wakes
        square   = gold blue                          "1"-"6", "0" for the middle line
    """
    p = read(position)
    n = p["players"]
    fields = {"n": str(n)}
    if not p["daikaiju_rule"]:
        fields["d"] = "0"
    if p["first"]:
        fields["f"] = str(p["first"] + 1)
    if p["turn"] != (0 if p["decision"] == START_MARK else 1):
        fields["t"] = str(p["turn"])
    if p["decision"] is None:
        fields["w"] = _seats(p["winners"]) + "-" + END_WORDS[p["reason"]]
    elif (p["decision"], p["to_move"]) != (PLACEMENT, 0):
        fields["m"] = DECISION_LETTERS[p["decision"]] + str(p["to_move"] + 1) + (
            "-" + _seats(p["bonus_from"]) if p["decision"] == BONUS else "")
    fields["s"] = ".".join(
        (square_code(s["square"]) + POINTS_TEXT[s["point"]]) if s is not None
        else OUT_WORDS.get(p["out"][i], "") for i, s in enumerate(p["ships"]))
    if any(p["hands"]):
        fields["h"] = ".".join("-".join(str(t + 1) for t in h) for h in p["hands"])
    if p["tiles"]:
        fields["b"] = ".".join(f"{square_code(t['square'])}-{t['tile'] + 1}"
                               f"{FACINGS[t['rotation']]}" for t in p["tiles"])
    if p["daikaiju"]:
        fields["k"] = ".".join(f"{square_code(k['square'])}-{k['daikaiju'] + 1}"
                               f"{FACINGS[k['facing']]}" for k in p["daikaiju"])
    on_board = {k["daikaiju"] for k in p["daikaiju"]}
    if p["supply"] != [k for k in range(DAIKAIJU_COUNT) if k not in on_board]:
        fields["u"] = ".".join(str(k + 1) for k in p["supply"])
    if p["draw_pile"]:
        fields["p"] = ".".join(str(t + 1) for t in p["draw_pile"])
    named = {t["tile"] for t in p["tiles"]} | set(p["draw_pile"]) | {
        t for h in p["hands"] for t in h}
    if p["removed"] != [t for t in range(DECK_SIZE) if t not in named]:
        fields["r"] = ".".join(str(t + 1) for t in p["removed"])
    if any(p["trails"]):
        fields["v"] = ".".join(_trail_text(t) for t in p["trails"])
    if p["same_wake"]:
        fields["j"] = ""
    if p["seed"] != FIELDS["seed"]:
        fields["x"] = seed_text(p["seed"])
    return "_".join(["1"] + [key + fields[key] for key in KEYS if key in fields])


class _Text:
    """Reads the text form into position JSON (only the fields it gives)."""

    players: int  # (read first, from the field n)

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.lead = len(text) - len(text.lstrip())  # for the offsets in the messages

    def fail(self, offset: int, message: str) -> NoReturn:
        raise PositionError("text", _("at character {number}: {message}").format(
            number=offset + self.lead + 1, message=message))

    @staticmethod
    def split(value: str, offset: int, sep: str) -> list[tuple[str, int]]:
        pieces, at = [], offset
        for piece in value.split(sep):
            pieces.append((piece, at))
            at += len(piece) + 1
        return pieces

    def number(self, piece: str, offset: int, what: str, low: int, high: int) -> int:
        if not re.fullmatch(r"0|[1-9][0-9]{0,19}", piece):
            self.fail(offset, _("{what} is a whole number, written without leading zeros, "
                                "not {value}").format(what=what, value=shown(piece)))
        value = int(piece)
        if not low <= value <= high:
            self.fail(offset, _("{what} is from {low} to {high}, not {value}").format(
                what=what, low=low, high=high, value=value))
        return value

    def seat(self, piece: str, offset: int) -> int:
        return self.number(piece, offset, _("a seat"), 1, self.players) - 1

    def seats(self, piece: str, offset: int) -> list[int]:
        return [self.seat(c, offset + i) for i, c in enumerate(piece)]

    def tile(self, piece: str, offset: int) -> int:
        return self.number(piece, offset, _("a wake tile"), 1, DECK_SIZE) - 1

    def square(self, piece: str, offset: int) -> int:
        if not re.fullmatch(r"[0-6]{2}", piece):
            self.fail(offset, _("a square is two digits, its gold number (column) then its "
                                "blue number (row), 0 for the middle line, not {value}").format(
                value=shown(piece)))
        return square_of_code(piece)

    def on_square(self, piece: str, offset: int, kaiju: bool,
                  high: int) -> tuple[int, int, int]:
        """square "-" number facing: a tile (kaiju False) or a daikaiju on a square."""
        match = re.fullmatch(r"([^-]*)-([0-9]+)([a-z])", piece)
        if not match:
            self.fail(offset, (_("a daikaiju on the board is its square, \"-\", its number and "
                                 "its facing (n, e, s or w), like 25-3e, not {value}") if kaiju
                               else _("a wake tile on the board is its square, \"-\", its "
                                      "number and its facing (n, e, s or w), like 25-3e, not "
                                      "{value}")).format(value=shown(piece)))
        square = self.square(match[1], offset)
        what = _("a daikaiju") if kaiju else _("a wake tile")
        number = self.number(match[2], offset + 3, what, 1, high) - 1
        if match[3] not in FACINGS:
            self.fail(offset + len(piece) - 1, _("a facing is n, e, s or w, not {value}").format(
                value=repr(match[3])))
        return square, number, FACINGS.index(match[3])

    def per_seat(self, value: str, offset: int, what: str) -> list[tuple[str, int]]:
        pieces = self.split(value, offset, ".")
        if len(pieces) != self.players:
            self.fail(offset, _("{what}: one entry per seat, separated by \".\" "
                                "({players}), not {count}").format(
                what=what, players=self.players, count=len(pieces)))
        return pieces

    def plain_list(self, value: str, offset: int,
                   item: Callable[[str, int], _Item]) -> list[_Item]:
        return [] if value == "" else [item(piece, at)
                                       for piece, at in self.split(value, offset, ".")]

    def read(self) -> dict[str, Any]:
        text = self.text
        if not re.fullmatch(r"[A-Za-z0-9._~*-]*", text):
            bad = next(i for i, c in enumerate(text) if not re.fullmatch(r"[A-Za-z0-9._~*-]", c))
            self.fail(bad, _("{character} is not in the text form: it is written with "
                             "letters, digits, \"_\", \".\" and \"-\" (and a text seed with "
                             "\"~\" and \"*\")").format(character=repr(text[bad])))
        tokens = self.split(text, 0, "_")
        if tokens[0][0] != "1":
            self.fail(0, _("the text form starts with its format version, 1, then \"_\" and "
                           "its fields (like 1_n2_...)"))
        fields: dict[str, tuple[str, int]] = {}  # key: (value, offset)
        for token, offset in tokens[1:]:
            if not token or token[0] not in KEYS:
                self.fail(offset, _("a field starts with one of the letters {letters}, not "
                                    "{value}").format(letters=KEYS, value=repr(token[:1])))
            if token[0] in fields:
                self.fail(offset, _("the field {field} is given twice").format(
                    field=repr(token[0])))
            fields[token[0]] = (token[1:], offset + 1)
        if "m" in fields and "w" in fields:
            self.fail(fields["w"][1] - 1, _("a game is either to move (m) or over (w), not "
                                            "both"))
        if "n" not in fields:
            raise PositionError("players", _("the text form gives the number of players: "
                                             "n{fewest} to n{most}").format(
                fewest=MIN_PLAYERS, most=MAX_PLAYERS))
        self.players = self.number(*fields["n"], _("the number of players"), MIN_PLAYERS,
                                   MAX_PLAYERS)
        out = {**envelope(GAME), "players": self.players}
        for key, (value, offset) in fields.items():
            if key != "n":
                getattr(self, "field_" + key)(value, offset, out)
        if "s" not in fields:
            raise PositionError("ships", _("the text form gives the ships: s, one per seat"))
        return out

    # one method per field key
    def field_d(self, value: str, offset: int, out: dict[str, Any]) -> None:
        if value not in ("0", "1"):
            self.fail(offset, _("the daikaiju rule is d1 (played) or d0 (not), not "
                                "d{value}").format(value=value))
        out["daikaiju_rule"] = value == "1"

    def field_f(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["first"] = self.seat(value, offset)

    def field_t(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["turn"] = self.number(value, offset, _("the turn"), 0, 10**9)

    def field_m(self, value: str, offset: int, out: dict[str, Any]) -> None:
        letters = {v: k for k, v in DECISION_LETTERS.items()}
        match = re.fullmatch(r"([a-z])([^-]*)(?:-(.*))?", value)
        if not match or match[1] not in letters:
            self.fail(offset, _("who is to move is a decision letter (s start mark, r "
                                "relocation, p placement, b bonus) and a seat, like p2, not "
                                "{value}").format(value=shown(value)))
        out["decision"] = letters[match[1]]
        out["to_move"] = self.seat(match[2], offset + 1)
        if match[3] is not None:
            if match[1] != "b":
                self.fail(offset + len(match[2]) + 1,
                          _("only a bonus names seats after \"-\""))
            out["bonus_from"] = self.seats(match[3], offset + len(match[2]) + 2)

    def field_w(self, value: str, offset: int, out: dict[str, Any]) -> None:
        words = {v: k for k, v in END_WORDS.items()}
        match = re.fullmatch(r"([0-9]*)-([a-z]*)", value)
        if not match or match[2] not in words:
            self.fail(offset, _("an ended game is its winners' seats, \"-\" and why: last, "
                                "together, full or notile (like w13-full), not {value}").format(
                value=shown(value)))
        out["decision"] = None
        out["winners"] = self.seats(match[1], offset)
        out["reason"] = words[match[2]]

    def field_s(self, value: str, offset: int, out: dict[str, Any]) -> None:
        words = {v: k for k, v in OUT_WORDS.items()}
        ships: list[ShipJSON | None] = []
        why: list[str | None] = []
        for piece, at in self.per_seat(value, offset, _("the ships")):
            if piece in words or piece == "":
                ships.append(None)
                why.append(words.get(piece))
                continue
            if not re.fullmatch(r"[0-9]{2}[a-z]", piece) or piece[2] not in POINTS_TEXT:
                self.fail(at, _("a ship is its square and its point (a to h), like 25c; or "
                                "why it is out ({reasons}); or nothing, not yet on a start "
                                "mark; not {value}").format(reasons=", ".join(words),
                                                            value=shown(piece)))
            ships.append({"square": self.square(piece[:2], at),
                          "point": POINTS_TEXT.index(piece[2])})
            why.append(None)
        out["ships"], out["out"] = ships, why

    def field_h(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["hands"] = [[] if piece == "" else
                        [self.tile(t, a) for t, a in self.split(piece, at, "-")]
                        for piece, at in self.per_seat(value, offset, _("the hands"))]

    def field_b(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["tiles"] = []
        for square, tile, rotation in self.plain_list(
                value, offset, lambda p, a: self.on_square(p, a, False, DECK_SIZE)):
            out["tiles"].append({"square": square, "tile": tile, "rotation": rotation})

    def field_k(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["daikaiju"] = []
        for square, number, facing in self.plain_list(
                value, offset, lambda p, a: self.on_square(p, a, True, DAIKAIJU_COUNT)):
            out["daikaiju"].append({"daikaiju": number, "square": square, "facing": facing})

    def field_u(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["supply"] = self.plain_list(
            value, offset, lambda p, a: self.number(p, a, _("a daikaiju"), 1,
                                                    DAIKAIJU_COUNT) - 1)

    def field_p(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["draw_pile"] = self.plain_list(value, offset, self.tile)

    def field_r(self, value: str, offset: int, out: dict[str, Any]) -> None:
        out["removed"] = self.plain_list(value, offset, self.tile)

    def field_v(self, value: str, offset: int, out: dict[str, Any]) -> None:
        # runs are expanded once the board is known (see _expand_trails)
        out["trails"] = [[] if piece == "" else [self.run(r, a) for r, a in
                                                 self.split(piece, at, "-")]
                         for piece, at in self.per_seat(value, offset, _("the trails"))]

    def run(self, piece: str, offset: int) -> tuple[int, int, int, int]:
        match = re.fullmatch(r"([0-9]{2})([a-h])([0-9]*)", piece)
        if not match:
            self.fail(offset, _("a piece of trail is the square and the point it enters "
                                "by, then how many tiles it follows (1 if left out), like "
                                "25c3, not {value}").format(value=shown(piece)))
        count = 1 if match[3] == "" else self.number(match[3], offset + 3, _("a count"), 1,
                                                     SQUARES * 8)
        return self.square(match[1], offset), POINTS_TEXT.index(match[2]), count, offset

    def field_j(self, value: str, offset: int, out: dict[str, Any]) -> None:
        if value:
            self.fail(offset, _("same_wake is the letter j alone"))
        out["same_wake"] = True

    def field_x(self, value: str, offset: int, out: dict[str, Any]) -> None:
        try:
            out["seed"] = text_seed(value)
        except SeedTextError as err:
            self.fail(offset + err.at, str(err))

    def expand_trails(self, out: dict[str, Any]) -> None:
        """Each run of the text's trails, followed along the wakes of the board's tiles."""
        if "trails" not in out:
            return
        wakes = {t["square"]: ORIENTED[t["tile"]][t["rotation"]] for t in out.get("tiles", ())}
        trails = []
        for runs in out["trails"]:
            steps: list[list[int]] = []
            for square, entry, count, offset in runs:
                for i in range(count):
                    if square not in wakes:
                        self.fail(offset, (_("this trail runs onto square {square}, which "
                                             "holds no tile (b)") if i else
                                           _("square {square} holds no tile (b)")).format(
                            square=square_code(square)))
                    exit_point = wakes[square][entry]
                    steps.append([square, entry, exit_point])
                    there = ACROSS[square * 8 + exit_point]
                    if there == OFF and i + 1 < count:
                        self.fail(offset, _("this trail runs off the board"))
                    square, entry = there >> 3, there & 7
            trails.append(steps)
        out["trails"] = trails


def _read_text(text: str, turn_start: bool) -> dict[str, Any]:
    """The fields of a text form (in JSON), each of its form."""
    reader = _Text(text)
    data = reader.read()
    reader.expand_trails(data)
    if turn_start and data.get("decision", PLACEMENT) != PLACEMENT:
        raise PositionError("decision", _("a turn about to begin is written with its "
                                          "decision to come, placement"))
    return _Reader(1).read(data, turn_start)


def from_text(text: str) -> dict[str, Any]:
    """The position JSON (every field, checked) of a position's text form (to_text)."""
    if not isinstance(text, str):
        raise PositionError("text", _("the text form is a text, not {value}").format(
            value=shown(text)))
    text_within_limits(text)
    return _checked(_read_text(text, False), False)[0]


__all__ = ["AUTO", "DECISIONS", "END_REASONS", "FIELDS", "GAME", "OUT_REASONS", "Listing",
           "build", "comparable", "from_text", "kaiju_words", "load", "read", "seat_words",
           "square_code", "square_of_code", "square_words", "tile_words", "to_position",
           "to_text"]
