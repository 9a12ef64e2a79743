"""torchmetrics' chrF and TER names, refused until bleu2 has those metrics.

``CHRFScore``, ``TranslationEditRate``, ``chrf_score`` and ``translation_edit_rate`` raise
``NotImplementedError`` saying so (never a number). When bleu2's chrF and TER engines land,
each becomes a :class:`~bleu2.compat.torchmetrics.metric.Metric` (or a function) in a module
of its own, and ``text``, ``functional.text`` and the package import it from there.
"""

from __future__ import annotations

from typing import Any, NoReturn

__all__ = ["CHRFScore", "TranslationEditRate", "chrf_score", "translation_edit_rate"]


def _refuse(name: str, metric: str) -> NoReturn:
    raise NotImplementedError(
        f"bleu2.compat.torchmetrics has no {name} yet: bleu2 computes BLEU only, {metric} comes with its {metric} "
        "engine; use torchmetrics itself for now"
    )


class CHRFScore:
    """torchmetrics' ``CHRFScore``: not yet (raises ``NotImplementedError``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _refuse("CHRFScore", "chrF")


class TranslationEditRate:
    """torchmetrics' ``TranslationEditRate``: not yet (raises ``NotImplementedError``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _refuse("TranslationEditRate", "TER")


def chrf_score(*args: Any, **kwargs: Any) -> NoReturn:
    """torchmetrics' ``chrf_score``: not yet (raises ``NotImplementedError``)."""
    _refuse("chrf_score", "chrF")


def translation_edit_rate(*args: Any, **kwargs: Any) -> NoReturn:
    """torchmetrics' ``translation_edit_rate``: not yet (raises ``NotImplementedError``)."""
    _refuse("translation_edit_rate", "TER")
