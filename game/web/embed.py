"""The embeddable board (embed.html): what its URL asks for, and the table it plays.

A teaching page puts a board in an `<iframe src="embed.html?...">`. The parameters:

  game       tsuro | tatsu (required)
  position   the position, in its text form or as JSON (game/<game>/position.py);
             default: a new game's first decision
  record     a saved game as JSON (instead of `position`), with
  step       the number of its actions already played (default: all)
  replay     instead: the game of a share link (what follows its "#replay="), with
             its seats' names and, if it was reviewed, the coach's review: a `view`
             board then marks its costliest choices, the better one drawn and said
  seat       whose view the board shows (only that seat's hand), and who plays in
             `play` and `challenge`: 1 to 8, counted as on the page (Tatsu: 1 Black,
             2 White; also black/white); default: the `you` of `players`, else the seat
             to move
  mode       view (default): the position, stepping through `line` or the rest of
             the record; play: play on against computers; challenge: a task
  line       view: the actions to step through, as a JSON list
  players    play: who sits at each seat, in order: you | easy | medium | hard
             (default: you at `seat`, medium computers elsewhere; a seat named
             by `seat` must be the `you`); with no position,
             a new game for that many
  goal       challenge: a goal of the game (game/<game>/goals.py), e.g. afloat,
             sink:2, escape, destroy:fire
  answer     challenge: instead of a goal, the exact action(s) wanted, as JSON
  task       words shown above the board instead of the goal's own
  hint       on | off (default): play, a Hint button (the coach: the move the hard
             computer would make, and why); challenge, after a wrong try, "Try again with
             a hint", the way to the task drawn and said (the message hint says when)
  id         any short text, echoed in every message to the host page
  lang       the language of the frame's words: en, es, pt, hu or ro (default: English)

All of it is checked here, before anything is drawn: a malformed parameter becomes one
sentence for the frame (EmbedError), never a traceback. This module imports no browser
code; game/web/embed_page.py does the clicks and the messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from importlib import import_module
from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.challenge import Challenge, ChallengeError
from game.core.coach import Advice, Reason
from game.core.errors import RecordError
from game.core.i18n import N_, _, grouped, ngettext
from game.core.limits import MAX_PARAM_CHARS, LimitError, load_json, shown, too_large
from game.core.match import HUMAN, LEVELS, Match, Seat
from game.core.position import PositionError
from game.core.registry import GameInfo, games
from game.core.review import Review
from game.core.words import or_list

if TYPE_CHECKING:
    from game.core.challenge import Verdict
    from game.core.state import GameState

MODES = ("view", "play", "challenge")
KNOWN = ("game", "position", "record", "step", "seat", "mode", "line", "players", "goal",
         "answer", "task", "id", "lang", "hint", "replay")
# The parameters that hold a list of actions, in the words of their messages (the
# parameter's own name stays as written: teachers type it)
ACTION_LISTS = {
    "line": (N_("the line"), N_("The line cannot be read: {reason}."),
             N_('The line is a JSON list of actions, like [["place", 12, 1]].')),
    "answer": (N_("the answer"), N_("The answer cannot be read: {reason}."),
               N_('The answer is a JSON list of actions, like [["place", 12, 1]].')),
}
YOU = "you"
LONGEST_ID = 64


class EmbedError(ValueError):
    """A parameter the frame cannot use; the message is one sentence for a person."""


@dataclass
class Embed:
    """What a frame shows, once its parameters are read."""

    info: GameInfo
    state: GameState  # the position to begin from
    seat: int
    mode: str = "view"
    line: list[Action] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    challenge: Challenge | None = None
    task: str = ""
    ident: str = ""
    hint: bool = False  # hints on (the `hint` parameter)
    names: list[str] = field(default_factory=list)  # the seats' names, if a replay gave them
    review: Review | None = None  # a replay's review, shown by a view of its own line

    @property
    def seat_names(self) -> list[str]:
        return self.names or self.info.seat_names_for(self.state.players)

    def begin(self):
        """A fresh copy of the starting position (for a retry or a reset)."""
        return self.state.clone()

    def match(self, tell=None) -> Match:
        """The match a `play` or `challenge` frame plays, from the starting position;
        `tell(kind, data)` hears of every action applied."""
        # The drawing adds a seat's label where the game names seats by it ("You
        # (Black)"); elsewhere seats are numbered ("Captain 2").
        from game.web.setup import LEVEL_WORDS

        labelled = self.info.label_in_name
        names = self.info.seat_names_for(self.state.players)
        seats = []
        for index, player in enumerate(self.players):
            if player == YOU:
                seats.append(Seat(_("You"), HUMAN))
            elif player == HUMAN:  # a seat nobody plays in a challenge
                seats.append(Seat(_("Opponent") if labelled else names[index], HUMAN))
            else:  # "Easy computer"; "Captain 2, easy computer"
                name = _("{level} computer").format(level=_(LEVEL_WORDS[player]))
                seats.append(Seat(name if labelled else _("{seat}, {computer}").format(
                    seat=names[index], computer=name.lower()), player))
        match = EmbedMatch.at(self.info, self.begin(), seats, seed=0,
                              hints=self.hint and self.mode == "play")
        if tell is not None:
            match.tell = tell  # type: ignore[attr-defined]  # at() made an EmbedMatch
        return match


def read(params: dict) -> Embed:
    """The frame's parameters (name -> text, already percent-decoded) as an Embed."""
    for name, value in params.items():  # the limits first: nothing is read beyond them
        if type(name) is not str or type(value) is not str:
            raise EmbedError(_("The board's parameters are texts."))
        if len(value) > MAX_PARAM_CHARS:
            raise EmbedError(ngettext("The parameter “{name}” is {length} character long; the "
                                      "limit is {limit}.",
                                      "The parameter “{name}” is {length} characters long; "
                                      "the limit is {limit}.", len(value)).format(
                                          name=shown(name, quoted=False),
                                          length=grouped(len(value)),
                                          limit=grouped(MAX_PARAM_CHARS)))
    unknown = sorted(set(params) - set(KNOWN))
    if unknown:
        raise EmbedError(_("This board does not know the parameter “{name}”.").format(
            name=shown(unknown[0], quoted=False)))
    key = (params.get("game") or "").strip().lower()
    known = games()
    if key not in known:
        choices = or_list(f"game={k}" for k in known)
        raise EmbedError(_("There is no game “{name}” here: use {choices}.").format(
            name=shown(key, quoted=False), choices=choices) if key else
            _("Say which game to show: {choices}.").format(choices=choices))
    info = known[key]
    mode = params.get("mode") or "view"
    if mode not in MODES:
        raise EmbedError(_("The mode is view, play or challenge, not “{mode}”.").format(
            mode=shown(mode, quoted=False)))
    state, rest, names, kept_review = _state(info, params)
    players = _players(params.get("players"), state) if mode == "play" else None
    seat = _seat(params.get("seat"), state, info, players)
    hint = params.get("hint") or "off"
    if hint not in ("on", "off"):
        raise EmbedError(_("The hint is on or off, not “{hint}”.").format(
            hint=shown(hint, quoted=False)))
    embed = Embed(info, state, seat, mode, task=params.get("task") or "",
                  ident=(params.get("id") or "")[:LONGEST_ID], hint=hint == "on", names=names)
    if mode == "view":
        embed.line = _actions(params["line"], "line") if params.get("line") else rest
        _playable(state, embed.line)
        if not params.get("line"):  # (its marks are of the game's own line)
            embed.review = kept_review
    elif mode == "play":
        embed.players = players or [YOU if s == seat else "medium"
                                    for s in range(state.players)]
    else:
        embed.players = [YOU if s == seat else HUMAN for s in range(state.players)]
        answer = _actions(params["answer"], "answer") if params.get("answer") else ()
        try:
            embed.challenge = Challenge(seat, params.get("goal") or None, tuple(answer),
                                        info.goals)
        except ChallengeError as err:
            raise EmbedError(_("The challenge cannot be set: {reason}.").format(
                reason=err)) from None
        if state.is_over or state.to_move != seat:
            raise EmbedError(_("In this position it is not seat {seat}'s turn, so it cannot "
                               "be a challenge for that seat.").format(seat=seat + 1))
    if mode != "view" and state.is_over:
        raise EmbedError(_("The game is already over in this position: nothing to play."))
    return embed


