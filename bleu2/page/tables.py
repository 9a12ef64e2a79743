"""The score tables' column titles (``ranking_header``) and the mark where no number is."""

from __future__ import annotations

from . import i18n

__all__ = ["NO_NUMBER", "ranking_header"]

#: Shown where there is no number: an order left out of the geometric mean, or every box blank.
NO_NUMBER = "–"


def ranking_header(
    max_order: int, lang: str = "en", item: str = "col_candidate", after_bp: tuple[str, ...] = ()
) -> list[str]:
    """Rank, ``item`` (a catalog key), BLEU-N, p1..pN, BP, ``after_bp`` (catalog keys), c, r."""
    out = [i18n.t(lang, "col_rank"), i18n.t(lang, item), i18n.t(lang, "col_score", order=max_order)]
    out += [i18n.t(lang, "col_precision", n=n) for n in range(1, max_order + 1)]
    out += [i18n.t(lang, key) for key in ("col_bp", *after_bp)]
    return out + [i18n.t(lang, "col_hyp_len"), i18n.t(lang, "col_ref_len")]
