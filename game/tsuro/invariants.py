"""Tsuro of the Seas' invariants, written once: what no moment of a game may be, each
found as a Problem (game/core/position.py): the field of a position that shows it (its
JSON path, "hands[1][0]"), the rule it breaks ("D2", "placing rule 4"...), and what is
wrong, in words that count seats, tiles and daikaiju from 1, as people do.

`problems(state)` checks them all, the first found first: TsuroState.problems is it, and
the simulator calls it after every action; position.py builds the state a position
describes and refuses the position by its first problem. What a position can say but a
state cannot hold (two tiles listed on one square, a daikaiju listed twice, a seat to
move in a game that is over) is the reader's own to refuse. The usual case (nothing
wrong) is checked in a few passes over the state's lists; the words are found only for
what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import _
from game.core.position import Problem
from game.tsuro.board import ACROSS, OFF, POINT_ID, SIZE, SQUARES, START_MARK_SET
from game.tsuro.daikaiju import DAIKAIJU_COUNT, SETUP_COUNT
from game.tsuro.position import (
    BONUS,
    DAIKAIJU_REASONS,
    FULL,
    LAST,
    NO_TILE,
    PLACEMENT,
    RELOCATION,
    SAILING_REASONS,
    START_MARK,
    TOGETHER,
    Listing,
    kaiju_words,
    seat_words,
    square_words,
    tile_words,
)
from game.tsuro.tiles import DECK_SIZE
from game.tsuro.world import HAND_SIZE

if TYPE_CHECKING:  # (state.py imports this module)
    from game.tsuro.state import TsuroState

ALL_TILES = list(range(DECK_SIZE))
ALL_DAIKAIJU = list(range(DAIKAIJU_COUNT))
BONUS_RULE = "elimination bonus"
END_RULE = "The end"
NO_DAIKAIJU = "No Daikaiju"


def own_listing(state: TsuroState) -> Listing:
    """A state's own order of the tiles and daikaiju on the board: by square, by number."""
    return Listing([sq for sq in range(SQUARES) if state.tile_at[sq] >= 0],
                   [k for k in range(DAIKAIJU_COUNT) if state.kaiju_square[k] != OFF])


# --- all of them ----------------------------------------------------------------------
def problems(state: TsuroState, turn_start: bool = False,
             listing: Listing | None = None) -> list[Problem]:
    """Every invariant of `state`, the first found first: the pieces (D2, C1, the
    supply), the hands and ships, the trails, then the moment (whose decision, or the
    end). With `turn_start`, the state is the moment before its seat to move begins its
    turn (TsuroState.at_turn_start): its ship may still face a daikaiju, its hand be
    empty. `listing`: the order a position lists the board's tiles and daikaiju in."""
    found = piece_problems(state, listing)
    if not found:
        found = ship_problems(state)
    if not found:
        found = trail_problems(state)
    if not found:
        found = moment_problems(state, turn_start, listing)
    return found


# --- the pieces: the wake tiles (D2), the daikaiju (C1) and their supply -----------------
def piece_problems(state: TsuroState, listing: Listing | None = None) -> list[Problem]:
    """Each of the 56 wake tiles in one place (D2); each daikaiju on the board, alone on
    a square without a tile (C1), or in the supply."""
    found = []
    places = [t for t in state.tile_at if t >= 0] + state.draw_pile + state.removed
    for hand in state.hands:
        places += hand
    if sorted(places) != ALL_TILES:
        found += _tile_problems(state, listing or own_listing(state))
    squares, kaiju_at, tile_at = state.kaiju_square, state.kaiju_at, state.tile_at
    on_board = [k for k in ALL_DAIKAIJU if squares[k] != OFF]
    if (any(kaiju_at[squares[k]] != k or tile_at[squares[k]] >= 0 for k in on_board)
            or SQUARES - kaiju_at.count(-1) != len(on_board)
            or on_board and not state.config["daikaiju"]
            or sorted(on_board + state.supply) != ALL_DAIKAIJU):
        found += _kaiju_problems(state, listing or own_listing(state), on_board)
    return found


def _tile_problems(state: TsuroState, listing: Listing) -> list[Problem]:
    where: dict[int, str] = {}
    for tile, field, place in _tiles_placed(state, listing):
        if tile in where:
            return [Problem(field, "D2", _("{tile} is {place} and also {other}: each tile is "
                                           "in one place").format(
                tile=tile_words(tile), place=place, other=where[tile]))]
        where[tile] = place
    missing = [t for t in ALL_TILES if t not in where]
    if missing:
        return [Problem("removed", "D2", _(
            "{tile} is nowhere: each of the 56 tiles is on the board, in a hand, in the "
            "draw pile or removed (leave removed out to remove every tile named nowhere "
            "else)").format(tile=tile_words(missing[0])))]
    return [Problem("removed", "D2", _("the 56 wake tiles are not each in exactly one "
                                       "place"))]


