"""TER's options (sacreBLEU 2.6.0's): their defaults, their checks and sacreBLEU's
signature (``TerConfig``)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..._version import __version__

__all__ = ["TerConfig", "TER_DEFAULTS", "SACREBLEU_VERSION"]

#: The sacreBLEU version whose TER numbers bleu2 gives (the signatures carry bleu2's version).
SACREBLEU_VERSION = "2.6.0"

#: TER's options and their defaults (sacreBLEU's), in sacreBLEU's order.
TER_DEFAULTS = {"normalized": False, "no_punct": False, "asian_support": False, "case_sensitive": False}

#: sacreBLEU's signature fields that come before TER's own, in its order.
_GLOBAL_FIELDS = ("bs", "ar", "seed", "test", "lang", "origlang", "subset")


@dataclass(frozen=True, slots=True)
class TerConfig:
    """TER's options, checked.

    Attributes:
        normalized: tercom's normalization (punctuation split off, XML entities decoded;
            with ``asian_support``, CJK split into characters).
        no_punct: remove ``.,?:;!"()`` (with ``asian_support``, CJK punctuation too).
        asian_support: CJK handling for ``normalized`` and ``no_punct``.
        case_sensitive: keep the case (default: lower-cased).
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False

    @classmethod
    def make(cls, **options: Any) -> TerConfig:
        """A checked config from keyword options (missing ones take the defaults).

        Raises:
            TypeError: an unknown option; ValueError: a value that is not True or False
                (the message names the option).
        """
        unknown = sorted(set(options) - set(TER_DEFAULTS))
        if unknown:
            raise TypeError(f"unknown TER option {unknown[0]!r}; TER's options are {', '.join(TER_DEFAULTS)}")
        for name, value in options.items():
            if not isinstance(value, bool):
                raise ValueError(f"TER option {name} must be True or False, got {value!r}")
        return cls(**options)

    def to_dict(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def signature(self, n_refs: int | str | None, **extra: object) -> str:
        """sacreBLEU 2.6.0's TER signature with bleu2's version, e.g.
        ``nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:bleu2-0.1.0``. ``n_refs``
        None: no ``nrefs`` field; ``extra`` (``bs``, ``seed``, ... as sacreBLEU names them)
        go after ``nrefs`` in sacreBLEU's order.

        Raises:
            TypeError: an ``extra`` field sacreBLEU does not have.
        """
        unknown = sorted(set(extra) - set(_GLOBAL_FIELDS))
        if unknown:
            raise TypeError(f"unknown signature field {unknown[0]!r}; sacreBLEU's are {', '.join(_GLOBAL_FIELDS)}")
        yes = {True: "yes", False: "no"}
        parts = [] if n_refs is None else [f"nrefs:{n_refs}"]
        parts += [
            f"{k}:{yes.get(v, v) if isinstance(v, bool) else v}"
            for k in _GLOBAL_FIELDS
            if (v := extra.get(k)) is not None
        ]
        parts += [
            f"case:{'mixed' if self.case_sensitive else 'lc'}",
            "tok:tercom",
            f"norm:{yes[self.normalized]}",
            f"punct:{yes[not self.no_punct]}",
            f"asian:{yes[self.asian_support]}",
            f"version:bleu2-{__version__}",
        ]
        return "|".join(parts)
