"""``bleu2.compare``: compare-mt's analyses of several systems, one result (docs/compare.md).

compare-mt 0.2.10's default report (``compare_mt_main.py``): scores (BLEU, length ratio), word
accuracy by frequency bucket, BLEU by reference-length bucket, sentence counts by length
difference and by sentence BLEU, characteristic n-grams and sentence examples of the baseline
against each other system; optionally a paired significance test (:mod:`bleu2.corpus.significance`).
:func:`compare_steps` is the same work as a generator of :class:`~bleu2.common.steps.Progress`,
for callers that run it a slice at a time (the page's worker).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any

from ..common.steps import Progress, finish
from ..corpus.significance import DEFAULT_RESAMPLES, DEFAULT_SEED
from ..corpus.significance import steps as significance_steps
from ..metrics.bleu.stats import SentenceStats, pool_stats
from . import buckets as bk
from .examples import examples
from .ngrams import salient, top
from .result import (
    BucketCounts,
    CompareResult,
    Example,
    Examples,
    LengthBuckets,
    Lines,
    NgramRow,
    Ngrams,
    Pair,
    Significance,
    SignificanceRow,
    SystemScore,
    WordAccuracy,
    WordBucket,
)
from .rules import Rules, rules_for
from .tally import COMPARE_TYPES, Tally, tally_steps
from .words import WordBucketer, accuracy, frequencies

__all__ = ["AnalysesCancelled", "compare", "compare_steps", "counts_steps", "PAIRED_TESTS"]

#: The paired tests the analyses can run (:data:`bleu2.corpus.significance.TESTS`' paired ones).
PAIRED_TESTS = ("paired-bs", "paired-ar")

_Steps = Generator[Progress, None, CompareResult]


class AnalysesCancelled(Exception):
    """Raised by :func:`compare` when its ``progress`` callback returned True."""


def _streams(x: object, what: str) -> list[Sequence[str]]:
    if isinstance(x, (str, bytes)) or not isinstance(x, Sequence):
        raise TypeError(f"{what} must be a sequence of line lists (one list per {what[:-1]}), not {type(x).__name__}")
    out = list(x)
    for i, s in enumerate(out):
        if isinstance(s, (str, bytes)) or not isinstance(s, Sequence):
            raise TypeError(f"{what}[{i}] is a {type(s).__name__}, not a list of lines: give [lines, ...]")
    return out


def _count(x: object, name: str, low: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {x!r}")
    return x


def _check(
    systems: list[Sequence[str]],
    references: list[Sequence[str]],
    names: Sequence[str] | None,
    baseline: int,
) -> tuple[str, ...]:
    if len(systems) < 2:
        raise ValueError(f"compare needs at least 2 systems, got {len(systems)}")
    if not references:
        raise ValueError("compare needs at least 1 reference")
    n = len(references[0])
    for what, streams in (("reference", references), ("system", systems)):
        for i, s in enumerate(streams):
            if len(s) != n:
                raise ValueError(f"{what} {i + 1} has {len(s)} lines, but reference 1 has {n}")
            for k, line in enumerate(s):
                if not isinstance(line, str):
                    raise TypeError(f"line {k + 1} of {what} {i + 1} is a {type(line).__name__}, not a string")
    if names is None:
        out = tuple(f"sys{i + 1}" for i in range(len(systems)))
    else:
        out = tuple(str(x) for x in names)
        if len(out) != len(systems):
            raise ValueError(f"{len(out)} names for {len(systems)} systems")
    _count(baseline, "baseline", 0)
    if baseline >= len(systems):
        raise ValueError(f"baseline must be a system's index, 0..{len(systems) - 1}, got {baseline}")
    return out


def compare_steps(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    names: Sequence[str] | None = None,
    baseline: int = 0,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    frequency_edges: Iterable[int] = bk.FREQUENCY_EDGES,
    freq_corpus: Sequence[str] | None = None,
    freq_counts: Mapping[str, int] | None = None,
    length_edges: Iterable[int] = bk.LENGTH_EDGES,
    length_difference_edges: Iterable[int] = bk.LENGTH_DIFFERENCE_EDGES,
    sentence_bleu_edges: Iterable[float] = bk.SENTENCE_BLEU_EDGES,
    ngram_orders: tuple[int, int] = (1, 4),
    ngram_compare: str = "match",
    alpha: float = 1.0,
    ngram_k: int = 50,
    examples_k: int = 10,
    significance: str | None = None,
    significance_n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    tally: Tally | None = None,
) -> _Steps:
    """:func:`compare` as a generator: yields :class:`~bleu2.common.steps.Progress` (stage
    ``"analyses"``: lines counted; then ``"significance"``), returns the result. Arguments
    as :func:`compare`'s (``options``: bleu2's BLEU options as a mapping); ``tally``: the
    pass's counts of an earlier run on the same lines, rules, n-gram orders and compare
    type (:func:`counts_steps`), reused instead of counting again."""
    sys_list = _streams(systems, "systems")
    ref_list = _streams(references, "references")
    sys_names = _check(sys_list, ref_list, names, baseline)
    rules = rules_for(preset, options)
    f_edges = bk.check_edges(frequency_edges, "frequency_edges", True)
    l_edges = bk.check_edges(length_edges, "length_edges", True)
    d_edges = bk.check_edges(length_difference_edges, "length_difference_edges", True)
    s_edges = bk.check_edges(sentence_bleu_edges, "sentence_bleu_edges", False)
    if not (isinstance(ngram_orders, Sequence) and len(ngram_orders) == 2):
        raise ValueError(f"ngram_orders must be (lowest, highest), got {ngram_orders!r}")
    lo = _count(ngram_orders[0], "the lowest n-gram order", 1)
    hi = _count(ngram_orders[1], "the highest n-gram order", lo)
    if ngram_compare not in COMPARE_TYPES:
        raise ValueError(f"ngram_compare must be one of {', '.join(COMPARE_TYPES)}, got {ngram_compare!r}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not math.isfinite(alpha) or alpha < 0:
        raise ValueError(f"alpha must be a finite number >= 0, got {alpha!r}")
    _count(ngram_k, "ngram_k", 0)
    _count(examples_k, "examples_k", 0)
    if significance is not None and significance not in PAIRED_TESTS:
        raise ValueError(f"significance must be None or one of {', '.join(PAIRED_TESTS)}, got {significance!r}")

    if tally is None:
        t = yield from tally_steps(sys_list, ref_list, rules, (lo, hi), ngram_compare)
    else:
        t = tally

    if freq_counts is not None:
        freq: Mapping[str, int] = freq_counts
    elif freq_corpus is not None:
        freq = frequencies(rules.split(line) for line in freq_corpus)
    else:
        freq = t.ref_freq
    others = [s for s in range(len(sys_list)) if s != baseline]
    pairs = tuple(_pair(t, baseline, s, ngram_compare, float(alpha), (lo, hi), ngram_k, examples_k) for s in others)
    sig = None
    if significance is not None:
        n = DEFAULT_RESAMPLES[significance] if significance_n is None else _count(significance_n, "significance_n", 1)
        order = [baseline, *others]
        found = yield from significance_steps(significance, [t.stats[s] for s in order], rules.config, n, seed)
        rows = tuple(SignificanceRow(order[j], r.p_value, r.mean, r.ci) for j, r in enumerate(found))
        sig = Significance(significance, n, seed, tuple(sorted(rows, key=lambda r: r.system)))
    lines: Lines = {
        "references": tuple(tuple(r) for r in ref_list),
        "systems": tuple(tuple(s) for s in sys_list),
    }
    return CompareResult(
        systems=sys_names,
        baseline=baseline,
        rules=rules.name,
        signature=rules.signature(len(ref_list)),
        scores=tuple(_score(name, stats, rules) for name, stats in zip(sys_names, t.stats)),
        word_accuracy=_words(t, freq, f_edges),
        length_buckets=_lengths(t, rules, l_edges),
        length_difference=_counts(t.stats, d_edges, lambda st: st.hyp_len - st.ref_len),
        sentence_bleu_buckets=_sentence_bleu(t, s_edges),
        pairs=pairs,
        significance=sig,
        lines=lines,
        line_figures=tuple(
            {
                "ref_len": tuple(st.ref_len for st in stats),
                "hyp_len": tuple(st.hyp_len for st in stats),
                "bleu": tuple(scores),
            }
            for stats, scores in zip(t.stats, t.sentence_bleu)
        ),
    )


def counts_steps(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    ngram_orders: tuple[int, int] = (1, 4),
    ngram_compare: str = "match",
) -> Generator[Progress, None, Tally]:
    """The one pass over the lines of :func:`compare_steps` alone (stage ``"analyses"``),
    for a caller that keeps it (``tally``) and changes only the significance test or the
    baseline afterwards; arguments as :func:`compare`'s."""
    sys_list = _streams(systems, "systems")
    ref_list = _streams(references, "references")
    _check(sys_list, ref_list, None, 0)
    return (yield from tally_steps(sys_list, ref_list, rules_for(preset, options), ngram_orders, ngram_compare))


