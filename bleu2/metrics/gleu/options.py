"""GLEU's options: n-gram orders, the tokenizer for text input, checks, presets, signature."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._version import __version__
from ...tokenizers import TOKENIZERS
from ..text_inputs import check_text_options, options_from, text_signature

__all__ = ["GleuOptions", "PRESETS", "gleu_options"]


@dataclass(frozen=True, slots=True)
class GleuOptions:
    """How GLEU is computed.

    Attributes:
        min_len: the smallest n-gram order (int >= 0; NLTK counts the empty n-gram once
            per token at 0, and so does bleu2).
        max_len: the largest order (int; -1 means each sentence's length, NLTK's
            ``everygrams`` default; below ``min_len`` nothing is counted and GLEU is 0).
        tokenize: the tokenizer for text (a name of :data:`bleu2.tokenizers.TOKENIZERS`);
            token lists are taken as given.
        lowercase: lower-case text before tokenizing.
    """

    min_len: int = 1
    max_len: int = 4
    tokenize: str = "13a"
    lowercase: bool = False

    def check(self, caller: str) -> GleuOptions:
        """This options object, checked.

        Raises:
            ValueError: an order that is not an int, ``min_len`` < 0, ``max_len`` < -1,
                an unknown tokenizer; the message names ``caller``.
        """
        for name, low in (("min_len", 0), ("max_len", -1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"{caller}: {name} must be an int >= {low}, got {value!r}")
        check_text_options(caller, self.tokenize, list(TOKENIZERS), self.lowercase)
        return self

    def signature(self, n_refs: int | str = 1) -> str:
        """``nrefs:1|min:1|max:4|tok:13a|case:mixed|version:bleu2-0.1.0``."""
        orders = f"min:{self.min_len}|max:{self.max_len}"
        return text_signature(n_refs, orders, self.tokenize, self.lowercase, __version__)


#: Peers' rules: NLTK's (token lists as given; text split on whitespace) and HF
#: evaluate's ``google_bleu`` (its Tokenizer13a, case kept).
PRESETS: dict[str, GleuOptions] = {
    "nltk": GleuOptions(tokenize="none"),
    "hf-evaluate": GleuOptions(tokenize="13a"),
}


def gleu_options(caller: str, preset: str | None = None, **options: Any) -> GleuOptions:
    """Options from a preset (default: bleu2's, which are HF evaluate's) and keywords.

    Raises:
        ValueError: an unknown preset or option, or a bad value (:meth:`GleuOptions.check`).
    """
    return options_from(caller, "GLEU", PRESETS, GleuOptions(), preset, options)
