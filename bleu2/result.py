"""Results: what a BLEU computation returns, and its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field

from .stats import SentenceStats

__all__ = ["Precision", "BleuResult", "CorpusBleuResult"]


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

    def to_dict(self) -> dict:
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
        signature: reproducibility string (see :func:`bleu2.api.signature`).
        effective_order: orders that entered the geometric mean.
        weights: the weights of the geometric mean, one per order.
        stats: the :class:`~bleu2.stats.SentenceStats` it was computed from.
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
    effective_order: int
    weights: tuple[float, ...]
    stats: SentenceStats = field(repr=False)

    def to_dict(self) -> dict:
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
        corpus: :class:`BleuResult` from the pooled statistics; its attributes
            (``score``, ``precisions``, ``signature``, ...) read through.
        sentence_stats: tuple of per-candidate :class:`SentenceStats`.
        sentence_scores: tuple of per-candidate sentence BLEU floats in [0, 1],
            scored with the same options; computed from ``sentence_stats`` when
            first read (``()`` when the corpus call asked for none).
    """

    __slots__ = ("corpus", "sentence_stats", "_scores", "_scorer")

    def __init__(self, corpus: BleuResult, sentence_stats: tuple[SentenceStats, ...],
                 sentence_scores: tuple[float, ...] | None = None, scorer=None):
        self.corpus = corpus
        self.sentence_stats = sentence_stats
        self._scores = sentence_scores
        self._scorer = scorer  # SentenceStats -> float

    @property
    def sentence_scores(self) -> tuple[float, ...]:
        if self._scores is None:
            scorer = self._scorer
            self._scores = tuple(scorer(s) for s in self.sentence_stats) if scorer else ()
        return self._scores

    def __getattr__(self, name):
        # score, brevity_penalty, precisions, ... read through to the corpus result.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.corpus, name)

    def __repr__(self) -> str:
        return f"CorpusBleuResult(corpus={self.corpus!r}, sentences={len(self.sentence_stats)})"

    def to_dict(self, sentences: bool = False) -> dict:
        d = self.corpus.to_dict()
        if sentences:
            d["sentences"] = [
                dict(s.to_dict(), score=sc) for s, sc in zip(self.sentence_stats, self.sentence_scores)
            ]
        return d
