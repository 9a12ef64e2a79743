"""ROUGE (Lin 2004, "ROUGE: A Package for Automatic Evaluation of Summaries"): ROUGE-N
(1..9), ROUGE-L and ROUGE-Lsum with rouge-score 0.1.2's numbers under its rules
(tokenizer ``rouge-score``) and bleu2's Unicode tokenizer by default.

Modules: :mod:`.options` (options, presets, signature), :mod:`.tokenize` and :mod:`.porter`
(the tokenizers, NLTK's Porter stemmer), :mod:`.sentences` (rougeLsum's sentences),
:mod:`.lcs` (bit-parallel LCS), :mod:`.stats` (per-line statistics), :mod:`.scoring`
(scores, means, the bootstrap), :mod:`.result`, :mod:`.breakdown` (one pair explained),
:mod:`.api` (texts in, scores out), :mod:`.scorer` (its registry entry's scorer).
"""

from importlib import import_module
from types import MappingProxyType
from typing import Any

from ..protocol import Metric, Preset, Setting

#: ROUGE's options a form offers (the others: its command line's ``--rouge-types``, ``--rouge-tokenizer``).
SETTINGS = (Setting("use_stemmer", "flag", False), Setting("split_summaries", "flag", False))

#: bleu2's rules (its Unicode tokenizer), rouge-score's and torchmetrics' (the variants below).
PRESETS = (
    Preset("rouge-bleu2", "rouge"), Preset("rouge-score", "rouge-score"), Preset("rouge-torchmetrics", "rouge-torchmetrics"),
)  # fmt: skip

__all__ = ["METRICS", "sentence_rouge", "corpus_rouge", "RougeConfig", "Score", "AggregateScore", "RougeResult"]

#: ROUGE as the registry lists it (:mod:`bleu2.metrics.registry`): one entry whose
#: ``rouge_types`` pick the types; its score is the first type's mean F (:mod:`.scorer`).
#: Its presets for the page (variants, not ``--metric`` names of their own): rouge-score's
#: rules, and torchmetrics' (rouge-score's tokenizer; rougeLsum on sentences, which
#: torchmetrics splits with NLTK's punkt and bleu2 offline, :mod:`.sentences`).
METRICS = (
    Metric(
        "rouge", "ROUGE", "bleu2.metrics.rouge.scorer", "ROUGE", "corpus_rouge", "sentence_rouge",
        breakdown="rouge-types", peer="rouge-score RougeScorer (tokenizer: bleu2 Unicode)",
        flags=MappingProxyType({
            "rouge_preset": "--rouge-preset", "rouge_types": "--rouge-types", "rouge_tokenizer": "--rouge-tokenizer",
            "use_stemmer": "--use-stemmer", "split_summaries": "--split-summaries",
        }),
        settings=SETTINGS, presets=PRESETS,
    ),
    Metric(
        "rouge-score", "ROUGE (rouge-score)", "bleu2.metrics.rouge.scorer", "ROUGE", "corpus_rouge", "sentence_rouge",
        options=MappingProxyType({"rouge_preset": "rouge-score"}), variant_of="rouge", breakdown="rouge-types",
        peer="rouge-score 0.1.2 RougeScorer",
    ),
    Metric(
        "rouge-torchmetrics", "ROUGE (torchmetrics)", "bleu2.metrics.rouge.scorer", "ROUGE", "corpus_rouge",
        "sentence_rouge", options=MappingProxyType({"rouge_preset": "rouge-score", "split_summaries": True}),
        variant_of="rouge", breakdown="rouge-types", peer="torchmetrics ROUGEScore",
    ),
)  # fmt: skip

#: The package's names and their modules, imported on first use (the registry imports
#: this package for :data:`METRICS` alone).
_LAZY = {
    "sentence_rouge": ".api", "corpus_rouge": ".api", "RougeConfig": ".options",
    "Score": ".result", "AggregateScore": ".result", "RougeResult": ".result",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
