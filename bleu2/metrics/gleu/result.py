"""GLEU's result: the score with its statistics, its JSON form and how it prints."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

__all__ = ["GleuResult"]


@dataclass(frozen=True, slots=True)
class GleuResult:
    """A GLEU score (a sentence's or a corpus's).

    Attributes:
        score: GLEU, a float in [0, 1] (``matches / total``).
        matches: matched n-grams (int).
        total: summed max(hypothesis, reference) n-gram totals (int).
        sentences: the number of lines scored (int).
        signature: options and version (str).
    """

    score: float
    matches: int
    total: int
    sentences: int
    signature: str

    def __float__(self) -> float:
        return self.score

    def __str__(self) -> str:
        return f"GLEU|{self.signature} = {self.score:.4f}"

    def to_dict(self) -> dict[str, Any]:
        """The fields, HF's name for the score beside them (fractions in [0, 1])."""
        return {
            "google_bleu": self.score,
            "matches": self.matches,
            "total": self.total,
            "sentences": self.sentences,
            "signature": self.signature,
        }

    def _repr_html_(self) -> str:
        return (
            f"<table class='bleu2-result'><caption>GLEU = {self.score:.4f} ({self.sentences} sentences)</caption>"
            "<tbody>"
            f"<tr><th scope='row'>matched n-grams</th><td>{self.matches}</td></tr>"
            f"<tr><th scope='row'>max(hypothesis, reference) n-grams</th><td>{self.total}</td></tr>"
            "</tbody></table>"
            f"<p><code>{html.escape(self.signature)}</code></p>"
        )