def _state(info: GameInfo, params: dict):
    """The starting state, the actions after it (the rest of a record), the seats' names
    and the review a replay holds (else [] and None)."""
    cls = info.state_class
    for name in ("position", "record", "replay"):  # given but empty: a slip, not a new game
        if name in params and not params[name].strip():
            raise EmbedError(_("The parameter “{name}” is empty: give one, or leave it out "
                               "for a new game.").format(name=name))
    if sum(bool(params.get(name)) for name in ("position", "record", "replay")) > 1:
        raise EmbedError(_("Give one of a position, a saved game or a replay, not two."))
    if params.get("replay"):
        return _replayed(info, params)
    if params.get("record"):
        try:
            record = load_json(params["record"], _("the saved game"))
        except LimitError as err:
            raise EmbedError(_("The saved game cannot be opened: {reason}.").format(reason=err)
                             if not err.not_json else _("The saved game is not valid JSON.")
                             ) from None
        upto = _step(params.get("step"), None)
        try:
            state = cls.from_record(record, upto=upto)
            whole = cls.from_record(record)
        except RecordError as err:
            raise EmbedError(_("The saved game cannot be opened: {reason}.").format(
                reason=err)) from None
        return state, whole.history[len(state.history):], [], None
    if params.get("position"):
        try:
            return cls.from_position(params["position"]), [], [], None
        except PositionError as err:
            raise EmbedError(_("The position cannot be shown: {reason}.").format(
                reason=err)) from None
    count = len((params.get("players") or "").split(",")) if params.get("players") else 0
    low, high = info.players
    return cls(info.config_for(count if low <= count <= high else low), 0), [], [], None


