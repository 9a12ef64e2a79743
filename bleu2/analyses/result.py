"""The analyses' result: typed, frozen, and its JSON (``bleu2 compare --json``, docs/compare.md).

Scores, precisions, recalls and F-measures are floats in [0, 1]; counts are ints; lines are
1-based; systems are indices into ``systems``. :meth:`CompareResult.to_dict` is the JSON
object; the renderers (:mod:`bleu2.analyses.text`, :mod:`bleu2.analyses.html`,
:mod:`bleu2.analyses.latex`) read that object, so the page can render the same from it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import html, latex, text

__all__ = [
    "SystemScore",
    "WordBucket",
    "WordAccuracy",
    "LengthBuckets",
    "BucketCounts",
    "NgramRow",
    "Ngrams",
    "Example",
    "Examples",
    "Pair",
    "SignificanceRow",
    "Significance",
    "CompareResult",
    "Lines",
    "LineFigures",
]

#: The texts: ``{"references": (stream, ...), "systems": (lines, ...)}``, each a tuple of lines.
Lines = dict[str, tuple[tuple[str, ...], ...]]
#: Per system, line by line: ``{"ref_len": (r, ...), "hyp_len": (c, ...), "bleu": (sentence BLEU, ...)}``
#: (``ref_len`` per system: with several references r is chosen per output).
LineFigures = tuple[dict[str, tuple[float, ...]], ...]


@dataclass(frozen=True, slots=True)
class SystemScore:
    """Corpus BLEU and the length ratio c / r (0 when r = 0) of one system."""

    system: str
    bleu: float
    length_ratio: float
    hyp_len: int
    ref_len: int


@dataclass(frozen=True, slots=True)
class WordBucket:
    """One frequency bucket of one system (:mod:`bleu2.analyses.words`)."""

    matches: int
    ref: int
    out: int
    precision: float
    recall: float
    f: float


@dataclass(frozen=True, slots=True)
class WordAccuracy:
    by: str
    buckets: tuple[str, ...]
    systems: tuple[tuple[WordBucket, ...], ...]


@dataclass(frozen=True, slots=True)
class LengthBuckets:
    """BLEU and sentence counts per reference-length bucket, per system."""

    buckets: tuple[str, ...]
    bleu: tuple[tuple[float, ...], ...]
    sentences: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class BucketCounts:
    """Sentences per bucket, per system."""

    buckets: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class NgramRow:
    ngram: str
    left: int
    right: int
    score: float


@dataclass(frozen=True, slots=True)
class Ngrams:
    """Characteristic n-grams of systems ``left`` and ``right`` (:mod:`bleu2.analyses.ngrams`)."""

    left: int
    right: int
    compare: str
    alpha: float
    n: tuple[int, int]
    left_better: tuple[NgramRow, ...]
    right_better: tuple[NgramRow, ...]


@dataclass(frozen=True, slots=True)
class Example:
    line: int
    left: float
    right: float
    diff: float


@dataclass(frozen=True, slots=True)
class Examples:
    """Sentence examples of systems ``left`` and ``right`` (:mod:`bleu2.analyses.examples`)."""

    left: int
    right: int
    left_better: tuple[Example, ...]
    right_better: tuple[Example, ...]


@dataclass(frozen=True, slots=True)
class Pair:
    ngrams: Ngrams
    examples: Examples


@dataclass(frozen=True, slots=True)
class SignificanceRow:
    """A system's line of a paired test (:mod:`bleu2.corpus.significance`): p_value None for the baseline."""

    system: int
    p_value: float | None
    mean: float | None
    ci: float | None


@dataclass(frozen=True, slots=True)
class Significance:
    test: str
    n: int
    seed: int | None
    rows: tuple[SignificanceRow, ...]


