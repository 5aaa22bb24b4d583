"""Tatsu positions: one moment of a game as plain JSON, and as a short text for URLs.

The format (version 1 of game/core/position.py's envelope) is documented for players
and authors in docs/rules-tatsu.md, section "Positions"; in short:

    {"game": "tatsu", "version": 1,
     "to_move": 0,                 # the seat to move: 0 Black, 1 White; null once over
     "turn": 12,                   # how many turns have begun (default 1)
     "dice": [3, 4],               # the two dice rolled this turn, in order
     "dice_left": [4],             # the dice not used yet (default: all of them)
     "arena": {"5": ["Bf"], "7": ["Wf", "Bv"]},  # segment -> [inner] or [inner, outer]
     "trays": [{"vine": 1}, {}],   # per seat {kind: count} (default: what D7 leaves)
     "mats": [{}, {"fire": 1}],    # per seat (default: empty)
     "dead": [{"water": 2}, {}],   # per seat: the OPPONENT's stones it destroyed
     "winners": [], "reason": null,  # once over: [the winning seat], the reason code
     "seed": 0}                    # the dice after this moment come from this seed

A stone is "B" or "W" (its player) then "v", "w" or "f" (vine, water, fire). The text
form writes the same position as `arena_play_mats_dead_turn[_seed]`, for example
"1VVV9vvv8_b34_-_-_1" (the arena run-length encoded like a chess FEN rank, Black's
stones in upper case); its grammar is in the rules page and in _parse_text below.

- `TatsuState.from_position(p)` (build here) reads a dict, JSON text or the text form
  and refuses an impossible position with a PositionError naming the field ("arena[5]",
  "dice_left", "text") and the rule ("D7", "moving", "using the dice", ...): the form of
  each field is checked here, the rules by Tatsu's invariants (invariants.py), the very
  checks the state answers to after every action.
- `state.to_position()` (from_state here) gives the canonical JSON form; `normalize`,
  `to_text` and `from_text` convert between the forms (each validates).
- `comparable(state)`: what a position determines, to compare a state with the one
  rebuilt from its position (everything but the history, the seed, the generator
  and the config, which only says who started).

A state built from a position has no history, so it cannot be saved as a record
(RecordError): its past is unknown.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.core.i18n import _
from game.core.limits import shown
from game.core.position import (
    REQUIRED,
    PositionError,
    envelope,
    parse_json,
    refuse,
    text_within_limits,
)
from game.core.rng import SEED_SAFE, SeedTextError, check_seed, new_rng, seed_text, text_seed
from game.tatsu import GAME as DESCRIPTION
from game.tatsu.arena import (
    BLACK,
    DEFAULT_FIRST,
    KINDS,
    SEGMENTS,
    STONE_CODE,
    STONES_PER_KIND,
    WHITE,
)
from game.tatsu.invariants import (
    BOXES,
    FIELD_RULE,
    SEGMENT_RULE,
    count_problems,
    dice_problems,
    ending_problems,
)
from game.tatsu.layout import ARENA, DEAD, MAT, SIZE, TRAY, WON
from game.tatsu.text import kind_word

if TYPE_CHECKING:  # (state.py imports this module inside its methods)
    from collections.abc import Callable

    from game.tatsu.state import TatsuState

GAME = DESCRIPTION.key  # TatsuState.GAME, "tatsu"
# Each field of a Tatsu position and its default (game/core/position.py: parse_json).
# None: worked out from the other fields (dice_left: the dice; trays: D7; reason: the
# winner's); mats and dead: empty.
FIELDS = {
    "to_move": REQUIRED, "turn": 1, "dice": REQUIRED, "dice_left": None,
    "arena": REQUIRED, "trays": None, "mats": None, "dead": None,
    "winners": (), "reason": None, "seed": 0,
}
MAX_TURN = 999_999_999  # a turn number has at most 9 digits
# The rules a refusal names are invariants.py's (SEGMENT_RULE, FIELD_RULE, ...), as are
# the checks of what the fields say together: each is written there once.

# JSON stone codes: "Bv" = Black vine ... "Wf" = White fire.
KIND_LETTERS = {"vine": "v", "water": "w", "fire": "f"}
CODE_OF = {"BW"[seat] + KIND_LETTERS[kind]: code for (seat, kind), code in STONE_CODE.items()}
NAME_OF = {code: name for name, code in CODE_OF.items()}
# Text letters: V W F Black's, v w f White's.
LETTER_OF = {code: (name[1].upper() if name[0] == "B" else name[1])
             for name, code in CODE_OF.items()}
CODE_OF_LETTER = {letter: code for code, letter in LETTER_OF.items()}
SEAT_CODES = tuple(tuple(STONE_CODE[seat, kind] for kind in KINDS) for seat in (BLACK, WHITE))
SEGMENT_KEY = re.compile(r"0|[1-9][0-9]?")
SIDES = "bw"  # the text form's players: b Black, w White
DIGITS = "0123456789"
DIE_CHARACTERS = "123456"
SEPARATOR = "_"
WON_MARK = "!"
LEFT_MARK = "-"
NONE_MARK = "-"
# Every character of the text form: unreserved or sub-delims in RFC 3986, and left as
# they are by JavaScript's encodeURIComponent, so a link carries the text unchanged.
TEXT_CHARACTERS = frozenset("VWFvwf0123456789()_-!~*.bw" + "".join(SEED_SAFE))


# --- reading a position -------------------------------------------------------------
def build(cls: type[TatsuState], position: object) -> TatsuState:
    """The state (of class `cls`, a TatsuState) at `position`: a dict, JSON text or the
    text form (told apart by the first non-space character: "{" for JSON). Anything
    impossible raises PositionError and builds nothing: first the form of each field,
    then Tatsu's invariants (invariants.py), each as soon as the fields it reads are."""
    fields = parse_json(_json_form(position), GAME, FIELDS)
    seed = _seed(fields["seed"])
    to_move = _to_move(fields["to_move"])
    turn = _turn(fields["turn"])
    dice = _die_list(fields["dice"], "dice")
    winner, reason = _ending(fields["winners"], fields["reason"])
    refuse(ending_problems(winner, reason, to_move))
    left = fields["dice_left"]
    if left is None:
        left = list(dice) if to_move is not None else []
    left = _die_list(left, "dice_left")
    refuse(dice_problems(dice, left, to_move))
    p = bytearray(SIZE)  # layout.py
    here = _arena(fields["arena"], p)
    boxes = {name: _box(fields[name], name) for name in BOXES}
    refuse(count_problems(here, boxes))
    _fill_boxes(p, here, boxes)

    state = cls({"first": DEFAULT_FIRST}, seed)
    state.rng = new_rng(seed)
    state.position = p
    state.current = to_move
    state.rolled = tuple(dice)
    state.dice = list(dice) if len(left) == 2 else left  # both left: in the order rolled
    state.turn = turn
    state.history = []
    state.setup_events = []
    state.built_from_position = True
    state._legal = None
    state._rng_state = None
    if winner is not None:  # over: the winner's, checked with the rest
        p[WON] = 1 + winner
    state.reason = reason if reason is not None or winner is None else state.win_reason(winner)
    refuse(state.problems())
    return state


