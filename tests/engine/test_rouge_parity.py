"""ROUGE against rouge-score 0.1.2 itself: ``bleu2.compat.rouge_score``'s ``RougeScorer``
and bleu2's engine give rouge-score's every number (precision, recall, F per type and
line, and its int zeros) on the TED files (detokenized and tokenized, both systems,
with and without stemming), summaries of several sentences, several references, the
Japanese files, and hand-made edge cases."""

from __future__ import annotations

import nltk
import pytest
from nltk.tokenize.punkt import PunktSentenceTokenizer
from rouge_score import rouge_scorer as peer_scorer

from bleu2.compat.rouge_score import rouge_scorer, tokenizers
from bleu2.metrics.rouge import RougeConfig, corpus_rouge, sentence_rouge
from bleu2.metrics.rouge.scoring import mean_score
from bleu2.tokenizers.default import tokenize_default
from shared_data import MULTITED_JA, TED

ALL_TYPES = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


REF, REF_TOK = lines(TED / "ted.ref.detok.eng"), lines(TED / "ted.ref.eng")
SYS = {name: lines(TED / f"ted.{name}.eng") for name in ("sys1.detok", "sys2.detok", "sys1", "sys2")}
JA_REF, JA_SYS = lines(MULTITED_JA / "multited.ref.jpn"), lines(MULTITED_JA / "multited.sys1.jpn")


def exact(peer: dict, ours: dict) -> None:
    """Same keys, same numbers, same Python types (rouge-score's int zeros included)."""
    assert list(peer) == list(ours)
    for t in peer:
        assert tuple(ours[t]) == tuple(peer[t]), t
        assert [type(x) for x in ours[t]] == [type(x) for x in peer[t]], t


@pytest.mark.parametrize(
    "system, stem, step",
    [("sys1.detok", True, 6), ("sys2.detok", False, 8), ("sys1", False, 8), ("sys2", True, 8)],
)
def test_ted_every_line_equals_rouge_score(system, stem, step):
    refs = REF_TOK if "detok" not in system else REF
    pairs = list(zip(refs, SYS[system]))[::step]
    types = ["rouge1", "rouge2", "rouge4", "rougeL", "rougeLsum"]
    peer = peer_scorer.RougeScorer(types, use_stemmer=stem)
    ours = rouge_scorer.RougeScorer(types, use_stemmer=stem)
    for target, prediction in pairs:
        exact(peer.score(target, prediction), ours.score(target, prediction))


def test_every_order_one_to_nine():
    peer = peer_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    ours = rouge_scorer.RougeScorer(ALL_TYPES, use_stemmer=True)
    for target, prediction in list(zip(REF, SYS["sys1.detok"]))[:200]:
        exact(peer.score(target, prediction), ours.score(target, prediction))


def _summaries(texts: list[str], size: int) -> list[str]:
    return ["\n".join(texts[i : i + size]) for i in range(0, len(texts), size)]


@pytest.mark.parametrize("size", [2, 3, 7])
def test_multi_sentence_summaries_lsum_union_lcs(size):
    """Several sentences a side: the union LCS, its read-out and the clipped counting."""
    targets = _summaries(REF[:280], size)
    predictions = _summaries(SYS["sys2.detok"][:280], size + 1)
    types = ["rougeL", "rougeLsum"]
    peer = peer_scorer.RougeScorer(types, use_stemmer=True)
    ours = rouge_scorer.RougeScorer(types, use_stemmer=True)
    for target, prediction in zip(targets, predictions):
        exact(peer.score(target, prediction), ours.score(target, prediction))


def test_score_multi_picks_the_best_reference_per_type():
    peer = peer_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    ours = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)
    for i in range(0, 300, 3):
        targets = [REF[i], SYS["sys2.detok"][i], REF[i + 1]]
        exact(peer.score_multi(targets, SYS["sys1.detok"][i]), ours.score_multi(targets, SYS["sys1.detok"][i]))


