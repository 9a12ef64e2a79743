"""``bleu2.compat.evaluate.load("rouge")`` against HF evaluate's ``metrics/rouge/rouge.py``.

HF evaluate is not installed (its metric scripts fetch code and need ``datasets``), so the
oracle is the script's ``_compute`` copied word for word into tests/hf_evaluate_scripts.py
(Apache-2.0, HF evaluate at commit a7dd338) running on rouge-score 0.1.2 itself. Its ``BootstrapAggregator`` draws
from NumPy's global generator unseeded: the oracle seeds it with ``numpy.random.seed(12345)``
first, which is what bleu2's seeded aggregate equals.
"""

from __future__ import annotations

import numpy as np
import pytest

from bleu2.compat import evaluate
from hf_evaluate_scripts import rouge_compute as script_compute
from shared_data import MULTITED_JA, TED


def oracle(predictions, references, **kwargs) -> dict:
    np.random.seed(12345)
    return script_compute(predictions, references, **kwargs)


def lines(path, count: int) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:count]


REF, SYS = lines(TED / "ted.ref.detok.eng", 400), lines(TED / "ted.sys1.detok.eng", 400)
SYS2 = lines(TED / "ted.sys2.detok.eng", 400)


def test_script_example():
    rouge = evaluate.load("rouge")
    got = rouge.compute(predictions=["hello there", "general kenobi"], references=["hello there", "general kenobi"])
    assert got == {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}


@pytest.mark.parametrize("stem", [False, True])
def test_ted_aggregate_is_the_seeded_bootstrap_median(stem):
    got = evaluate.load("rouge").compute(predictions=SYS, references=REF, use_stemmer=stem)
    assert got == oracle(SYS, REF, use_stemmer=stem)
    assert list(got) == ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def test_without_aggregator_every_line_and_int_zeros():
    preds, refs = SYS[:100] + ["", "日本語", "a"], REF[:100] + ["a b", "x", ""]
    types = ["rouge1", "rouge3", "rougeL", "rougeLsum"]
    got = evaluate.load("rouge").compute(predictions=preds, references=refs, use_aggregator=False, rouge_types=types)
    expected = oracle(preds, refs, use_aggregator=False, rouge_types=types)
    assert got == expected
    assert [type(x) for x in got["rougeL"]] == [type(x) for x in expected["rougeL"]]


def test_several_references_score_multi():
    refs = [[a, b] for a, b in zip(REF[:200], SYS2[:200])]
    for aggregate in (True, False):
        got = evaluate.load("rouge").compute(predictions=SYS[:200], references=refs, use_aggregator=aggregate)
        assert got == oracle(SYS[:200], refs, use_aggregator=aggregate)


def test_add_add_batch_and_a_tokenizer():
    ja_ref, ja_sys = lines(MULTITED_JA / "multited.ref.jpn", 100), lines(MULTITED_JA / "multited.sys1.jpn", 100)
    rouge = evaluate.load("rouge")
    rouge.add(prediction=ja_sys[0], reference=ja_ref[0])
    rouge.add_batch(predictions=ja_sys[1:], references=ja_ref[1:])
    got = rouge.compute(tokenizer=list, rouge_types=["rouge1", "rouge2", "rougeL"])
    assert got == oracle(ja_sys, ja_ref, tokenizer=list, rouge_types=["rouge1", "rouge2", "rougeL"])
    assert got["rouge1"] > 0.5  # per character; rouge-score's own tokenizer keeps only a-z0-9:
    default = evaluate.load("rouge").compute(predictions=ja_sys, references=ja_ref)
    assert default == oracle(ja_sys, ja_ref)
    assert default["rouge1"] < 0.1


def test_newlines_make_rougelsum_sentences():
    preds = ["the cat sat\non the mat today", "a b c\nd e"]
    refs = ["on the mat\nthe cat sat", "d e\na b c"]
    got = evaluate.load("rouge").compute(predictions=preds, references=refs, use_aggregator=False)
    assert got == oracle(preds, refs, use_aggregator=False)
    assert got["rougeLsum"][1] == 1.0 and got["rougeL"][1] < 1.0


def test_seed_changes_the_interval_and_refusals():
    rouge = evaluate.load("rouge")
    a = rouge.compute(predictions=SYS[:50], references=REF[:50], seed=1)
    np.random.seed(1)
    assert a == script_compute(SYS[:50], REF[:50])
    with pytest.raises(ValueError, match="Invalid rouge type: rougeX"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types=["rougeX"])
    with pytest.raises(ValueError, match="call `add` or `add_batch`"):
        rouge.compute()


EDGE_PREDICTIONS = [
    "",
    "a",
    "",
    "one",
    "Καλημέρα κόσμε",
    "Привет мир",
    "東京 は 晴れ",
    "مرحبا بالعالم",
    "ok 😀 ok",
    "a b\nc d",
]
EDGE_REFERENCES = ["a b", "", "", "one", "καλημέρα", "привет", "東京", "مرحبا", "ok ok 😀", "c d\na b"]


def test_edge_cases_equal_the_script_on_rouge_score():
    """Empty prediction, empty reference, both empty, one token, Greek, Cyrillic, CJK,
    Arabic, emoji (rouge-score's tokenizer drops all but a-z0-9), newlines (rougeLsum's
    sentences); alone, aggregated and with several references each."""
    for aggregate in (False, True):
        got = evaluate.load("rouge").compute(
            predictions=EDGE_PREDICTIONS, references=EDGE_REFERENCES, use_aggregator=aggregate
        )
        assert got == oracle(EDGE_PREDICTIONS, EDGE_REFERENCES, use_aggregator=aggregate)
        refs = [[r, p, ""] for r, p in zip(EDGE_REFERENCES, reversed(EDGE_PREDICTIONS))]
        got = evaluate.load("rouge").compute(predictions=EDGE_PREDICTIONS, references=refs, use_aggregator=aggregate)
        assert got == oracle(EDGE_PREDICTIONS, refs, use_aggregator=aggregate)
    by_char = evaluate.load("rouge").compute(
        predictions=EDGE_PREDICTIONS, references=EDGE_REFERENCES, use_aggregator=False, tokenizer=list
    )
    assert by_char == oracle(EDGE_PREDICTIONS, EDGE_REFERENCES, use_aggregator=False, tokenizer=list)
    assert by_char["rouge1"][6] > 0  # per character, CJK scores


def test_where_the_script_fails_bleu2_refuses_naming_compute_and_the_argument():
    rouge = evaluate.load("rouge")
    with pytest.raises(ValueError, match=r"Invalid rouge type: r$"):
        script_compute(["a"], ["a"], rouge_types="rouge1")  # rouge-score reads the string's letters
    with pytest.raises(ValueError, match=r"rouge\.compute: rouge_types must be a list of names .* the string 'rouge1'"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types="rouge1")
    with pytest.raises(ValueError, match="Invalid rouge type: rouge_1"):
        script_compute(["a"], ["a"], rouge_types=["rouge_1"])  # as HF's metric card spells it
    with pytest.raises(ValueError, match=r"rouge\.compute: rouge_types: Invalid rouge type: rouge_1"):
        rouge.compute(predictions=["a"], references=["a"], rouge_types=["rouge_1"])
    with pytest.raises(ValueError, match="attempt to get argmax of an empty sequence"):
        script_compute(["a", "b"], [["a"], []])
    with pytest.raises(ValueError, match=r"rouge\.compute: references\[1\] is an empty list"):
        rouge.compute(predictions=["a", "b"], references=[["a"], []])
