"""rouge-score 0.1.2's ``tokenizers``: ``Tokenizer`` (the abstract base) and ``DefaultTokenizer``."""

from __future__ import annotations

import abc

from ...metrics.rouge.tokenize import tokenize_rouge_score

__all__ = ["Tokenizer", "DefaultTokenizer"]


class Tokenizer(abc.ABC):
    """A tokenizer: ``tokenize(text) -> list of tokens``."""

    @abc.abstractmethod
    def tokenize(self, text: str) -> list[str]:
        raise NotImplementedError("Tokenizer must override tokenize() method")


class DefaultTokenizer(Tokenizer):
    """rouge-score's tokenizer: lower-case ``a-z0-9`` tokens, Porter-stemmed (NLTK's
    ``PorterStemmer()``) when longer than 3 characters if ``use_stemmer``."""

    def __init__(self, use_stemmer: bool = False) -> None:
        self.use_stemmer = bool(use_stemmer)

    def tokenize(self, text: str) -> list[str]:
        return tokenize_rouge_score(text, self.use_stemmer)
