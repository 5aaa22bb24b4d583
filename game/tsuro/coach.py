"""The coach at the table for Tsuro of the Seas (issue 40): the hard bot's choice, and why.

    advise(state, played=None, *, rollouts=None) -> Generator[None, None, Advice]
    hint_words(advice, names) -> one sentence in the language spoken now
    coach_seed(state) -> the seed of the coach's search in this state

`advise` answers the decision of the seat to move as the hard bot (bots/search.py) would,
from what that seat can see, yielding between slices as the bot's `think` does (after
every world of its playouts). Its search is seeded by `coach_seed(state)` (the turn and
the seat), so the same state gives the same advice, and `HardBot(seat, coach_seed(state))`
makes the same choice. The vocabulary (Advice, Reason) is game/core/coach.py's.

Values (`best_value`, `played_value`) are shares of the win, 0..1:
- a placement compared by the search: the worth the search gives it, (1 - the risk that a
  daikaiju ends the ship before its next placement) x the mean of its playouts; an action
  `played` is played out in the very worlds of the search (common random numbers) without
  taking part in it, so the choice does not change, and `played_value == best_value`
  when it is the choice. With `rollouts`, a search of that many playouts (None: the hard
  bot's, bots.search.ROLLOUTS).
- a placement the search need not compare (the only legal one, the only one that keeps
  the ship afloat, a sure win, or when every placement sinks the ship): the share of the
  game it ends (1 for a win, split when shared, 0 when the ship is lost), else the share
  that the hard bot's playouts give the position after it (bots/leaf.py's fitted share).
- a start mark or a relocation: an even share (1 / the ships afloat) plus how much better
  the mark scores than the mean of the marks to choose from, by the start-mark values
  fitted on the share of the win (bots/marks.py); a mark lost at once is worth nothing.
  (The hard bot relocates by the evaluation's mark value: the fitted score may rate
  another mark a little higher.)
- a bonus: the fitted share (bots/leaf.py) of the best placement the hand kept offers
  from where the ship is now.

Reasons (`Reason(kind, data)`, plain JSON data; seats are 0-based, tiles the engine's
0-55 (the page numbers them from 1), squares and positions as in board.py), most
telling first:

For a placement:
- "win": {"winners": [seat, ...], "reason": the game's end reason ("last ship afloat",
  "eliminated together", "the board is full", "no tile left to place")}: the placement
  ends the game and the seat wins or shares the win.
- "rival_out": {"seats": [seat, ...], "fates": ["edge" | "daikaiju" | "loop", ...]}: it
  puts those rivals' ships out.
- "only": {}: the only legal action.
- "sinks": {"count": k, "total": n, "placements": [[tile, rotation, fate], ...],
  "tiles": [tile, ...]}: k of the n distinct placements of the hand (turns giving the same
  wakes count once, D9) would sink the ship here (off the edge, into a daikaiju, into an
  endless loop), each named once by a tile and turn; "tiles" those whose every turn does.
- "same_wake": {"count": k}: k placements are refused by placing rule 4 (two ships would
  travel the same wake).
- "safe": {"square": square}: the advised placement keeps the ship afloat (said when some
  placements sink it), facing that square.
- "daikaiju": {"risk": r, "worst": w, "square": square, "faces": [face, ...]}: the chance
  that a daikaiju ends the ship before its next placement after this placement (the
  search's own, bots.eval.Context.risk over the rolls to come), the highest among the
  other placements that keep it afloat, the square it faces, and the faces of the
  daikaiju die that bring a daikaiju onto that square at the next roll
  (dangers.reached_squares). Given when r or w - r is 5 % or more.
- "open_water": {"seat": seat, "square": square, "open_sides": k, "openness": x}: a ship
  the placement moves (the seat's own first, then rivals') ends facing `square`, with k
  of its sides leading to an empty square free of daikaiju, and x the share of a random
  tile's wakes that would keep it afloat there (bots.eval.openness).
- "playouts": {"share": v, "second": v2 or None, "worlds": n}: the share of the win the
  search found, the next best candidate's, and the worlds it was played out in.
- "where": {"square": square}: the square the tile goes on (for the sentence; no reason).

For a start mark or a relocation: "only", "open_water" (of its first square, the seat
to move's, with "mark": the mark), "daikaiju": {"nearest": squares (rows + columns) from
its first square to the nearest daikaiju (None: none at sea), "risk": the chance that one
comes onto that square within a round of rolls (bots.eval.risk_maps), "square": its first
square, "faces": [...]} (in a game with daikaiju) and "where" ({"square": its first
square}).

Chances and shares in reasons are rounded to 4 decimals.

For a bonus: "only", "hand": {"give": [...], "take": [...], "safe_tiles": k, "total": n,
"before": k0}: with the hand kept, k of its n tiles have a placement that keeps the ship
afloat from where it is now (k0 with the hand as it is).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from typing import Any

from game.core.actions import Action
from game.core.coach import Advice, Reason
from game.core.i18n import _, ngettext
from game.core.words import and_list, percent
from game.tsuro.board import NEIGHBOUR, OFF, square_name, squares_apart
from game.tsuro.bots.eval import (
    Context,
    afloat,
    best_bonus,
    best_mark,
    hand_safety,
    openness,
    risk_maps,
)
from game.tsuro.bots.leaf import fitted_share, leaf_features, leaf_share
from game.tsuro.bots.light import light_world
from game.tsuro.bots.marks import LONG_ROLLS, best_fitted_mark, mark_features, mark_score
from game.tsuro.bots.search import HARD_WEIGHTS, compare, playout_budget, shortlist
from game.tsuro.dangers import reached_squares
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK, TsuroState
from game.tsuro.svg import move_words
from game.tsuro.tiles import ORIENTED, ROTATIONS, Lookup
from game.tsuro.world import Placement

NOTABLE_RISK = 0.05  # a daikaiju risk (or a difference of risks) worth saying
CLAUSES = 3  # reasons said in a hint, at most

Advising = Generator[None, None, Advice]


def coach_seed(state: TsuroState) -> str:
    """The seed of the coach's search in `state`: its turn and the seat to move (what
    every captain sees), so that the same state gives the same advice."""
    return f"coach:{state.turn}:{state.active}"


def advise(state: TsuroState, played: Action | None = None, *,
           rollouts: int | None = None) -> Advising:
    """The coach's advice for the decision of the seat to move (see the module text): a
    generator that yields between slices of the search and returns the Advice. `played`
    (one of the legal actions) is valued too; anything else raises ValueError, as does a
    game that is over."""
    seat = state.to_move
    if seat is None:
        raise ValueError("the game is over: there is nothing to advise")
    actions = state.legal_actions()
    if played is not None and played not in actions:
        raise ValueError(f"{played!r} is not a legal action now")
    decision = state.decision
    if decision == PLACEMENT:
        return (yield from _placement(state, seat, actions, played, rollouts))
    if decision in (START_MARK, RELOCATION):
        return _mark(state, seat, actions, played)
    if decision == BONUS:
        return _bonus(state, seat, actions, played)
    raise ValueError(f"no advice for the decision {decision!r}")  # (every decision is above)


def _advice(seat: int, action: Action, values: dict[Action, float], reasons: list[Reason],
            played: Action | None) -> Advice:
    return Advice(seat=seat, action=action, turn=(action,), best_value=values[action],
                  reasons=tuple(reasons), played=played,
                  played_value=None if played is None else values[played])


# --- a placement -----------------------------------------------------------------------------
def _placement(state: TsuroState, seat: int, actions: list[Action], played: Action | None,
               rollouts: int | None) -> Advising:
    ctx = Context(state, HARD_WEIGHTS)
    candidates = shortlist(state, seat, actions, ctx)
    searched: dict[str, Any] | None = None
    if len(candidates) == 1:  # the hard bot places it without a search
        best = candidates[0]
        values = {a: _settled_value(state, seat, a, ctx)
                  for a in (best, played) if a is not None}
    else:
        compared = yield from compare(state, seat, candidates, ctx,
                                      random.Random(coach_seed(state)),
                                      playout_budget(state, rollouts),
                                      () if played is None else (played,))
        best = compared.actions[compared.choice]
        values = dict(zip(compared.actions, compared.values))
        others = [v for i, v in enumerate(compared.values[:len(candidates)])
                  if i != compared.choice]
        searched = {"share": round(values[best], 4),
                    "second": round(max(others), 4) if others else None,
                    "worlds": compared.worlds[compared.choice]}
    reasons = placement_reasons(state, seat, best, ctx)
    if searched is not None:
        reasons.insert(len(reasons) - 1, Reason("playouts", searched))  # (before "where")
    return _advice(seat, best, values, reasons, played)


def _after(state: TsuroState, seat: int, outcome: Placement) -> tuple[bool, tuple[int, ...], str]:
    """Whether placing `outcome` ends the game, its winners and why: played by the
    engine's rules in a world dealt from what `seat` sees (nothing hidden is read)."""
    world = light_world(state, seat, random.Random(0))
    world.active = seat
    fallen = world.place(outcome.tile, outcome.rotation, outcome.voyages, None)
    ending = world.end_reason(fallen)
    if ending:
        return True, ending[0], ending[1]
    world.end_turn(fallen, None)  # the draw: no captain afloat may have a tile left (D12)
    if world.over:
        return True, tuple(world.winners), "no tile left to place"
    return False, (), ""


