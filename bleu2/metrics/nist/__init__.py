"""NIST (Doddington 2002): information-weighted n-gram precisions, summed over orders, times
NIST's brevity penalty. Two peers' rules, each exact under its own:

- NLTK 3.10.4's ``nltk.translate.nist_score`` (``rules="nltk"``): per order, the
  reference with the best precision; the penalty from those references' lengths.
- ``mteval-v13a.pl`` (``rules="mteval"``): hypothesis n-grams clipped by their largest
  count in any reference; the penalty from the *average* reference length.

With one reference they agree; with several they differ (3.37 against 5.04 for NLTK's own
docstring example, NLTK pull request 3901). Information weights come from all references
of the corpus, so per-line statistics are computed after one pass over the references.
Files: :mod:`.options`, :mod:`.stats`, :mod:`.scoring`, :mod:`.result`,
:mod:`.breakdown`, :mod:`.api`.
"""

from types import MappingProxyType

from ..protocol import Metric, Preset, Setting

#: NIST's options a form offers (:class:`.options.NistOptions`' defaults).
SETTINGS = (Setting("n", "int", 5, 1), Setting("lowercase", "flag", True))

#: The peers' rules: mteval-v13a.pl's (the defaults) and NLTK's (``nist_preset="nltk"``).
PRESETS = (Preset("nist-mteval", "nist"), Preset("nist-nltk", "nist", MappingProxyType({"nist_preset": "nltk"})))

#: NIST as the registry lists it (:mod:`bleu2.metrics.registry`; its scorer in :mod:`.scorer`).
METRICS = (
    Metric(
        "nist",
        "NIST",
        "bleu2.metrics.nist.scorer",
        "NIST",
        "corpus_nist",
        "sentence_nist",
        percent=False,
        breakdown="nist-orders",
        peer="mteval-v13a.pl, NLTK corpus_nist (nist_preset nltk)",
        flags=MappingProxyType({"nist_preset": "--nist-preset", "n": "--nist-order", "rules": "--nist-rules"}),
        settings=SETTINGS,
        presets=PRESETS,
    ),
)