def test_japanese_under_rouge_scores_tokenizer():
    """rouge-score keeps a-z0-9 only: Japanese scores (almost) nothing, equally."""
    peer = peer_scorer.RougeScorer(["rouge1", "rougeL", "rougeLsum"])
    ours = rouge_scorer.RougeScorer(["rouge1", "rougeL", "rougeLsum"])
    for target, prediction in list(zip(JA_REF, JA_SYS))[:300]:
        exact(peer.score(target, prediction), ours.score(target, prediction))


class UnicodeTokenizer:
    """bleu2's default tokens, handed to rouge-score as its custom tokenizer."""

    def tokenize(self, text: str) -> list[str]:
        return tokenize_default(text, lowercase=True)


def test_japanese_under_bleu2s_unicode_tokenizer_equals_rouge_score_on_the_same_tokens():
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    peer = peer_scorer.RougeScorer(types, tokenizer=UnicodeTokenizer())
    pairs = list(zip(JA_REF, JA_SYS))[:200]
    for target, prediction in pairs:
        expected = peer.score(target, prediction)
        got = sentence_rouge(prediction, target, rouge_types=types)
        assert {t: tuple(s) for t, s in got.items()} == {t: tuple(s) for t, s in expected.items()}
    assert sentence_rouge(JA_SYS[0], JA_REF[0], rouge_types=["rouge1"])["rouge1"].fmeasure > 0.3


@pytest.mark.parametrize(
    ("prediction", "target"),
    [
        ("Καλημέρα κόσμε, φίλε", "καλημέρα φίλε μου"),
        ("Привет, мир!\nКак дела?", "Как дела?\nпривет мир"),
        ("مرحبا بالعالم، صديقي", "مرحبا صديقي"),
        ("ok 😀 👍🏽 ok", "😀 ok"),
        ("東京は晴れ。", "東京は雨。"),
        ("", "Καλημέρα"),
    ],
)
def test_every_script_scores_under_bleu2s_default_tokenizer_as_rouge_score_on_its_tokens(prediction, target):
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    expected = peer_scorer.RougeScorer(types, tokenizer=UnicodeTokenizer()).score(target, prediction)
    got = sentence_rouge(prediction, target, rouge_types=types)
    assert {t: tuple(s) for t, s in got.items()} == {t: tuple(s) for t, s in expected.items()}
    if prediction:
        assert got["rouge1"].fmeasure > 0  # rouge-score's own tokenizer: 0 for all but "ok"


def test_a_custom_tokenizer_is_used_as_rouge_score_uses_it():
    peer = peer_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=UnicodeTokenizer())
    ours = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=UnicodeTokenizer())
    for target, prediction in list(zip(JA_REF, JA_SYS))[:50]:
        exact(peer.score(target, prediction), ours.score(target, prediction))


EDGE_CASES = [
    ("", ""),
    ("", "a cat"),
    ("a cat", ""),
    ("cat", "cat"),
    ("cat", "dog"),
    ("!!! ???", "..."),
    ("The cat sat.", "the CAT sat"),
    ("Ünïcödé naïve café", "unicode naive cafe"),
    ("İstanbul Kelvin K", "i̇stanbul kelvin k"),
    ("東京 は 晴れ 2024", "東京 2024"),
    ("Καλημέρα κόσμε 2024", "καλημέρα κόσμε"),  # Greek: all dropped but the digits
    ("Привет, мир! 7 дней", "привет мир 7"),  # Cyrillic
    ("مرحبا بالعالم ٣ 3", "مرحبا 3"),  # Arabic, an Arabic-Indic digit
    ("ok 😀 👍🏽 ok", "ok 😀"),  # emoji
    ("Καλημέρα\nκόσμε", "Привет\nмир"),  # nothing left on either side, two sentences each
    ("first line\nsecond line\n\nthird", "second line\nfirst line"),
    ("a b\n\n\n", "\n\na b"),
    ("\n", "a"),
    ("one two three", "one two three\none two"),
    ("running runs runner", "run ran running"),
    ("a a a a b", "a b a a"),
    ("the the the", "the"),
    ("x y z\ny z x\nz x y", "z y x\nx z y"),
]


