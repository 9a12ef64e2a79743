"""Results: what a BLEU computation returns, its JSON form and how it prints.

``str(result)`` is sacreBLEU's one line (``BLEU = 21.71 59.3/29.9/16.9/9.8 (BP = 0.941
ratio = 0.943 hyp_len = 123 ref_len = 130)``: percent for display, the attributes stay
in [0, 1]); ``_repr_html_`` is the breakdown table notebooks show.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .stats import SentenceStats

__all__ = ["Precision", "BleuResult", "CorpusBleuResult", "score_line", "breakdown_html"]


def score_line(result: BleuResult, width: int = 2, signature: bool = False) -> str:
    """sacreBLEU's ``BLEUScore.format()`` line of ``result``: the score and precisions in
    percent, BP, ratio c/r (0 when r = 0), c and r; with ``signature``, ``BLEU|signature = ...``."""
    prec = "/".join(f"{100 * p.value:.1f}" for p in result.precisions)
    c, r = result.hyp_len, result.ref_len
    name = f"BLEU|{result.signature}" if signature else "BLEU"
    return (
        f"{name} = {100 * result.score:.{width}f} {prec} (BP = {result.brevity_penalty:.3f} "
        f"ratio = {c / r if r else 0:.3f} hyp_len = {c:d} ref_len = {r:d})"
    )


def breakdown_html(result: BleuResult, sentences: int | None = None) -> str:
    """The breakdown as an HTML table (Jupyter's ``_repr_html_``): per order the clipped
    matches, the n-grams, p_n and its weight; then BP, c, r and the signature."""
    rows = []
    for p, w in zip(result.precisions, result.weights):
        mark = " (smoothed)" if p.smoothed else ""
        rows.append(
            f"<tr><th scope='row'>p<sub>{p.n}</sub></th><td>{p.matches} / {p.total}</td>"
            f"<td>{100 * p.value:.2f}%{mark}</td><td>{w:g}</td></tr>"
        )
    c, r = result.hyp_len, result.ref_len
    ratio = f"{c / r:.3f}" if r else "–"
    rows.append(
        f"<tr><th scope='row'>BP</th><td>c = {c}, r = {r}</td><td>{result.brevity_penalty:.4f}</td><td></td></tr>"
    )
    what = f"{sentences} sentences; " if sentences is not None else ""
    return (
        f"<table class='bleu2-result'><caption>BLEU = {100 * result.score:.2f} ({what}c/r = {ratio})</caption>"
        "<thead><tr><th scope='col'></th><th scope='col'>matches / n-grams</th>"
        "<th scope='col'>value</th><th scope='col'>weight</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<p><code>{html.escape(result.signature)}</code></p>"
    )


@dataclass(frozen=True, slots=True)
class Precision:
    """Modified (clipped) n-gram precision of one order.

    Attributes:
        n: the order (1 = unigrams).
        matches: clipped matches (int).
        total: candidate n-grams (int).
        value: the precision used in the score, a float in [0, 1]; after
            smoothing when ``smoothed`` is True (then it is not matches/total).
            NLTK's ``method5``/``method7`` average neighbouring orders and can
            exceed 1, as in NLTK.
        smoothed: whether smoothing changed this order.
    """

    n: int
    matches: int
    total: int
    value: float
    smoothed: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "matches": self.matches,
            "total": self.total,
            "value": self.value,
            "smoothed": self.smoothed,
        }


@dataclass(frozen=True, slots=True)
class BleuResult:
    """A BLEU score with its breakdown.

    Attributes:
        score: BLEU, a float in [0, 1] (multiply by 100 only for display);
            only NLTK's ``method5``/``method7`` can exceed 1, as NLTK's do.
        brevity_penalty: BP in [0, 1].
        hyp_len: c, candidate tokens (summed over the corpus for corpus BLEU).
        ref_len: r, reference length used for BP (summed likewise).
        precisions: tuple of :class:`Precision`, one per order 1..max_order.
        max_order: N, the highest n-gram order.
        smoothing: smoothing method name.
        tokenizer: tokenizer name.
        signature: reproducibility string (:meth:`bleu2.metrics.bleu.options.BleuConfig.signature`).
        orders_used: how many orders entered the geometric mean (sacreBLEU's effective order, an int).
        weights: the weights of the geometric mean, one per order (as configured).
        stats: the :class:`~bleu2.metrics.bleu.stats.SentenceStats` it was computed from.
        mean_weights: the weight each order actually had in the mean, None for an
            order left out (beyond the effective order; a zero precision under NLTK's
            methods): :func:`bleu2.metrics.bleu.scoring.mean_weights`. With effective order 2 of
            BLEU-4: ``(0.5, 0.5, None, None)``.
    """

    score: float
    brevity_penalty: float
    hyp_len: int
    ref_len: int
    precisions: tuple[Precision, ...]
    max_order: int
    smoothing: str
    tokenizer: str
    signature: str
    orders_used: int
    weights: tuple[float, ...]
    stats: SentenceStats = field(repr=False)
    mean_weights: tuple[float | None, ...] = field(default=(), repr=False)

    def __str__(self) -> str:
        return score_line(self)

    def format(self, width: int = 2, signature: bool = False) -> str:
        """sacreBLEU's one line (:func:`score_line`): ``width`` decimals, ``signature`` in front."""
        return score_line(self, width, signature)

    def _repr_html_(self) -> str:
        return breakdown_html(self)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: score, brevity_penalty, hyp_len, ref_len, precisions
        (list of {n, matches, total, value, smoothed}), max_order, smoothing,
        tokenizer, signature."""
        return {
            "score": self.score,
            "brevity_penalty": self.brevity_penalty,
            "hyp_len": self.hyp_len,
            "ref_len": self.ref_len,
            "precisions": [p.to_dict() for p in self.precisions],
            "max_order": self.max_order,
            "smoothing": self.smoothing,
            "tokenizer": self.tokenizer,
            "signature": self.signature,
        }


class CorpusBleuResult:
    """Corpus BLEU (pooled statistics) plus the per-sentence breakdown.

    Attributes:
        corpus: :class:`BleuResult` from the pooled statistics. ``score``,
            ``brevity_penalty``, ``hyp_len``, ``ref_len``, ``precisions``, ``max_order``,
            ``smoothing``, ``tokenizer``, ``signature``, ``orders_used``,
            ``weights``, ``mean_weights`` and ``stats`` are its values, read here as properties.
        sentence_stats: tuple of per-candidate :class:`~bleu2.metrics.bleu.stats.SentenceStats`.
        sentence_scores: tuple of per-candidate sentence BLEU floats in [0, 1],
            scored with the same options; computed from ``sentence_stats`` when
            first read (``()`` when the corpus call asked for none).
    """

    __slots__ = ("corpus", "sentence_stats", "_scores", "_scorer")

    def __init__(
        self,
        corpus: BleuResult,
        sentence_stats: tuple[SentenceStats, ...],
        sentence_scores: tuple[float, ...] | None = None,
        scorer: Callable[[SentenceStats], float] | None = None,
    ) -> None:
        self.corpus = corpus
        self.sentence_stats = sentence_stats
        self._scores = sentence_scores
        self._scorer = scorer  # SentenceStats -> float

    @property
    def sentence_scores(self) -> tuple[float, ...]:
        if self._scores is None:
            scorer = self._scorer
            self._scores = tuple(map(scorer, self.sentence_stats)) if scorer else ()
        return self._scores

    score = property(lambda self: self.corpus.score, doc="BLEU of the corpus, a float in [0, 1].")
    brevity_penalty = property(lambda self: self.corpus.brevity_penalty, doc="BP of the pooled lengths.")
    hyp_len = property(lambda self: self.corpus.hyp_len, doc="c summed over the corpus.")
    ref_len = property(lambda self: self.corpus.ref_len, doc="r summed over the corpus.")
    precisions = property(lambda self: self.corpus.precisions, doc="Pooled modified precisions.")
    max_order = property(lambda self: self.corpus.max_order, doc="N.")
    smoothing = property(lambda self: self.corpus.smoothing, doc="Smoothing method name.")
    tokenizer = property(lambda self: self.corpus.tokenizer, doc="Tokenizer name.")
    signature = property(lambda self: self.corpus.signature, doc="Reproducibility string.")
    orders_used = property(lambda self: self.corpus.orders_used, doc="Orders in the mean.")
    weights = property(lambda self: self.corpus.weights, doc="Weights of the geometric mean.")
    mean_weights = property(lambda self: self.corpus.mean_weights, doc="Weights used per order (None: left out).")
    stats = property(lambda self: self.corpus.stats, doc="The pooled SentenceStats.")

    def __repr__(self) -> str:
        return f"CorpusBleuResult(corpus={self.corpus!r}, sentences={len(self.sentence_stats)})"

    def __str__(self) -> str:
        return score_line(self.corpus)

    def format(self, width: int = 2, signature: bool = False) -> str:
        """sacreBLEU's one line (:func:`score_line`): ``width`` decimals, ``signature`` in front."""
        return score_line(self.corpus, width, signature)

    def _repr_html_(self) -> str:
        return breakdown_html(self.corpus, len(self.sentence_stats) if self.sentence_stats else None)

    def to_dict(self, sentences: bool = False) -> dict[str, Any]:
        """``corpus.to_dict()``; with ``sentences``, also ``"sentences"``: one
        ``{"matches", "totals", "hyp_len", "ref_len", "score"}`` per candidate."""
        d = self.corpus.to_dict()
        if sentences:
            d["sentences"] = [dict(s.to_dict(), score=sc) for s, sc in zip(self.sentence_stats, self.sentence_scores)]
        return d
