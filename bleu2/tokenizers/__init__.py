"""Tokenizers: text -> list of tokens.

``default`` is the classic BLEU-2 calculator's tokenizer (:mod:`bleu2.tokenizers.default`: NFKC,
words of letters, marks and digits, CJK per character). sacreBLEU's tokenizers (``13a``,
``intl``, ``char``, ``zh``, ``none``; Post 2018) are :mod:`bleu2.tokenizers.sacrebleu`.
Both read the committed Unicode tables of :mod:`bleu2.tokenizers._unicode_tables`.

Lower-casing is a separate option (``lowercase``): on by default for ``default``, off by
default for the sacreBLEU tokenizers, as sacreBLEU does. :func:`make_tokenizer` composes
a tokenizer with its lower-casing once; :func:`tokenize` is the one-off form.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .default import tokenize_default
from .sacrebleu import tokenize_13a, tokenize_char, tokenize_intl, tokenize_none, tokenize_zh

__all__ = ["DEFAULT_TOKENIZER", "TOKENIZERS", "tokenize", "make_tokenizer", "get_tokenizer"]

#: name -> function(str) -> list[str], without lower-casing.
TOKENIZERS: dict[str, Callable[[str], list[str]]] = {
    "default": tokenize_default,
    "13a": tokenize_13a,
    "intl": tokenize_intl,
    "char": tokenize_char,
    "zh": tokenize_zh,
    "none": tokenize_none,
}

DEFAULT_TOKENIZER = "default"


def get_tokenizer(name: str) -> Callable[[str], list[str]]:
    """The tokenizer function registered as ``name`` (no lower-casing).

    Raises:
        ValueError: unknown name; the message lists the valid names.
    """
    try:
        return TOKENIZERS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown tokenizer {name!r}; valid tokenizers: {', '.join(TOKENIZERS)}") from None


def default_lowercase(name: str) -> bool:
    """Whether tokenizer ``name`` lower-cases when ``lowercase`` is not given."""
    return name == DEFAULT_TOKENIZER


def _lowered(fn: Callable[[str], list[str]], text: str) -> list[str]:
    return fn(text.lower())


def make_tokenizer(name: str = DEFAULT_TOKENIZER, lowercase: bool | None = None) -> Callable[[str], list[str]]:
    """A function ``str -> list[str]``: tokenizer ``name`` with its lower-casing.

    ``default`` lower-cases after its NFKC step (the classic calculator's order); the sacreBLEU
    tokenizers get the text lower-cased first, as sacreBLEU does.

    Args:
        name: a key of :data:`TOKENIZERS`.
        lowercase: None = the tokenizer's default (:func:`default_lowercase`).
    Raises:
        ValueError: unknown tokenizer.
    """
    fn = get_tokenizer(name)
    if lowercase is None:
        lowercase = default_lowercase(name)
    if fn is tokenize_default:
        return partial(tokenize_default, lowercase=bool(lowercase))
    return partial(_lowered, fn) if lowercase else fn


def tokenize(text: str, tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool | None = None) -> list[str]:
    """Split ``text`` into tokens.

    Args:
        text: the sentence (str).
        tokenizer: a name in :data:`TOKENIZERS` (``default``, ``13a``, ``intl``,
            ``char``, ``zh``, ``none``).
        lowercase: lower-case too; ``None`` means the tokenizer's default (True for
            ``default``, False for sacreBLEU's).
    Returns:
        list[str]: the tokens, in order.
    Raises:
        ValueError: unknown tokenizer.
        TypeError: ``text`` is not a str.

    Example:
        >>> tokenize("I visited 北京 in 2019, it was great!")
        ['i', 'visited', '北', '京', 'in', '2019', 'it', 'was', 'great']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    return make_tokenizer(tokenizer, lowercase)(text)
