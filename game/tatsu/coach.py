"""The coach at the table for Tatsu (issue 40): the hard bot's choice, and why.

    advise(state, played=None) -> Generator[None, None, Advice]
    hint_words(advice, names) -> one sentence in the language spoken now
    state_move_words(state, action) -> a legal action of the seat to move in words
    share(evaluation) -> an evaluation as a share of the win (0..1)

`advise` answers the decision of the seat to move (`state.to_move`) as the hard bot
(bots/search.py) would: its own search (`compare`) over the seat's whole turns from the
dice left, run in the same slices (it yields after every ROLLS_PER_SLICE of the rival's
rolls, as HardBot.think does), so `advice.action` is the action `HardBot(seat, seed)`
plays on the same state (its seed plays no part: the search enumerates the rolls, reads
no clock and no dice generator). `advice.turn` is the whole turn planned: the action,
then the other die's action when the turn has one (the bot's plan). With one legal
action, that action is advised without comparing actions; the rest of its turn and its
value come from the same search over the turns it begins. Where the bot needs no search
(a single end of the turn, or one legal action) the coach still values the turn: a few
slices more than the bot's none; a win at once needs none.

Values are shares of the win for the seat to move, 0..1. The search values a turn by
the expected evaluation after the rival's best reply to each of the 21 rolls (bots/eval.py,
for the seat, to roll next); the coach maps each roll's evaluation onto 0..1 with
`share`, a logistic of scale SCALE (a win 1, a loss 0), and averages over the rolls with
their probabilities: the expected share. The map is monotone in every roll's evaluation,
and a win at once is worth 1. The choice stays the search's, by the expected evaluation,
which counts a reply that wins at once as -WIN: it may prefer a turn that leaves the
rival no such reply to one whose expected share is a little higher (the "search" reason
then says so), and a near tie may go either way.

`best_value` is the advised turn's share. With `played` (one of the legal actions),
`played_value` is the share of the best whole turn that begins with it under the same
search: the best (by expected evaluation) of the candidates the search valued whose
position that action can reach in one turn; when the search valued none, the search is
run over the turns that begin with it (a winning one first, else the evaluation's best
CANDIDATES). When `played` is the advised action, `played_value == best_value`. A turn
the search never looked at may be worth more than the advice: the cost is then 0.

Reasons (`Reason(kind, data)`, plain JSON data; seats 0 Black, 1 White; segments 0-23;
"step": the index in `advice.turn` of the action that does it; chances and shares rounded
to 4 decimals), most telling first:

- "win": {"seat": seat, "reason": the game's end reason, as TatsuState.win_reason gives
  it ("destroyed all fire dragons", "no stone left in battle")}: the turn wins the game.
- "only": {}: the only legal action.
- "destroy", "expel", "entangle" (the dragons' powers): {"step", "kind": the moving
  stone's kind, "seat": the victim's seat, "victim": its kind, "segment": where, "last":
  (destroy) whether it was the victim's last stone of that kind}: the turn's landing
  destroys an enemy stone (fire), sends it back to its tray (water) or entangles it
  (vine).
- "free": {"step", "kind", "segment": where it was entangled, "to": where it lands, "die",
  "forfeit": [the other die]}: the turn is an escape: it frees the seat's entangled stone
  from the vine (a whole turn: the other die is forfeited).
- "safe": {"kind", "from": its segment before the turn, "segment": after, "before",
  "after": the chance that the rival's next roll lands a dragon on it, before and after
  the turn}: a stone of the seat's in danger before (a chance of THREAT or more) is out of
  danger after, or in half the danger or less (moved away, or held under its own stone).
  The one that matters most (kind and chance).
- "threat": {"kind", "segment", "chance": the chance that the rival's next roll lands a
  dragon on it, "power": the worst that may happen ("destroy" or "expel"), "power_chance":
  its chance}: a stone of the seat's left in danger after the turn (a chance of THREAT or
  more to be destroyed or expelled): the one that matters most.
- "recruit": {"step", "kind", "segment"}: a landing on a corner recruits a stone of that
  kind from the tray to the mat.
- "search": {"share": the advised turn's share, "second": the next best candidate's (by
  the search's expected evaluation), "loss", "second_loss": the chance that the rival's
  reply wins at once after each, "candidates": how many turns were searched}: what the
  look-ahead found (given when it compared two or more turns). The search counts a loss
  as the evaluation's -WIN, so it prefers the turn that leaves the rival the least
  chance to win at once even where the shares would rank another a little higher.
- "move": {"steps": [{"action": the action's JSON, "kind", "from": [segment, field] or
  ["mat", kind], "to": [segment, field], "die"}, ...]} (a pass: {"action", "kind": "",
  "from": ["", ""], "to": [-1, ""], "die": 0}): the turn's actions as they go, for the
  sentence (no reason of its own; always last).

Danger is the evaluation's own reading (bots/eval.py): a lone stone can be landed on by
the rival's free stones and entries, by one die or by one stone using both dice.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from math import exp
from typing import Any

from game.core.actions import Action
from game.core.coach import Advice, Reason
from game.core.i18n import _
from game.core.words import and_list, percent
from game.tatsu.arena import INNER, KIND_OF, SEGMENTS, STONE_CODE
from game.tatsu.bots.eval import BIT, ENTRY_BIT, HIT, WIN, turn_of
from game.tatsu.bots.model import whole_turns
from game.tatsu.bots.search import (
    CANDIDATES,
    HARD_WEIGHTS,
    REPLY_WEIGHTS,
    Compared,
    Outcomes,
    compare,
    expected_value,
)
from game.tatsu.core import ENDS_TURN, play, wiped_out
from game.tatsu.layout import DEAD, FIRE, TOTAL, VINE, WATER, WON
from game.tatsu.layout import MAT as ON_MAT
from game.tatsu.state import TatsuState
from game.tatsu.svg import Step, Stone, move_words, turn_steps, turn_words
from game.tatsu.text import colour_name, kind_word, segment_name

# The logistic's scale, in evaluation points: share(e) = 1 / (1 + exp(-e / SCALE)). Fitted
# by maximum likelihood on the evaluation at the start of each turn (the player to move
# to roll, as the search evaluates) against who won, over 8264 turns of 100 games between
# hard bots (seeds 5000-5099, who starts rolled): the best scale was 40 (log loss 0.518;
# 0.522 at 50, 0.546 at 80). `python -m lab.bench_coach_tatsu --fit 100` fits it again.
SCALE = 40.0
THREAT = 0.15  # a chance of a hit worth saying (safe, threat)
CLAUSES = 3  # reasons said in a hint, at most
POWERS = ("destroy", "expel", "entangle")

Advising = Generator[None, None, Advice]
Turns = list[tuple[bytearray, tuple[Action, ...]]]


def share(evaluation: float) -> float:
    """An evaluation (for the player to roll) as a share of the win: a logistic of
    scale SCALE, a win 1 and a loss 0."""
    if evaluation >= WIN:
        return 1.0
    if evaluation <= -WIN:
        return 0.0
    return 1 / (1 + exp(-evaluation / SCALE))


def _loss(outcomes: Outcomes) -> float:
    """The chance that the rival's reply wins the game at once."""
    return sum((chance for chance, value in outcomes if value <= -WIN), 0.0)


