"""torchmetrics 1.9's ``ROUGEScore`` and ``rouge_score`` on bleu2's ROUGE engine
(:mod:`bleu2.metrics.rouge`): import them from :mod:`bleu2.compat.torchmetrics` or its
``text`` / ``functional.text`` modules.

torchmetrics' own rules, which are not rouge-score's:

* normalisation: ``normalizer(text)`` if given (then no lower-casing), else lower-case and
  every run outside ``a-z0-9`` a space; tokens: ``tokenizer(text)`` if given (after the
  normalisation, which still applies), else split on white space; with ``use_stemmer``,
  NLTK's Porter stem of tokens longer than 3 characters; empty tokens dropped.
  (rouge-score: a custom tokenizer replaces everything, and the stemmer is then off.)
* several references: ``accumulate="best"``, the reference of the highest F-measure in
  float32 (the first of equal ones, ``torch.argmax``), or ``"avg"``, the mean of the
  per-reference precision, recall and F.
* the score is the mean of the per-prediction scores, per key ``rouge1_fmeasure``,
  ``rouge1_precision``, ``rouge1_recall``, ... (floats in [0, 1]; NaN with no prediction).
* rougeLsum's sentences: NLTK's punkt (``nltk.sent_tokenize``), which torchmetrics
  downloads at run time: offline it raises ``OSError`` ("`nltk` resource `punkt` is not
  available ...") for every call that includes ``rougeLsum`` (its default). bleu2 splits
  offline (:func:`bleu2.metrics.rouge.sentences.split_sentences` without newline breaks,
  as punkt): punkt's numbers on plain sentences; that module says where they may differ.

torchmetrics computes in float32: equal within float32 rounding. Values are 0-dim tensors
when torch can be imported, floats otherwise.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable, Sequence
from typing import Any

from ...metrics.rouge.scoring import score_of
from ...metrics.rouge.sentences import split_sentences
from ...metrics.rouge.stats import RougeCounter
from ...metrics.rouge.tokenize import cached_stem, tokenize_rouge_score
from .metric import Metric, as_value, check_corpus

__all__ = ["ROUGEScore", "rouge_score", "ALLOWED_ROUGE_KEYS", "ALLOWED_ACCUMULATE_VALUES"]

ALLOWED_ROUGE_KEYS: tuple[str, ...] = (*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum")
ALLOWED_ACCUMULATE_VALUES = ("avg", "best")

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")

#: One prediction's scores: per key (precision, recall, fmeasure).
_Line = tuple[tuple[float, float, float], ...]


def _f32(x: float) -> float:
    """``x`` rounded to float32, as torchmetrics' tensors hold it."""
    return float(struct.unpack("f", struct.pack("f", x))[0])


def _tokenizer(
    use_stemmer: bool, normalizer: Callable[[str], str] | None, tokenizer: Callable[[str], Sequence[str]] | None
) -> Callable[[str], list[str]]:
    """torchmetrics' ``_normalize_and_tokenize_text`` with these options."""
    if not callable(normalizer) and not callable(tokenizer):
        return lambda text: tokenize_rouge_score(text, use_stemmer)  # the same tokens, faster

    def tokenize(text: str) -> list[str]:
        text = normalizer(text) if callable(normalizer) else _NON_ALNUM.sub(" ", text.lower())
        tokens = tokenizer(text) if callable(tokenizer) else _SPACES.split(text)
        if use_stemmer:
            tokens = [cached_stem(x) if isinstance(x, str) and len(x) > 3 else x for x in tokens]
        return [x for x in tokens if isinstance(x, str) and len(x) > 0]

    return tokenize


def _keys(rouge_keys: str | Sequence[str]) -> tuple[str, ...]:
    """The keys checked (a string is one key; a list is taken as a tuple, where torchmetrics
    1.9 fails with "unhashable type: 'list'").

    Raises:
        ValueError: an unknown key (torchmetrics' message).
    """
    keys = (rouge_keys,) if isinstance(rouge_keys, str) else tuple(rouge_keys)
    for key in keys:
        if key not in ALLOWED_ROUGE_KEYS:
            raise ValueError(f"Got unknown rouge key {key}. Expected to be one of {list(ALLOWED_ROUGE_KEYS)}")
    return keys


def _accumulate(accumulate: str) -> str:
    if accumulate not in ALLOWED_ACCUMULATE_VALUES:
        raise ValueError(
            f"Got unknown accumulate value {accumulate}. Expected to be one of {ALLOWED_ACCUMULATE_VALUES}"
        )
    return accumulate


def _inputs(preds: Any, target: Any, caller: str) -> tuple[list[str], list[list[str]]]:
    """torchmetrics' reading of ``preds`` and ``target`` (a list of strings is the references
    of a string prediction, else one reference per prediction), then checked: where
    torchmetrics' ``zip`` would drop predictions or targets, a ValueError; messages start
    with ``caller`` (torchmetrics: a ``TypeError`` for ``None``, an ``IndexError`` from
    ``argmax`` for a prediction without references)."""
    if isinstance(target, list) and all(isinstance(t, str) for t in target):
        target = [target] if isinstance(preds, str) else [[t] for t in target]
    if isinstance(preds, str):
        preds = [preds]
    if isinstance(target, str):
        target = [[target]]
    try:
        return check_corpus(preds, target)
    except (TypeError, ValueError) as e:
        raise type(e)(f"{caller}: {e}") from None


