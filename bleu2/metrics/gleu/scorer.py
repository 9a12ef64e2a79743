"""``GLEU(**options)``, GLEU's scorer for the metric protocol (:mod:`bleu2.metrics.protocol`):
per-line (matches, total) that add up; the corpus GLEU is their sums' ratio (NLTK's
``corpus_gleu``), as ``bleu2 --metric gleu`` and the page's corpus mode score it.

    >>> g = GLEU()
    >>> g.score_from_stats(g.sum_stats([g.extract("the cat sat on the mat", ["the cat is on the mat"])])).score
    0.5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...tokenizers import make_tokenizer
from ..text_scorer import TextScorer, sum_scores
from .options import gleu_options
from .result import GleuResult
from .scoring import gleu_score
from .stats import GleuStats, line_stats

__all__ = ["GLEU", "GleuCorpusResult", "GleuSums"]


class GleuSums(NamedTuple):
    """A corpus's summed statistics and its number of lines."""

    matches: int
    total: int
    sentences: int


class GleuCorpusResult(GleuResult):
    """A :class:`GleuResult` as the registry's views show it: ``to_dict()`` with ``name``
    and ``score`` (a fraction in [0, 1])."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": "GLEU", "score": self.score, **GleuResult.to_dict(self)}

    def details(self) -> str:
        """The command line's figures beside the score."""
        return f"matches = {self.matches}  total = {self.total}"


class GLEU(TextScorer):
    """GLEU with fixed options: ``gleu_preset`` (``"hf-evaluate"``, the default rules, or
    ``"nltk"``), ``min_len``, ``max_len``, ``tokenize``, ``lowercase``
    (:class:`~bleu2.metrics.gleu.options.GleuOptions`).

    Raises:
        ValueError: an unknown preset or option, or a bad value.
    """

    caller = "corpus_gleu"

    def __init__(self, gleu_preset: str | None = None, **options: Any) -> None:
        self.made_with = {"gleu_preset": gleu_preset, **options}
        self.config = gleu_options("GLEU", gleu_preset, **options)
        self._tokenize = make_tokenizer(self.config.tokenize, self.config.lowercase)

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        """The options of a command line's ``--lowercase``."""
        return {"lowercase": lowercase}

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> GleuStats:
        """One line's (matches, total) against its best reference."""
        tok = self._tokenize
        refs = [tok(r) for r in self.references(references, self.caller)]
        return line_stats(tok(hypothesis), refs, self.config.min_len, self.config.max_len)

    def sum_stats(self, lines: Sequence[GleuStats | GleuSums]) -> GleuSums:
        """The lines' statistics summed; ``lines`` may start with earlier :class:`GleuSums`
        (the corpus pipeline folds chunk after chunk)."""
        matches = total = sentences = 0
        for s in lines:
            matches += s[0]
            total += s[1]
            sentences += s.sentences if isinstance(s, GleuSums) else 1
        return GleuSums(matches, total, sentences)

    def score_from_stats(self, stats: GleuStats | GleuSums, n_refs: int | str = 1) -> GleuCorpusResult:
        """GLEU of one line's or a corpus's summed statistics."""
        sentences = stats.sentences if isinstance(stats, GleuSums) else 1
        score = gleu_score(GleuStats(stats.matches, stats.total))
        return GleuCorpusResult(score, stats.matches, stats.total, sentences, self.signature(n_refs))

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """``nrefs:1|min:1|max:4|tok:13a|case:mixed|version:bleu2-...``, a test's fields before the version."""
        sig = self.config.signature(1 if n_refs is None else n_refs)
        fields = [f"{k}:{v}" for k, v in extra.items() if v is not None]
        head, _, version = sig.rpartition("|")
        return "|".join([head, *fields, version])

    def significance_sums(self, counts: set[int]) -> tuple[Any, Any]:
        """The significance tests' metric and a line's int vector [matches, total]."""

        def score(v: Sequence[int]) -> float:
            return v[0] / v[1] if v[1] else 0.0

        return sum_scores("GLEU", 2, score), list