def _json_form(position: object) -> object:
    """The position as parse_json reads it: text forms parsed, bytes decoded."""
    if isinstance(position, bytes):
        try:
            position = position.decode()
        except UnicodeDecodeError:
            raise PositionError("position", _("not UTF-8 text")) from None
    if isinstance(position, str) and not position.lstrip().startswith("{"):
        text_within_limits(position)
        position = _parse_text(position)
    return position


def _seed(seed: object) -> int | str:
    """The seed of the dice to come, by the one rule of game/core/rng.py."""
    try:
        return check_seed(seed)
    except ValueError as err:
        raise PositionError("seed", str(err)) from None


def _to_move(to_move: object) -> int | None:
    if to_move is None or type(to_move) is int and to_move in (BLACK, WHITE):
        return to_move
    raise PositionError("to_move", _("the seat to move is 0 (Black) or 1 (White), or null "
                                     "once the game is over, not {value}").format(
        value=shown(to_move)))


def _turn(turn: object) -> int:
    if type(turn) is not int or not 1 <= turn <= MAX_TURN:
        raise PositionError("turn", _("the turn is a whole number from 1 to {most}, not "
                                      "{value}").format(most=MAX_TURN, value=shown(turn)))
    return turn


def _die_list(value: object, field: str) -> list[int]:
    """At most two whole numbers (what they may be is invariants.dice_problems')."""
    if not isinstance(value, (list, tuple)) or len(value) > 2 or not all(
            type(die) is int for die in value):
        raise PositionError(field, _("a list of at most {most} dice, not {value}").format(
            most=2, value=shown(value)))
    return list(value)