def expected_share(outcomes: Outcomes) -> float:
    """The share of the win over the rolls: [(probability, evaluation)]."""
    return min(1.0, max(0.0, sum(chance * share(value) for chance, value in outcomes)))


# --- the search ------------------------------------------------------------------------------
def _rest(dice: Sequence[int], action: Action) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(action.args[1])
    return tuple(rest)


def turns_beginning(p: bytearray, seat: int, dice: Sequence[int], action: Action) -> Turns:
    """Every distinct end of `seat`'s turn that begins with `action` (a legal one), as
    bots.model.whole_turns gives them: [(position, moves)]."""
    q = play(p, seat, action)
    if q[WON] or len(dice) == 1 or action.kind in ENDS_TURN:
        return [(q, (action,))]
    rest = whole_turns(q, seat, _rest(dice, action), False)
    return [(r, (action, *moves)) for r, moves in rest] or [(q, (action,))]


def _share_of(found: Compared, index: int, seat: int) -> Generator[None, None, float]:
    """The share of the win of the `index`-th turn of `found` (its rolls valued now when
    the search did not value them: a single turn)."""
    if found.won:
        return 1.0
    if found.values:
        return expected_share(found.outcomes[index])
    outcomes: Outcomes = []
    yield from expected_value(found.turns[index][0], seat, HARD_WEIGHTS, REPLY_WEIGHTS,
                              outcomes)
    return expected_share(outcomes)


