"""The Tsuro of the Seas table: the board, the hand, and clicks turned into actions.

Clicks arrive as the data attributes of the element clicked (a dict of strings):
  mark          a start mark (choosing one, or relocating, D8)
  tile          a tile of the hand: select it; again: turn it a quarter clockwise
  rotate        "cw" / "ccw": turn the selected tile
  place         place the selected tile; so does clicking the highlighted square
                (the page adds `target` for it)
  give / take   elimination bonus: a tile to give / to take; bonus: "swap" or "keep"
"""

from game.core import Action
from game.tsuro import svg
from game.tsuro.state import BONUS, PLACEMENT, RELOCATION, START_MARK
from game.web.table import Table

PROMPTS = {
    START_MARK: "choose a start mark: click one of the white marks on the edge.",
    RELOCATION: "a daikaiju blocks your first square: choose another start mark on "
                "the same edge.",
    PLACEMENT: "choose a tile, turn it (click it again, or press R), then place it.",
    BONUS: "elimination bonus: you may swap tiles from your hand for theirs.",
}


class TsuroTable(Table):
    hides_hands = True

    def __init__(self, match, page, speed: str = "normal"):
        super().__init__(match, page, speed)
        self.selected = None  # (tile, rotation) being considered
        self.give, self.take = set(), set()

    def forget_choice(self) -> None:
        self.selected = None
        self.give, self.take = set(), set()

    # --- drawing ------------------------------------------------------------------------
    def board_html(self) -> str:
        preview = None
        if (self.selected and self.match.human_to_move and not self.must_pass_screen()
                and self.state.decision == PLACEMENT):
            preview = self.selected
        interactive = self.match.human_to_move and not self.must_pass_screen()
        return svg.board(self.state, seat=self.viewer(), preview=preview,
                         highlight=interactive)

    def prompt(self) -> str:
        seat = self.state.to_move
        return f"{self.name(seat)}: {PROMPTS[self.state.decision]}"

    def panel_html(self) -> str:
        seat = self.viewer()
        if seat is None:
            return ""
        if self.state.decision == BONUS and seat == self.state.to_move:
            return self._bonus_html()
        acting = seat == self.state.to_move and self.match.human_to_move
        hand = self.state.hands[seat]
        tiles = []
        for tile in hand:
            rotation = self.selected[1] if self.selected and self.selected[0] == tile else 0
            chosen = bool(self.selected and self.selected[0] == tile)
            label = f"Tile {tile + 1}" + (f", selected, turned {rotation * 90}°" if chosen else "")
            tiles.append(
                f'<button type="button" class="hand-tile" data-tile="{tile}" '
                f'aria-pressed="{"true" if chosen else "false"}" aria-label="{label}">'
                f'{svg.tile(tile, rotation, selected=chosen)}</button>')
        title = "Your tiles" if acting else f"{self.name(seat)}'s tiles"
        parts = [f'<h2 class="panel-title">{title}</h2>',
                 f'<div class="hand" role="group" aria-label="{title}">'
                 + ("".join(tiles) or '<p class="empty">No tiles in hand.</p>') + "</div>"]
        if acting and self.state.decision == PLACEMENT:
            disabled = "" if self.selected else " disabled"
            parts.append(
                '<div class="controls">'
                f'<button type="button" data-rotate="ccw" aria-label="Turn anticlockwise"{disabled}>⟲</button>'
                f'<button type="button" data-rotate="cw" aria-label="Turn clockwise (R)"{disabled}>⟳</button>'
                f'<button type="button" class="primary" data-place="1"{disabled}>Place tile</button>'
                "</div>")
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

    # --- clicks and keys ----------------------------------------------------------------
    async def click(self, data: dict) -> None:
        await self.idle()
        if "ready" in data:
            await self.reveal(int(data["ready"]))
            return
        if not self.match.human_to_move or self.must_pass_screen():
            return
        decision = self.state.decision
        if "mark" in data and decision in (START_MARK, RELOCATION):
            kind = "start" if decision == START_MARK else "relocate"
            await self.act(Action(kind, (int(data["mark"]),)))
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
            await self.act(Action("bonus", ((), ())))
        elif data.get("bonus") == "swap":
            await self.act(Action("bonus", (tuple(sorted(self.give)), tuple(sorted(self.take)))))

    async def key(self, key: str) -> None:
        await self.idle()
        if not self.match.human_to_move or self.must_pass_screen():
            return
        if self.state.decision != PLACEMENT:
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
        await self.act(Action("place", self.selected))