def _tiles_placed(state: TsuroState, listing: Listing) -> list[tuple[int, str, str]]:
    """(tile, field, where in words) of every tile named, in a position's order."""
    placed = [(state.tile_at[sq], f"tiles[{i}]", _("on the board at {square}").format(
        square=square_words(sq))) for i, sq in enumerate(listing.tiles)]
    for s, hand in enumerate(state.hands):
        placed += [(t, f"hands[{s}][{i}]", _("in the hand of {seat}").format(
            seat=seat_words(s))) for i, t in enumerate(hand)]
    placed += [(t, f"draw_pile[{i}]", _("in the draw pile"))
               for i, t in enumerate(state.draw_pile)]
    placed += [(t, f"removed[{i}]", _("removed from the game"))
               for i, t in enumerate(state.removed)]
    return placed


def _kaiju_problems(state: TsuroState, listing: Listing, on_board: list[int]) -> list[Problem]:
    found = []
    seen: dict[int, int] = {}
    for i, number in enumerate(listing.daikaiju):
        square = state.kaiju_square[number]
        if square in seen:
            found.append(Problem(f"daikaiju[{i}]", "C1", _("{daikaiju} and {other} are both "
                                                           "on {square}").format(
                daikaiju=kaiju_words(seen[square]), other=kaiju_words(number),
                square=square_words(square))))
        elif state.tile_at[square] >= 0:
            found.append(Problem(f"daikaiju[{i}]", "C1", _(
                "{daikaiju} and {tile} are both on {square}: a daikaiju takes the square of "
                "a wake tile").format(daikaiju=kaiju_words(number),
                                      tile=tile_words(state.tile_at[square]),
                                      square=square_words(square))))
        seen[square] = number
    if on_board and not state.config["daikaiju"]:
        found.append(Problem("daikaiju", NO_DAIKAIJU, _("daikaiju on the board in a game "
                                                        "without them")))
    off = [k for k in ALL_DAIKAIJU if k not in on_board]
    if sorted(state.supply) != off and not off:
        found.append(Problem("supply", None, _("the supply holds each daikaiju not on the "
                                               "board, once: none")))
    elif sorted(state.supply) != off:
        found.append(Problem("supply", None, _("the supply holds each daikaiju not on the "
                                               "board, once: {daikaiju}").format(
            daikaiju=", ".join(kaiju_words(k) for k in off))))
    if not found:  # the state's own bookkeeping: which daikaiju is on each square
        found.append(Problem("daikaiju", None, _("the daikaiju on the board disagree with "
                                                 "their squares")))
    return found


# --- the hands (C4) and the ships (C3, D6, D9, B3, D10) ---------------------------------
def ship_problems(state: TsuroState) -> list[Problem]:
    """Hands of 3 tiles at most (C4); a ship for each seat in the game, facing a square
    without a tile (C3), on the edge of the tile it last crossed (D6) and on a point of
    its own unless rule 4 gave way (D9); out seats out by a rule of this game and with
    no tiles (D10)."""
    for s, hand in enumerate(state.hands):
        if len(hand) > HAND_SIZE:
            return [Problem(f"hands[{s}]", "C4", _("{seat} holds {count} tiles: a hand is at "
                                                   "most 3").format(seat=seat_words(s),
                                                                    count=len(hand)))]
    for s, position in enumerate(state.ships):
        problem = _ship_problem(state, s, position)
        if problem is not None:
            return [problem]
    return _point_problems(state) or _out_problems(state)


def _ship_problem(state: TsuroState, s: int, position: int | None) -> Problem | None:
    why = state.out[s]
    if position is None:
        if why is None and state.decision != START_MARK:
            return Problem(f"ships[{s}]", None, _("{seat} has no ship and is not out: give its "
                                                  "ship, or why it is out in {field}").format(
                seat=seat_words(s), field=f"out[{s}]"))
        return None
    if why is not None:
        return Problem(f"out[{s}]", None, _("{seat} is out ({reason}) but has a ship: an out "
                                            "seat's ship is null").format(seat=seat_words(s),
                                                                         reason=why))
    front = position >> 3
    if state.tile_at[front] >= 0:
        return Problem(f"ships[{s}]", "C3", _("the ship of {seat} faces a wake tile at "
                                              "{square}: a ship stops facing a square without "
                                              "one").format(seat=seat_words(s),
                                                            square=square_words(front)))
    back = ACROSS[position]
    if back != OFF and state.tile_at[back >> 3] < 0:
        return Problem(f"ships[{s}]", "D6", _("the ship of {seat} stands on no tile: the "
                                              "square behind it ({square}) is empty; a ship is "
                                              "on a start mark or on the edge of the tile it "
                                              "last crossed").format(
            seat=seat_words(s), square=square_words(back >> 3)))
    return None


