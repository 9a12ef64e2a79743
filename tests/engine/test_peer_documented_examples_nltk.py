"""NLTK 3.10.4's own documented examples, run twice: in NLTK and through
``bleu2.compat.nltk`` with the one changed import. Every ``>>>`` line of the docstrings of
``nltk.translate.bleu_score``, ``gleu_score`` and ``nist_score`` (run in the module's
namespace, as doctest runs them: bleu2's module in place of NLTK's) and of NLTK's
``nltk/test/bleu.doctest`` (its imports rewritten ``nltk.translate`` -> ``bleu2.compat.nltk``)
prints the same text, every float at full ``repr`` precision, and what the docstring shows."""

from __future__ import annotations

import warnings
from pathlib import Path

import nltk
import nltk.translate.bleu_score
import nltk.translate.gleu_score
import nltk.translate.nist_score
import pytest

import bleu2.compat.nltk.bleu_score
import bleu2.compat.nltk.gleu_score
import bleu2.compat.nltk.nist_score
from peer_examples import docstring_tests, file_test, run

DOCUMENTED = {
    "bleu_score": [
        "sentence_bleu",
        "corpus_bleu",
        "modified_precision",
        "brevity_penalty",
        "SmoothingFunction.__init__",
    ],
    "gleu_score": ["sentence_gleu", "corpus_gleu"],
    "nist_score": ["sentence_nist"],
}
CASES = [(module, name) for module, names in DOCUMENTED.items() for name in names]


def _both(test, peer_globs, our_globs, rewrite=lambda s: s):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK's (and bleu2's) "0 counts of 3-gram overlaps"
        return run(test, peer_globs), run(test, our_globs, rewrite)


@pytest.mark.parametrize(("module", "name"), CASES, ids=[f"{m}.{n}" for m, n in CASES])
def test_docstring_examples_print_nltks_numbers(module, name):
    peer = getattr(nltk.translate, module)
    ours = getattr(bleu2.compat.nltk, module)
    test = docstring_tests(peer, [name])[name]
    theirs, mine = _both(test, vars(peer), vars(ours))
    printed = [s for s in theirs if s.documented]
    assert printed, "the example prints nothing to compare"
    for t, m in zip(theirs, mine):
        assert m.printed == t.printed, t.source
        assert t.as_documented() and m.as_documented(), (t.source, t.documented, m.printed)


def test_the_documented_numbers():
    """The examples' first lines, spelled out (NLTK's and bleu2's printed values)."""
    cases = {
        ("gleu_score", "corpus_gleu"): ["0.5673076923076923", "0.6144338118022329"],
        ("gleu_score", "sentence_gleu"): ["0.09090909090909091", "0.4393939393939394", "0.1206896551724138"],
        ("nist_score", "sentence_nist"): ["3.3709935957649324", "1.4619035460750132"],
        ("bleu_score", "corpus_bleu"): ["0.5920778868801042", "0.6223247442490669", "0.5818765313748497"],
    }
    for (module, name), expected in cases.items():
        peer, ours = getattr(nltk.translate, module), getattr(bleu2.compat.nltk, module)
        test = docstring_tests(peer, [name])[name]
        printed = [s.printed.strip() for s in _both(test, vars(peer), vars(ours))[1] if s.documented]
        assert printed[: len(expected)] == expected, name


def test_nltks_bleu_doctest_file():
    """nltk/test/bleu.doctest: ``from nltk.translate import bleu`` (no alignment: the int 0)
    and method4's smoothing, through ``from bleu2.compat.nltk import bleu``."""
    test = file_test(Path(nltk.__file__).parent / "test" / "bleu.doctest")
    theirs, mine = _both(test, {}, {}, lambda s: s.replace("nltk.translate", "bleu2.compat.nltk"))
    assert [m.printed for m in mine] == [t.printed for t in theirs]
    assert [m.printed for m in mine if m.documented] == ["0\n", "4.426730592500287\n"]
    assert all(m.as_documented() for m in mine)