def _search(turns: Turns, seat: int) -> Generator[None, None, Compared]:
    return compare(turns, seat, HARD_WEIGHTS, REPLY_WEIGHTS, CANDIDATES, keep_outcomes=True)


def _played_share(found: Compared, p: bytearray, seat: int, dice: Sequence[int],
                  played: Action) -> Generator[None, None, float]:
    """The share of the best turn beginning with `played` under the same search."""
    ends = turns_beginning(p, seat, dice, played)
    if found.values:
        keys = {bytes(q) for q, _moves in ends}
        known = [(value, index) for index, ((q, _moves), value)
                 in enumerate(zip(found.turns, found.values)) if bytes(q) in keys]
        if known:  # the best of those the search valued (the first of equals)
            best = max(known, key=lambda pair: (pair[0], -pair[1]))[1]
            return (yield from _share_of(found, best, seat))
    elif not found.won:  # a single end of the turn, whatever is played
        return (yield from _share_of(found, 0, seat))
    own = yield from _search(ends, seat)
    return (yield from _share_of(own, own.choice, seat))


# --- what the turn does: the reasons ---------------------------------------------------------
def _hits(p: bytearray, victim: int) -> dict[int, tuple[int, float, float, float]]:
    """{segment: (code, destroy, expel, entangle)} for each lone stone of `victim`: the
    chances that the rival's next roll lands a fire dragon on it, else a water dragon,
    else a vine (the evaluation's reading: bots/eval.py)."""
    rival = 1 - victim
    strikers = []
    for segment in range(SEGMENTS):
        byte = p[segment]
        if byte and byte < 8 and byte >> 2 == rival:
            strikers.append((segment, byte & 3))
        elif byte >= 8 and byte >> 5 == rival:
            strikers.append((segment, byte >> 3 & 3))
    hit = HIT[HARD_WEIGHTS.reach]
    bits, entry_bits, base = BIT[rival], ENTRY_BIT[rival], ON_MAT + 4 * rival
    found = {}
    for segment in range(SEGMENTS):
        code = p[segment]
        if not code or code >= 8 or code >> 2 != victim:
            continue
        masks = {VINE: 0, WATER: 0, FIRE: 0}
        for origin, kind in strikers:
            masks[kind] |= bits[origin][segment]
        for kind in (VINE, WATER, FIRE):
            if p[base + kind]:
                masks[kind] |= entry_bits[segment]
        fire = hit[masks[FIRE]]
        water = hit[masks[FIRE] | masks[WATER]]
        vine = hit[masks[FIRE] | masks[WATER] | masks[VINE]]
        found[segment] = (code, fire, water - fire, vine - water)
    return found


def _weight(code: int, destroy: float, expel: float, entangle: float) -> float:
    """How much a stone's danger matters, to choose the one to name."""
    return HARD_WEIGHTS.arena[code & 3] * (3 * destroy + expel + 0.3 * entangle)


