"""chrF's counting: character and word n-grams and per-line statistics that add up, as
sacreBLEU 2.6.0 counts them (the F-score of summed statistics: :mod:`bleu2.metrics.chrf.scoring`).

chrF (Popović 2015) compares character n-grams of orders 1..``char_order``; chrF++
(Popović 2017) adds word n-grams of orders 1..``word_order``. A line's statistics are
a tuple of ints, three per order, characters first, then words::

    (hyp_1, ref_1, matches_1, hyp_2, ref_2, matches_2, ..., hyp_W, ref_W, matches_W)

``hyp_n`` and ``ref_n`` count the hypothesis' and the reference's n-grams, ``matches_n``
the n-grams they share (each counted min(hypothesis count, reference count) times). As
in sacreBLEU, ``hyp_n`` is 0 when the reference has no n-gram of order n. Corpus
statistics are the sums over lines (:func:`sum_stats`); the score is computed once from
them (:func:`bleu2.metrics.chrf.scoring.f_percent`). With several references, a line takes the statistics of the
reference with the highest sentence-level score (the first one on ties).

Text preparation (sacreBLEU's): ``lowercase`` applies ``str.lower``; character n-grams
are taken from the text with its whitespace removed (``"".join(text.split())``) unless
``whitespace``; words are ``text.split()``, one ASCII punctuation mark split off the end
of a word, or else off its start (``"(hi)"`` gives ``"(hi"``, ``")"``), as chrF++.py does.
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]  # Counter's counting loop (C)
from collections.abc import Iterable, Sequence
from operator import add
from typing import Any, TypeAlias

from .options import ChrfConfig
from .scoring import f_percent

__all__ = [
    "PUNCTUATION",
    "Grams",
    "NgramCounts",
    "ReferenceCounts",
    "LineStats",
    "char_ngrams",
    "word_ngrams",
    "words",
    "ngram_counts",
    "reference_counts",
    "hypothesis_grams",
    "extract",
    "best_stats",
    "best_reference",
    "stats_against",
    "sum_stats",
]

#: The punctuation chrF++ splits off words: ``string.punctuation``.
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

#: The n-grams of one order, in order: a string of characters (order 1), strings of n
#: characters, or tuples of n words (words of order 1 are the words themselves).
Grams: TypeAlias = Sequence[str] | Sequence[tuple[str, ...]]
#: One order's n-gram counts.
NgramCounts: TypeAlias = dict[str, int] | dict[tuple[str, ...], int]
#: A reference's n-grams: per order, the n-grams (a set when none repeats, else their
#: counts) and their number.
ReferenceCounts: TypeAlias = tuple[tuple[NgramCounts | set[Any], int], ...]
#: A line's statistics (see the module docstring).
LineStats: TypeAlias = tuple[int, ...]


def words(text: str) -> list[str]:
    """``text``'s words for chrF++: split at whitespace, then one punctuation mark split
    off the end of a word of two or more characters, or else off its start."""
    out: list[str] = []
    for w in text.split():
        if len(w) > 1:
            if w[-1] in PUNCTUATION:
                out += (w[:-1], w[-1])
                continue
            if w[0] in PUNCTUATION:
                out += (w[0], w[1:])
                continue
        out.append(w)
    return out


def char_ngrams(chars: str, max_order: int) -> list[Grams]:
    """The character n-grams of ``chars`` of orders 1..``max_order``, each order's in
    order (order 1 is ``chars`` itself)."""
    out: list[Grams] = [chars] if max_order else []
    grams: Sequence[str] = chars
    for n in range(2, max_order + 1):
        grams = list(map(add, grams, chars[n - 1 :]))  # grams of n-1 characters + the next one
        out.append(grams)
    return out


def word_ngrams(tokens: list[str], max_order: int) -> list[Grams]:
    """The word n-grams of ``tokens`` of orders 1..``max_order`` (tuples above order 1)."""
    out: list[Grams] = [tokens] if max_order else []
    out += (list(zip(*[tokens[i:] for i in range(n)])) for n in range(2, max_order + 1))
    return out


def hypothesis_grams(text: str, config: ChrfConfig) -> list[Grams]:
    """Every order's n-grams of one text (characters, then words), after lowercasing."""
    if config.lowercase:
        text = text.lower()
    chars = text if config.whitespace else "".join(text.split())
    grams = char_ngrams(chars, config.char_order)
    if config.word_order:
        grams += word_ngrams(words(text), config.word_order)
    return grams


def ngram_counts(grams: Iterable[str] | Iterable[tuple[str, ...]]) -> NgramCounts:
    """How many times each n-gram occurs."""
    counts: NgramCounts = {}
    _count_elements(counts, grams)
    return counts