def _ending(winners: object, reason: object) -> tuple[int | None, str | None]:
    """The seat that won (None while the game goes on) and the reason given."""
    if not isinstance(winners, (list, tuple)) or len(winners) > 1 or not all(
            type(seat) is int and seat in (BLACK, WHITE) for seat in winners):
        raise PositionError("winners", _("the seat that won, as a list ([0] or [1]; [] while "
                                         "the game goes on), not {value}").format(
            value=shown(winners)))
    if reason is not None and type(reason) is not str:
        raise PositionError("reason", _("the reason a game ended is a text, not "
                                        "{value}").format(value=shown(reason)))
    return (winners[0] if winners else None), reason


def _arena(arena: object, p: bytearray) -> list[list[int]]:
    """Put the stones of `arena` into `p`; return how many of each kind of each seat
    are there ([count by kind] of Black, of White)."""
    if not isinstance(arena, dict):
        raise PositionError("arena", _('the arena is an object from segment numbers ("0" to '
                                       '"23") to their stones, not {value}').format(
            value=shown(arena)))
    counts = [0] * 8
    for key, stones in arena.items():
        if type(key) is not str or not SEGMENT_KEY.fullmatch(key) or int(key) >= SEGMENTS:
            raise PositionError("arena", _('segments are numbered "0" to "23", not '
                                           '{value}').format(value=shown(key)), SEGMENT_RULE)
        codes = _segment(stones, f"arena[{key}]")
        for code in codes:
            if code:
                counts[code] += 1
                p[ARENA + (code >> 2)] += 1
        p[int(key)] = codes[0] + 8 * (codes[1] if len(codes) == 2 else 0)
    return [[counts[code] for code in SEAT_CODES[seat]] for seat in (BLACK, WHITE)]


def _segment(stones: object, field: str) -> list[int]:
    """The stone codes of one segment, inner first (0: an empty inner field, which
    invariants.segment_problems refuses)."""
    if isinstance(stones, str):
        stones = [stones]  # a lone stone may be written without its list
    if not isinstance(stones, (list, tuple)) or not 1 <= len(stones) <= 2:
        raise PositionError(field, _("a segment holds one or two stones: [inner] or "
                                     "[inner, outer], not {value}").format(
            value=shown(stones)), FIELD_RULE)
    codes = []
    for number, stone in enumerate(stones):
        if stone is None and number == 0 and len(stones) == 2:
            codes.append(0)
        elif isinstance(stone, str) and stone in CODE_OF:
            codes.append(CODE_OF[stone])
        else:
            raise PositionError(field, _('{value} is not a stone: a stone is B or W then v, '
                                         'w or f, like "Bf"').format(value=shown(stone)))
    return codes


def _box(boxes: object, name: str) -> list[list[int]] | None:
    """[{kind: count} of Black, of White] as [count by kind] per seat, or None."""
    if boxes is None:
        return None
    if not isinstance(boxes, (list, tuple)) or len(boxes) != 2 or not all(
            isinstance(box, dict) for box in boxes):
        raise PositionError(name, _("{name} is a list of two objects, Black's then White's, "
                                    "of {{kind: count}}, not {value}").format(
            name=name, value=shown(boxes)))
    counts = []
    for seat, box in enumerate(boxes):
        field = f"{name}[{seat}]"
        for kind, count in box.items():
            if kind not in KINDS:
                raise PositionError(field, _("{value} is not a kind of dragon (vine, water, "
                                             "fire)").format(value=shown(kind)))
            if type(count) is not int or count < 0:
                raise PositionError(field, _("a count of {kind} dragons is a whole number "
                                             "from 0, not {value}").format(
                    kind=kind_word(kind), value=shown(count)))
        counts.append([box.get(kind, 0) for kind in KINDS])
    return counts