def _ships_after(state: TsuroState, outcome: Placement) -> list[int | None]:
    ships = list(state.ships)
    for mover, (end, fate, _path) in outcome.voyages.items():
        ships[mover] = end if fate is None else None
    return ships


def _wakes_after(state: TsuroState, seat: int, lookup: Lookup) -> list[Lookup | None]:
    wakes = list(state.wakes)
    wakes[state.ships[seat] >> 3] = lookup  # type: ignore[operator]  # (the placer is afloat)
    return wakes


def _settled_value(state: TsuroState, seat: int, action: Action, ctx: Context) -> float:
    """The share of the win after a placement the search does not compare: the share of
    the game it ends, 0 if it sinks the ship, else the fitted share of the position it
    leaves (bots/leaf.py)."""
    outcome = state.placement_outcome(*action.args)
    over, winners, _reason = _after(state, seat, outcome)
    if over:
        return 1 / len(winners) if seat in winners else 0.0
    if outcome.own_fate is not None:
        return 0.0
    ships = _ships_after(state, outcome)
    hand = list(state.hands[seat])
    hand.remove(action.args[0])
    features = leaf_features(seat, ships, _wakes_after(state, seat, outcome.lookup),
                             state.kaiju_at, hand, ctx)
    return fitted_share(features, afloat(ships), state.players)


