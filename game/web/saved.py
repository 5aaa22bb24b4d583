"""A game kept in the browser: what is stored after every action, and how it comes back.

The page stores one game per game key (localStorage, `STORAGE_KEY`): the game's record
(configuration, seed, actions: GameState.to_record) with what the record leaves out,
the seats' names and players and the pace of play. It is versioned as a whole
(`SAVE_VERSION`); restoring replays the record's actions through the engine, so a stored
game that the rules refuse, or of another format, is refused with a reason and nothing
is half-loaded. This module imports no browser code: game/web/index_page.py keeps it
through the page.
"""

from __future__ import annotations

import base64
import json
import zlib
from importlib import import_module

from game.core.actions import Action
from game.core.errors import RecordError
from game.core.i18n import N_, _, grouped, ngettext
from game.core.limits import (
    MAX_ACTIONS,
    MAX_JSON_CHARS,
    MAX_PARAM_CHARS,
    LimitError,
    check_data,
    load_json,
    shown,
)
from game.core.match import HUMAN, Match, Seat
from game.core.registry import GameInfo, games, known_key
from game.core.review import Review, ReviewError
from game.web.table import SPEEDS

SAVE_FORMAT = "tsuro-tatsu-save"
SAVE_VERSION = 1
STORAGE_KEY = "tsuro-tatsu.saved.{game}"
SAVE_KEYS = {"format", "version", "game", "record", "seats", "pace"}
# added within version 1: older saves lack them ("review": a finished game's review,
# game/core/review.py, written only when there is one)
OPTIONAL_KEYS = {"casual": False, "hints": False, "review": None}


class SavedGameError(ValueError):
    """A stored game that cannot come back; the message says why, for a person."""


def saved_game(match: Match, pace: str) -> dict:
    """What to store for `match` as it stands (plain JSON)."""
    kept = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": match.game.key,
            "record": match.state.to_record(),
            "seats": [seat.to_json() for seat in match.seats], "pace": pace,
            "casual": match.casual, "hints": match.hints}
    if match.review is not None:
        kept["review"] = match.review.to_json()
    return kept


def saved_text(match: Match, pace: str) -> str:
    """What to store, as JSON text; SavedGameError when the game has grown beyond what
    a saved game may hold (game/core/limits.py), so that nothing is kept that could not
    come back."""
    if len(match.state.history) > MAX_ACTIONS:
        raise SavedGameError(ngettext("this game has more than {limit} action, more than a "
                                      "saved game may hold",
                                      "this game has more than {limit} actions, more than a "
                                      "saved game may hold", MAX_ACTIONS).format(
                                          limit=grouped(MAX_ACTIONS)))
    text = json.dumps(saved_game(match, pace), separators=(",", ":"))
    if len(text) > MAX_JSON_CHARS:
        raise SavedGameError(ngettext("this game is longer than a saved game may be ({limit} "
                                      "character)",
                                      "this game is longer than a saved game may be ({limit} "
                                      "characters)", MAX_JSON_CHARS).format(
                                          limit=grouped(MAX_JSON_CHARS)))
    return text


def restore(data) -> tuple[Match, str]:
    """(match, pace) from what was stored (a dict or its JSON text), the match at the
    same point with the same log; SavedGameError says why not."""
    data = _within_limits(data, _("the kept game"))
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SavedGameError(_("what was kept is not a game of this site"))
    if data.get("version") != SAVE_VERSION:
        raise SavedGameError(_("the kept game is in format {found}, which this version of "
                               "the site does not read (it reads {version})").format(
                                   found=shown(data.get("version")), version=SAVE_VERSION))
    missing = SAVE_KEYS - data.keys()
    if missing:
        raise SavedGameError(_("the kept game lacks {fields}").format(
            fields=", ".join(sorted(missing))))
    key = known_key(data["game"])
    if key is None:
        raise SavedGameError(_("there is no game {game} here").format(game=shown(data["game"])))
    info: GameInfo = games()[key]
    seats = _seats(data["seats"])
    record = data["record"]
    if not isinstance(record, dict):
        raise SavedGameError(_("the kept game has no record"))
    try:
        state = info.state_class.from_record({**record, "actions": []})
    except RecordError as err:
        raise SavedGameError(_("the kept game cannot be opened: {reason}").format(
            reason=err)) from None
    if len(seats) != state.players:
        raise SavedGameError(_("the kept game has {seats} seats for {players} players")
                             .format(seats=len(seats), players=state.players))
    try:
        info.state_class.from_record(record)  # every action checked before any is shown
    except RecordError as err:
        raise SavedGameError(_("the kept game cannot be opened: {reason}").format(
            reason=err)) from None
    casual = data.get("casual", OPTIONAL_KEYS["casual"])
    if type(casual) is not bool:
        raise SavedGameError(_("the kept game's casual setting is neither true nor false"))
    hints = data.get("hints", OPTIONAL_KEYS["hints"])
    if type(hints) is not bool:
        raise SavedGameError(_("the kept game's hints setting is neither true nor false"))
    match = Match(info, record["config"], record["seed"], seats, casual=casual, hints=hints)
    for raw in record["actions"]:
        match.play(Action.from_json(raw))
    if data.get("review") is not None:
        match.review = _review(data["review"], match, record)
    pace = data["pace"] if type(data["pace"]) is str and data["pace"] in SPEEDS else "normal"
    return match, pace