def _point_problems(state: TsuroState) -> list[Problem]:
    points: dict[int, int] = {}
    for s, position in enumerate(state.ships):
        if position is None:
            continue
        here = POINT_ID[position]
        if here in points and state.decision == START_MARK:
            return [Problem(f"ships[{s}]", "B3", _("{seat} and {other} are on one start mark: "
                                                   "each chooses a free one").format(
                seat=seat_words(points[here]), other=seat_words(s)))]
        if here in points and not state.forced_same_wake:
            return [Problem(f"ships[{s}]", "D9", _("{seat} and {other} stand on one point: "
                                                   "only after a placement had to break rule "
                                                   "4 (same_wake true) may ships share "
                                                   "one").format(
                seat=seat_words(points[here]), other=seat_words(s)))]
        points[here] = s
    return []


def _out_problems(state: TsuroState) -> list[Problem]:
    out = state.out
    if not state.config["daikaiju"]:
        for s, why in enumerate(out):
            if why in DAIKAIJU_REASONS:
                return [Problem(f"out[{s}]", NO_DAIKAIJU, _(
                    "{seat} cannot be out by a daikaiju ({reason}) in a game without "
                    "them").format(seat=seat_words(s), reason=why))]
    offered = state._bonus_from if state.decision == BONUS else ()
    for s, hand in enumerate(state.hands):
        if out[s] is not None and hand and s not in offered:
            return [Problem(f"hands[{s}]", "D10", _("{seat} is out but holds tiles: the hand "
                                                    "of a ship put out goes to the bottom of "
                                                    "the draw pile").format(
                seat=seat_words(s)))]
    return []


# --- the trails -------------------------------------------------------------------------
def trail_problems(state: TsuroState) -> list[Problem]:
    """Each ship's trail follows the wakes of tiles on the board and ends where the ship
    stands; none before the first turn."""
    wakes = state.wakes
    for s, trail in enumerate(state.trails):
        if not trail:
            continue
        if state.decision == START_MARK:
            return [Problem(f"trails[{s}]", None, _("no ship has sailed before the first "
                                                    "turn"))]
        for i, (square, _tile, entry, exit_point) in enumerate(trail):
            wake = wakes[square]
            if wake is None or wake[entry] != exit_point:
                return [_step_problem(s, i, square, entry, exit_point, wake)]
        position = state.ships[s]
        square, _tile, _entry, exit_point = trail[-1]
        if position is not None and ACROSS[square * 8 + exit_point] != position:
            return [Problem(f"trails[{s}]", None, _("the trail of {seat} does not end where "
                                                    "its ship stands").format(
                seat=seat_words(s)))]
    return []


def _step_problem(s: int, i: int, square: int, entry: int, exit_point: int,
                  wake: object) -> Problem:
    if wake is None:
        return Problem(f"trails[{s}][{i}]", None, _("{square} holds no tile: a trail keeps "
                                                    "only the wakes of tiles on the "
                                                    "board").format(
            square=square_words(square)))
    return Problem(f"trails[{s}][{i}]", None, _("the tile at {square} does not join points "
                                                "{entry} and {exit}").format(
        square=square_words(square), entry=entry, exit=exit_point))


# --- the moment: whose decision, or the end ------------------------------------------------
def moment_problems(state: TsuroState, turn_start: bool = False,
                    listing: Listing | None = None) -> list[Problem]:
    """A decision the rules would ask for now, or a game over as the rules end it."""
    decision = state.decision
    afloat = [s for s in range(state.players) if state.out[s] is None]
    if decision is None:
        return _over_problems(state, afloat)
    if state.winners or state.reason is not None:
        return [Problem("winners" if state.winners else "reason", None, _(
            "the game is not over (a decision is to be made): no winners, no reason"))]
    if decision != BONUS and state._bonus_from:
        return [Problem("bonus_from", None, _("bonus_from goes with the decision bonus"))]
    if decision == START_MARK:
        return setting_out_problems(state, listing)
    return _turn_problems(state, afloat, turn_start)


def _empty_squares(state: TsuroState) -> int:
    return state.tile_at.count(-1) - (SQUARES - state.kaiju_at.count(-1))


