"""HF evaluate's metric scripts ``metrics/rouge/rouge.py`` and
``metrics/google_bleu/google_bleu.py``, their ``_compute`` copied word for word
(Apache-2.0; rouge.py at HF evaluate's commit a7dd338, google_bleu.py at 261842f;
``self`` dropped), on the peers they call
(rouge-score 0.1.2, NLTK 3.10.4, and for google_bleu's ``tokenizer_13a.py``, a copy of
sacreBLEU's 13a tokenizer, sacreBLEU 2.6.0's). HF evaluate is not installed here (its
metric scripts come from the Hub and need ``datasets``): these are the oracles.

``peer_evaluate``: an ``evaluate`` namespace whose ``load(name).compute(...)`` runs the
script's ``_compute``, for the scripts' documented examples; the rouge script's
``BootstrapAggregator`` draws from NumPy's global generator unseeded, so ``compute``
seeds it with ``numpy.random.seed(12345)`` first (bleu2's default seed)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
from nltk.translate import gleu_score
from rouge_score import rouge_scorer, scoring
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a as _Sacrebleu13a


class Tokenizer:
    """Helper class to wrap a callable into a class with a `tokenize` method as used by rouge-score."""

    def __init__(self, tokenizer_func):
        self.tokenizer_func = tokenizer_func

    def tokenize(self, text):
        return self.tokenizer_func(text)


def rouge_compute(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False, tokenizer=None):
    """HF evaluate's ``Rouge._compute``, word for word (``self`` dropped)."""
    if rouge_types is None:
        rouge_types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]

    multi_ref = isinstance(references[0], list)

    if tokenizer is not None:
        tokenizer = Tokenizer(tokenizer)

    scorer = rouge_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=tokenizer)
    if use_aggregator:
        aggregator = scoring.BootstrapAggregator()
    else:
        scores = []

    for ref, pred in zip(references, predictions):
        if multi_ref:  # noqa: SIM108 (the script's code as it is)
            score = scorer.score_multi(ref, pred)
        else:
            score = scorer.score(ref, pred)
        if use_aggregator:
            aggregator.add_scores(score)
        else:
            scores.append(score)

    if use_aggregator:
        result = aggregator.aggregate()
        for key in result:
            result[key] = result[key].mid.fmeasure

    else:
        result = {}
        for key in scores[0]:
            result[key] = list(score[key].fmeasure for score in scores)  # noqa: C400

    return result


class Tokenizer13a:
    """``tokenizer_13a.py``'s ``Tokenizer13a``: sacreBLEU's 13a, split on spaces."""

    def __call__(self, line: str) -> list[str]:
        return _Sacrebleu13a()(line).split()


def google_bleu_compute(predictions, references, tokenizer=Tokenizer13a(), min_len=1, max_len=4):  # noqa: B008 (the script's default)
    """HF evaluate's ``GoogleBleu._compute``, word for word (``self`` and types dropped)."""
    # if only one reference is provided make sure we still use list of lists
    if isinstance(references[0], str):
        references = [[ref] for ref in references]

    references = [[tokenizer(r) for r in ref] for ref in references]
    predictions = [tokenizer(p) for p in predictions]
    return {
        "google_bleu": gleu_score.corpus_gleu(
            list_of_references=references, hypotheses=predictions, min_len=min_len, max_len=max_len
        )
    }


def _load(name: str) -> Any:
    def compute(**kwargs: Any) -> dict:
        np.random.seed(12345)
        return {"rouge": rouge_compute, "google_bleu": google_bleu_compute}[name](**kwargs)

    return SimpleNamespace(compute=compute)


peer_evaluate = SimpleNamespace(load=_load)
