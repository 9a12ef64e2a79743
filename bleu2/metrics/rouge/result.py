"""ROUGE's result types: :class:`Score` and :class:`AggregateScore` (rouge-score's
namedtuples, the same fields) and :class:`RougeResult`, a corpus's scores.

Scores are floats in [0, 1]; ``to_dict`` gives them as they are (fractions, not percents).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, NamedTuple

__all__ = ["Score", "AggregateScore", "RougeResult"]


class Score(NamedTuple):
    """Precision, recall and F-measure, floats in [0, 1] (rouge-score's ``scoring.Score``)."""

    precision: float
    recall: float
    fmeasure: float

    def to_dict(self) -> dict[str, float]:
        return {"precision": float(self.precision), "recall": float(self.recall), "fmeasure": float(self.fmeasure)}


class AggregateScore(NamedTuple):
    """A bootstrap interval: ``low``, ``mid`` (the median of the resampled means) and
    ``high`` :class:`Score` (rouge-score's ``scoring.AggregateScore``)."""

    low: Score
    mid: Score
    high: Score

    def to_dict(self) -> dict[str, dict[str, float]]:
        return {"low": self.low.to_dict(), "mid": self.mid.to_dict(), "high": self.high.to_dict()}


@dataclass(frozen=True)
class RougeResult:
    """A corpus's ROUGE, per type (in the order asked).

    Attributes:
        mean: per type, the mean of the per-line scores (rouge-score's averaging).
        aggregate: per type, the seeded bootstrap interval (rouge-score's ``BootstrapAggregator``).
        totals: per type, (matches, prediction total, reference total) summed over lines.
        lines: the number of lines.
        signature: the options, ``version:bleu2-...`` last.
    """

    mean: dict[str, Score]
    aggregate: dict[str, AggregateScore]
    totals: dict[str, tuple[int, int, int]]
    lines: int
    signature: str
    per_line: dict[str, list[Score]] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (fractions in [0, 1]): per type its mean, interval and totals."""
        return {
            "scores": {
                t: {
                    "mean": self.mean[t].to_dict(),
                    **({"aggregate": self.aggregate[t].to_dict()} if t in self.aggregate else {}),
                    "matches": self.totals[t][0],
                    "prediction_total": self.totals[t][1],
                    "reference_total": self.totals[t][2],
                }
                for t in self.mean
            },
            "lines": self.lines,
            "signature": self.signature,
        }

    def __str__(self) -> str:
        rows = [f"{t}: P {s.precision:.4f} R {s.recall:.4f} F {s.fmeasure:.4f}" for t, s in self.mean.items()]
        return "\n".join([*rows, self.signature])

    def _repr_html_(self) -> str:
        head = "<tr><th>type</th><th>precision</th><th>recall</th><th>F</th><th>F 95% interval</th></tr>"
        rows = []
        for t, s in self.mean.items():
            agg = self.aggregate.get(t)
            ci = f"{agg.low.fmeasure:.4f} – {agg.high.fmeasure:.4f}" if agg else ""
            rows.append(
                f"<tr><td>{html.escape(t)}</td><td>{s.precision:.4f}</td><td>{s.recall:.4f}</td>"
                f"<td>{s.fmeasure:.4f}</td><td>{ci}</td></tr>"
            )
        return f"<table>{head}{''.join(rows)}</table><p><code>{html.escape(self.signature)}</code></p>"
