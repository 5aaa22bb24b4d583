"""The embeddable board (embed.html): what its URL asks for, and the table it plays.

A teaching page puts a board in an `<iframe src="embed.html?...">`. The parameters:

  game       tsuro | tatsu (required)
  position   the position, in its text form or as JSON (game/<game>/position.py);
             default: a new game's first decision
  record     a saved game as JSON (instead of `position`), with
  step       the number of its actions already played (default: all)
  seat       whose view the board shows, and who plays in `play` and `challenge`:
             1 to 8, counted as on the page (Tatsu: 1 Black, 2 White; also black/white)
  mode       view (default): the position, stepping through `line` or the rest of
             the record; play: play on against computers; challenge: a task
  line       view: the actions to step through, as a JSON list
  players    play: who sits at each seat, in order: you | easy | medium | hard
             (default: you at `seat`, medium computers elsewhere); with no position,
             a new game for that many
  goal       challenge: a goal of the game (game/<game>/goals.py), e.g. afloat,
             sink:2, escape, destroy:fire
  answer     challenge: instead of a goal, the exact action(s) wanted, as JSON
  task       words shown above the board instead of the goal's own
  id         any short text, echoed in every message to the host page

All of it is checked here, before anything is drawn: a malformed parameter becomes one
sentence for the frame (EmbedError), never a traceback. This module imports no browser
code; game/web/embed_page.py does the clicks and the messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from game.core.actions import Action
from game.core.challenge import Challenge, ChallengeError
from game.core.errors import RecordError
from game.core.limits import MAX_PARAM_CHARS, LimitError, load_json, too_large
from game.core.match import HUMAN, LEVELS, Match, Seat
from game.core.position import PositionError
from game.core.registry import GameInfo, games

MODES = ("view", "play", "challenge")
KNOWN = ("game", "position", "record", "step", "seat", "mode", "line", "players", "goal",
         "answer", "task", "id")
YOU = "you"
LONGEST_ID = 64


class EmbedError(ValueError):
    """A parameter the frame cannot use; the message is one sentence for a person."""


@dataclass
class Embed:
    """What a frame shows, once its parameters are read."""

    info: GameInfo
    state: object  # the position to begin from (a GameState)
    seat: int
    mode: str = "view"
    line: list[Action] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    challenge: Challenge | None = None
    task: str = ""
    ident: str = ""

    def begin(self):
        """A fresh copy of the starting position (for a retry or a reset)."""
        return self.state.clone()

    def match(self, tell=None) -> Match:
        """The match a `play` or `challenge` frame plays, from the starting position;
        `tell(kind, data)` hears of every action applied."""
        # The drawing adds a seat's label where the game names seats by it ("You
        # (Black)"); elsewhere seats are numbered ("Captain 2").
        labelled = self.info.label_in_name
        names = self.info.seat_names_for(self.state.players)
        seats = []
        for index, player in enumerate(self.players):
            if player == YOU:
                seats.append(Seat("You", HUMAN))
            elif player == HUMAN:  # a seat nobody plays in a challenge
                seats.append(Seat("Opponent" if labelled else names[index], HUMAN))
            else:
                name = f"{player.capitalize()} computer"
                seats.append(Seat(name if labelled else f"{names[index]}, {name.lower()}",
                                  player))
        match = EmbedMatch.at(self.info, self.begin(), seats, seed=0)
        if tell is not None:
            match.tell = tell
        return match


def read(params: dict) -> Embed:
    """The frame's parameters (name -> text, already percent-decoded) as an Embed."""
    for name, value in params.items():  # the limits first: nothing is read beyond them
        if type(name) is not str or type(value) is not str:
            raise EmbedError("The board's parameters are texts.")
        if len(value) > MAX_PARAM_CHARS:
            raise EmbedError(f"The parameter “{_short(name)}” is {len(value):,} characters "
                             f"long; the limit is {MAX_PARAM_CHARS:,}.")
    unknown = sorted(set(params) - set(KNOWN))
    if unknown:
        raise EmbedError(f"This board does not know the parameter “{_short(unknown[0])}”.")
    key = (params.get("game") or "").strip().lower()
    known = games()
    if key not in known:
        raise EmbedError(f"There is no game “{_short(key)}” here: use "
                         f"{' or '.join(f'game={k}' for k in known)}." if key else
                         f"Say which game to show: {' or '.join(f'game={k}' for k in known)}.")
    info = known[key]
    mode = params.get("mode") or "view"
    if mode not in MODES:
        raise EmbedError(f"The mode is view, play or challenge, not “{_short(mode)}”.")
    state, rest = _state(info, params)
    seat = _seat(params.get("seat"), state, info)
    embed = Embed(info, state, seat, mode, task=params.get("task") or "",
                  ident=(params.get("id") or "")[:LONGEST_ID])
    if mode == "view":
        embed.line = _actions(params["line"], "line") if params.get("line") else rest
        _playable(state, embed.line)
    elif mode == "play":
        embed.players = _players(params.get("players"), state, seat)
    else:
        embed.players = [YOU if s == seat else HUMAN for s in range(state.players)]
        answer = _actions(params["answer"], "answer") if params.get("answer") else ()
        try:
            embed.challenge = Challenge(seat, params.get("goal") or None, tuple(answer),
                                        info.goals)
        except ChallengeError as err:
            raise EmbedError(f"The challenge cannot be set: {err}.") from None
        if state.is_over or state.to_move != seat:
            raise EmbedError(f"In this position it is not seat {seat + 1}'s turn, so it "
                             "cannot be a challenge for that seat.")
    if mode != "view" and state.is_over:
        raise EmbedError("The game is already over in this position: nothing to play.")
    return embed


