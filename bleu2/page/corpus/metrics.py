"""Corpus mode's metrics beside BLEU (chrF, TER, ROUGE, ...): sacreBLEU's multi-metric table, as data.

As ``sacrebleu REF -i SYS... -m bleu chrf ter``: each metric through the one corpus pipeline
(:func:`bleu2.corpus.pipeline.corpus_steps`: per-line statistics, the corpus score of their
sums and the test on them); the page's metric, when not BLEU, is scored too and scores each line on its own (the
per-sentence table, the Compare view's examples). Scores are fractions (chrF in [0, 1];
TER, lower is better, may exceed 1) but NIST's, in bits (``Metric.percent`` False).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...common.steps import Progress
from ...corpus.layouts import chunks_of
from ...corpus.pipeline import Keep, corpus_steps
from ...corpus.report import Figures
from ...metrics import registry
from .. import i18n

__all__ = [
    "MetricResult", "extra_metrics", "metric_csv", "metric_note", "metric_steps", "rank_scores", "ranked_by",
    "significance_cells", "significance_head",
]  # fmt: skip


def extra_metrics(metric: str) -> tuple[str, ...]:
    """The metrics scored beside BLEU under the page's ``metric``: none under the default
    (BLEU); else the metric itself and sacreBLEU's other metrics but their variants
    (its multi-metric table), in the registry's order (:mod:`bleu2.metrics.registry`):
    chrF++ and TER under chrF++; ROUGE, chrF and TER under ROUGE."""
    if metric == registry.DEFAULT:
        return ()
    own = registry.get(metric)
    family = {metric, own.variant_of, registry.DEFAULT}
    others = {k for k in registry.names(variants=False, sacrebleu=True) if k not in family}
    return tuple(k for k in registry.names() if k == metric or k in others)


@dataclass(frozen=True)
class MetricResult:
    """One metric (``key``: a key of :mod:`bleu2.metrics.registry`) on every system of a job, in its order:
    each system's ``to_dict()``, the test's figures (None without a test), the signature; ``sentences``:
    each system's lines scored on their own (None where the metric is undefined: NIST without reference
    words), or None when not asked."""

    key: str
    name: str
    results: tuple[dict[str, Any], ...]
    significance: tuple[Figures, ...] | None
    signature: str
    sentences: tuple[tuple[float | None, ...], ...] | None = None

    @property
    def scores(self) -> list[float]:
        return [r["score"] for r in self.results]


def metric_steps(
    key: str,
    refs: Sequence[Sequence[str]],
    systems: Sequence[Sequence[str]],
    test: str | None,
    n: int,
    seed: int | None,
    chunk: int,
    sentences: bool = False,
    options: Mapping[str, Any] | None = None,
) -> Generator[Progress, None, MetricResult]:
    """Score ``systems`` on the streams ``refs`` with ``key``, then run ``test`` (or None) on them,
    through the one corpus pipeline (:func:`bleu2.corpus.pipeline.corpus_steps`); ``sentences``: score
    each line on its own too (the scorer's ``score_from_stats`` of the line's statistics: the peers'
    sentence scores, e.g. sacreBLEU's ``sentence_chrf``, NLTK's ``sentence_nist``); ``options``: the
    scorer's keywords (the page's ``metric_options``; None: the metric's defaults)."""
    scorer = registry.get(key).make(**(options or {}))
    out = yield from corpus_steps(
        scorer,
        chunks_of(refs, systems, chunk),
        len(systems),
        keep=Keep(stats=sentences),
        test=test,
        n=n,
        seed=seed,
        total=len(refs[0]),
    )
    figures = None if out.significance is None else tuple(r.to_dict() for r in out.significance)
    dicts = tuple(r.to_dict() for r in out.systems)
    scored = None
    if sentences and out.line_stats is not None:
        scored = []
        total, done = sum(len(lines) for lines in out.line_stats), 0
        for lines in out.line_stats:
            one: list[float | None] = []
            for start in range(0, len(lines), chunk):
                one += (_line_score(scorer, st) for st in lines[start : start + chunk])
                done += len(lines[start : start + chunk])
                yield Progress("scoring", done, total)
            scored.append(tuple(one))
    return MetricResult(key, dicts[0]["name"], dicts, figures, out.signature, None if scored is None else tuple(scored))


