"""NIST's options: the order, whose rules (NLTK's or mteval-v13a's), the tokenizer for text,
checks, presets, signature."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._version import __version__
from ...tokenizers import TOKENIZERS
from ..text_inputs import check_text_options, options_from, text_signature

__all__ = ["NistOptions", "PRESETS", "RULES", "nist_options"]

#: ``nltk``: NLTK 3.10.4's ``corpus_nist``; ``mteval``: mteval-v13a.pl's NIST score.
RULES = ("nltk", "mteval")

#: mteval-v13a.pl's own tokenization (13a rules, ASCII lower-casing unless ``-c``).
MTEVAL_TOKENIZER = "mteval-v13a"


@dataclass(frozen=True, slots=True)
class NistOptions:
    """How NIST is computed.

    Attributes:
        n: the highest n-gram order (int >= 1; 5 as both peers).
        rules: ``"nltk"`` or ``"mteval"`` (see :mod:`bleu2.metrics.nist`).
        tokenize: for text: ``"mteval-v13a"`` (the script's tokenizer) or a name of
            :data:`bleu2.tokenizers.TOKENIZERS`; token lists are taken as given.
        lowercase: lower-case text (``mteval-v13a``: ASCII letters only, as the script
            does without ``-c``).
    """

    n: int = 5
    rules: str = "mteval"
    tokenize: str = MTEVAL_TOKENIZER
    lowercase: bool = True

    def check(self, caller: str) -> NistOptions:
        """This options object, checked.

        Raises:
            ValueError: ``n`` not an int >= 1, unknown rules or tokenizer; the message
                names ``caller``.
        """
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise ValueError(f"{caller}: n must be an int >= 1, got {self.n!r}")
        if self.rules not in RULES:
            raise ValueError(f"{caller}: rules must be one of {', '.join(RULES)}, got {self.rules!r}")
        check_text_options(caller, self.tokenize, [MTEVAL_TOKENIZER, *TOKENIZERS], self.lowercase)
        return self

    def signature(self, n_refs: int | str = 1) -> str:
        """``nrefs:1|n:5|rules:mteval|tok:mteval-v13a|case:lc|version:bleu2-0.1.0``."""
        return text_signature(n_refs, f"n:{self.n}|rules:{self.rules}", self.tokenize, self.lowercase, __version__)


#: Peers' rules: mteval-v13a.pl's (its tokenizer, lower-cased) and NLTK's (token lists
#: as given; text split on whitespace, case kept).
PRESETS: dict[str, NistOptions] = {
    "mteval-v13a": NistOptions(),
    "nltk": NistOptions(rules="nltk", tokenize="none", lowercase=False),
}


def nist_options(caller: str, preset: str | None = None, **options: Any) -> NistOptions:
    """Options from a preset (default: mteval-v13a's) and keywords.

    Raises:
        ValueError: an unknown preset or option, or a bad value (:meth:`NistOptions.check`).
    """
    return options_from(caller, "NIST", PRESETS, NistOptions(), preset, options)
