"""rouge-score 0.1.2's ``rouge_scorer``: ``RougeScorer`` (``score``, ``score_multi``).

Its numbers, on bleu2's engine (:mod:`bleu2.metrics.rouge`): rouge-score's tokenizer
and NLTK's Porter stems unless a ``tokenizer`` is given; rougeLsum on newline-split
sentences, or with ``split_summaries`` on bleu2's offline split where rouge-score calls
NLTK's punkt (which NLTK downloads at run time), without breaking at newlines, as punkt
(:mod:`bleu2.metrics.rouge.sentences` says where they may differ).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...metrics.rouge.sentences import newline_sentences, split_sentences
from ...metrics.rouge.stats import LineStats, RougeCounter
from .scoring import BaseScorer, Score
from .tokenizers import DefaultTokenizer

__all__ = ["RougeScorer"]

_NGRAM = re.compile(r"rouge[0-9]$")


def _punkt_like(text: str) -> list[str]:
    """``split_summaries``' sentences: bleu2's offline split where rouge-score calls
    ``nltk.sent_tokenize``, which, as punkt, does not break at a newline alone."""
    return split_sentences(text, newlines=False)


def _check_type(rouge_type: str) -> None:
    if rouge_type in ("rougeL", "rougeLsum"):
        return
    if isinstance(rouge_type, str) and _NGRAM.match(rouge_type):
        if int(rouge_type[5:]) <= 0:
            raise ValueError(f"rougen requires positive n: {rouge_type}")
        return
    raise ValueError(f"Invalid rouge type: {rouge_type} (RougeScorer takes rouge1..rouge9, rougeL, rougeLsum)")


class RougeScorer(BaseScorer):
    """Calculates ROUGE scores between two texts, rouge-score's arguments and results.

    Args:
        rouge_types: names such as ``["rouge1", "rougeL"]`` (``rouge1``..``rouge9``,
            ``rougeL``, ``rougeLsum``; checked when scoring, as rouge-score).
        use_stemmer: Porter-stem tokens longer than 3 characters (the default tokenizer).
        split_summaries: split rougeLsum's texts into sentences (offline, see above).
        tokenizer: an object with ``tokenize(text) -> list[str]`` instead of rouge-score's.
    """

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Any = None,
    ) -> None:
        self.rouge_types = rouge_types
        if tokenizer:
            self._tokenizer = tokenizer
        else:
            self._tokenizer = DefaultTokenizer(use_stemmer)
        self._split_summaries = split_summaries

    def _counter(self) -> RougeCounter:
        if isinstance(self.rouge_types, str) and self.rouge_types:
            raise ValueError(
                f"Invalid rouge type: {self.rouge_types[0]} (rouge_types is the string {self.rouge_types!r}: "
                f"RougeScorer takes a list such as [{self.rouge_types!r}])"
            )
        for t in self.rouge_types:
            _check_type(t)
        tokenize = self._tokenizer.tokenize
        return RougeCounter(
            [t.rstrip("\n") for t in self.rouge_types],
            tokenize,
            _punkt_like if self._split_summaries else newline_sentences,
        )

    def _scores(self, stats: LineStats) -> dict[str, Score]:
        out = {}
        for t, (hits, pred, ref) in zip(self.rouge_types, stats):
            if t.startswith("rougeL") and (not pred or not ref):
                out[t] = Score(precision=0, recall=0, fmeasure=0)  # rouge-score's int zeros
                continue
            p = hits / max(pred, 1)
            r = hits / max(ref, 1)
            out[t] = Score(p, r, 2 * p * r / (p + r) if p + r > 0 else 0.0)
        return out

    def _text(self, value: Any, method: str, name: str) -> Any:
        """A text for the default tokenizer: a str, or UTF-8 bytes decoded (rouge-score's
        ``six.ensure_str``); a custom tokenizer gets ``value`` as it is, as rouge-score's."""
        if not isinstance(self._tokenizer, DefaultTokenizer) or isinstance(value, str):
            return value
        if isinstance(value, bytes):
            return value.decode("utf-8")
        raise TypeError(  # rouge-score: AttributeError "... has no attribute 'lower'"
            f"RougeScorer.{method}: {name} must be a str (or UTF-8 bytes), got {type(value).__name__}"
        )

    def score(self, target: str, prediction: str) -> dict[str, Score]:
        """``{type: Score}`` of ``prediction`` against ``target`` (the reference first, as rouge-score).

        Raises:
            ValueError: an invalid rouge type (rouge-score's message).
            TypeError: a text neither str nor bytes (rouge-score: an ``AttributeError``).
        """
        target, prediction = self._text(target, "score", "target"), self._text(prediction, "score", "prediction")
        return self._scores(self._counter().pair(target, prediction))

    def score_multi(self, targets: Sequence[str], prediction: str) -> dict[str, Score]:
        """Per type, the score against the target of the highest F-measure (the first of equals).

        Raises:
            ValueError: no targets (rouge-score: NumPy's "attempt to get argmax of an empty
                sequence"), an invalid rouge type, or ``targets`` a str (refused: rouge-score
                would score each of its characters as a target).
            TypeError: a text neither str nor bytes.
        """
        if isinstance(targets, str):
            raise ValueError(
                "RougeScorer.score_multi: targets must be a list of texts, got a str "
                "(rouge-score would take each character as a target); for one target use score(target, prediction)"
            )
        if not len(targets):
            raise ValueError("score_multi needs at least one target (got an empty list)")
        texts = [self._text(t, "score_multi", f"targets[{i}]") for i, t in enumerate(targets)]
        return self._scores(self._counter().line(self._text(prediction, "score_multi", "prediction"), texts))