def compare(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    progress: Callable[[Progress], object] | None = None,
    preset: str | None = None,
    names: Sequence[str] | None = None,
    baseline: int = 0,
    frequency_edges: Iterable[int] = bk.FREQUENCY_EDGES,
    freq_corpus: Sequence[str] | None = None,
    freq_counts: Mapping[str, int] | None = None,
    length_edges: Iterable[int] = bk.LENGTH_EDGES,
    length_difference_edges: Iterable[int] = bk.LENGTH_DIFFERENCE_EDGES,
    sentence_bleu_edges: Iterable[float] = bk.SENTENCE_BLEU_EDGES,
    ngram_orders: tuple[int, int] = (1, 4),
    ngram_compare: str = "match",
    alpha: float = 1.0,
    ngram_k: int = 50,
    examples_k: int = 10,
    significance: str | None = None,
    significance_n: int | None = None,
    seed: int | None = DEFAULT_SEED,
    **options: Any,
) -> CompareResult:
    """compare-mt's analyses of ``systems`` against ``references`` (docs/compare.md).

    Args:
        systems: one list of lines per system (>= 2, as many lines as the references).
        references: one list of lines per reference (>= 1).
        progress: called with each :class:`~bleu2.common.steps.Progress`; returning True cancels
            (:class:`AnalysesCancelled`).
        preset: ``"compare-mt"`` (compare-mt 0.2.10's rules: every number equals its
            report), a preset of :data:`bleu2.metrics.bleu.options.PRESETS`, or None (bleu2's defaults).
        names: the systems' names (default ``sys1``, ``sys2``, ...).
        baseline: the system the others are compared with (n-grams, examples, significance).
        frequency_edges: word-frequency bucket edges (compare-mt's 1 2 3 4 5 10 100 1000).
        freq_corpus: lines whose words give the frequencies; freq_counts: word -> count
            (:func:`bleu2.analyses.words.read_counts` reads a ``word<TAB>count`` file);
            neither: the references' words.
        length_edges: reference-length edges (10 .. 60); length_difference_edges:
            len(output) - len(reference) edges (compare-mt's 16); sentence_bleu_edges:
            sentence-BLEU edges as fractions (0.1 .. 0.9).
        ngram_orders: (lowest, highest) n of the n-grams; ngram_compare: ``match``,
            ``over`` or ``under``; alpha: the smoothing a of the n-gram score; ngram_k: how many
            each way (ties with the k-th too); examples_k: sentence examples each way.
        significance: None, ``"paired-bs"`` or ``"paired-ar"`` (sacreBLEU's paired tests,
            baseline against each other system); significance_n: resamples or trials
            (None: sacreBLEU's default); seed: the generator's seed (None: OS entropy).
        options: bleu2's BLEU options (:data:`bleu2.metrics.bleu.options.DEFAULTS`) on top of the preset.
    Returns:
        a frozen :class:`~bleu2.analyses.result.CompareResult` (``to_dict``, ``to_json``,
        ``to_text``, ``to_html``, ``to_latex``; ``_repr_html_`` in Jupyter).
    Raises:
        ValueError, TypeError: bad input or options, naming the problem.
        AnalysesCancelled: ``progress`` returned True.
    """
    steps = compare_steps(
        systems,
        references,
        names=names,
        baseline=baseline,
        preset=preset,
        options=options,
        frequency_edges=frequency_edges,
        freq_corpus=freq_corpus,
        freq_counts=freq_counts,
        length_edges=length_edges,
        length_difference_edges=length_difference_edges,
        sentence_bleu_edges=sentence_bleu_edges,
        ngram_orders=ngram_orders,
        ngram_compare=ngram_compare,
        alpha=alpha,
        ngram_k=ngram_k,
        examples_k=examples_k,
        significance=significance,
        significance_n=significance_n,
        seed=seed,
    )

    def report(p: Progress) -> None:
        if progress is not None and progress(p):
            raise AnalysesCancelled(f"cancelled at {p.stage} {p.done}/{p.total}")

    return finish(steps, report)


