"""bleu2.compat.torchmetrics against torchmetrics 1.9.0 (with torch 2.13.0, CPU): the
snippets torchmetrics' users write, unchanged but for the import line, give torchmetrics'
values (it computes in float32: equal within float32 rounding), BLEU, chrF and TER."""

from __future__ import annotations

import re
import subprocess
import sys
import warnings

import pytest
import torch
import torchmetrics
import torchmetrics.functional.text as peer_functional
import torchmetrics.text as peer_text

import bleu2.compat.torchmetrics as ours
from bleu2.compat.torchmetrics import functional, metric, text
from shared_data import MULTITED_JA, ROOT, TED

F32 = 3e-7  # relative: two float32 roundings apart at most


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


TED_REF, TED_REF_TOK, TED_SYS = (
    lines(TED / "ted.ref.detok.eng"),
    lines(TED / "ted.ref.eng"),
    lines(TED / "ted.sys1.detok.eng"),
)
JA_REF, JA_SYS = lines(MULTITED_JA / "multited.ref.jpn"), lines(MULTITED_JA / "multited.sys1.jpn")
N = 150  # torchmetrics counts n-grams in tensors, one by one: a few hundred lines take seconds
PREDS, TARGET = TED_SYS[:N], [[a, b] for a, b in zip(TED_REF[:N], TED_REF_TOK[:N])]

# torchmetrics' docstring example
DOC_PREDS = ["the cat is on the mat"]
DOC_TARGET = [["there is a cat on the mat", "a cat is on the mat"]]


def same(got, expected) -> None:
    assert isinstance(got, torch.Tensor) and got.dtype == expected.dtype and got.shape == expected.shape
    assert got.item() == pytest.approx(expected.item(), rel=F32, abs=1e-12)


@pytest.mark.filterwarnings("ignore:Importing `BLEUScore` from `torchmetrics`:FutureWarning")
def test_the_docstring_examples_give_torchmetrics_tensors():
    for name in ("BLEUScore", "SacreBLEUScore"):
        got, expected = getattr(text, name)()(DOC_PREDS, DOC_TARGET), getattr(peer_text, name)()(DOC_PREDS, DOC_TARGET)
        same(got, expected)
        assert repr(got) == repr(expected) == "tensor(0.7598)"
    same(functional.text.bleu_score(DOC_PREDS, DOC_TARGET), peer_functional.bleu_score(DOC_PREDS, DOC_TARGET))
    same(functional.sacre_bleu_score(DOC_PREDS, DOC_TARGET), peer_functional.sacre_bleu_score(DOC_PREDS, DOC_TARGET))
    # the top-level names, as torchmetrics' own
    assert ours.BLEUScore is text.BLEUScore and ours.SacreBLEUScore is text.SacreBLEUScore
    assert ours.functional.bleu_score is functional.text.bleu_score
    same(ours.BLEUScore()(DOC_PREDS, DOC_TARGET), torchmetrics.BLEUScore()(DOC_PREDS, DOC_TARGET))


def test_the_training_loop_accumulates_as_torchmetrics():
    mine, peer = text.SacreBLEUScore(), peer_text.SacreBLEUScore()
    for start in range(0, N, 40):  # the batch's own value from forward, the running one from compute
        batch = PREDS[start : start + 40], TARGET[start : start + 40]
        same(mine(*batch), peer(*batch))
        same(mine.compute(), peer.compute())
    assert mine.update_count == peer.update_count == 4
    mine.reset(), peer.reset()
    for start in range(0, N, 60):
        batch = PREDS[start : start + 60], TARGET[start : start + 60]
        mine.update(*batch), peer.update(*batch)
    same(mine.compute(), peer.compute())
    same(mine.compute(), peer_functional.sacre_bleu_score(PREDS, TARGET))  # the sum of batches is the corpus


