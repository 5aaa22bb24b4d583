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
  "dice_left", "text") and the rule ("D7", "moving", "using the dice", ...).
- `state.to_position()` (from_state here) gives the canonical JSON form; `normalize`,
  `to_text` and `from_text` convert between the forms (each validates).
- `comparable(state)`: what a position determines, to compare a state with the one
  rebuilt from its position (everything but the history, the seed, the generator
  and the config, which only says who started).

A state built from a position has no history, so it cannot be saved as a record
(RecordError): its past is unknown.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from game.core.i18n import N_, SOURCE_LANGUAGE, _, speaking
from game.core.position import (
    REQUIRED,
    PositionError,
    envelope,
    parse_json,
    text_within_limits,
)
from game.core.rng import new_rng
from game.tatsu import core
from game.tatsu.arena import (
    BLACK,
    DEFAULT_FIRST,
    KINDS,
    SEGMENTS,
    STONE_CODE,
    STONES_PER_KIND,
    WHITE,
)
from game.tatsu.layout import ARENA, DEAD, MAT, SIZE, TRAY, WON
from game.tatsu.text import colour_name, colour_names, dice_words, end_words, kind_word

GAME = "tatsu"
# Each field of a Tatsu position and its default (game/core/position.py: parse_json).
# None: worked out from the other fields (dice_left: the dice; trays: D7; reason: the
# winner's); mats and dead: empty.
FIELDS = {
    "to_move": REQUIRED, "turn": 1, "dice": REQUIRED, "dice_left": None,
    "arena": REQUIRED, "trays": None, "mats": None, "dead": None,
    "winners": (), "reason": None, "seed": 0,
}
MAX_TURN = 999_999_999  # a turn number has at most 9 digits
SEED_DIGITS = 40  # a whole-number seed has at most 40 digits
SEED_CHARACTERS = 100  # a text seed has at most 100 characters
DIE_FACES = core.DIE_FACES

# The rules a refusal names (anchors on the rules page: game/core/rule_links.py).
SEGMENT_RULE = "D1"  # 24 segments, numbered 0-23
END_RULE = "D6"
COUNT_RULE = "D7"
FIELD_RULE = "moving"  # a stone lands on the inner field of an empty segment; 2 at most
BINDING_RULE = "entangling"  # only a vine sits on an opposing stone
DICE_RULE = "using the dice"

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
TEXT_SEED = "~"
ESCAPE = "*"  # in a text seed: "*" and two hex digits, one UTF-8 byte
SEED_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.~")
# Every character of the text form: unreserved or sub-delims in RFC 3986, and left as
# they are by JavaScript's encodeURIComponent, so a link carries the text unchanged.
TEXT_CHARACTERS = frozenset("VWFvwf0123456789()_-!~*.bw" + "".join(SEED_SAFE))


# --- reading a position -------------------------------------------------------------
def build(cls, position):
    """The state (of class `cls`, a TatsuState) at `position`: a dict, JSON text or the
    text form (told apart by the first non-space character: "{" for JSON). Anything
    impossible raises PositionError and builds nothing."""
    if isinstance(position, bytes):
        try:
            position = position.decode()
        except UnicodeDecodeError:
            raise PositionError("position", _("not UTF-8 text")) from None
    if isinstance(position, str) and not position.lstrip().startswith("{"):
        text_within_limits(position)
        position = _parse_text(position)
    fields = parse_json(position, GAME, FIELDS)
    seed = _seed(fields["seed"])
    to_move = _to_move(fields["to_move"])
    turn = _turn(fields["turn"])
    dice = _dice(fields["dice"])
    winners, reason = _ending(fields["winners"], fields["reason"], to_move)
    dice_left = _dice_left(fields["dice_left"], dice, to_move)
    p = bytearray(SIZE)  # layout.py
    in_arena = _arena(fields["arena"], p)
    boxes = {name: _box(fields[name], name) for name in ("trays", "mats", "dead")}
    _conserve(p, in_arena, boxes)

    state = cls({"first": DEFAULT_FIRST}, seed)
    state.rng = new_rng(seed)
    state.position = p
    state.current = to_move
    state.rolled = tuple(dice)
    state.dice = list(dice_left)
    state.turn = turn
    state.history = []
    state.setup_events = []
    state.reason = None
    state.built_from_position = True
    state._legal = None
    state._rng_state = None
    problems = state.structure_problems()  # here: what lies on the fields of a segment
    if problems:
        raise _refusal(state.structure_problems)
    if to_move is None:
        _check_won(state, winners[0], reason)
    else:
        _check_in_play(state)
    problems = state.invariant_violations()  # a backstop: the checks above cover them
    if problems:
        raise _refusal(state.invariant_violations)
    return state


