"""TER's results: what a TER computation returns, its JSON form and how it
prints (sacreBLEU 2.6.0's ``TERScore``: ``TER = 64.61``, percent for display only)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from .scoring import ter_score
from .stats import TerStats

__all__ = ["TerResult", "CorpusTerResult"]


def _line(score: float, width: int, signature: str | None) -> str:
    name = f"TER|{signature}" if signature else "TER"
    return f"{name} = {100 * score:.{width}f}"


def _html(result: TerResult, sentences: int | None = None) -> str:
    what = f" ({sentences} sentences)" if sentences is not None else ""
    return (
        f"<table class='bleu2-result'><caption>TER = {100 * result.score:.2f}{what}</caption>"
        "<tbody>"
        f"<tr><th scope='row'>edits</th><td>{result.num_edits}</td></tr>"
        f"<tr><th scope='row'>reference words</th><td>{result.ref_length:g}</td></tr>"
        f"<tr><th scope='row'>edits / reference words</th><td>{result.score:.4f}</td></tr>"
        "</tbody></table>"
        f"<p><code>{html.escape(result.signature)}</code></p>"
    )


@dataclass(frozen=True, slots=True)
class TerResult:
    """A TER score with its statistics.

    Attributes:
        score: edits per reference word, a float >= 0 (it may exceed 1; multiply by 100
            only for display).
        num_edits: the edits (int).
        ref_length: the average reference length (float; summed over a corpus).
        signature: sacreBLEU's TER signature (``nrefs:1|case:lc|tok:tercom|...``).
    """

    score: float
    num_edits: int
    ref_length: float
    signature: str

    @property
    def stats(self) -> TerStats:
        return TerStats(self.num_edits, self.ref_length)

    @property
    def percent(self) -> float:
        """sacreBLEU's ``TERScore.score``: TER in percent, bit for bit (display only)."""
        return 100 * self.score

    def __str__(self) -> str:
        return _line(self.score, 2, None)

    def format(self, width: int = 2, signature: bool = False) -> str:
        """sacreBLEU's one line, ``TER = 64.61``: ``width`` decimals, ``signature`` in front
        (``TER|nrefs:1|... = 64.61``)."""
        return _line(self.score, width, self.signature if signature else None)

    def _repr_html_(self) -> str:
        return _html(self)

    def details(self) -> str:
        """The command line's figures beside the score (``bleu2 --metric ter``)."""
        return f"edits = {self.num_edits}  ref_len = {self.ref_length:.1f}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: name ("TER"), score (a fraction), num_edits, ref_length, signature."""
        return {
            "name": "TER",
            "score": self.score,
            "num_edits": self.num_edits,
            "ref_length": self.ref_length,
            "signature": self.signature,
        }


class CorpusTerResult:
    """Corpus TER (summed statistics) plus the per-sentence statistics.

    Attributes:
        corpus: the :class:`TerResult` of the summed statistics; ``score``,
            ``num_edits``, ``ref_length``, ``signature`` and ``stats`` read it.
        sentence_stats: one :class:`TerStats` per hypothesis.
        sentence_scores: per-sentence TER (fractions), computed when first read.
    """

    __slots__ = ("corpus", "sentence_stats", "_scores")

    def __init__(self, corpus: TerResult, sentence_stats: tuple[TerStats, ...]) -> None:
        self.corpus = corpus
        self.sentence_stats = sentence_stats
        self._scores: tuple[float, ...] | None = None

    @property
    def sentence_scores(self) -> tuple[float, ...]:
        if self._scores is None:
            self._scores = tuple(map(ter_score, self.sentence_stats))
        return self._scores

    score = property(lambda self: self.corpus.score, doc="TER of the corpus, a fraction.")
    num_edits = property(lambda self: self.corpus.num_edits, doc="Edits summed over the corpus.")
    ref_length = property(lambda self: self.corpus.ref_length, doc="Average reference lengths summed.")
    signature = property(lambda self: self.corpus.signature, doc="sacreBLEU's TER signature.")
    stats = property(lambda self: self.corpus.stats, doc="The summed TerStats.")

    def __repr__(self) -> str:
        return f"CorpusTerResult(corpus={self.corpus!r}, sentences={len(self.sentence_stats)})"

    def __str__(self) -> str:
        return str(self.corpus)

    def format(self, width: int = 2, signature: bool = False) -> str:
        """sacreBLEU's one line (see :meth:`TerResult.format`)."""
        return self.corpus.format(width, signature)

    def _repr_html_(self) -> str:
        return _html(self.corpus, len(self.sentence_stats))

    def to_dict(self, sentences: bool = False) -> dict[str, Any]:
        """``corpus.to_dict()``; with ``sentences``, also ``"sentences"``: one
        ``{"num_edits", "ref_length", "score"}`` per hypothesis."""
        d = self.corpus.to_dict()
        if sentences:
            d["sentences"] = [dict(s.to_dict(), score=sc) for s, sc in zip(self.sentence_stats, self.sentence_scores)]
        return d