def _state(info: GameInfo, params: dict):
    """The starting state, and the actions after it (the rest of a record)."""
    cls = info.state_class
    if params.get("position") and params.get("record"):
        raise EmbedError("Give a position or a saved game, not both.")
    if params.get("record"):
        try:
            record = load_json(params["record"], "the saved game")
        except LimitError as err:
            raise EmbedError(f"The saved game cannot be opened: {err}." if "valid JSON"
                             not in str(err) else "The saved game is not valid JSON.") from None
        step = params.get("step")
        upto = None
        if step not in (None, ""):
            upto = whole_number(step)
            if upto is None:
                raise EmbedError(f"The step is a whole number, not “{_short(step)}”.")
        try:
            state = cls.from_record(record, upto=upto)
            whole = cls.from_record(record)
        except RecordError as err:
            raise EmbedError(f"The saved game cannot be opened: {err}.") from None
        return state, whole.history[len(state.history):]
    if params.get("position"):
        try:
            return cls.from_position(params["position"]), []
        except PositionError as err:
            raise EmbedError(f"The position cannot be shown: {err}.") from None
    count = len((params.get("players") or "").split(",")) if params.get("players") else 0
    low, high = info.players
    return cls(info.config_for(count if low <= count <= high else low), 0), []


def _seat(text, state, info: GameInfo) -> int:
    if text in (None, ""):
        return state.to_move if state.to_move is not None else 0
    words = {name.lower(): index for index, name in enumerate(info.load(info.seat_labels))}
    text = text.strip().lower()
    if text in words:
        return words[text]
    number = whole_number(text)
    if number is None or not 1 <= number <= state.players:
        raise EmbedError(f"The seat is a number from 1 to {state.players}, not "
                         f"“{_short(text)}”.")
    return number - 1


def _players(text, state, seat: int) -> list[str]:
    if not text:
        return [YOU if s == seat else "medium" for s in range(state.players)]
    players = [p.strip().lower() for p in text.split(",")]
    if len(players) != state.players:
        raise EmbedError(f"Name {state.players} players (you, easy, medium or hard), "
                         f"not {len(players)}.")
    for player in players:
        if player != YOU and player not in LEVELS:
            raise EmbedError(f"A player is you, easy, medium or hard, not “{_short(player)}”.")
    return players


def _actions(text: str, name: str) -> list[Action]:
    try:
        data = load_json(text, f"the {name}")
    except LimitError as err:
        if "valid JSON" not in str(err):
            raise EmbedError(f"The {name} cannot be read: {err}.") from None
        data = None
    try:
        if not isinstance(data, list):
            raise ValueError
        if data and isinstance(data[0], str):  # one action on its own
            data = [data]
        return [Action.from_json(item) for item in data]
    except ValueError:
        raise EmbedError(f"The {name} is a JSON list of actions, like "
                         '[["place", 12, 1]].') from None


def _playable(state, line: list[Action]) -> None:
    """Refuse a line of play the rules do not allow from the position, naming the step."""
    trial = state.clone()
    for number, action in enumerate(line, 1):
        try:
            trial.apply(action)
        except ValueError as err:  # RuleError
            raise EmbedError(f"Step {number} of the line is not allowed: {err}.") from None