def _danger_reasons(p: bytearray, seat: int, steps: Sequence[Step]) -> list[Reason]:
    """"safe" and "threat": the seat's stones taken out of danger, or left in it."""
    after = steps[-1].after
    before_hits, after_hits = _hits(p, seat), _hits(after, seat)
    # where each lone stone is as the turn goes: (segment, field), from its segment before
    where: dict[int, Stone] = {segment: (segment, INNER) for segment in before_hits}
    for step in steps:
        for origin, place in where.items():
            if place == step.start:
                where[origin] = (step.segment, step.field)
    reasons = []
    safe = []
    for origin, (code, *chances) in before_hits.items():
        before = sum(chances)
        segment, field = where[origin]
        hits = after_hits.get(int(segment)) if field == INNER else None
        left = sum(hits[1:]) if hits is not None and hits[0] == code else 0.0
        if before >= THREAT and left <= before / 2:
            safe.append((_weight(code, *chances), origin, code, before, left))
    if safe:
        _weight_of, origin, code, before, left = max(safe)
        reasons.append(Reason("safe", {"kind": KIND_OF[code], "from": origin,
                                       "segment": where[origin][0], "before": round(before, 4),
                                       "after": round(left, 4)}))
    threats = [(_weight(code, *chances), segment, code, chances)
               for segment, (code, *chances) in after_hits.items()
               if chances[0] + chances[1] >= THREAT]
    if threats:
        _weight_of, segment, code, chances = max(threats)
        worst = 0 if chances[0] else 1  # destroy, else expel
        reasons.append(Reason("threat", {
            "kind": KIND_OF[code], "segment": segment, "chance": round(sum(chances), 4),
            "power": POWERS[worst], "power_chance": round(chances[worst], 4)}))
    return reasons


def _win_reason(q: bytearray, seat: int) -> Reason:
    kind = wiped_out(q, 1 - seat)
    why = "no stone left in battle" if kind is None else f"destroyed all {kind} dragons"
    return Reason("win", {"seat": seat, "reason": why})


def _step_data(step: Step) -> dict[str, Any]:
    die = step.action.args[1] if step.action.args else 0
    return {"action": step.action.to_json(), "kind": step.kind, "from": list(step.start),
            "to": [step.segment, step.field], "die": die}


def turn_reasons(p: bytearray, seat: int, dice: Sequence[int], first: bool,
                 turn: Sequence[Action], only: bool = False) -> list[Reason]:
    """Why play `turn` (legal actions of `seat` from `p` with `dice` left), from what
    its landings do and the dangers the evaluation reads, most telling first (the module
    text lists them; "search" is added by advise)."""
    steps = turn_steps(p, seat, dice, turn, first)
    end = steps[-1].after
    reasons = [_win_reason(end, seat)] if end[WON] == 1 + seat else []
    if only:
        reasons.append(Reason("only"))
    for index, step in enumerate(steps):
        if step.acted in POWERS and step.victim is not None:
            rival, victim = step.victim
            data = {"step": index, "kind": step.kind, "seat": rival, "victim": victim,
                    "segment": step.segment}
            if step.acted == "destroy":
                code = STONE_CODE[rival, victim]
                data["last"] = step.after[DEAD + code] == TOTAL[code & 3]
            reasons.append(Reason(step.acted, data))
    for index, step in enumerate(steps):
        if step.action.kind == "escape":
            reasons.append(Reason("free", {
                "step": index, "kind": step.kind, "segment": step.start[0],
                "to": step.segment, "die": step.action.args[1],
                "forfeit": list(_rest(dice, step.action))}))
    if not end[WON]:
        reasons.extend(_danger_reasons(p, seat, steps))
    for index, step in enumerate(steps):
        if step.recruit:
            reasons.append(Reason("recruit", {"step": index, "kind": step.recruit,
                                              "segment": step.segment}))
    reasons.append(Reason("move", {"steps": [_step_data(step) for step in steps]}))
    return reasons