def _over_problems(state: TsuroState, afloat: list[int]) -> list[Problem]:
    if state._bonus_from:
        return [Problem("bonus_from", None, _("bonus_from goes with the decision bonus"))]
    if state.turn < 1:
        return [Problem("turn", None, _("a game ends in turn 1 or later"))]
    winners, reason = list(state.winners), state.reason
    if reason is None or not winners:
        return [Problem("winners" if not winners else "reason", None,
                        _("a game that is over has its winners and the reason"))]
    expected, found = _ending(state, afloat)
    if found:
        return found
    if reason != expected:
        return [Problem("reason", END_RULE, _("with {count} ship(s) afloat this game ended "
                                              "with {expected}, not {reason}").format(
            count=len(afloat), expected=repr(expected), reason=repr(reason)))]
    if expected == TOGETHER:
        if winners != sorted(set(winners)):
            return [Problem("winners", None, _("the winners are listed once each, lowest "
                                               "seat first"))]
    elif winners != afloat:
        return [Problem("winners", END_RULE, _("the winners are the ships afloat: "
                                               "{seats}").format(
            seats=", ".join(seat_words(s) for s in afloat)))]
    return []


def _ending(state: TsuroState, afloat: list[int]) -> tuple[str, list[Problem]]:
    """Why the game ended, by the ships afloat and the board; or why it has not."""
    if len(afloat) == 1:
        return LAST, []
    if not afloat:
        return TOGETHER, []
    if not _empty_squares(state):
        return FULL, []
    if state.draw_pile or any(state.hands[s] for s in afloat):
        return NO_TILE, [Problem("decision", END_RULE, _(
            "{count} ships afloat, the board not full and a tile left to place: the game "
            "is not over").format(count=len(afloat)))]
    return NO_TILE, []


def _turn_problems(state: TsuroState, afloat: list[int], turn_start: bool) -> list[Problem]:
    decision, active = state.decision, state.active
    if state.turn < (0 if turn_start else 1):
        return [Problem("turn", None, _("turn 0 is before the first turn: a {decision} comes "
                                        "in turn 1 or later").format(decision=decision))]
    if state.out[active] is not None:
        return [Problem("to_move", None, _("{seat} is out ({reason}): it has no more "
                                           "turns").format(seat=seat_words(active),
                                                           reason=state.out[active]))]
    if len(afloat) < 2:
        return [Problem("out", END_RULE, _("one ship afloat or none: the game is over "
                                           "(decision null, with its winners)"))]
    if not _empty_squares(state):
        return [Problem("tiles", END_RULE, _("no square is empty: the game is over (the "
                                             "board is full)"))]
    if not state.draw_pile and not any(state.hands[s] for s in afloat):
        return [Problem("hands", "D12", _("no captain afloat holds a tile and the draw pile "
                                          "is empty: the game is over"))]
    return [] if turn_start else _decision_problems(state)


def _decision_problems(state: TsuroState) -> list[Problem]:
    decision, active = state.decision, state.active
    if decision in (PLACEMENT, BONUS) and not state.hands[active]:
        return [Problem("hands", "D12", _("{seat} holds no tile: it skips its placement, so "
                                          "there is no {decision} to make").format(
            seat=seat_words(active), decision=decision))]
    position = state.ships[active]  # (afloat: ship_problems has seen it has a ship)
    facing = state.kaiju_at[position >> 3] if position is not None else -1
    if decision == BONUS and facing >= 0:
        return [Problem("to_move", "C3", _("the ship of {seat} faces {daikaiju}: a ship that "
                                           "sails into a daikaiju is out").format(
            seat=seat_words(active), daikaiju=kaiju_words(facing)))]
    if decision == PLACEMENT and facing >= 0:
        return [Problem("to_move", "D7", _("the ship of {seat} faces {daikaiju}: after its "
                                           "daikaiju roll it is destroyed, or moves to another "
                                           "start mark, before any placement").format(
            seat=seat_words(active), daikaiju=kaiju_words(facing)))]
    if decision == RELOCATION:
        return _relocation_problems(state)
    if decision == BONUS:
        return _bonus_problems(state)
    return []


def _relocation_problems(state: TsuroState) -> list[Problem]:
    """D8: a ship on a start mark, facing a daikaiju, with another free mark on its edge."""
    active = state.active
    position = state.ships[active]
    if position not in START_MARK_SET or state.kaiju_at[position >> 3] < 0:
        return [Problem("decision", "D8", _("the ship of {seat} moves to another start mark "
                                            "only from a start mark, facing a "
                                            "daikaiju").format(seat=seat_words(active)))]
    if not state.relocation_marks():
        return [Problem("decision", "D8", _("no free start mark on the edge of {seat}'s "
                                            "ship: it is destroyed, not moved").format(
            seat=seat_words(active)))]
    return []


