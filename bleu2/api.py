"""Public entry points: sentence and corpus BLEU from text."""

from __future__ import annotations

from functools import partial
from typing import Sequence

from .result import BleuResult, CorpusBleuResult
from .scoring import BleuConfig, bleu_score, score_from_stats
from .smoothing import DEFAULT_SMOOTHING
from .stats import (
    ReferenceStats,
    SentenceStats,
    pool_stats,
    reference_stats,
    sentence_stats,
    single_reference_stats,
)
from .tokenizers import DEFAULT_TOKENIZER, get_tokenizer, tokenize

__all__ = ["sentence_bleu", "corpus_bleu", "references_from_streams", "extract_stats"]


def _as_refs(references, where: str = "references") -> list[str]:
    if isinstance(references, str):
        return [references]
    try:
        refs = list(references)
    except TypeError:
        raise TypeError(f"{where} must be a string or a sequence of strings") from None
    if not refs:
        raise ValueError(f"{where}: at least one reference is needed")
    for r in refs:
        if not isinstance(r, str):
            raise TypeError(f"{where} must be strings, got {type(r).__name__}")
    return refs


def _n_refs_label(counts: set[int]) -> str:
    return str(next(iter(counts))) if len(counts) == 1 else "var"


def extract_stats(
    candidate_tokens: Sequence[str],
    reference_tokens: Sequence[Sequence[str]],
    max_order: int = 2,
    stats_order: int | None = None,
) -> SentenceStats:
    """Sufficient statistics of one tokenized candidate against tokenized references.

    ``stats_order`` (>= max_order; default max_order) counts higher orders too,
    as NLTK's method5/method7 need (:attr:`bleu2.scoring.BleuConfig.stats_order`).
    """
    depth = max_order if stats_order is None else max(stats_order, max_order)
    return sentence_stats(candidate_tokens, reference_stats(reference_tokens, depth), max_order)


def sentence_bleu(
    candidate: str,
    references: str | Sequence[str],
    *,
    max_order: int = 2,
    weights: Sequence[float] | None = None,
    smoothing: str = DEFAULT_SMOOTHING,
    tokenizer: str = DEFAULT_TOKENIZER,
    lowercase: bool | None = None,
    smooth_value: float | None = None,
    effective_order: bool = False,
) -> BleuResult:
    """BLEU of one candidate against one or more references.

    Defaults are the seed calculator's: BLEU-2 (max_order 2, weights 0.5/0.5),
    add-1 smoothing, the ``default`` tokenizer, lower-cased.

    Args:
        candidate: the hypothesis text (str).
        references: one reference string, or a sequence of them. Each n-gram
            is clipped by its largest count in any one reference; r is the
            reference length closest to c (ties: the shorter). References with
            no tokens are ignored while another one has tokens.
        max_order: N >= 1.
        weights: N non-negative numbers summing to 1; uniform 1/N by default.
        smoothing: a name in :data:`bleu2.smoothing.SMOOTHING_METHODS`.
        tokenizer: a name in :data:`bleu2.tokenizers.TOKENIZERS`.
        lowercase: lower-case before tokenizing; None = the tokenizer's default.
        smooth_value: the smoothing's parameter (``floor``'s value, ``add-k``'s
            k, ``method1``'s epsilon, ``method4``/``method7``'s k, ``method6``'s
            alpha); None = its default. ValueError for methods without one.
        effective_order: sacreBLEU's effective order (drop orders with no
            candidate n-grams from the mean); for the seed's and sacreBLEU's
            smoothing methods only.
    Returns:
        :class:`~bleu2.result.BleuResult`; ``score`` is a float in [0, 1]
        (NLTK's ``method5``/``method7`` can exceed 1, as they do in NLTK).
    Raises:
        ValueError: bad max_order, weights, smoothing name, smooth_value,
            effective_order with an NLTK method, or tokenizer name.
        TypeError: texts that are not strings.

    Formula: BP * exp(sum_n w_n ln p_n) (Papineni et al. 2002).

    Example:
        >>> round(sentence_bleu("the cat is on the mat", "the cat sat on the mat").score, 6)
        0.707107
    """
    config = BleuConfig.make(
        max_order=max_order,
        weights=weights,
        smoothing=smoothing,
        smooth_value=smooth_value,
        effective_order=effective_order,
        tokenizer=tokenizer,
        lowercase=lowercase,
    )
    if not isinstance(candidate, str):
        raise TypeError(f"candidate must be str, not {type(candidate).__name__}")
    refs = _as_refs(references)
    tok, lc = config.tokenizer, config.lowercase
    hyp = tokenize(candidate, tok, lc)
    rs = reference_stats([tokenize(r, tok, lc) for r in refs], config.stats_order)
    stats = sentence_stats(hyp, rs, config.max_order)
    return score_from_stats(stats, config, config.signature(len(refs)))