def _seed(seed):
    if type(seed) is int:
        if abs(seed) >= 10 ** SEED_DIGITS:
            raise PositionError("seed", _("a whole-number seed has at most {most} "
                                          "digits").format(most=SEED_DIGITS))
    elif type(seed) is str:
        if len(seed) > SEED_CHARACTERS:
            raise PositionError("seed", _("a text seed has at most {most} characters").format(
                most=SEED_CHARACTERS))
    else:
        raise PositionError("seed", _("the seed of the dice to come is a whole number or a "
                                      "text, not {value}").format(value=_short(seed)))
    try:
        new_rng(seed)
    except ValueError:  # a text Python cannot encode (a lone surrogate)
        raise PositionError("seed", _("{value} cannot seed the dice").format(
            value=_short(seed))) from None
    return seed


def _to_move(to_move):
    if to_move is None or type(to_move) is int and to_move in (BLACK, WHITE):
        return to_move
    raise PositionError("to_move", _("the seat to move is 0 (Black) or 1 (White), or null "
                                     "once the game is over, not {value}").format(
        value=_short(to_move)))


def _turn(turn):
    if type(turn) is not int or not 1 <= turn <= MAX_TURN:
        raise PositionError("turn", _("the turn is a whole number from 1 to {most}, not "
                                      "{value}").format(most=MAX_TURN, value=_short(turn)))
    return turn


def _die_list(value, field: str, most: int) -> list:
    if not isinstance(value, (list, tuple)) or len(value) > most or not all(
            type(die) is int for die in value):
        raise PositionError(field, _("a list of at most {most} dice, not {value}").format(
            most=most, value=_short(value)))
    for die in value:
        if die not in DIE_FACES:
            raise PositionError(field, _("a die shows 1 to 6, not {die}").format(die=die),
                                DICE_RULE)
    return list(value)


def _dice(dice) -> list:
    dice = _die_list(dice, "dice", 2)
    if len(dice) != 2:
        raise PositionError("dice", _("a turn rolls two dice, not {count}").format(
            count=len(dice)), DICE_RULE)
    return dice


def _ending(winners, reason, to_move):
    if not isinstance(winners, (list, tuple)) or len(winners) > 1 or not all(
            type(seat) is int and seat in (BLACK, WHITE) for seat in winners):
        raise PositionError("winners", _("the seat that won, as a list ([0] or [1]; [] while "
                                         "the game goes on), not {value}").format(
            value=_short(winners)))
    if reason is not None and type(reason) is not str:
        raise PositionError("reason", _("the reason a game ended is a text, not "
                                        "{value}").format(value=_short(reason)))
    if to_move is None and not winners:
        raise PositionError("winners", _("nobody is to move (to_move is null), so the game "
                                         "is over: winners names the seat that won"), END_RULE)
    if to_move is not None and winners:
        raise PositionError("winners", _("a game ends when a player wins: a finished "
                                         "position has to_move null"), END_RULE)
    if to_move is not None and reason is not None:
        raise PositionError("reason", _("only a finished game has a reason"), END_RULE)
    return list(winners), reason


def _dice_left(left, dice: list, to_move) -> list:
    if left is None:
        return list(dice) if to_move is not None else []
    left = _die_list(left, "dice_left", 2)
    if Counter(left) - Counter(dice):
        raise PositionError("dice_left", _("the dice left, {left}, are not among the dice "
                                           "rolled, {rolled}").format(
            left=_dice_words(left), rolled=_dice_words(dice)), DICE_RULE)
    if to_move is None and left:
        raise PositionError("dice_left", _("the game is over: no die is left to use"),
                            END_RULE)
    if to_move is not None and not left:
        raise PositionError("dice_left", _("no die is left: the turn would be over, and the "
                                           "other player's dice rolled"), DICE_RULE)
    return list(dice) if len(left) == 2 else left  # both left: in the order rolled


