"""ROUGE's tokenizers: rouge-score 0.1.2's (``rouge-score``) and bleu2's own (``default``).

``rouge-score`` (``rouge_score/tokenize.py``): ``str.lower``, every run of characters
outside ``a-z0-9`` becomes one space, tokens are the pieces between spaces; with the
stemmer, tokens longer than 3 characters are Porter-stemmed (:mod:`.porter`, NLTK's
default mode). Text in other scripts (Chinese, Japanese, Greek, Cyrillic, Arabic, accented
letters) is deleted, so it scores 0: :func:`dropped_characters` says how much went.

``default``: bleu2's Unicode tokenizer (:func:`bleu2.tokenizers.default.tokenize_default`,
lower-cased: words of letters, marks and digits, every CJK character a token); the
stemmer applies to its tokens of ``a-z0-9`` longer than 3 characters, as rouge-score's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...tokenizers.default import tokenize_default
from .porter import stem

__all__ = ["TOKENIZERS", "cached_stem", "make_tokenizer", "tokenize_rouge_score", "dropped_characters"]

Tokenizer = Callable[[str], list[str]]

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+").fullmatch
_STEMS: dict[str, str] = {}  # every word stemmed once (the stemmer is pure)


def cached_stem(word: str) -> str:
    """NLTK's Porter stem of ``word`` (:func:`.porter.stem`), each word stemmed once."""
    s = _STEMS.get(word)
    if s is None:
        if len(_STEMS) > 200_000:
            _STEMS.clear()
        s = _STEMS[word] = stem(word)
    return s


def tokenize_rouge_score(text: str, use_stemmer: bool = False) -> list[str]:
    """rouge-score 0.1.2's ``tokenize.tokenize(text, stemmer)``: a list of ``[a-z0-9]+`` tokens."""
    tokens = _NON_ALNUM.sub(" ", text.lower()).split()
    if use_stemmer:
        get = _STEMS.get
        return [(get(t) or cached_stem(t)) if len(t) > 3 else t for t in tokens]
    return tokens


def tokenize_unicode(text: str, use_stemmer: bool = False) -> list[str]:
    """bleu2's default tokens, lower-cased; stemmed as rouge-score stems (ASCII words > 3 characters)."""
    tokens = tokenize_default(text, lowercase=True)
    if use_stemmer:
        return [cached_stem(t) if len(t) > 3 and _ASCII_WORD(t) else t for t in tokens]
    return tokens


#: The tokenizers by name: text, use_stemmer -> tokens.
TOKENIZERS: dict[str, Callable[[str, bool], list[str]]] = {
    "default": tokenize_unicode,
    "rouge-score": tokenize_rouge_score,
}


def make_tokenizer(name: str, use_stemmer: bool) -> Tokenizer:
    """The tokenizer ``name`` (a key of :data:`TOKENIZERS`) with the stemmer on or off."""
    fn = TOKENIZERS[name]
    return lambda text: fn(text, use_stemmer)


def dropped_characters(text: str) -> tuple[int, int]:
    """(characters rouge-score's tokenizer drops, non-space characters): what it erased."""
    lowered = text.lower()
    kept = sum(len(t) for t in _NON_ALNUM.sub(" ", lowered).split())
    total = sum(1 for ch in lowered if not ch.isspace())
    return total - kept, total
