"""Corpus mode's views of a result as data: systems table, sentences, histogram, exports.

Scores are floats in [0, 1] (TER's may exceed 1; NIST's are bits); the JSON is the CLI's ``--json``, exactly.
Under another page's metric than BLEU, the per-sentence table, its histogram and its exports show each
line's score in that metric (:attr:`~bleu2.page.corpus.metrics.MetricResult.sentences`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from ...corpus.report import (
    Figures,
    best_first,
    competition_ranks,
    corpus_json,
    csv_table,
    csv_text_cell,
    markdown_cell,
    markdown_table,
    sentences_jsonl,
)
from ...metrics import registry
from ...metrics.bleu.options import BleuConfig
from ...metrics.bleu.result import CorpusBleuResult
from .. import chart, i18n
from ..tables import ranking_header
from .metrics import (
    MetricResult,
    metric_csv,
    metric_note,
    rank_scores,
    ranked_by,
    significance_cells,
    significance_head,
)

__all__ = [
    "EXCERPT", "PAGE_SIZE", "SHORT_NAME", "JobResult", "TextFile", "export", "histogram", "sentence_page",
    "sentence_rules", "short_names", "system_table", "view",
]  # fmt: skip

#: Rows of the per-sentence table on one page.
PAGE_SIZE = 50
#: Longest text excerpt in the per-sentence table (characters).
EXCERPT = 160
#: Longest system name shown in a table (characters); the exports keep it whole.
SHORT_NAME = 20
_SEPARATORS = "._-/ "


class TextFile(Protocol):
    """A loaded file as a result names it: its name and its lines."""

    @property
    def name(self) -> str: ...

    @property
    def lines(self) -> Sequence[str]: ...


@dataclass(frozen=True)
class JobResult:
    """A finished job: ``sentence_config``: each line's rules; ``systems``: the baseline
    first; ``significance``: the test's figures per system (None without one)."""

    options: dict[str, Any]
    config: BleuConfig
    sentence_config: BleuConfig
    test: str
    n: int
    seed: int | None
    systems: tuple[tuple[str, CorpusBleuResult], ...]
    significance: tuple[Figures, ...] | None
    signature: str
    references: tuple[TextFile, ...]
    system_files: tuple[TextFile, ...]
    metric: str = registry.DEFAULT
    metrics: tuple[MetricResult, ...] = ()
    metric_options: Mapping[str, Any] = field(default_factory=dict)  # the page's metric's own (``metric_options``)


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def _affix(names: Sequence[str], suffix: bool) -> int:
    """The length of the prefix (or suffix) all ``names`` share, ending at a separator."""
    texts = [n[::-1] for n in names] if suffix else list(names)
    common = 0
    for chars in zip(*texts):
        if any(c != chars[0] for c in chars):
            break
        common += 1
    first = texts[0][:common]
    while common and first[common - 1] not in _SEPARATORS:
        common -= 1
    return common


def short_names(names: Sequence[str], limit: int = SHORT_NAME) -> list[str]:
    """The names a table shows: over ``limit`` characters, without the words all share at
    the start and end, then shortened in the middle (``…``)."""
    if all(len(n) <= limit for n in names):
        return list(names)
    out = list(names)
    if len(names) > 1:
        start, end = _affix(names, False), _affix(names, True)
        if all(len(n) > start + end for n in names):
            out = [n[start : len(n) - end] for n in names]
    half = (limit - 1) // 2
    return [n if len(n) <= limit else n[: limit - 1 - half] + "…" + n[len(n) - half :] for n in out]


def sentence_metric(res: JobResult) -> MetricResult | None:
    """The metric whose sentence scores the per-sentence table shows: the page's, when it is not BLEU
    (None: BLEU's own)."""
    m = ranked_by(res.metric, res.metrics)
    return m if m is not None and m.sentences is not None else None


def _sentence_scores(res: JobResult, system: int) -> tuple[Sequence[float | None], MetricResult | None]:
    """System ``system``'s sentence scores: the page's metric's, or BLEU's."""
    m = sentence_metric(res)
    if m is not None and m.sentences is not None:
        return m.sentences[system], m
    return res.systems[system][1].sentence_scores, None