def _bonus_problems(state: TsuroState) -> list[Problem]:
    """The elimination bonus: from the hands of the captains the placement put out."""
    bonus_from: list[int] = list(state._bonus_from)
    if not bonus_from:
        return [Problem("bonus_from", BONUS_RULE, _("a bonus takes from the hands of the "
                                                    "captains the placement put out: name "
                                                    "their seats"))]
    if len(set(bonus_from)) != len(bonus_from) or state.active in bonus_from:
        return [Problem("bonus_from", BONUS_RULE, _("the seats put out, each once, not the "
                                                    "seat to move"))]
    for i, s in enumerate(bonus_from):
        if state.out[s] not in SAILING_REASONS:
            return [Problem(f"bonus_from[{i}]", BONUS_RULE, _(
                "{seat} was not put out by a placement: no bonus for ships still afloat or "
                "that the daikaiju destroy").format(seat=seat_words(s)))]
    if not any(state.hands[s] for s in bonus_from):
        return [Problem("bonus_from", BONUS_RULE, _("none of them holds a tile: there is "
                                                    "nothing to swap, so no bonus"))]
    return []


# --- setting out: the start marks (B1-B3, D5) -------------------------------------------
def setting_out_problems(state: TsuroState, listing: Listing | None = None) -> list[Problem]:
    """Before the first turn: nobody out, no tile placed or removed, the tiles dealt,
    the daikaiju of the setup, and the ships on start marks, chosen in turn order."""
    if state.turn != 0:
        return [Problem("turn", None, _("while the ships go out to their start marks the "
                                        "turn is 0"))]
    for s, why in enumerate(state.out):
        if why is not None:
            return [Problem(f"out[{s}]", "B3", _("nobody is out before the first turn"))]
    placed = any(t >= 0 for t in state.tile_at)
    if placed or state.removed:
        return [Problem("tiles" if placed else "removed", "B1", _(
            "before the first turn no tile has been placed or removed: the tiles are in the "
            "hands and the draw pile"))]
    for s, hand in enumerate(state.hands):
        if len(hand) != HAND_SIZE:
            return [Problem(f"hands[{s}]", "B1", _("before the first turn each captain holds "
                                                   "the 3 tiles dealt"))]
    if state.forced_same_wake:
        return [Problem("same_wake", "D9", _("no tile has been placed yet"))]
    if state.config["daikaiju"]:
        found = _setup_kaiju_problems(state, listing or own_listing(state))
        if found:
            return found
    return _start_mark_problems(state)


def _setup_kaiju_problems(state: TsuroState, listing: Listing) -> list[Problem]:
    count = SETUP_COUNT[state.players]
    if len(listing.daikaiju) != count:
        return [Problem("daikaiju", "B2", _("{count} daikaiju are on the board at setup with "
                                            "{players} players").format(
            count=count, players=state.players))]
    for i, number in enumerate(listing.daikaiju):
        row, col = divmod(state.kaiju_square[number], SIZE)
        if row == SIZE // 2 or col == SIZE // 2:
            return [Problem(f"daikaiju[{i}]", "D1", _("a daikaiju is placed by the dice, never "
                                                      "on the middle row or column"))]
    return []


def _start_mark_problems(state: TsuroState) -> list[Problem]:
    n, first, active = state.players, state.config["first"], state.active
    placed = [(first + i) % n for i in range((active - first) % n)]
    for s, position in enumerate(state.ships):
        field = f"ships[{s}]"
        if s in placed and position is None:
            return [Problem(field, "B3", _("{seat} put its ship out before {active} (from "
                                           "{first}, in turn order): it is on a start "
                                           "mark").format(seat=seat_words(s),
                                                          active=seat_words(active),
                                                          first=seat_words(first)))]
        if s not in placed and position is not None:
            return [Problem(field, "B3", _("{seat} has not chosen its start mark yet "
                                           "({active} is choosing): its ship is "
                                           "null").format(seat=seat_words(s),
                                                          active=seat_words(active)))]
        if position is not None and position not in START_MARK_SET:
            return [Problem(field, "D5", _("the ship of {seat} is not on a start "
                                           "mark").format(seat=seat_words(s)))]
    return []


__all__ = ["moment_problems", "own_listing", "piece_problems", "problems",
           "setting_out_problems", "ship_problems", "trail_problems"]