def _open_sides(square: int, wakes: Sequence[Lookup | None], kaiju_at: Sequence[int]) -> int:
    """The sides of `square` that lead to an empty square free of daikaiju."""
    return sum(1 for there in NEIGHBOUR[square]
               if there != OFF and wakes[there] is None and kaiju_at[there] < 0)


def _open_water(seat: int, position: int, wakes: Sequence[Lookup | None],
                kaiju_at: Sequence[int]) -> Reason:
    square = position >> 3
    return Reason("open_water", {"seat": seat, "square": square,
                                 "open_sides": _open_sides(square, wakes, kaiju_at),
                                 "openness": round(openness(position, wakes, kaiju_at), 4)})


def _sinking(state: TsuroState, seat: int) -> tuple[list[list[Any]], list[int], int, int]:
    """The distinct placements of the hand that sink the ship ([tile, rotation, fate],
    each once), the tiles whose every turn does, how many placements there are, and how
    many rule 4 refuses (the engine's judgement: placement_outcome, legal_actions)."""
    legal = {ORIENTED[a.args[0]][a.args[1]] for a in state.legal_actions()}
    seen: set[Lookup] = set()
    sinking: list[list[Any]] = []
    doomed: list[int] = []
    same_wake = 0
    for tile in state.hands[seat]:
        fates = []
        for rotation in range(ROTATIONS):
            outcome = state.placement_outcome(tile, rotation)
            fates.append(outcome.own_fate)
            if outcome.lookup in seen:
                continue
            seen.add(outcome.lookup)
            if outcome.own_fate is not None:
                sinking.append([tile, rotation, outcome.own_fate])
            elif outcome.lookup not in legal:
                same_wake += 1
        if all(fate is not None for fate in fates):
            doomed.append(tile)
    return sinking, doomed, len(seen), same_wake


