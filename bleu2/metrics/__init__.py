"""The metrics: BLEU, chrF and TER, each a package of the same shape (options, per-line
statistics, scoring of summed statistics, results)."""