def _fill_boxes(p: bytearray, here: list[list[int]],
                boxes: dict[str, list[list[int]] | None]) -> None:
    """The trays, mats and dead zones into `p` (D7 holds: count_problems found nothing),
    the trays, when not given, holding what D7 leaves."""
    mats, dead, trays = boxes["mats"], boxes["dead"], boxes["trays"]
    for seat in (BLACK, WHITE):
        for number, kind in enumerate(KINDS):
            code = SEAT_CODES[seat][number]
            on_mat = mats[seat][number] if mats else 0
            gone = dead[1 - seat][number] if dead else 0  # in the rival's dead zone
            p[TRAY + code] = (trays[seat][number] if trays else
                              STONES_PER_KIND[kind] - here[seat][number] - on_mat - gone)
            p[MAT + code] = on_mat
            p[DEAD + code] = gone


# --- writing the JSON form ----------------------------------------------------------
def _counts(box: dict) -> dict:
    """{kind: count} without the empty kinds, in the order of arena.KINDS."""
    return {kind: count for kind, count in box.items() if count}


def from_state(state: TatsuState) -> dict:
    """The canonical JSON form of `state` (TatsuState.to_position)."""
    p = state.position
    arena = {}
    for segment in range(SEGMENTS):
        inner, outer = p[segment] & 7, p[segment] >> 3
        if inner or outer:
            arena[str(segment)] = [NAME_OF.get(inner)] + ([NAME_OF[outer]] if outer else [])
    seats = (BLACK, WHITE)
    return {
        **envelope(GAME),
        "to_move": state.current, "turn": state.turn,
        "dice": list(state.rolled), "dice_left": list(state.dice),
        "arena": arena,
        "trays": [_counts(state.tray(seat)) for seat in seats],
        "mats": [_counts(state.mat(seat)) for seat in seats],
        "dead": [_counts(state.dead_zone(seat)) for seat in seats],
        "winners": list(state.winners), "reason": state.reason,
        "seed": state.seed,
    }


def comparable(state: TatsuState) -> dict:
    """What a position determines of a state: its snapshot() without the history, the
    seed and the generator (a position has no past; its future dice come from its own
    seed) and the config (which only says who started, D5). For every state s,
    comparable(TatsuState.from_position(s.to_position())) == comparable(s)."""
    snapshot = state.snapshot()
    for key in ("history", "rng", "seed", "config"):
        snapshot.pop(key)
    return snapshot


def normalize(position: dict | str) -> dict:
    """The canonical JSON form of a position given in any form (PositionError if it is
    impossible): every field present, the trays and the reason worked out, empty kinds
    left out, both dice left listed in the order rolled."""
    from game.tatsu.state import TatsuState

    return TatsuState.from_position(position).to_position()


# --- the text form --------------------------------------------------------------------
def to_text(position: dict | str) -> str:
    """The text form of a position (any form; PositionError if it is impossible):
    arena_play_mats_dead_turn, then _seed unless the seed is 0."""
    p = normalize(position)
    parts, run = [], 0
    for segment in range(SEGMENTS):
        stones = p["arena"].get(str(segment))
        if not stones:
            run += 1
            continue
        if run:
            parts.append(str(run))
            run = 0
        letters = "".join(LETTER_OF[CODE_OF[stone]] for stone in stones)
        parts.append(letters if len(letters) == 1 else f"({letters})")
    if run:
        parts.append(str(run))
    rolled = "".join(map(str, p["dice"]))
    if p["to_move"] is None:
        play = SIDES[p["winners"][0]] + WON_MARK + rolled
    else:
        left = "".join(map(str, p["dice_left"]))
        play = SIDES[p["to_move"]] + rolled + ("" if len(left) == 2 else LEFT_MARK + left)
    mats = "".join(LETTER_OF[code] * p["mats"][seat].get(kind, 0)
                   for seat in (BLACK, WHITE) for kind, code in zip(KINDS, SEAT_CODES[seat]))
    dead = "".join(LETTER_OF[code] * p["dead"][1 - seat].get(kind, 0)
                   for seat in (BLACK, WHITE) for kind, code in zip(KINDS, SEAT_CODES[seat]))
    fields = ["".join(parts), play, mats or NONE_MARK, dead or NONE_MARK, str(p["turn"])]
    if p["seed"] != 0:
        fields.append(seed_text(p["seed"]))
    return SEPARATOR.join(fields)