def _line_score(scorer: Any, stats: Any) -> float | None:
    """One line's score from its statistics; None where the metric is undefined (a ValueError)."""
    try:
        return float(scorer.score_from_stats(stats).score)
    except ValueError:
        return None


def ranked_by(metric: str, extra: Sequence[MetricResult]) -> MetricResult | None:
    """The metric of ``extra`` the systems are ranked by under the page's ``metric`` (None: BLEU)."""
    return next((m for m in extra if metric != registry.DEFAULT and m.key == metric), None)


def rank_scores(metric: str, bleu: Sequence[float], extra: Sequence[MetricResult]) -> list[float]:
    """The scores the systems are ranked by, highest first (TER's negated)."""
    m = ranked_by(metric, extra)
    if m is None:
        return list(bleu)
    return [-x for x in m.scores] if registry.get(m.key).lower_is_better else m.scores


def significance_head(prefix: str, figures: Sequence[Figures] | None, test: str, lang: str) -> list[str]:
    """A test's columns (mean ± 95% CI, p-value; none without a test), each named after ``prefix``."""
    head = [prefix + i18n.t(lang, "corpus_col_ci")] if figures and figures[0].get("mean") is not None else []
    return head + ([prefix + i18n.t(lang, "corpus_col_p")] if figures and test.startswith("paired") else [])


def significance_cells(figures: Sequence[Figures] | None, system: int, test: str, lang: str) -> list[str]:
    """The cells of :func:`significance_head` for one system (the baseline's p-value says so)."""
    if not figures:
        return []
    num, s = i18n.format_number, figures[system]
    cells = [f"{num(s['mean'], lang)} ± {num(s['ci'], lang)}"] if figures[0].get("mean") is not None else []
    if test.startswith("paired"):
        cells.append(i18n.t(lang, "corpus_baseline") if s["p_value"] is None else num(s["p_value"], lang))
    return cells


def metric_note(metric: str, extra: Sequence[MetricResult], lang: str) -> str:
    """The systems table's note on the metrics scored beside BLEU: each with the peer its numbers equal
    (:attr:`bleu2.metrics.protocol.Metric.peer`), which it is ranked by, and which are error rates or in bits."""
    if not extra:
        return ""

    def named(m: MetricResult) -> str:
        entry = registry.get(m.key)
        if not entry.peer:  # a metric of bleu2's own
            return m.name
        kind = "lower" if entry.lower_is_better else ("" if entry.percent else "bits")
        key = "corpus_note_metric_" + kind if kind else "corpus_note_metric"
        return i18n.t(lang, key, metric=m.name, peer=entry.peer)

    ranked = ranked_by(metric, extra)
    bleu = registry.get(registry.DEFAULT)
    listed = sorted(extra, key=lambda m: m is not ranked)  # the metric it ranks by first
    return i18n.t(
        lang,
        "corpus_note_scored",
        metrics="; ".join(named(m) for m in listed),
        bleu=bleu.display,
        peer=bleu.peer,
        metric=ranked.name if ranked else bleu.display,
    )


def metric_csv(m: MetricResult, system: int | None) -> list[Any]:
    """The CSV columns of ``m`` (``system`` None: the header); numbers in full."""
    fields = ("score", "mean", "ci", "p_value")
    if system is None:
        key = m.key.replace("++", "pp")
        return [f"{key}_{f}" for f in fields] + [f"{key}_signature"]
    figures = dict(m.significance[system]) if m.significance else {}
    figures["score"] = m.scores[system]
    return ["" if figures.get(f) is None else repr(figures[f]) for f in fields] + [m.signature]
