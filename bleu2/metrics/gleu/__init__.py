"""GLEU (Google BLEU; Wu et al. 2016, arXiv:1609.08144): matched n-grams over the larger
of the hypothesis's and the reference's n-gram totals, as NLTK 3.10.4's
``nltk.translate.gleu_score`` and HF evaluate's ``google_bleu`` compute it.

Per-line statistics (matches, total) add up; the corpus score is summed matches over
summed totals (Mike Schuster's rule, NLTK's ``corpus_gleu``). Files: :mod:`.options`,
:mod:`.stats`, :mod:`.scoring`, :mod:`.result`, :mod:`.breakdown`, :mod:`.api`.
"""

from types import MappingProxyType

from ..protocol import Metric, Preset, Setting

#: GLEU's options a form offers (:class:`.options.GleuOptions`' defaults).
SETTINGS = (Setting("min_len", "int", 1, 0), Setting("max_len", "int", 4, -1), Setting("lowercase", "flag", False))

#: The peers' rules: HF evaluate's ``google_bleu`` (the defaults) and NLTK's (``gleu_preset="nltk"``).
PRESETS = (Preset("gleu-hf-evaluate", "gleu"), Preset("gleu-nltk", "gleu", MappingProxyType({"gleu_preset": "nltk"})))

#: GLEU as the registry lists it (:mod:`bleu2.metrics.registry`; its scorer in :mod:`.scorer`).
METRICS = (
    Metric(
        "gleu",
        "GLEU",
        "bleu2.metrics.gleu.scorer",
        "GLEU",
        "corpus_gleu",
        "sentence_gleu",
        breakdown="gleu-orders",
        peer="NLTK corpus_gleu + sacreBLEU 13a (HF evaluate google_bleu)",
        flags=MappingProxyType({"gleu_preset": "--gleu-preset", "min_len": "--min-len", "max_len": "--max-len"}),
        settings=SETTINGS,
        presets=PRESETS,
    ),
)
