"""The Tatsu table: the arena, the dice, and clicks turned into actions.

A person clicks one of their stones (or a stone on their mat), then one of its
highlighted destinations; the engine lists both (`movable_stones`, `destinations`).
Clicks arrive as the data attributes of the element clicked (a dict of strings):
  segment, field   a field of the arena (or a stone on it)
  mat              a kind of stone on the mat
  action           a destination drawn on the board, as the action's JSON
  targetSegment    the segment a destination lands on
  pass             pass the turn (offered only when no die can be used)
"""

import json
from html import escape

from game.core import Action
from game.tatsu import svg
from game.web.table import Table

PASS = Action("pass", ())


class TatsuTable(Table):
    hides_hands = False  # Tatsu hides nothing

    def __init__(self, match, page, speed: str = "normal"):
        super().__init__(match, page, speed)
        self.selected = None  # the address of the stone being moved

    def forget_choice(self) -> None:
        self.selected = None

    def board_html(self) -> str:
        acting = self.match.human_to_move
        return svg.board(self.state, seat=self.viewer(),
                         selected=self.selected if acting else None, highlight=acting,
                         names=self.match.names)

    def prompt(self) -> str:
        seat = self.state.to_move
        if self.state.legal_actions() == [PASS]:
            return f"{self.name(seat)}: no die can be used. Pass the turn."
        if self.selected:
            return f"{self.name(seat)}: click where the stone goes (or another stone)."
        return f"{self.name(seat)}: click one of your stones, then where it goes."

    def panel_html(self) -> str:
        if not self.match.human_to_move:
            return ""
        dice = " and ".join(str(d) for d in self.state.dice_left) or "none"
        parts = [f'<h2 class="panel-title">Dice left: {escape(dice)}</h2>']
        legal = self.state.legal_actions()
        if PASS in legal:  # also beside an optional escape (D4)
            parts.append('<div class="controls"><button type="button" class="primary" '
                         'data-pass="1">Pass</button></div>')
        if any(a.kind == "escape" for a in legal):
            parts.append('<p>An entangled stone of yours may escape with the smaller die '
                         "(a whole turn): click it, then its destination.</p>")
        return "".join(parts)

    def cue(self, event):
        d = event.data
        for key in ("to", "segment", "target"):
            if isinstance(d.get(key), int):
                return f'[data-segment="{d[key]}"]'
        return None

    async def click(self, data: dict) -> None:
        await self.idle()
        if not self.match.human_to_move:
            return
        if "pass" in data:
            await self.act(PASS)
            return
        if "action" in data:
            await self.act(Action.from_json(json.loads(data["action"])))
            return
        segment = data.get("targetSegment", data.get("segment"))
        if self.selected and segment is not None:
            for action, target in self.state.destinations(self.selected):
                if target == int(segment):
                    await self.act(action)
                    return
        address = self._address(data)
        if address is not None and address in self.state.movable_stones():
            self.selected = address
            self.message = ""
        elif self.selected:
            self.message = "That stone cannot go there: choose a highlighted field."
        elif address is not None:
            self.message = "That stone cannot move now."
        self.render()

    @staticmethod
    def _address(data):
        if "mat" in data:
            return ("mat", data["mat"])
        if "segment" in data:
            return (int(data["segment"]), data.get("field", "inner"))
        return None

    async def key(self, key: str) -> None:
        await self.idle()
        if key == "Escape" and self.selected:
            self.selected = None
            self.render()
        elif key in ("p", "P") and self.match.human_to_move and PASS in self.state.legal_actions():
            await self.act(PASS)
