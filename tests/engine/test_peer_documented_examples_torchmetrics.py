"""torchmetrics 1.9.0's own documented examples, run twice: in torchmetrics and through
``bleu2.compat.torchmetrics`` with the one changed import (``from torchmetrics.`` ->
``from bleu2.compat.torchmetrics.``, its submodules included: ``text.rouge``,
``functional.text.rouge``...). Each docstring's ``>>>`` lines print the same text (torch's
four-decimal tensors) and what the docstring shows; the values are equal within float32.
The ``plot`` examples (matplotlib figures) are not run: bleu2's metrics draw nothing.

torchmetrics' ROUGE examples score ``rougeLsum`` by default, whose sentences come from
NLTK's punkt model, downloaded at run time: offline the documented example raises
``OSError`` (not run here: it tries the download). The peer runs with ``_split_sentence`` as NLTK's punkt
algorithm without the downloaded model (``PunktSentenceTokenizer()``), as in
tests/engine/test_rouge_torchmetrics.py; bleu2 splits offline."""

from __future__ import annotations

import importlib

import pytest
import torch
import torchmetrics.functional.text.rouge as tm_rouge
from nltk.tokenize.punkt import PunktSentenceTokenizer

from peer_examples import docstring_tests, run

DOCUMENTED = [
    ("text.rouge", "ROUGEScore"),
    ("functional.text.rouge", "rouge_score"),
    ("text.bleu", "BLEUScore"),
    ("functional.text.bleu", "bleu_score"),
    ("text.sacre_bleu", "SacreBLEUScore"),
    ("functional.text.sacre_bleu", "sacre_bleu_score"),
    ("text.chrf", "CHRFScore"),
    ("functional.text.chrf", "chrf_score"),
    ("text.ter", "TranslationEditRate"),
    ("functional.text.ter", "translation_edit_rate"),
]
F32 = 3e-7


@pytest.fixture
def punkt(monkeypatch):
    monkeypatch.setattr(tm_rouge, "_split_sentence", PunktSentenceTokenizer().tokenize)


def one_changed_import(source: str) -> str:
    return source.replace("from torchmetrics.", "from bleu2.compat.torchmetrics.")


@pytest.mark.parametrize(("module", "name"), DOCUMENTED, ids=[n for _, n in DOCUMENTED])
def test_docstring_examples_print_torchmetrics_numbers(module, name, punkt):
    peer = importlib.import_module(f"torchmetrics.{module}")
    ours = importlib.import_module(f"bleu2.compat.torchmetrics.{module}")
    test = docstring_tests(peer, [name])[name]
    # the functional TER example imports nothing: its name comes from the module, as doctest runs it
    theirs = run(test, {name: getattr(peer, name)})
    mine = run(test, {name: getattr(ours, name)}, one_changed_import)
    assert any(s.documented for s in theirs)
    for t, m in zip(theirs, mine):
        assert m.printed == t.printed, t.source
        assert t.as_documented() and m.as_documented(), (t.source, t.documented, m.printed)
    assert getattr(ours, name).__module__.startswith("bleu2.compat.torchmetrics")


def test_rouge_examples_values_within_float32(punkt):
    """The ROUGE examples' twelve values, unrounded: torchmetrics' and bleu2's."""
    from torchmetrics.functional.text.rouge import rouge_score as peer_fn
    from torchmetrics.text.rouge import ROUGEScore as Peer

    from bleu2.compat.torchmetrics.functional.text.rouge import rouge_score
    from bleu2.compat.torchmetrics.text.rouge import ROUGEScore

    preds, target = "My name is John", "Is your name John"
    for peer, ours in (
        (Peer()(preds, target), ROUGEScore()(preds, target)),
        (peer_fn(preds, target), rouge_score(preds, target)),
    ):
        assert sorted(ours) == sorted(peer) and len(peer) == 12
        for key, value in peer.items():
            assert isinstance(ours[key], torch.Tensor) and ours[key].dtype == value.dtype == torch.float32
            assert float(ours[key]) == pytest.approx(float(value), rel=F32, abs=1e-12), key
    assert {k: round(float(v), 4) for k, v in ours.items()} == {
        **{f"rouge1_{m}": 0.75 for m in ("fmeasure", "precision", "recall")},
        **{f"rouge2_{m}": 0.0 for m in ("fmeasure", "precision", "recall")},
        **{f"rougeL_{m}": 0.5 for m in ("fmeasure", "precision", "recall")},
        **{f"rougeLsum_{m}": 0.5 for m in ("fmeasure", "precision", "recall")},
    }
