"""Python's end of the line to the page (game/web/protocol.py has the messages).

`Port` sends messages through a function it is given (game/web/worker.py gives it
postMessage; the native tests a list) and keeps the asks awaiting their answers.
`TablePage` is what a table draws on (game/web/table.py lists what a table may ask):
each call becomes a message, so tables, lessons and embedded boards run the same in the
worker and in the tests. Nothing here imports browser code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from game.web.protocol import message


class Port:
    """`batched`: what Python tells the page in one step of its event loop (until it next
    awaits: a pause, an answer, a computer's thinking slice) goes as one "batch" message,
    which the page applies in one task, so that no frame shows a drawing half made (the
    page's words put in before its board, pushed down the screen as the board comes: a
    layout shift). An ask first sends what was told before it."""

    def __init__(self, send: Callable[[dict], None], batched: bool = False):
        self.send = send
        self.batched = batched
        self._asks: dict[int, asyncio.Future] = {}
        self._count = 0
        self._told: list[dict] | None = None  # (batched) told in this step, not yet sent

    def tell(self, kind: str, **fields) -> None:
        told = message(kind, **fields)
        if not self.batched:
            self.send(told)
            return
        if self._told is None:
            try:
                asyncio.get_running_loop().call_soon(self.flush)
            except RuntimeError:  # no loop running: nothing would send it later
                self.send(told)
                return
            self._told = []
        self._told.append(told)

    def flush(self) -> None:
        """Send what was told and not yet sent (batched), in one message."""
        told, self._told = self._told, None
        if told:
            self.send(told[0] if len(told) == 1 else message("batch", messages=told))

    async def ask(self, kind: str, **fields) -> Any:
        """Ask the page and wait for its answer."""
        self.flush()
        self._count += 1
        number = self._count
        future = asyncio.get_running_loop().create_future()
        self._asks[number] = future
        self.send({**message(kind, **fields), "ask": number})
        try:
            return await future
        finally:
            self._asks.pop(number, None)

    def answer(self, number, value) -> None:
        future = self._asks.get(number)
        if future is not None and not future.done():
            future.set_result(value)


class Superseded(Exception):  # noqa: N818 -- not an error: a board's play ends
    """Raised in a table's play once its board was replaced (another game, lesson step or
    embedded board) while it still played: that play stops at its next pause, quietly,
    and never draws over the new board."""


def serial(move, step_seconds: float = 0.0) -> dict:
    """A move (game/core/motion.py) as the page plays it, at `step_seconds` a step."""
    return {"selector": move.selector, "keyframes": [dict(frame) for frame in move.keyframes],
            "centred": move.centred, "home": move.home, "before": move.before,
            "options": move.options(step_seconds)}


class TablePage:
    """What a table may ask of the page, as messages. `on_done(winners)` is the app's
    own bookkeeping once a game is over."""

    def __init__(self, port: Port, on_done: Callable[[Any], None] | None = None):
        self.port = port
        self.on_done = on_done
        self.retired = False

    def retire(self) -> None:
        """Another board takes this one's place: what its table still plays stops at its
        next pause or motion."""
        self.retired = True

    def still_shown(self) -> None:
        if self.retired:
            raise Superseded

    def show(self, region: str, html: str) -> None:
        if not self.retired:
            self.port.tell("show", region=region, html=html)

    def focus(self, selectors) -> None:
        if not self.retired:
            self.port.tell("focus", selectors=list(selectors), force=False)

    def refocus(self) -> None:
        if not self.retired:
            self.port.tell("refocus")

    def log(self, line: str, step=None) -> None:
        if not self.retired:
            self.port.tell("log", line=line, step=step)

    def mark_log(self, step) -> None:
        if not self.retired:
            self.port.tell("mark-log", step=step)

    def highlight(self, selector: str) -> None:
        if not self.retired:
            self.port.tell("highlight", selector=selector)

    async def pause(self, seconds: float) -> None:
        self.still_shown()
        await asyncio.sleep(seconds)
        self.still_shown()

    def hold(self, moves) -> None:
        if not self.retired:
            self.port.tell("hold", moves=[serial(move) for move in moves])

    def release(self, selector=None) -> None:
        if not self.retired:
            self.port.tell("release", selector=selector)

    async def move(self, moves, step_seconds: float) -> None:
        """Play an event's moves; returns once the page has played them (at once for a
        player who asks for reduced motion, or after Skip)."""
        self.still_shown()
        if step_seconds > 0:
            await self.port.ask("move", moves=[serial(move, step_seconds) for move in moves],
                                seconds=step_seconds)
        self.still_shown()

    def done(self, winners) -> None:
        if self.on_done is not None and not self.retired:
            self.on_done(winners)
