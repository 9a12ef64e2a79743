"""Word accuracy by frequency bucket (compare-mt 0.2.10 ``bucketers.py``, ``FreqWordBucketer``
and ``WordBucketer.calc_statistics``).

A word's frequency is its count in the references (by default), in a given corpus, or in a
``word<TAB>count`` list; its bucket is that count's (:mod:`bleu2.analyses.buckets`). Per bucket
and system: ``matches`` = sum over sentences and words of min(count in the output, largest
count in one reference) (compare-mt pairs occurrences one by one: the same number with one
reference), ``ref`` = sum of those largest reference counts, ``out`` = the output's words.
recall = matches / ref, precision = matches / out, f = 2 p r / (p + r); all three 0 when
nothing matches. Floats in [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .buckets import bucket_of

__all__ = ["frequencies", "read_counts", "WordBucketer", "accuracy"]


def frequencies(corpus: Iterable[Sequence[str]]) -> dict[str, int]:
    """word -> how often it occurs in ``corpus`` (sentences of words)."""
    counts: dict[str, int] = {}
    get = counts.get
    for words in corpus:
        for w in words:
            counts[w] = get(w, 0) + 1
    return counts


def read_counts(lines: Iterable[str], lowercase: bool = False) -> dict[str, int]:
    """A ``word<TAB>count`` file's lines as compare-mt reads them (``FreqWordBucketer``): each
    line stripped and split on tabs; lines without exactly two fields are skipped; a later
    line of a word replaces an earlier one.

    Raises:
        ValueError: a count that is not an integer (naming the line, 1-based).
    """
    counts: dict[str, int] = {}
    for i, line in enumerate(lines, start=1):
        cols = line.strip().split("\t")
        if len(cols) != 2:
            continue
        word, freq = cols
        try:
            n = int(freq)
        except ValueError:
            raise ValueError(f"line {i} of the counts: {freq!r} is not an integer count") from None
        counts[word.lower() if lowercase else word] = n
    return counts


class WordBucketer:
    """word -> its frequency bucket, remembered per word."""

    __slots__ = ("_counts", "_edges", "_known")

    def __init__(self, counts: Mapping[str, int], edges: Sequence[float]):
        self._counts = counts
        self._edges = edges
        self._known: dict[str, int] = {}

    def __call__(self, word: str) -> int:
        b = self._known.get(word)
        if b is None:
            b = self._known[word] = bucket_of(self._counts.get(word, 0), self._edges)
        return b


def accuracy(
    matches: Sequence[int], ref: Sequence[int], out: Sequence[int]
) -> list[tuple[int, int, int, float, float, float]]:
    """Per bucket ``(matches, ref, out, precision, recall, f)``, computed as compare-mt computes
    them (the same float operations)."""
    rows = []
    for m, r, o in zip(matches, ref, out):
        if m == 0:
            rows.append((m, r, o, 0.0, 0.0, 0.0))
            continue
        rec = m / float(r)
        prec = m / float(o)
        rows.append((m, r, o, prec, rec, 2 * prec * rec / (prec + rec)))
    return rows