def _score(name: str, stats: list[SentenceStats], rules: Rules) -> SystemScore:
    pooled = pool_stats(stats, rules.max_order)
    c, r = pooled.hyp_len, pooled.ref_len
    return SystemScore(name, rules.corpus_bleu(pooled), c / r if r else 0.0, c, r)


def _words(t: Tally, freq: Mapping[str, int], edges: tuple[float, ...]) -> WordAccuracy:
    bucket = WordBucketer(freq, edges)
    nb = len(edges) + 1
    ref = [0] * nb
    for w, k in t.word_ref.items():
        ref[bucket(w)] += k
    rows = []
    for out_counts, match_counts in zip(t.word_out, t.word_match):
        out = [0] * nb
        match = [0] * nb
        for w, k in out_counts.items():
            out[bucket(w)] += k
        for w, k in match_counts.items():
            match[bucket(w)] += k
        rows.append(tuple(WordBucket(*x) for x in accuracy(match, ref, out)))
    return WordAccuracy("frequency", bk.bucket_labels(edges), tuple(rows))


def _lengths(t: Tally, rules: Rules, edges: tuple[float, ...]) -> LengthBuckets:
    bleu, sentences = [], []
    for stats in t.stats:
        groups: list[list[SentenceStats]] = [[] for _ in range(len(edges) + 1)]
        for st in stats:
            groups[bk.bucket_of(st.ref_len, edges)].append(st)
        bleu.append(tuple(rules.corpus_bleu(pool_stats(g, rules.max_order)) if g else 0.0 for g in groups))
        sentences.append(tuple(len(g) for g in groups))
    return LengthBuckets(bk.bucket_labels(edges), tuple(bleu), tuple(sentences))