# --- the advice ------------------------------------------------------------------------------
def advise(state: TatsuState, played: Action | None = None) -> Advising:
    """The coach's advice for the decision of the seat to move (see the module text): a
    generator that yields between slices of the search and returns the Advice. `played`
    (one of the legal actions) is valued too; anything else raises ValueError, as does a
    game that is over."""
    if state.to_move is None:
        raise ValueError("the game is over: there is nothing to advise")
    actions = state.legal_actions()
    if played is not None and played not in actions:
        raise ValueError(f"{played!r} is not a legal action now")
    p, seat, dice, first = turn_of(state)
    only = len(actions) == 1
    turns = turns_beginning(p, seat, dice, actions[0]) if only else whole_turns(
        p, seat, dice, first)
    found = yield from _search(turns, seat)
    turn = found.moves
    best_value = yield from _share_of(found, found.choice, seat)
    played_value = None
    if played is not None:
        played_value = best_value if played == turn[0] else (
            yield from _played_share(found, p, seat, dice, played))
    reasons = turn_reasons(p, seat, dice, first, turn, only)
    if not only and len(found.values) > 1:
        ranked = sorted(range(len(found.values)), key=lambda i: (-found.values[i], i))
        second = next(i for i in ranked if i != found.choice)
        reasons.insert(len(reasons) - 1, Reason("search", {
            "share": round(best_value, 4),
            "second": round(expected_share(found.outcomes[second]), 4),
            "loss": round(_loss(found.outcomes[found.choice]), 4),
            "second_loss": round(_loss(found.outcomes[second]), 4),
            "candidates": len(found.values)}))
    return Advice(seat=seat, action=turn[0], turn=turn, best_value=best_value,
                  reasons=tuple(reasons), played=played, played_value=played_value)


# --- the hint in words -----------------------------------------------------------------------

def _power_clause(kind: str, data: dict[str, Any]) -> str:
    words = {"rival": colour_name(data["seat"]), "victim": kind_word(data["victim"]),
             "segment": segment_name(data["segment"])}
    if kind == "destroy":
        if data.get("last"):
            return _("it destroys {rival}'s last {victim} dragon, on {segment}").format(**words)
        return _("it destroys {rival}'s {victim} dragon on {segment}").format(**words)
    if kind == "expel":
        return _("it expels {rival}'s {victim} dragon on {segment} to its tray").format(**words)
    return _("it entangles {rival}'s {victim} dragon on {segment}").format(**words)


def _threat_clause(data: dict[str, Any], me: int) -> str:
    words = {"kind": kind_word(data["kind"]), "segment": segment_name(data["segment"]),
             "rival": colour_name(1 - me), "chance": percent(data["power_chance"])}
    if data["power"] == "destroy":
        return _("it leaves your {kind} dragon on {segment} within reach of {rival}'s fire "
                 "(a {chance} chance that the next roll destroys it)").format(**words)
    return _("it leaves your {kind} dragon on {segment} within reach of {rival}'s water "
             "(a {chance} chance that the next roll expels it)").format(**words)


def _safe_clause(data: dict[str, Any], me: int) -> str:
    words = {"kind": kind_word(data["kind"]), "rival": colour_name(1 - me),
             "before": percent(data["before"]), "after": percent(data["after"])}
    if not words["after"]:
        return _("it takes your {kind} dragon out of {rival}'s reach (it could be hit with "
                 "a {before} chance)").format(**words)
    return _("it makes your {kind} dragon safer from {rival}'s next roll (a {after} "
             "chance of a hit, from {before})").format(**words)


def _clause(reason: Reason, me: int) -> str | None:
    """One reason in words (None: a fact the sentence does not say)."""
    kind, data = reason.kind, reason.data
    if kind == "win":
        return _("it wins the game")
    if kind == "only":
        return _("it is the only move the rules allow")
    if kind in POWERS:
        return _power_clause(kind, data)
    if kind == "free":
        if not data["forfeit"]:
            return _("it frees your {kind} dragon").format(kind=kind_word(data["kind"]))
        return _("it frees your {kind} dragon, at the cost of the {die} (escaping takes the "
                 "whole turn)").format(kind=kind_word(data["kind"]), die=data["forfeit"][0])
    if kind == "safe":
        return _safe_clause(data, me)
    if kind == "search":
        return _search_clause(data, me)
    return None


