"""ROUGE for texts: :func:`sentence_rouge`, :func:`corpus_rouge`, :func:`make_counter`.

References: one string or a list of strings per prediction (rouge-score's ``score`` and
``score_multi``); with several, each type keeps the best by F-measure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .options import RougeConfig
from .result import RougeResult, Score
from .scoring import bootstrap, mean_score, score_of
from .sentences import newline_sentences, split_sentences
from .stats import LineStats, RougeCounter
from .tokenize import make_tokenizer

__all__ = ["make_counter", "sentence_rouge", "corpus_rouge", "line_stats"]


def make_counter(config: RougeConfig) -> RougeCounter:
    """The per-line counter of ``config``'s types, tokenizer and sentence split."""
    return RougeCounter(
        config.rouge_types,
        make_tokenizer(config.tokenizer, config.use_stemmer),
        split_sentences if config.split_summaries else newline_sentences,
    )


def _config(caller: str, config: RougeConfig | None, options: dict[str, Any]) -> RougeConfig:
    if config is not None and options:
        raise ValueError(f"{caller}: give config or options ({', '.join(options)}), not both")
    if config is not None:
        return config
    preset = options.pop("preset", None)
    try:
        return RougeConfig.from_preset(preset, **options) if preset else RougeConfig(**options)
    except TypeError as e:
        raise ValueError(f"{caller}: {e}") from None
    except ValueError as e:
        raise ValueError(str(e).replace("RougeConfig", caller, 1)) from None


def _refs(caller: str, references: str | Sequence[str], where: str) -> Sequence[str]:
    refs = [references] if isinstance(references, str) else references
    if not refs or not all(isinstance(r, str) for r in refs):
        raise ValueError(f"{caller}: {where} needs a reference string or a non-empty list of them, got {references!r}")
    return refs


def sentence_rouge(
    prediction: str, references: str | Sequence[str], config: RougeConfig | None = None, **options: Any
) -> dict[str, Score]:
    """One prediction's ROUGE: ``{type: Score}`` (floats in [0, 1]).

    Raises:
        ValueError: a bad option or no reference (the message names sentence_rouge).
    """
    cfg = _config("sentence_rouge", config, options)
    if not isinstance(prediction, str):
        raise ValueError(f"sentence_rouge: prediction must be a string, got {type(prediction).__name__}")
    stats = make_counter(cfg).line(prediction, _refs("sentence_rouge", references, "the prediction"))
    return {t: score_of(s) for t, s in zip(cfg.rouge_types, stats)}


def line_stats(
    predictions: Sequence[str], references: Sequence[str | Sequence[str]], config: RougeConfig, caller: str
) -> list[LineStats]:
    """Each line's statistics (the lengths checked; the messages name ``caller``)."""
    if isinstance(predictions, str) or isinstance(references, str):
        raise ValueError(f"{caller}: predictions and references must be lists (one entry per line), not strings")
    if len(predictions) != len(references):
        raise ValueError(f"{caller}: {len(predictions)} predictions but {len(references)} references entries")
    counter = make_counter(config)
    out = []
    for i, (p, r) in enumerate(zip(predictions, references), 1):
        if not isinstance(p, str):
            raise ValueError(f"{caller}: prediction {i} must be a string, got {type(p).__name__}")
        out.append(counter.line(p, _refs(caller, r, f"line {i}")))
    return out


def corpus_rouge(
    predictions: Sequence[str],
    references: Sequence[str | Sequence[str]],
    config: RougeConfig | None = None,
    aggregate: bool = True,
    **options: Any,
) -> RougeResult:
    """A corpus's ROUGE: per type the mean of per-line scores and (``aggregate``) the
    seeded bootstrap interval of rouge-score's ``BootstrapAggregator``.

    Raises:
        ValueError: lengths differ, a bad option or reference (the message names corpus_rouge).
    """
    cfg = _config("corpus_rouge", config, options)
    stats = line_stats(predictions, references, cfg, "corpus_rouge")
    types = cfg.rouge_types
    per_line = {t: [score_of(s[k]) for s in stats] for k, t in enumerate(types)}
    totals = {
        t: (sum(s[k][0] for s in stats), sum(s[k][1] for s in stats), sum(s[k][2] for s in stats))
        for k, t in enumerate(types)
    }
    agg = {}
    if aggregate and stats:
        columns = [[[s[j] for s in per_line[t]] for j in range(3)] for t in types]
        agg = dict(zip(types, bootstrap(columns, cfg.n_samples, cfg.confidence, seed=cfg.seed)))
    return RougeResult(
        mean={t: mean_score(per_line[t]) for t in types},
        aggregate=agg,
        totals=totals,
        lines=len(stats),
        signature=cfg.signature,
        per_line=per_line,
    )
