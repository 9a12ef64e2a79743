"""One sentence pair's ROUGE explained, as data for the page: per type the matches over
the prediction's and the reference's totals, precision, recall and F; the matched n-grams
(ROUGE-N) and the LCS alignment (ROUGE-L whole text; ROUGE-Lsum per reference sentence).
"""

from __future__ import annotations

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
    of each aligned token (sentence 0 for ROUGE-L).
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
            p_sents = [tokenize(x) for x in split(prediction)]
            for ri, r in enumerate(tokenize(x) for x in split(reference)):
                for pi, p in enumerate(p_sents):
                    matched.extend((ri, i, pi, j) for i, j in _alignment(r, p))
        out.append(TypeBreakdown(t, s[0], s[1], s[2], score_of(s), tuple(matched)))
    dropped = (
        (dropped_characters(prediction), dropped_characters(reference)) if cfg.tokenizer == "rouge-score" else None
    )
    return RougeBreakdown(p_tok, r_tok, tuple(out), dropped)