def _replayed(info: GameInfo, params: dict):
    """A share link's game (`replay`): its state at `step` (default: the start), the
    actions after it, its seats' names and its review."""
    from game.web.saved import SHARE_PREFIX, SavedGameError, from_fragment

    try:
        match, _pace = from_fragment(SHARE_PREFIX + params["replay"].strip())
    except SavedGameError as err:
        raise EmbedError(_("The replay cannot be opened: {reason}.").format(
            reason=err)) from None
    if match.game.key != info.key:
        raise EmbedError(_("The replay is a game of {found}, not of {wanted}.").format(
            found=match.game.shown_name, wanted=info.shown_name))
    whole = match.state
    upto = _step(params.get("step"), 0)
    try:
        state = info.state_class.from_record(whole.to_record(), upto=upto)
    except RecordError as err:
        raise EmbedError(_("The replay cannot be opened: {reason}.").format(
            reason=err)) from None
    return state, whole.history[len(state.history):], match.names, match.review


def _step(text, default: int | None) -> int | None:
    """The `step` parameter: a whole number, or `default` when it is not given."""
    if text in (None, ""):
        return default
    upto = whole_number(text)
    if upto is None:
        raise EmbedError(_("The step is a whole number, not “{step}”.").format(
            step=shown(text, quoted=False)))
    return upto


def _seat(text, state, info: GameInfo, players: list[str] | None = None) -> int:
    """The seat the frame shows and plays: the one named, else the player "you" of
    `players`, else the one to move."""
    if text in (None, ""):
        if players and YOU in players:
            return players.index(YOU)
        return state.to_move if state.to_move is not None else 0
    seat = _seat_named(text, state, info)
    if players and YOU in players and players[seat] != YOU:
        raise EmbedError(_("The seat shown is the one you play: seat {seat} is “{player}” "
                           "in the players, not “you”.").format(seat=seat + 1,
                                                                player=players[seat]))
    return seat


