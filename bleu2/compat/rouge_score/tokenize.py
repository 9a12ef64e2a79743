"""rouge-score 0.1.2's ``tokenize.tokenize(text, stemmer)``: lower-case, ``a-z0-9`` tokens;
``stemmer.stem`` (any object with one) on tokens longer than 3 characters."""

from __future__ import annotations

import re
from typing import Any

from ...metrics.rouge.tokenize import tokenize_rouge_score

__all__ = ["tokenize"]

_VALID = re.compile(r"^[a-z0-9]+$")


def tokenize(text: str, stemmer: Any) -> list[str]:
    """A list of string tokens of ``text`` (rouge-score's rules)."""
    if not stemmer:
        return tokenize_rouge_score(text)
    tokens = [str(stemmer.stem(x)) if len(x) > 3 else x for x in tokenize_rouge_score(text)]
    return [x for x in tokens if _VALID.match(x)]