def test_compute_before_update_warns_as_torchmetrics():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got, expected = text.BLEUScore().compute(), peer_text.BLEUScore().compute()
    same(got, expected)
    assert got.item() == 0
    ours_, theirs = caught
    assert ours_.category is theirs.category is UserWarning
    assert str(ours_.message) == str(theirs.message)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"smooth": True},
        {"n_gram": 1},
        {"n_gram": 2, "smooth": True},
        {"n_gram": 3, "weights": [0.2, 0.3, 0.5]},
        {"n_gram": 3, "weights": (0.33, 0.33, 0.33)},  # weights as torchmetrics takes them: any numbers
        {"weights": [0.5, 0.5, 0.5, 0.5], "smooth": True},
        {"n_gram": 2, "weights": [1.0, -0.5]},
    ],
)
def test_bleu_score_options_on_ted(options):
    same(text.BLEUScore(**options)(PREDS, TARGET), peer_text.BLEUScore(**options)(PREDS, TARGET))
    same(functional.bleu_score(PREDS, TARGET, **options), peer_functional.bleu_score(PREDS, TARGET, **options))


@pytest.mark.parametrize("tokenize", ["13a", "none", "zh", "intl", "char"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_sacre_bleu_score_tokenizers(tokenize, lowercase):
    options = {"tokenize": tokenize, "lowercase": lowercase}
    same(
        text.SacreBLEUScore(**options)(PREDS[:80], TARGET[:80]),
        peer_text.SacreBLEUScore(**options)(PREDS[:80], TARGET[:80]),
    )
    ja_target = [[r] for r in JA_REF[:80]]
    got = functional.sacre_bleu_score(JA_SYS[:80], ja_target, n_gram=2, **options)
    same(got, peer_functional.sacre_bleu_score(JA_SYS[:80], ja_target, n_gram=2, **options))


def test_lowercasing_follows_tokenizing_as_in_torchmetrics():
    # U+0130 lower-cases to two characters: torchmetrics lower-cases the tokenized line, so
    # 'char' keeps them as one token, which the lower-cased reference's two do not match
    # (sacreBLEU, lower-casing first, would make two tokens and score 1)
    preds, target = ["İstanbul"], [["i̇stanbul"]]
    options = {"tokenize": "char", "lowercase": True, "n_gram": 2}
    got = functional.sacre_bleu_score(preds, target, **options)
    same(got, peer_functional.sacre_bleu_score(preds, target, **options))
    assert got.item() < 1 and functional.sacre_bleu_score(["i̇stanbul"], target, **options).item() == 1


@pytest.mark.parametrize(
    "preds, target",
    [
        (["a b c d"], [["a b c d"]]),  # perfect
        (["a b c d e"], [["a b c x e"]]),  # no 4-gram match: 0 even smoothed
        ([""], [["a b c"]]),  # empty prediction
        (["a b c d e f"], [["", "a b c d e f g h"]]),  # an empty reference competes for r
        (["a b c d e"], [["a b c d e f", "a b c d"]]),  # a tie for r: the reference given first
        (["a b c d e"], [["a b c d", "a b c d e f"]]),
        (["the the the the"], [["the cat", "the the"]]),  # clipping by the largest count in any reference
    ],
)
def test_edge_cases_as_torchmetrics(preds, target):
    for smooth in (False, True):
        same(text.BLEUScore(smooth=smooth)(preds, target), peer_text.BLEUScore(smooth=smooth)(preds, target))
        same(
            functional.bleu_score(preds, target, n_gram=2, smooth=smooth),
            peer_functional.bleu_score(preds, target, n_gram=2, smooth=smooth),
        )


def test_bleu_score_takes_strings_as_torchmetrics_does():
    same(
        functional.bleu_score("the cat sat", ["the cat sat on"]),
        peer_functional.bleu_score("the cat sat", ["the cat sat on"]),
    )
    same(
        functional.bleu_score(["the cat sat"], ["the cat sat on"], n_gram=2),
        peer_functional.bleu_score(["the cat sat"], ["the cat sat on"], n_gram=2),
    )


def test_the_checks_give_torchmetrics_messages_or_refuse_plainly():
    with pytest.raises(ValueError, match=r"List of weights has different weights than `n_gram`: 2 != 4") as mine:
        text.BLEUScore(weights=[0.5, 0.5])
    with pytest.raises(ValueError) as peer:
        peer_text.BLEUScore(weights=[0.5, 0.5])
    assert str(mine.value) == str(peer.value)
    with pytest.raises(ValueError, match="Corpus has different size 2 != 1"):
        functional.bleu_score(["a", "b"], [["a"]])
    with pytest.raises(ValueError, match="Unexpected keyword arguments: `foo`"):
        text.BLEUScore(foo=1)
    text.BLEUScore(dist_sync_on_step=False, compute_on_cpu=True)  # Metric's keywords are accepted
    # where torchmetrics reads a string character by character, or needs MeCab: refused
    with pytest.raises(TypeError, match="target\\[0\\] is a string"):
        text.BLEUScore().update(["a b"], ["a b"])
    with pytest.raises(TypeError, match="preds is a string"):
        text.BLEUScore().update("a b", [["a b"]])
    with pytest.raises(ValueError, match="Corpus has different size"):
        text.BLEUScore().update(["a", "b"], [["a"]])
    with pytest.raises(ValueError, match="MeCab"):
        text.SacreBLEUScore(tokenize="ja-mecab")
    with pytest.raises(ValueError, match="Unsupported tokenizer"):
        text.SacreBLEUScore(tokenize="moses")
    with pytest.raises(ZeroDivisionError):
        peer_text.BLEUScore(n_gram=0)(DOC_PREDS, DOC_TARGET)
    with pytest.raises(ValueError, match="n_gram must be an integer >= 1, got 0"):
        text.BLEUScore(n_gram=0)
    for fn in (functional.chrf_score, functional.translation_edit_rate):
        peer_value = getattr(peer_functional, fn.__name__)("the cat", "a cat")  # reads "a cat" letter by letter
        assert peer_value.item() in (0.0625, 2.5)
        with pytest.raises(TypeError, match="target is a string"):
            fn("the cat", "a cat")


def test_a_cloned_metric_has_its_own_statistics():
    mine = text.BLEUScore()
    mine.update(PREDS[:50], TARGET[:50])
    copy = mine.clone()
    copy.update(PREDS[50:], TARGET[50:])
    same(mine.compute(), peer_functional.bleu_score(PREDS[:50], TARGET[:50]))
    same(copy.compute(), peer_functional.bleu_score(PREDS, TARGET))


# chrF: torchmetrics' own rules (chrF++ by default), float32 operation for operation
M = 40  # torchmetrics' chrF makes a tensor per n-gram: a few dozen lines take a second


def same_sentences(got, expected) -> None:
    assert isinstance(got, torch.Tensor) and got.shape == expected.shape and got.dtype == expected.dtype
    assert got.tolist() == pytest.approx(expected.tolist(), rel=F32, abs=1e-12)


def test_the_chrf_docstring_examples_give_torchmetrics_tensors():
    got, expected = text.CHRFScore()(DOC_PREDS, DOC_TARGET), peer_text.CHRFScore()(DOC_PREDS, DOC_TARGET)
    same(got, expected)
    assert repr(got) == repr(expected) == "tensor(0.8640)"
    same(functional.text.chrf_score(DOC_PREDS, DOC_TARGET), peer_functional.chrf_score(DOC_PREDS, DOC_TARGET))
    assert ours.CHRFScore is text.CHRFScore and ours.functional.chrf_score is functional.text.chrf_score


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"n_word_order": 0},
        {"n_char_order": 3, "n_word_order": 3, "beta": 1.0},
        {"beta": 0.3},
        {"lowercase": True, "whitespace": True},
        {"whitespace": True},
    ],
)
def test_chrf_score_options_on_ted(options):
    got = functional.chrf_score(PREDS[:M], TARGET[:M], return_sentence_level_score=True, **options)
    expected = peer_functional.chrf_score(PREDS[:M], TARGET[:M], return_sentence_level_score=True, **options)
    same(got[0], expected[0])
    same_sentences(got[1], expected[1])
    same(functional.chrf_score(PREDS[:M], TARGET[:M], **options), expected[0])