def from_text(text: str) -> dict:
    """The canonical JSON form of a position in the text form. A malformed token raises
    PositionError("text", ...) whose `offset` is its index in `text`; an impossible
    position, a PositionError naming the JSON field (as TatsuState.from_position)."""
    text_within_limits(text)
    return normalize(_parse_text(text))


class _Reader:
    """The fields of a text form with their offsets, and errors at an offset."""

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise PositionError("text", _("the text form is a text, not {value}").format(
                value=shown(text)))
        start = len(text) - len(text.lstrip())
        body = text.strip()
        if not body:
            raise self.error(start, _("the position is empty"))
        self.fields, offset = [], start
        for piece in body.split(SEPARATOR):
            self.fields.append((offset, piece))
            offset += len(piece) + 1

    @staticmethod
    def error(offset: int, message: str) -> PositionError:
        error = PositionError("text", _("at offset {offset}: {message}").format(
            offset=offset, message=message))
        error.offset = offset  # type: ignore[attr-defined]  # (only a text's errors have one)
        return error


def _parse_text(text: str) -> dict:
    """The JSON form a text form says (not yet checked beyond its grammar):

        position = arena "_" play [ "_" mats [ "_" dead [ "_" turn [ "_" seed ] ] ] ]
        arena    = { run | stone | "(" stone stone ")" }   covering segments 0-23
        run      = a number of empty segments, 1 to 24, no leading zero
        stone    = "V" | "W" | "F" | "v" | "w" | "f"      (upper case: Black's)
        play     = side die die [ "-" die [ die ] ]  |  side "!" die die
        side     = "b" | "w" ;  die = "1" ... "6"
        mats     = "-" | stone { stone }                   (on their owners' mats)
        dead     = "-" | stone { stone }                   (destroyed stones)
        turn     = a number from 1, at most 9 digits, no leading zero
        seed     = [ "-" ] digits  |  "~" { letter | digit | "-" | "." | "~" | "*" hex hex }
    """
    reader = _Reader(text)
    fields = reader.fields
    error = reader.error
    if len(fields) < 2:
        end = fields[0][0] + len(fields[0][1])
        raise error(end, _('the arena is followed by "_" and the player to move with the '
                           'dice, like "_b34"'))
    if len(fields) > 6:
        raise error(fields[6][0] - 1, _("a position has at most six fields: arena, play, "
                                        "mats, dead, turn, seed"))
    position = {**envelope(GAME), "arena": _text_arena(*fields[0], error)}
    position.update(_text_play(*fields[1], error))
    if len(fields) > 2:
        position["mats"] = _text_stones(*fields[2], error, lambda code: code >> 2)
    if len(fields) > 3:
        position["dead"] = _text_stones(*fields[3], error, lambda code: 1 - (code >> 2))
    if len(fields) > 4:
        position["turn"] = _text_turn(*fields[4], error)
    if len(fields) > 5:
        position["seed"] = _text_seed(*fields[5], error)
    return position


