"""The Tsuro of the Seas table: the board, the hand, and clicks turned into actions.

Clicks arrive as the data attributes of the element clicked (a dict of strings, named as
the DOM's `dataset` names them: data-mark-step arrives as markStep):
  mark          a start mark on the board: pick it (start mark, or relocating, D8);
                the picked mark again: set sail from it
  markStep      "-1" / "1": pick the previous / next free start mark (panel buttons)
  confirmMark   set sail from the picked mark
  tile          a tile of the hand: select it; again: turn it a quarter clockwise
  rotate        "cw" / "ccw": turn the selected tile
  place         place the selected tile; so does clicking the highlighted square
                (the page adds `target` for it)
  give / take   elimination bonus: a tile to give / to take; bonus: "swap" or "keep"
  skip          every person is out: let the computers finish at once
  takeback, replay, step   taking back and the replay (game/web/table.py)
A start mark can also be picked from the panel's menu (`pick_mark`).
Keys: R / shift-R turn the tile, 1-3 choose one, Enter places it or sets sail, ← → step
through the free start marks (on a start mark drawn on the board, or on a hand tile, the
arrows move the focus among them instead: roving focus), Escape drops the mark picked or
the tile chosen; U takes back; during a replay ← → Home End Escape.
"""

from html import escape

from game.core.i18n import N_, _, ngettext
from game.tsuro import actions, dangers, events, motion, svg
from game.tsuro.board import mark_name
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK
from game.tsuro.text import OUT_WORDS
from game.tsuro.tiles import ORIENTED
from game.web.table import Table

# What the person to move is asked, after their name ("Ann: choose a start mark: ...").
PROMPTS = {
    START_MARK: N_("choose a start mark on the edge of the board, or pick one below, "
                   "then set sail."),
    RELOCATION: N_("a daikaiju blocks your first square: choose another start mark on "
                   "the same edge, then set sail."),
    PLACEMENT: N_("choose a tile, turn it (choose it again), then place it."),
    BONUS: N_("elimination bonus: you may swap tiles from your hand for theirs."),
}
MARK_DECISIONS = (START_MARK, RELOCATION)


