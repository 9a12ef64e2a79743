"""The metrics' registry (bleu2.metrics.registry): every metric registered once, with its
names, direction and scorer; the command lines, layouts' messages and the page ask it."""

from __future__ import annotations

import pytest

import bleu2
from bleu2.cli import parser
from bleu2.metrics import registry
from bleu2.metrics.protocol import Metric
from bleu2.page import options_form


def test_the_built_in_metrics_in_their_order():
    rouge = ("rouge", "rouge-score", "rouge-torchmetrics")
    assert registry.names() == ("bleu", "chrf", "chrf++", "ter", *rouge, "gleu", "nist")
    assert [m.display for m in registry.metrics()] == [
        "BLEU", "chrF", "chrF++", "TER", "ROUGE", "ROUGE (rouge-score)", "ROUGE (torchmetrics)", "GLEU", "NIST"
    ]  # fmt: skip
    assert registry.names(variants=False) == ("bleu", "chrf", "ter", "rouge", "gleu", "nist")
    assert registry.names(sacrebleu=True) == ("bleu", "chrf", "ter")
    assert [m.key for m in registry.metrics() if m.lower_is_better] == ["ter"]
    assert [m.key for m in registry.metrics() if not m.percent] == ["nist"]


@pytest.mark.parametrize(
    ("key", "scorer", "functions"),
    [
        ("bleu", bleu2.BLEU, ("corpus_bleu", "sentence_bleu")),
        ("chrf", bleu2.CHRF, ("corpus_chrf", "sentence_chrf")),
        ("ter", bleu2.TER, ("corpus_ter", "sentence_ter")),
    ],
)
def test_each_entry_names_the_public_scorer_and_functions(key, scorer, functions):
    m = registry.get(key)
    assert getattr(m.load(), m.scorer) is scorer
    assert (m.corpus_function, m.sentence_function) == functions
    assert all(callable(getattr(bleu2, f)) for f in functions)


def test_chrf_plus_plus_is_chrf_with_word_bigrams():
    made = registry.get("chrf++").make()
    assert (made.word_order, made.char_order) == (2, 6)
    assert str(made.sentence_score("the cat sat", ["the cat sat"])) == "chrF2++ = 100.00"
    assert registry.get("chrf++").make(word_order=1).word_order == 1  # the caller's options win


def test_an_unknown_metric_is_refused_with_the_list():
    with pytest.raises(
        ValueError, match=r"metric must be one of bleu, chrf, chrf\+\+, ter, rouge, .*, nist, got 'meteor'"
    ):
        registry.get("meteor")


def test_a_key_is_registered_once():
    with pytest.raises(ValueError, match="'ter' is registered already"):
        registry.register(registry.get("ter"))


def test_the_tables_of_the_clis_and_the_page_are_the_registrys():
    assert registry.names(variants=False) == parser.METRICS
    assert registry.names(sacrebleu=True) == parser.SACREBLEU_METRICS
    assert registry.names() == options_form.METRICS
    assert [options_form.metric_name(k) for k in options_form.METRICS] == [m.display for m in registry.metrics()]


def test_a_metric_registered_later_is_listed_and_named():
    m = Metric("unigram-f1", "Unigram F1", "bleu2.metrics.chrf.api", "CHRF", "corpus_f1", "sentence_f1")
    registry.register(m)
    try:
        assert registry.get("unigram-f1") is m and registry.names()[-1] == "unigram-f1"
        assert options_form.metric_name("unigram-f1") == "Unigram F1"
    finally:
        registry.unregister("unigram-f1")
    assert "unigram-f1" not in registry.names()


@pytest.mark.parametrize(
    ("key", "functions"),
    [("rouge", ("corpus_rouge", "sentence_rouge")), ("gleu", ("corpus_gleu", "sentence_gleu")),
     ("nist", ("corpus_nist", "sentence_nist"))],
)  # fmt: skip
def test_rouge_gleu_and_nist_name_their_packages_functions(key, functions):
    import importlib

    m = registry.get(key)
    api = importlib.import_module(f"bleu2.metrics.{key}.api")
    assert all(callable(getattr(api, f)) for f in functions)
    assert (m.corpus_function, m.sentence_function) == functions


def test_the_rouge_presets_are_rouge_scores_and_torchmetrics_rules():
    plain, peer, torch = (registry.get(k).make().config for k in ("rouge", "rouge-score", "rouge-torchmetrics"))
    assert (plain.tokenizer, peer.tokenizer, torch.tokenizer) == ("default", "rouge-score", "rouge-score")
    assert (peer.split_summaries, torch.split_summaries) == (False, True)


@pytest.mark.parametrize("key", ["rouge", "rouge-torchmetrics", "gleu", "nist"])
def test_rouge_gleu_and_nist_scorers_pickle_with_their_options(key):
    import pickle

    made = registry.get(key).make()
    again = pickle.loads(pickle.dumps(made))
    assert type(again) is type(made) and again.config == made.config
    line = again.extract("the cat sat on the mat", ["the cat is on the mat"])
    assert again.score_from_stats(again.sum_stats([line])).score == made.score_from_stats(made.sum_stats([line])).score


@pytest.mark.parametrize("key", ["rouge", "gleu", "nist"])
def test_rouge_gleu_and_nist_sums_fold_chunk_after_chunk_to_the_same_score(key):
    """The corpus pipeline folds each chunk into the running sums: sum_stats([sums, *lines])."""
    scorer = registry.get(key).make()
    pairs = [("the cat sat on the mat", "the cat is on the mat"), ("a dog barked", "the dog barked loudly"),
             ("one two three", "three two one"), ("x", "y z")]  # fmt: skip
    lines = [scorer.extract(h, [r]) for h, r in pairs]
    whole = scorer.score_from_stats(scorer.sum_stats(lines)).to_dict()
    folded = scorer.sum_stats([])
    for a in range(0, len(lines), 3):
        folded = scorer.sum_stats([folded, *lines[a : a + 3]])
    assert scorer.score_from_stats(folded).to_dict() == whole