def sentence_rules(res: JobResult, lang: str = "en") -> str:
    """The per-sentence table's caption: which rules scored each line."""
    m = sentence_metric(res)
    if m is not None:
        entry = registry.get(m.key)
        return i18n.t(lang, "corpus_sentences_rules_metric", metric=m.name, function=entry.sentence_function)
    if res.sentence_config == res.config:
        return i18n.t(lang, "corpus_sentences_rules_same")
    preset = res.sentence_config.preset or ""
    return i18n.t(lang, "corpus_sentences_rules_" + preset.replace("-", "_"))


def view(res: JobResult, request: Mapping[str, Any]) -> dict[str, Any]:
    """What the page shows of a result (``request``: ``{"lang", "system", "sort", "page"}``)."""
    lang = i18n.language(request.get("lang"))
    index = min(max(int(request.get("system") or 0), 0), len(res.systems) - 1)
    return {
        "table": folded(system_table(res, lang), res),
        "signature": res.signature,
        "json": _json(res),
        "sentences": sentence_page(res, index, request.get("sort") or "worst", int(request.get("page") or 0), lang),
        "histogram": histogram(res, index, lang),
        "system_names": [name for name, _ in res.systems],
    }


def _json(res: JobResult) -> str:
    """The CLI's ``--json`` of the systems, each with its other metrics."""
    extra = [
        {m.key.rstrip("+"): {**m.results[k], **_figures(m, k), "signature": m.signature} for m in res.metrics}
        for k in range(len(res.systems))
    ]
    sig = res.significance
    pooled = [(name, r.corpus) for name, r in res.systems]
    return corpus_json(pooled, sig, res.signature if sig else None, extra if res.metrics else None)


def _figures(m: MetricResult, k: int) -> dict[str, Any]:
    return {f: m.significance[k][f] for f in ("mean", "ci", "p_value")} if m.significance else {}


def export(res: JobResult, what: str, fmt: str, lang: str = "en") -> dict[str, Any]:
    """``what`` ("systems", "sentences") as ``fmt`` ("json", "csv", "markdown"): ``{"text", "filename", "mime"}``."""
    text, ext, mime = _export(res, what, fmt, i18n.language(lang))
    return {"text": text, "filename": f"bleu2-corpus-{what}.{ext}", "mime": mime + ";charset=utf-8"}


def system_table(res: JobResult, lang: str = "en") -> dict[str, Any]:
    """The systems ranked by the page's metric, best first (equal scores share a rank): ``{"head",
    "rows", "names", "note"}``; BLEU, p1..pN, BP, c/r, c, r, the test's columns, other metrics."""
    systems = res.systems
    order = systems[0][1].max_order

    num, integer = partial(i18n.format_number, lang=lang), partial(i18n.format_integer, lang=lang)
    head = ranking_header(order, lang, item="corpus_col_system", after_bp=("corpus_col_ratio",))
    named = f"{head[2]}: " if res.metrics else ""  # beside other metrics, BLEU's test columns say so
    head += significance_head(named, res.significance, res.test, lang)
    for m in res.metrics:
        head += [m.name, *significance_head(f"{m.name}: ", m.significance, res.test, lang)]
    scores = rank_scores(res.metric, [r.score for _, r in systems], res.metrics)
    ranks = competition_ranks(scores)
    short = short_names([name for name, _ in systems])
    rows, names = [], []
    for i in best_first(scores):
        name, r = systems[i]
        names.append(name)
        row = [integer(ranks[i]), short[i], num(r.score)]
        row += [f"{integer(p.matches)}/{integer(p.total)}" for p in r.precisions]
        ratio = num(r.hyp_len / r.ref_len) if r.ref_len else "–"
        row += [num(r.brevity_penalty), ratio, integer(r.hyp_len), integer(r.ref_len)]
        row += significance_cells(res.significance, i, res.test, lang)
        for m in res.metrics:
            row += [num(m.scores[i]), *significance_cells(m.significance, i, res.test, lang)]
        rows.append(row)
    ranked = ranked_by(res.metric, res.metrics)
    if ranked is not None:  # the metric it ranks by comes right after the systems' names: always in view
        start = head.index(ranked.name)
        width = 1 + len(significance_head("", ranked.significance, res.test, lang))
        head, rows = _first(head, start, width), [_first(row, start, width) for row in rows]
    note = i18n.t(
        lang,
        "corpus_note_" + res.test.replace("-", "_"),
        n=integer(res.n),
        seed="–" if res.seed is None else str(res.seed),
    )
    if res.metrics:
        note += " " + metric_note(res.metric, res.metrics, lang)
    return {"head": head, "rows": rows, "names": names, "note": note}