class TsuroTable(Table):
    hides_hands = True
    CLICKABLE = ("mark", "tile", "rotate", "place", "square", "give", "take", "bonus",
                 "mark-step", "confirm-mark", "skip", "reach")
    # which events are news, which brief, what each points at (game/tsuro/events.py):
    # a daikaiju, a square's tile, a ship
    event_kinds = events.KINDS
    cue_selectors = {"daikaiju": "#daikaiju-{}", "square": '[data-square="{}"]',
                     "seat": "#ship-{}"}
    HELP_KEYS = (  # the keys of this game, for the page's help dialog (table.py): marked
        # here, translated where the dialog shows them
        (N_("Enter (twice on a start mark)"), N_("pick the start mark, then set sail from it")),
        ("1, 2, 3", N_("choose a tile of your hand")),
        ("R, Shift+R", N_("turn the chosen tile clockwise, anticlockwise")),
        (N_("Enter (on the square or Place tile)"), N_("place the tile")),
    )

    def __init__(self, match, page, speed: str = "normal"):
        super().__init__(match, page, speed)
        self.selected: tuple[int, int] | None = None  # (tile, rotation) being considered
        self.mark: int | None = None  # the start mark picked, before setting sail from it
        self.give: set[int]
        self.take: set[int]
        self.give, self.take = set(), set()
        self.reach_shown = False  # where the daikaiju could go at the next roll, drawn

    def forget_choice(self) -> None:
        self.selected = None
        self.mark = None
        self.give, self.take = set(), set()

    # --- drawing ------------------------------------------------------------------------
    def acting(self) -> bool:
        return (self.match.human_to_move and not self.must_pass_screen()
                and self.replay_step is None)

    def board_html(self) -> str:
        acting = self.acting()
        preview = self.selected if acting and self.state.decision == PLACEMENT else None
        mark = self.mark if acting and self.state.decision in MARK_DECISIONS else None
        # the dice of the turn being played (the state keeps none; the log does)
        roll = svg.turn_roll(event for event, _line in self.match.log)
        last = svg.last_square(event for event, _line in self.match.log)
        reach = dangers.reached_squares(self.state) if self.reach_shown and \
            self.dangers_shown() else None
        return svg.board(svg.board_view(self.state), seat=self.viewer(), preview=preview,
                         mark=mark, highlight=acting and not self.animating,
                         names=self.match.names, roll=roll, last=last, reach=reach,
                         ghost=self.coach.ghost())

    def replay_board_html(self, state, seat, ghost=None) -> str:
        """A past position from `seat`'s view (state.view: no other hands, no draw
        order, no face-down daikaiju), nothing to click; nobody's seat: the public
        board only. `ghost`: a review's better choice there."""
        view = svg.board_view(state) if seat is None else state.view(seat)
        return svg.board(view, seat=seat, highlight=False, names=self.match.names,
                         ghost=ghost)

    def prompt(self) -> str:
        seat = self.state.to_move
        return _("{who}: {prompt}").format(who=self.name(seat),
                                           prompt=_(PROMPTS[self.state.decision]))

    def free_marks(self) -> list:
        """The start marks the rules allow now, in the engine's order round the board."""
        return [a.args[0] for a in self.state.legal_actions()]

    def panel_html(self) -> str:
        seat = self.viewer()
        if seat is None:
            return ""
        if self.state.out[seat] is not None:
            return self._out_html(seat)
        acting = seat == self.state.to_move and self.acting()
        if acting and self.state.decision == BONUS:
            return self._bonus_html()
        hand = self.state.hands[seat]
        tiles = []
        # Roving focus: one tile in the tab order (the chosen one, else the first), the
        # arrow keys move among them (static/page.js, data-rove).
        lead = self.selected[0] if self.selected and self.selected[0] in hand else \
            (hand[0] if hand else None)
        for tile in hand:
            chosen = bool(self.selected and self.selected[0] == tile)
            rotation = self.selected[1] if chosen else 0  # type: ignore[index]  # chosen: selected
            wakes = svg.wake_words(ORIENTED[tile][rotation])
            label = escape(_("Tile {number}, selected, turned {degrees}°; wakes: {wakes}").format(
                number=tile + 1, degrees=rotation * 90, wakes=wakes) if chosen else
                _("Tile {number}; wakes: {wakes}").format(number=tile + 1, wakes=wakes))
            tiles.append(
                f'<button type="button" class="hand-tile" data-tile="{tile}" '
                f'data-rove="hand" tabindex="{0 if tile == lead else -1}" '
                f'aria-pressed="{"true" if chosen else "false"}" aria-label="{label}">'
                f'{svg.tile(tile, rotation, selected=chosen)}</button>')
        title = escape(_("Your tiles")) if acting or len(self.people()) == 1 else \
            escape(_("{who}'s tiles"), quote=False).format(who=self.name(seat))
        empty = escape(_("No tiles in hand."))
        parts = [f'<h2 class="panel-title">{title}</h2>',
                 f'<div class="hand" role="group" aria-label="{title}">'
                 + ("".join(tiles) or f'<p class="empty">{empty}</p>') + "</div>"]
        if acting and self.state.decision in MARK_DECISIONS:
            parts.insert(0, self._marks_html())
        if self.state.decision == PLACEMENT and not self.state.is_over:
            # kept in place while others play or pieces move (disabled): the panel does
            # not jump from turn to turn
            disabled = "" if self.selected and acting and not self.animating else " disabled"
            anticlockwise, clockwise = (escape(_("Turn anticlockwise")),
                                        escape(_("Turn clockwise (R)")))
            place = escape(_("Place tile"))
            parts.append(
                '<div class="controls">'
                f'<button type="button" data-rotate="ccw" aria-label="{anticlockwise}"'
                f'{disabled}>⟲</button>'
                f'<button type="button" data-rotate="cw" aria-label="{clockwise}"'
                f'{disabled}>⟳</button>'
                f'<button type="button" class="primary" data-place="1"{disabled}>{place}'
                "</button></div>")
        if self.dangers_shown():
            parts.append(self._dangers_html())
        return "".join(parts)

    def dangers_shown(self) -> bool:
        """The sea's dangers are told while tiles are placed, in a game with daikaiju."""
        return (self.state.decision == PLACEMENT and not self.state.is_over
                and bool(self.state.config.get("daikaiju", True)))

    def _dangers_html(self) -> str:
        """Before a placement: the chance that the daikaiju stir at the next roll
        (game/tsuro/dangers.py), and a switch that draws where they could go."""
        if not dangers.rolls_next(self.state):  # nothing to draw: no roll comes
            words = _("Fewer than 3 daikaiju: the next captain places new ones and does "
                      "not roll.")
            return f'<div class="dangers"><p class="stir">{escape(words)}</p></div>'
        count, total = dangers.stir_odds()
        words = _("Next roll: the daikaiju stir on 6, 7 or 8 (gold + blue), {count} in "
                  "{total}.").format(count=count, total=total)
        label = escape(_("Show where the daikaiju can go"))
        pressed = "true" if self.reach_shown else "false"
        return (f'<div class="dangers"><p class="stir">{escape(words)}</p>'
                f'<div class="controls"><button type="button" class="reach-switch" '
                f'data-reach="1" aria-pressed="{pressed}">{label}</button></div></div>')

    def _marks_html(self) -> str:
        """The start mark as a menu and buttons, as well as on the board: the marks on
        a phone's board are too close together to hit reliably with a thumb."""
        choose = escape(_("Choose a start mark"))
        options = ['<option value=""' + ("" if self.mark is not None else " selected")
                   + f">{choose}</option>"]
        for mark in self.free_marks():
            chosen = " selected" if mark == self.mark else ""
            options.append(f'<option value="{mark}"{chosen}>'
                           f"{escape(mark_name(mark).capitalize())}</option>")
        disabled = "" if self.mark is not None else " disabled"
        picked = ("" if self.mark is None else
                  escape(_("Picked: {mark}.").format(mark=mark_name(self.mark))))
        where = (f'<p class="picked" data-picked="{self.mark}">{picked}</p>'
                 if self.mark is not None else "")
        heading, label = escape(_("Your start mark")), escape(_("Start mark"))
        previous, following = escape(_("Previous start mark")), escape(_("Next start mark"))
        set_sail = escape(_("Set sail here"))
        return (
            f'<h2 class="panel-title">{heading}</h2>'
            f'<label class="mark-pick">{label} <select name="mark" data-mark-select="1">'
            f'{"".join(options)}</select></label>{where}'
            '<div class="controls">'
            f'<button type="button" data-mark-step="-1" aria-label="{previous}">◀'
            f'</button><button type="button" data-mark-step="1" aria-label="{following}">'
            f'▶</button><button type="button" class="primary" data-confirm-mark="1"{disabled}>'
            f"{set_sail}</button></div>")

    def roster_html(self) -> str:
        """The players: each one's ship (colour, shape, number, as on the board), name,
        afloat or out, the tiles held; whose turn it is."""
        rows = []
        for seat in range(self.state.players):
            out = self.state.out[seat] is not None
            held = len(self.state.hands[seat])
            words = [_("out") if out else _("afloat")]
            if not out:
                words.append(ngettext("{count} tile", "{count} tiles", held).format(count=held))
            turn = seat == self.state.to_move and not self.state.is_over
            if turn:
                words.append(_("to play"))
            current = ' aria-current="step"' if turn else ""
            state = "out" if out else "afloat"
            rows.append(f'<li class="player" data-seat="{seat}" data-state="{state}"'
                        f'{current}>{svg.ship_icon(seat)}'
                        f'<span class="who">{self.name(seat)}</span>'
                        f'<span class="what">{escape(", ".join(words))}</span></li>')
        label = escape(_("Players"))
        return f'<ol class="roster" aria-label="{label}">{"".join(rows)}</ol>'

    @staticmethod
    def seat_html(state, seat: int, name: str) -> str:
        """A seat's own tiles in a position shown (that seat's alone: the others' hands
        stay hidden), or that its ship is out."""
        reason = state.out[seat]
        if reason is not None:
            fate = _("out: {why}").format(why=_(OUT_WORDS[reason]) if reason in OUT_WORDS
                                          else reason)
            note = escape(_("{who}: {fate}.").format(who=name, fate=fate))
            return f'<p class="out-note" data-out="{seat}">{note}</p>'
        title = escape(_("{who}'s tiles").format(who=name))
        tiles = "".join(
            f'<span class="hand-tile" role="img" data-tile="{tile}" aria-label="'
            + escape(_("Tile {number}; wakes: {wakes}").format(
                number=tile + 1, wakes=svg.wake_words(ORIENTED[tile][0])))
            + f'">{svg.tile(tile, 0)}</span>' for tile in state.hands[seat])
        tiles = tiles or f'<p class="empty">{escape(_("No tiles in hand."))}</p>'
        return (f'<h2 class="panel-title">{title}</h2><div class="hand" role="group" '
                f'aria-label="{title}">{tiles}</div>')

    def _out_html(self, seat: int) -> str:
        """The panel of a person whose ship is out while the game goes on."""
        fate = dict(self.standings()).get(seat, "")
        note = escape(_("{who}: {fate}.")).format(who=self.name(seat), fate=escape(fate))
        heading = escape(_("Your ship is out"))
        parts = [f'<h2 class="panel-title">{heading}</h2>',
                 f'<p class="out-note" data-out="{seat}">{note}</p>']
        if self.people_out():
            goes_on = escape(_("The game goes on without you: change the pace of play, or "
                               "skip to the end."))
            skip = escape(_("Skip to the end"))
            parts.append(f'<p>{goes_on}</p><div class="controls"><button type="button" '
                         f'class="primary" data-skip="1">{skip}</button></div>')
        return "".join(parts)

    def _bonus_html(self) -> str:
        seat = self.state.to_move

        def button(kind, tile, chosen):
            label = (_("Give tile {number}") if kind == "give" else
                     _("Take tile {number}")).format(number=tile + 1)
            return (f'<button type="button" class="hand-tile" data-{kind}="{tile}" '
                    f'aria-pressed="{"true" if chosen else "false"}" '
                    f'aria-label="{escape(label)}">'
                    f"{svg.tile(tile, 0, selected=chosen)}</button>")

        mine = "".join(button("give", t, t in self.give) for t in self.state.hands[seat])
        theirs = "".join(button("take", t, t in self.take) for t in self.state.bonus_pool())
        words = {key: escape(_(text)) for key, text in (
            ("title", N_("Elimination bonus")),
            ("how", N_("Pick tiles of yours to give and as many of theirs to take.")),
            ("yours", N_("Yours")), ("theirs", N_("Theirs")), ("swap", N_("Swap")),
            ("keep", N_("Keep my hand")))}
        return (
            f'<h2 class="panel-title">{words["title"]}</h2>'
            f'<p>{words["how"]}</p>'
            f'<p class="label">{words["yours"]}</p><div class="hand">{mine}</div>'
            f'<p class="label">{words["theirs"]}</p><div class="hand">{theirs}</div>'
            '<div class="controls">'
            f'<button type="button" class="primary" data-bonus="swap">{words["swap"]}</button>'
            f'<button type="button" data-bonus="keep">{words["keep"]}</button></div>')

    def focus_target(self) -> list:
        if self.ended:
            return ['#panel [data-again="same"]']
        if self.must_pass_screen():
            return ["#overlay [data-ready]"]
        if not self.acting():
            return ["#panel [data-skip]"]
        decision = self.state.decision
        if decision in MARK_DECISIONS:
            return ["#panel [data-confirm-mark]", "#panel [data-mark-select]"]
        if decision == BONUS:
            return ["#panel [data-give]", "#panel [data-bonus]"]
        if self.selected:
            return [f'#panel [data-tile="{self.selected[0]}"]']
        return ["#panel .hand-tile"]

    def motion_plan(self, lines) -> dict:
        return motion.moves(lines)  # game/tsuro/motion.py

    def standings(self) -> list:
        """Winners first, then the ships by how long they stayed afloat (the log says
        on which turn and why each went out)."""
        gone: dict[int, tuple[int | None, str]]
        turn, gone = 0, {}
        for event, _seen in self.match.log:
            if event.kind == events.TURN:
                turn = event.data["turn"]
            elif event.kind == events.SHIP_OUT:
                why = OUT_WORDS[event.data["reason"]]
                gone[event.data["seat"]] = (turn, _(why))
        for seat, reason in enumerate(self.state.out):  # out before the game shown began
            if reason is not None and seat not in gone:  # (an embedded position's)
                gone[seat] = (None, _(OUT_WORDS[reason]) if reason in OUT_WORDS else reason)
        winners = self.state.winners
        shared = len(winners) > 1
        order = sorted(range(self.state.players),
                       key=lambda s: (s not in winners, -(gone.get(s, (10**6, ""))[0] or 0)))
        result = []
        for seat in order:
            if seat in winners:
                fate = _("shares the win") if shared else _("wins")
            elif seat in gone:
                when, why = gone[seat]
                fate = (_("out: {why}").format(why=why) if when is None else
                        _("out on turn {turn}: {why}").format(turn=when, why=why) if when else
                        _("out before sailing: {why}").format(why=why))
            else:
                fate = _("still afloat") if not self.state.is_over else _("afloat at the end")
            result.append((seat, fate))
        return result

    # --- clicks and keys ----------------------------------------------------------------
    async def click(self, data: dict) -> None:
        if "skip" in data:  # at once, even while the computers play
            self.skip_to_end()
            return
        if await self.shared_click(data):
            return
        await self.idle()
        if "reach" in data:  # a view of the sea: anyone's, at any time
            self.reach_shown = not self.reach_shown
            self.render()
            return
        if "ready" in data:
            await self.reveal(int(data["ready"]))
            return
        if not self.match.human_to_move or self.must_pass_screen():
            return
        decision = self.state.decision
        if decision in MARK_DECISIONS:
            await self.click_mark(data)
        elif "tile" in data and decision == PLACEMENT:
            self.choose_tile(int(data["tile"]))
        elif "rotate" in data and self.selected:
            self.turn_tile(1 if data["rotate"] == "cw" else -1)
        elif ("place" in data or "target" in data) and decision == PLACEMENT:
            await self.place()
        elif "give" in data or "take" in data:
            chosen = self.give if "give" in data else self.take
            tile = int(data.get("give", data.get("take")))  # type: ignore[arg-type]  # one is there
            chosen.symmetric_difference_update({tile})
            self.render()
        elif data.get("bonus") == "keep":
            await self.act(actions.bonus())
        elif data.get("bonus") == "swap":
            await self.act(actions.bonus(sorted(self.give), sorted(self.take)))

    async def click_mark(self, data: dict) -> None:
        """A click while a start mark is chosen (at the start, or to relocate): a mark on
        the board picks it (the one picked already: sets sail from it), the panel's
        ◀ ▶ step through the free marks, its confirm button sets sail."""
        if "mark" in data:
            mark = int(data["mark"])
            if mark == self.mark:
                await self.set_sail()
            else:
                self.pick_mark(mark)
        elif "markStep" in data:
            self.step_mark(int(data["markStep"]))
        elif "confirmMark" in data:
            await self.set_sail()

    def pick_mark(self, mark) -> None:
        """A start mark picked on the board or in the menu (None: none picked)."""
        if self.busy or not self.acting() or self.state.decision not in MARK_DECISIONS:
            return
        self.mark = mark if mark in self.free_marks() else None
        self.message = ""
        self.render()

    def step_mark(self, step: int) -> None:
        marks = self.free_marks()
        if self.mark in marks:
            mark = marks[(marks.index(self.mark) + step) % len(marks)]
        else:
            mark = marks[0] if step > 0 else marks[-1]
        self.pick_mark(mark)

    async def set_sail(self) -> None:
        if self.mark is None:
            self.message = _("Pick a start mark first.")
            self.render()
            return
        make = actions.start if self.state.decision == START_MARK else actions.relocate
        await self.act(make(self.mark))

    async def key(self, key: str) -> None:
        await self.idle()
        if await self.shared_key(key):
            return
        if not self.match.human_to_move or self.must_pass_screen():
            return
        if self.state.decision in MARK_DECISIONS:
            if key in ("ArrowLeft", "ArrowRight"):
                self.step_mark(1 if key == "ArrowRight" else -1)
            elif key == "Enter" and self.mark is not None:
                await self.set_sail()
            elif key == "Escape" and self.mark is not None:
                self.pick_mark(None)
            return
        if self.state.decision != PLACEMENT:
            return
        if key == "Escape" and self.selected:
            self.selected = None
            self.message = ""
            self.render()
            return
        hand = self.state.hands[self.state.to_move]
        if key in ("r", "R") and self.selected:
            self.turn_tile(-1 if key == "R" else 1)
        elif key in ("1", "2", "3") and int(key) <= len(hand):
            self.choose_tile(hand[int(key) - 1])
        elif key == "Enter" and self.selected:
            await self.place()

    def choose_tile(self, tile: int) -> None:
        if self.selected and self.selected[0] == tile:
            self.turn_tile(1)
            return
        self.selected = (tile, 0)
        self.message = ""
        self.render()

    def turn_tile(self, quarter_turns: int) -> None:
        tile, rotation = self.selected  # type: ignore[misc]  # only called with a tile selected
        self.selected = (tile, (rotation + quarter_turns) % 4)
        self.message = ""
        self.render()

    async def place(self) -> None:
        if not self.selected:
            self.message = _("Choose a tile from your hand first.")
            self.render()
            return
        await self.act(actions.place(*self.selected))