def test_chrf_on_japanese_without_word_boundaries():
    ja_target = [[r] for r in JA_REF[:M]]
    same(functional.chrf_score(JA_SYS[:M], ja_target), peer_functional.chrf_score(JA_SYS[:M], ja_target))


def test_chrf_in_a_training_loop_as_torchmetrics():
    mine, peer = text.CHRFScore(return_sentence_level_score=True), peer_text.CHRFScore(return_sentence_level_score=True)
    for start in range(0, 15, 5):  # the batch's own values from forward, the running ones from compute
        batch = PREDS[start : start + 5], TARGET[start : start + 5]
        got, expected = mine(*batch), peer(*batch)
        same(got[0], expected[0]), same_sentences(got[1], expected[1])
        got, expected = mine.compute(), peer.compute()
        same(got[0], expected[0]), same_sentences(got[1], expected[1])
    assert mine.update_count == peer.update_count == 3
    mine, peer = text.CHRFScore(n_word_order=0), peer_text.CHRFScore(n_word_order=0)
    for start in range(0, M, 20):
        mine.update(PREDS[start : start + 20], TARGET[start : start + 20])
        peer.update(PREDS[start : start + 20], TARGET[start : start + 20])
    same(mine.compute(), peer.compute())
    mine.reset()
    mine.update(DOC_PREDS, DOC_TARGET)
    same(mine.compute(), peer_functional.chrf_score(DOC_PREDS, DOC_TARGET, n_word_order=0))