def views(embed: Embed) -> list:
    """Every position of a `view` frame, with the words of what led to it: the start,
    then the position after each action of the line."""
    names = embed.info.seat_names_for(embed.state.players)
    shown = [(embed.begin(), [])]
    for action in embed.line:
        after = shown[-1][0].clone()
        events = after.apply(action)
        words = [embed.info.describe(event, names) for event in events]
        shown.append((after, [line for line in words if line]))
    return shown


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def whole_number(text: str, digits: int = 6) -> int | None:
    """The whole number a parameter writes in at most `digits` ASCII digits, or None
    (str.isdigit alone takes "²" and numbers too long to convert)."""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def message_params(message) -> dict:
    """The parameters of a "load" message a teaching page posted to the frame
    (game/web/embed_page.py): {name: text}, each within the limits; EmbedError says
    what is wrong. The message arrives converted two levels deep, so nothing deeper was
    ever converted."""
    params = message.get("params") if isinstance(message, dict) else None
    if not isinstance(params, dict) or len(params) > len(KNOWN):
        raise EmbedError("The page sent this board a message it cannot read: its "
                         "parameters are a short list of names and texts.")
    # a number is taken as its digits ("step": 3); read() refuses any other non-text
    return {name: str(value) if type(value) is int and not too_large(value) else value
            for name, value in params.items()}


__all__ = ["Embed", "EmbedError", "MODES", "message_params", "read", "whole_number"]


class EmbedMatch(Match):
    """A match that tells the host page of every action applied (its `tell(kind,
    data)` posts the message)."""

    def tell(self, kind: str, data: dict) -> None:
        """Replaced by the page with the sending of a message."""

    def play(self, action) -> list:
        seat = self.state.to_move
        lines = super().play(action)
        self.tell("action", {"seat": seat, "action": action.to_json(),
                             "events": [event.to_json() for event, _ in lines]})
        if self.state.is_over:
            self.tell("game_over", {"winners": list(self.state.winners),
                                    "reason": self.state.reason})
        return lines


def embed_table(embed: Embed, page, tell, speed: str = "fast", after_verdict=None):
    """The game's own table (game/web/*_table.py), made to play inside a frame: the
    view is always `embed.seat`'s, a challenge is judged after each of the learner's
    actions, and the game's end offers a fresh start from the position.
    `after_verdict(verdict)` may add HTML (a hint, a button on) above "Try again"."""
    base = embed.info.table_class

    class EmbedTable(base):
        verdict = None

        def __init__(self):
            super().__init__(embed.match(tell), page, speed)
            self.tried, self.seen = [], []

        def must_pass_screen(self) -> bool:
            return False  # one learner at the frame: nothing to hide

        def viewer(self):
            return embed.seat

        async def act(self, action) -> bool:
            if self.verdict is not None:
                return False
            start = len(self.match.log)
            applied = await super().act(action)
            if applied and embed.challenge is not None:
                self.tried.append(action)
                self.seen.extend(event for event, _ in self.match.log[start:])
                self.verdict = embed.challenge.judge(self.tried, self.seen, self.state)
                if self.verdict is not None:
                    tell("solved" if self.verdict.solved else "failed",
                         {"words": self.verdict.words,
                          "actions": [a.to_json() for a in self.tried]})
                    self.render()
            return applied

        def verdict_html(self) -> str:
            mark = "solved" if self.verdict.solved else "failed"
            more = after_verdict(self.verdict) if after_verdict else ""
            primary = "" if more else ' class="primary"'
            return (f'<div class="verdict" data-verdict="{mark}" role="alert">'
                    f'<p>{_escape(self.verdict.words)}</p>'
                    f'{more}<div class="controls">'
                    f'<button type="button"{primary} '
                    'data-embed-reset="1">Try again</button>'
                    "</div></div>")

        def panel_html(self) -> str:
            if self.verdict is not None:
                return self.verdict_html()
            return super().panel_html()

        def result_html(self) -> str:
            if self.verdict is not None:  # a challenge won by winning the game
                return self.verdict_html()
            return super().result_html()

        def status_html(self) -> str:
            if self.verdict is not None:
                return _escape(self.verdict.words)
            return super().status_html()

        def end_controls(self) -> str:
            return ('<button type="button" class="primary" data-embed-reset="1">'
                    "Play again from the start</button>")

    return EmbedTable()


def _escape(text: str) -> str:
    return escape(text)
