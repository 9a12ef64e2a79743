"""Significance tests for corpus BLEU (and any metric's :class:`~bleu2.metrics.protocol.SumScores`: chrF, TER): bootstrap confidence intervals, paired
bootstrap resampling and paired approximate randomization, with sacreBLEU 2.6.0's
numbers.

Every test resamples the per-line sufficient statistics of each system
(:class:`~bleu2.metrics.bleu.stats.SentenceStats`, one per line, or the same numbers kept compact in
:class:`LineColumns`); no text is tokenized again. All scores, means and half-widths are on bleu2's scale, floats
in [0, 1] (sacreBLEU's / 100); p-values are in (0, 1].

Methods
-------
:func:`confidence_intervals` (sacreBLEU ``--confidence``; Koehn 2004)
    ``n`` bootstrap resamples of the lines (drawn with replacement, as many as
    the corpus has); each system is scored on every resample. ``mean`` is the
    mean of the resample scores (``statistics.mean``), ``ci`` the half-width of
    the interval between the sorted scores at positions ``n // 40`` and
    ``n - n // 40 - 1`` (a 95% interval).
:func:`paired_bootstrap` (sacreBLEU ``--paired-bs``; Koehn 2004, "Statistical
Significance Tests for Machine Translation Evaluation", EMNLP)
    The first system is the baseline. The same ``n`` resamples score every
    system; ``mean``/``ci`` as above (the mean as NumPy's ``ndarray.mean`` of
    the sorted scores: pairwise summation). For each other system, with
    d_i = |s_i - b_i| on resample i and D = |S - B| on the corpus, the p-value
    is (1 + #{i : d_i - mean(d) > D}) / (n + 1).
:func:`paired_approximate_randomization` (sacreBLEU ``--paired-ar``; Riezler &
Maxwell 2005, "On Some Pitfalls in Automatic Evaluation and Significance
Testing for MT"; Clark et al.'s multeval)
    In each of ``n`` trials every line's two outputs (baseline, system) are
    swapped with probability 1/2, giving two pseudo-systems A and B; the
    p-value is (1 + #{trials : |A - B| > D}) / (n + 1). The same swap pattern
    serves every system. Optional bootstrap confidence intervals
    (``n_confidence``, sacreBLEU's ``n_ar_confidence``; the CLI never sets it).

Random numbers and reproducibility
----------------------------------
sacreBLEU draws with ``numpy.random.default_rng(seed)`` (PCG64, O'Neill 2014);
:mod:`bleu2.common.numpy_random` reproduces those draws bit for bit in pure Python: the
resample indices are ``choice(n_lines, size=(n, n_lines))`` and the swap
pattern ``integers(2, size=(n, n_lines), dtype=bool)``, consumed in the same
order (for approximate randomization with confidence intervals: the swap
pattern, then the systems' resamples from the same generator; the baseline's
resamples from a fresh generator, as sacreBLEU's ``_bootstrap_resample``).
The default seed is sacreBLEU's (``SACREBLEU_SEED``, 12345); ``seed=None``
takes fresh entropy from the OS (sacreBLEU's ``SACREBLEU_SEED=None``), one
generator for all systems. sacreBLEU's paired tests treat seed 0 as None
(``self._seed if self._seed else None``); bleu2 uses seed 0 as given.

Arithmetic
----------
For sacreBLEU's smoothing methods with uniform weights, the configurations sacreBLEU can
compute, resamples, trials and corpus scores follow sacreBLEU's own arithmetic, bit for
bit (:mod:`bleu2.metrics.bleu.sacrebleu_score`: float32 resamples, int64 trials, NumPy's means); every
other configuration is scored exactly with :func:`bleu2.metrics.bleu.scoring.bleu_score` on the summed
statistics. The loops themselves are :mod:`bleu2.corpus.resampling`'s. chrF's and TER's
resample scores are float32 in sacreBLEU (its arithmetic on float32 arrays): their means,
half-widths and the paired bootstrap's differences are then computed in float32 too.

Post 2018 ("A Call for Clarity in Reporting BLEU Scores", WMT) describes
sacreBLEU; the tests arrived in sacreBLEU 2.0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Generator as _Generator
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from ..common.numpy_random import default_rng
from ..common.sacrebleu_math import PyFloat, estimate_ci, f32, numpy_mean
from ..common.steps import Progress, finish
from ..metrics.bleu.options import BleuConfig
from ..metrics.bleu.sacrebleu_score import sacrebleu_compatible, sacrebleu_score
from ..metrics.bleu.scoring import bleu_score
from ..metrics.bleu.stats import SentenceStats
from ..metrics.protocol import SumScores
from .columns import LineColumns
from .resampling import STAGE, PackedLines, bootstrap_scores, trial_differences

__all__ = [
    "DEFAULT_RESAMPLES",
    "DEFAULT_SEED",
    "TESTS",
    "LineColumns",
    "Result",
    "SignificanceCancelled",
    "confidence_intervals",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "signature_extras",
    "steps",
]

#: sacreBLEU's default seed (its ``SACREBLEU_SEED``).
DEFAULT_SEED = 12345

#: The tests by sacreBLEU's flag names and their default numbers of resamples (bootstrap)
#: or trials (approximate randomization): sacreBLEU's ``--confidence-n``,
#: ``--paired-bs-n`` and ``--paired-ar-n`` defaults. The command line and the page read them here.
DEFAULT_RESAMPLES: Mapping[str, int] = MappingProxyType({"confidence": 1000, "paired-bs": 1000, "paired-ar": 10000})

#: The tests' names, as :func:`steps` takes them.
TESTS = tuple(DEFAULT_RESAMPLES)

#: One system's per-line statistics: a sequence of SentenceStats, or LineColumns; for
#: another metric (a :class:`~bleu2.metrics.protocol.SumScores`), one int vector per line.
Stats: TypeAlias = "Sequence[SentenceStats] | Sequence[Sequence[int]] | LineColumns"
#: What is tested: BLEU's options, or another metric (chrF, TER).
Metric: TypeAlias = "BleuConfig | SumScores"

#: progress(done, total): called now and then; returning True cancels (SignificanceCancelled).
ProgressCallback = Callable[[int, int], object]
#: A test run in steps (:func:`steps`): yields :class:`~bleu2.common.steps.Progress`, returns the results.
_Steps: TypeAlias = "_Generator[Progress, None, list[Result]]"
#: A score of one system's summed statistic vector (:class:`~bleu2.corpus.resampling.PackedLines`' layout).
_VectorScore: TypeAlias = Callable[[Sequence[int]], float]


@dataclass(frozen=True, slots=True)
class Result:
    """One system's line in a significance table.

    Attributes:
        score: the system's corpus BLEU, a float in [0, 1] (bleu2's score of the
            pooled statistics; sacreBLEU's score / 100); for chrF and TER their corpus
            score likewise (TER's may exceed 1).
        mean: mean of the bootstrap resample scores, in [0, 1]; None when no
            bootstrap was run (approximate randomization without n_confidence).
        ci: half-width of the 95% bootstrap interval, in [0, 1] units; None likewise.
        p_value: probability of a difference at least as large as the observed
            one under the null hypothesis, in (0, 1]; None for the baseline and
            for :func:`confidence_intervals`.
        percent: ``(mean, ci)`` in percent as sacreBLEU computes them (its arithmetic,
            bit for bit: ``mean * 100`` may differ in the last bit) where the bootstrap ran
            in sacreBLEU's frame, for ``bleu2 sacrebleu``'s output; else None.
    """

    score: float
    mean: float | None = None
    ci: float | None = None
    p_value: float | None = None
    percent: tuple[float, float] | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {"score": self.score, "mean": self.mean, "ci": self.ci, "p_value": self.p_value}


class SignificanceCancelled(Exception):
    """Raised when the ``progress`` callback returned True (the caller cancelled)."""


def _p_value(count: int, n: int) -> float:
    """(count + 1) / (n + 1) (multeval's, via sacreBLEU: never 0)."""
    return (count + 1) / (n + 1)


class _SumScorer:
    """Scores of summed statistic vectors for one configuration, on an internal scale
    (``scale``: percent in sacreBLEU's frame, [0, 1] otherwise).

    Attributes (callables, list of column sums -> float):
        corpus: a corpus score (sacreBLEU: Python ints).
        resample: a bootstrap resample's score (sacreBLEU: float32 arithmetic).
        trial: an approximate-randomization trial's score (sacreBLEU: int64 arrays).
        final: bleu2's corpus score, in [0, 1] (``Result.score``).
    A :class:`~bleu2.metrics.protocol.SumScores` has the same attributes.
    """

    float32 = False  # BLEU's resample scores are Python floats

    def __init__(self, config: BleuConfig, columns: PackedLines):
        to_stats = columns.to_stats
        self.final = lambda v: bleu_score(to_stats(v), config)
        self.sacrebleu = sacrebleu_compatible(config)
        self.scale = 100.0 if self.sacrebleu else 1.0
        if self.sacrebleu:
            k = config.smooth_value or 0.0  # None: a method without a value (not read)
            args = (config.max_order, config.smoothing, k, config.effective_order)

            def frame(mode: str) -> _VectorScore:
                return lambda v: sacrebleu_score(v, *args, mode)

            self.corpus, self.resample, self.trial = frame("double"), frame("float32"), frame("int64")
        else:

            def exact(v: Sequence[int]) -> float:
                return bleu_score(to_stats(v), config)

            self.corpus = self.resample = self.trial = exact


def _scorer(config: Metric, cols: PackedLines) -> _SumScorer | SumScores:
    return config if isinstance(config, SumScores) else _SumScorer(config, cols)


def _check(systems_stats: Iterable[Stats], config: Metric, n: int, min_systems: int, what: str) -> list[LineColumns]:
    if not isinstance(config, (BleuConfig, SumScores)):
        raise TypeError(f"config must be a BleuConfig or a SumScores, got {type(config).__name__}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"{what} must be an integer >= 1, got {n!r}")
    systems = [
        _vector_columns(s, config, k) if isinstance(config, SumScores) else LineColumns.of(s, config, k)  # type: ignore[arg-type]
        for k, s in enumerate(systems_stats)
    ]
    if len(systems) < min_systems:
        raise ValueError(f"need at least {min_systems} system(s), got {len(systems)}")
    n_lines = len(systems[0])
    if n_lines == 0:
        raise ValueError("the systems have no lines")
    for s, lines in enumerate(systems):
        if len(lines) != n_lines:
            raise ValueError(f"system {s} has {len(lines)} lines, system 0 has {n_lines}")
    return systems


def _vector_columns(stats: Stats, sums: SumScores, system: int) -> LineColumns:
    """One system's int vectors (one per line) as :class:`LineColumns`.

    Raises:
        ValueError: lines of another width, or values that are not ints in [0, 2**32).
    """
    if isinstance(stats, LineColumns):
        if stats.order or stats.width != sums.width:
            raise ValueError(f"system {system}: {sums.name} statistics have {sums.width} values per line")
        return stats
    return LineColumns.of_vectors(stats, sums.width, system)  # type: ignore[arg-type]


def _percent(scorer: _SumScorer | SumScores, mean: float, ci: float) -> tuple[float, float] | None:
    return (mean, ci) if scorer.sacrebleu else None


def _drive(steps: _Steps, progress: ProgressCallback | None) -> list[Result]:
    """Run a generator of :func:`steps` to its end, calling ``progress`` at each step
    (returning True cancels: :class:`SignificanceCancelled`)."""

    def report(step: Progress) -> None:
        if progress is not None and progress(step.done, step.total or 0) is True:
            raise SignificanceCancelled(f"cancelled after {step.done} of {step.total}")

    return finish(steps, report)


def _bootstrap_all(
    systems_stats: Sequence[Stats], config: Metric, n: int, seed: int | None, min_systems: int
) -> _Generator[Progress, None, tuple[PackedLines, _SumScorer | SumScores, list[list[float]]]]:
    """Checks the systems, then bootstraps every one of them on the same ``n`` resamples
    (sacreBLEU's seeded ``rng.choice``): returns the columns, the scorer and the scores."""
    cols = PackedLines(_check(systems_stats, config, n, min_systems, "n"))
    scorer = _scorer(config, cols)
    scores = yield from bootstrap_scores(cols, scorer.resample, default_rng(seed), n, range(cols.n_systems), 0, n)
    return cols, scorer, scores


# ----------------------------------------------------------------- public API


def confidence_intervals(
    systems_stats: Sequence[Stats],
    config: Metric,
    n: int = DEFAULT_RESAMPLES["confidence"],
    seed: int | None = DEFAULT_SEED,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Bootstrap 95% confidence intervals, one per system (sacreBLEU's ``--confidence``).

    Every system is resampled with the same ``n`` resamples (sacreBLEU draws each
    system's with a fresh generator of the same seed: the same indices).

    Args:
        systems_stats: systems_stats[s][i] is the :class:`SentenceStats` of line i
            of system s (all systems the same number of lines, >= 1 system); a system
            may be given as :class:`LineColumns` instead (compact, for big corpora).
        config: the BLEU options (:meth:`BleuConfig.make`); the statistics must
            have ``config.max_order`` orders. Or another metric
            (:class:`~bleu2.metrics.protocol.SumScores`: chrF, TER), its statistics one int
            vector per line; its scores are then sacreBLEU's / 100.
        n: number of resamples (sacreBLEU's ``--confidence-n``, default 1000).
        seed: the generator's seed (None: OS entropy).
        progress: optional callback(done, total), called after each chunk of
            resamples; returning True cancels.
    Returns:
        one :class:`Result` per system: score, mean, ci (p_value None); floats in [0, 1].
    Raises:
        ValueError: no systems, different line counts, n < 1, statistics of the
            wrong order. TypeError: not SentenceStats / BleuConfig.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_confidence_steps(systems_stats, config, n, seed), progress)


def _confidence_steps(systems_stats: Sequence[Stats], config: Metric, n: int, seed: int | None) -> _Steps:
    cols, scorer, scores = yield from _bootstrap_all(systems_stats, config, n, seed, 1)
    out = []
    for s, sc in enumerate(scores):
        mean, ci = estimate_ci(sc, pairwise=False, float32=scorer.float32)
        real = scorer.final(cols.totals[s])
        out.append(Result(real, mean / scorer.scale, ci / scorer.scale, None, _percent(scorer, mean, ci)))
    return out


def paired_bootstrap(
    systems_stats: Sequence[Stats],
    config: Metric,
    n: int = DEFAULT_RESAMPLES["paired-bs"],
    seed: int | None = DEFAULT_SEED,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Paired bootstrap resampling (Koehn 2004; sacreBLEU's ``--paired-bs``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s (or :class:`LineColumns`);
            system 0 is the baseline (>= 2 systems, the same number of lines).
        config: the BLEU options.
        n: number of resamples (sacreBLEU's ``--paired-bs-n``, default 1000).
        seed: the generator's seed (None: OS entropy).
        progress: optional callback(done, total); returning True cancels.
    Returns:
        one :class:`Result` per system, in order: the baseline (p_value None)
        then the others with their p-values; score, mean and ci in [0, 1].
    Raises:
        ValueError: fewer than 2 systems, different line counts, n < 1, bad statistics.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_paired_bootstrap_steps(systems_stats, config, n, seed), progress)


def _paired_bootstrap_steps(systems_stats: Sequence[Stats], config: Metric, n: int, seed: int | None) -> _Steps:
    cols, scorer, scores = yield from _bootstrap_all(systems_stats, config, n, seed, 2)
    real = [scorer.corpus(t) for t in cols.totals]
    base = scores[0]
    out = []
    for s, sc in enumerate(scores):
        mean, ci = estimate_ci(sc, pairwise=True, float32=scorer.float32)
        p: float | None = None
        if s:
            d = abs(real[0] - real[s])
            p = _p_value(_bootstrap_count(sc, base, d, scorer.float32), n)
        score = scorer.final(cols.totals[s])
        out.append(Result(score, mean / scorer.scale, ci / scorer.scale, p, _percent(scorer, mean, ci)))
    return out


def _bootstrap_count(scores: list[float], base: list[float], d: float, float32: bool) -> int:
    """#{i : d_i - mean(d) > D}, d_i = |s_i - b_i| (sacreBLEU's NumPy arrays: in float32, D
    rounded to float32 too, when both systems' resample scores are float32 values)."""
    if float32 and not any(isinstance(x, PyFloat) for x in scores + base):
        diffs = [abs(f32(a - b)) for a, b in zip(scores, base)]
        m = numpy_mean(diffs, float32=True)
        d32 = f32(d)
        return sum(1 for x in diffs if f32(x - m) > d32)
    diffs = [abs(a - b) for a, b in zip(scores, base)]
    m = numpy_mean(diffs)
    return sum(1 for x in diffs if x - m > d)


def paired_approximate_randomization(
    systems_stats: Sequence[Stats],
    config: Metric,
    n: int = DEFAULT_RESAMPLES["paired-ar"],
    seed: int | None = DEFAULT_SEED,
    n_confidence: int | None = None,
    progress: ProgressCallback | None = None,
) -> list[Result]:
    """Paired approximate randomization (Riezler & Maxwell 2005; sacreBLEU's ``--paired-ar``).

    Args:
        systems_stats: systems_stats[s][i], line i of system s (or :class:`LineColumns`);
            system 0 is the baseline (>= 2 systems, the same number of lines).
        config: the BLEU options.
        n: number of trials (sacreBLEU's ``--paired-ar-n``, default 10000).
        seed: the generator's seed (None: OS entropy).
        n_confidence: also bootstrap confidence intervals with this many
            resamples (sacreBLEU's ``PairedTest(n_ar_confidence=...)``; its CLI
            leaves them off: None).
        progress: optional callback(done, total); returning True cancels.
    Returns:
        one :class:`Result` per system: the baseline (p_value None) then the
        others with their p-values; mean and ci only with ``n_confidence``.
    Raises:
        ValueError: fewer than 2 systems, different line counts, n or
            n_confidence < 1, bad statistics.
        SignificanceCancelled: ``progress`` returned True.
    """
    return _drive(_paired_ar_steps(systems_stats, config, n, seed, n_confidence), progress)


def _paired_ar_steps(
    systems_stats: Sequence[Stats],
    config: Metric,
    n: int,
    seed: int | None,
    n_confidence: int | None,
) -> _Steps:
    systems = _check(systems_stats, config, n, 2, "n")
    if n_confidence is not None and (
        isinstance(n_confidence, bool) or not isinstance(n_confidence, int) or n_confidence < 1
    ):
        raise ValueError(f"n_confidence must be None or an integer >= 1, got {n_confidence!r}")
    cols = PackedLines(systems)
    scorer = _scorer(config, cols)
    n_conf = n_confidence or 0
    total = n + (2 * n_conf if n_conf else 0)
    S = len(systems)
    w = cols.width
    tot = cols.totals
    trial_scorer = scorer.trial
    real = [scorer.corpus(t) for t in tot]
    d = [abs(real[0] - real[s]) for s in range(S)]
    counts = [0] * S
    rng = default_rng(seed)
    tb = tot[0]
    for t, sums in enumerate(trial_differences(cols, rng, n), 1):
        for s in range(1, S):
            ds = sums[(s - 1) * w : s * w]
            a = [x + y for x, y in zip(tot[s], ds)]  # the baseline's swapped lines, the system's others
            b = [x - y for x, y in zip(tb, ds)]
            if abs(trial_scorer(a) - trial_scorer(b)) > d[s]:
                counts[s] += 1
        if t % 256 == 0:
            yield Progress(STAGE, t, total)
    yield Progress(STAGE, n, total)
    intervals: list[tuple[float, float] | tuple[None, None]] = [(None, None)] * S
    if n_conf:
        sys_scores = yield from bootstrap_scores(cols, scorer.resample, rng, n_conf, range(1, S), n, total)
        base_scores = yield from bootstrap_scores(
            cols, scorer.resample, default_rng(seed), n_conf, [0], n + n_conf, total
        )
        found = [estimate_ci(sc, pairwise=True, float32=scorer.float32) for sc in base_scores + sys_scores]
        intervals = [(m / scorer.scale, c / scorer.scale) for m, c in found]
    out = []
    for s in range(S):
        score = scorer.final(tot[s])
        mean, ci = intervals[s]
        out.append(Result(score, mean, ci, _p_value(counts[s], n) if s else None))
    return out


#: The tests by sacreBLEU's flag names, for :func:`steps`.
_STEPS: dict[str, Callable[..., _Steps]] = {
    "confidence": _confidence_steps,
    "paired-bs": _paired_bootstrap_steps,
    "paired-ar": _paired_ar_steps,
}


def steps(
    test: str,
    systems_stats: Sequence[Stats],
    config: Metric,
    n: int | None = None,
    seed: int | None = DEFAULT_SEED,
) -> _Steps:
    """One of the tests as a generator, for callers that interleave it with other work
    (the page runs it in steps, showing progress and able to cancel between two).

    Args:
        test: "confidence" (:func:`confidence_intervals`), "paired-bs"
            (:func:`paired_bootstrap`) or "paired-ar" (:func:`paired_approximate_randomization`,
            without confidence intervals, as sacreBLEU's CLI).
        systems_stats, config, seed: as those functions.
        n: resamples or trials; None: the test's default (:data:`DEFAULT_RESAMPLES`).
    Returns:
        a generator that yields :class:`~bleu2.common.steps.Progress` (stage ``"significance"``,
        resamples or trials done and in all) now and then and returns the list of
        :class:`Result` (``StopIteration.value``; ``yield from`` gives it).
    Raises:
        KeyError: an unknown test (on creation); the test's own errors on the first step.
    """
    make = _STEPS[test]
    if n is None:
        n = DEFAULT_RESAMPLES[test]
    if test == "paired-ar":
        return make(systems_stats, config, n, seed, None)
    return make(systems_stats, config, n, seed)


def signature_extras(test: str, n: int, seed: int | None) -> dict[str, int | str]:
    """What a test adds to the signature, as sacreBLEU writes it: ``{"bs": n}`` (bootstrap
    tests) or ``{"ar": n}`` (approximate randomization), then ``{"seed": seed}`` ("none"
    for OS entropy); for :meth:`bleu2.metrics.bleu.options.BleuConfig.signature`'s ``extra``."""
    return {("ar" if test == "paired-ar" else "bs"): n, "seed": "none" if seed is None else seed}