def _counts(
    stats: list[list[SentenceStats]], edges: tuple[float, ...], value: Callable[[SentenceStats], int]
) -> BucketCounts:
    rows = []
    for system in stats:
        c = [0] * (len(edges) + 1)
        for st in system:
            c[bk.bucket_of(value(st), edges)] += 1
        rows.append(tuple(c))
    return BucketCounts(bk.bucket_labels(edges), tuple(rows))


def _sentence_bleu(t: Tally, edges: tuple[float, ...]) -> BucketCounts:
    pe = bk.percent_edges(edges)
    rows = []
    for scores in t.sentence_bleu:
        c = [0] * (len(edges) + 1)
        for s in scores:
            c[bk.bucket_of(100 * s, pe)] += 1
        rows.append(tuple(c))
    return BucketCounts(bk.bucket_labels(edges, integers=False), tuple(rows))


def _pair(
    t: Tally, left: int, right: int, compare: str, alpha: float, orders: tuple[int, int], k: int, ek: int
) -> Pair:
    best_left, best_right = top(salient(t.grams[left], t.grams[right], alpha), k)
    ngrams = Ngrams(
        left,
        right,
        compare,
        alpha,
        orders,
        tuple(NgramRow(*x) for x in best_left),
        tuple(NgramRow(*x) for x in best_right),
    )
    wl, wr, refs = t.words[left], t.words[right], t.ref_words_by_line
    keys = [
        (tuple(a), tuple(b), tuple(tuple(r) for r in rs) if len(rs) > 1 else tuple(rs[0]))
        for a, b, rs in zip(wl, wr, refs)
    ]
    lb, rb = examples(t.sentence_bleu[left], t.sentence_bleu[right], keys, ek)
    return Pair(ngrams, Examples(left, right, tuple(Example(*x) for x in lb), tuple(Example(*x) for x in rb)))
