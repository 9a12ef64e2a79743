"""The Compare view's decisions (corpus mode's controller owns one, :class:`CompareControl`).

Once two systems or more are scored, compare-mt's analyses of the loaded files run in the
session (:meth:`bleu2.page.corpus.session.Session.compare_start`), a slice at a time
(:meth:`~bleu2.page.corpus.session.Session.step`, the backend's budget: the worker's long
steps, or the page's short ones with a turn for the page between two), with progress;
an input change cancels them (the last view stays, marked stale with the results). Clicks
on a bucket's count or an n-gram ask the session for their sentences; the exports are the
command line's files, downloaded. Everything goes through the corpus port
(:class:`bleu2.page.corpus.port.CorpusPort`); tested in CPython with its fake
(``tests/page/test_compare_control.py``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from .backend import SessionLink
from .port import CorpusPort, Message, message_text

__all__ = ["EVENTS", "CompareControl"]

#: The Compare view's events (each a method of :class:`CompareControl`, reached through
#: :meth:`bleu2.page.corpus.controller.CorpusControl.on`).
EVENTS = frozenset({"compare_rules", "compare_pair", "compare_bucket", "compare_ngram", "compare_export"})


class CompareControl:
    """The Compare view's state: the running analyses, the result shown, the pair shown.

    Args:
        port: the page; link: where the session runs (corpus mode's); lang: the page's
            language, read when needed (it changes).
    """

    def __init__(self, port: CorpusPort, link: SessionLink, lang: Callable[[], str]) -> None:
        self.port, self.link, self.lang = port, link, lang
        self.job: int | None = None
        self.result: int | None = None
        self.pair = 0
        self.runs = 0  # analyses asked for: an answer for an older one is dropped
        self.asked = 0  # views and sentence lists asked for: only the latest is painted
        self.timer: Any = None
        self.status: Message | None = None

    def _paint(self, painter: Any, data: Any, target: str) -> None:
        self.port.paint(painter, json.dumps(data, ensure_ascii=False), target)

    def _show(self, status: Message | None, fraction: float | None = None) -> None:
        self.status = status
        props: dict[str, Any] = {"hidden": fraction is None}
        if fraction is not None:
            props["value"] = fraction
        self.port.write(
            {"compare-status": {"text": message_text(status, self.lang())}, "compare-progress": {"props": props}}
        )

    # --- the analyses -----------------------------------------------------------------------

    def start(self) -> None:
        """The files were scored: compare the loaded systems (a running comparison is replaced)."""
        self.cancel(quiet=True)
        self.runs += 1
        run = self.runs
        request: dict[str, Any] = {"preset": self.port.read_value("compare-rules") or "compare-mt"}
        baseline = self.port.read_value("corpus-baseline")
        if baseline.isdigit():
            request["baseline"] = int(baseline)

        def started(out: dict[str, Any]) -> None:
            if run != self.runs:
                if out.get("ok"):
                    self.link.call("cancel", [out["job"]])
                return
            if not out["ok"]:  # fewer than two systems: no Compare view
                self.result = None
                self.port.write({"compare": {"props": {"hidden": True}}, "compare-json": {"text": ""}})
                self._show(None)
                return
            self.job = out["job"]
            self.port.write({"compare": {"props": {"hidden": False}}})
            self._show({"key": "compare_progress", "numbers": {"percent": 0}}, 0.0)
            self._step(self.job)

        self.link.when_ready(lambda backend: self.link.call("compare_start", [request], started))

    def _step(self, job: int) -> None:
        assert self.link.backend is not None

        def stepped(out: dict[str, Any]) -> None:
            if self.job != job:
                return
            if not out["done"]:
                fraction = out["fraction"] or 0.0
                self._show({"key": "compare_progress", "numbers": {"percent": math.floor(fraction * 100)}}, fraction)
                self.timer = self.port.set_timer(0, lambda: self._step(job))
                return
            self.job, self.timer = None, None
            if "error" in out:
                self._show(out["error"])
                return
            self.result, self.pair = out["result"], 0
            self._show(None)
            self.render()

        def failed(why: str) -> None:
            if self.job == job:
                self.job = None
                self._show({"key": "corpus_call_failed", "params": {"error": why}})

        self.link.call("step", [job, self.link.backend.budget_ms], stepped, failed=failed)

    def cancel(self, quiet: bool = False) -> None:
        """Stop the running analyses (an input changed); the last view stays."""
        job, self.job = self.job, None
        self.runs += 1
        if self.timer is not None:
            self.port.clear_timer(self.timer)
            self.timer = None
        if job is not None:
            self.link.call("cancel", [job])
            self._show(None if quiet else {"key": "compare_cancelled"})

    # --- the view ---------------------------------------------------------------------------

    def render(self) -> None:
        """Paint the result's view (after a language switch too, or another pair)."""
        if self.result is None:
            return
        self.asked += 1
        asked, result = self.asked, self.result

        def show(view: dict[str, Any]) -> None:
            if asked != self.asked or result != self.result or view.get("superseded"):
                return
            self.pair = view["pairs"]["selected"]
            self.port.write(
                {
                    "compare": {"props": {"hidden": False}},
                    "compare-json": {"text": view["json"]},
                    "compare-signature": {"text": view["signature"]},
                    "compare-lines": {"props": {"hidden": True}},
                }
            )
            self._paint("compareView", view, "compare-body")

        self.link.call("compare_view", [result, {"lang": self.lang(), "pair": self.pair}], show)

    def _lines(self, request: dict[str, Any]) -> None:
        if self.result is None:
            return
        self.asked += 1
        asked = self.asked

        def show(listed: dict[str, Any]) -> None:
            if asked == self.asked and not listed.get("superseded"):
                self.port.write({"compare-lines": {"props": {"hidden": False}}})
                self._paint("compareLines", listed, "compare-lines-body")

        request.update(lang=self.lang(), pair=self.pair)
        self.link.call("compare_lines", [self.result, request], show)

    # --- events -----------------------------------------------------------------------------

    def compare_rules(self) -> None:
        """The rules (compare-mt's, or a preset's) changed: compare again, if files are scored."""
        if self.result is not None or self.job is not None:
            self.start()

    def compare_pair(self, index: int) -> None:
        """Another system against the baseline (three systems or more)."""
        self.pair = int(index)
        self.render()

    def compare_bucket(self, kind: str, bucket: int, system: int) -> None:
        """A bucket's count: list that system's sentences in it."""
        self._lines({"kind": str(kind), "bucket": int(bucket), "system": int(system)})

    def compare_ngram(self, side: str, index: int) -> None:
        """An n-gram: list the sentences that have it, marked."""
        self._lines({"side": str(side), "index": int(index)})

    def compare_export(self, fmt: str) -> None:
        """Download ``bleu2 compare``'s --html, --json or --latex output of the result shown."""
        if self.result is not None:

            def download(out: dict[str, Any]) -> None:
                if not out.get("superseded"):
                    self.port.download(out["filename"], out["mime"], out["text"])

            self.link.call("compare_export", [self.result, str(fmt)], download)
