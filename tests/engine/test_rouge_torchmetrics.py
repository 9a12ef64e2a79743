"""``bleu2.compat.torchmetrics``' ``ROUGEScore`` and ``rouge_score`` against torchmetrics
1.9.0 itself (its own normalisation, ``accumulate``, ``normalizer``, ``tokenizer``,
``rouge_keys``), equal within float32 (torchmetrics' arithmetic), on the TED and Japanese
files and hand-made cases.

torchmetrics splits rougeLsum's texts with NLTK's punkt model, which it downloads at run
time (offline: ``OSError``). Where rougeLsum is compared, torchmetrics' ``_split_sentence``
is NLTK's punkt algorithm without the downloaded English model
(``PunktSentenceTokenizer()``), on sentences where the model's abbreviations play no part.
"""

from __future__ import annotations

import pytest
import torch
import torchmetrics.functional.text.rouge as tm_rouge
from nltk.tokenize.punkt import PunktSentenceTokenizer
from torchmetrics.text import ROUGEScore as PeerROUGEScore

from bleu2.compat.torchmetrics import ROUGEScore, functional
from bleu2.compat.torchmetrics.text import ROUGEScore as TextROUGEScore
from shared_data import MULTITED_JA, TED

NO_LSUM = ("rouge1", "rouge2", "rougeL")


def lines(path, count: int) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:count]


REF, SYS, SYS2 = (lines(TED / f"ted.{name}.detok.eng", 300) for name in ("ref", "sys1", "sys2"))


@pytest.fixture
def punkt(monkeypatch):
    monkeypatch.setattr(tm_rouge, "_split_sentence", PunktSentenceTokenizer().tokenize)


def same(peer: dict, ours: dict) -> None:
    assert list(ours) == list(peer)
    for key, value in peer.items():
        assert isinstance(ours[key], torch.Tensor) and ours[key].dtype == torch.float32
        assert abs(float(ours[key]) - float(value)) <= 2e-7, key


@pytest.mark.parametrize("stem", [False, True])
def test_ted_functional(stem):
    target = [[r] for r in REF]
    peer = tm_rouge.rouge_score(SYS, target, use_stemmer=stem, rouge_keys=NO_LSUM + ("rouge4",))
    same(peer, functional.rouge_score(SYS, target, use_stemmer=stem, rouge_keys=NO_LSUM + ("rouge4",)))


@pytest.mark.parametrize("accumulate", ["best", "avg"])
def test_several_references_accumulate(accumulate):
    target = [[a, b] for a, b in zip(REF[:150], SYS2[:150])]
    peer = tm_rouge.rouge_score(SYS[:150], target, accumulate=accumulate, rouge_keys=NO_LSUM, use_stemmer=True)
    ours = functional.rouge_score(SYS[:150], target, accumulate=accumulate, rouge_keys=NO_LSUM, use_stemmer=True)
    same(peer, ours)


def test_metric_update_forward_compute_reset():
    peer, ours = PeerROUGEScore(rouge_keys=NO_LSUM), TextROUGEScore(rouge_keys=NO_LSUM)
    assert ROUGEScore is TextROUGEScore
    for start in range(0, 120, 40):
        batch, target = SYS[start : start + 40], [[r] for r in REF[start : start + 40]]
        same(peer(batch, target), ours(batch, target))  # the batch's own scores
    peer.update(SYS[120], REF[120])  # one string each
    ours.update(SYS[120], REF[120])
    same(peer.compute(), ours.compute())
    ours.reset()
    ours.update(SYS[:3], REF[:3])  # a list of strings: one reference each
    same(tm_rouge.rouge_score(SYS[:3], REF[:3], rouge_keys=NO_LSUM), ours.compute())


def test_normalizer_and_tokenizer():
    ja_ref, ja_sys = lines(MULTITED_JA / "multited.ref.jpn", 100), lines(MULTITED_JA / "multited.sys1.jpn", 100)
    target = [[r] for r in ja_ref]

    def keep(text: str) -> str:
        return text

    for options in (
        {"normalizer": keep, "tokenizer": list},  # characters, nothing dropped
        {"normalizer": keep},  # white space splits, no lower-casing
        {"tokenizer": list},  # torchmetrics' normalisation still applies
    ):
        peer = tm_rouge.rouge_score(ja_sys, target, rouge_keys=NO_LSUM, **options)
        same(peer, functional.rouge_score(ja_sys, target, rouge_keys=NO_LSUM, **options))
    target = [[r] for r in REF[:100]]
    options = {"normalizer": keep, "tokenizer": str.split, "use_stemmer": True}  # NLTK stems capitals too
    peer = tm_rouge.rouge_score(SYS[:100], target, rouge_keys=NO_LSUM, **options)
    same(peer, functional.rouge_score(SYS[:100], target, rouge_keys=NO_LSUM, **options))


