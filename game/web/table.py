"""What both game tables share: pacing computer turns, playing events one after another,
hiding hands between people at one screen, the log, the end of the game.

A table talks to the page through a small object (`page`, the TablePage protocol below;
game/web/port.py's TablePage sends each call to the page as a message), so that this
module imports no browser code and is tested natively with a fake page.

Two things both tables offer beside the game (the issue "Games are never lost"):
  Take back   a person takes back their own last decisions while nothing new came to
              light and nobody else acted (game/core/takeback.py has the rule, each
              engine its REVEALING events); a casual game against computers allows a
              whole turn. The panel's button (data-takeback) when allowed; key U.
  Replay      step backward and forward through the game in progress (a person to
              move) or a finished one, the board drawn from the viewing seat only:
              the panel's Replay button (data-replay), "Replay the game" once it is
              over, or a click on a log line (data-step). While replaying, nothing can
              be played: buttons data-replay="first|back|next|last|live", keys ← → Home
              End, Escape back to the game.
A third, in a game started with hints on: the coach (game/web/coaching.py), the Hint button
(data-hint) and key H.
Clicks: `click(data)` with "takeback", "replay", "step" (a log line's data-step) or
"hint" are the table's own (`shared_click`); each game's table handles the rest.
"""

import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from html import escape
from typing import Any, Protocol

from game.core import RuleError
from game.core.event_kinds import EventKind
from game.core.i18n import N_, _, ngettext
from game.core.rule_links import rule_anchor, rule_words
from game.core.words import and_list
from game.web.coaching import HINT_KEYS, TableCoach
from game.web.replay import Replay, logged_lines
from game.web.reviewing import TableReview

# Seconds a log line stays in view, per pace. A computer also waits one step before it
# moves, so that a person sees whose turn it is; lines of bookkeeping (a turn begins, a
# calm roll, tiles drawn) take a third of a step. At "normal" a computer's turn of Tsuro
# of the Seas lasts about a second and a half.
SPEEDS = {"slow": 0.9, "normal": 0.35, "fast": 0.12, "instant": 0.0}
PACE_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
              "instant": N_("Instant")}
BRIEF = 1 / 3
ACTION_STEPS = 6  # the lines of one action hold the screen for at most this many steps
LOG_PART = 50  # the game log's lines in one list (static/page.js adds them alike)
# A thinking bot hands the browser its turn at least this often (seconds): long enough
# that the hand-overs cost little, short enough that clicks and redraws feel immediate.
THINK_SLICE = 0.03


# Keys of a replay, and the step each one goes to.
REPLAY_KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last",
               "Escape": "live"}
TAKEBACK_KEYS = ("u", "U")


def words_html(message: str, **parts) -> str:
    """A message (already translated) as HTML text or an attribute's value: its own words
    escaped (&, <, >, and the double quote), its {placeholders} filled with `parts`, which
    are HTML already (an escaped name, a <strong>)."""
    return escape(message, quote=False).replace('"', "&quot;").format(**parts)


class TablePage(Protocol):
    """What a table may ask of the page."""

    def show(self, region: str, html: str) -> None:
        """Replace a region's content ("status", "board", "panel", "overlay", and "log"
        when a takeback rewrites the game log: <li data-step="k"> items); regions are
        elements with those ids."""

    def log(self, line: str, step: Any = None) -> None:
        """Add a line to the game log; `step` is the replay's step the line belongs to,
        put on the line as data-step, so that a click on it opens the replay there."""

    def mark_log(self, step: Any) -> None:
        """Mark the log's lines of the replay's `step` (None: none)."""

    def highlight(self, selector: str) -> None:
        """Mark elements of the board for a moment (an animation cue)."""

    def focus(self, selectors: Any) -> None:
        """Put the keyboard focus on what the person acts on next, unless the person
        has it somewhere the redraw kept."""

    def refocus(self) -> None:
        """The next focus() moves the focus even so."""

    async def pause(self, seconds: float) -> None:
        """Let the player follow (and the other messages in)."""

    def hold(self, moves: Any) -> None:
        """Pieces about to move wait where their moves begin."""

    def release(self, selector: Any = None) -> None:
        """Held pieces (None: all) go back to their places: the action's motion is over."""

    async def move(self, moves: Any, step_seconds: float) -> None:
        """Play an event's moves; return once they are played."""

    def done(self, winners: Any) -> None:
        """The game is over (for the page's own bookkeeping)."""


