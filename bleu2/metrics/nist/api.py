"""NIST on text: ``corpus_nist`` and ``sentence_nist`` with mteval-v13a.pl's rules and
tokenizer by default (``preset="nltk"``: NLTK's rules, whitespace tokens).

    >>> from bleu2.metrics.nist.api import corpus_nist
    >>> hyp = ["the cat sat on the mat", "a dog barked"]
    >>> refs = [["the cat is on the mat"], ["the dog barked"]]
    >>> round(corpus_nist(hyp, refs).score, 4), round(corpus_nist(hyp, refs, preset="nltk").score, 4)
    (2.5661, 2.5661)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ...tokenizers import make_tokenizer
from ...tokenizers.sacrebleu import spaced_13a, tokenize_13a
from ..text_inputs import check_hypotheses, reference_lists
from .options import MTEVAL_TOKENIZER, NistOptions, nist_options
from .result import NistResult
from .scoring import mteval_nist, nltk_nist
from .stats import InfoWeights, mteval_line, nltk_line, reference_counts, sum_lines

__all__ = ["corpus_nist", "sentence_nist", "mteval_tokens", "nist_of_tokens"]

#: Perl's ``\s`` on character strings (mteval-v13a.pl reads UTF-8).
_PERL_SPACE = re.compile(r"[\t\n\x0b\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
#: Where Python's ``str.split`` (and the 13a tokenizer's ``-`` + newline rule) would differ.
_NOT_PERL_SPACE = re.compile("[\n\x1c-\x1f]")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def mteval_tokens(line: str, lowercase: bool = True) -> list[str]:
    """mteval-v13a.pl's ``tokenization`` then its ``split /\\s+/``: the 13a rules, ASCII
    letters lower-cased (``tr/[A-Z]/[a-z]/``) unless ``lowercase`` is False (``-c``)."""
    if lowercase:
        line = line.translate(_ASCII_LOWER)
    if _NOT_PERL_SPACE.search(line) is None:  # Perl's and Python's whitespace agree here
        return tokenize_13a(line)
    return [t for t in _PERL_SPACE.split(spaced_13a(_PERL_SPACE.sub(" ", line))) if t]


def _tokenizer(config: NistOptions) -> Callable[[str], list[str]]:
    if config.tokenize == MTEVAL_TOKENIZER:
        return lambda line: mteval_tokens(line, config.lowercase)
    return make_tokenizer(config.tokenize, config.lowercase)


def nist_of_tokens(
    hypotheses: Sequence[Sequence[Any]], references: Sequence[Sequence[Sequence[Any]]], config: NistOptions, caller: str
) -> NistResult:
    """NIST of token lists: ``references[i]`` the references of ``hypotheses[i]``.

    Raises:
        ValueError: different lengths, a line without references, different numbers of
            references per line (mteval's rules); NistUndefined (a ValueError) where the
            peer divides by zero.
    """
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{caller}: {len(hypotheses)} hypotheses but {len(references)} reference entries; one per hypothesis"
        )
    n = config.n
    counts, words = reference_counts(references, n)
    weights = InfoWeights(counts, words, config.rules)
    n_refs = {len(r) for r in references}
    if config.rules == "mteval" and len(n_refs) > 1:
        raise ValueError(f"{caller}: mteval-v13a.pl needs the same number of references for every line")
    lines = []
    for i, (hyp, refs) in enumerate(zip(hypotheses, references)):
        if not refs:
            raise ValueError(f"{caller}: hypothesis {i} has no references")
        lines.append((nltk_line if config.rules == "nltk" else mteval_line)(hyp, refs, weights, n))
    width = 2 * n + (2 if config.rules == "nltk" else 1)
    sums = sum_lines(lines, width)
    shown: int | str = n_refs.pop() if len(n_refs) == 1 else "var"
    if config.rules == "nltk":
        score, gains, penalty = nltk_nist(sums, n, caller)
        hyp_len, ref_len = int(sums[2 * n + 1]) // n, sums[2 * n] / n
    else:
        score, gains, penalty = mteval_nist(sums, n, int(shown), caller)
        hyp_len, ref_len = int(sums[1]), sums[2 * n] / int(shown)
    return NistResult(score, tuple(gains), penalty, hyp_len, ref_len, config.rules, len(lines), config.signature(shown))


def corpus_nist(
    hypotheses: Sequence[str], references: Sequence[str | Sequence[str]], *, preset: str | None = None, **options: Any
) -> NistResult:
    """Corpus NIST of text lines.

    Args:
        hypotheses: one string per line.
        references: ``references[i]`` are the references of ``hypotheses[i]`` (a string
            or a list of strings).
        preset: ``"mteval-v13a"`` (the default rules) or ``"nltk"``.
        options: ``n``, ``rules``, ``tokenize``, ``lowercase`` (:class:`NistOptions`).
    Raises:
        ValueError: bad options or input, naming ``corpus_nist``; NistUndefined where the
            peer divides by zero.
    """
    return _text("corpus_nist", hypotheses, references, preset, options)


def sentence_nist(
    hypothesis: str, references: str | Sequence[str], *, preset: str | None = None, **options: Any
) -> NistResult:
    """One sentence's NIST: the corpus NIST of one line (weights from its references).

    Raises:
        ValueError: as :func:`corpus_nist`, naming ``sentence_nist``.
    """
    if not isinstance(hypothesis, str):
        raise ValueError(f"sentence_nist: hypothesis must be a string, got {hypothesis!r}")
    return _text("sentence_nist", [hypothesis], [references], preset, options)


def _text(caller: str, hypotheses: Any, references: Any, preset: str | None, options: dict[str, Any]) -> NistResult:
    config = nist_options(caller, preset, **options)
    check_hypotheses(caller, hypotheses, references)
    tokenize = _tokenizer(config)
    refs = [[tokenize(r) for r in entry] for entry in reference_lists(references, caller)]
    return nist_of_tokens([tokenize(h) for h in hypotheses], refs, config, caller)