def _arena(arena, p) -> list:
    """Put the stones of `arena` into `p`; return how many of each code are there."""
    if not isinstance(arena, dict):
        raise PositionError("arena", _('the arena is an object from segment numbers ("0" to '
                                       '"23") to their stones, not {value}').format(
            value=_short(arena)))
    counts = [0] * 8
    for key, stones in arena.items():
        if type(key) is not str or not SEGMENT_KEY.fullmatch(key) or int(key) >= SEGMENTS:
            raise PositionError("arena", _('segments are numbered "0" to "23", not '
                                           '{value}').format(value=_short(key)), SEGMENT_RULE)
        field = f"arena[{key}]"
        if isinstance(stones, str):
            stones = [stones]  # a lone stone may be written without its list
        if not isinstance(stones, (list, tuple)) or not 1 <= len(stones) <= 2:
            raise PositionError(field, _("a segment holds one or two stones: [inner] or "
                                         "[inner, outer], not {value}").format(
                value=_short(stones)), FIELD_RULE)
        codes = []
        for number, stone in enumerate(stones):
            if stone is None and number == 0 and len(stones) == 2:
                codes.append(0)  # an empty inner field: refused below (moving)
            elif isinstance(stone, str) and stone in CODE_OF:
                codes.append(CODE_OF[stone])
            else:
                raise PositionError(field, _('{value} is not a stone: a stone is B or W then v, '
                                             'w or f, like "Bf"').format(value=_short(stone)))
        for code in codes:
            if code:
                counts[code] += 1
                p[ARENA + (code >> 2)] += 1
        p[int(key)] = codes[0] + 8 * (codes[1] if len(codes) == 2 else 0)
    return counts


def _box(boxes, name: str):
    """[{kind: count} of Black, of White] as [count by kind] per seat, or None."""
    if boxes is None:
        return None
    if not isinstance(boxes, (list, tuple)) or len(boxes) != 2 or not all(
            isinstance(box, dict) for box in boxes):
        raise PositionError(name, _("{name} is a list of two objects, Black's then White's, "
                                    "of {{kind: count}}, not {value}").format(
            name=name, value=_short(boxes)))
    counts = []
    for seat, box in enumerate(boxes):
        field = f"{name}[{seat}]"
        for kind, count in box.items():
            if kind not in KINDS:
                raise PositionError(field, _("{value} is not a kind of dragon (vine, water, "
                                             "fire)").format(value=_short(kind)))
            if type(count) is not int or count < 0:
                raise PositionError(field, _("a count of {kind} dragons is a whole number "
                                             "from 0, not {value}").format(
                    kind=kind_word(kind), value=_short(count)))
            if count > STONES_PER_KIND[kind]:
                raise PositionError(field, _("{count} {kind} dragons: a player has only "
                                             "{most}").format(
                    count=count, kind=kind_word(kind), most=STONES_PER_KIND[kind]), COUNT_RULE)
        counts.append([box.get(kind, 0) for kind in KINDS])
    return counts


