"""sacreBLEU 2.6.0's ``Score`` and ``Signature`` (``sacrebleu/metrics/base.py``), written once:
what every metric's score prints (its line, the bootstrap's ``(μ = ... ± ...)``, JSON) and
how a signature is written. Scores are in percent (0-100), as sacreBLEU gives them.
``bleu2.compat.sacrebleu.metrics`` hands them out as sacreBLEU's; ``bleu2 sacrebleu`` prints
with them (its signatures with sacreBLEU's version)."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from .._version import __version__

__all__ = ["Score", "Signature"]


class Score:
    """sacreBLEU's ``Score``: ``name``, ``score`` (percent), and after a bootstrap
    (``corpus_score(..., n_bootstrap=N)``) ``_mean`` and ``_ci`` (percent; -1 before)."""

    def __init__(self, name: str, score: float) -> None:
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """sacreBLEU's ``Score.format``: the line, the score alone (with the bootstrap's
        ``(μ = mean ± ci)`` when one ran), or JSON."""
        d: dict[str, Any] = {"name": self.name, "score": float(f"{self.score:.{width}f}"), "signature": signature}
        sc = f"{self.score:.{width}f}"
        if self._mean > 0:
            mean, ci = f"{self._mean:.{width}f}", f"{self._ci:.{width}f}"
            confidence = f"μ = {mean} ± {ci}"
            sc += f" ({confidence})"
            if is_json:
                d["confidence_mean"], d["confidence_var"], d["confidence"] = float(mean), float(ci), confidence
        full = f"{self.name}|{signature}" if signature else self.name
        full = f"{full} = {sc}"
        if self._verbose:
            full += f" {self._verbose}"
            d["verbose_score"] = self._verbose
        if score_only:
            return sc
        if is_json:
            for param in signature.split("|") if signature else ():
                key, value = param.split(":")
                d[key] = value
            return json.dumps(d, indent=1, ensure_ascii=False)
        return full

    def __repr__(self) -> str:
        return self.format()


class Signature:
    """sacreBLEU's signature of a metric: ``info`` (None values left out), ``format(short)``
    and ``str()``, with bleu2's version (``version:bleu2-X``)."""

    _ABBR: ClassVar[dict[str, str]] = {
        "version": "v",
        "nrefs": "#",
        "test": "t",
        "lang": "l",
        "subset": "S",
        "origlang": "o",
        "bs": "bs",
        "ar": "ar",
        "seed": "rs",
    }

    def __init__(self, num_refs: int | str, n_bootstrap: int | None = None, seed: str | None = None) -> None:
        self._abbr = dict(self._ABBR)
        self.info: dict[str, object] = {
            "version": f"bleu2-{__version__}",
            "nrefs": "var" if num_refs == -1 else num_refs,
            "bs": n_bootstrap,
            "ar": None,
            "seed": seed,
            "test": None,
            "lang": None,
            "origlang": None,
            "subset": None,
        }

    def format(self, short: bool = False) -> str:
        keys = [k for k in self.info if k != "version"] + ["version"]
        pairs = []
        for name in keys:
            value = self.info[name]
            if value is not None:
                if isinstance(value, bool):
                    value = "yes" if value else "no"
                pairs.append(f"{self._abbr[name] if short else name}:{value}")
        return "|".join(pairs)

    def update(self, key: str, value: object) -> None:
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()