def reference_counts(text: str, config: ChrfConfig) -> ReferenceCounts:
    """What is kept of one reference: per order, its n-gram counts, or the set of its
    n-grams when none repeats, and their number.

    An order's n-grams repeat only where the order below repeats; character n-grams
    from 3 and word n-grams from 2 on seldom repeat, so a set is tried first there."""
    out: list[tuple[NgramCounts | set[Any], int]] = []
    unique = False
    for i, grams in enumerate(hypothesis_grams(text, config)):
        n = i + 1 if i < config.char_order else i + 1 - config.char_order
        if n == 1:
            unique = False
        if unique or n >= (3 if i < config.char_order else 2):
            distinct = set(grams)
            unique = len(distinct) == len(grams)
            if unique:
                out.append((distinct, len(grams)))
                continue
        counts = ngram_counts(grams)
        unique = len(counts) == len(grams)
        out.append((counts, len(grams)))
    return tuple(out)


def _matches(hyp: NgramCounts, ref: NgramCounts) -> int:
    """sum over the hypothesis' n-grams g of min(hyp[g], ref[g])."""
    get = ref.get
    m = 0
    for g, k in hyp.items():  # a loop: map(min, ...) is slower (min of two values builds a tuple)
        r = get(g)  # type: ignore[arg-type]
        if r:
            m += k if k < r else r
    return m


def stats_against(
    grams: Sequence[Grams], counts: list[NgramCounts | None], ref: ReferenceCounts, char_order: int
) -> list[int]:
    """One line's statistics against one reference.

    Args:
        grams: the hypothesis' n-grams per order (:func:`hypothesis_grams`).
        counts: the hypothesis' n-gram counts per order, filled in here where needed (None:
            not counted yet); shared across the references of a line.
        ref: the reference's n-grams per order (:func:`reference_counts`).
        char_order: where the word orders start.

    Where the reference's or the hypothesis' n-grams of an order do not repeat, each
    n-gram they share matches once: the matches are the size of an intersection. An
    order's n-grams repeat only where the order below repeats.
    """
    stats: list[int] = []
    unique = False  # the hypothesis' n-grams of this order do not repeat
    for i, (r, n_ref) in enumerate(ref):
        if i == char_order:
            unique = False
        g = grams[i]
        if not n_ref:  # as sacreBLEU: no reference n-gram, no hypothesis n-gram counted
            stats += (0, 0, 0)
            continue
        if isinstance(r, set):
            m = len(r.intersection(g))
        elif unique:
            m = len(r.keys() & g)
        else:
            h = counts[i]
            if h is None:
                h = counts[i] = ngram_counts(g)
            if len(h) == len(g):
                unique = True
                m = len(r.keys() & h.keys())
            else:
                m = _matches(h, r)
        stats += (len(g), n_ref, m)
    return stats


def extract(hypothesis: str, references: Sequence[str], config: ChrfConfig) -> LineStats:
    """One line's statistics: against the reference with the highest sentence score
    (:func:`~bleu2.metrics.chrf.scoring.f_percent`; the first on ties), as sacreBLEU's ``CHRF`` chooses it.

    Args:
        hypothesis: the hypothesis text.
        references: its reference texts (at least one).
    Raises:
        ValueError: no reference.
    """
    if not references:
        raise ValueError("a hypothesis needs at least one reference")
    return best_stats(hypothesis_grams(hypothesis, config), [reference_counts(r, config) for r in references], config)


def best_stats(grams: Sequence[Grams], refs: Sequence[ReferenceCounts], config: ChrfConfig) -> LineStats:
    """The statistics against the best of ``refs`` (each :func:`reference_counts`)."""
    counts: list[NgramCounts | None] = [None] * len(grams)
    if len(refs) == 1:
        return tuple(stats_against(grams, counts, refs[0], config.char_order))
    return tuple(best_reference(grams, refs, config, counts)[1])


def best_reference(
    grams: Sequence[Grams],
    refs: Sequence[ReferenceCounts],
    config: ChrfConfig,
    counts: list[NgramCounts | None] | None = None,
) -> tuple[int, list[int]]:
    """``(index, statistics)`` of the reference with the highest sentence score
    (:func:`~bleu2.metrics.chrf.scoring.f_percent`, as sacreBLEU compares it; the first one on ties)."""
    if counts is None:
        counts = [None] * len(grams)
    best: tuple[int, list[int]] = (0, [])
    best_f = -1.0
    for j, ref in enumerate(refs):
        stats = stats_against(grams, counts, ref, config.char_order)
        f = f_percent(stats, config.beta, config.eps_smoothing)
        if f > best_f:
            best_f, best = f, (j, stats)
    return best


def sum_stats(lines: Iterable[Sequence[int]], order: int) -> LineStats:
    """The corpus statistics: the lines' statistics summed (``3 * order`` zeros for none)."""
    total = [0] * (3 * order)
    for stats in lines:
        total = list(map(add, total, stats))
    return tuple(total)
