"""Playing a game in the browser with the keyboard alone (`page.keyboard` only, never a
click), checked against an engine twin exactly as players.py does for clicks.

The keys are the ones the help dialog lists (game/web/table.py, HELP_KEYS): Tab and Shift+Tab reach
a decision's roving group (one element of it in the tab order), the arrow keys move the
focus within it (data-rove), Enter acts, Escape drops the choice being made, R turns a
tile. After every action the focus must be on something, never on the page's body.
"""

from __future__ import annotations

import json

from players import SETTLE_MS, TatsuPlayer, TsuroPlayer, fill_form

ACTIVE = ("(() => { const e = document.activeElement; "
          "return e ? e.outerHTML.slice(0, 120) : ''; })()")
MAX_TABS = 80  # more than every focusable thing of a game's page


def active_matches(page, selector: str) -> bool:
    return page.evaluate("(sel) => !!document.activeElement?.matches(sel)", selector)


def wait_focus(page, selector: str) -> None:
    try:
        page.wait_for_function("(sel) => !!document.activeElement?.matches(sel)",
                               arg=selector, timeout=SETTLE_MS)
    except Exception as error:
        raise AssertionError(f"the focus never reached {selector}; it is on "
                             f"{page.evaluate(ACTIVE)}") from error


def focus_is_kept(page) -> None:
    """The focus is on an element of the page, never lost to its body."""
    wait_focus(page, ":not(body)")


def tab_to(page, selector: str, backwards=False) -> None:
    """Tab (then Shift+Tab; the other way first when `backwards`) until the focus is on
    `selector`."""
    for key in (("Shift+Tab", "Tab") if backwards else ("Tab", "Shift+Tab")):
        for _ in range(MAX_TABS):
            if active_matches(page, selector):
                return
            page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}; "
                         f"the focus is on {page.evaluate(ACTIVE)}")


ROVE_AT = """([group, selector]) => {
  const active = document.activeElement;
  const scope = active.closest('svg') || active.parentElement;
  const all = [...scope.querySelectorAll(`[data-rove="${group}"]`)];
  return [all.indexOf(active), all.findIndex((e) => e.matches(selector)), all.length];
}"""


def rove_to(page, group: str, selector: str) -> None:
    """With the focus in a roving group, the arrow keys (the shorter way round) until it
    is on `selector`; each press checked before the next."""
    at, want, count = page.evaluate(ROVE_AT, [group, selector])
    assert at >= 0 and want >= 0, (group, selector, page.evaluate(ACTIVE))
    forward = (want - at) % count
    key, presses = ("ArrowRight", forward) if forward <= count - forward else \
        ("ArrowLeft", count - forward)
    for i in range(presses):
        page.keyboard.press(key if i % 2 == 0 else key.replace("Right", "Down")
                            .replace("Left", "Up"))  # ↓ and ↑ rove too
        step = (at + (i + 1) * (1 if key == "ArrowRight" else -1)) % count
        page.wait_for_function(
            "([group, step]) => { const a = document.activeElement;"
            " const scope = a.closest('svg') || a.parentElement;"
            " const all = [...scope.querySelectorAll(`[data-rove=\"${group}\"]`)];"
            " return all.indexOf(a) === step; }",
            arg=[group, step], timeout=SETTLE_MS)
    assert active_matches(page, selector), page.evaluate(ACTIVE)
    # one tab stop in the group: the element in focus
    stops = page.evaluate("(g) => [...document.querySelectorAll(`[data-rove=\"${g}\"]`)]"
                          ".filter((e) => e.getAttribute('tabindex') === '0').length", group)
    assert stops == 1


