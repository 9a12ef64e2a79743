"""chrF and chrF++ (Popović 2015, 2017): options, n-gram statistics, scoring, results; their
entries in the metrics' registry (:data:`METRICS`)."""

from types import MappingProxyType

from ..protocol import Metric, Preset, Setting
from .options import CHRF_DEFAULTS

#: chrF's options as a form offers them (sacreBLEU 2.6.0's ``CHRF`` and its defaults).
_KINDS = {"char_order": "int", "word_order": "int", "beta": "number"}  # the others: True or False
SETTINGS = tuple(Setting(name, _KINDS.get(name, "flag"), value, 0) for name, value in CHRF_DEFAULTS.items())

#: The peers' chrF: sacreBLEU's ``CHRF()`` (chrF2, which HF evaluate's ``chrf`` calls) and
#: ``-m chrf --chrf-word-order 2`` (chrF++).
PRESETS = (Preset("sacrebleu-chrf", "chrf"), Preset("sacrebleu-chrf++", "chrf++"))

#: chrF, and chrF++ (chrF with word 2-grams), as the registry lists them (:mod:`bleu2.metrics.registry`).
METRICS = (
    Metric(
        "chrf", "chrF", "bleu2.metrics.chrf.api", "CHRF", "corpus_chrf", "sentence_chrf", sacrebleu=True,
        breakdown="char-ngrams", peer="sacrebleu -m chrf",
        flags=MappingProxyType({
            "char_order": "--char-order", "word_order": "--word-order", "beta": "--beta",
            "whitespace": "--whitespace", "eps_smoothing": "--eps-smoothing",
        }),
        settings=SETTINGS, presets=PRESETS,
    ),
    Metric(
        "chrf++", "chrF++", "bleu2.metrics.chrf.api", "CHRF", "corpus_chrf", "sentence_chrf",
        options=MappingProxyType({"word_order": 2}), variant_of="chrf", breakdown="char-ngrams",
        peer="sacrebleu -m chrf --chrf-word-order 2",
    ),
)  # fmt: skip
