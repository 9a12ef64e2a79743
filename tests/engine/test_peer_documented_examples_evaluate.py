"""HF evaluate's documented examples for ``rouge`` and ``google_bleu``: the metric
scripts' ``_KWARGS_DESCRIPTION`` examples (``metrics/rouge/rouge.py``,
``metrics/google_bleu/google_bleu.py``) and the rouge metric card's (``metrics/rouge/README.md``),
and the google_bleu card's "How to Use" (``metrics/google_bleu/README.md``),
run through ``bleu2.compat.evaluate`` (``evaluate.load`` -> bleu2's, the one changed import)
and through the scripts' own ``_compute`` on rouge-score and NLTK
(tests/hf_evaluate_scripts.py: HF evaluate cannot be installed here with its scripts).

The scripts' examples print what their docstrings show: those printed values are the
peer's documented numbers, and bleu2 prints them. The metric card's examples do not: its
printed numbers ("[0.5, 0.0]", "0.25") are not what rouge-score computes (F of "hello
goodbye" against "goodbye" is 2/3), and its ``rouge_types=['rouge_1']`` is refused by
rouge-score ("Invalid rouge type: rouge_1"): there bleu2 equals what the peer does, not
what the card prints. The peer's aggregates are NumPy floats (``np.float64(1.0)`` when a
dict is printed); bleu2's are Python floats, printed as the docstrings show them."""

from __future__ import annotations

import doctest
import re

import pytest

from bleu2.compat import evaluate
from hf_evaluate_scripts import peer_evaluate
from peer_examples import run

ROUGE_SCRIPT = """
>>> rouge = evaluate.load('rouge')
>>> predictions = ["hello there", "general kenobi"]
>>> references = ["hello there", "general kenobi"]
>>> results = rouge.compute(predictions=predictions, references=references)
>>> print(results)
{'rouge1': 1.0, 'rouge2': 1.0, 'rougeL': 1.0, 'rougeLsum': 1.0}
"""

_PREDICTIONS = """>>> predictions = ['It is a guide to action which ensures that the rubber duck always disobeys the commands of the cat', \
'he read the book because he was interested in world history']
"""
_ONE_REF = """>>> references = [['It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat'], \
['he was interested in world history because he read the book']]
"""
_THREE_REFS = """>>> references = [['It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat', \
'It is a guide to action that ensures that the rubber duck will never heed the cat commands', \
'It is the practical guide for the rubber duck army never to heed the directions of the cat'], \
['he was interested in world history because he read the book']]
"""
_LOAD = """>>> google_bleu = evaluate.load("google_bleu")
"""
GOOGLE_BLEU_SCRIPT = {
    "example 1": _PREDICTIONS
    + _ONE_REF
    + _LOAD
    + """>>> results = google_bleu.compute(predictions=predictions, references=references)
>>> print(round(results["google_bleu"], 2))
0.44
""",
    "example 2": _PREDICTIONS
    + _THREE_REFS
    + _LOAD
    + """>>> results = google_bleu.compute(predictions=predictions, references=references)
>>> print(round(results["google_bleu"], 2))
0.61
""",
    "example 3": _PREDICTIONS
    + _THREE_REFS
    + _LOAD
    + """>>> results = google_bleu.compute(predictions=predictions, references=references, min_len=2)
>>> print(round(results["google_bleu"], 2))
0.53
""",
    "example 4": _PREDICTIONS
    + _THREE_REFS
    + _LOAD
    + """>>> results = google_bleu.compute(predictions=predictions,references=references, min_len=2, max_len=6)
>>> print(round(results["google_bleu"], 2))
0.4
""",
}

_CARD_INPUTS = """>>> rouge = evaluate.load('rouge')
>>> predictions = ["hello goodbye", "ankh morpork"]
>>> references = ["goodbye", "general kenobi"]
"""
ROUGE_CARD = {
    "without aggregation": _CARD_INPUTS
    + """>>> results = rouge.compute(predictions=predictions,
...                         references=references,
...                         use_aggregator=False)
>>> print(list(results.keys()))
['rouge1', 'rouge2', 'rougeL', 'rougeLsum']
>>> print(results["rouge1"])
[0.5, 0.0]
""",
    "with aggregation": _CARD_INPUTS
    + """>>> results = rouge.compute(predictions=predictions,
...                         references=references,
...                         use_aggregator=True)
>>> print(list(results.keys()))
['rouge1', 'rouge2', 'rougeL', 'rougeLsum']
>>> print(results["rouge1"])
0.25
""",
    "rouge_1 only": _CARD_INPUTS
    + """>>> results = rouge.compute(predictions=predictions,
...                         references=references,
...                         rouge_types=['rouge_1'],
...                         use_aggregator=True)
>>> print(list(results.keys()))
['rouge1']
>>> print(results["rouge1"])
0.25
""",
}