def folded(table: dict[str, Any], res: JobResult) -> dict[str, Any]:
    """The systems table as the page shows it beside other metrics: each metric's mean ± 95% CI and p-value folded
    into its score's cell, one line each (the exports keep :func:`system_table`'s columns), so that the table fits
    a 1280 px screen. BLEU alone, or no test: ``table`` as it is."""
    head = table["head"]
    groups = {}  # a score's column -> the columns of its test (named "<score's head>: ...")
    for i, label in enumerate(head):
        parts = [j for j, h in enumerate(head) if h.startswith(label + ": ")]
        if parts:
            groups[i] = parts
    if not res.metrics or not groups:
        return table
    gone = {j for parts in groups.values() for j in parts}

    def fold(cells: list[str], names: list[str]) -> list[str]:
        return [
            "\n".join([cell, *(names[j] for j in groups[i])]) if i in groups else cell
            for i, cell in enumerate(cells)
            if i not in gone
        ]

    shown_head = fold(head, [h.split(": ", 1)[-1] for h in head])
    return {**table, "head": shown_head, "rows": [fold(row, row) for row in table["rows"]]}


def _first(cells: list[str], start: int, width: int) -> list[str]:
    """``cells`` with ``cells[start:start + width]`` moved to just after the rank and the name."""
    return cells[:2] + cells[start : start + width] + cells[2:start] + cells[start + width :]


def _order(scores: Sequence[float | None], sort: str, lower_is_better: bool = False) -> list[int]:
    """The lines in ``sort`` order ("line", "worst" or "best" first); undefined scores last."""
    if sort == "line":
        return list(range(len(scores)))
    sign = -1 if (sort == "best") != lower_is_better else 1  # else worst first
    return sorted(range(len(scores)), key=lambda i: (scores[i] is None, sign * (scores[i] or 0.0), i))


def _metric_head(m: MetricResult, lang: str) -> str:
    """A metric's column: its name (NIST's with its unit, bits)."""
    return m.name if registry.get(m.key).percent else i18n.t(lang, "corpus_col_bits", metric=m.name)


def _score_text(score: float | None, lang: str) -> str:
    return "–" if score is None else i18n.format_number(score, lang)