# The keys every game's page has (the help dialog: `help_dialog`), as (keys, what they
# do), in English (the dialog says them through _(); a key name a keyboard writes in
# another way, "Inicio" for Home, is translated too); each table adds its own
# (HELP_KEYS, marked with N_() likewise) between the first ones and the last.
COMMON_KEYS = (
    (N_("Tab, Shift+Tab"), N_("move between the board, your controls and the game log")),
    ("← → ↑ ↓", N_("move between the choices on the board (or in your hand)")),
    (N_("Home, End"), N_("the first or last of those choices")),
    (N_("Enter, Space"), N_("act on the choice in focus")),
    (N_("Escape"), N_("drop the choice you are making")),
)
END_KEYS = (
    ("U", N_("take back your last move, when it may be taken back")),
    ("H", N_("a hint, in a game with hints on: the move the hard computer would make")),
    (N_("← →, Home, End"), N_("in a replay: step back and forth, to the first or last step")),
    (N_("Escape"), N_("in a replay: back to the game")),
    ("?", N_("this list of keys")),
)


def _icon(path: str) -> str:
    """A replay button's picture, drawn (a font may lack the ⏮ ⏭ glyphs): its words are
    the button's label."""
    return (f'<svg class="icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" '
            f'focusable="false"><path d="{path}" fill="currentColor"/></svg>')


ICONS = {"first": _icon("M2 2h2.5v12H2zM14 2v12L5 8z"), "back": _icon("M12 2v12L3 8z"),
         "next": _icon("M4 2v12l9-6z"), "last": _icon("M11.5 2H14v12h-2.5zM2 2v12l9-6z")}


def keys_button() -> str:
    """The button that opens the help dialog (the key ? does too)."""
    keys = escape(_("Keys"))
    return ('<button type="button" class="keys-button" data-keys-help="1" '
            f'aria-haspopup="dialog" aria-keyshortcuts="?">{keys}</button>')


def keys_of(table_class) -> tuple:
    """Every (keys, meaning) pair of a game's page, its table's own in the middle, in
    English (as marked)."""
    return COMMON_KEYS + tuple(getattr(table_class, "HELP_KEYS", ())) + END_KEYS


def help_dialog(title: str, table_class) -> str:
    """The closed help dialog of a game's page: the page opens it with showModal (so that
    it is modal and Escape closes it) from the Keys button or the key ?. `title`: the
    game's name, as shown."""
    rows = "".join(f"<dt>{escape(_(keys))}</dt><dd>{escape(_(what))}</dd>"
                   for keys, what in keys_of(table_class))
    heading = escape(_("Keys of {game}").format(game=title))
    close = escape(_("Close"))
    return (f'<dialog id="keys-help" class="keys-help" aria-labelledby="keys-help-title">'
            f'<h2 id="keys-help-title">{heading}</h2>'
            f'<dl class="keys-list">{rows}</dl>'
            '<div class="controls"><button type="button" class="primary" '
            f'data-keys-close="1">{close}</button></div></dialog>')


def pace_select(chosen: str) -> str:
    """The pace menu shown beside a game in progress (the page sends its changes)."""
    options = "".join(f'<option value="{key}"{" selected" if key == chosen else ""}>'
                      f"{escape(_(words))}</option>" for key, words in PACE_WORDS.items())
    label = escape(_("Pace of play"))
    return (f'<label class="pace">{label} <select name="pace" data-pace="1">{options}'
            "</select></label>")


# What a click acts on besides buttons (the page finds the element clicked by these data
# attributes): the page's own, then each game's table's (its CLICKABLE).
PAGE_CLICKABLE = ("game", "start", "again", "new", "ready", "skip-motion")


def clickable() -> str:
    """A CSS selector of everything a click acts on (static/page.js asks the closest)."""
    from game.core.registry import games

    names = list(PAGE_CLICKABLE)
    for info in games().values():
        names += [name for name in info.table_class.CLICKABLE if name not in names]
    return ",".join(f"[data-{name}]" for name in names) + ",#log li[data-step]"


