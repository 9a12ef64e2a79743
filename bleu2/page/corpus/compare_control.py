"""``CompareControl``: the Compare view's decisions, owned by corpus mode's controller.

The design: docs/corpus-mode-design.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..ports import signature_chips
from .port import CorpusPort, Message, event, events_of, guarded, message_text, paint, progress
from .session import Session

__all__ = ["EVENTS", "CompareControl"]


class CompareControl:
    """The Compare view's state; ``step_ms``: work per step; ``lang``: reads the page's language."""

    def __init__(self, port: CorpusPort, session: Session, step_ms: float, lang: Callable[[], str]) -> None:
        self.port, self.session, self.step_ms, self.lang = port, session, step_ms, lang
        self.job: int | None = None
        self.result: int | None = None
        self.pair = 0
        self.timer: Any = None
        self.status: Message | None = None
        self.corpus: int | None = None  # the systems table's result: its options and paired test

    def _show(self, status: Message | None, fraction: float | None = None) -> None:
        self.status = status
        text = message_text(status, self.lang())
        self.port.write({"compare-status": {"text": text}, **progress("compare", fraction)})

    def start(self, corpus: int | None = None) -> None:
        """Compare the loaded systems (``corpus``: the systems table's result; None: the last)."""
        self.cancel(quiet=True)
        if corpus is not None:
            self.corpus = corpus
        preset = self.port.read_value("compare-rules") or "page"
        request: dict[str, Any] = {"preset": preset}
        job_result = self.session.results.get(self.corpus) if self.corpus is not None else None
        if preset == "page":
            if job_result is None:
                return
            request["options"] = job_result.options
        elif job_result is not None:  # under other rules a paired test runs on the analyses' statistics
            request["test"] = {"name": job_result.test, "n": job_result.n, "seed": job_result.seed}
        baseline = self.port.read_value("corpus-baseline")
        if baseline.isdigit():
            request["baseline"] = int(baseline)
        out = self.session.compare_start(request)
        if not out["ok"]:  # fewer than two systems: no Compare view
            self.result = None
            self.port.write({"compare": {"props": {"hidden": True}}, "compare-json": {"text": ""}})
            self._show(None)
            return
        if "result" in out:  # nothing the analyses read changed: the view again, with the new test
            self.result = out["result"]
            self._show(None)
            self.render()
            return
        job = self.job = out["job"]
        self.port.write({"compare": {"props": {"hidden": False}}})
        self._show({"key": "compare_progress", "numbers": {"percent": 0}}, 0.0)
        self.timer = self.port.set_timer(0, lambda: self._step(job))

    def _step(self, job: int) -> None:
        self.timer = None
        out = guarded(self._failed, lambda: self.session.step(job, self.step_ms))
        if out is None:
            return
        if not out["done"]:
            fraction = out["fraction"] or 0.0
            self._show({"key": "compare_progress", "numbers": {"percent": math.floor(fraction * 100)}}, fraction)
            self.timer = self.port.set_timer(0, lambda: self._step(job))
            return
        self.job = None
        if "error" in out:
            self._show(out["error"])
            return
        self.result, self.pair = out["result"], 0
        self._show(None)
        self.render()

    def _failed(self, why: str) -> None:
        self.job = None
        self._show({"key": "corpus_call_failed", "params": {"error": why}})

    def cancel(self, quiet: bool = False) -> None:
        """Stop the running analyses (an input changed); the last view stays."""
        job, self.job = self.job, None
        if self.timer is not None:
            self.port.clear_timer(self.timer)
            self.timer = None
        if job is not None:
            self.session.cancel(job)
            self._show(None if quiet else {"key": "compare_cancelled"})

    def render(self) -> None:
        """Paint the result's view (after a language switch too, or another pair)."""
        if self.result is None:
            return
        view = self.session.compare_view(self.result, {"lang": self.lang(), "pair": self.pair, "corpus": self.corpus})
        self.pair = view["pairs"]["selected"]
        self.port.write(
            {
                "compare": {"props": {"hidden": False}},
                "compare-json": {"text": view["json"]},
                "compare-signature": {"chips": signature_chips(view["signature"])},
                "compare-lines": {"props": {"hidden": True}},
            }
        )
        paint(self.port, "compareView", view, "compare-body")

    def _lines(self, request: dict[str, Any]) -> None:
        if self.result is not None:
            request.update(lang=self.lang(), pair=self.pair, corpus=self.corpus)
            listed = self.session.compare_lines(self.result, request)
            self.port.write({"compare-lines": {"props": {"hidden": False}}})
            paint(self.port, "compareLines", listed, "compare-lines-body")

    @event
    def compare_rules(self) -> None:
        """The rules (compare-mt's, or a preset's) changed: compare again, if files are scored."""
        if self.result is not None or self.job is not None:
            self.start()

    @event
    def compare_pair(self, index: int) -> None:
        """Another system against the baseline (three systems or more)."""
        self.pair = int(index)
        self.render()

    @event
    def compare_bucket(self, kind: str, bucket: int, system: int) -> None:
        """A bucket's count: list that system's sentences in it."""
        self._lines({"kind": str(kind), "bucket": int(bucket), "system": int(system)})

    @event
    def compare_ngram(self, side: str, index: int) -> None:
        """An n-gram: list the sentences that have it, marked."""
        self._lines({"side": str(side), "index": int(index)})

    @event
    def compare_export(self, fmt: str) -> None:
        """Download ``bleu2 compare``'s --html, --json or --latex output of the result shown."""
        if self.result is not None:
            out = self.session.compare_export(self.result, str(fmt), self.corpus)
            self.port.download(out["filename"], out["mime"], out["text"])


#: The Compare view's events (reached through :meth:`bleu2.page.corpus.controller.CorpusControl.on`).
EVENTS = events_of(CompareControl)