def placement_reasons(state: TsuroState, seat: int, action: Action,
                      ctx: Context | None = None) -> list[Reason]:
    """Why place `action` (a legal placement of `seat`, the seat to move), from what the
    engine and the evaluation find, most telling first (the module text lists them)."""
    ctx = ctx or Context(state, HARD_WEIGHTS)
    outcome = state.placement_outcome(*action.args)
    target = state.ships[seat] >> 3  # type: ignore[operator]  # (the placer is afloat)
    reasons = []
    over, winners, why = _after(state, seat, outcome)
    if over and seat in winners:
        reasons.append(Reason("win", {"winners": list(winners), "reason": why}))
    out = [(s, fate) for s, (_end, fate, _path) in outcome.voyages.items()
           if s != seat and fate is not None]
    if out:
        reasons.append(Reason("rival_out", {"seats": [s for s, _ in out],
                                            "fates": [fate for _, fate in out]}))
    if len(state.legal_actions()) == 1:
        reasons.append(Reason("only"))
    sinking, doomed, total, same_wake = _sinking(state, seat)
    if sinking:
        reasons.append(Reason("sinks", {"count": len(sinking), "total": total,
                                        "placements": sinking, "tiles": doomed}))
    if same_wake:
        reasons.append(Reason("same_wake", {"count": same_wake}))
    end = outcome.voyages[seat][0]
    if outcome.own_fate is None and not over:
        if sinking:
            reasons.append(Reason("safe", {"square": end >> 3}))
        reasons.extend(_placement_dangers(state, seat, outcome, ctx))
        wakes = _wakes_after(state, seat, outcome.lookup)
        reasons.append(_open_water(seat, end, wakes, state.kaiju_at))
        for mover, (there, fate, _path) in outcome.voyages.items():
            if mover != seat and fate is None:
                reasons.append(_open_water(mover, there, wakes, state.kaiju_at))
    reasons.append(Reason("where", {"square": target}))
    return reasons


def _placement_dangers(state: TsuroState, seat: int, outcome: Placement,
                       ctx: Context) -> list[Reason]:
    """The "daikaiju" reason of a placement that keeps the ship afloat, when worth saying."""
    if not state.config["daikaiju"]:
        return []
    end = outcome.voyages[seat][0]
    risk = ctx.risk(seat, end)
    worst = 0.0
    for action in state.legal_actions():
        other = state.placement_outcome(*action.args)
        if other.own_fate is None and other.lookup != outcome.lookup:
            worst = max(worst, ctx.risk(seat, other.voyages[seat][0]))
    if risk < NOTABLE_RISK and worst - risk < NOTABLE_RISK:
        return []
    square = end >> 3
    faces = reached_squares(state).get(square, ())
    return [Reason("daikaiju", {"risk": round(risk, 4), "worst": round(worst, 4),
                                "square": square, "faces": list(faces)})]


# --- a start mark, a relocation ---------------------------------------------------------------
def mark_shares(state: TsuroState, seat: int, marks: Sequence[int]) -> dict[int, float]:
    """The share of the win of each mark (a start mark or relocation of `seat`): an even
    share plus its fitted score (bots/marks.py) less the mean score of the marks, 0 for a
    mark lost at once (see the module text)."""
    ctx = Context(state, HARD_WEIGHTS)
    enter = risk_maps(state, LONG_ROLLS)[0]
    scores = {}
    for mark in marks:
        features = mark_features(state, seat, mark, ctx, enter)
        scores[mark] = None if features is None else mark_score(features)
    kept = [score for score in scores.values() if score is not None]
    mean = sum(kept) / len(kept) if kept else 0.0
    even = 1 / max(1, state.out.count(None))  # the seats still playing
    return {mark: 0.0 if score is None else min(1.0, max(0.0, even + score - mean))
            for mark, score in scores.items()}