@pytest.mark.parametrize(
    "preds, target",
    [
        ([""], [["a cat"]]),  # empty prediction
        (["a cat"], [[""]]),  # empty reference
        (["xyz"], [["abc", "def"]]),  # every reference scores 0: the hypothesis' n-grams alone count
        (["xyz", "the cat"], [["abc"], ["the cat", "a cat"]]),
        (["a\tb\u00a0c  d "], [["a b c d"]]),  # only U+0020 is removed, after strip()
        (["(hi) there!"], [["(hi) there !"]]),  # chrF++'s punctuation split
        (["İstanbul ΣΑΣ"], [["i̇stanbul σας"]]),
        (["the the the"], [["the", "the the the the"]]),  # a tie at 0, then the better one
    ],
)
def test_chrf_edge_cases_as_torchmetrics(preds, target):
    for options in ({}, {"whitespace": True, "lowercase": True}, {"n_word_order": 0, "beta": 1.0}):
        got = functional.chrf_score(preds, target, return_sentence_level_score=True, **options)
        expected = peer_functional.chrf_score(preds, target, return_sentence_level_score=True, **options)
        same(got[0], expected[0])
        same_sentences(got[1], expected[1])


def test_chrf_takes_strings_as_torchmetrics_does():
    # one prediction: a list of strings is its references; several: one reference each
    for preds, target in [
        ("the cat is on the mat", ["there is a cat on the mat", "a cat is on the mat"]),
        (["the cat is on the mat"], ["there is a cat on the mat", "a cat is on the mat"]),
        (["the cat sat", "a dog"], ["the cat sat on", "the dog"]),
    ]:
        same(functional.chrf_score(preds, target), peer_functional.chrf_score(preds, target))
        same(text.CHRFScore()(preds, target), peer_text.CHRFScore()(preds, target))


def test_the_chrf_checks_give_torchmetrics_messages_or_refuse_plainly():
    for options, message in [
        ({"n_char_order": 0}, "Expected argument `n_char_order` to be an integer greater than or equal to 1."),
        ({"n_word_order": -1}, "Expected argument `n_word_order` to be an integer greater than or equal to 0."),
        ({"beta": -1.0}, "Expected argument `beta` to be greater than 0."),
    ]:
        with pytest.raises(ValueError) as mine:
            text.CHRFScore(**options)
        with pytest.raises(ValueError) as peer:
            peer_text.CHRFScore(**options)
        assert str(mine.value) == str(peer.value) == message
        with pytest.raises(ValueError, match=re.escape(message)):
            functional.chrf_score(DOC_PREDS, DOC_TARGET, **options)
    with pytest.raises(ValueError, match="Corpus has different size 2 != 1"):
        functional.chrf_score(["a", "b"], [["a"]])
    with pytest.raises(TypeError, match="target\\[0\\] is a string"):  # mixed: torchmetrics reads characters
        functional.chrf_score(["a", "b"], ["a", ["b"]])
    with pytest.raises(ValueError, match="target\\[0\\] has no reference"):
        text.CHRFScore().update(["a"], [[]])


