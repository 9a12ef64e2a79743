"""Long texts measured in an event of their own, one request at a time (``Live``).

Requests are coalesced so that the measuring always works on the latest texts, never on a
queue of old ones.

:func:`bleu2.page.sentence.candidates.compare` is quick for short texts (an edit
re-tokenizes one box) but takes about 0.5 µs per character in CPython and some 1-2 µs in
Pyodide: past :data:`LIVE_CHARACTERS` characters in all the boxes together, scoring in the
keystroke's own answer would hold back everything else it shows. Past that size the costly
half (:func:`bleu2.page.sentence.candidates.measure`: tokens and statistics) runs after
the answer that says "scoring…" (in the page's worker, a timer of its own; on the page's
thread, after a pause); the page keeps showing the last result meanwhile, and the new
comparison is assembled (:func:`bleu2.page.sentence.candidates.assemble`) when it is
measured. Standard library only.
"""

from __future__ import annotations

from typing import Any

from . import candidates

__all__ = ["LIVE_CHARACTERS", "Live", "on_page"]

#: Characters in all boxes together up to which the page scores at each keystroke itself.
LIVE_CHARACTERS = 100_000


def on_page(boxes: dict[str, Any]) -> bool:
    """Whether the texts are short enough to score on the page at each keystroke.

    Args:
        boxes: ``{"references": [str], "candidates": [str]}``.

    >>> on_page({"references": ["the cat"], "candidates": ["a cat"]})
    True
    >>> on_page({"references": ["word " * 20_000], "candidates": ["word " * 1]})
    False
    """
    return sum(len(t) for kind in ("references", "candidates") for t in boxes[kind]) <= LIVE_CHARACTERS


#: What a long-text render asks for: the boxes' texts and the options.
Request = tuple[dict[str, Any], dict[str, Any]]


class Live:
    """The page's long-text scoring, as data: which texts were asked for, which are in the
    worker, which are shown; at most one request in the worker at a time, texts typed
    meanwhile waiting, and only the latest of them sent when the answer comes (a person
    typing fast into 5 MB of text is never behind by more than one answer).

    >>> live, opts = Live(), {"max_order": 2}
    >>> long = {"references": ["a " * 60_000], "candidates": ["a b"]}
    >>> live.plan({"references": ["a"], "candidates": ["a"]}, opts)
    'page'
    >>> live.plan(long, opts), live.plan(long, opts)   # the second waits for the first
    ('send', 'wait')
    >>> live.send() == (long, opts)
    True
    >>> comp, again = live.answer(long)
    >>> comp["candidates"][0]["token_count"], again    # and the waiting texts go next
    (2, True)
    """

    def __init__(self) -> None:
        self.busy = False  # texts are being measured
        self.waiting = False  # newer texts wait for its answer
        self.wanted: Request | None = None  # the latest texts and options asked for
        self.sent: Request | None = None  # being measured
        self.shown: Request | None = None  # on screen

    def plan(self, boxes: dict[str, Any], options: dict[str, Any]) -> str:
        """What to do with the texts of a render: ``"page"`` (short: compare them on the page
        now), ``"shown"`` (the comparison on screen is of these texts and options already:
        paint it again, for a new selection or language), ``"send"`` (ask the worker now:
        call :meth:`send`) or ``"wait"`` (an answer is awaited; these texts go next)."""
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
        """The ``(boxes, options)`` to send now (the latest wanted).

        Raises:
            RuntimeError: nothing was asked for (:meth:`plan` said "send" or "wait" first).
        """
        if self.wanted is None:
            raise RuntimeError("Live.send before Live.plan asked for long texts")
        self.sent = self.wanted
        return self.sent

    def answer(self, boxes_now: dict[str, Any]) -> tuple[candidates.Comparison | None, bool]:
        """Measure the texts of the last :meth:`send` (``boxes_now``: the boxes' texts now).

        Returns:
            ``(comparison to show, or None when the texts typed since are short and shown
            already; whether to :meth:`send` again now)``.
        """
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
