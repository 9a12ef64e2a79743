"""NIST's result: the score with its parts, its JSON form and how it prints."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

__all__ = ["NistResult"]


@dataclass(frozen=True, slots=True)
class NistResult:
    """A NIST score (a sentence's or a corpus's).

    Attributes:
        score: NIST, a float >= 0 in bits of information (not a fraction: the sum of the
            per-order gains, times the penalty).
        gains: per order 1..n, the information per hypothesis n-gram (floats >= 0).
        penalty: the length penalty, a fraction in [0, 1].
        hyp_len: the hypothesis words (int).
        ref_len: the reference words the penalty compares with (NLTK: of the chosen
            references; mteval: the average over the references; float).
        rules: ``"nltk"`` or ``"mteval"``.
        sentences: the lines scored (int).
        signature: options and version (str).
    """

    score: float
    gains: tuple[float, ...]
    penalty: float
    hyp_len: int
    ref_len: float
    rules: str
    sentences: int
    signature: str

    def __float__(self) -> float:
        return self.score

    def __str__(self) -> str:
        return f"NIST|{self.signature} = {self.score:.4f}"

    def to_dict(self) -> dict[str, Any]:
        """The fields (``penalty`` a fraction in [0, 1]; ``nist`` and ``gains`` in bits)."""
        return {
            "nist": self.score,
            "gains": list(self.gains),
            "penalty": self.penalty,
            "hyp_len": self.hyp_len,
            "ref_len": self.ref_len,
            "rules": self.rules,
            "sentences": self.sentences,
            "signature": self.signature,
        }

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th scope='row'>{i}-gram information per n-gram</th><td>{g:.4f}</td></tr>"
            for i, g in enumerate(self.gains, 1)
        )
        return (
            f"<table class='bleu2-result'><caption>NIST = {self.score:.4f} ({self.sentences} sentences)</caption>"
            f"<tbody>{rows}"
            f"<tr><th scope='row'>length penalty</th><td>{self.penalty:.4f}</td></tr>"
            f"<tr><th scope='row'>hypothesis / reference words</th><td>{self.hyp_len} / {self.ref_len:g}</td></tr>"
            "</tbody></table>"
            f"<p><code>{html.escape(self.signature)}</code></p>"
        )