def test_chrf_and_ter_without_torch_give_floats(monkeypatch):
    monkeypatch.setattr(metric, "_torch", lambda: None)
    score, sentences = functional.chrf_score(PREDS[:5], TARGET[:5], return_sentence_level_score=True)
    expected = peer_functional.chrf_score(PREDS[:5], TARGET[:5], return_sentence_level_score=True)
    assert type(score) is float and score == pytest.approx(expected[0].item(), rel=F32)
    assert type(sentences) is list and sentences == pytest.approx(expected[1].tolist(), rel=F32)
    score, sentences = functional.translation_edit_rate(PREDS[:5], TARGET[:5], return_sentence_level_score=True)
    expected = peer_functional.translation_edit_rate(PREDS[:5], TARGET[:5], return_sentence_level_score=True)
    assert type(score) is float and score == pytest.approx(expected[0].item(), rel=F32)
    assert all(type(x) is float for x in sentences) and sentences == pytest.approx([x.item() for x in expected[1]])


# TER: torchmetrics' own defaults and quirks, float32 sums in its order
K = 16  # torchmetrics' TER searches shifts in Python over tensors: a dozen lines take seconds
TER_TARGET = [[a, b, c] for a, b, c in zip(TED_REF[:K], TED_REF_TOK[:K], TED_REF[1 : K + 1])]  # averages of 3


def same_list(got, expected) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        same(g, e)


def test_the_ter_docstring_examples_give_torchmetrics_tensors():
    got, expected = (
        text.TranslationEditRate()(DOC_PREDS, DOC_TARGET),
        peer_text.TranslationEditRate()(DOC_PREDS, DOC_TARGET),
    )
    same(got, expected)
    assert repr(got) == repr(expected) == "tensor(0.1538)"
    got = functional.text.translation_edit_rate(DOC_PREDS, DOC_TARGET)
    same(got, peer_functional.translation_edit_rate(DOC_PREDS, DOC_TARGET))
    assert ours.TranslationEditRate is text.TranslationEditRate
    assert ours.functional.translation_edit_rate is functional.text.translation_edit_rate
    assert text.TranslationEditRate.higher_is_better is peer_text.TranslationEditRate.higher_is_better is False


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"lowercase": False},
        {"normalize": True, "no_punctuation": True},
        {"normalize": True, "asian_support": True, "lowercase": False},
    ],
)
def test_translation_edit_rate_options_on_ted(options):
    got = functional.translation_edit_rate(PREDS[:K], TER_TARGET, return_sentence_level_score=True, **options)
    expected = peer_functional.translation_edit_rate(PREDS[:K], TER_TARGET, return_sentence_level_score=True, **options)
    same(got[0], expected[0])
    same_list(got[1], expected[1])  # a list of one-value tensors, as torchmetrics


def test_ter_on_japanese_with_asian_support():
    short = [i for i in range(200) if 30 < len(JA_REF[i]) + len(JA_SYS[i]) < 70][:6]  # character tokens: short lines
    preds, target = [JA_SYS[i] for i in short], [[JA_REF[i]] for i in short]
    for options in ({"normalize": True, "asian_support": True}, {"no_punctuation": True, "asian_support": True}):
        same(
            functional.translation_edit_rate(preds, target, **options),
            peer_functional.translation_edit_rate(preds, target, **options),
        )


def test_ter_in_a_training_loop_as_torchmetrics():
    # forward sums its batch, then adds it; update adds line by line: float32 in that order
    mine = text.TranslationEditRate(return_sentence_level_score=True)
    peer = peer_text.TranslationEditRate(return_sentence_level_score=True)
    for start in range(0, K, 8):
        batch = PREDS[start : start + 8], TER_TARGET[start : start + 8]
        got, expected = mine(*batch), peer(*batch)
        same(got[0], expected[0]), same_sentences(got[1], expected[1])
    mine.update(PREDS[:5], TER_TARGET[:5]), peer.update(PREDS[:5], TER_TARGET[:5])
    got, expected = mine.compute(), peer.compute()
    same(got[0], expected[0]), same_sentences(got[1], expected[1])
    assert mine.update_count == peer.update_count == 3
    mine.reset()
    mine.update(DOC_PREDS, DOC_TARGET)
    same(mine.compute()[0], peer_functional.translation_edit_rate(DOC_PREDS, DOC_TARGET))


