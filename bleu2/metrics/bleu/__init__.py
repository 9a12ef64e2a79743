"""BLEU (Papineni et al. 2002): options, n-gram statistics, smoothing, scoring, results; its
entry in the metrics' registry (:data:`METRICS`)."""

from ..protocol import Metric

#: BLEU as the registry lists it (:mod:`bleu2.metrics.registry`).
METRICS = (
    Metric(
        "bleu", "BLEU", "bleu2.metrics.bleu.scorer", "BLEU", "corpus_bleu", "sentence_bleu", sacrebleu=True,
        breakdown="ngram-precisions", peer="sacrebleu -m bleu",
    ),
)  # fmt: skip