def _review(raw, match: Match, record: dict) -> Review:
    """A kept game's review, read against its game: refused whole, with the reason."""
    if not match.state.is_over or not match.game.coach:
        raise SavedGameError(_("the kept game has a review but is not over"))
    coach = import_module(match.game.coach)
    try:
        return Review.from_json(raw, match.game.state_class, record,
                                lambda advice: coach.hint_words(advice, match.names))
    except ReviewError as err:
        raise SavedGameError(_("the kept game's review cannot be read: {reason}").format(
            reason=err)) from None


def _seats(raw) -> list[Seat]:
    if not isinstance(raw, list) or not raw:
        raise SavedGameError(_("the kept game's seats are not a list"))
    seats = []
    for seat in raw:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SavedGameError(_("a seat of the kept game has no name"))
        try:
            seats.append(Seat(seat["name"], seat.get("player", HUMAN)))
        except ValueError as err:
            raise SavedGameError(_("a seat of the kept game is wrong: {reason}").format(
                reason=err)) from None
    return seats


def summary(match: Match) -> str:
    """The kept game in a few words, for the resume offer: "Tsuro of the Seas, turn 12,
    you against 3 computers"."""
    people = len([seat for seat in match.seats if seat.is_human])
    computers = len(match.seats) - people
    if people == 1 and computers:
        who = ngettext("you against {computers} computer", "you against {computers} computers",
                       computers)
    elif not computers:
        who = ngettext("{people} person", "{people} people", people)
    else:
        who = ngettext("{people} people and {computers} computer",
                       "{people} people and {computers} computers", computers)
    return _("{game}, turn {turn}, {who}").format(
        game=match.game.shown_name, turn=max(match.state.turn, 1),
        who=who.format(people=people, computers=computers))




# --- files and links ---------------------------------------------------------------------
BROKEN_LINK = N_("this replay link is broken: part of it is missing or changed")  # _()
SHARE_PREFIX = "replay="  # in the URL's fragment, which browsers never send to a server


def share_fragment(match: Match) -> str:
    """The fragment of a link that opens this game as a replay: the game as kept (its
    record and seats), compressed (zlib) and written in base64url, so a whole game fits
    in a link."""
    text = saved_text(match, "normal").encode()
    packed = base64.urlsafe_b64encode(zlib.compress(text, 9)).rstrip(b"=").decode()
    return SHARE_PREFIX + packed


def from_fragment(fragment: str) -> tuple[Match, str]:
    """(match, pace) of the game a share link holds (its fragment, with or without "#");
    SavedGameError says, in a sentence, what is wrong."""
    if not isinstance(fragment, str):
        raise SavedGameError(_("this link holds no game"))
    fragment = fragment.lstrip("#")
    if not fragment.startswith(SHARE_PREFIX):
        raise SavedGameError(_("this link holds no game"))
    if len(fragment) > MAX_PARAM_CHARS:
        raise SavedGameError(ngettext("this link is {length} character long, longer than any "
                                      "game's ({limit} at most)",
                                      "this link is {length} characters long, longer than any "
                                      "game's ({limit} at most)", len(fragment)).format(
                                          length=grouped(len(fragment)),
                                          limit=grouped(MAX_PARAM_CHARS)))
    packed = fragment[len(SHARE_PREFIX):]
    try:
        inflate = zlib.decompressobj()
        # never more than a saved game may be: a small link cannot unpack into a huge text
        text = inflate.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)),
                                  MAX_JSON_CHARS + 1)
        if len(text) > MAX_JSON_CHARS or inflate.unconsumed_tail:
            raise SavedGameError(ngettext("this link unpacks into more than {limit} "
                                          "character, more than any game",
                                          "this link unpacks into more than {limit} "
                                          "characters, more than any game",
                                          MAX_JSON_CHARS).format(limit=grouped(MAX_JSON_CHARS)))
        if not inflate.eof:
            raise ValueError("cut short")  # (never shown: the link is broken)
        record = load_json(text, _("the link's game"))
    except LimitError as err:
        if not err.not_json:
            raise SavedGameError(_("this replay link is refused: {reason}").format(
                reason=err)) from None
        raise SavedGameError(_(BROKEN_LINK)) from None
    except SavedGameError:
        raise
    except (ValueError, zlib.error):
        raise SavedGameError(_(BROKEN_LINK)) from None
    return open_record(record)


