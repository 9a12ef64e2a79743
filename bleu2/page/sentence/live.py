"""Where the page scores while a person types: on the page at each keystroke, or, for long
texts, in the page's worker (a PyScript worker running this same package, called
asynchronously only), with requests coalesced so that the worker always works on the
latest texts and never on a queue of old ones.

On the page, :func:`bleu2.page.sentence.candidates.compare` is quick for short texts (an edit
re-tokenizes one box) but takes about 0.5 µs per character in CPython and some 1-2 µs in
Pyodide: past :data:`LIVE_CHARACTERS` characters in all the boxes together, one keystroke
would hold the page's only thread longer than the 200 ms a person notices. Past that size
the costly half (:func:`bleu2.page.sentence.candidates.measure`: tokens and statistics) runs in the
worker and comes back in a small, bounded form (:func:`pack`: no text, token lists cut
after :data:`bleu2.page.sentence.explain.MAX_TOKENS` + 1 tokens, since longer ones are neither
highlighted nor listed in full); the page keeps showing the last result, says "scoring…"
and assembles the new comparison (:func:`bleu2.page.sentence.candidates.assemble`) from its own texts
when the answer arrives. Standard library only.
"""

from __future__ import annotations

import json
from typing import Any, cast

from ...stats import SentenceStats
from . import candidates
from .explain import MAX_TOKENS

__all__ = [
    "LIVE_CHARACTERS",
    "KEEP_TOKENS",
    "on_page",
    "pack",
    "unpack",
    "Live",
]

#: Characters in all boxes together up to which the page scores at each keystroke itself.
LIVE_CHARACTERS = 100_000

#: Tokens kept of each box's list in a worker's answer: one more than the page highlights,
#: so a cut list still says "too long to highlight"; the counts are sent apart.
KEEP_TOKENS = MAX_TOKENS + 1


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


def pack(measured: candidates.Measured) -> str:
    """:func:`bleu2.page.sentence.candidates.measure`'s result as JSON, bounded whatever the texts'
    size: token lists cut after :data:`KEEP_TOKENS` tokens, statistics as lists."""

    def stats(s: SentenceStats) -> list[Any]:
        return [
            list(s.matches),
            list(s.totals),
            s.hyp_len,
            s.ref_len,
            list(s.empty),
            list(s.extra_matches),
            list(s.extra_totals),
        ]

    return json.dumps(
        {
            "references": [toks[:KEEP_TOKENS] for toks in measured["references"]],
            "reference_lengths": measured["reference_lengths"],
            "candidates": [toks[:KEEP_TOKENS] for toks in measured["candidates"]],
            "stats": [stats(s) for s in measured["stats"]],
        },
        ensure_ascii=False,
    )


def unpack(answer_json: str) -> candidates.Measured:
    """A worker's answer (:func:`pack`) back into the form
    :func:`bleu2.page.sentence.candidates.assemble` takes."""
    data = json.loads(answer_json)
    data["stats"] = [
        SentenceStats(tuple(m), tuple(t), c, r, tuple(e), tuple(xm), tuple(xt))
        for m, t, c, r, e, xm, xt in data["stats"]
    ]
    return cast(candidates.Measured, data)  # the worker's answer: measure()'s, packed (pack)


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
    >>> comp, again = live.answer(None, long)          # None: measured here (no worker)
    >>> comp["candidates"][0]["token_count"], again    # and the waiting texts go next
    (2, True)
    """

    def __init__(self) -> None:
        self.busy = False  # a request is in the worker
        self.waiting = False  # newer texts wait for its answer
        self.no_worker = False  # no worker could start (the one-file page): measured on the page
        self.wanted: Request | None = None  # the latest texts and options asked for
        self.sent: Request | None = None  # in the worker
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

    def answer(self, answer_json: str | None, boxes_now: dict[str, Any]) -> tuple[candidates.Comparison | None, bool]:
        """The worker's answer to the last :meth:`send` (``None``: measure here instead).

        Returns:
            ``(comparison to show, or None when the texts typed since are short and shown
            already; whether to :meth:`send` again now)``.
        """
        if self.sent is None:
            raise RuntimeError("Live.answer before Live.send")
        boxes, options = self.sent
        measured = (
            unpack(answer_json)
            if answer_json is not None
            else candidates.measure(boxes["candidates"], boxes["references"], **options)
        )
        again, self.waiting = self.waiting, False
        self.busy = again
        if on_page(boxes_now):
            return None, again
        self.shown = self.sent
        return candidates.assemble(boxes["candidates"], boxes["references"], measured, **options), again
