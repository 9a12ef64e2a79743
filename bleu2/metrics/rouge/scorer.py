"""``ROUGE(**options)``, ROUGE's scorer for the metric protocol (:mod:`bleu2.metrics.protocol`):
one registry entry, ``rouge``, whose ``rouge_types`` pick the types (rouge-score's four by
default). Its score is rouge-score's corpus figure for the *first* type: the mean over
lines of the per-line F-measure (``rouge1`` by default); every type's mean precision,
recall and F stand beside it (``types`` in ``to_dict()``).

Per-line statistics are (matches, prediction total, reference total) per type (:mod:`.stats`);
the mean is taken as :func:`~bleu2.metrics.rouge.scoring.mean_score` takes it (NumPy's order),
so the numbers equal :func:`~bleu2.metrics.rouge.api.corpus_rouge`'s. The significance
tests resample each line's F of the first type as an int of 2**-30.

    >>> r = ROUGE(rouge_types=("rouge1", "rougeL"))
    >>> line = r.extract("the cat sat on the mat", ["the cat is on the mat"])
    >>> round(r.score_from_stats(r.sum_stats([line])).score, 4)
    0.8333
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..._version import __version__
from ..text_scorer import FIXED_POINT, TextScorer, fixed_point, sum_scores
from .api import make_counter
from .options import RougeConfig
from .result import Score
from .scoring import fmeasure_of, score_of
from .stats import LineStats

__all__ = ["ROUGE", "RougeSums", "RougeCorpusScore", "type_name"]


def type_name(rouge_type: str) -> str:
    """``rouge1`` -> ``ROUGE-1``, ``rougeLsum`` -> ``ROUGE-Lsum``."""
    return f"ROUGE-{rouge_type[5:]}"


class RougeSums(NamedTuple):
    """A corpus's ROUGE so far: per type its lines' (precision, recall, F) summed left to
    right (the mean's numerator, as NumPy's ``mean(axis=0)`` adds) and summed statistics;
    its lines. Sums fold: ``sum_stats([sums, *lines])`` continues the same additions."""

    sums: tuple[tuple[float, float, float], ...]
    totals: tuple[tuple[int, int, int], ...]
    lines: int

    @property
    def means(self) -> tuple[Score, ...]:
        """Per type the mean :class:`Score` (0.0 for no lines)."""
        n = self.lines
        return tuple(Score(*(x / n for x in t)) if n else Score(0.0, 0.0, 0.0) for t in self.sums)


@dataclass(frozen=True)
class RougeCorpusScore:
    """ROUGE as the registry's views show it.

    Attributes:
        score: the mean F-measure of the first type (a fraction in [0, 1]).
        types: the types, in the order asked.
        means: per type, mean precision, recall and F (fractions).
        totals: per type, (matches, prediction total, reference total) summed.
        lines: lines scored; signature: the options.
    """

    score: float
    types: tuple[str, ...]
    means: tuple[Score, ...]
    totals: tuple[tuple[int, int, int], ...]
    lines: int
    signature: str

    def to_dict(self) -> dict[str, Any]:
        """``name`` (the first type's, ``ROUGE-1``), ``score`` and every type's figures."""
        return {
            "name": type_name(self.types[0]),
            "score": self.score,
            "types": {
                t: {
                    **m.to_dict(),
                    "matches": tot[0],
                    "prediction_total": tot[1],
                    "reference_total": tot[2],
                }
                for t, m, tot in zip(self.types, self.means, self.totals)
            },
            "lines": self.lines,
            "signature": self.signature,
        }

    def details(self) -> str:
        """The command line's figures beside the score: the other types' mean F."""
        return "  ".join(f"{type_name(t)} = {100 * m.fmeasure:.2f}" for t, m in zip(self.types[1:], self.means[1:]))


class ROUGE(TextScorer):
    """ROUGE with fixed options: ``rouge_preset`` (``"rouge-score"``, ``"hf-evaluate"``) and
    :class:`~bleu2.metrics.rouge.options.RougeConfig`'s ``rouge_types``, ``tokenizer``
    (or ``rouge_tokenizer``, the command line's name), ``use_stemmer``, ``split_summaries``.

    Raises:
        ValueError: an unknown preset or option, or a bad value.
    """

    caller = "corpus_rouge"

    def __init__(self, rouge_preset: str | None = None, **options: Any) -> None:
        self.made_with = {"rouge_preset": rouge_preset, **options}
        if "rouge_tokenizer" in options:
            options["tokenizer"] = options.pop("rouge_tokenizer")
        unknown = [k for k in options if k not in ("rouge_types", "tokenizer", "use_stemmer", "split_summaries")]
        if unknown:
            raise ValueError(
                f"ROUGE: unknown option {unknown[0]!r}; its are rouge_types, tokenizer, use_stemmer, split_summaries"
            )
        try:
            self.config = RougeConfig.from_preset(rouge_preset, **options) if rouge_preset else RougeConfig(**options)
        except ValueError as e:
            raise ValueError(str(e).replace("RougeConfig", "ROUGE", 1)) from None
        self._counter = make_counter(self.config)

    @staticmethod
    def case_options(lowercase: bool) -> dict[str, Any]:
        """ROUGE's tokenizers lower-case; ``--lowercase`` changes nothing.

        Raises:
            TypeError: ``lowercase`` False (the tokenizers always lower-case).
        """
        if not lowercase:
            raise TypeError("ROUGE's tokenizers always lower-case the text")
        return {}

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> LineStats:
        """One line's statistics per type, against its best reference per type (``score_multi``)."""
        return self._counter.line(hypothesis, self.references(references, self.caller))

    def sum_stats(self, lines: Sequence[LineStats | RougeSums]) -> RougeSums:
        """Per type the lines' scores and statistics summed in order; ``lines`` may start
        with earlier :class:`RougeSums` (the corpus pipeline folds chunk after chunk)."""
        k = len(self.config.rouge_types)
        sums = [[0.0, 0.0, 0.0] for _ in range(k)]
        totals = [[0, 0, 0] for _ in range(k)]
        count = 0
        for line in lines:
            if isinstance(line, RougeSums):
                sums = [[a + b for a, b in zip(x, y)] for x, y in zip(sums, line.sums)]
                totals = [[a + b for a, b in zip(x, y)] for x, y in zip(totals, line.totals)]
                count += line.lines
                continue
            for j, stats in enumerate(line):
                score, acc, tot = score_of(stats), sums[j], totals[j]
                acc[0] += score.precision
                acc[1] += score.recall
                acc[2] += score.fmeasure
                tot[0] += stats[0]
                tot[1] += stats[1]
                tot[2] += stats[2]
            count += 1
        return RougeSums(tuple((a, b, c) for a, b, c in sums), tuple((a, b, c) for a, b, c in totals), count)

    def score_from_stats(self, stats: LineStats | RougeSums, n_refs: int | str = 1) -> RougeCorpusScore:
        """The score of one line's statistics or of a corpus's :class:`RougeSums`."""
        if not isinstance(stats, RougeSums):
            stats = self.sum_stats([stats])
        types, means = self.config.rouge_types, stats.means
        return RougeCorpusScore(means[0].fmeasure, types, means, stats.totals, stats.lines, self.signature(n_refs))

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """``nrefs:1|rouge:1-2-L-Lsum|tok:default|stem:no|split:newline|version:bleu2-...``
        (a test's fields before the version)."""
        c = self.config
        fields = [
            f"nrefs:{1 if n_refs is None else n_refs}",
            f"rouge:{'-'.join(t[5:] for t in c.rouge_types)}",
            f"tok:{c.tokenizer}",
            f"stem:{'yes' if c.use_stemmer else 'no'}",
            f"split:{'sentences' if c.split_summaries else 'newline'}",
            *(f"{k}:{v}" for k, v in extra.items() if v is not None),
            f"version:bleu2-{__version__}",
        ]
        return "|".join(fields)

    def significance_sums(self, counts: set[int]) -> tuple[Any, Any]:
        """The significance tests' metric and a line's int vector: [its first type's F in
        units of 2**-30, 1]; a sum's score is their mean."""

        def vector(line: LineStats) -> list[int]:
            return [fixed_point(fmeasure_of(line[0])), 1]

        def score(v: Sequence[int]) -> float:
            return v[0] / FIXED_POINT / v[1] if v[1] else 0.0

        name = type_name(self.config.rouge_types[0])
        return sum_scores(name, 2, score), vector
