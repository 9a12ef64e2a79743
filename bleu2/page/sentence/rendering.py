"""``Rendering``: how the sentence view paints, the half of its controller that writes the page.

What a render scores (on the page at once while the texts are short, else in the worker), and how a comparison is
painted in one batch: the summary, the ranking, the breakdown or the metric's own view and its options form, the
marks, the chart, "How it works" and the peers table; only what changed since it was last painted.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from ...metrics import registry
from .. import chart, i18n, options_form
from ..options_form import FIELDS
from ..ports import Updates
from . import blank, explain, metric_form, metric_view, updates
from .breakdown import CandidateView, candidate_view
from .candidates import Comparison, compare
from .guide import help_sections
from .live import Live
from .metric_types import MetricView
from .peers_view import PeersPanel
from .port import SentencePort
from .screen import Screen

__all__ = ["DEFERRED_MS", "Rendering"]

#: The work after a pause in typing (the spoken score, a long text's peers table, saving)
#: runs this many milliseconds after the last edit.
DEFERRED_MS = 150


class Rendering:
    """The painting half of the sentence view's controller: the state it reads is the controller's."""

    port: SentencePort
    lang: str
    options: dict[str, Any]
    valid_options: dict[str, Any]
    boxes: dict[str, list[str]]
    selected: int
    comparison: Comparison | None
    view: CandidateView | None
    metric_view: MetricView | None
    labels: explain.Labels | None
    screen: Screen
    live: Live
    metric_values_due: bool  # the metric's form shows other options than the page's: written at the next render
    peers: PeersPanel
    timer: Any
    texts: Callable[[str], list[str]]  # the controller's: the boxes' texts of a kind
    deferred: Callable[[], None]  # the controller's: the work after a pause

    # --- writing the page ----------------------------------------------------------------

    def write(self, updates: Updates, force: bool = False) -> None:
        """Write the element updates that changed (all of them with ``force``)."""
        changed = self.screen.updates(updates, force)
        if changed:
            self.port.write(changed)

    def paint_once(self, key: str, painter: Any, data: Any, target: str = "") -> None:
        """Hand ``data`` to a painter when it changed since it was last painted under ``key``."""
        text = self.screen.once(key, data)
        if text is not None:
            self.port.paint(painter, text, target)

    # --- rendering -----------------------------------------------------------------------

    def render(self) -> None:
        """Score the boxes: here at once while short, else in the worker (:mod:`bleu2.page.sentence.live`)."""
        self.boxes = {"references": self.texts("reference"), "candidates": self.texts("candidate")}
        self.paint_metric_options()
        options, refused = options_form.usable_options(
            self.options, self.valid_options
        )  # bad ones: the last valid, said
        self.valid_options = dict(options)
        typed = self.port.read_value(FIELDS["smooth_value"])
        self.write(options_form.option_error_updates(self.options, refused, self.lang, typed))
        plan = self.live.plan(self.boxes, options)
        if plan == "page":
            self.show(compare(self.boxes["candidates"], self.boxes["references"], **options))
        elif plan == "shown" and self.comparison is not None:  # a new selection or language
            self.show(self.comparison, self.live.busy)
        else:
            self.write(updates.scoring_updates(True, self.lang))
            if plan == "send":
                self.ask()

    def paint_metric_options(self) -> None:
        """The metric's options form (:mod:`bleu2.page.metric_form`): built when the metric's family or the language
        changes; its values written then and when the options were set otherwise (a preset, the metric, a link, the
        tab), never while typed into; the preset list follows every change."""
        metric = self.options.get("metric", registry.DEFAULT)
        if not metric_view.has_own_view(metric):
            return
        own = self.options.get("metric_options") or {}
        if not self.screen.same("metric-form", (registry.family(metric).key, self.lang)):
            form = json.dumps(metric_form.form_paint(metric, self.lang), ensure_ascii=False)
            self.port.paint("insert", form, metric_form.FORM_ID)
            self.metric_values_due = True
        if self.metric_values_due:
            self.metric_values_due = False
            return self.write(metric_form.value_updates(metric, own, self.lang), force=True)
        self.write(metric_form.preset_updates(metric, own))

    def ask(self) -> None:
        """Measure the waiting texts: in the worker, in a timer of its own; on the page's
        thread (no worker) after a pause."""
        self.live.send()
        self.port.set_timer(0 if self.port.in_worker else DEFERRED_MS, self.on_answer)

    def on_answer(self) -> None:
        comp, again = self.live.answer(self.boxes)
        if again:
            self.ask()
        if comp is not None:
            self.show(comp, again)

    def show(self, comp: Comparison, busy: bool = False) -> None:
        """Paint a comparison (``busy``: newer texts are being scored); the rest after a pause."""
        self.comparison = comp
        self.selected = min(self.selected, len(comp["candidates"]) - 1)
        self.write(
            {
                **updates.scoring_updates(busy, self.lang),
                **options_form.options_state_updates(self.options, self.lang),
                **updates.token_updates(comp, self.lang),
            }
        )
        empty = blank.is_blank(self.boxes)  # nothing typed: no numbers, only what to do
        metric = comp["options"].get("metric", registry.DEFAULT)
        views = (
            metric_view.metric_views(comp, metric, self.lang)
            if metric_view.has_own_view(metric) and not empty
            else None
        )
        self.metric_view = views[self.selected] if views else None
        data: Any = updates.ranking_paint(comp, self.selected, self.lang)
        if views:
            data = metric_view.metric_ranking(comp, views, self.selected, self.lang)
        rebuild = not self.screen.same("ranking-structure", data["structure"])
        painted = {"head": data["head"], "rows": data["rows"], "selected": data["selected"], "rebuild": rebuild}
        self.paint_once("ranking", "ranking", painted)
        v = blank.empty_candidate_view(candidate_view(comp, self.selected, self.lang), self.lang)
        v = self.view = blank.shown_view(v, empty)
        self.order_rows(v)
        shown = {**updates.breakdown_updates(v, self.lang), **blank.blank_updates(empty, self.lang)}
        shown.update(metric_view.shown_parts(metric, self.lang))
        if self.metric_view is not None:
            shown["peers"] = {"props": {"hidden": True}}  # BLEU's table
            shown.update(metric_view.metric_updates(self.metric_view, self.lang))
            table = {"head": self.metric_view["head"], "rows": self.metric_view["rows"]}
            self.paint_once("metric-table", "table", table, "metric-table")
        self.write(shown)
        hints = [[f"hint hint-{h['kind']}", h["text"], h["action"]] for h in v["hints"]]
        if self.metric_view is not None:  # BLEU's hints speak of BLEU's counts
            hints = [h for h in hints if h[2]]
        self.paint_once("hints", "items", hints, "hints")
        self.paint_views(comp, v, self.metric_view)
        if self.timer is not None:
            self.port.clear_timer(self.timer)
        self.timer = self.port.set_timer(DEFERRED_MS, self.deferred)

    def paint_views(self, comp: Comparison, v: CandidateView, mv: MetricView | None) -> None:
        """The views that follow the breakdown, in the same batch as its numbers (never a
        stale view beside new numbers): highlighting, chart, "How it works" and the peers
        table; the peers table of long texts is said to be updating, and follows after a pause."""
        if mv is not None:
            self.metric_highlight(mv)
            self.paint_once("help", "help", metric_view.metric_help(mv, self.lang))
            return
        self.highlight(comp)
        bars = chart.bar_chart(comp["candidates"][self.selected], self.lang, id_prefix="bleu2-chart")
        self.paint_once("chart", "svg", bars, "chart")
        side = chart.bar_chart(comp["candidates"][self.selected], self.lang, id_prefix="bleu2-chart-side")
        self.paint_once("inputs-chart", "svg", side, "inputs-chart")  # beside the boxes on wide screens
        self.paint_once("help", "help", help_sections(v, self.lang))
        self.paint_peers(comp, now=not self.peers.costly(comp, self.selected))

    def paint_peers(self, comp: Comparison, now: bool) -> None:
        """The peers table of the candidate shown (``now`` False: marked as updating instead)."""
        out = self.peers.updates(comp, self.selected, self.lang) if now else {}
        out["peers-table"] = {"attrs": {"aria-busy": None if now else "true"}, "classes": {"updating": not now}}
        out["peers-caption"] = {"attrs": {"data-updating": None if now else i18n.t(self.lang, "scoring")}}
        self.write(out)

    def order_rows(self, v: CandidateView) -> None:
        """The p1..pN rows of the terms table, rebuilt when the orders or the language change."""
        if not self.screen.same("order-rows", (tuple(p["n"] for p in v["precisions"]), self.lang)):
            rows = [{"n": p["n"], "name": p["name"]} for p in v["precisions"]]
            self.port.paint("insert", json.dumps(updates.order_rows(rows), ensure_ascii=False), "terms-body")
            parts = ("fraction", "value", "note", "row")
            self.screen.forget(*(f"p{p['n']}-{part}" for p in v["precisions"] for part in parts))

    def highlight(self, comp: Comparison) -> None:
        """The selected candidate's n-gram marks, when what they show changed (explain.MAX_TOKENS)."""
        if self.screen.same("highlight", explain.page_highlight_key(comp, self.selected, self.lang)):
            return
        data = explain.page_highlight(comp, self.selected, self.lang)
        self.labels = data["labels"]
        self.write({"hl-off": {"text": data["off"] or "", "props": {"hidden": data["off"] is None}}})
        self.paint_marks(data)

    def metric_highlight(self, mv: MetricView) -> None:
        """The marks of chrF's matched n-grams or TER's alignment (no hover labels)."""
        data = mv["highlight"]
        if self.screen.same("highlight", ("metric", mv["metric"], data, self.lang)):
            return
        self.labels = None
        self.write({"hl-off": {"text": "", "props": {"hidden": True}}})
        self.paint_marks(data)

    def paint_marks(self, data: Mapping[str, Any]) -> None:
        """The candidate's and the references' marks, as static/paint.js applies them."""
        for role in ("candidate", "references"):
            lines = updates.highlight_lines(data[role])
            self.port.paint("highlight", json.dumps(lines, ensure_ascii=False), f"hl-{role}")

    def highlight_label(self, section_id: str, n: int, index: int) -> str:
        """Hover/focus text of a highlighted token (asked for by the glue when pointed at)."""
        return self.labels.label(str(section_id), n, index, self.lang) if self.labels else ""