class _Rules:
    """The options of one torchmetrics ROUGE: texts -> per-prediction scores."""

    def __init__(
        self,
        use_stemmer: bool,
        normalizer: Callable[[str], str] | None,
        tokenizer: Callable[[str], Sequence[str]] | None,
        accumulate: str,
        rouge_keys: str | Sequence[str],
    ) -> None:
        self.keys = _keys(rouge_keys)
        self.accumulate = _accumulate(accumulate)
        tokenize = _tokenizer(bool(use_stemmer), normalizer, tokenizer)
        self.counter = RougeCounter(self.keys, tokenize, lambda text: split_sentences(text, newlines=False))

    def line(self, pred: str, refs: Sequence[str]) -> _Line:
        per_ref = [[score_of(s) for s in stats] for stats in self.counter.per_reference(pred, refs)]
        out = []
        for k in range(len(self.keys)):
            scores = [p[k] for p in per_ref]
            if self.accumulate == "best":
                fs = [_f32(s.fmeasure) for s in scores]
                s = scores[fs.index(max(fs))]
                out.append((s.precision, s.recall, s.fmeasure))
            else:
                p, r, f = (sum(_f32(s[j]) for s in scores) / len(scores) for j in range(3))
                out.append((p, r, f))
        return tuple(out)

    def lines(self, preds: Any, target: Any, caller: str) -> list[_Line]:
        hyps, refs = _inputs(preds, target, caller)
        return [self.line(p, r) for p, r in zip(hyps, refs)]

    def result(self, lines: list[_Line], device: object = None) -> dict[str, Any]:
        """Per key and measure (torchmetrics' order: fmeasure, precision, recall) the mean."""
        out = {}
        n = len(lines)
        for k, key in enumerate(self.keys):
            for name, j in (("fmeasure", 2), ("precision", 0), ("recall", 1)):
                mean = sum(_f32(line[k][j]) for line in lines) / n if n else float("nan")
                out[f"{key}_{name}"] = as_value(mean, device)
        return out


class ROUGEScore(Metric[list[_Line]]):
    """torchmetrics' ``ROUGEScore(use_stemmer=False, normalizer=None, tokenizer=None,
    accumulate="best", rouge_keys=("rouge1", "rouge2", "rougeL", "rougeLsum"))``: ``update``,
    ``compute``, ``metric(preds, target)`` (the batch's scores), ``reset``; each returns
    ``{"rouge1_fmeasure": value, ...}`` (the module docstring gives the rules).

    Raises:
        ValueError: an unknown key or accumulate value (torchmetrics' messages); predictions
            and targets of different numbers, a prediction without references
            (``ROUGEScore: ...``).
        TypeError: an entry that is not a string (``ROUGEScore: ...``).
    """

    plot_lower_bound = 0.0
    plot_upper_bound = 1.0

    def __init__(
        self,
        use_stemmer: bool = False,
        normalizer: Callable[[str], str] | None = None,
        tokenizer: Callable[[str], Sequence[str]] | None = None,
        accumulate: str = "best",
        rouge_keys: str | Sequence[str] = ("rouge1", "rouge2", "rougeL", "rougeLsum"),
        **kwargs: Any,
    ) -> None:
        self._rules = _Rules(use_stemmer, normalizer, tokenizer, accumulate, rouge_keys)
        self.rouge_keys = self._rules.keys
        self.use_stemmer, self.normalizer, self.tokenizer = use_stemmer, normalizer, tokenizer
        self.accumulate = accumulate
        super().__init__(**kwargs)

    def _zero(self) -> list[_Line]:
        return []

    def _add(self, a: list[_Line], b: list[_Line]) -> list[_Line]:
        return a + b

    def _batch(self, preds: Any, target: Any) -> list[_Line]:
        return self._rules.lines(preds, target, "ROUGEScore")

    def _value(self, stats: list[_Line]) -> float:
        raise NotImplementedError("ROUGEScore returns a dict of values")

    def _result(self, stats: list[_Line]) -> Any:
        return self._rules.result(stats, self._device)


def rouge_score(
    preds: str | Sequence[str],
    target: str | Sequence[str] | Sequence[Sequence[str]],
    accumulate: str = "best",
    use_stemmer: bool = False,
    normalizer: Callable[[str], str] | None = None,
    tokenizer: Callable[[str], Sequence[str]] | None = None,
    rouge_keys: str | Sequence[str] = ("rouge1", "rouge2", "rougeL", "rougeLsum"),
) -> dict[str, Any]:
    """torchmetrics' functional ``rouge_score``: :class:`ROUGEScore`'s scores of one corpus.

    Raises:
        ValueError, TypeError: as :class:`ROUGEScore`.
    """
    rules = _Rules(use_stemmer, normalizer, tokenizer, accumulate, rouge_keys)
    return rules.result(rules.lines(preds, target, "rouge_score"))