def _seat_named(text: str, state, info: GameInfo) -> int:
    # (the labels as written in the parameter: English, "black", and not translated)
    words = {name.lower(): index for index, name in enumerate(info.load(info.seat_labels))}
    text = text.strip().lower()
    if text in words:
        return words[text]
    number = whole_number(text)
    if number is None or not 1 <= number <= state.players:
        raise EmbedError(_("The seat is a number from 1 to {most}, not “{seat}”.").format(
            most=state.players, seat=shown(text, quoted=False)))
    return number - 1


def _players(text, state) -> list[str] | None:
    """Who sits at each seat, or None when the parameter is not given."""
    if not text:
        return None
    players = [p.strip().lower() for p in text.split(",")]
    if len(players) != state.players:
        raise EmbedError(ngettext("Name {count} player (you, easy, medium or hard), not "
                                  "{given}.",
                                  "Name {count} players (you, easy, medium or hard), not "
                                  "{given}.", state.players).format(count=state.players,
                                                                    given=len(players)))
    for player in players:
        if player != YOU and player not in LEVELS:
            raise EmbedError(_("A player is you, easy, medium or hard, not “{player}”.")
                             .format(player=shown(player, quoted=False)))
    return players


def _actions(text: str, name: str) -> list[Action]:
    """The actions of the parameter `name` ("line" or "answer": ACTION_LISTS)."""
    what, unreadable, not_a_list = ACTION_LISTS[name]
    try:
        data = load_json(text, _(what))
    except LimitError as err:
        if not err.not_json:
            raise EmbedError(_(unreadable).format(reason=err)) from None
        data = None
    try:
        if not isinstance(data, list):
            raise ValueError
        if data and isinstance(data[0], str):  # one action on its own
            data = [data]
        return [Action.from_json(item) for item in data]
    except ValueError:
        raise EmbedError(_(not_a_list)) from None


def _playable(state, line: list[Action]) -> None:
    """Refuse a line of play the rules do not allow from the position, naming the step."""
    trial = state.clone()
    for number, action in enumerate(line, 1):
        try:
            trial.apply(action)
        except ValueError as err:  # RuleError
            raise EmbedError(_("Step {number} of the line is not allowed: {reason}.").format(
                number=number, reason=err)) from None


def views(embed: Embed) -> list:
    """Every position of a `view` frame, with the words of what led to it: the start,
    then the position after each action of the line."""
    names = embed.seat_names
    shown: list[tuple[GameState, list[str]]] = [(embed.begin(), [])]
    for action in embed.line:
        after = shown[-1][0].clone()
        events = after.apply(action)
        words = [embed.info.describe(event, names) for event in events]
        shown.append((after, [line for line in words if line]))
    return shown


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
        raise EmbedError(_("The page sent this board a message it cannot read: its "
                           "parameters are a short list of names and texts."))
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
                             "events": [event.to_json() for event, _line in lines]})
        if self.state.is_over:
            self.tell("game_over", {"winners": list(self.state.winners),
                                    "reason": self.state.reason})
        return lines


class _InAFrame:
    """What any game's table does differently inside a frame, whatever the embed (a
    base put before the game's table class, so that these take the place of its own)."""

    def must_pass_screen(self) -> bool:
        return False  # one learner at the frame: nothing to hide

    def roster_html(self) -> str:
        return ""  # a frame is small: the board and the task only

    def end_controls(self) -> str:
        again = _escape(_("Play again from the start"))
        return ('<button type="button" class="primary" data-embed-reset="1">'
                f"{again}</button>")


