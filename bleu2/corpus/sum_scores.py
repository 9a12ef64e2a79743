"""Metrics other than BLEU as the significance tests take them (:class:`VectorMetric`, in
place of a :class:`~bleu2.metrics.bleu.options.BleuConfig`): per-line statistics as int vectors that add
up, and the score of their sums in sacreBLEU's three number frames (corpus, bootstrap
resample, approximate-randomization trial). :func:`chrf_sums` and :func:`ter_sums` give
chrF's and TER's, with sacreBLEU 2.6.0's arithmetic (:mod:`bleu2.common.sacrebleu_math`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..common.sacrebleu_math import chrf_percent, f32, ter_percent
from .columns import LineColumns

__all__ = ["VectorMetric", "chrf_sums", "ter_sums"]

#: A score of one system's summed statistic vector.
VectorScore = Callable[[Sequence[int]], float]


@dataclass(frozen=True)
class VectorMetric:
    """A metric scored from the sums of per-line int vectors, for :mod:`bleu2.corpus.significance`.

    Attributes:
        name: the metric's name, as sacreBLEU prints it (``chrF2``, ``TER``).
        width: values per line.
        corpus, resample, trial: the score of a summed vector in sacreBLEU's frames, in
            percent: a corpus's sums (Python numbers), a bootstrap resample's (NumPy
            float32 arrays), a trial's (NumPy int64 or float64 arrays).
        final: the corpus score of summed statistics as a fraction (``Result.score``;
            TER's may exceed 1).
        float32: the resample scores are NumPy float32 values (their mean and half-width
            are then computed in float32, as sacreBLEU's).
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

    def columns(self, stats: LineColumns | Iterable[Sequence[int]], system: int = 0) -> LineColumns:
        """``stats`` (one vector per line) as :class:`LineColumns`.

        Raises:
            ValueError: lines of another width, or values that are not ints in [0, 2**32).
        """
        if isinstance(stats, LineColumns):
            if stats.order or stats.width != self.width:
                raise ValueError(f"system {system}: {self.name} statistics have {self.width} values per line")
            return stats
        return LineColumns.of_vectors(stats, self.width, system)


def chrf_sums(orders: int, beta: int = 2, eps_smoothing: bool = False, name: str = "chrF2") -> VectorMetric:
    """chrF's (and chrF++'s) :class:`VectorMetric`: per line [hyp, ref, matches] of each of
    the ``orders`` character and word orders (sacreBLEU's layout); ``beta`` and
    ``eps_smoothing`` as :func:`bleu2.common.sacrebleu_math.chrf_percent`."""

    def corpus(v: Sequence[int]) -> float:
        return chrf_percent(v, beta, eps_smoothing)

    def resample(v: Sequence[int]) -> float:
        return chrf_percent(v, beta, eps_smoothing, "float32")

    return VectorMetric(name, 3 * orders, corpus, resample, corpus, lambda v: corpus(v) / 100)


def ter_sums(n_refs: int = 1) -> VectorMetric:
    """TER's :class:`VectorMetric`: per line [edits, reference words of all ``n_refs``
    references]; a line's reference length is their average (sacreBLEU's).

    sacreBLEU sums the rounded averages line by line; here the average of the summed
    lengths is taken: the same numbers when ``n_refs`` is a power of two (the averages and
    sums are exact), possibly not in the last bit otherwise."""
    k = n_refs

    def corpus(v: Sequence[int]) -> float:
        return ter_percent(v[0], v[1] / k)

    def resample(v: Sequence[int]) -> float:
        return ter_percent(v[0], f32(v[1] / k), "float32")

    return VectorMetric("TER", 2, corpus, resample, corpus, lambda v: corpus(v) / 100)
