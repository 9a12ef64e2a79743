"""chrF and chrF++ (Popović 2015, 2017): options, n-gram statistics, scoring, results; their
entries in the metrics' registry (:data:`METRICS`)."""

from types import MappingProxyType

from ..protocol import Metric

#: chrF, and chrF++ (chrF with word 2-grams), as the registry lists them (:mod:`bleu2.metrics.registry`).
METRICS = (
    Metric(
        "chrf", "chrF", "bleu2.metrics.chrf.api", "CHRF", "corpus_chrf", "sentence_chrf", sacrebleu=True,
        breakdown="char-ngrams", peer="sacrebleu -m chrf",
        flags=MappingProxyType({
            "char_order": "--char-order", "word_order": "--word-order", "beta": "--beta",
            "whitespace": "--whitespace", "eps_smoothing": "--eps-smoothing",
        }),
    ),
    Metric(
        "chrf++", "chrF++", "bleu2.metrics.chrf.api", "CHRF", "corpus_chrf", "sentence_chrf",
        options=MappingProxyType({"word_order": 2}), variant_of="chrf", breakdown="char-ngrams",
        peer="sacrebleu -m chrf --chrf-word-order 2",
    ),
)  # fmt: skip