@pytest.mark.parametrize(
    "preds, target",
    [
        ([""], [["a b"]]),  # an empty prediction: 0 edits in torchmetrics (sacreBLEU: 2)
        (["a b"], [[""]]),  # an empty reference: TER 1
        ([""], [[""]]),
        (["a b c"], [["c a b", "x"]]),  # a shift
        (["the cat sat on the mat"], [["on the mat the cat sat"]]),  # the roles swapped: shifts of the reference
        (["a b c d e f"], [["f e d c b a", "a b"]]),
        (["A B, C."], [["a b c"]]),
    ],
)
def test_ter_edge_cases_as_torchmetrics(preds, target):
    for options in ({}, {"normalize": True, "no_punctuation": True}, {"lowercase": False}):
        got = functional.translation_edit_rate(preds, target, return_sentence_level_score=True, **options)
        expected = peer_functional.translation_edit_rate(preds, target, return_sentence_level_score=True, **options)
        same(got[0], expected[0])
        same_list(got[1], expected[1])


def test_the_ter_checks_give_torchmetrics_messages_or_refuse_plainly():
    for name in ("normalize", "no_punctuation", "lowercase", "asian_support"):
        with pytest.raises(ValueError) as mine:
            text.TranslationEditRate(**{name: 1})
        with pytest.raises(ValueError) as peer:
            peer_text.TranslationEditRate(**{name: 1})
        assert str(mine.value) == str(peer.value) == f"Expected argument `{name}` to be of type boolean but got 1."
    with pytest.raises(ValueError, match="Corpus has different size 2 != 1"):
        functional.translation_edit_rate(["a", "b"], [["a"]])
    same(  # strings as torchmetrics takes them
        functional.translation_edit_rate("the cat sat", ["the cat sat on", "a cat sat"]),
        peer_functional.translation_edit_rate("the cat sat", ["the cat sat on", "a cat sat"]),
    )


def test_without_torch_values_are_floats(monkeypatch):
    monkeypatch.setattr(metric, "_torch", lambda: None)
    got = text.BLEUScore()(DOC_PREDS, DOC_TARGET)
    assert type(got) is float and got == pytest.approx(peer_text.BLEUScore()(DOC_PREDS, DOC_TARGET).item(), rel=F32)


def test_importing_the_module_does_not_import_torch_and_runs_without_it():
    code = (
        "import sys\n"
        "import bleu2.compat.torchmetrics.text as t\n"
        "assert 'torch' not in sys.modules\n"
        "sys.modules['torch'] = None  # torch cannot be imported\n"
        "v = t.BLEUScore()(['the cat is on the mat'], [['there is a cat on the mat', 'a cat is on the mat']])\n"
        "print(type(v).__name__, round(v, 4))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout == "float 0.7598\n"


TRICKY = [
    "",
    "  ",
    "a-\nb <skipped> c",
    "&quot;x&quot; &amp; &lt;y&gt; 3.14, 1,000 9-5 end-",
    "Don't stop—it's 3.14!  ¿Qué? «Ja» 東京タワー１２３ ｶﾀｶﾅ",
    "İstanbul ΣΑΣ ß ﬁ e\u0301 \u00a0nbsp\u2009thin \U00020000x",
    "trailing space and tab \t",
]


@pytest.mark.parametrize("tokenize", ["13a", "none", "zh", "intl", "char"])
def test_tokens_are_torchmetrics_tokens(tokenize):
    from torchmetrics.functional.text.sacre_bleu import _SacreBLEUTokenizer

    from bleu2.compat.torchmetrics.bleu import _tokenizer

    for lowercase in (False, True):
        mine = _tokenizer(tokenize, lowercase)
        for line in TRICKY + TED_SYS[:300] + JA_SYS[:300]:
            assert mine(line) == list(_SacreBLEUTokenizer.tokenize(line, tokenize, lowercase)), line
