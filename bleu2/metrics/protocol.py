"""The metric protocol: what bleu2 knows of every metric (:class:`Metric`), registered once in
:mod:`bleu2.metrics.registry`, and what each metric's scorer does (:class:`Scorer`).

A metric's code is imported on first use (:meth:`Metric.load`): a :class:`Metric` holds only
names, so the registry costs nothing to import and the page's archive keeps only what it runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, Protocol

__all__ = ["Metric", "Preset", "Scorer", "Setting", "SumScores"]

#: A score of one system's summed statistic vector.
VectorScore = Callable[[Sequence[int]], float]


@dataclass(frozen=True)
class SumScores:
    """A metric as the significance tests (:mod:`bleu2.corpus.significance`) take it: the
    score of summed per-line int vectors in sacreBLEU's three number frames (what
    :meth:`Scorer.significance_sums` gives; chrF's and TER's are
    :func:`bleu2.metrics.chrf.scoring.sum_scores`, :func:`bleu2.metrics.ter.scoring.sum_scores`).

    Attributes:
        name: the metric's name, as sacreBLEU prints it (``chrF2``, ``TER``).
        width: values per line.
        corpus, resample, trial: the score of a summed vector in sacreBLEU's frames, in
            percent (``scale``): a corpus's sums (Python numbers), a bootstrap resample's
            (NumPy float32 arrays), a trial's (NumPy int64 or float64 arrays).
        final: the corpus score of summed statistics as a fraction (``Result.score``;
            TER's may exceed 1).
        float32: the resample scores are NumPy float32 values (their mean and half-width
            are then computed in float32, as sacreBLEU's).
        scale: what the frames' scores are of a fraction (100: percent).
        sacrebleu: sacreBLEU computes this metric (``Result.percent`` is then given).
    """

    name: str
    width: int
    corpus: VectorScore
    resample: VectorScore
    trial: VectorScore
    final: VectorScore
    float32: bool = True
    scale: float = 100.0
    sacrebleu: bool = True


class Scorer(Protocol):
    """A metric with fixed options (``BLEU(**options)``, ``CHRF``, ``TER``): per-line
    statistics that add up, and the score of their sums.

    These hooks are all the corpus pipeline (:mod:`bleu2.corpus.pipeline`: streaming,
    ``--jobs``, progress, significance, :mod:`bleu2.dask`) needs of a metric. Statistics
    must pickle (worker processes return them) and every line's must come from that line
    alone, so that any chunking and any number of processes give the same sums.
    """

    def extract(self, hypothesis: str, references: str | Sequence[str | None]) -> Any:
        """One line's statistics against its references."""
        ...

    def sum_stats(self, lines: Sequence[Any]) -> Any:
        """Statistics summed in order (``lines`` may start with earlier sums: the pipeline
        folds chunk after chunk as ``sum_stats([sums, *lines])``; no lines: the zero sums)."""
        ...

    def score_from_stats(self, stats: Any, n_refs: int | str = 1) -> Any:
        """The result of (summed) statistics; ``.score`` a fraction, ``.to_dict()`` its JSON,
        ``.details()`` (optional) the command line's figures beside the score."""
        ...

    def signature(self, n_refs: int | str | None = None, **extra: object) -> str:
        """The signature of these options (``extra``: the significance test's fields)."""
        ...

    def significance_sums(self, counts: set[int]) -> tuple[SumScores, Callable[[Any], Sequence[int]]]:
        """The significance tests' :class:`SumScores` and a line's statistics as its int
        vector (``counts``: the lines' numbers of references)."""
        ...


@dataclass(frozen=True)
class Setting:
    """One of a metric's options as a form offers it.

    Attributes:
        name: the scorer's keyword (``beta``).
        kind: ``"flag"`` (True or False), ``"int"`` or ``"number"`` (a float).
        default: its value when not given (the scorer's default).
        low: the smallest value a number takes (None: any).
    """

    name: str
    kind: str
    default: Any
    low: float | None = None


@dataclass(frozen=True)
class Preset:
    """A peer's named configuration of a metric: ``name`` (``"sacrebleu-chrf++"``), the registry
    key it scores with (``metric``) and the options it sets there."""

    name: str
    metric: str
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Metric:
    """One metric as bleu2's command lines, corpus machinery and page know it.

    Attributes:
        key: its name in options, share links and ``--metric`` (``"bleu"``, ``"chrf++"``).
        display: its name as readers see it (``BLEU``, ``chrF++``).
        module: the module of its scorer and functions (``bleu2.metrics.ter.api``), imported
            on first use.
        scorer: the scorer class's name in ``module`` (``TER``).
        corpus_function, sentence_function: its public functions' names: the messages about
            bad input name them.
        lower_is_better: whether a lower score is better (TER: a rate of edits).
        options: the scorer's options this entry fixes (chrF++: ``word_order=2``).
        variant_of: the key of the metric this entry is a setting of (chrF++: ``"chrf"``); a
            variant is not a ``--metric`` of its own.
        sacrebleu: ``bleu2 sacrebleu -m`` takes it (sacreBLEU 2.6.0 has it).
        percent: its score is a fraction, shown in percent (NIST's, in bits, is shown as is).
        breakdown: the kind of sentence breakdown its package's ``breakdown.py`` gives, which
            the page explains: ``"ngram-precisions"`` (BLEU), ``"char-ngrams"`` (chrF),
            ``"edits"`` (TER), ``"rouge-types"``, ``"gleu-orders"``, ``"nist-orders"``; "" none
            (the page shows the score alone).
        flags: its options on bleu2's own command line, option -> flag (``{"beta":
            "--beta"}``): the command takes them with ``--metric`` of this metric and names
            the metric when they come without it.
        peer: the peer command or function whose corpus numbers this entry's equal, as the
            page's notes name it in every language (``sacrebleu -m chrf``, ``NLTK corpus_gleu``).
    """

    key: str
    display: str
    module: str
    scorer: str
    corpus_function: str
    sentence_function: str
    lower_is_better: bool = False
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    variant_of: str | None = None
    sacrebleu: bool = False
    percent: bool = True
    breakdown: str = ""
    flags: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    peer: str = ""
    settings: tuple[Setting, ...] = ()
    presets: tuple[Preset, ...] = ()

    def load(self) -> ModuleType:
        """The metric's module (imported once, on first use).

        Raises:
            ImportError: the module is missing (a build of bleu2 without it).
        """
        return importlib.import_module(self.module)

    def make(self, **options: Any) -> Any:
        """The metric's scorer with this entry's options and ``options`` (they win).

        Raises:
            TypeError: an unknown option; ValueError: a bad value (the scorer's messages).
        """
        scorer: Any = getattr(self.load(), self.scorer)
        return scorer(**{**self.options, **options})

    def sign(self, score: float) -> float:
        """``score`` as a number where higher is better (for ranking)."""
        return -score if self.lower_is_better else score