def _conserve(p, in_arena: list, boxes: dict) -> None:
    """D7: each stone is in the arena, its owner's tray or mat, or the opponent's dead
    zone, and nowhere else. Fills in the trays when they are not given."""
    mats, dead, trays = boxes["mats"], boxes["dead"], boxes["trays"]
    for seat in (BLACK, WHITE):
        rival = 1 - seat
        colour, rival_colour = colour_name(seat), colour_name(rival)
        for number, kind in enumerate(KINDS):
            code = SEAT_CODES[seat][number]
            total = STONES_PER_KIND[kind]
            here = in_arena[code]
            on_mat = mats[seat][number] if mats else 0
            gone = dead[rival][number] if dead else 0  # in the rival's dead zone
            words = {"colour": colour, "rival": rival_colour, "kind": kind_word(kind),
                     "total": total, "here": here, "on_mat": on_mat, "gone": gone}
            if here > total:
                raise PositionError("arena", _("{colour} has more than {total} {kind} dragons: "
                                               "{here} in the arena").format(**words),
                                    COUNT_RULE)
            if here + on_mat + gone > total:
                where = f"mats[{seat}]" if here + on_mat > total else f"dead[{rival}]"
                raise PositionError(where, _("{colour} has more than {total} {kind} dragons: "
                                             "{here} in the arena, {on_mat} on the mat, "
                                             "{gone} in {rival}'s dead zone").format(**words),
                                    COUNT_RULE)
            in_tray = total - here - on_mat - gone
            if trays is not None and trays[seat][number] != in_tray:
                given = trays[seat][number]
                raise PositionError(f"trays[{seat}]", _(
                    "{colour} has {count} {kind} dragons, not {total}: {given} in the tray, "
                    "{here} in the arena, {on_mat} on the mat, {gone} in {rival}'s dead "
                    "zone").format(count=total - in_tray + given, given=given, **words),
                                    COUNT_RULE)
            p[TRAY + code] = in_tray
            p[MAT + code] = on_mat
            p[DEAD + code] = gone


def _refusal(problems_of) -> PositionError:
    """The PositionError of the first problem `problems_of()` lists (the state's checks):
    its field and rule are read off the problem's English words, its message is in the
    language spoken."""
    with speaking(SOURCE_LANGUAGE):
        english = problems_of()[0]
    field, _english, rule = _field_and_rule(english)
    return PositionError(field, problems_of()[0], rule)


def _field_and_rule(problem: str) -> tuple:
    """(field, message, rule) of a problem the state reports in (English) words."""
    found = re.match(r"segment (\d+)", problem)
    if found:
        rule = (FIELD_RULE if "lone stone" in problem else
                BINDING_RULE if "only a vine" in problem else None)
        return f"arena[{found.group(1)}]", problem, rule
    if "dice" in problem or "die" in problem or "legal action" in problem:
        return "dice_left", problem, DICE_RULE
    if "although" in problem or "won" in problem:
        return "arena", problem, END_RULE
    return "arena", problem, COUNT_RULE if "dragons" in problem else None


def _check_in_play(state) -> None:
    """A game goes on only while nobody has won (D6 is checked after every landing), and
    only while the player to move has a die to use (an unusable second die is forfeited
    at once: AUTO_FORFEIT_SECOND_DIE)."""
    for seat in (BLACK, WHITE):
        reason = state.win_reason(seat)
        if reason is not None:
            field = f"dead[{seat}]" if reason.startswith("destroyed") else "arena"
            raise PositionError(field, _("{colour} has already won ({why}): the game ends at "
                                         "the landing that wins it").format(
                colour=colour_name(seat), why=end_words(reason, seat, colour_names())),
                                END_RULE)
    if state.used and not core.legal_moves(state.position, state.current, state.dice, False):
        raise PositionError("dice_left", _("the {die} left cannot be used, so the turn would "
                                           "be over").format(die=state.dice[0]), DICE_RULE)


def _check_won(state, winner: int, reason) -> None:
    """A finished game: the winner meets a winning condition and the loser none (a game
    ends at the first landing that meets one, and only the mover's can)."""
    won = state.win_reason(winner)
    if won is None:
        raise PositionError("winners", _("{colour} has not won: {rival} still has a stone in "
                                         "battle and a stone of every kind").format(
            colour=colour_name(winner), rival=colour_name(1 - winner)), END_RULE)
    if state.win_reason(1 - winner) is not None:
        raise PositionError("winners", _("both players meet a winning condition, but the "
                                         "game ends at the first landing that meets one"),
                            END_RULE)
    if reason is not None and reason != won:
        raise PositionError("reason", _("{colour} won because {reason}, not {value}").format(
            colour=colour_name(winner), reason=repr(won), value=_short(reason)), END_RULE)
    state.reason = won
    state.position[WON] = 1 + winner


def _dice_words(dice) -> str:
    return dice_words(dice) or _("none")


