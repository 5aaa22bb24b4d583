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

from game.tsuro import actions, svg
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK
from game.tsuro.text import OUT_WORDS, mark_name
from game.tsuro.tiles import ORIENTED
from game.web.table import Table

PROMPTS = {
    START_MARK: "choose a start mark: tap a mark on the edge, or pick one below, "
                "then set sail.",
    RELOCATION: "a daikaiju blocks your first square: choose another start mark on "
                "the same edge, then set sail.",
    PLACEMENT: "choose a tile, turn it (click it again, or press R), then place it.",
    BONUS: "elimination bonus: you may swap tiles from your hand for theirs.",
}
# Lines of bookkeeping, shown briefly: the play itself (tiles, ships, daikaiju) takes longer.
BRIEF_EVENTS = {"turn", "drew", "hand_returned", "bonus_offered", "placement_skipped"}
MARK_DECISIONS = (START_MARK, RELOCATION)


class TsuroTable(Table):
    hides_hands = True
    HELP_KEYS = (  # the keys of this game, for the page's help dialog (table.py)
        ("Enter (twice on a start mark)", "pick the start mark, then set sail from it"),
        ("1, 2, 3", "choose a tile of your hand"),
        ("R, Shift+R", "turn the chosen tile clockwise, anticlockwise"),
        ("Enter (on the square or Place tile)", "place the tile"),
    )

    def __init__(self, match, page, speed: str = "normal"):
        super().__init__(match, page, speed)
        self.selected = None  # (tile, rotation) being considered
        self.mark = None  # the start mark picked, before setting sail from it
        self.give, self.take = set(), set()

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
        return svg.board(self.state, seat=self.viewer(), preview=preview, mark=mark,
                         highlight=acting, names=self.match.names)

    def replay_board_html(self, state, seat) -> str:
        """A past position from `seat`'s view (state.view: no other hands, no draw
        order, no face-down daikaiju), nothing to click; nobody's seat: the public
        board only."""
        source = state if seat is None else state.view(seat)
        return svg.board(source, seat=seat, highlight=False, names=self.match.names)

    def prompt(self) -> str:
        seat = self.state.to_move
        return f"{self.name(seat)}: {PROMPTS[self.state.decision]}"

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
        # arrow keys move among them (game/web/main.py, data-rove).
        lead = self.selected[0] if self.selected and self.selected[0] in hand else \
            (hand[0] if hand else None)
        for tile in hand:
            chosen = bool(self.selected and self.selected[0] == tile)
            rotation = self.selected[1] if chosen else 0
            label = f"Tile {tile + 1}" + (f", selected, turned {rotation * 90}°" if chosen else "")
            label += f"; wakes: {svg.wake_words(ORIENTED[tile][rotation])}"
            tiles.append(
                f'<button type="button" class="hand-tile" data-tile="{tile}" '
                f'data-rove="hand" tabindex="{0 if tile == lead else -1}" '
                f'aria-pressed="{"true" if chosen else "false"}" aria-label="{label}">'
                f'{svg.tile(tile, rotation, selected=chosen)}</button>')
        title = "Your tiles" if acting or len(self.people()) == 1 else \
            f"{self.name(seat)}'s tiles"
        parts = [f'<h2 class="panel-title">{title}</h2>',
                 f'<div class="hand" role="group" aria-label="{title}">'
                 + ("".join(tiles) or '<p class="empty">No tiles in hand.</p>') + "</div>"]
        if acting and self.state.decision in MARK_DECISIONS:
            parts.insert(0, self._marks_html())
        if acting and self.state.decision == PLACEMENT:
            disabled = "" if self.selected else " disabled"
            parts.append(
                '<div class="controls">'
                '<button type="button" data-rotate="ccw" aria-label="Turn anticlockwise"'
                f'{disabled}>⟲</button>'
                '<button type="button" data-rotate="cw" aria-label="Turn clockwise (R)"'
                f'{disabled}>⟳</button>'
                f'<button type="button" class="primary" data-place="1"{disabled}>Place tile'
                "</button></div>")
        return "".join(parts)

    def _marks_html(self) -> str:
        """The start mark as a menu and buttons, as well as on the board: the marks on
        a phone's board are too close together to hit reliably with a thumb."""
        options = ['<option value=""' + ("" if self.mark is not None else " selected")
                   + ">Choose a start mark</option>"]
        for mark in self.free_marks():
            chosen = " selected" if mark == self.mark else ""
            options.append(f'<option value="{mark}"{chosen}>'
                           f"{escape(mark_name(mark).capitalize())}</option>")
        disabled = "" if self.mark is not None else " disabled"
        where = (f'<p class="picked" data-picked="{self.mark}">Picked: '
                 f"{escape(mark_name(self.mark))}.</p>" if self.mark is not None else "")
        return (
            '<h2 class="panel-title">Your start mark</h2>'
            '<label class="mark-pick">Start mark <select name="mark" data-mark-select="1">'
            f'{"".join(options)}</select></label>{where}'
            '<div class="controls">'
            '<button type="button" data-mark-step="-1" aria-label="Previous start mark">◀'
            '</button><button type="button" data-mark-step="1" aria-label="Next start mark">'
            f'▶</button><button type="button" class="primary" data-confirm-mark="1"{disabled}>'
            "Set sail here</button></div>")

    def _out_html(self, seat: int) -> str:
        """The panel of a person whose ship is out while the game goes on."""
        fate = dict(self.standings()).get(seat, "")
        parts = ['<h2 class="panel-title">Your ship is out</h2>',
                 f'<p class="out-note" data-out="{seat}">{self.name(seat)}: {escape(fate)}.</p>']
        if self.people_out():
            parts.append('<p>The game goes on without you: change the pace of play, or '
                         'skip to the end.</p><div class="controls"><button type="button" '
                         'class="primary" data-skip="1">Skip to the end</button></div>')
        return "".join(parts)

    def _bonus_html(self) -> str:
        seat = self.state.to_move

        def button(kind, tile, chosen):
            return (f'<button type="button" class="hand-tile" data-{kind}="{tile}" '
                    f'aria-pressed="{"true" if chosen else "false"}" '
                    f'aria-label="{"Give" if kind == "give" else "Take"} tile {tile + 1}">'
                    f"{svg.tile(tile, 0, selected=chosen)}</button>")

        mine = "".join(button("give", t, t in self.give) for t in self.state.hands[seat])
        theirs = "".join(button("take", t, t in self.take) for t in self.state.bonus_pool())
        return (
            '<h2 class="panel-title">Elimination bonus</h2>'
            '<p>Pick tiles of yours to give and as many of theirs to take.</p>'
            f'<p class="label">Yours</p><div class="hand">{mine}</div>'
            f'<p class="label">Theirs</p><div class="hand">{theirs}</div>'
            '<div class="controls">'
            '<button type="button" class="primary" data-bonus="swap">Swap</button>'
            '<button type="button" data-bonus="keep">Keep my hand</button></div>')

    def focus_target(self) -> list:
        if self.state.is_over:
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

    def cue(self, event):
        d = event.data
        if event.kind in ("daikaiju_moved", "daikaiju_turned", "daikaiju_placed",
                          "daikaiju_left", "daikaiju_destroyed"):
            return f'#daikaiju-{d["daikaiju"]}'
        if event.kind in ("tile_eaten", "tile_removed", "tile_placed"):
            return f'[data-square="{d["square"]}"]'
        if event.kind in ("ship_out", "ship_moved", "start_mark", "relocated"):
            return f'#ship-{d["seat"]}'
        return None

    def brief(self, event) -> bool:
        return event.kind in BRIEF_EVENTS or (
            event.kind == "daikaiju_roll" and not event.data["acts"])

    def is_news(self, event) -> bool:
        return event.kind == "ship_out"

    def standings(self) -> list:
        """Winners first, then the ships by how long they stayed afloat (the log says
        on which turn and why each went out)."""
        turn, gone = 0, {}
        for event, _ in self.match.log:
            if event.kind == "turn":
                turn = event.data["turn"]
            elif event.kind == "ship_out":
                gone[event.data["seat"]] = (turn, OUT_WORDS[event.data["reason"]])
        winners = self.state.winners
        shared = len(winners) > 1
        order = sorted(range(self.state.players),
                       key=lambda s: (s not in winners, -gone.get(s, (10**6, ""))[0]))
        result = []
        for seat in order:
            if seat in winners:
                fate = "shares the win" if shared else "wins"
            elif seat in gone:
                when, why = gone[seat]
                fate = f"out on turn {when}: {why}" if when else f"out before sailing: {why}"
            else:
                fate = "still afloat" if not self.state.is_over else "afloat at the end"
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
        if "ready" in data:
            await self.reveal(int(data["ready"]))
            return
        if not self.match.human_to_move or self.must_pass_screen():
            return
        decision = self.state.decision
        if decision in MARK_DECISIONS:
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
        elif "tile" in data and decision == PLACEMENT:
            self.choose_tile(int(data["tile"]))
        elif "rotate" in data and self.selected:
            self.turn_tile(1 if data["rotate"] == "cw" else -1)
        elif ("place" in data or "target" in data) and decision == PLACEMENT:
            await self.place()
        elif "give" in data or "take" in data:
            chosen = self.give if "give" in data else self.take
            tile = int(data.get("give", data.get("take")))
            chosen.symmetric_difference_update({tile})
            self.render()
        elif data.get("bonus") == "keep":
            await self.act(actions.bonus())
        elif data.get("bonus") == "swap":
            await self.act(actions.bonus(sorted(self.give), sorted(self.take)))

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
            self.message = "Pick a start mark first."
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
        tile, rotation = self.selected
        self.selected = (tile, (rotation + quarter_turns) % 4)
        self.message = ""
        self.render()

    async def place(self) -> None:
        if not self.selected:
            self.message = "Choose a tile from your hand first."
            self.render()
            return
        await self.act(actions.place(*self.selected))
