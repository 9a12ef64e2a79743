"""torchmetrics' TER names, refused until bleu2 has TER.

``TranslationEditRate`` and ``translation_edit_rate`` raise ``NotImplementedError`` saying
so (never a number). When bleu2's TER engine lands, each becomes a
:class:`~bleu2.compat.torchmetrics.metric.Metric` (or a function) in a module of its own,
as chrF's (:mod:`.chrf`), and ``text``, ``functional.text`` and the package import it from there.
"""

from __future__ import annotations

from typing import Any, NoReturn

__all__ = ["TranslationEditRate", "translation_edit_rate"]


def _refuse(name: str, metric: str) -> NoReturn:
    raise NotImplementedError(
        f"bleu2.compat.torchmetrics has no {name} yet: bleu2 computes BLEU and chrF, {metric} comes with its "
        f"{metric} engine; use torchmetrics itself for now"
    )


class TranslationEditRate:
    """torchmetrics' ``TranslationEditRate``: not yet (raises ``NotImplementedError``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _refuse("TranslationEditRate", "TER")


def translation_edit_rate(*args: Any, **kwargs: Any) -> NoReturn:
    """torchmetrics' ``translation_edit_rate``: not yet (raises ``NotImplementedError``)."""
    _refuse("translation_edit_rate", "TER")