def _mark(state: TsuroState, seat: int, actions: list[Action], played: Action | None) -> Advice:
    if len(actions) == 1:
        best = actions[0]
    elif state.decision == START_MARK:
        best = best_fitted_mark(state, seat, actions, HARD_WEIGHTS)
    else:
        best = best_mark(state, seat, actions, HARD_WEIGHTS)
    shares = mark_shares(state, seat, [a.args[0] for a in actions])
    values = {a: shares[a.args[0]] for a in actions}
    mark = best.args[0]
    square = mark >> 3
    reasons = [Reason("only")] if len(actions) == 1 else []
    water = _open_water(seat, mark, state.wakes, state.kaiju_at)
    reasons.append(Reason("open_water", {**water.data, "mark": mark}))
    if state.config["daikaiju"]:
        rolls = max(1, state.out.count(None))  # a round of rolls
        enter = risk_maps(state, rolls)[0]
        apart = [squares_apart(where, square) for where in state.kaiju_square if where != OFF]
        nearest = min(apart) if apart else None
        reasons.append(Reason("daikaiju", {
            "nearest": nearest, "risk": round(enter[rolls][square], 4), "square": square,
            "faces": list(reached_squares(state).get(square, ()))}))
    reasons.append(Reason("where", {"square": square}))
    return _advice(seat, best, values, reasons, played)


# --- the elimination bonus -------------------------------------------------------------------
def _kept(state: TsuroState, seat: int, action: Action) -> list[int]:
    give, take = action.args
    return [t for t in state.hands[seat] if t not in give] + list(take)


def _hand_share(state: TsuroState, seat: int, hand: list[int], ctx: Context) -> float:
    """The fitted share of the best placement `hand` offers from where the ship is."""
    world = state.clone(rng=random.Random(0))
    world.hands[seat] = list(hand)
    return leaf_share(world, seat, ctx)


def _bonus(state: TsuroState, seat: int, actions: list[Action], played: Action | None) -> Advice:
    best = actions[0] if len(actions) == 1 else best_bonus(state, seat, actions, HARD_WEIGHTS)
    ctx = Context(state, HARD_WEIGHTS)
    values = {a: _hand_share(state, seat, _kept(state, seat, a), ctx)
              for a in (best, played) if a is not None}
    position: int = state.ships[seat]  # type: ignore[assignment]  # (afloat: a bonus)
    hand = _kept(state, seat, best)
    safe, _options = hand_safety(position, hand, state.wakes, state.kaiju_at)
    before, _options = hand_safety(position, state.hands[seat], state.wakes, state.kaiju_at)
    give, take = best.args
    reasons = [Reason("only")] if len(actions) == 1 else []
    reasons.append(Reason("hand", {"give": list(give), "take": list(take), "safe_tiles": safe,
                                   "total": len(hand), "before": before}))
    return _advice(seat, best, values, reasons, played)


# --- the hint in words -----------------------------------------------------------------------

def _tiles(tiles: Sequence[int]) -> str:
    return and_list(str(tile + 1) for tile in tiles)


def _whose(seat: int, me: int, names: Sequence[str]) -> str:
    """A ship in words: "your ship", "Ann's ship"."""
    if seat == me:
        return _("your ship")
    return _("{who}'s ship").format(who=names[seat])


def _win_clause(data: dict[str, Any], me: int, names: Sequence[str]) -> str:
    if len(data["winners"]) == 1:
        return _("it wins the game")
    others = [names[s] for s in data["winners"] if s != me]
    return _("it ends the game in a win shared with {names}").format(names=and_list(others))


def _sinks_clause(data: dict[str, Any], me: int, names: Sequence[str]) -> str:
    count, total = data["count"], data["total"]
    if count == total:
        words = ngettext("your one placement sinks your ship here",
                         "every one of your {total} placements sinks your ship here", total)
    else:
        words = ngettext("{count} of your {total} placements sinks your ship here",
                         "{count} of your {total} placements sink your ship here", count)
    words = words.format(count=count, total=total)
    doomed = data["tiles"]
    if doomed and count < total:
        also = ngettext("tile {tiles} whichever way it is turned",
                        "tiles {tiles} whichever way they are turned", len(doomed))
        words = _("{clause} ({tiles})").format(clause=words,
                                                tiles=also.format(tiles=_tiles(doomed)))
    return words


def _daikaiju_clause(data: dict[str, Any], me: int, names: Sequence[str]) -> str:
    risk = percent(data["risk"])
    if "nearest" in data:  # a start mark or a relocation
        if data["nearest"] is None:
            return _("no daikaiju is at sea")
        if not risk:
            return ngettext("the nearest daikaiju is {count} square away from it",
                            "the nearest daikaiju is {count} squares away from it",
                            data["nearest"]).format(count=data["nearest"])
        return ngettext("the nearest daikaiju is {count} square away from it (a {risk} "
                        "chance that one comes onto it within a round)",
                        "the nearest daikaiju is {count} squares away from it (a {risk} "
                        "chance that one comes onto it within a round)",
                        data["nearest"]).format(count=data["nearest"], risk=risk)
    if data["worst"] - data["risk"] >= NOTABLE_RISK:
        return _("it keeps your ship clearer of the daikaiju (a {risk} chance that one ends "
                 "it before your next placement, up to {worst} with another placement)").format(
            risk=risk, worst=percent(data["worst"]))
    return _("a daikaiju may still end your ship before your next placement (a {risk} "
             "chance)").format(risk=risk)


