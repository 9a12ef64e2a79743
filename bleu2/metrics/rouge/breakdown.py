"""One sentence pair's ROUGE explained, as data for the page: per type the matches over
the prediction's and the reference's totals, precision, recall and F; the matched n-grams
(ROUGE-N) and the LCS alignment (ROUGE-L whole text; ROUGE-Lsum per reference sentence).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .lcs import lcs_indices
from .options import RougeConfig
from .result import Score
from .scoring import score_of
from .sentences import newline_sentences, split_sentences
from .stats import RougeCounter, ngram_counts
from .tokenize import dropped_characters, make_tokenizer

__all__ = ["TypeBreakdown", "RougeBreakdown", "rouge_breakdown"]


@dataclass(frozen=True)
class TypeBreakdown:
    """One type: ``matches`` / ``prediction_total`` is precision, / ``reference_total`` recall.

    ``matched``: ROUGE-N: the matched n-grams with their clipped counts; ROUGE-L and Lsum:
    (reference sentence, reference token index, prediction sentence, prediction token index)
    of each token that counts (sentence 0 for ROUGE-L), one per match.
    """

    rouge_type: str
    matches: int
    prediction_total: int
    reference_total: int
    score: Score
    matched: tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class RougeBreakdown:
    """The tokens of both texts, each type's :class:`TypeBreakdown`, and (rouge-score's
    tokenizer) how many non-space characters it dropped: (dropped, total) per text."""

    prediction_tokens: list[str]
    reference_tokens: list[str]
    types: tuple[TypeBreakdown, ...]
    dropped: tuple[tuple[int, int], tuple[int, int]] | None


def _alignment(ref: list[str], pred: list[str]) -> list[tuple[int, int]]:
    """(reference index, prediction index) of the LCS rouge-score reads out."""
    idx = lcs_indices(ref, pred)
    pairs = []
    j = 0
    for i in idx:  # the prediction positions: the leftmost greedy match keeps the order
        while pred[j] != ref[i]:
            j += 1
        pairs.append((i, j))
        j += 1
    return pairs


def _summary_alignment(ref_sents: list[list[str]], pred_sents: list[list[str]]) -> list[tuple[object, ...]]:
    """rougeLsum's hits: per reference sentence its union LCS tokens that count (each while
    both texts have an unused copy), with the first prediction sentence aligning each."""
    if not sum(map(len, ref_sents)) or not sum(map(len, pred_sents)):
        return []
    left_r = Counter(t for s in ref_sents for t in s)
    left_p = Counter(t for s in pred_sents for t in s)
    out: list[tuple[object, ...]] = []
    for ri, r in enumerate(ref_sents):
        where: dict[int, tuple[int, int]] = {}
        for pi, p in enumerate(pred_sents):
            for i, j in _alignment(r, p):
                where.setdefault(i, (pi, j))
        for i in sorted(where):
            t = r[i]
            if left_p[t] > 0 and left_r[t] > 0:
                left_p[t] -= 1
                left_r[t] -= 1
                out.append((ri, i, *where[i]))
    return out


def rouge_breakdown(prediction: str, reference: str, config: RougeConfig | None = None) -> RougeBreakdown:
    """The breakdown of ``prediction`` against one reference under ``config``'s rules."""
    cfg = config or RougeConfig()
    tokenize = make_tokenizer(cfg.tokenizer, cfg.use_stemmer)
    split = split_sentences if cfg.split_summaries else newline_sentences
    stats = RougeCounter(cfg.rouge_types, tokenize, split).pair(reference, prediction)
    p_tok, r_tok = tokenize(prediction), tokenize(reference)
    out = []
    for t, s in zip(cfg.rouge_types, stats):
        matched: list[tuple[object, ...]] = []
        if t[5:].isdigit():
            n = int(t[5:])
            pc, rc = ngram_counts(p_tok, n), ngram_counts(r_tok, n)
            matched = [(g, min(c, pc[g])) for g, c in rc.items() if pc.get(g)]
        elif t == "rougeL":
            matched = [(0, i, 0, j) for i, j in _alignment(r_tok, p_tok)]
        else:
            matched = _summary_alignment(
                [tokenize(x) for x in split(reference)], [tokenize(x) for x in split(prediction)]
            )
        out.append(TypeBreakdown(t, s[0], s[1], s[2], score_of(s), tuple(matched)))
    dropped = (
        (dropped_characters(prediction), dropped_characters(reference)) if cfg.tokenizer == "rouge-score" else None
    )
    return RougeBreakdown(p_tok, r_tok, tuple(out), dropped)
