"""NIST's statistics: reference n-gram counts (one pass over the corpus's references), the
information weights they give, and per-line statistics that add up, under NLTK 3.10.4's
``corpus_nist`` rules or mteval-v13a.pl's.

Vectors (lists, summed component by component, line after line, as both peers add):

- NLTK: ``[numerator_1, denominator_1, ..., numerator_n, denominator_n, ref_len, hyp_len]``:
  per order the information-weighted matches and hypothesis n-grams of the reference
  with the best precision (NLTK's ``max`` over ``(precision, numerator, denominator,
  ref_len)``), and the lengths summed over the orders (as NLTK sums them).
- mteval: ``[info_1, count_1, ..., info_n, count_n, ref_words]``: per order the weighted
  matches (hypothesis counts clipped by the largest count in any reference) and the
  hypothesis's n-grams; the words of all references.
"""

from __future__ import annotations

import collections
import math
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import chain

#: collections' counter of an iterable into a dict (C in CPython and Pyodide; Counter uses it).
_count_elements = collections._count_elements  # type: ignore[attr-defined]

__all__ = ["InfoWeights", "Gram", "reference_counts", "nltk_line", "mteval_line", "sum_lines"]

Gram = tuple[Hashable, ...]


def _ngrams(tokens: Sequence[Hashable], i: int) -> Iterable[Gram]:
    return zip(*[tokens[k:] for k in range(i)])


def reference_counts(references: Iterable[Sequence[Sequence[Hashable]]], n: int) -> tuple[Counter[Gram], int]:
    """The n-grams (orders 1..n) of every reference of every line with their counts, and
    the references' words (the denominator of unigram information)."""
    counts: Counter[Gram] = Counter()
    words = 0
    for refs in references:
        for ref in refs:
            counts.update(chain.from_iterable(_ngrams(ref, i) for i in range(1, n + 1)))
            words += len(ref)
    return counts, words


class InfoWeights(dict[Gram, float]):
    """Information weights (Doddington 2002, eqn 2), computed when first asked for:
    log2(count(prefix) / count(n-gram)), unigrams over the references' words.

    ``rules="nltk"``: ``math.log(prefix / count, 2)`` (NLTK's float). ``rules="mteval"``:
    ``-log(count / prefix) / log 2`` (the script's float), and a prefix that is the
    token ``"0"`` counts as no prefix, as Perl's truth test of the joined string does.
    """

    def __init__(self, counts: Counter[Gram], words: int, rules: str) -> None:
        super().__init__()
        self.counts, self.words, self.mteval = counts, words, rules == "mteval"

    def __missing__(self, gram: Gram) -> float:
        counts = self.counts
        prefix = gram[:-1]
        if self.mteval:
            below = counts[prefix] if prefix and prefix != ("0",) else self.words
            value = -math.log(counts[gram] / below) / math.log(2)
        else:
            below = counts[prefix] if prefix and prefix in counts else self.words
            value = math.log(below / counts[gram], 2)
        self[gram] = value
        return value


def nltk_line(
    hypothesis: Sequence[Hashable], references: Sequence[Sequence[Hashable]], weights: InfoWeights, n: int
) -> list[float]:
    """One line's NLTK statistics (see the module's docstring).

    Raises:
        ValueError: no references (NLTK's ``max`` of nothing).
    """
    if not references:
        raise ValueError("a hypothesis without references")
    stats: list[float] = []
    ref_len = hyp_len = 0
    for i in range(1, n + 1):
        hyp = Counter(_ngrams(hypothesis, i))
        denominator = len(hypothesis) - i + 1 if len(hypothesis) >= i else 0
        best: tuple[float, float, int, int] | None = None
        for reference in references:
            ref = Counter(_ngrams(reference, i))
            get = ref.get
            numerator = sum(
                weights[g] * (c if c < r else r) for g, c in hyp.items() if (r := get(g, 0)) > 0
            )  # NLTK's sum over ``hyp & ref``, in the hypothesis's order
            precision = 0 if denominator == 0 else numerator / denominator
            candidate = (precision, numerator, denominator, len(reference))
            if best is None or candidate > best:
                best = candidate
        assert best is not None
        stats += (best[1], best[2])
        ref_len += best[3]
        hyp_len += len(hypothesis)
    stats += (ref_len, hyp_len)
    return stats


def mteval_line(
    hypothesis: Sequence[Hashable], references: Sequence[Sequence[Hashable]], weights: InfoWeights, n: int
) -> list[float]:
    """One line's mteval-v13a.pl statistics (``score_segment``; see the module's docstring).
    The weighted matches are summed in the hypothesis's n-gram order (the script's is Perl's
    hash order, so its last bits vary from run to run)."""
    hyp: dict[Gram, int] = {}
    _count_elements(hyp, chain.from_iterable(_ngrams(hypothesis, i) for i in range(1, n + 1)))
    most: dict[Gram, int] = {}  # the largest count in any reference, of the hypothesis's n-grams
    words = 0
    for reference in references:
        ref: dict[Gram, int] = {}
        _count_elements(
            ref, filter(hyp.__contains__, chain.from_iterable(_ngrams(reference, i) for i in range(1, n + 1)))
        )
        for gram, c in ref.items():
            if c > most.get(gram, 0):
                most[gram] = c
        words += len(reference)
    info = [0.0] * (n + 1)
    for gram, c in hyp.items():
        r = most.get(gram)
        if r is not None:
            info[len(gram)] += weights[gram] * (c if c < r else r)
    stats: list[float] = []
    for i in range(1, n + 1):
        stats += (info[i], max(len(hypothesis) - i + 1, 0))
    stats.append(words)
    return stats


def sum_lines(lines: Iterable[list[float]], width: int) -> list[float]:
    """The lines' statistics summed component by component, in order (the peers' adds)."""
    total: list[float] = [0] * width
    for line in lines:
        for k, value in enumerate(line):
            total[k] += value
    return total
