"""Tatsu's invariants, written once: what no moment of a game may be, each found as a
Problem (game/core/position.py): the field of a position that shows it, the rule it
breaks, and what is wrong, in words.

`problems(state)` checks them all; TatsuState.problems is it, and the simulator calls it
after every action. position.py refuses a position by the first problem found, calling
the checks of plain values (the dice, the ending, the counts of stones) as soon as the
fields they need are read, and the rest on the state it builds. The usual case (nothing
wrong) is checked with a few table look-ups (layout.py); the words are found only for
what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from operator import itemgetter
from typing import TYPE_CHECKING

from game.core.i18n import N_, _
from game.core.limits import shown
from game.core.position import Problem
from game.tatsu import core
from game.tatsu.arena import (
    BLACK,
    ESCAPE_TAKES_WHOLE_TURN,
    KINDS,
    SEGMENTS,
    STONE_CODE,
    STONE_OF,
    STONES_PER_KIND,
    WHITE,
)
from game.tatsu.layout import (
    ARENA,
    BAD_SEGMENT,
    COUNT_WEIGHT,
    DEAD,
    MAT,
    SEAT_CODES,
    SIZE,
    SLOT_BITS,
    TRAY,
    WON,
    marked,
    slot_weight,
)
from game.tatsu.text import colour_name, colour_names, dice_words, end_words, kind_word

if TYPE_CHECKING:  # (state.py imports this module)
    from game.tatsu.state import TatsuState

# The rules a problem names (anchors on the rules page: game/core/rule_links.py).
SEGMENT_RULE = "D1"  # 24 segments, numbered 0-23
END_RULE = "D6"
COUNT_RULE = "D7"
FIELD_RULE = "moving"  # a stone lands on the inner field of an empty segment; 2 at most
BINDING_RULE = "entangling"  # only a vine sits on an opposing stone
DICE_RULE = "using the dice"

DIE_FACES = core.DIE_FACES
CODES = tuple(tuple(STONE_CODE[seat, kind] for kind in KINDS) for seat in (BLACK, WHITE))
# The boxes of a position, each [{kind: count} of Black, of White], and where a state
# keeps their counts (layout.py): the dead zone of a seat holds its rival's stones.
BOXES = ("trays", "mats", "dead")
BOX_AT = {"trays": (TRAY, 0), "mats": (MAT, 0), "dead": (DEAD, 1)}  # (offset, whose: rival)
NOT_A_STONE_IN = {"trays": N_("the trays hold something that is not a stone"),
                  "mats": N_("the mats hold something that is not a stone"),
                  "dead": N_("the dead hold something that is not a stone")}
# D7 packed (layout.py): every stone of both players, one slot per stone code.
ALL_STONES = sum(count * slot_weight(STONE_CODE[seat, kind]) for seat in (BLACK, WHITE)
                 for kind, count in STONES_PER_KIND.items())
OVER_7 = int.from_bytes(bytes([0xF8] * 8), "little")  # packed counts: any slot above 7
# A position holds the trays, mats and dead zones as three boxes of 8 counts in a row.
BOX_BITS = 8 * SLOT_BITS
SLOTS = (1 << BOX_BITS) - 1
VALID_DICE = {(rolled, left) for rolled in ((a, b) for a in DIE_FACES for b in DIE_FACES)
              for left in ((), (rolled[0],), (rolled[1],), rolled, rolled[::-1])}


# --- of plain values: the position reader calls these as it reads the fields ----------
def ending_problems(winner: int | None, reason: str | None,
                    to_move: int | None) -> list[Problem]:
    """A game is over (nobody to move) exactly when a player has won, and only then
    says why (D6)."""
    if to_move is None and winner is None:
        return [Problem("winners", END_RULE, _("nobody is to move (to_move is null), so the "
                                               "game is over: winners names the seat that "
                                               "won"))]
    if to_move is not None and winner is not None:
        return [Problem("winners", END_RULE, _("a game ends when a player wins: a finished "
                                               "position has to_move null"))]
    if to_move is not None and reason is not None:
        return [Problem("reason", END_RULE, _("only a finished game has a reason"))]
    return []


def dice_problems(rolled: list[int], left: list[int], to_move: int | None) -> list[Problem]:
    """Two dice rolled, each 1 to 6; those left among them; none left once the game is
    over, and one at least while it goes on (a turn ends when its dice are used)."""
    found = _faces("dice", rolled)
    if found:
        return found
    if len(rolled) != 2:
        return [Problem("dice", DICE_RULE, _("a turn rolls two dice, not {count}").format(
            count=len(rolled)))]
    found = _faces("dice_left", left)
    if found:
        return found
    if Counter(left) - Counter(rolled):
        return [Problem("dice_left", DICE_RULE, _("the dice left, {left}, are not among the "
                                                  "dice rolled, {rolled}").format(
            left=dice_list(left), rolled=dice_list(rolled)))]
    if to_move is None and left:
        return [Problem("dice_left", END_RULE, _("the game is over: no die is left to use"))]
    if to_move is not None and not left:
        return [Problem("dice_left", DICE_RULE, _("no die is left: the turn would be over, "
                                                  "and the other player's dice rolled"))]
    return []


def _faces(field: str, dice: list[int]) -> list[Problem]:
    for die in dice:
        if die not in DIE_FACES:
            return [Problem(field, DICE_RULE, _("a die shows 1 to 6, not {die}").format(
                die=die))]
    return []


def dice_list(dice: list[int]) -> str:
    """'3 and 4', or 'none'."""
    return dice_words(dice) or _("none")


def count_problems(here: list[list[int]], boxes: Mapping[str, list[list[int]] | None]
                   ) -> list[Problem]:
    """D7 over counts of stones: `here[seat][k]` of seat's stones of kind KINDS[k] are in
    the arena; `boxes` gives "trays", "mats" and "dead" as a position writes them, [[count
    by kind] of Black, of White] (the dead: the rival's stones each destroyed); the trays
    may be None, for what D7 leaves. Each stone is in the arena, its owner's tray or mat
    or the rival's dead zone, and nowhere else."""
    found = [Problem(f"{name}[{seat}]", COUNT_RULE, _("{count} {kind} dragons: a player has "
                                                      "only {most}").format(
        count=counts[seat][k], kind=kind_word(kind), most=STONES_PER_KIND[kind]))
        for name, counts in boxes.items() if counts is not None
        for seat in (BLACK, WHITE) for k, kind in enumerate(KINDS)
        if counts[seat][k] > STONES_PER_KIND[kind]]
    if found:
        return found
    for seat in (BLACK, WHITE):
        for k in range(len(KINDS)):
            problem = _conserved(seat, k, here, boxes)
            if problem is not None:
                found.append(problem)
    return found


def _conserved(seat: int, k: int, here: list[list[int]],
               boxes: Mapping[str, list[list[int]] | None]) -> Problem | None:
    kind, rival = KINDS[k], 1 - seat
    total = STONES_PER_KIND[kind]
    mats, dead, trays = boxes["mats"], boxes["dead"], boxes["trays"]
    in_arena = here[seat][k]
    on_mat = mats[seat][k] if mats is not None else 0
    gone = dead[rival][k] if dead is not None else 0  # in the rival's dead zone
    words = {"colour": colour_name(seat), "rival": colour_name(rival), "kind": kind_word(kind),
             "total": total, "here": in_arena, "on_mat": on_mat, "gone": gone}
    if in_arena > total:
        return Problem("arena", COUNT_RULE, _("{colour} has more than {total} {kind} dragons: "
                                              "{here} in the arena").format(**words))
    if in_arena + on_mat + gone > total:
        where = f"mats[{seat}]" if in_arena + on_mat > total else f"dead[{rival}]"
        return Problem(where, COUNT_RULE, _("{colour} has more than {total} {kind} dragons: "
                                            "{here} in the arena, {on_mat} on the mat, "
                                            "{gone} in {rival}'s dead zone").format(**words))
    in_tray = total - in_arena - on_mat - gone
    if trays is not None and trays[seat][k] != in_tray:
        given = trays[seat][k]
        return Problem(f"trays[{seat}]", COUNT_RULE, _(
            "{colour} has {count} {kind} dragons, not {total}: {given} in the tray, "
            "{here} in the arena, {on_mat} on the mat, {gone} in {rival}'s dead "
            "zone").format(count=total - in_tray + given, given=given, **words))
    return None


def segment_problems(segments: bytes | bytearray) -> list[Problem]:
    """What lies on the fields of the segments (their bytes, layout.py): stones only, a
    lone stone on the inner field (moving), on an opposing stone only a vine
    (entangling)."""
    if segments.translate(BAD_SEGMENT).count(0) == SEGMENTS:
        return []
    found = []
    for segment in marked(segments, BAD_SEGMENT):
        byte = segments[segment]
        inner, outer = byte & 7, byte >> 3
        field = f"arena[{segment}]"
        if inner not in STONE_OF and inner or outer not in STONE_OF and outer:
            found.append(Problem(field, None, _("segment {segment} holds something that is "
                                                "not a stone").format(segment=segment)))
        elif not inner:
            found.append(Problem(field, FIELD_RULE, _("segment {segment} has a lone stone on "
                                                      "its outer field").format(
                segment=segment)))
        else:
            found.append(Problem(field, BINDING_RULE, _(
                "segment {segment}: an opposing {kind} dragon sits on a stone (only a vine "
                "entangles)").format(segment=segment, kind=kind_word(STONE_OF[outer][1]))))
    return found


# --- of a state -----------------------------------------------------------------------
def problems(state: TatsuState) -> list[Problem]:
    """Every invariant of `state`, the first found first: what lies where
    (structure_problems) and whether the game is over, then the moment (who has won,
    what the player to move can do)."""
    found = structure_problems(state)
    current = state.current
    if current is None or state.position[WON] or state.reason is not None:
        found += ending_problems(state.winner, state.reason, current)
    if found:
        return found  # no point (nor safety) in looking further into a broken state
    return won_problems(state) if current is None else turn_problems(state)


def structure_problems(state: TatsuState) -> list[Problem]:
    """What is physically impossible: the fields of the segments, D7, the winner's byte
    and the dice."""
    p = state.position
    if len(p) != SIZE:
        return [Problem("arena", None, _("the arena or the trays, mats and dead zones have "
                                         "the wrong size"))]
    segments = p[:SEGMENTS]
    found = []
    if segments.translate(BAD_SEGMENT).count(0) != SEGMENTS:
        found += segment_problems(segments)
    # D7: arena + trays + mats + dead zones hold each stone's full number, counted as
    # packed counts (layout.py). No box slot is above 7, so slots cannot spill.
    arena = sum(itemgetter(*segments)(COUNT_WEIGHT))
    boxes = int.from_bytes(p[TRAY:ARENA], "little")  # the trays, mats, dead zones
    trays, mats, dead = boxes & SLOTS, boxes >> BOX_BITS & SLOTS, boxes >> 2 * BOX_BITS
    by_code = arena.to_bytes(8, "little")
    if (arena + trays + mats + dead != ALL_STONES or (trays | mats | dead) & OVER_7
            or sum(by_code[SEAT_CODES[BLACK]]) != p[ARENA + BLACK]
            or sum(by_code[SEAT_CODES[WHITE]]) != p[ARENA + WHITE]):
        found += _stone_count_problems(p)
    if p[WON] > 2:
        found.append(Problem("winners", None, _("the position names winner {winner}, not a "
                                                "seat").format(winner=p[WON])))
    rolled: tuple[int, ...] = tuple(state.rolled)
    left: tuple[int, ...] = tuple(state.dice)
    if (rolled, left) not in VALID_DICE or bool(left) == (state.current is None):
        found += dice_problems(list(rolled), list(left), state.current)
    return found


def _stone_count_problems(p: bytearray) -> list[Problem]:
    """D7 in words (count_problems), and the state's own bookkeeping: no box holds
    what is not a stone, and the count of each seat's stones in the arena is right."""
    here = [[0] * len(KINDS), [0] * len(KINDS)]
    for byte in p[:SEGMENTS]:
        for code in (byte & 7, byte >> 3 & 7):
            if code in STONE_OF:
                here[code >> 2][(code & 3) - 1] += 1
    boxes = {name: [[p[offset + code] for code in CODES[seat ^ whose]]
                    for seat in (BLACK, WHITE)]
             for name, (offset, whose) in BOX_AT.items()}
    found = count_problems(here, boxes)
    for name, (offset, _whose) in BOX_AT.items():
        if p[offset] or p[offset + 4]:
            found.append(Problem(name, None, _(NOT_A_STONE_IN[name])))
    counted = [sum(row) for row in here]
    if counted != list(p[ARENA:WON]):
        found.append(Problem("arena", None, _("{counted} stones are in the arena, not "
                                              "{stored}").format(
            counted=counted, stored=list(p[ARENA:WON]))))
    return found


def won_problems(state: TatsuState) -> list[Problem]:
    """A finished game: its winner meets a winning condition and the loser none (a game
    ends at the first landing that meets one, and only the mover's can), and its reason
    is the winner's."""
    winner = state.winner
    if winner is None:  # (problems() has found this already: nobody to move, nobody won)
        return ending_problems(winner, state.reason, state.current)
    won = state.win_reason(winner)
    if won is None:
        return [Problem("winners", END_RULE, _("{colour} has not won: {rival} still has a "
                                               "stone in battle and a stone of every "
                                               "kind").format(
            colour=colour_name(winner), rival=colour_name(1 - winner)))]
    if state.win_reason(1 - winner) is not None:
        return [Problem("winners", END_RULE, _("both players meet a winning condition, but "
                                               "the game ends at the first landing that "
                                               "meets one"))]
    if state.reason != won:
        return [Problem("reason", END_RULE, _("{colour} won because {reason}, not "
                                              "{value}").format(
            colour=colour_name(winner), reason=repr(won), value=shown(state.reason)))]
    return []


def turn_problems(state: TatsuState) -> list[Problem]:
    """A game going on: nobody has won (D6 is checked after every landing), and the
    player to move can do something with the dice left (an unusable second die is
    forfeited at once: AUTO_FORFEIT_SECOND_DIE), a pass or an escape only with both."""
    p = state.position
    if not core.nobody_has_won(p):
        for seat in (BLACK, WHITE):
            reason = state.win_reason(seat)
            if reason is not None:
                destroyed = core.wiped_out(p, 1 - seat) is not None
                return [Problem(f"dead[{seat}]" if destroyed else "arena", END_RULE, _(
                    "{colour} has already won ({why}): the game ends at the landing that "
                    "wins it").format(colour=colour_name(seat),
                                      why=end_words(reason, seat, colour_names())))]
    legal = state._legal_list()
    if not legal and state.used:
        return [Problem("dice_left", DICE_RULE, _("the {die} left cannot be used, so the "
                                                  "turn would be over").format(
            die=state.dice[0]))]
    if not legal:
        return [Problem("dice_left", DICE_RULE, _("a player is to move but has no legal "
                                                  "action"))]
    if (len(state.dice) == 1 and ESCAPE_TAKES_WHOLE_TURN
            and legal[-1].kind not in ("move", "enter")):
        return [Problem("dice_left", DICE_RULE, _("a pass or an escape is offered after a "
                                                  "die was used"))]
    return []


__all__ = ["BINDING_RULE", "COUNT_RULE", "DICE_RULE", "END_RULE", "FIELD_RULE",
           "SEGMENT_RULE", "count_problems", "dice_list", "dice_problems", "ending_problems",
           "problems", "segment_problems", "structure_problems", "turn_problems",
           "won_problems"]
