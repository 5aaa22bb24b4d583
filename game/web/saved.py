"""A game kept in the browser: what is stored after every action, and how it comes back.

The page stores one game per game key (localStorage, `STORAGE_KEY`): the game's record
(configuration, seed, actions: GameState.to_record) with what the record leaves out,
the seats' names and players and the pace of play. It is versioned as a whole
(`SAVE_VERSION`); restoring replays the record's actions through the engine, so a stored
game that the rules refuse, or of another format, is refused with a reason and nothing
is half-loaded. This module imports no browser code: game/web/main.py does the storing.
"""

from __future__ import annotations

import json

from game.core.actions import Action
from game.core.errors import RecordError
from game.core.match import HUMAN, Match, Seat
from game.core.registry import GameInfo, games
from game.web.table import SPEEDS

SAVE_FORMAT = "tsuro-tatsu-save"
SAVE_VERSION = 1
STORAGE_KEY = "tsuro-tatsu.saved.{game}"
SAVE_KEYS = {"format", "version", "game", "record", "seats", "pace"}


class SavedGameError(ValueError):
    """A stored game that cannot come back; the message says why, for a person."""


def saved_game(match: Match, pace: str) -> dict:
    """What to store for `match` as it stands (plain JSON)."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": match.game.key,
            "record": match.state.to_record(),
            "seats": [seat.to_json() for seat in match.seats], "pace": pace}


def saved_text(match: Match, pace: str) -> str:
    return json.dumps(saved_game(match, pace), separators=(",", ":"))


def restore(data) -> tuple[Match, str]:
    """(match, pace) from what was stored (a dict or its JSON text), the match at the
    same point with the same log; SavedGameError says why not."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            raise SavedGameError("the kept game is not readable (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SavedGameError("what was kept is not a game of this site")
    if data.get("version") != SAVE_VERSION:
        raise SavedGameError(f"the kept game is in format {data.get('version')!r}, which "
                             f"this version of the site does not read "
                             f"(it reads {SAVE_VERSION})")
    missing = SAVE_KEYS - data.keys()
    if missing:
        raise SavedGameError(f"the kept game lacks {', '.join(sorted(missing))}")
    known = games()
    if data["game"] not in known:
        raise SavedGameError(f"there is no game {data['game']!r} here")
    info: GameInfo = known[data["game"]]
    seats = _seats(data["seats"])
    record = data["record"]
    if not isinstance(record, dict):
        raise SavedGameError("the kept game has no record")
    try:
        state = info.state_class.from_record({**record, "actions": []})
    except RecordError as err:
        raise SavedGameError(f"the kept game cannot be opened: {err}") from None
    if len(seats) != state.players:
        raise SavedGameError(f"the kept game has {len(seats)} seats for "
                             f"{state.players} players")
    try:
        info.state_class.from_record(record)  # every action checked before any is shown
    except RecordError as err:
        raise SavedGameError(f"the kept game cannot be opened: {err}") from None
    match = Match(info, record["config"], record["seed"], seats)
    for raw in record["actions"]:
        match.play(Action.from_json(raw))
    pace = data["pace"] if data["pace"] in SPEEDS else "normal"
    return match, pace


def _seats(raw) -> list[Seat]:
    if not isinstance(raw, list) or not raw:
        raise SavedGameError("the kept game's seats are not a list")
    seats = []
    for seat in raw:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise SavedGameError("a seat of the kept game has no name")
        try:
            seats.append(Seat(seat["name"], seat.get("player", HUMAN)))
        except ValueError as err:
            raise SavedGameError(f"a seat of the kept game is wrong: {err}") from None
    return seats


def summary(match: Match) -> str:
    """The kept game in a few words, for the resume offer: "Tsuro of the Seas, turn 12,
    you against 3 computers"."""
    people = [seat for seat in match.seats if seat.is_human]
    computers = len(match.seats) - len(people)
    if len(people) == 1 and computers:
        who = f"you against {computers} computer{'s' if computers > 1 else ''}"
    elif not computers:
        who = f"{len(people)} people"
    else:
        who = (f"{len(people)} people and {computers} computer"
               f"{'s' if computers > 1 else ''}")
    return f"{match.game.name}, turn {max(match.state.turn, 1)}, {who}"


__all__ = ["SAVE_VERSION", "STORAGE_KEY", "SavedGameError", "restore", "saved_game",
           "saved_text", "summary"]