class Table(ABC):
    """Subclasses draw their game (`board_html`, `panel_html`, `cue`), turn clicks into
    actions (`click`) and name the data attributes their clicks come from (CLICKABLE)."""

    CLICKABLE: tuple[str, ...] = ()

    def __init__(self, match, page: TablePage, speed: str = "normal"):
        self.match = match
        self.page = page
        self.speed = speed if speed in SPEEDS else "normal"
        self._message = ""  # a refusal or hint for the person to move
        self.rule: str | None = None  # the rule a refusal cites (linked to its rules page)
        self.news: list[str] = []  # what befell ships since a person last acted (said until then)
        self.shown_to: int | None = None  # the person whose secrets are on screen (hot seat)
        self.busy = False
        # a game shown to somebody not at its table (a shared replay): nobody's view, no
        # "you", nothing to play; its end offers the viewer a game of their own
        self.spectator = False
        self.resigned = None  # the seat of the person who resigned (the game ends there)
        self.animating = False  # an action's motion plays: the board offers no choice yet
        self.roster_before: str | None = None  # the players' list as it was before that action
        self.skipping = False  # a person asked to see the end at once
        self.notice = ""  # said before the prompt until the next action (a takeback)
        self.replay_step: Any = None  # the step a replay shows; None: the live game
        self.replay_seat: int | None = None  # whose view the replay shows
        self._replay: Any = None  # a Replay: the game's positions by step (game/web/replay.py)
        self.coach = TableCoach(self)  # hints on request (game/web/coaching.py)
        self.reviewing = TableReview(self)  # the finished game's review (game/web/reviewing.py)

    # --- what subclasses provide -------------------------------------------------------
    @abstractmethod
    def board_html(self) -> str:
        """The board as SVG markup, from the viewer's side."""

    @abstractmethod
    def panel_html(self) -> str:
        """The controls of the person to move (hand, dice, buttons)."""

    @abstractmethod
    def focus_target(self) -> list[str]:
        """CSS selectors of what the person acts on next, the first found first (for the
        keyboard focus)."""

    # The game's kinds of event (KINDS of game/<game>/events.py): what cue, brief and
    # is_news read. A kind's cue field: the selector of the piece it names ("{}": the
    # field's value), in the board this table draws.
    event_kinds: Mapping[str, EventKind] = {}
    cue_selectors: Mapping[str, str] = {}

    def cue(self, event):
        """A CSS selector of board elements an event concerns, or None."""
        kind = self.event_kinds.get(event.kind)
        if kind is None or kind.cue is None:
            return None
        return self.cue_selectors[kind.cue].format(event.data[kind.cue])

    def brief(self, event) -> bool:
        """True for an event of bookkeeping, shown more briefly than the play itself."""
        kind = self.event_kinds.get(event.kind)
        return kind is not None and kind.is_brief(event.data)

    def is_news(self, event) -> bool:
        """True for an event whose line stays on screen until a person acts (a ship
        sunk)."""
        kind = self.event_kinds.get(event.kind)
        return kind is not None and kind.news

    def refocus(self) -> None:
        """Ask the page to move the focus on at the next render even though the focused
        element is still drawn."""
        self.page.refocus()

    def forget_choice(self) -> None:  # noqa: B027 -- a game may have no choice to drop
        """Drop a half-made choice (a selected tile, a selected stone)."""

    def roster_html(self) -> str:
        """Who is who at the table, where the board alone does not say it (beside the
        board on the game's page): nothing by default."""
        return ""

    @staticmethod
    def seat_html(state, seat: int, name: str) -> str:
        """What only `seat` sees of a position shown, not played (an embedded board in
        `view` mode): nothing where every piece is on the board."""
        return ""

    def standings(self) -> list:
        """[(seat, what became of it)] in finishing order, for the end of the game."""
        return [(s, _("wins") if s in self.state.winners else _("loses"))
                for s in sorted(range(self.state.players),
                                key=lambda s: s not in self.state.winners)]

    def replay_board_html(self, state, seat, ghost=None) -> str:
        """A past position's board from `seat`'s side (None: nobody's), with nothing to
        click and nothing `seat` may not see; `ghost`: a review's better choice there."""
        drawing = self.match.game.svg
        return drawing.board(drawing.board_view(state), seat=seat, highlight=False,
                             names=self.match.names, ghost=ghost)

    hides_hands = False  # Tsuro of the Seas: hands stay hidden between people
    takeback_allowed = True  # a table may offer no takeback (an embedded board)
    replay_allowed = True  # nor a replay

    # --- shared ------------------------------------------------------------------------
    @property
    def message(self) -> str:
        return self._message

    @message.setter
    def message(self, words: str) -> None:
        self._message, self.rule = words, None

    def refuse(self, refusal: RuleError) -> None:
        """Say why an action is not allowed, citing its rule (a link to where the rules
        page explains it). The rule stays its English key (for the link); it is shown in
        the page's words (rule_links.rule_words)."""
        self._message = _("Not allowed: {reason}").format(reason=refusal.plain)
        self.rule = refusal.rule

    def message_html(self) -> str:
        text = escape(self._message)
        if self.rule is None:
            return text
        url = rule_anchor(self.match.game.key, self.rule)
        rule = escape(rule_words(self.match.game.key, self.rule))
        if url is None:
            return f"{text} ({rule})."
        label = words_html(_("{rule}: the rule, in a new tab"), rule=rule)
        return (f'{text} (<a href="{url}" target="_blank" rel="noopener" '
                f'aria-label="{label}">{rule}</a>).')

    @property
    def state(self):
        return self.match.state

    @property
    def step(self) -> float:
        return 0.0 if self.skipping else SPEEDS[self.speed]

    def set_speed(self, speed: str) -> None:
        """The pace changed during the game: the next line already follows it."""
        if speed in SPEEDS:
            self.speed = speed

    def name(self, seat: int) -> str:
        return escape(self.match.seats[seat].name)

    def must_pass_screen(self) -> bool:
        """With several people at one screen, a hidden hand waits behind a pass screen."""
        seat = self.state.to_move
        return (not self.spectator and self.hides_hands and self.match.humans > 1
                and self.match.human_to_move and self.shown_to != seat)

    def people(self) -> list:
        if self.spectator:
            return []
        return [i for i, s in enumerate(self.match.seats) if s.is_human]

    def viewer(self):
        """The seat whose view the screen shows: the person to move, else the only
        person at the table, else nobody's secrets."""
        if self.spectator:
            return None if self.hides_hands else self.state.to_move
        if self.match.human_to_move and not self.must_pass_screen():
            return self.state.to_move
        humans = self.people()
        if len(humans) == 1:
            return humans[0]
        return None if self.hides_hands else self.state.to_move

    def people_out(self) -> bool:
        """True when the game goes on among computers only: every person is out."""
        out = getattr(self.state, "out", None)
        return (out is not None and not self.state.is_over and bool(self.people())
                and all(out[s] is not None for s in self.people()))

    def render(self) -> None:
        if self.replay_step is not None:
            self.render_replay()
            return
        self.page.show("board", self.board_html())
        if self.ended:
            self.page.show("panel", self.result_html())
            self.page.show("overlay", "")
        elif self.must_pass_screen():
            seat = self.state.to_move
            name = self.name(seat)
            label = words_html(_("Pass to {name}"), name=name)
            words = words_html(_("Pass the screen to {name}."), name=f"<strong>{name}</strong>")
            ready = words_html(_("I am {name}: show my tiles"), name=name)
            self.page.show("panel", "")
            self.page.show("overlay", (
                f'<div class="pass-screen" role="dialog" aria-modal="true" '
                f'aria-label="{label}"><p>{words}</p>'
                f'<button type="button" class="primary" data-ready="{seat}">'
                f"{ready}</button>"
                f"{self.takeback_button()}</div>"))
        else:
            self.page.show("overlay", "")
            # who is afloat and how many tiles each holds change when the motion that
            # changes them ends, not before (a ship still sailing is not yet out)
            roster = (self.roster_before if self.animating and self.roster_before is not None
                      else self.roster_html())
            self.page.show("panel", roster + self.panel_html() + self.tools_html())
        self.page.show("status", self.status_html())
        self.page.focus(self.focus_target())

    def tools_html(self) -> str:
        """Under the person's controls: take back, replay (when offered)."""
        if self.busy or self.state.is_over or not self.match.human_to_move:
            return ""
        hint = self.coach.hint_html()  # (the hint's sentence, beside its button)
        buttons = self.coach.button() + self.takeback_button()
        if self.replay_offered():
            label, replay = escape(_("Replay the game so far")), escape(_("Replay"))
            buttons += ('<button type="button" data-replay="back" '
                        f'aria-label="{label}">{replay}</button>')
        return f'{hint}<div class="controls game-tools">{buttons}</div>' if buttons else hint

    def status_html(self) -> str:
        if self.state.is_over or self.resigned is not None:
            reviewing = self.reviewing.status_html()
            return escape(_("The game is over.")) if reviewing is None else reviewing
        news = self.news_html()
        seat = self.state.to_move
        if not self.match.human_to_move:
            thinking = words_html(_("{name} is thinking…"), name=self.name(seat))
            return f'{news}<span class="thinking">{thinking}</span>'
        if self.message:
            return f'{news}<span class="refused" role="alert">{self.message_html()}</span>'
        notice = f'<span class="notice-line">{escape(self.notice)}</span> ' if self.notice else ""
        return news + notice + self.prompt()

    def news_html(self, hidden: bool = False) -> str:
        """The news lines that head the status (`hidden`: not read out again, as in the
        lines of play, which the log announces)."""
        attribute = ' aria-hidden="true"' if hidden else ""
        return "".join(f'<span class="news"{attribute}>{escape(line)}</span> '
                       for line in self.news)

    def prompt(self) -> str:
        return words_html(_("{name} to play."), name=self.name(self.state.to_move))

    @property
    def ended(self) -> bool:
        """Over by the rules, or by a person's resigning."""
        return self.state.is_over or self.resigned is not None

    def may_resign(self) -> bool:
        """A person alone against computers may resign a game in play."""
        people = self.people()
        return (len(people) == 1 and len(self.match.seats) > 1 and not self.ended
                and self.replay_step is None)

    def resign(self) -> None:
        """The person gives the game up: it ends here, the computers stop."""
        if self.may_resign():
            self.resigned = self.people()[0]
            self.forget_choice()
            self.render()

    def resigned_html(self) -> str:
        again = escape(_("Replay the game"))
        replay = (f'<button type="button" data-replay="first">{again}</button>'
                  if self.replay_offered() else "")
        words = escape(_("You resigned: the game is over."))
        return (f'<div class="result" data-resigned="{self.resigned}">'
                f'<p class="result-line">{words}</p>'
                f'<div class="controls">{self.end_controls()}{replay}</div></div>')

    def result_html(self) -> str:
        if self.resigned is not None and not self.state.is_over:
            return self.resigned_html()
        winners = self.state.winners
        names = f"<strong>{and_list(self.name(s) for s in winners)}</strong>"
        result = words_html(_("{names} wins!") if len(winners) == 1 else
                            _("{names} share the win!"), names=names)
        people = self.people()
        rows = []
        for seat, fate in self.standings():
            # "You" as a tag before the name (a name may end in "(Black)" already)
            you = (f'<span class="you-tag">{escape(_("You"))}</span> '
                   if seat in people and len(people) == 1 else "")
            person = ' class="person"' if seat in people else ""
            rows.append(f'<li data-seat="{seat}"{person}>{you}<strong>{self.name(seat)}'
                        f"</strong> {escape(fate)}</li>")
        mine = ""
        if len(people) == 1:  # a person alone against computers hears their own result
            won = people[0] in winners
            words = (_("You win!") if len(winners) == 1 else _("You share the win!")) if won \
                else _("You lose.")
            mine = (f'<p class="your-result" data-won="{"true" if won else "false"}">'
                    f"{escape(words)}</p>")
        again = escape(_("Replay the game"))
        replay = (f'<button type="button" data-replay="first">{again}</button>'
                  if self.replay_offered() else "")
        return (f'<div class="result" data-winners="{",".join(map(str, winners))}">'
                f'<p class="result-line">{result}</p>{mine}'
                f'<ol class="standings">{"".join(rows)}</ol>'
                f'{self.reviewing.summary_html()}'
                f'<div class="controls">{self.end_controls()}{replay}'
                f'{self.reviewing.button()}</div></div>')

    def end_controls(self) -> str:
        """The buttons offered once the game is over."""
        if self.spectator:  # somebody else's game: a game of the viewer's own
            own = escape(_("Play a game of {game}").format(game=self.match.game.shown_name))
            return f'<button type="button" class="primary" data-new="1">{own}</button>'
        same, new, change = (escape(_("Same deal again")), escape(_("New deal")),
                             escape(_("Change players")))
        return (f'<button type="button" class="primary" data-again="same">{same}'
                f'</button><button type="button" data-again="new">{new}</button>'
                f'<button type="button" data-new="1">{change}</button>')

    async def start(self) -> None:
        self.render()
        await self.advance()

    async def advance(self) -> None:
        """Let computer seats play until a person must act or the game ends."""
        self.busy = True
        try:
            while not self.ended and not self.match.human_to_move:
                self.render()
                await self.page.pause(self.step)
                action = await self.computer_choice()
                if self.ended:  # resigned while the computer thought: it plays no more
                    break
                lines = self.match.play(action)
                self.animating = True
                self.page.show("board", self.board_html())  # cues land on the new board
                await self.animate(lines)
        finally:
            self.busy = False
        self.render()
        if self.state.is_over:
            self.page.done(self.state.winners)

    async def computer_choice(self):
        """The computer's action. A bot that can think in slices (a `think(state)`
        generator) yields to the browser between slices, so the page never freezes."""
        bot = self.match.bots[self.state.to_move]
        if not hasattr(bot, "think"):
            return bot(self.state)
        return await self.sliced(bot.think(self.state))

    async def sliced(self, steps):
        """Run a thinking generator (a bot's think, the coach's advise) to its end, the
        browser given its turn between slices; its result."""
        slice_end = time.perf_counter() + THINK_SLICE
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                return finished.value
            if time.perf_counter() >= slice_end:
                await self.page.pause(0)
                slice_end = time.perf_counter() + THINK_SLICE

    def motion_plan(self, lines) -> dict:
        """{index in `lines`: the Moves played with that event} (game/core/motion.py);
        each game's table says how its pieces move."""
        return {}

    async def animate(self, lines) -> None:
        """An action's lines and motion; the board drawn during it (self.animating)
        offers no choice: the next decision is shown once the motion has ended."""
        self.animating = True
        try:
            await self._animate(lines)
        finally:
            self.animating = False

    async def _animate(self, lines) -> None:
        budget = ACTION_STEPS * self.step  # a roll that stirs every daikaiju stays brisk
        step = len(self.state.history) if self.match.rewindable else None
        moving = self.step > 0
        plan = self.motion_plan(lines) if moving else {}
        if plan:  # what will move waits where it was until its turn comes
            self.page.hold([move for moves in plan.values() for move in moves])
        try:
            await self._play(lines, plan, budget, step)
        finally:
            if plan:
                self.page.release()

    async def _play(self, lines, plan: dict, budget: float, step) -> None:
        """Each event of an action: its line, its cue, its motion, its pause."""
        for index, (event, line) in enumerate(lines):
            moves = plan.get(index)
            if not line and not moves:
                continue
            if line:
                if self.is_news(event):  # with nobody left to act, the latest two stay
                    nobody = self.people_out() or not self.people()
                    self.news = [*self.news[-1:], line] if nobody else [*self.news, line]
                self.log_line(line, step)
                # the log region announces the line; the status only shows it, under
                # the news, which stays there while the computers play: a status that
                # dropped its news at each line and took it back after would move the
                # whole table up and down (a news line is the line itself)
                shown = "" if self.is_news(event) else (
                    f'<span aria-hidden="true">{escape(line)}</span>')
                self.page.show("status", self.news_html(hidden=True) + shown)
                selector = self.cue(event)
                if selector:
                    self.page.highlight(selector)
            pause = min(budget, self.step * (BRIEF if self.brief(event) else 1)) if line else 0
            if moves:  # the pieces move (within the action's time: quicker when many do)
                wanted = max(m.steps + m.delay for m in moves) * self.step
                spent = min(wanted, max(budget, self.step / 3))
                await self.page.move(moves, self.step * spent / wanted)
                budget -= spent
                pause = min(max(0.0, pause - spent), max(budget, 0.0))
            if pause > 0:
                budget -= pause
                await self.page.pause(pause)

    async def act(self, action) -> bool:
        """A person's action: applied, animated, then the computers play on. A refused
        action shows the rule it breaks and changes nothing. True if it was applied.
        Nothing is played during a replay."""
        if self.busy or self.replay_step is not None or self.spectator or self.ended:
            return False
        roster = self.roster_html()
        try:
            lines = self.match.play(action)
        except RuleError as refusal:
            self.refuse(refusal)
            self.render()
            return False
        self.message = ""
        self.notice = ""
        self.news = []
        self.forget_choice()
        self.busy = True
        self.animating = True
        self.roster_before = roster
        try:
            self.render()
            await self.animate(lines)
        finally:
            self.busy = False
            self.roster_before = None
        await self.advance()
        return True

    def skip_to_end(self) -> None:
        """Every person is out: the computers finish the game without pauses."""
        self.skipping = True

    async def idle(self) -> None:
        """Wait while the table animates or a computer plays: a click or key made then
        is kept for afterwards, not lost."""
        while self.busy:
            await self.page.pause(0.05)

    async def reveal(self, seat: int) -> None:
        """The person at the screen says who they are (pass screen)."""
        if seat == self.state.to_move:
            self.shown_to = seat
            self.render()

    # --- the game log --------------------------------------------------------------------
    def log_line(self, line: str, step) -> None:
        """One line to the page's log, with its replay step."""
        self.page.log(line, step=step)

    def log_history(self) -> None:
        """Every line of the log so far to the page (a game started or resumed), each
        with its step."""
        for line, step in logged_lines(self.match):
            self.log_line(line, step)

    def log_html(self) -> str:
        """The whole log as the page's <li> items, each with its number (drawn by the
        page's style) and its step, when known, in lists of LOG_PART lines, as
        static/page.js adds them (a line added lays out and paints its list only)."""
        items = []
        for number, (line, step) in enumerate(logged_lines(self.match), 1):
            mark = "" if step is None else f' data-step="{step}"'
            items.append(f'<li data-n="{number}"{mark}>{escape(line)}</li>')
        return "".join(f'<ol class="log-part">{"".join(items[at:at + LOG_PART])}</ol>'
                       for at in range(0, len(items), LOG_PART))

    # --- taking back (game/core/takeback.py) ---------------------------------------------
    def takeback_plan(self):
        """(person, how many actions) of the takeback offered now, or None. The person
        is whoever took the last action (the game goes on without their next decision
        yet); in a casual game, the one person at the table."""
        if (not self.takeback_allowed or self.busy or self.replay_step is not None
                or self.state.is_over or not self.match.steps):
            return None
        people = self.people()
        candidates = [self.match.steps[-1][0]]
        if self.match.casual and people and people[0] not in candidates:
            candidates.append(people[0])
        for person in candidates:
            if person in people:
                count = self.match.takeback_count(person)
                if count:
                    return person, count
        return None

    def takeback_button(self) -> str:
        plan = self.takeback_plan()
        if plan is None:
            return ""
        person, count = plan
        name = self.name(person)
        if person == self.state.to_move:
            shown = escape(_("Take back"))
            label = (_("Take back: your last move (U)") if count == 1 else
                     ngettext("Take back: your last {count} action (U)",
                              "Take back: your last {count} actions (U)", count))
        else:
            shown = words_html(_("Take back ({name})"), name=name)
            label = (_("Take back ({name}): {name}'s last move (U)") if count == 1 else
                     ngettext("Take back ({name}): {name}'s last {count} action (U)",
                              "Take back ({name}): {name}'s last {count} actions (U)", count))
        label = words_html(label, name=name, count=count)
        return (f'<button type="button" data-takeback="{count}" aria-keyshortcuts="U" '
                f'aria-label="{label}">{shown}</button>')

    async def takeback(self) -> bool:
        """Take back what the rules of taking back allow now (a click on data-takeback,
        or U): the game is replayed from its record without those actions. True if
        something was taken back."""
        await self.idle()
        plan = self.takeback_plan()
        if plan is None:
            return False
        person, count = plan
        self.match.rewind(count)
        self.forget_choice()
        self.coach.forget()
        self.message = ""
        self.news = []
        took = (_("{name} took back a move.") if count == 1 else
                ngettext("{name} took back {count} action.", "{name} took back {count} actions.",
                         count))
        self.notice = took.format(name=self.match.seats[person].name, count=count)
        self.page.show("log", self.log_html())
        self.render()
        await self.advance()
        return True

    # --- replay (game/web/replay.py) -----------------------------------------------------
    def replay_offered(self) -> bool:
        """A replay may begin now: a game with actions that this match dealt itself,
        finished, or with a person to move (not behind a pass screen)."""
        return (self.replay_allowed and self.match.rewindable and not self.busy
                and bool(self.state.history)
                and (self.ended or self.spectator
                     or (self.match.human_to_move and not self.must_pass_screen())))

    def replay_go(self, where) -> None:
        """Go to a step of the replay: "first", "back", "next", "last", a step number
        (a log line's), or "live" (back to the game). Outside a replay, any of them
        but "live" begins one, from the game as it stands."""
        if where == "live":
            self.leave_replay()
            return
        if self.replay_step is None:
            if not self.replay_offered():
                return
            self._replay = Replay.of(self.match)
            self.replay_seat = self.viewer()
            self.forget_choice()
            at = self._replay.count
        else:
            at = self.replay_step
        last = self._replay.count
        if isinstance(where, str) and where.isdigit():
            where = int(where)
        moves = {"first": 0, "back": at - 1, "next": at + 1, "last": last}
        if isinstance(where, int):
            target = where
        elif where in moves:
            target = moves[where]
        else:
            return
        self.replay_step = self._replay.clamp(target)
        self.render()

    def leave_replay(self) -> None:
        if self.replay_step is None:
            return
        self.replay_step, self._replay = None, None
        self.page.mark_log(None)
        self.render()

    def render_replay(self) -> None:
        step, last = self.replay_step, self._replay.count
        state = self._replay.position(step)
        board = self.replay_board_html(state, self.replay_seat, self.reviewing.ghost(step))
        self.page.show("board", f'<div class="replay-board" data-replay-at="{step}">'
                                f"{board}</div>")
        self.page.show("overlay", "")
        self.page.show("panel", self.replay_panel_html())
        # one line: the step's words are in the panel, and its lines marked in the log
        where = escape(_("Replay: step {step} of {last}").format(step=step, last=last))
        self.page.show("status", f'<span class="replay-status">{where}</span>')
        self.page.mark_log(step)
        self.page.focus(['#panel [data-replay="next"]:not(:disabled)',
                         '#panel [data-replay="back"]:not(:disabled)',
                         '#panel [data-replay="live"]'])

    def replay_panel_html(self) -> str:
        step, last = self.replay_step, self._replay.count

        def button(where, label, text, key, off):
            disabled = " disabled" if off else ""
            return (f'<button type="button" data-replay="{where}" '
                    f'aria-label="{words_html(label)}" '
                    f'aria-keyshortcuts="{key}"{disabled}>{text}</button>')

        words = "".join(f"<li>{escape(line)}</li>" for line in self._replay.words(step))
        note = self.reviewing.replay_note(step, self._replay.position(step))
        back = escape(_("Back to the result") if self.state.is_over else _("Back to the game"))
        title, group = escape(_("Replay")), words_html(_("Step through the game"))
        at = escape(_("Step {step} of {last}").format(step=step, last=last))
        keys = escape(_("Keys: ← and → step, Home and End go to the first and last step, "
                        "Escape returns."))
        return (
            f'<h2 class="panel-title">{title}</h2>'
            f'<p class="replay-at" data-replay-at="{step}" data-replay-last="{last}">'
            f"{at}</p>"
            f'<ul class="replay-words">{words}</ul>{note}'
            f'<div class="controls replay-controls" role="group" aria-label="{group}">'
            + button("first", _("First step (Home)"), ICONS["first"], "Home", step == 0)
            + button("back", _("Step back (left arrow)"), ICONS["back"], "ArrowLeft",
                     step == 0)
            + button("next", _("Step forward (right arrow)"), ICONS["next"], "ArrowRight",
                     step == last)
            + button("last", _("Last step (End)"), ICONS["last"], "End", step == last)
            + '</div><div class="controls">'
            f'<button type="button" class="primary" data-replay="live" '
            f'aria-keyshortcuts="Escape">{back}</button></div>'
            f'<p class="replay-keys">{keys}</p>')

    # --- what both tables do with clicks and keys first ----------------------------------
    async def shared_click(self, data: dict) -> bool:
        """Takeback and replay clicks; True when the click was the table's own (during
        a replay every click is: nothing can be played)."""
        if "takeback" in data:
            await self.takeback()
            return True
        if "hint" in data:
            await self.coach.ask()
            return True
        if "review" in data:
            await self.reviewing.run()
            return True
        if "replay" in data or "step" in data:
            await self.idle()
            self.replay_go(data.get("replay", data.get("step")))
            return True
        self.notice = ""  # said once: the person has moved on
        return self.replay_step is not None

    async def shared_key(self, key: str) -> bool:
        """Replay keys during a replay (no other key acts then), U to take back; True
        when the key was the table's own."""
        if self.replay_step is not None:
            if key in REPLAY_KEYS:
                self.replay_go(REPLAY_KEYS[key])
            return True
        if key in TAKEBACK_KEYS:
            await self.takeback()
            return True
        if key in HINT_KEYS and self.coach.offered():
            await self.coach.ask()
            return True
        self.notice = ""  # said once: the person has moved on
        return False