def _search_clause(data: dict[str, Any], me: int) -> str:
    words = {"rival": colour_name(1 - me), "share": percent(data["share"]),
             "second": percent(data["second"]), "loss": percent(data["loss"]),
             "second_loss": percent(data["second_loss"])}
    if data["share"] >= data["second"]:
        return _("looking ahead to {rival}'s every roll, it keeps the best share of the "
                 "win: {share} (the next best turn: {second})").format(**words)
    if data["loss"] < data["second_loss"]:
        return _("looking ahead to {rival}'s every roll, it gives {rival} the least chance "
                 "to win at once: {loss} (the next best turn: {second_loss})").format(**words)
    return _("looking ahead to {rival}'s every roll, the search rates it best (a {share} "
             "share of the win)").format(**words)


def _recruit_clause(reasons: Sequence[Reason]) -> str:
    """The turn's recruits in one clause: "it recruits a fire dragon and a vine dragon"."""
    dragons = [_("a {kind} dragon").format(kind=kind_word(r.data["kind"])) for r in reasons]
    return _("it recruits {dragons} to your mat").format(dragons=and_list(dragons))


def _said_steps(advice: Advice) -> list[Step]:
    """The turn's steps as the "move" reason keeps them (what the sentence needs)."""
    data: dict[str, Any] = next((r.data for r in advice.reasons if r.kind == "move"),
                                {"steps": []})
    steps = []
    for said in data["steps"]:
        start = tuple(said["from"])
        steps.append(Step(Action.from_json(said["action"]), advice.seat, said["kind"],
                          (start[0], start[1]), said["to"][0], said["to"][1], "", None, "",
                          bytearray(), bytearray()))
    return steps


def hint_words(advice: Advice, names: Sequence[str]) -> str:
    """The advice as one sentence in the language spoken now: the turn from
    `advice.action` on (each stone, its die and its landing), its most telling reasons
    after it, and a stone it leaves in danger last, as a warning ("..., but it leaves
    your fire dragon on segment 8 within reach of White's fire ..."): CLAUSES in all at
    most; the reasons of an action already played are left out (the page's hint after
    the first die of an advised turn). Stones are named by their colours, as the game's
    log names them; `names` (the seats' names) is the coaches' common signature."""
    steps = _said_steps(advice)
    begin = next((i for i, step in enumerate(steps) if step.action == advice.action), 0)
    move = turn_words(steps[begin:]) if steps else str(advice.action)
    said = [reason for reason in advice.reasons if reason.data.get("step", begin) >= begin]
    recruits = [reason for reason in said if reason.kind == "recruit"]
    clauses, warning = [], None
    for reason in said:
        if reason.kind == "threat":
            warning = _threat_clause(reason.data, advice.seat)
        elif reason.kind == "recruit":
            if reason is recruits[0]:
                clauses.append(_recruit_clause(recruits))
        elif (words := _clause(reason, advice.seat)) is not None:
            clauses.append(words)
    clauses = clauses[:CLAUSES - (warning is not None)]
    if warning is None:
        if not clauses:
            return _("{move}.").format(move=move)
        return _("{move}: {reasons}.").format(move=move, reasons=and_list(clauses))
    if not clauses:
        return _("{move}, but {warning}.").format(move=move, warning=warning)
    return _("{move}: {reasons}, but {warning}.").format(move=move, reasons=and_list(clauses),
                                                        warning=warning)


def state_move_words(state: TatsuState, action: Action) -> str:
    """A legal action of the seat to move in words, as a hint names it (a challenge's
    way to its task, game/web/embed.py). ValueError for an action not legal now."""
    p, seat, dice, first = turn_of(state)
    steps = turn_steps(p, seat, dice, [action], first)
    if not steps:
        raise ValueError(f"{action!r} is not a legal action now")
    return move_words(steps[0])


__all__ = ["SCALE", "Advising", "advise", "expected_share", "hint_words", "share",
           "state_move_words", "turn_reasons", "turns_beginning"]
