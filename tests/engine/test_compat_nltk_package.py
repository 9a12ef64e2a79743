"""``bleu2.compat.nltk`` mirrors ``nltk.translate``: ``bleu_score``, ``gleu_score`` and
``nist_score`` modules with NLTK's function names and signatures, while every name that
``from bleu2.compat.nltk import ...`` gave before it became a package still imports."""

from __future__ import annotations

import importlib
import inspect

import pytest

import bleu2.compat.nltk as package

FUNCTIONS = {
    "bleu_score": ["sentence_bleu", "corpus_bleu", "modified_precision", "closest_ref_length", "brevity_penalty"],
    "gleu_score": ["sentence_gleu", "corpus_gleu"],
    "nist_score": ["sentence_nist", "corpus_nist"],
}


@pytest.mark.parametrize("module", sorted(FUNCTIONS))
def test_each_module_has_nltks_functions_with_nltks_parameters(module):
    ours = importlib.import_module(f"bleu2.compat.nltk.{module}")
    peer = importlib.import_module(f"nltk.translate.{module}")
    for name in FUNCTIONS[module]:
        expected = list(inspect.signature(getattr(peer, name)).parameters)
        assert list(inspect.signature(getattr(ours, name)).parameters) == expected, name


def test_the_bleu_names_still_import_from_the_package():
    from bleu2.compat.nltk import bleu_score

    for name in bleu_score.__all__:
        assert getattr(package, name) is getattr(bleu_score, name)
    assert set(package.__all__) == set(bleu_score.__all__) | {"bleu", "gleu", "nist"}


def test_nltk_translates_short_names():
    import nltk.translate

    from bleu2.compat.nltk import gleu_score, nist_score

    assert (package.bleu, package.gleu, package.nist) == (
        package.bleu_score.sentence_bleu,
        gleu_score.sentence_gleu,
        nist_score.sentence_nist,
    )
    assert (nltk.translate.bleu, nltk.translate.gleu, nltk.translate.nist) == (
        nltk.translate.bleu_score.sentence_bleu,
        nltk.translate.gleu_score.sentence_gleu,
        nltk.translate.nist_score.sentence_nist,
    )
