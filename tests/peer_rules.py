"""Two peers' BLEU rules written out for the tests and benchmarks, where the peer itself
cannot run here: plain float64 transcriptions of the documented computations, written
independently of bleu2 (no bleu2 import).

* :func:`hf_evaluate_bleu`: HF evaluate's ``bleu`` metric (``evaluate.load("bleu")``),
  which tokenizes with its ``Tokenizer13a`` (a copy of sacreBLEU's ``Tokenizer13a``,
  applied to the raw text: no right-stripping) and scores with tensorflow/nmt's
  ``compute_bleu`` (``nmt/scripts/bleu.py``): clipped counts against the merged
  references, r = the *shortest* reference length summed over segments, precisions
  m/t (0 when t = 0) or, with ``smooth``, (m + 1)/(t + 1) on every order (Lin & Och
  2004), the geometric mean 0 when a precision is 0, BP = 1 if c/r > 1 else
  exp(1 - 1/(c/r)). Like the original, r = 0 or c = 0 raises ZeroDivisionError.
* :func:`torchmetrics_bleu`: torchmetrics' ``BLEUScore`` / ``bleu_score``
  (``functional/text/bleu.py``): tokens ``line.split()`` (``[]`` for an empty line),
  r = the closest reference length, ties to the reference given first
  (``list.index(min(...))``), score 0 when any order has no match, else
  BP * exp(sum w_n ln p_n) with p_n = m/t (``smooth``: p_1 = m/t, p_n = (m+1)/(t+1)
  above), BP = 1 if c > r else exp(1 - r/c). torchmetrics computes in float32 tensors;
  here in float64.

Both take texts as the peers do: ``predictions[i]`` and ``references[i]`` (one string or
a list of strings per prediction). Their last steps, from the counts to the score, are also
given alone (:func:`nmt_bleu_from_counts`, :func:`torchmetrics_bleu_from_counts`), to
recompute a score from shown fractions (:func:`score_from_shown`, for each preset's peer).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

__all__ = [
    "hf_evaluate_bleu",
    "hf_tokenize",
    "nmt_bleu_from_counts",
    "score_from_shown",
    "torchmetrics_bleu",
    "torchmetrics_bleu_from_counts",
]

_TOK13A = Tokenizer13a()


def hf_tokenize(text: str) -> list[str]:
    """HF evaluate's ``Tokenizer13a()(text)``: sacreBLEU's 13a rules on the raw text."""
    return _TOK13A(text).split()


def _ngrams(tokens, max_order):
    counts = Counter()
    for n in range(1, max_order + 1):
        for i in range(len(tokens) - n + 1):
            counts[tuple(tokens[i : i + n])] += 1
    return counts


def _per_prediction(references):
    return [[r] if isinstance(r, str) else list(r) for r in references]


def hf_evaluate_bleu(predictions, references, max_order: int = 4, smooth: bool = False) -> dict:
    """HF evaluate ``bleu.compute(predictions=..., references=...)`` (see the module docstring).

    Returns:
        {"bleu", "precisions", "brevity_penalty", "length_ratio", "translation_length",
        "reference_length"}, as HF returns.
    Raises:
        ZeroDivisionError: r = 0 or c = 0, as HF does.
    """
    refs = [[hf_tokenize(r) for r in rs] for rs in _per_prediction(references)]
    preds = [hf_tokenize(p) for p in predictions]
    matches = [0] * max_order
    possible = [0] * max_order
    ref_len = trans_len = 0
    for rs, pred in zip(refs, preds):
        ref_len += min(len(r) for r in rs)
        trans_len += len(pred)
        merged = Counter()
        for r in rs:
            merged |= _ngrams(r, max_order)
        overlap = _ngrams(pred, max_order) & merged
        for g, k in overlap.items():
            matches[len(g) - 1] += k
        for n in range(1, max_order + 1):
            if len(pred) - n + 1 > 0:
                possible[n - 1] += len(pred) - n + 1
    return nmt_bleu_from_counts(matches, possible, trans_len, ref_len, smooth)


def nmt_bleu_from_counts(matches, possible, trans_len: int, ref_len: int, smooth: bool = False) -> dict:
    """tensorflow/nmt ``compute_bleu``'s last steps: from the summed counts to HF evaluate's dict."""
    max_order = len(matches)
    if smooth:
        precisions = [(m + 1.0) / (t + 1.0) for m, t in zip(matches, possible)]
    else:
        precisions = [m / t if t > 0 else 0.0 for m, t in zip(matches, possible)]
    geo = math.exp(sum(math.log(p) / max_order for p in precisions)) if min(precisions) > 0 else 0.0
    ratio = trans_len / ref_len
    bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio)
    return {
        "bleu": geo * bp,
        "precisions": precisions,
        "brevity_penalty": bp,
        "length_ratio": ratio,
        "translation_length": trans_len,
        "reference_length": ref_len,
    }


def torchmetrics_bleu(preds, target, n_gram: int = 4, smooth: bool = False, weights=None) -> float:
    """torchmetrics ``bleu_score(preds, target)`` / ``BLEUScore()(preds, target)`` as a float."""
    weights = [1.0 / n_gram] * n_gram if weights is None else list(weights)
    numerator = [0] * n_gram
    denominator = [0] * n_gram
    preds_len = target_len = 0
    for pred_text, targets in zip(preds, _per_prediction(target)):
        pred = pred_text.split() if pred_text else []
        tgts = [t.split() if t else [] for t in targets]
        preds_len += len(pred)
        lens = [len(t) for t in tgts]
        diffs = [abs(len(pred) - x) for x in lens]
        target_len += lens[diffs.index(min(diffs))]
        pc = _ngrams(pred, n_gram)
        tc = Counter()
        for t in tgts:
            tc |= _ngrams(t, n_gram)
        for g, k in (pc & tc).items():
            numerator[len(g) - 1] += k
        for g, k in pc.items():
            denominator[len(g) - 1] += k
    return torchmetrics_bleu_from_counts(numerator, denominator, preds_len, target_len, smooth, weights)


def torchmetrics_bleu_from_counts(numerator, denominator, preds_len: int, target_len: int, smooth=False, weights=None):
    """torchmetrics ``_bleu_score_compute``: from the summed counts to the score (a float)."""
    weights = [1.0 / len(numerator)] * len(numerator) if weights is None else list(weights)
    if min(numerator) == 0:
        return 0.0
    if smooth:
        p = [(m + 1) / (d + 1) for m, d in zip(numerator, denominator)]
        p[0] = numerator[0] / denominator[0]
    else:
        p = [m / d for m, d in zip(numerator, denominator)]
    geo = math.exp(sum(w * math.log(x) for w, x in zip(weights, p)))
    bp = 1.0 if preds_len > target_len else math.exp(1 - target_len / preds_len)
    return bp * geo


def score_from_shown(preset: str, fractions: list[tuple[int, int]], c: int, r: int) -> float:
    """The score a preset's peer computes from shown fractions ``[(matches, denominator)]``
    per order, c and r (in [0, 1]), with the peer's own last steps: sacreBLEU's
    ``BLEU.compute_bleu`` (``exp`` smoothing; effective order for ``sacrebleu-sentence``),
    NLTK 3.10.4 ``corpus_bleu``'s tail on ``Fraction(m, d)`` (``method0``, its
    ``brevity_penalty``), tensorflow/nmt's and torchmetrics' arithmetic (above)."""
    from nltk.translate.bleu_score import SmoothingFunction, brevity_penalty
    from sacrebleu.metrics.bleu import BLEU as SacreBLEU

    m = [x for x, _ in fractions]
    d = [y for _, y in fractions]
    if preset.startswith("sacrebleu"):
        eff = preset == "sacrebleu-sentence"
        return SacreBLEU.compute_bleu(m, d, c, r, smooth_method="exp", effective_order=eff).score / 100
    if preset == "nltk":  # corpus_bleu's tail, after the p_numerators / p_denominators sums
        if m[0] == 0:
            return 0.0
        p_n = [Fraction(x, y, _normalize=False) for x, y in zip(m, d)]
        p_n = SmoothingFunction().method0(p_n)
        return brevity_penalty(r, c) * math.exp(math.fsum(0.25 * math.log(p) for p in p_n if p > 0))
    if preset == "hf-evaluate":
        return nmt_bleu_from_counts(m, d, c, r)["bleu"]
    assert preset == "torchmetrics"
    return torchmetrics_bleu_from_counts(m, d, c, r)
