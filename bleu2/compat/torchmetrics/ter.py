"""torchmetrics 1.9's ``TranslationEditRate`` and ``translation_edit_rate`` on bleu2's TER
engine (import them from :mod:`bleu2.compat.torchmetrics` or its ``text`` / ``functional``
modules).

torchmetrics ports sacreBLEU's TER (tercom's words, :mod:`bleu2.metrics.ter.normalize`; its shifts
and edit distance, :mod:`bleu2.metrics.ter.shifts`) with its own defaults (lower-cased:
``lowercase=True``) and two differences kept here: each reference is edited into the
prediction (the roles swapped: shifts move reference words), and an empty prediction
counts 0 edits. A line's statistics are the fewest edits over its references and their
average length; TER = edits / the summed average lengths (1 when those are 0 and there are
edits, else 0), edits per reference word, a float that may exceed 1 (Snover et al. 2006).
The sums and divisions are torchmetrics' float32, in its order: ``update`` adds each line
to the running sums, ``forward`` sums its batch and then adds that to them
(:func:`bleu2.common.sacrebleu_math.f32`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ...common.sacrebleu_math import f32
from ...metrics.ter.normalize import words
from ...metrics.ter.shifts import ter_edits
from .metric import Metric, as_value, as_vector, check_inputs

__all__ = ["TerSums", "TranslationEditRate", "translation_edit_rate"]


class TerSums(NamedTuple):
    """What a :class:`TranslationEditRate` accumulates, as torchmetrics' float32 states:
    the edits and the average reference lengths summed over the lines, and each line's TER
    (kept only with ``return_sentence_level_score``)."""

    num_edits: float = 0.0
    ref_length: float = 0.0
    sentences: tuple[float, ...] = ()


def _ter(num_edits: float, ref_length: float) -> float:
    """torchmetrics' ``_compute_ter_score_from_statistics`` (float32)."""
    if ref_length > 0 and num_edits > 0:
        return f32(num_edits / ref_length)
    return 1.0 if ref_length == 0 and num_edits > 0 else 0.0


class _Rules:
    """One set of torchmetrics TER options: texts -> statistics."""

    def __init__(self, normalize: bool, no_punctuation: bool, lowercase: bool, asian_support: bool) -> None:
        for name, value in (
            ("normalize", normalize),
            ("no_punctuation", no_punctuation),
            ("lowercase", lowercase),
            ("asian_support", asian_support),
        ):
            if not isinstance(value, bool):
                raise ValueError(f"Expected argument `{name}` to be of type boolean but got {value}.")
        self.options = (normalize, no_punctuation, asian_support, not lowercase)

    def line(self, prediction: str, references: Sequence[str]) -> tuple[int, float]:
        """One line's fewest edits and its references' average length (float32)."""
        pred = words(prediction, *self.options)
        best: int | None = None
        total = 0
        for reference in references:
            ref = words(reference, *self.options)
            edits = ter_edits(ref, pred) if pred else 0  # torchmetrics: the reference edited into the prediction
            total += len(ref)
            if best is None or edits < best:
                best = edits
        assert best is not None  # check_inputs refuses a line without references
        return best, f32(total / len(references))

    def fold(self, sums: TerSums, preds: list[str], target: list[list[str]], sentences: bool) -> TerSums:
        """``sums`` with each line added in turn, as torchmetrics' ``_ter_update``."""
        edits, length = sums.num_edits, sums.ref_length
        scores = list(sums.sentences)
        for prediction, references in zip(preds, target):
            e, r = self.line(prediction, references)
            edits, length = f32(edits + e), f32(length + r)
            if sentences:
                scores.append(_ter(e, r))
        return TerSums(edits, length, tuple(scores))


class TranslationEditRate(Metric[TerSums]):
    """torchmetrics' ``TranslationEditRate(normalize=False, no_punctuation=False,
    lowercase=True, asian_support=False, return_sentence_level_score=False)``: ``update(preds,
    target)``, ``compute()``, ``metric(preds, target)`` (the batch's TER), ``reset()``; with
    ``return_sentence_level_score``, values are ``(corpus TER, sentence TERs)``.

    Raises:
        ValueError: an option that is not a bool (torchmetrics' messages); different numbers
            of predictions and targets.
        TypeError: a string where torchmetrics would read its characters one by one.

    Example (torchmetrics' own):
        >>> ter = TranslationEditRate()
        >>> round(float(ter(["the cat is on the mat"], [["there is a cat on the mat", "a cat is on the mat"]])), 4)
        0.1538
    """

    higher_is_better = False
    full_state_update = False

    def __init__(
        self,
        normalize: bool = False,
        no_punctuation: bool = False,
        lowercase: bool = True,
        asian_support: bool = False,
        return_sentence_level_score: bool = False,
        **kwargs: Any,
    ):
        self._rules = _Rules(normalize, no_punctuation, lowercase, asian_support)
        self.normalize, self.no_punctuation = normalize, no_punctuation
        self.lowercase, self.asian_support = lowercase, asian_support
        self.return_sentence_level_score = return_sentence_level_score
        super().__init__(**kwargs)

    def _zero(self) -> TerSums:
        return TerSums()

    def _add(self, a: TerSums, b: TerSums) -> TerSums:
        return TerSums(f32(a.num_edits + b.num_edits), f32(a.ref_length + b.ref_length), a.sentences + b.sentences)

    def _batch(self, preds: Any, target: Any) -> TerSums:
        hyps, refs = check_inputs(preds, target)
        return self._rules.fold(TerSums(), hyps, refs, self.return_sentence_level_score)

    def update(self, preds: Any, target: Any) -> None:
        """Add a batch's lines to the running sums, one by one (torchmetrics' float32 order)."""
        hyps, refs = check_inputs(preds, target)
        self._stats = self._rules.fold(self._stats, hyps, refs, self.return_sentence_level_score)
        self._update_count += 1

    def _value(self, stats: TerSums) -> float:
        return _ter(stats.num_edits, stats.ref_length)

    def _result(self, stats: TerSums) -> Any:
        value = as_value(self._value(stats), self._device)
        if self.return_sentence_level_score:
            return value, as_vector(stats.sentences, self._device)
        return value


def translation_edit_rate(
    preds: str | Sequence[str],
    target: Sequence[str | Sequence[str]],
    normalize: bool = False,
    no_punctuation: bool = False,
    lowercase: bool = True,
    asian_support: bool = False,
    return_sentence_level_score: bool = False,
) -> Any:
    """torchmetrics' ``translation_edit_rate``: :class:`TranslationEditRate`'s value of one
    corpus; with ``return_sentence_level_score``, ``(corpus TER, sentence TERs)``, the
    sentence TERs a list of one-element tensors (floats without torch) as torchmetrics gives
    them (the corpus TER alone when there is no sentence).

    Raises:
        ValueError, TypeError: as :class:`TranslationEditRate`.
    """
    rules = _Rules(normalize, no_punctuation, lowercase, asian_support)
    hyps, refs = check_inputs(preds, target)
    sums = rules.fold(TerSums(), hyps, refs, return_sentence_level_score)
    value = as_value(_ter(sums.num_edits, sums.ref_length))
    if return_sentence_level_score and sums.sentences:
        items = [as_vector([s]) for s in sums.sentences]  # tensors of one value; lists of one without torch
        return value, [i[0] if isinstance(i, list) else i for i in items]
    return value
