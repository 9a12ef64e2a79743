"""TER, the translation edit rate (Snover et al. 2006): normalization, shifts, results; its
entry in the metrics' registry (:data:`METRICS`)."""

from types import MappingProxyType

from ..protocol import Metric, Preset, Setting
from .options import TER_DEFAULTS

#: TER's options as a form offers them (sacreBLEU 2.6.0's ``TER``, all True or False).
SETTINGS = tuple(Setting(name, "flag", value) for name, value in TER_DEFAULTS.items())

#: sacreBLEU's ``TER()`` (HF evaluate's ``ter`` and torchmetrics' ``TranslationEditRate``
#: have the same defaults).
PRESETS = (Preset("sacrebleu-ter", "ter"),)

#: TER as the registry lists it (:mod:`bleu2.metrics.registry`): lower is better.
METRICS = (
    Metric(
        "ter", "TER", "bleu2.metrics.ter.api", "TER", "corpus_ter", "sentence_ter",
        lower_is_better=True, sacrebleu=True, breakdown="edits", peer="sacrebleu -m ter",
        flags=MappingProxyType({
            "normalized": "--normalized", "no_punct": "--no-punct", "asian_support": "--asian-support",
        }),
        settings=SETTINGS, presets=PRESETS,
    ),
)  # fmt: skip