@pytest.mark.parametrize("target, prediction", EDGE_CASES)
@pytest.mark.parametrize("stem", [False, True])
def test_edge_cases(target, prediction, stem):
    peer = peer_scorer.RougeScorer(ALL_TYPES, use_stemmer=stem)
    ours = rouge_scorer.RougeScorer(ALL_TYPES, use_stemmer=stem)
    exact(peer.score(target, prediction), ours.score(target, prediction))
    exact(
        peer.score_multi([target, prediction, "a"], prediction), ours.score_multi([target, prediction, "a"], prediction)
    )


def test_only_rougelsum():
    peer = peer_scorer.RougeScorer(["rougeLsum"], use_stemmer=True)
    ours = rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=True)
    for target, prediction in EDGE_CASES:
        exact(peer.score(target, prediction), ours.score(target, prediction))


def test_split_summaries_equals_rouge_score_on_newline_split_plain_sentences():
    """Offline split of plain sentences = rouge-score's Lsum on the same sentences one a line
    (rouge-score's own split_summaries needs NLTK's punkt download)."""
    sentences = [s for s in REF[:90] if s.endswith((".", "?", "!"))]
    targets = [" ".join(sentences[i : i + 3]) for i in range(0, len(sentences) - 3, 3)]
    newline_targets = ["\n".join(sentences[i : i + 3]) for i in range(0, len(sentences) - 3, 3)]
    prediction = "\n".join(SYS["sys1.detok"][:5])
    peer = peer_scorer.RougeScorer(["rougeLsum"])
    ours = rouge_scorer.RougeScorer(["rougeLsum"], split_summaries=True)
    for spaced, newline in zip(targets, newline_targets):
        exact(peer.score(newline, prediction), ours.score(spaced, prediction))


def test_split_summaries_as_rouge_score_with_punkt_sentences(monkeypatch):
    """rouge-score's own split_summaries path, ``nltk.sent_tokenize`` being NLTK's punkt
    algorithm without the downloaded English model (``PunktSentenceTokenizer()``), on plain
    sentences: a newline alone does not end a sentence, as in punkt."""
    monkeypatch.setattr(nltk, "sent_tokenize", PunktSentenceTokenizer().tokenize)
    texts = [
        ("The cat sat on\nthe mat. It was happy! Was it?", "It was happy.\nThe cat sat on the mat"),
        ("one two three\nfour five", "four five\none two three"),
        (" ".join(REF[:6]), "\n".join(SYS["sys1.detok"][:6])),
    ]
    peer = peer_scorer.RougeScorer(["rougeLsum"], use_stemmer=True, split_summaries=True)
    ours = rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=True, split_summaries=True)
    for target, prediction in texts:
        exact(peer.score(target, prediction), ours.score(target, prediction))


def test_invalid_types_are_refused_as_rouge_score_refuses_them():
    with pytest.raises(ValueError, match="Invalid rouge type: rougeX"):
        rouge_scorer.RougeScorer(["rougeX"]).score("a", "a")
    with pytest.raises(ValueError, match="rougen requires positive n: rouge0"):
        rouge_scorer.RougeScorer(["rouge0"]).score("a", "a")
    with pytest.raises(ValueError, match="score_multi needs at least one target"):
        rouge_scorer.RougeScorer(["rouge1"]).score_multi([], "a")


def test_texts_that_are_not_str_as_rouge_score_takes_or_refuses_them():
    peer = peer_scorer.RougeScorer(["rouge1", "rougeL", "rougeLsum"])
    ours = rouge_scorer.RougeScorer(["rouge1", "rougeL", "rougeLsum"])
    exact(peer.score("Größe a b".encode(), b"a\nb"), ours.score("Größe a b".encode(), b"a\nb"))  # UTF-8 bytes
    for target in (None, ["a b"], 3):
        with pytest.raises(AttributeError):
            peer.score(target, "a")
        with pytest.raises(TypeError, match=f"RougeScorer.score: target must be a str .*got {type(target).__name__}"):
            ours.score(target, "a")
    with pytest.raises(TypeError, match=r"RougeScorer.score_multi: targets\[1\] must be a str"):
        ours.score_multi(["a", None], "a")
    with pytest.raises(TypeError, match=r"RougeScorer\.score: prediction must be a str"):
        ours.score("a", None)


