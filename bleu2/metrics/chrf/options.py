"""Every option of a chrF / chrF++ computation: names, defaults, checks, the metric's name
and sacreBLEU 2.6.0's signature (``CHRFSignature``).

The options (sacreBLEU 2.6.0's ``CHRF`` and their defaults):

``char_order`` (6)
    the highest character n-gram order (an int >= 0).
``word_order`` (0)
    the highest word n-gram order (an int >= 0); 2 is chrF++ (Popović 2017).
    ``char_order + word_order`` must be at least 1.
``beta`` (2)
    recall is ``beta`` times as important as precision (a number >= 0; Popović 2016).
``lowercase`` (False)
    lower-case hypothesis and references (``str.lower``) first.
``whitespace`` (False)
    keep whitespace in the character n-grams (sacreBLEU removes it by default).
``eps_smoothing`` (False)
    chrF++.py's, NLTK's and Moses' rule: average the F-scores of all orders, an order
    without n-grams scoring 1e-16. False: sacreBLEU's effective order (average precision
    and recall over the orders with hypothesis and reference n-grams, then one F-score).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..._version import __version__

__all__ = ["CHRF_DEFAULTS", "SACREBLEU_VERSION", "ChrfConfig"]

#: The options and their defaults (sacreBLEU 2.6.0's ``CHRF()``).
CHRF_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "char_order": 6,
        "word_order": 0,
        "beta": 2,
        "lowercase": False,
        "whitespace": False,
        "eps_smoothing": False,
    }
)

#: The sacreBLEU version whose chrF numbers bleu2 gives.
SACREBLEU_VERSION = "2.6.0"

#: The version the signature ends with: bleu2's own, as BLEU's (``bleu2 sacrebleu`` and the
#: compat modules write theirs).
VERSION = f"bleu2-{__version__}"

#: The signature's short names (sacreBLEU's ``--short``), in sacreBLEU's order; the
#: metric's own fields, then ``version``, close the line.
_SHORT = {
    "nrefs": "#",
    "bs": "bs",
    "ar": "ar",
    "seed": "rs",
    "test": "t",
    "lang": "l",
    "origlang": "o",
    "subset": "S",
    "case": "c",
    "eff": "e",
    "nc": "nc",
    "nw": "nw",
    "space": "s",
    "version": "v",
}


def _check_order(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an int >= 0, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value!r}")
    return value


def _check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class ChrfConfig:
    """A checked set of chrF options (see the module docstring).

    Raises (from :meth:`make`):
        TypeError: an unknown option; ValueError: a bad value (the message names the
            option and the value).
    """

    char_order: int = 6
    word_order: int = 0
    beta: float = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False

    @classmethod
    def make(cls, **options: Any) -> ChrfConfig:
        """The defaults updated with ``options``, checked."""
        unknown = sorted(set(options) - set(CHRF_DEFAULTS))
        if unknown:
            raise TypeError(
                f"unknown chrF option(s) {', '.join(map(repr, unknown))}; the options are {', '.join(CHRF_DEFAULTS)}"
            )
        values = {**CHRF_DEFAULTS, **options}
        char_order = _check_order("char_order", values["char_order"])
        word_order = _check_order("word_order", values["word_order"])
        if char_order + word_order < 1:
            raise ValueError(
                f"char_order + word_order must be at least 1, got char_order={char_order!r}, word_order={word_order!r}"
            )
        beta = values["beta"]
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not math.isfinite(beta) or beta < 0:
            raise ValueError(f"beta must be a finite number >= 0, got {beta!r}")
        return cls(
            char_order,
            word_order,
            beta,
            _check_flag("lowercase", values["lowercase"]),
            _check_flag("whitespace", values["whitespace"]),
            _check_flag("eps_smoothing", values["eps_smoothing"]),
        )

    @property
    def order(self) -> int:
        """char_order + word_order: the number of (hyp, ref, matches) triples per line."""
        return self.char_order + self.word_order

    @property
    def name(self) -> str:
        """sacreBLEU's name of the metric: ``chrF2``, ``chrF2++`` (one ``+`` per word order)."""
        return f"chrF{self.beta}" + "+" * self.word_order

    def options(self) -> dict[str, Any]:
        """The options as keyword arguments (``ChrfConfig.make(**c.options()) == c``)."""
        return {k: getattr(self, k) for k in CHRF_DEFAULTS}

    def signature(self, n_refs: int | str | None, *, short: bool = False, **extra: object) -> str:
        """sacreBLEU 2.6.0's chrF signature with bleu2's version, e.g.
        ``nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:bleu2-0.1.0``.

        Args:
            n_refs: references per line (``"var"`` when it varies); None leaves the
                field out (before any scoring).
            short: sacreBLEU's ``--short`` names (``#:1|c:mixed|e:yes|...|v:bleu2-0.1.0``).
            **extra: sacreBLEU's other fields (``bs``, ``ar``, ``seed``, ``test``,
                ``lang``, ``origlang``, ``subset``), written after ``nrefs`` in sacreBLEU's
                order; None values are left out, booleans written ``yes``/``no``.
        Raises:
            TypeError: an ``extra`` field sacreBLEU does not have.
        """
        unknown = sorted(set(extra) - set(list(_SHORT)[1:8]))
        if unknown:
            raise TypeError(f"unknown signature field(s) {', '.join(map(repr, unknown))}")
        fields: dict[str, object] = {"nrefs": n_refs}
        fields.update((k, extra.get(k)) for k in list(_SHORT)[1:8])
        fields.update(
            case="lc" if self.lowercase else "mixed",
            eff="no" if self.eps_smoothing else "yes",
            nc=self.char_order,
            nw=self.word_order,
            space="yes" if self.whitespace else "no",
            version=VERSION,
        )
        parts = []
        for key, value in fields.items():
            if value is None:
                continue
            if isinstance(value, bool):
                value = "yes" if value else "no"
            parts.append(f"{_SHORT[key] if short else key}:{value}")
        return "|".join(parts)