class KeyboardTsuroPlayer(TsuroPlayer):
    """Tsuro of the Seas by keys: start marks on the board (arrows, Enter to pick, Enter
    again to set sail), hand tiles (arrows, Enter), R to turn, Enter on the target square
    or the Place button."""

    escaped = False

    def set_sail(self, mark: int) -> None:
        tab_to(self.page, "#board g.mark.choice", backwards=True)
        rove_to(self.page, "marks", f'g.mark.choice[data-mark="{mark}"]')
        self.page.keyboard.press("Enter")  # pick it
        self.page.wait_for_selector(f'#panel [data-picked="{mark}"]', timeout=SETTLE_MS)
        wait_focus(self.page, f'#board g.mark.choice[data-mark="{mark}"]')
        if not self.escaped:  # Escape drops the mark picked; the focus stays on it
            self.escaped = True
            self.page.keyboard.press("Escape")
            self.page.wait_for_selector("#panel [data-picked]", state="detached",
                                        timeout=SETTLE_MS)
            wait_focus(self.page, f'#board g.mark.choice[data-mark="{mark}"]')
            self.page.keyboard.press("Space")  # Space acts as Enter does
            self.page.wait_for_selector(f'#panel [data-picked="{mark}"]', timeout=SETTLE_MS)
        self.page.keyboard.press("Enter")  # the picked mark again: set sail

    def select(self, tile: int, rotation: int) -> None:
        page = self.page
        wait_focus(page, "#panel button.hand-tile")
        chosen = f'#panel button.hand-tile[data-tile="{tile}"]'
        rove_to(page, "hand", chosen)
        page.keyboard.press("Enter")
        self.selected, self.message = (tile, 0), None
        self.settle()
        wait_focus(page, chosen)
        turns = rotation % 4
        if turns == 3:
            page.keyboard.press("Shift+R")  # anticlockwise: one press for three quarters
            self._turned(-1)
        else:
            for _ in range(turns):
                page.keyboard.press("r")
                self._turned(1)
        assert self.selected == (tile, rotation)
        wait_focus(page, chosen)

    def place_clicked(self) -> None:
        """Place by keys: Enter on the board's target square, or on the Place button."""
        self.places += 1
        on_board = self.places % 2 == 1
        where = "#board rect.square.target" if on_board else "#panel button[data-place]"
        tab_to(self.page, where, backwards=on_board)  # the board comes before the panel
        self.page.keyboard.press("Enter")

    def play(self, action) -> dict:
        assert action.kind in ("start", "relocate", "place"), action
        got = super().play(action)
        focus_is_kept(self.page)
        return got


class KeyboardTatsuPlayer(TatsuPlayer):
    """Tatsu by keys: the movable stones (arrows, Enter), then where the stone goes
    (arrows, Enter); P passes; Escape drops a stone picked."""

    escaped = False

    def play(self, action) -> dict:
        page = self.page
        self.steps += 1
        if action.kind == "pass":
            page.keyboard.press("p")
        else:
            stone = action.args[0]
            seat = self.twin.state.to_move
            if stone[0] == "mat":
                chosen = f'g.pile[data-seat="{seat}"][data-mat="{stone[1]}"]'
            else:
                chosen = f'g.stone[data-segment="{stone[0]}"][data-field="{stone[1]}"]'
            wait_focus(page, '#board [data-rove="stones"]')
            rove_to(page, "stones", chosen)
            page.keyboard.press("Enter")
            self.selected = stone
            got = self.settle()
            data = json.dumps(action.to_json(), separators=(",", ":"))
            assert data in [t[0] for t in got["targets"]]
            wait_focus(page, '#board [data-rove="targets"]')  # on to where it may go
            if not self.escaped:  # Escape drops the stone; the focus goes back to it
                self.escaped = True
                page.keyboard.press("Escape")
                self.selected = None
                self.settle()
                wait_focus(page, f"#board {chosen}")
                page.keyboard.press("Enter")
                self.selected = stone
                self.settle()
                wait_focus(page, '#board [data-rove="targets"]')
            rove_to(page, "targets", f"g.target[data-action='{data}']")
            page.keyboard.press("Enter")
        self.twin.apply(action)
        self.selected = None
        got = self.settle()
        focus_is_kept(page)
        return got


def keyboard_start(page, form: dict) -> None:
    """The start form: its fields set (ordinary form controls, tested in
    test_new_player.py), then Start reached with Tab and pressed with Enter."""
    fill_form(page, form)
    tab_to(page, "#setup-form button[data-start]")
    page.keyboard.press("Enter")