def test_where_rouge_score_reads_a_string_letter_by_letter():
    """``rouge_types`` a string: both refuse ("Invalid rouge type: r"), bleu2 saying why;
    ``score_multi`` with a string: rouge-score scores each character as a target, bleu2 refuses."""
    with pytest.raises(ValueError, match=r"Invalid rouge type: r$"):
        peer_scorer.RougeScorer("rouge1").score("a", "a")
    with pytest.raises(ValueError, match=r"Invalid rouge type: r \(rouge_types is the string 'rouge1'"):
        rouge_scorer.RougeScorer("rouge1").score("a", "a")
    assert peer_scorer.RougeScorer(["rouge1"]).score_multi("ab", "a")["rouge1"].fmeasure == 1.0
    with pytest.raises(ValueError, match=r"RougeScorer\.score_multi: targets must be a list of texts, got a str"):
        rouge_scorer.RougeScorer(["rouge1"]).score_multi("ab", "a")


def test_the_default_tokenizer_class():
    assert tokenizers.DefaultTokenizer(True).tokenize("The runners were running!") == ["the", "runner", "were", "run"]


def test_corpus_mean_is_the_mean_of_rouge_scores_lines():
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    peer = peer_scorer.RougeScorer(types, use_stemmer=True)
    pairs = list(zip(REF, SYS["sys1.detok"]))[:200]
    result = corpus_rouge(
        [p for _, p in pairs], [t for t, _ in pairs], preset="rouge-score", use_stemmer=True, aggregate=False
    )
    scores = [peer.score(t, p) for t, p in pairs]
    import numpy as np

    for t in types:
        expected = np.mean(np.vstack([tuple(s[t]) for s in scores]), axis=0).tolist()
        assert list(result.mean[t]) == expected
        assert mean_score(result.per_line[t]) == result.mean[t]
    hits, pred, ref = result.totals["rouge1"]
    assert hits <= min(pred, ref) and result.lines == 200
    d = result.to_dict()
    assert 0 <= d["scores"]["rouge1"]["mean"]["fmeasure"] <= 1
    assert d["signature"] == RougeConfig(tokenizer="rouge-score", use_stemmer=True).signature


def test_options_are_checked_naming_the_function():
    with pytest.raises(ValueError, match="corpus_rouge: invalid rouge type 'rouge10'"):
        corpus_rouge(["a"], ["a"], rouge_types=["rouge10"])
    with pytest.raises(ValueError, match="corpus_rouge: 2 predictions but 1 references"):
        corpus_rouge(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="sentence_rouge: tokenizer must be one of"):
        sentence_rouge("a", "a", tokenizer="13a")
    with pytest.raises(ValueError, match="sentence_rouge: the prediction needs a reference"):
        sentence_rouge("a", [])


def test_tokens_equal_rouge_scores_on_mixed_scripts_and_symbols():
    import random

    from rouge_score import tokenize as peer_tokenize
    from rouge_score import tokenizers as peer_tokenizers

    from bleu2.metrics.rouge.tokenize import tokenize_rouge_score

    pool = "abcXYZ019 \t\n.,;'\"-_éÉßİıKﬁ²٣東京ΣσςДжअ😀\u00a0\u200b\u0307"
    rnd = random.Random(11)
    stemmer = peer_tokenizers.DefaultTokenizer(True)._stemmer
    for _ in range(2000):
        text = "".join(rnd.choice(pool) for _ in range(rnd.randint(0, 40)))
        assert tokenize_rouge_score(text) == peer_tokenize.tokenize(text, None)
        assert tokenize_rouge_score(text, True) == peer_tokenize.tokenize(text, stemmer)
