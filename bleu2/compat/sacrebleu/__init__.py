"""sacreBLEU 2.6.0's API on bleu2's engine. The one changed line::

    import sacrebleu                       # before
    from bleu2.compat import sacrebleu     # after

    from sacrebleu.metrics import BLEU                 # before
    from bleu2.compat.sacrebleu.metrics import BLEU    # after

``corpus_bleu(hypotheses, references)``, ``sentence_bleu(hypothesis, references)``,
``raw_corpus_bleu``, ``corpus_chrf``, ``sentence_chrf``, ``corpus_ter``, ``sentence_ter`` and
``BLEU(...)`` / ``CHRF(...)`` / ``TER(...)``'s ``corpus_score`` / ``sentence_score`` take
sacreBLEU's arguments and layout (``references[j][i]``: the j-th reference of hypothesis i;
``None`` for a missing one) and return a ``BLEUScore`` / ``CHRFScore`` / ``TERScore`` with
sacreBLEU's attributes, in percent, computed with sacreBLEU's own arithmetic;
``corpus_score(..., n_bootstrap=N)`` adds its bootstrap estimate (``SACREBLEU_SEED``,
default 12345), equal to sacreBLEU's. What bleu2 lacks refuses: the MeCab and SentencePiece
tokenizers (``ValueError``), TER's bootstrap with a number of references per line that is
not a power of two or varies (``NotImplementedError``).

    >>> from bleu2.compat import sacrebleu
    >>> refs = [["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ...         ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."]]
    >>> sys = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
    >>> print(sacrebleu.corpus_bleu(sys, refs))
    BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)
"""

from .compat import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from .metrics import BLEU, CHRF, TER, BLEUScore, BLEUSignature, CHRFScore, CHRFSignature, TERScore, TERSignature
from .metrics.bleu import SMOOTH_METHODS, TOKENIZERS

__all__ = [
    "BLEU",
    "CHRF",
    "TER",
    "BLEUScore",
    "BLEUSignature",
    "CHRFScore",
    "CHRFSignature",
    "TERScore",
    "TERSignature",
    "corpus_bleu",
    "raw_corpus_bleu",
    "sentence_bleu",
    "corpus_chrf",
    "sentence_chrf",
    "corpus_ter",
    "sentence_ter",
    "SMOOTH_METHODS",
    "TOKENIZERS",
]
