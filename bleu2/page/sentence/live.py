"""Long texts measured in an event of their own, one request at a time (``Live``).

Scoring costs about 0.5 µs per character in CPython, 1-2 µs in Pyodide: past :data:`LIVE_CHARACTERS` the costly
half (``candidates.measure``) runs after the answer saying "scoring…", on the latest texts.
"""

from __future__ import annotations

from typing import Any

from . import candidates

__all__ = ["LIVE_CHARACTERS", "Live", "on_page"]

#: Characters in all boxes together up to which the page scores at each keystroke.
LIVE_CHARACTERS = 100_000


def on_page(boxes: dict[str, Any]) -> bool:
    """Whether the texts are short enough to score at each keystroke."""
    return sum(len(t) for kind in ("references", "candidates") for t in boxes[kind]) <= LIVE_CHARACTERS


Request = tuple[dict[str, Any], dict[str, Any]]


class Live:
    """Which texts were asked for, are being measured, are shown: one request at a time, only the latest texts next."""

    def __init__(self) -> None:
        self.busy = False  # texts are being measured
        self.waiting = False  # newer texts wait for its answer
        self.wanted: Request | None = None  # the latest texts and options asked for
        self.sent: Request | None = None  # being measured
        self.shown: Request | None = None  # on screen

    def plan(self, boxes: dict[str, Any], options: dict[str, Any]) -> str:
        """``"page"`` (short: compare now), ``"shown"`` (already on screen), ``"send"`` or ``"wait"`` (they go next)."""
        if on_page(boxes):
            self.waiting, self.shown = False, None
            return "page"
        if self.shown == (boxes, options):
            return "shown"
        self.wanted = (boxes, options)
        if self.busy:
            self.waiting = True
            return "wait"
        self.busy = True
        return "send"

    def send(self) -> Request:
        """The ``(boxes, options)`` to send now (the latest wanted). Raises RuntimeError: nothing was asked for."""
        if self.wanted is None:
            raise RuntimeError("Live.send before Live.plan asked for long texts")
        self.sent = self.wanted
        return self.sent

    def answer(self, boxes_now: dict[str, Any]) -> tuple[candidates.Comparison | None, bool]:
        """Measure the texts of the last :meth:`send`: (the comparison, or None if short texts typed since are shown
        already; whether to :meth:`send` again)."""
        if self.sent is None:
            raise RuntimeError("Live.answer before Live.send")
        boxes, options = self.sent
        measured = candidates.measure(boxes["candidates"], boxes["references"], **options)
        again, self.waiting = self.waiting, False
        self.busy = again
        if on_page(boxes_now):
            return None, again
        self.shown = self.sent
        return candidates.assemble(boxes["candidates"], boxes["references"], measured, **options), again