def references_from_streams(streams: Sequence[Sequence[str]]) -> list[list[str]]:
    """Convert sacreBLEU-style reference *streams* to bleu2's per-candidate lists.

    sacreBLEU takes ``refs`` as a list of streams, ``refs[j][i]`` being the
    j-th reference of candidate i. bleu2 takes ``references[i]``, the list of
    references of candidate i. This transposes, checking that every stream has
    the same length.

    Raises:
        ValueError: streams of different lengths.
    """
    streams = [list(s) for s in streams]
    if not streams:
        return []
    n = len(streams[0])
    for j, s in enumerate(streams):
        if len(s) != n:
            raise ValueError(f"reference stream {j} has {len(s)} lines, stream 0 has {n}")
    return [list(refs) for refs in zip(*streams)]


def corpus_bleu(
    candidates: Sequence[str],
    references: Sequence[str | Sequence[str]],
    *,
    max_order: int = 2,
    weights: Sequence[float] | None = None,
    smoothing: str = DEFAULT_SMOOTHING,
    tokenizer: str = DEFAULT_TOKENIZER,
    lowercase: bool | None = None,
    smooth_value: float | None = None,
    effective_order: bool = False,
    sentence_scores: bool = True,
) -> CorpusBleuResult:
    """Corpus BLEU: matches, totals, c and r pooled over all sentences, then
    smoothed and scored once (Papineni et al. 2002).

    Note: ``references`` is **per candidate**: ``references[i]`` is the string
    or the list of strings for ``candidates[i]``, and the number of references
    may differ from line to line. This is not sacreBLEU's layout (a list of
    reference *streams*); convert that with :func:`references_from_streams`.

    Args:
        candidates: sequence of candidate strings.
        references: same length as ``candidates``.
        sentence_scores: also score every sentence (same options), computed when
            ``.sentence_scores`` is first read; False: ``.sentence_scores`` is ``()``.
        Other options as :func:`sentence_bleu`.
    Returns:
        :class:`~bleu2.result.CorpusBleuResult`: ``.corpus`` (a BleuResult with
        ``score`` in [0, 1]), ``.sentence_stats`` and ``.sentence_scores``.
    Raises:
        ValueError: different numbers of candidates and references; bad options.
        TypeError: ``candidates`` or ``references`` is a single string, or an
            entry is not a string.
    """
    config = BleuConfig.make(
        max_order=max_order,
        weights=weights,
        smoothing=smoothing,
        smooth_value=smooth_value,
        effective_order=effective_order,
        tokenizer=tokenizer,
        lowercase=lowercase,
    )
    if isinstance(candidates, str) or isinstance(references, str):
        raise TypeError(
            "corpus_bleu takes a sequence of candidates and a sequence of references "
            "(one entry per candidate); for one sentence use sentence_bleu"
        )
    candidates = list(candidates)
    references = list(references)
    if len(candidates) != len(references):
        raise ValueError(
            f"corpus_bleu needs one references entry per candidate: got {len(candidates)} "
            f"candidate(s) and {len(references)} references entr{'y' if len(references) == 1 else 'ies'}"
        )
    tok_fn = get_tokenizer(config.tokenizer)
    lc = config.lowercase
    if config.tokenizer == DEFAULT_TOKENIZER:
        def tok(s: str) -> list[str]:
            return tokenize(s, DEFAULT_TOKENIZER, lc)
    elif lc:
        def tok(s: str) -> list[str]:
            return tok_fn(s.lower())
    else:
        tok = tok_fn
    # Each distinct text is tokenized once per call (repeated segments are common in
    # corpora: "Thank you.", "(Applause)"); tokens are only read, so sharing is safe.
    tokens_of: dict[str, list[str]] = {}

    def tok_once(s: str, tok=tok) -> list[str]:
        t = tokens_of.get(s)
        if t is None:
            t = tokens_of[s] = tok(s)
        return t

    n = config.max_order
    depth = config.stats_order
    per_sentence = []
    n_refs = set()
    for i, (cand, refs) in enumerate(zip(candidates, references)):
        if not isinstance(cand, str):
            raise TypeError(f"candidate {i} must be str, not {type(cand).__name__}")
        refs = _as_refs(refs, f"references[{i}]")
        n_refs.add(len(refs))
        if len(refs) == 1 and depth == n:  # the common case, without ReferenceStats
            per_sentence.append(single_reference_stats(tok_once(cand), tok_once(refs[0]), n))
        else:
            rs: ReferenceStats = reference_stats([tok_once(r) for r in refs], depth)
            per_sentence.append(sentence_stats(tok_once(cand), rs, n))
    signature = config.signature(_n_refs_label(n_refs) if n_refs else 1)
    pooled = pool_stats(per_sentence, n)
    corpus = score_from_stats(pooled, config, signature)
    scorer = partial(bleu_score, config=config) if sentence_scores else None
    return CorpusBleuResult(corpus, tuple(per_sentence), scorer=scorer)