def sentence_page(res: JobResult, system: int, sort: str, page: int, lang: str = "en") -> dict[str, Any]:
    """One page of ``system``'s per-sentence table: line, score, candidate and first reference
    (:data:`EXCERPT` characters); ``page`` clamped."""
    name, result = res.systems[system]
    scores, metric = _sentence_scores(res, system)
    lower = metric is not None and registry.get(metric.key).lower_is_better
    order = _order(scores, sort if sort in ("worst", "best", "line") else "worst", lower)
    pages = max(1, -(-len(order) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    chunk = order[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    cand, ref, integer = (
        res.system_files[system].lines,
        res.references[0].lines,
        partial(i18n.format_integer, lang=lang),
    )

    def row(i: int) -> dict[str, Any]:
        cells = [integer(i + 1), _score_text(scores[i], lang), _excerpt(cand[i]), _excerpt(ref[i])]
        return {"line": i, "cells": cells, "open": i18n.t(lang, "corpus_open_line", line=integer(i + 1))}

    first, last = page * PAGE_SIZE + 1, page * PAGE_SIZE + len(chunk)
    label = i18n.t(lang, "corpus_page_label", first=integer(first), last=integer(last), total=integer(len(order)))
    head = [
        i18n.t(lang, "corpus_col_line"),
        i18n.t(lang, "col_score", order=result.max_order) if metric is None else _metric_head(metric, lang),
        i18n.t(lang, "corpus_col_candidate", name=short_names([n for n, _ in res.systems])[system]),
        i18n.t(lang, "corpus_col_reference"),
    ]
    rows, caption = [row(i) for i in chunk], sentence_rules(res, lang)
    return dict(head=head, rows=rows, page=page, pages=pages, label=label, sort=sort, caption=caption, name=name)


def histogram(res: JobResult, system: int, lang: str = "en", bins: int = 10) -> chart.Histogram:
    """SVG data (as :func:`bleu2.page.chart.bar_chart`) of the sentence scores of ``system`` (the page's metric's:
    from 0 to 1, or to the next whole number above the highest, TER's or NIST's bits)."""
    name = res.systems[system][0]
    scores, metric = _sentence_scores(res, system)
    values = [x for x in scores if x is not None]
    if metric is None:
        title, x_title = i18n.t(lang, "corpus_histogram", name=name), i18n.t(lang, "corpus_histogram_x")
    else:
        title = i18n.t(lang, "corpus_histogram_metric", name=name, metric=metric.name)
        x_title = i18n.t(lang, "corpus_histogram_metric_x", metric=metric.name)
    top = max(values, default=0.0)
    return chart.histogram(
        values,
        lang,
        bins=bins,
        title=title,
        id_prefix="bleu2-corpus-hist",
        x_title=x_title,
        y_title=i18n.t(lang, "corpus_histogram_y"),
        scale=1.0 if top <= 1.0 else float(math.ceil(top)),
    )


def _export(res: JobResult, what: str, fmt: str, lang: str) -> tuple[str, str, str]:
    systems = res.systems
    if what == "systems":
        if fmt == "json":
            return _json(res), "json", "application/json"
        table = system_table(res, lang)
        if fmt == "csv":
            order = systems[0][1].max_order
            head = ["rank", "system", "score"] + [
                f"p{k}_{x}" for k in range(1, order + 1) for x in ("matches", "total")
            ]
            head += ["bp", "c", "r", "signature"] + [h for m in res.metrics for h in metric_csv(m, None)]
            scores = rank_scores(res.metric, [r.score for _, r in systems], res.metrics)
            ranks = competition_ranks(scores)
            rows = []
            for i in best_first(scores):
                name, r = systems[i]
                row = [ranks[i], csv_text_cell(name), repr(r.score)]
                for p in r.precisions:
                    row += [p.matches, p.total]
                row += [repr(r.brevity_penalty), r.hyp_len, r.ref_len, res.signature]
                rows.append(row + [c for m in res.metrics for c in metric_csv(m, i)])
            return csv_table(head, rows), "csv", "text/csv"
        whole = [[row[0], name, *row[2:]] for row, name in zip(table["rows"], table["names"])]  # full names
        md = markdown_table(
            [markdown_cell(h) for h in table["head"]], [[markdown_cell(c) for c in row] for row in whole], left=[1]
        )
        return md + "\n" + markdown_cell(res.signature) + "\n", "md", "text/markdown"
    # per-sentence scores, every system (BLEU's; beside them the page's metric's, under another metric)
    metric = sentence_metric(res)
    own = [] if metric is None or metric.sentences is None else [metric.sentences[k] for k in range(len(systems))]
    key = "" if metric is None else metric.key.replace("++", "pp") + "_score"
    if fmt == "json":
        text = sentences_jsonl([(name, r) for name, r in systems])
        if own:
            flat = [x for row in own for x in row]
            text = "".join(json.dumps({**json.loads(line), key: x}) + "\n" for line, x in zip(text.splitlines(), flat))
        return text, "jsonl", "application/x-ndjson"
    scored: list[tuple[str, int, float, list[float | None]]] = [
        (name, i + 1, sc, [own[k][i]] if own else [])
        for k, (name, r) in enumerate(systems)
        for i, sc in enumerate(r.sentence_scores)
    ]
    if fmt == "csv":
        rows = [[csv_text_cell(a), b, repr(c), *("" if x is None else repr(x) for x in xs)] for a, b, c, xs in scored]
        return csv_table(["system", "line", "score", *([key] if own else [])], rows), "csv", "text/csv"
    head = [
        i18n.t(lang, "corpus_col_system"),
        i18n.t(lang, "corpus_col_line"),
        i18n.t(lang, "col_score", order=systems[0][1].max_order),
        *([metric.name] if metric is not None and own else []),
    ]
    body = [
        [markdown_cell(a), str(b), i18n.format_number(c, lang), *(_score_text(x, lang) for x in xs)]
        for a, b, c, xs in scored
    ]
    return markdown_table(head, body, left=[0]), "md", "text/markdown"