def embed_table(embed: Embed, page, tell, speed: str = "fast", after_verdict=None,
                hinted: bool = False):
    """The game's own table (game/web/*_table.py), made to play inside a frame: the
    view is always `embed.seat`'s, a challenge is judged after each of the learner's
    actions, and the game's end offers a fresh start from the position.
    `after_verdict(verdict)` may add HTML (a hint, a button on) above "Try again".
    With hints on (`embed.hint`), a play board offers the coach's Hint; a challenge
    offers its own way to the task as a hint once `hinted` (after a wrong try), and
    each hint shown is told to the host page (message hint {actions})."""
    base = embed.info.table_class

    class EmbedTable(_InAFrame, base):  # type: ignore[misc, valid-type]  # base: the game's Table
        verdict: Verdict | None = None

        def __init__(self):
            super().__init__(embed.match(tell), page, speed)
            self.tried, self.seen = [], []
            _hints_in_a_frame(self, embed, tell, hinted)

        async def act(self, action) -> bool:
            if self.verdict is not None:
                return False
            start = len(self.match.log)
            applied = await super().act(action)
            verdict = _judged(self, embed, action, start) if applied else None
            if verdict is not None:
                tell("solved" if verdict.solved else "failed",
                     {"words": verdict.words, "actions": [a.to_json() for a in self.tried]})
                self.render()
            return applied

        def replay_kept(self, actions: list) -> None:
            _replay_kept(self, embed, actions)

        def verdict_html(self) -> str:
            mark = "solved" if self.verdict.solved else "failed"  # type: ignore[union-attr]  # shown once judged
            more = after_verdict(self.verdict) if after_verdict else ""
            primary = "" if more else ' class="primary"'
            again = _escape(_("Try again"))
            helped = ""
            if embed.hint and mark == "failed" and embed.challenge is not None:
                with_hint = _escape(_("Try again with a hint"))
                helped = f'<button type="button" data-embed-reset="hint">{with_hint}</button>'
            return (f'<div class="verdict" data-verdict="{mark}" role="alert">'
                    f'<p>{_escape(self.verdict.words)}</p>'  # type: ignore[union-attr]
                    f'{more}<div class="controls">'
                    f'<button type="button"{primary} '
                    f'data-embed-reset="1">{again}</button>{helped}'
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

    return EmbedTable()


def _judged(table, embed: Embed, action, start: int):
    """The challenge's verdict once `action` is played on the table (its events from the
    log's `start` on): None while the challenge is open, and on a board without one."""
    if embed.challenge is not None:
        table.tried.append(action)
        table.seen.extend(event for event, _line in table.match.log[start:])
        table.verdict = embed.challenge.judge(table.tried, table.seen, table.state)
    return table.verdict


def _replay_kept(table, embed: Embed, actions: list) -> None:
    """The actions played on a board before its runtime ended (the page's memo: their
    JSON), played again at once, unseen and untold, each only while it is legal; a
    challenge judged as it was."""
    told, table.match.tell = table.match.tell, lambda kind, data: None
    try:
        for item in actions:
            try:
                action = Action.from_json(item)
            except (TypeError, ValueError):
                break
            if table.verdict is not None or action not in table.state.legal_actions():
                break
            start = len(table.match.log)
            table.match.play(action)
            _judged(table, embed, action, start)
    finally:
        table.match.tell = told
    table.render()


def _hints_in_a_frame(table, embed: Embed, tell, hinted: bool) -> None:
    """A frame's hints (hint=on): each shown is told to the host page; a challenge's are
    offered once `hinted` (after a wrong try), and show its own way to the task."""
    if not embed.hint:
        return
    table.coach.on_shown = lambda advice: tell(
        "hint", {"actions": [action.to_json() for action in advice.turn]})
    if embed.challenge is not None:
        table.coach.allowed = lambda: hinted and table.verdict is None
        table.coach.source = lambda state: _challenge_way(table, embed, state)
        table.coach.words = lambda advice: _way_words(table, embed, advice)


def _challenge_way(table, embed: Embed, state):
    """The challenge's own way to its task from here, as a hint (a thinking generator;
    the coach's move where the search finds none)."""
    way = embed.challenge.solution(state, table.tried, table.seen)  # type: ignore[union-attr]
    if not way:
        return (yield from import_module(embed.info.coach).advise(state))
    yield
    return Advice(seat=state.to_move, action=way[0], turn=way, best_value=1.0,
                  reasons=(Reason("task"),))


def _way_words(table, embed: Embed, advice: Advice) -> str:
    coach = import_module(embed.info.coach)
    if not advice.reasons or advice.reasons[0].kind != "task":
        return coach.hint_words(advice, table.match.names)
    move = coach.state_move_words(table.state, advice.action)
    return _("{move}: that is the way to the task.").format(move=move)


def _escape(text: str) -> str:
    return escape(text)