def open_record(data, game: str | None = None) -> tuple[Match, str]:
    """(match, pace) from a file or a link: a saved game (with its seats and pace) or a
    bare game record (its seats named as the game names unnamed ones, people all). With
    `game`, a game of another kind is refused."""
    data = _within_limits(data, _("the file"))
    if not isinstance(data, dict):
        raise SavedGameError(_("the file is not a saved game"))
    if data.get("format") == SAVE_FORMAT:
        if game is not None and known_key(data.get("game")) != game:
            raise SavedGameError(_("the file holds a game of {found}, not {wanted}").format(
                found=_name(data.get("game")), wanted=_name(game)))
        return restore(data)
    key = known_key(data.get("game"))  # a bare record's game
    if key is None:
        raise SavedGameError(_("the file is not a saved game of this site"))
    info = games()[key]
    if game is not None and info.key != game:
        raise SavedGameError(_("the file holds a game of {found}, not {wanted}").format(
            found=info.shown_name, wanted=_name(game)))
    try:
        state = info.state_class.from_record(data)
    except RecordError as err:
        raise SavedGameError(_("the game cannot be opened: {reason}").format(
            reason=err)) from None
    names = info.seat_names_for(state.players)
    match = Match(info, data["config"], data["seed"], [Seat(name) for name in names])
    for action in state.history:
        match.play(action)
    return match, "normal"


def record_of(data, game: str):
    """The game record in a file: a saved game's (the page's "Download this game"), or
    the file itself (a bare record, GameState.to_record). For the command line, which
    reads either (`python3 -m game position --record FILE --at N`)."""
    data = _within_limits(data, _("the file"))
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        if known_key(data.get("game")) != game:
            raise SavedGameError(_("the file holds a game of {found}, not {wanted}").format(
                found=_name(data.get("game")), wanted=_name(game)))
        return data.get("record")
    if isinstance(data, dict) and type(data.get("game")) is int and "seats" in data:
        raise SavedGameError(_("this is a line of simulate --games-out, a game's summary "
                               "(its seed, seats and winners), not a saved game"))
    return data


def _name(name) -> str:
    key = known_key(name)
    return games()[key].shown_name if key is not None else shown(name)


def _within_limits(data, what: str):
    """`data` (JSON text, or what it was parsed into) checked against the limits of
    game/core/limits.py before anything else reads it."""
    try:
        if isinstance(data, (str, bytes)):
            return load_json(data, what)
        check_data(data, what)
    except LimitError as err:
        message = str(err)
        if err.not_json:
            message = _("{what} is not a saved game (it is not JSON, or it is cut short)"
                        ).format(what=what)
        raise SavedGameError(message) from None
    return data


def too_big_a_file(size: int) -> str | None:
    """Why a file of `size` bytes is refused unread, or None: no saved game is larger."""
    if size > MAX_JSON_CHARS:
        return ngettext("the file is {size} byte, larger than any saved game ({limit} at "
                        "most)",
                        "the file is {size} bytes, larger than any saved game ({limit} at "
                        "most)", size).format(size=grouped(size), limit=grouped(MAX_JSON_CHARS))
    return None


def file_name(match: Match) -> str:
    """The name a downloaded game gets: "tatsu-seed-1234-turn-12.json"."""
    return f"{match.game.key}-seed-{match.seed}-turn-{match.state.turn}.json"


__all__ = ["SAVE_VERSION", "STORAGE_KEY", "SavedGameError", "file_name", "from_fragment",
           "open_record", "restore", "saved_game", "saved_text", "share_fragment", "summary",
           "too_big_a_file"]
