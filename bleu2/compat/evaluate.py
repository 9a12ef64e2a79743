"""HF evaluate's ``bleu`` metric on bleu2's engine: ``from bleu2.compat import evaluate``.

``evaluate.load("bleu").compute(predictions=, references=, tokenizer=, max_order=,
smooth=)`` returns HF's dict (``bleu``, ``precisions``, ``brevity_penalty``,
``length_ratio``, ``translation_length``, ``reference_length``) under HF's rules
(tensorflow/nmt ``compute_bleu``: its ``Tokenizer13a`` on the raw text, the shortest
reference length, ``smooth`` adds 1 to every order): bleu2's ``hf-evaluate`` preset.
``references[i]`` are the references of ``predictions[i]`` (a string or a list of them).

    >>> from bleu2.compat import evaluate
    >>> predictions = ["hello there general kenobi", "foo bar foobar"]
    >>> references = [["hello there general kenobi", "hello there!"], ["foo bar foobar"]]
    >>> bleu = evaluate.load("bleu")
    >>> bleu.compute(predictions=predictions, references=references)
    {'bleu': 1.0, 'precisions': [1.0, 1.0, 1.0, 1.0], 'brevity_penalty': 1.0, 'length_ratio': 1.1666666666666667, 'translation_length': 7, 'reference_length': 6}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..api import corpus_bleu, extract_stats
from ..scorer import BLEU

__all__ = ["Bleu", "load"]


class Bleu:
    """HF evaluate's ``bleu`` metric: :meth:`compute`."""

    name = "bleu"

    def compute(
        self,
        *,
        predictions: Sequence[str],
        references: Sequence[str | Sequence[str]],
        tokenizer: Callable[[str], list[str]] | None = None,
        max_order: int = 4,
        smooth: bool = False,
    ) -> dict[str, Any]:
        """HF's ``compute``: ``tokenizer`` None is HF's default ``Tokenizer13a``; another
        callable (text -> tokens) is used as HF uses it.

        Raises:
            ValueError: different numbers of predictions and references.
            ZeroDivisionError: no reference or no prediction tokens, as HF.
        """
        refs = [[r] if isinstance(r, str) else list(r) for r in references]
        if len(refs) != len(predictions):
            raise ValueError(f"got {len(predictions)} predictions and {len(refs)} references")
        options: dict[str, Any] = dict(preset="hf-evaluate", max_order=max_order, smoothing="nmt" if smooth else "none")
        if tokenizer is None:
            result = corpus_bleu(predictions, refs, layout="per-candidate", sentence_scores=False, **options)
        else:
            stats = [
                extract_stats(
                    tokenizer(p), [tokenizer(r) for r in rs], max_order, empty_references="count", ref_length="shortest"
                )
                for p, rs in zip(predictions, refs)
            ]
            result = BLEU(**options).corpus_from_stats(stats, sentence_scores=False)
        c, r = result.hyp_len, result.ref_len
        ratio = c / r
        return {
            "bleu": result.score,
            "precisions": [p.value for p in result.precisions],
            "brevity_penalty": result.brevity_penalty,
            "length_ratio": ratio,
            "translation_length": c,
            "reference_length": r,
        }


def load(path: str = "bleu", *args: Any, **kwargs: Any) -> Bleu:
    """``evaluate.load("bleu")``: the ``bleu`` metric (no other is here).

    Raises:
        ValueError: another metric.
    """
    if path != "bleu":
        raise ValueError(f"bleu2.compat.evaluate has the 'bleu' metric only, not {path!r}")
    return Bleu()
