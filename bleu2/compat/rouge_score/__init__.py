"""rouge-score 0.1.2's API on bleu2's engine, one changed import::

    from bleu2.compat.rouge_score import rouge_scorer, scoring

``rouge_scorer.RougeScorer(rouge_types, use_stemmer=False, split_summaries=False,
tokenizer=None)`` with ``score(target, prediction)`` and ``score_multi(targets,
prediction)``; ``scoring.Score``, ``AggregateScore``, ``BootstrapAggregator``;
``tokenizers.DefaultTokenizer``; ``tokenize.tokenize``; and ``python -m
bleu2.compat.rouge_score.rouge`` with rouge-score's flags and CSV.

The numbers are rouge-score's, but two: ``BootstrapAggregator`` draws from NumPy's
global generator unseeded in rouge-score (a new number each run), and seeded here (12345
unless ``seed=`` is given: rouge-score's numbers after ``np.random.seed(12345)``);
``split_summaries=True`` calls NLTK's punkt there (downloaded at run time) and bleu2's
offline splitter here (:mod:`bleu2.metrics.rouge.sentences` says where they may differ).
"""

__all__ = ["rouge_scorer", "scoring", "tokenizers", "tokenize"]
