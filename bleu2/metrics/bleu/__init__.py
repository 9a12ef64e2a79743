"""BLEU (Papineni et al. 2002): options, n-gram statistics, smoothing, scoring, results."""