def _short(value) -> str:
    """A value as a message shows it: its JSON, cut short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    except RecursionError:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


# --- writing the JSON form ----------------------------------------------------------
def _counts(box) -> dict:
    """{kind: count} without the empty kinds, in the order of arena.KINDS."""
    return {kind: count for kind, count in box.items() if count}


def from_state(state) -> dict:
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


def comparable(state) -> dict:
    """What a position determines of a state: its snapshot() without the history, the
    seed and the generator (a position has no past; its future dice come from its own
    seed) and the config (which only says who started, D5). For every state s,
    comparable(TatsuState.from_position(s.to_position())) == comparable(s)."""
    snapshot = state.snapshot()
    for key in ("history", "rng", "seed", "config"):
        snapshot.pop(key)
    return snapshot


def normalize(position) -> dict:
    """The canonical JSON form of a position given in any form (PositionError if it is
    impossible): every field present, the trays and the reason worked out, empty kinds
    left out, both dice left listed in the order rolled."""
    from game.tatsu.state import TatsuState

    return TatsuState.from_position(position).to_position()


# --- the text form --------------------------------------------------------------------
def to_text(position) -> str:
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
        fields.append(_seed_text(p["seed"]))
    return SEPARATOR.join(fields)


def _seed_text(seed) -> str:
    if type(seed) is int:
        return str(seed)
    return TEXT_SEED + "".join(
        character if character in SEED_SAFE else
        "".join(f"{ESCAPE}{byte:02X}" for byte in character.encode())
        for character in seed)


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
                value=_short(text)))
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
        error.offset = offset
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
        position["turn"] = _text_number(*fields[4], error, "turn", 9)
    if len(fields) > 5:
        position["seed"] = _text_seed(*fields[5], error)
    return position


def _text_arena(offset: int, text: str, error) -> dict:
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


def _text_play(offset: int, text: str, error) -> dict:
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


def _text_stones(offset: int, text: str, error, box_of) -> list:
    """Stones as letters (or "-": none) -> [{kind: count}] per seat, each stone counted
    in box box_of(its code)."""
    boxes = [{}, {}]
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


# What _text_number says of each number it reads, by the name it is given.
NUMBER_WORDS = {
    "turn": (N_("the turn is a whole number"),
             N_("the turn is a whole number from 1, at most {most} digits, no leading zero")),
    "seed": (N_("a seed is a whole number"),
             N_("a seed is a whole number from 1, at most {most} digits, no leading zero")),
}


def _text_number(offset: int, text: str, error, name: str, most: int) -> int:
    """`name`: "turn" or "seed" (NUMBER_WORDS)."""
    whole, limits = NUMBER_WORDS[name]
    for i, character in enumerate(text):
        if character not in DIGITS:
            raise error(offset + i, _(whole))
    if not text or text[0] == "0" or len(text) > most:
        raise error(offset, _(limits).format(most=most))
    return int(text)


def _text_seed(offset: int, text: str, error):
    if text[:1] != TEXT_SEED:
        sign = -1 if text[:1] == "-" else 1
        digits = text[1:] if sign < 0 else text
        if digits == "0":
            return 0
        return sign * _text_number(offset + (sign < 0), digits, error, "seed", SEED_DIGITS)
    raw, i = bytearray(), 1
    while i < len(text):
        character = text[i]
        if character == ESCAPE:
            code = text[i + 1:i + 3]
            if len(code) != 2 or not all(c in "0123456789ABCDEFabcdef" for c in code):
                raise error(offset + i, _('"{mark}" in a text seed is followed by two hex '
                                          "digits (one byte of UTF-8)").format(mark=ESCAPE))
            raw.append(int(code, 16))
            i += 3
        elif character in SEED_SAFE:
            raw += character.encode()
            i += 1
        else:
            raise error(offset + i, _('{character} cannot be in a text seed (letters, digits, '
                                      '"-", ".", "~", and "{mark}" with two hex digits)').format(
                character=repr(character), mark=ESCAPE))
    try:
        return raw.decode()
    except UnicodeDecodeError:
        raise error(offset, _("the text seed's escaped bytes are not UTF-8")) from None


__all__ = ["FIELDS", "PositionError", "build", "comparable", "from_state", "from_text",
           "normalize", "to_text"]
