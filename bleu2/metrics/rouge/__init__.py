"""ROUGE (Lin 2004, "ROUGE: A Package for Automatic Evaluation of Summaries"): ROUGE-N
(1..9), ROUGE-L and ROUGE-Lsum with rouge-score 0.1.2's numbers under its rules
(tokenizer ``rouge-score``) and bleu2's Unicode tokenizer by default.

Modules: :mod:`.options` (options, presets, signature), :mod:`.tokenize` and :mod:`.porter`
(the tokenizers, NLTK's Porter stemmer), :mod:`.sentences` (rougeLsum's sentences),
:mod:`.lcs` (bit-parallel LCS), :mod:`.stats` (per-line statistics), :mod:`.scoring`
(scores, means, the bootstrap), :mod:`.result`, :mod:`.breakdown` (one pair explained),
:mod:`.api` (texts in, scores out).
"""

from .api import corpus_rouge, sentence_rouge
from .options import RougeConfig
from .result import AggregateScore, RougeResult, Score

__all__ = ["sentence_rouge", "corpus_rouge", "RougeConfig", "Score", "AggregateScore", "RougeResult"]