def _open_clause(data: dict[str, Any], me: int, names: Sequence[str]) -> str:
    who, square, sides = data["seat"], square_name(data["square"]), data["open_sides"]
    if "mark" in data:  # a start mark's first square
        return ngettext("its first square, {square}, has open water on {count} side",
                        "its first square, {square}, has open water on {count} sides",
                        sides).format(square=square, count=sides)
    if not sides:
        return _("it leaves {ship} facing {square}, hemmed in on every side").format(
            ship=_whose(who, me, names), square=square)
    return ngettext("it leaves {ship} facing {square}, with open water on {count} side",
                    "it leaves {ship} facing {square}, with open water on {count} sides",
                    sides).format(ship=_whose(who, me, names), square=square, count=sides)


def _hand_clause(data: dict[str, Any], me: int, names: Sequence[str]) -> str:
    count, total, before = data["safe_tiles"], data["total"], data["before"]
    if not data["give"]:
        words = ngettext("{count} of your {total} tile can keep your ship afloat from here",
                         "{count} of your {total} tiles can keep your ship afloat from here",
                         total)
    else:
        words = ngettext("then {count} of your {total} tile can keep your ship afloat from "
                         "here ({before} now)",
                         "then {count} of your {total} tiles can keep your ship afloat from "
                         "here ({before} now)", total)
    return words.format(count=count, total=total, before=before)


def _clause(reason: Reason, me: int, names: Sequence[str]) -> str | None:
    """One reason in words (None: a fact the sentence does not say)."""
    kind, data = reason.kind, reason.data
    if kind == "win":
        return _win_clause(data, me, names)
    if kind == "rival_out":
        seats = data["seats"]
        return ngettext("it puts {names}'s ship out", "it puts the ships of {names} out",
                        len(seats)).format(names=and_list(names[s] for s in seats))
    if kind == "only":
        return _("it is the only move the rules allow")
    if kind == "sinks":
        return _sinks_clause(data, me, names)
    if kind == "same_wake":
        return ngettext("{count} placement would make two ships travel the same wake",
                        "{count} placements would make two ships travel the same wake",
                        data["count"]).format(count=data["count"])
    if kind == "safe":
        return _("this one keeps it afloat")
    if kind == "daikaiju":
        return _daikaiju_clause(data, me, names)
    if kind == "open_water":
        return _open_clause(data, me, names)
    if kind == "playouts":
        return _("the playouts give it the best share of the win ({share})").format(
            share=percent(data["share"]))
    if kind == "hand":
        return _hand_clause(data, me, names)
    return None


def state_move_words(state: TsuroState, action: Action) -> str:
    """A legal action of the seat to move in words, as a hint names it (a challenge's
    way to its task, game/web/embed.py): a placement on the square before its ship."""
    ship = state.ships[state.active] if action.kind == "place" else None
    return move_words(action, None if ship is None else ship >> 3)


def hint_words(advice: Advice, names: Sequence[str]) -> str:
    """The advice as one sentence in the language spoken now: the move (the tile, its
    turn and its square; the mark; the tiles swapped) and, after it, its most telling
    reasons (at most CLAUSES). `names`: the seats' names, for the rivals."""
    where = next((r.data["square"] for r in advice.reasons if r.kind == "where"), None)
    move = move_words(advice.action, where)
    clauses = [words for reason in advice.reasons
               if (words := _clause(reason, advice.seat, names)) is not None]
    if not clauses:
        return _("{move}.").format(move=move)
    return _("{move}: {reasons}.").format(move=move, reasons=and_list(clauses[:CLAUSES]))


__all__ = ["Advising", "advise", "coach_seed", "hint_words", "mark_shares", "placement_reasons",
           "state_move_words"]
