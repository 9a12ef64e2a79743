"""ROUGE's, GLEU's and NIST's options on bleu2's own command (``--metric rouge|gleu|nist``,
``bleu2 rouge|gleu|nist``): each flag's destination is the scorer's option
(:class:`~bleu2.metrics.rouge.scorer.ROUGE`, :class:`~bleu2.metrics.gleu.scorer.GLEU`,
:class:`~bleu2.metrics.nist.scorer.NIST`)."""

from __future__ import annotations

import argparse

__all__ = ["add_text_metric_options"]


def add_text_metric_options(p: argparse.ArgumentParser) -> None:
    """ROUGE's, GLEU's and NIST's options (their registry entries' ``flags``: :data:`bleu2.cli.parser.METRIC_FLAGS`), each None by default."""
    g = p.add_argument_group("ROUGE, GLEU and NIST (with --metric rouge, gleu or nist, or bleu2 rouge|gleu|nist)")
    g.add_argument("--rouge-preset", choices=("rouge-score", "hf-evaluate"), help="ROUGE: a peer's rules")
    g.add_argument(
        "--rouge-types",
        nargs="+",
        metavar="TYPE",
        help="ROUGE: rouge1 .. rouge9, rougeL, rougeLsum; the score is the first's mean F "
        "(default: rouge1 rouge2 rougeL rougeLsum)",
    )
    g.add_argument(
        "--rouge-tokenizer",
        choices=("default", "rouge-score"),
        help="ROUGE: bleu2's Unicode tokenizer (default) or rouge-score's (a-z0-9 only)",
    )
    g.add_argument("--use-stemmer", action="store_const", const=True, help="ROUGE: Porter-stem tokens (as rouge-score)")
    g.add_argument(
        "--split-summaries", action="store_const", const=True, help="ROUGE: rougeLsum's sentences split, not lines"
    )
    g.add_argument("--gleu-preset", choices=("hf-evaluate", "nltk"), help="GLEU: a peer's rules (default: hf-evaluate)")
    g.add_argument("--min-len", type=int, metavar="N", help="GLEU: the smallest n-gram order (default: 1)")
    g.add_argument("--max-len", type=int, metavar="N", help="GLEU: the largest n-gram order (default: 4)")
    g.add_argument("--nist-preset", choices=("mteval-v13a", "nltk"), help="NIST: a peer's rules (default: mteval-v13a)")
    g.add_argument("--nist-order", dest="n", type=int, metavar="N", help="NIST: the highest n-gram order (default: 5)")
    g.add_argument("--nist-rules", dest="rules", choices=("mteval", "nltk"), help="NIST: whose rules (default: mteval)")