def _both(text: str, name: str):
    test = doctest.DocTestParser().get_doctest(text, {}, name, None, 0)
    peer_ns, our_ns = {"evaluate": peer_evaluate}, {"evaluate": evaluate}
    return run(test, {}, namespace=peer_ns), run(test, {}, namespace=our_ns), peer_ns, our_ns


def _plain(printed: str) -> str:
    return re.sub(r"np\.float64\(([^()]*)\)", r"\1", printed)


def test_rouge_script_example():
    theirs, mine, peer_ns, our_ns = _both(ROUGE_SCRIPT, "rouge")
    assert [m.printed for m in mine] == [_plain(t.printed) for t in theirs]
    assert all(m.as_documented() for m in mine)
    assert our_ns["results"] == peer_ns["results"] == {"rouge1": 1.0, "rouge2": 1.0, "rougeL": 1.0, "rougeLsum": 1.0}


@pytest.mark.parametrize("name", sorted(GOOGLE_BLEU_SCRIPT))
def test_google_bleu_script_examples(name):
    theirs, mine, peer_ns, our_ns = _both(GOOGLE_BLEU_SCRIPT[name], name)
    assert [m.printed for m in mine] == [t.printed for t in theirs]
    assert all(m.as_documented() for m in mine), [m.printed for m in mine]
    assert our_ns["results"] == peer_ns["results"]  # unrounded: NLTK's corpus_gleu on 13a tokens


def test_google_bleu_script_examples_unrounded():
    values = {}
    for name, text in sorted(GOOGLE_BLEU_SCRIPT.items()):
        values[name] = _both(text, name)[3]["results"]["google_bleu"]
    assert values == {
        "example 1": 0.4351851851851852,
        "example 2": 0.6111111111111112,
        "example 3": 0.5256410256410257,
        "example 4": 0.4,
    }


@pytest.mark.parametrize("name", ["without aggregation", "with aggregation"])
def test_rouge_card_examples_print_what_rouge_score_computes(name):
    theirs, mine, peer_ns, our_ns = _both(ROUGE_CARD[name], name)
    assert [m.printed for m in mine] == [_plain(t.printed) for t in theirs]
    assert our_ns["results"] == {k: v if isinstance(v, list) else float(v) for k, v in peer_ns["results"].items()}
    assert mine[-1].printed == ("[0.6666666666666666, 0.0]\n" if "without" in name else "0.3333333333333333\n")
    assert not mine[-1].as_documented()  # the card's "[0.5, 0.0]" / "0.25": not rouge-score's


def test_rouge_card_example_with_rouge_1_is_refused_as_rouge_score_refuses_it():
    theirs, mine, _, _ = _both(ROUGE_CARD["rouge_1 only"], "rouge_1 only")
    assert theirs[-1].printed == "ValueError: Invalid rouge type: rouge_1"
    assert mine[-1].printed.startswith("ValueError: rouge.compute: rouge_types: Invalid rouge type: rouge_1")
    assert len(mine) == len(theirs) == 4  # the compute call raised


def test_google_bleu_card_how_to_use_and_symmetry():
    """The google_bleu metric card: ``{'google_bleu': 0.3333333333333333}`` for one pair; the
    card's symmetry (its own snippet compares a call with itself: here the texts swapped)."""
    sentence1, sentence2 = "the cat sat on the mat", "the cat ate the mat"
    got = evaluate.load("google_bleu").compute(predictions=[sentence1], references=[[sentence2]])
    expected = peer_evaluate.load("google_bleu").compute(predictions=[sentence1], references=[[sentence2]])
    assert str(got) == str(expected) == "{'google_bleu': 0.3333333333333333}"
    swapped = evaluate.load("google_bleu").compute(predictions=[sentence2], references=[[sentence1]])
    assert (
        swapped == got == peer_evaluate.load("google_bleu").compute(predictions=[sentence2], references=[[sentence1]])
    )
