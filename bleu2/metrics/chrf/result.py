"""chrF results: the score, each order's breakdown, sacreBLEU's one line, the JSON form
and the notebook table.

``str(result)`` is sacreBLEU's line (``chrF2 = 48.34``, ``chrF2++ = 46.53``): percent for
display, computed in sacreBLEU's arithmetic (:attr:`ChrfResult.percent`); the attributes
stay in [0, 1].
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .options import ChrfConfig
from .scoring import EPS, f_percent
from .stats import LineStats

__all__ = ["ChrfOrder", "ChrfResult", "order_breakdown"]


@dataclass(frozen=True, slots=True)
class ChrfOrder:
    """One order's statistics, as sacreBLEU computes them.

    Attributes:
        kind: ``"char"`` or ``"word"``; n: the order (1 = single characters or words).
        matches: n-grams shared by hypothesis and reference (each counted min(hypothesis
            count, reference count) times); hyp_total, ref_total: their n-grams (as in
            sacreBLEU, hyp_total is 0 when the reference has no n-gram of this order).
        precision, recall: matches / hyp_total and matches / ref_total, floats in [0, 1];
            sacreBLEU's EPS (1e-16) when the total is 0.
        f_beta: (1 + beta^2) P R / (beta^2 P + R), EPS when P and R are both 0 (what
            ``eps_smoothing`` averages).
        effective: whether hyp_total > 0 and ref_total > 0 (the order enters the
            averages of sacreBLEU's effective order).
        matched: the shared n-grams and how many times each matches, in the order they
            first occur in the hypothesis (word n-grams joined with a space); filled by
            :func:`bleu2.metrics.chrf.api.sentence_chrf_breakdown` only, else ``()``.
    """

    kind: str
    n: int
    matches: int
    hyp_total: int
    ref_total: int
    precision: float
    recall: float
    f_beta: float
    effective: bool
    matched: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d = {
            "kind": self.kind,
            "n": self.n,
            "matches": self.matches,
            "hyp_total": self.hyp_total,
            "ref_total": self.ref_total,
            "precision": self.precision,
            "recall": self.recall,
            "f_beta": self.f_beta,
            "effective": self.effective,
        }
        if self.matched:
            d["matched"] = [list(m) for m in self.matched]
        return d


def order_breakdown(stats: LineStats, config: ChrfConfig) -> tuple[ChrfOrder, ...]:
    """Each order's :class:`ChrfOrder` from (summed) statistics (``matched`` left empty)."""
    factor = config.beta**2
    out = []
    for i in range(config.order):
        n_hyp, n_ref, n_match = stats[3 * i : 3 * i + 3]
        prec = n_match / n_hyp if n_hyp > 0 else EPS
        rec = n_match / n_ref if n_ref > 0 else EPS
        denom = factor * prec + rec
        f = ((1 + factor) * prec * rec / denom) if denom > 0 else EPS
        char = i < config.char_order
        n = i + 1 if char else i + 1 - config.char_order
        out.append(
            ChrfOrder("char" if char else "word", n, n_match, n_hyp, n_ref, prec, rec, f, n_hyp > 0 and n_ref > 0)
        )
    return tuple(out)


def _mean(values: list[float]) -> float:
    total = 0.0
    for x in values:  # not sum(): Python >= 3.12 compensates float sums, sacreBLEU adds in turn
        total += x
    return total / len(values) if values else 0.0


@dataclass(frozen=True)
class ChrfResult:
    """chrF (chrF++) of a sentence or a corpus, from summed statistics.

    Attributes:
        score: chrF, a float in [0, 1]: sacreBLEU's score / 100 (:attr:`percent`).
        name: sacreBLEU's name: ``chrF2``, ``chrF2++`` (``chrF{beta}`` and one ``+`` per
            word order).
        config: the options (:class:`~bleu2.metrics.chrf.options.ChrfConfig`); ``char_order``,
            ``word_order``, ``beta``, ``lowercase``, ``whitespace``, ``eps_smoothing`` are
            read from it.
        stats: the statistics summed over the lines (see :mod:`bleu2.metrics.chrf.stats`).
        signature: sacreBLEU's signature with bleu2's version (``nrefs:1|case:mixed|...|version:bleu2-0.1.0``).
        sentence_stats: each line's statistics (a corpus score), or ``()``.
    """

    score: float
    name: str
    config: ChrfConfig = field(repr=False)
    stats: LineStats = field(repr=False)
    signature: str
    sentence_stats: tuple[LineStats, ...] = field(default=(), repr=False)

    char_order = property(lambda self: self.config.char_order, doc="Character n-gram order.")
    word_order = property(lambda self: self.config.word_order, doc="Word n-gram order (2: chrF++).")
    beta = property(lambda self: self.config.beta, doc="Recall's weight beta.")
    lowercase = property(lambda self: self.config.lowercase, doc="Lower-cased first.")
    whitespace = property(lambda self: self.config.whitespace, doc="Whitespace kept in character n-grams.")
    eps_smoothing = property(lambda self: self.config.eps_smoothing, doc="chrF++.py's epsilon rule.")

    @property
    def percent(self) -> float:
        """sacreBLEU's ``CHRFScore.score``: chrF in percent, bit for bit (display only)."""
        return f_percent(self.stats, self.config.beta, self.config.eps_smoothing)

    @cached_property
    def orders(self) -> tuple[ChrfOrder, ...]:
        """Each order's breakdown (:class:`ChrfOrder`): characters 1..char_order, then
        words 1..word_order."""
        return order_breakdown(self.stats, self.config)

    @property
    def effective_order(self) -> int:
        """How many orders have hypothesis and reference n-grams (sacreBLEU's effective order)."""
        return sum(o.effective for o in self.orders)

    @property
    def avg_precision(self) -> float:
        """The precisions averaged over the effective orders (0.0 when there is none), in
        [0, 1], summed in order as sacreBLEU sums them."""
        return _mean([o.precision for o in self.orders if o.effective])

    @property
    def avg_recall(self) -> float:
        """The recalls averaged over the effective orders (0.0 when there is none), in
        [0, 1], summed in order as sacreBLEU sums them."""
        return _mean([o.recall for o in self.orders if o.effective])

    def details(self) -> str:
        """The command line's figures beside the score (``bleu2 --metric chrf``), in percent."""
        return (
            f"avg precision = {100 * self.avg_precision:.2f}  avg recall = {100 * self.avg_recall:.2f}  "
            f"effective order = {self.effective_order}"
        )

    @cached_property
    def sentence_scores(self) -> tuple[float, ...]:
        """Each line's chrF in [0, 1] (sentence-level, same options; ``()`` without
        ``sentence_stats``)."""
        beta, eps = self.config.beta, self.config.eps_smoothing
        return tuple(f_percent(s, beta, eps) / 100 for s in self.sentence_stats)

    def format(self, width: int = 2, score_only: bool = False, signature: bool | str = False) -> str:
        """sacreBLEU's ``CHRFScore.format()``: ``chrF2 = 48.34``; ``score_only``: ``48.34``;
        ``signature`` True (this result's) or a signature string: ``chrF2|nrefs:1|... = 48.34``."""
        sc = f"{self.percent:.{width}f}"
        if score_only:
            return sc
        sig = self.signature if signature is True else signature
        return f"{self.name}|{sig} = {sc}" if sig else f"{self.name} = {sc}"

    def format_json(self, width: int = 2, signature: bool | str = True) -> str:
        """sacreBLEU's ``CHRFScore.format(is_json=True)``: name, score (percent, rounded to
        ``width``), signature and each signature field."""
        sig = self.signature if signature is True else signature or ""
        d: dict[str, Any] = {"name": self.name, "score": float(f"{self.percent:.{width}f}"), "signature": sig}
        for part in sig.split("|") if sig else ():
            key, value = part.split(":", 1)
            d[key] = value
        return json.dumps(d, indent=1, ensure_ascii=False)

    def __str__(self) -> str:
        return self.format()

    def to_dict(self, sentences: bool = False) -> dict[str, Any]:
        """JSON-ready dict, scores as fractions: name, score, the options, signature, stats,
        orders (list of :meth:`ChrfOrder.to_dict`), effective_order, avg_precision,
        avg_recall; with ``sentences``, ``"sentences"``: one ``{"stats", "score"}`` per line."""
        d: dict[str, Any] = {"name": self.name, "score": self.score, **self.config.options()}
        d.update(
            signature=self.signature,
            stats=list(self.stats),
            orders=[o.to_dict() for o in self.orders],
            effective_order=self.effective_order,
            avg_precision=self.avg_precision,
            avg_recall=self.avg_recall,
        )
        if sentences:
            d["sentences"] = [{"stats": list(s), "score": x} for s, x in zip(self.sentence_stats, self.sentence_scores)]
        return d

    def _repr_html_(self) -> str:
        rows = []
        for o in self.orders:
            label = f"{'c' if o.kind == 'char' else 'w'}<sub>{o.n}</sub>"
            pr = f"{100 * o.precision:.2f}%" if o.hyp_total else "–"
            rc = f"{100 * o.recall:.2f}%" if o.ref_total else "–"
            rows.append(
                f"<tr><th scope='row'>{label}</th><td>{o.matches}</td><td>{o.hyp_total}</td>"
                f"<td>{o.ref_total}</td><td>{pr}</td><td>{rc}</td></tr>"
            )
        lines = f"{len(self.sentence_stats)} sentences; " if self.sentence_stats else ""
        return (
            f"<table class='bleu2-result'><caption>{html.escape(self.name)} = {self.percent:.2f} "
            f"({lines}P = {100 * self.avg_precision:.2f}%, R = {100 * self.avg_recall:.2f}%, "
            f"beta = {self.config.beta})</caption>"
            "<thead><tr><th scope='col'>order</th><th scope='col'>matches</th>"
            "<th scope='col'>hypothesis n-grams</th><th scope='col'>reference n-grams</th>"
            "<th scope='col'>precision</th><th scope='col'>recall</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p><code>{html.escape(self.signature)}</code></p>"
        )