def test_rougelsum_with_punkt_sentences(punkt):
    preds = [
        "The cat sat on the mat. It was happy!\nThe dog barked",
        "one two three\nfour five six",  # no period: punkt keeps one sentence across the newline
        "Where is it? Here it is. Done",
        " ".join(SYS[:5]),
    ]
    target = [
        ["The dog barked. The cat sat\non the mat. It was happy", "cat mat happy"],
        ["four five six\none two three"],
        ["Done. Here it is. Where is it?"],
        [" ".join(REF[:5])],
    ]
    for accumulate in ("best", "avg"):
        for stem in (False, True):
            peer = tm_rouge.rouge_score(preds, target, accumulate=accumulate, use_stemmer=stem)
            same(peer, functional.rouge_score(preds, target, accumulate=accumulate, use_stemmer=stem))
    peer, ours = PeerROUGEScore(rouge_keys="rougeLsum"), ROUGEScore(rouge_keys="rougeLsum")
    same(peer(preds, target), ours(preds, target))


EDGE_PREDS = ["", "a", "", "Größe 東京 naïve", "word", "a b", "x y z"]
EDGE_TARGET = [["a"], [""], [""], ["grosse naive"], ["word"], ["", "b a"], ["x y z", "x y z"]]
SCRIPTS_PREDS = ["Καλημέρα κόσμε 2", "Привет, мир!", "مرحبا بالعالم", "ok 😀 👍🏽", "Один. Два.\nТри"]
SCRIPTS_TARGET = [["καλημέρα κόσμε"], ["привет мир", "Мир"], ["مرحبا"], ["ok 😀"], ["Два. Один.\nТри"]]


def test_edge_cases(punkt):
    """Empty prediction, empty reference, both empty, one token, non-ASCII, several references."""
    for accumulate in ("best", "avg"):
        peer = tm_rouge.rouge_score(EDGE_PREDS, EDGE_TARGET, accumulate=accumulate)
        same(peer, functional.rouge_score(EDGE_PREDS, EDGE_TARGET, accumulate=accumulate))


def test_greek_cyrillic_arabic_emoji_and_newlines(punkt):
    """torchmetrics' normaliser keeps a-z0-9 only (these score next to nothing); with its
    ``normalizer`` and ``tokenizer`` replaced, every script counts; rougeLsum's sentences."""

    def keep(text: str) -> str:
        return text

    for options in ({}, {"normalizer": keep, "tokenizer": str.split}, {"normalizer": keep, "tokenizer": list}):
        for accumulate in ("best", "avg"):
            peer = tm_rouge.rouge_score(SCRIPTS_PREDS, SCRIPTS_TARGET, accumulate=accumulate, **options)
            same(peer, functional.rouge_score(SCRIPTS_PREDS, SCRIPTS_TARGET, accumulate=accumulate, **options))


def test_where_torchmetrics_fails_bleu2_names_the_function_and_argument(punkt):
    with pytest.raises(TypeError, match="'NoneType' object is not iterable"):
        tm_rouge.rouge_score(None, "a", rouge_keys="rouge1")
    with pytest.raises(TypeError, match=r"^rouge_score: preds must be a list of strings"):
        functional.rouge_score(None, "a", rouge_keys="rouge1")
    with pytest.raises(IndexError, match="argmax"):
        tm_rouge.rouge_score(["a"], [[]], rouge_keys="rouge1")
    with pytest.raises(ValueError, match=r"^rouge_score: target\[0\] has no reference"):
        functional.rouge_score(["a"], [[]], rouge_keys="rouge1")
    with pytest.raises(ValueError, match=r"^ROUGEScore: target\[1\] has no reference"):
        ROUGEScore(rouge_keys="rouge1").update(["a", "b"], [["a"], []])
    with pytest.raises(TypeError, match="unhashable type: 'list'"):
        tm_rouge.rouge_score("a b", "a b", rouge_keys=["rouge1", "rougeL"])
    same(  # a list of keys: taken as torchmetrics' tuple
        tm_rouge.rouge_score("a b", "a b", rouge_keys=("rouge1", "rougeL")),
        functional.rouge_score("a b", "a b", rouge_keys=["rouge1", "rougeL"]),
    )


def test_refusals_and_nothing_added():
    with pytest.raises(ValueError, match="Got unknown rouge key rougeX"):
        ROUGEScore(rouge_keys=("rouge1", "rougeX"))
    with pytest.raises(ValueError, match="Got unknown accumulate value max"):
        functional.rouge_score("a", "a", accumulate="max")
    with pytest.raises(ValueError, match="Corpus has different size 2 != 1"):
        functional.rouge_score(["a", "b"], [["a"]])
    with pytest.warns(UserWarning, match="called before the ``update`` method"):
        value = ROUGEScore(rouge_keys="rouge1").compute()
    assert list(value) == ["rouge1_fmeasure", "rouge1_precision", "rouge1_recall"]
    assert all(torch.isnan(v) for v in value.values())
