"""``NIST(**options)``, NIST's scorer for the metric protocol (:mod:`bleu2.metrics.protocol`).

NIST's information weights come from every reference of the corpus, so a line's
statistics are its tokens (:class:`NistLine`); :meth:`NIST.sum_stats` keeps a corpus's
lines and :meth:`NIST.score_from_stats` scores them as :func:`~bleu2.metrics.nist.api.corpus_nist`
does (one line alone: ``sentence_nist``, weights from its own references). The
significance tests resample each line's weighted matches under the weights of the last
corpus summed (all systems share its references), as ints of 2**-16 bits
(:func:`NIST.significance_sums`).

    >>> n = NIST()
    >>> lines = [n.extract("the cat sat on the mat", ["the cat is on the mat"]), n.extract("a dog barked", ["the dog barked"])]
    >>> round(n.score_from_stats(n.sum_stats(lines)).score, 4)
    2.5661
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..text_scorer import TextScorer, fixed_point, sum_scores
from .api import _tokenizer, nist_of_tokens
from .options import nist_options
from .result import NistResult
from .scoring import mteval_nist, nltk_nist
from .stats import InfoWeights, mteval_line, nltk_line, reference_counts

__all__ = ["NIST", "NistLine", "NistCorpus", "NistCorpusResult"]

#: The significance tests' unit of information: 2**-16 bits (a line's weighted matches
#: stay below 2**32 units up to 65,536 bits).
INFO_UNIT = 1 << 16


class NistLine(NamedTuple):
    """One line's tokens: the hypothesis's and each reference's."""

    hypothesis: list[str]
    references: list[list[str]]


class NistCorpus(NamedTuple):
    """A corpus's lines (NIST's sums need every reference first)."""

    lines: tuple[NistLine, ...]


class NistCorpusResult(NistResult):
    """A :class:`NistResult` as the registry's views show it: ``to_dict()`` with ``name`` and
    ``score`` (NIST in bits, not a fraction)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": "NIST", "score": self.score, **NistResult.to_dict(self)}

    def details(self) -> str:
        """The command line's figures beside the score."""
        return f"penalty = {self.penalty:.4f}  hyp_len = {self.hyp_len}  ref_len = {self.ref_len:.1f}"


class NIST(TextScorer):
    """NIST with fixed options: ``nist_preset`` (``"mteval-v13a"``, the default rules, or
    ``"nltk"``), ``n``, ``rules``, ``tokenize``, ``lowercase``
    (:class:`~bleu2.metrics.nist.options.NistOptions`).

    Raises:
        ValueError: an unknown preset or option, or a bad value.
    """

    caller = "corpus_nist"

    def __init__(self, nist_preset: str | None = None, **options: Any) -> None:
        self.made_with = {"nist_preset": nist_preset, **options}
        self.config = nist_options("NIST", nist_preset, **options)
        self._tokenize = _tokenizer(self.config)
        self._last: NistCorpus | None = None

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        """The options of a command line's ``--lowercase``."""
        return {"lowercase": lowercase}

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> NistLine:
        """One line's tokens."""
        tok = self._tokenize
        return NistLine(tok(hypothesis), [tok(r) for r in self.references(references, self.caller)])

    def sum_stats(self, lines: Sequence[NistLine | NistCorpus]) -> NistCorpus:
        """The corpus of ``lines`` (which may start with an earlier :class:`NistCorpus`: the
        corpus pipeline folds chunk after chunk); the last one is kept for the significance
        tests' information weights."""
        out: list[NistLine] = []
        for x in lines:
            if isinstance(x, NistCorpus):
                out += x.lines
            else:
                out.append(x)
        self._last = NistCorpus(tuple(out))
        return self._last

    def score_from_stats(self, stats: NistLine | NistCorpus, n_refs: int | str = 1) -> NistCorpusResult:
        """NIST of one line (its own references' weights) or of a corpus.

        Raises:
            ValueError: mteval's rules with different numbers of references; NistUndefined
                (a ValueError) where the peer divides by zero.
        """
        lines = stats.lines if isinstance(stats, NistCorpus) else (stats,)
        r = nist_of_tokens([x.hypothesis for x in lines], [x.references for x in lines], self.config, self.caller)
        return NistCorpusResult(*(getattr(r, f) for f in NistResult.__dataclass_fields__))

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """The options' signature, a test's fields before the version."""
        sig = self.config.signature(1 if n_refs is None else n_refs)
        head, _, version = sig.rpartition("|")
        return "|".join([head, *(f"{k}:{v}" for k, v in extra.items() if v is not None), version])

    def significance_sums(self, counts: set[int]) -> tuple[Any, Any]:
        """The significance tests' metric and a line's int vector: per order its weighted
        matches (in units of 2**-16 bits) and n-gram count, then the lengths (mteval:
        reference words; NLTK: reference and hypothesis lengths), under the weights of the
        last corpus given to :meth:`sum_stats`.

        Raises:
            ValueError: no corpus summed yet.
        """
        if self._last is None:
            raise ValueError(f"{self.caller}: the significance tests need a corpus summed first (sum_stats)")
        n, nltk = self.config.n, self.config.rules == "nltk"
        counts_, words = reference_counts((line.references for line in self._last.lines), n)
        weights = InfoWeights(counts_, words, self.config.rules)
        k = next(iter(counts)) if len(counts) == 1 else 0
        width = 2 * n + (2 if nltk else 1)

        def vector(line: NistLine) -> list[int]:
            stats = (nltk_line if nltk else mteval_line)(line.hypothesis, line.references, weights, n)
            return [fixed_point(v, INFO_UNIT) if j < 2 * n and j % 2 == 0 else int(v) for j, v in enumerate(stats)]

        def score(v: Sequence[int]) -> float:
            sums = [x / INFO_UNIT if j < 2 * n and j % 2 == 0 else x for j, x in enumerate(v)]
            if nltk:
                return nltk_nist(sums, n, self.caller)[0]
            if not k:
                raise ValueError(f"{self.caller}: mteval-v13a.pl needs the same number of references for every line")
            return mteval_nist(sums, n, k, self.caller)[0]

        return sum_scores("NIST", width, score), vector
