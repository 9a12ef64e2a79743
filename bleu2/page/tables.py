"""The score tables' column titles (``ranking_header``) and the mark where no number is.

The sentence view's ranking (:func:`bleu2.page.sentence.breakdown.ranking_rows`), its
exports and corpus mode's systems table (:mod:`bleu2.page.corpus.views`) have the same
columns (:func:`ranking_header`); a precision of an order the geometric mean leaves out is
shown as :data:`NO_NUMBER` there, in the breakdown and in the chart (:mod:`bleu2.page.chart`).
Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from . import i18n

__all__ = ["NO_NUMBER", "ranking_header"]

#: Shown where there is no number: an order left out of the geometric mean, or every box
#: blank (:mod:`bleu2.page.sentence.blank`).
NO_NUMBER = "–"


def ranking_header(
    max_order: int, lang: str = "en", item: str = "col_candidate", after_bp: tuple[str, ...] = ()
) -> list[str]:
    """The ranking table's column titles: rank, candidate, BLEU-N, p1..pN, BP, c, r
    (the cells of :func:`bleu2.page.sentence.breakdown.ranking_rows` in the same order).
    ``item``: the catalog key of the second column (the corpus table's systems);
    ``after_bp``: keys of columns between BP and c.

    >>> ranking_header(2)
    ['Rank', 'Candidate', 'BLEU-2', 'p1', 'p2', 'BP', 'c', 'r']
    """
    out = [i18n.t(lang, "col_rank"), i18n.t(lang, item), i18n.t(lang, "col_score", order=max_order)]
    out += [i18n.t(lang, "col_precision", n=n) for n in range(1, max_order + 1)]
    out += [i18n.t(lang, key) for key in ("col_bp", *after_bp)]
    return out + [i18n.t(lang, "col_hyp_len"), i18n.t(lang, "col_ref_len")]
