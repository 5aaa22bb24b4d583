"""The Tatsu table: the arena, the dice, and clicks turned into actions.

A person clicks one of their stones (or a stone on their mat), then one of its
highlighted destinations; the engine lists both (`movable_stones`, `destinations`) and
says why a stone that cannot be picked cannot (`stone_refusal`).
Clicks arrive as the data attributes of the element clicked (a dict of strings):
  segment, field   a field of the arena (or a stone on it)
  mat              a kind of stone on the mat
  action           a destination drawn on the board, as the action's JSON
  targetSegment    the segment a destination lands on
  pass             pass the turn (offered only when the rules allow it)
  takeback, replay, step   taking back and the replay (game/web/table.py)
Keys: P passes, Escape drops the stone picked (the focus goes back to it), U takes back;
during a replay ← → Home End Escape. A stone picked sends the focus on to its first
destination; the arrow keys move among the stones, or among the destinations.
"""

import json
from html import escape

from game.core import Action
from game.core.i18n import N_, _
from game.tatsu import motion, svg
from game.tatsu.actions import PASS
from game.tatsu.events import GAME_OVER
from game.tatsu.events import KINDS as EVENT_KINDS
from game.tatsu.text import colour_names, dice_words, end_words
from game.web.table import Table


class TatsuTable(Table):
    hides_hands = False  # Tatsu hides nothing
    CLICKABLE = ("action", "target-segment", "segment", "mat", "pass")
    # which events are brief, what each points at (game/tatsu/events.py): a segment
    event_kinds = EVENT_KINDS
    cue_selectors = {"segment": '[data-segment="{}"]'}
    HELP_KEYS = (  # the keys of this game, for the page's help dialog (table.py)
        (N_("Enter (on a stone)"), N_("pick the stone, then the focus goes to where it may go")),
        (N_("Enter (on a highlighted segment)"), N_("move the stone there")),
        ("P", N_("pass the turn, when the rules allow it")),
    )

    def __init__(self, match, page, speed: str = "normal"):
        super().__init__(match, page, speed)
        self.selected = None  # the address of the stone being moved
        self.dropped = None  # the stone whose pick Escape dropped: the focus goes back to it

    def forget_choice(self) -> None:
        self.selected = None
        self.dropped = None

    def board_html(self) -> str:
        acting = self.match.human_to_move and not self.animating
        return svg.board(svg.board_view(self.state), seat=self.viewer(),
                         selected=self.selected if acting else None, highlight=acting,
                         names=self.match.names,
                         last=svg.last_move(event for event, _line in self.match.log),
                         ghost=self.coach.ghost())

    def can_escape(self) -> bool:
        return any(a.kind == "escape" for a in self.state.legal_actions())

    def prompt(self) -> str:
        """The one thing the person is asked to do now, true for the state."""
        seat = self.state.to_move
        legal = self.state.legal_actions()
        if legal == [PASS]:
            text = _("{who}: no die can be used. Pass the turn.")
        elif PASS in legal:  # no die moves a stone, but an entangled one may escape (D4)
            if self.selected:
                text = _("{who}: choose where the stone escapes to, or pass the turn.")
            else:
                text = _("{who}: no die can move a stone. Your entangled stone may escape "
                         "with the smaller die (choose it), or pass the turn.")
        elif self.selected:
            text = _("{who}: choose where the stone goes, or another of your stones.")
        elif self.can_escape():
            text = _("{who}: choose one of your stones, then where it goes; an entangled "
                     "stone may escape with the smaller die (a whole turn).")
        else:
            text = _("{who}: choose one of your stones, then where it goes.")
        return text.format(who=self.name(seat))

    def panel_html(self) -> str:
        # the dice left are shown whoever is to move: the panel keeps its place through
        # the computer's turn (nothing jumps but the pieces)
        dice = dice_words(self.state.dice_left) or _("none")
        title = _("Dice left: {dice}").format(dice=dice)
        parts = [f'<h2 class="panel-title">{escape(title)}</h2>']
        if self.match.human_to_move and PASS in self.state.legal_actions():
            button = escape(_("Pass the turn"))
            parts.append('<div class="controls"><button type="button" class="primary" '
                         f'data-pass="1">{button}</button></div>')
        return "".join(parts)

    def focus_target(self) -> list:
        if self.ended:
            return ['#panel [data-again="same"]']
        if not self.match.human_to_move:
            return []
        if self.selected:
            return ['#board g.target[tabindex="0"]', "#board g.target"]
        back: list[str] = []
        if self.dropped is not None:
            where, what = self.dropped
            back = ([f'#board g.pile.movable[data-mat="{what}"]'] if where == "mat" else
                    [f'#board g.stone.movable[data-segment="{where}"][data-field="{what}"]'])
        return [*back, '#board .movable[tabindex="0"]', "#board .movable", "#panel [data-pass]"]

    def motion_plan(self, lines) -> dict:
        return motion.moves(lines)  # game/tatsu/motion.py

    def standings(self) -> list:
        """The winner with the reason the engine gave (D6), then the other player."""
        over = [event for event, _ in self.match.log if event.kind == GAME_OVER]
        if not over:
            return super().standings()
        winner, reason = over[-1].data["winners"][0], over[-1].data["reason"]
        why = end_words(reason, winner, colour_names())
        return [(winner, _("wins: {why}").format(why=why)), (1 - winner, _("loses"))]

    async def click(self, data: dict) -> None:
        if await self.shared_click(data):
            return
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
        address = self._address(data)
        if self.selected and segment is not None and not self._pickable(data, address):
            for action, target in self.state.destinations(self.selected):
                if target == int(segment):
                    await self.act(action)
                    return
        if address is None or (address[0] != "mat"
                               and self.state.stone_at(*address) is None):
            if self.selected:  # an empty field that is no destination
                self.message = _("That stone cannot go there: choose a highlighted field.")
                self.render()
            return
        refusal = self.state.stone_refusal(address)
        if refusal is None:
            self.selected = address
            self.dropped = None
            self.message = ""
            self.refocus()  # on to where the stone may go
        else:
            self.selected = None
            self.refuse(refusal)
        self.render()

    def _pickable(self, data: dict, address) -> bool:
        """A click on one of the person's own stones that may move (not a destination
        drawn over it): it picks that stone, even where the stone picked before could go
        (moving onto one's own stone is its destination marker's click)."""
        return ("field" in data and "targetSegment" not in data and address is not None
                and address != self.selected
                and self.state.stone_at(*address) is not None
                and self.state.stone_refusal(address) is None)

    @staticmethod
    def _address(data):
        if "mat" in data:
            return ("mat", data["mat"])
        if "segment" in data:
            return (int(data["segment"]), data.get("field", "inner"))
        return None

    async def key(self, key: str) -> None:
        await self.idle()
        if await self.shared_key(key):
            return
        if key == "Escape" and self.selected:
            self.selected, self.dropped = None, self.selected
            self.message = ""
            self.refocus()
            self.render()
        elif key in ("p", "P") and self.match.human_to_move and PASS in self.state.legal_actions():
            await self.act(PASS)