@dataclass(frozen=True, slots=True)
class CompareResult:
    """Everything ``bleu2.compare`` found (see docs/compare.md).

    Attributes:
        systems: the systems' names; ``baseline``: the index of the one the others are compared with.
        rules: the rules' name (:attr:`bleu2.analyses.rules.Rules.name`); ``signature``: the BLEU signature.
        pairs: the baseline against each other system, in order.
        significance: the paired test's rows, when one was asked for.
        lines: the texts (``{"references": [[line, ...], ...], "systems": [[line, ...], ...]}``),
            for the examples in the reports.
        line_figures: each system's r, c and sentence BLEU per line (:data:`LineFigures`),
            for callers that list a bucket's sentences (the page).
    """

    systems: tuple[str, ...]
    baseline: int
    rules: str
    signature: str
    scores: tuple[SystemScore, ...]
    word_accuracy: WordAccuracy
    length_buckets: LengthBuckets
    length_difference: BucketCounts
    sentence_bleu_buckets: BucketCounts
    pairs: tuple[Pair, ...]
    significance: Significance | None = None
    lines: Lines | None = field(default=None, compare=False, repr=False)
    line_figures: LineFigures | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object (docs/compare.md): with two systems ``ngrams`` and ``examples``,
        with more ``pairs``; ``significance`` only when a test ran."""
        w = self.word_accuracy
        out: dict[str, Any] = {
            "systems": list(self.systems),
            "baseline": self.baseline,
            "scores": [
                {
                    "system": s.system,
                    "bleu": s.bleu,
                    "length_ratio": s.length_ratio,
                    "hyp_len": s.hyp_len,
                    "ref_len": s.ref_len,
                }
                for s in self.scores
            ],
            "word_accuracy": {
                "by": w.by,
                "buckets": list(w.buckets),
                "systems": [
                    [
                        {
                            "matches": b.matches,
                            "ref": b.ref,
                            "out": b.out,
                            "precision": b.precision,
                            "recall": b.recall,
                            "f": b.f,
                        }
                        for b in row
                    ]
                    for row in w.systems
                ],
            },
            "length_buckets": {
                "buckets": list(self.length_buckets.buckets),
                "bleu": [list(x) for x in self.length_buckets.bleu],
                "sentences": [list(x) for x in self.length_buckets.sentences],
            },
            "length_difference": _counts(self.length_difference),
            "sentence_bleu_buckets": _counts(self.sentence_bleu_buckets),
        }
        pairs = [{"ngrams": _ngrams(p.ngrams), "examples": _examples(p.examples)} for p in self.pairs]
        if len(pairs) == 1:
            out.update(pairs[0])
        else:
            out["pairs"] = pairs
        if self.significance is not None:
            sig = self.significance
            out["significance"] = {
                "test": sig.test,
                "n": sig.n,
                "seed": sig.seed,
                "systems": [{"system": r.system, "p_value": r.p_value, "mean": r.mean, "ci": r.ci} for r in sig.rows],
            }
        return out

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text, ending in a newline."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False) + "\n"

    def to_text(self) -> str:
        """Tables for the terminal (:func:`bleu2.analyses.text.render`)."""
        return text.render(self.to_dict(), self.lines, self.signature)

    def to_html(self, title: str = "bleu2 compare") -> str:
        """One self-contained HTML file with SVG charts (:func:`bleu2.analyses.html.render`)."""
        return html.render(self.to_dict(), self.lines, self.signature, title)

    def to_latex(self) -> str:
        """LaTeX tables (:func:`bleu2.analyses.latex.render`)."""
        return latex.render(self.to_dict(), self.signature)

    def _repr_html_(self) -> str:
        return html.fragment(self.to_dict(), self.lines, self.signature)


def _counts(c: BucketCounts) -> dict[str, Any]:
    return {"buckets": list(c.buckets), "counts": [list(x) for x in c.counts]}


def _ngrams(n: Ngrams) -> dict[str, Any]:
    def rows(xs: tuple[NgramRow, ...]) -> list[dict[str, Any]]:
        return [{"ngram": r.ngram, "left": r.left, "right": r.right, "score": r.score} for r in xs]

    return {
        "left": n.left,
        "right": n.right,
        "compare": n.compare,
        "alpha": n.alpha,
        "n": list(n.n),
        "left_better": rows(n.left_better),
        "right_better": rows(n.right_better),
    }


def _examples(e: Examples) -> dict[str, Any]:
    def rows(xs: tuple[Example, ...]) -> list[dict[str, Any]]:
        return [{"line": r.line, "left": r.left, "right": r.right, "diff": r.diff} for r in xs]

    return {"left_better": rows(e.left_better), "right_better": rows(e.right_better)}