def _text_arena(offset: int, text: str, error: Callable[[int, str], PositionError]) -> dict:
    arena, segment, i = {}, 0, 0
    while i < len(text):
        character = text[i]
        if character in DIGITS:
            end = i
            while end < len(text) and text[end] in DIGITS:
                end += 1
            run = text[i:end]
            if run[0] == "0" or len(run) > 2 or int(run) > SEGMENTS - segment:
                raise error(offset + i, _("{run} empty segments: only {left} segments are left "
                                          "(a run is 1 to 24, no leading zero)").format(
                    run=run, left=SEGMENTS - segment))
            segment += int(run)
            i = end
            continue
        if character not in CODE_OF_LETTER and character != "(":
            raise error(offset + i, _("{character} is not a stone (V W F Black's, v w f "
                                      "White's), a number of empty segments or (").format(
                character=repr(character)))
        if segment >= SEGMENTS:
            raise error(offset + i, _("the arena has 24 segments, 0 to 23: this is past the "
                                      "last"))
        if character in CODE_OF_LETTER:
            arena[str(segment)] = [NAME_OF[CODE_OF_LETTER[character]]]
            i += 1
        elif character == "(":
            pair = text[i + 1:i + 3]
            for k in range(2):
                if k >= len(pair) or pair[k] not in CODE_OF_LETTER:
                    raise error(offset + i + 1 + k, _("a full segment is written ( inner stone "
                                                      "outer stone ), like (Vw)"))
            if text[i + 3:i + 4] != ")":
                raise error(offset + i + 3, _('a full segment holds two stones: ")" expected'))
            arena[str(segment)] = [NAME_OF[CODE_OF_LETTER[c]] for c in pair]
            i += 4
        segment += 1
    if segment != SEGMENTS:
        raise error(offset + len(text), _("the arena lists {count} segments, not 24").format(
            count=segment))
    return arena


def _text_play(offset: int, text: str, error: Callable[[int, str], PositionError]) -> dict:
    if text[:1] not in tuple(SIDES):
        raise error(offset, _("the play starts with the player: b (Black) or w (White)"))
    seat = SIDES.index(text[0])
    over = text[1:2] == WON_MARK
    i = 2 if over else 1
    dice = []
    for k in range(2):
        if text[i + k:i + k + 1] not in tuple(DIE_CHARACTERS):
            raise error(offset + i + k, _("two dice rolled follow the player: each 1 to 6"))
        dice.append(int(text[i + k]))
    i += 2
    play = {"to_move": None if over else seat, "dice": dice,
            "winners": [seat] if over else []}
    if i == len(text):
        return play
    if over or text[i] != LEFT_MARK:
        raise error(offset + i, (_("nothing follows the dice of a finished game") if over else
                                 _('after the dice rolled, "{mark}" and the dice left').format(
                                     mark=LEFT_MARK)))
    left = text[i + 1:]
    if not 1 <= len(left) <= 2:
        raise error(offset + i + 1, _("one or two dice are left"))
    for k, character in enumerate(left):
        if character not in DIE_CHARACTERS:
            raise error(offset + i + 1 + k, _("a die left is 1 to 6"))
    play["dice_left"] = [int(character) for character in left]
    return play


def _text_stones(offset: int, text: str, error: Callable[[int, str], PositionError],
                 box_of: Callable[[int], int]) -> list:
    """Stones as letters (or "-": none) -> [{kind: count}] per seat, each stone counted
    in box box_of(its code)."""
    boxes: list[dict] = [{}, {}]
    if text == NONE_MARK:
        return boxes
    if not text:
        raise error(offset, _('no stones are written "{mark}"').format(mark=NONE_MARK))
    for i, character in enumerate(text):
        if character not in CODE_OF_LETTER:
            raise error(offset + i, _("{character} is not a stone (V W F Black's, v w f "
                                      "White's)").format(character=repr(character)))
        code = CODE_OF_LETTER[character]
        box, kind = boxes[box_of(code)], KINDS[(code & 3) - 1]
        box[kind] = box.get(kind, 0) + 1
    return boxes


def _text_turn(offset: int, text: str, error: Callable[[int, str], PositionError]) -> int:
    most = len(str(MAX_TURN))
    for i, character in enumerate(text):
        if character not in DIGITS:
            raise error(offset + i, _("the turn is a whole number"))
    if not text or text[0] == "0" or len(text) > most:
        raise error(offset, _("the turn is a whole number from 1, at most {most} digits, no "
                              "leading zero").format(most=most))
    return int(text)


def _text_seed(offset: int, text: str, error: Callable[[int, str], PositionError]) -> int | str:
    """The seed field (game/core/rng.py: seed_text writes it, text_seed reads it)."""
    try:
        return text_seed(text)
    except SeedTextError as err:
        raise error(offset + err.at, str(err)) from None


__all__ = ["FIELDS", "PositionError", "build", "comparable", "from_state", "from_text",
           "normalize", "to_text"]
