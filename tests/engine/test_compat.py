"""bleu2.compat: one changed import gives the peer's numbers. Each module against its
pinned peer (sacreBLEU 2.6.0, NLTK 3.10.4; HF evaluate through bleuscore 0.2.0 and the
tensorflow/nmt rules it runs, tests/peer_rules.py) on the peer's own documented examples
and on the shared data."""

from __future__ import annotations

import warnings

import bleuscore
import pytest
import sacrebleu as sacrebleu_peer
from nltk.translate import bleu_score as nltk_peer

from bleu2.compat import evaluate, nltk, sacrebleu
from peer_rules import hf_evaluate_bleu
from shared_data import MULTITED_JA, TED

pytestmark = pytest.mark.filterwarnings("ignore")  # NLTK warns about zero counts
TOL = 1e-9


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


TED_REF, TED_SYS = lines(TED / "ted.ref.detok.eng"), lines(TED / "ted.sys1.detok.eng")
TED_REF_TOK = lines(TED / "ted.ref.eng")
JA_REF, JA_SYS = lines(MULTITED_JA / "multited.ref.jpn"), lines(MULTITED_JA / "multited.sys1.jpn")

# sacreBLEU's README example
README_SYS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
README_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
ATTRIBUTES = ("score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio")


def same_score(got, expected) -> None:
    for name in ATTRIBUTES:
        assert getattr(got, name) == pytest.approx(getattr(expected, name), abs=TOL), name
    assert got.counts == expected.counts and got.totals == expected.totals
    assert str(got) == str(expected)
    assert got.format(width=4, score_only=True) == expected.format(width=4, score_only=True)


# --------------------------------------------------------------------------- sacreBLEU


def test_sacrebleu_readme_example():
    got, expected = sacrebleu.corpus_bleu(README_SYS, README_REFS), sacrebleu_peer.corpus_bleu(README_SYS, README_REFS)
    same_score(got, expected)
    assert str(got) == "BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)"
    metric, peer = sacrebleu.BLEU(), sacrebleu_peer.metrics.BLEU()
    same_score(metric.corpus_score(README_SYS, README_REFS), peer.corpus_score(README_SYS, README_REFS))
    assert str(metric.get_signature()) == str(peer.get_signature()).replace("2.6.0", "bleu2-0.1.0")
    assert metric.get_signature().format(short=True) == peer.get_signature().format(short=True).replace(
        "2.6.0", "bleu2-0.1.0"
    )


def test_sacrebleu_the_issues_square_case_is_read_as_sacrebleu_reads_it():
    hyps = ["the cat sat on the mat", "a dog barks loudly"]
    streams = [["the cat sat on the mat", "a dog barks loudly"], ["a cat sat on a mat", "the dog barked"]]
    same_score(sacrebleu.corpus_bleu(hyps, streams), sacrebleu_peer.corpus_bleu(hyps, streams))
    assert sacrebleu.corpus_bleu(hyps, streams).score == pytest.approx(100.0)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"smooth_method": "none"},
        {"smooth_method": "floor"},
        {"smooth_method": "floor", "smooth_value": 0.3},
        {"smooth_method": "add-k", "smooth_value": 2},
        {"lowercase": True, "tokenize": "intl"},
        {"use_effective_order": True},
    ],
)
def test_sacrebleu_corpus_bleu_on_ted(options):
    refs = [TED_REF, TED_REF_TOK]
    same_score(sacrebleu.corpus_bleu(TED_SYS, refs, **options), sacrebleu_peer.corpus_bleu(TED_SYS, refs, **options))


@pytest.mark.parametrize("tokenize", ["char", "none", "intl"])
def test_sacrebleu_corpus_bleu_on_japanese(tokenize):
    got = sacrebleu.corpus_bleu(JA_SYS, [JA_REF], tokenize=tokenize)
    same_score(got, sacrebleu_peer.corpus_bleu(JA_SYS, [JA_REF], tokenize=tokenize))


def test_sacrebleu_sentence_bleu_on_ted():
    for hyp, ref, ref2 in list(zip(TED_SYS, TED_REF, TED_REF_TOK))[:200]:
        same_score(sacrebleu.sentence_bleu(hyp, [ref, ref2]), sacrebleu_peer.sentence_bleu(hyp, [ref, ref2]))
        metric, peer = sacrebleu.BLEU(smooth_method="floor"), sacrebleu_peer.metrics.BLEU(smooth_method="floor")
        same_score(metric.sentence_score(hyp, [ref]), peer.sentence_score(hyp, [ref]))


def test_sacrebleu_json_format_and_cached_references():
    metric, peer = sacrebleu.BLEU(references=README_REFS), sacrebleu_peer.metrics.BLEU(references=README_REFS)
    got, expected = metric.corpus_score(README_SYS, None), peer.corpus_score(README_SYS, None)
    same_score(got, expected)
    sig, peer_sig = str(metric.get_signature()), str(peer.get_signature())
    assert got.format(signature=sig, is_json=True) == expected.format(signature=peer_sig, is_json=True).replace(
        "2.6.0", "bleu2-0.1.0"
    )


def test_sacrebleu_what_bleu2_lacks_is_refused():
    with pytest.raises(ValueError, match="Number of references unknown"):
        sacrebleu.BLEU().get_signature()
    with pytest.raises(ValueError, match="ja-mecab"):
        sacrebleu.BLEU(trg_lang="ja")


# --------------------------------------------------------------------------- HF evaluate


def test_evaluate_bleu_card_example():
    predictions = ["hello there general kenobi", "foo bar foobar"]
    references = [["hello there general kenobi", "hello there!"], ["foo bar foobar"]]
    got = evaluate.load("bleu").compute(predictions=predictions, references=references)
    assert got == {
        "bleu": 1.0,
        "precisions": [1.0, 1.0, 1.0, 1.0],
        "brevity_penalty": 1.0,
        "length_ratio": 1.1666666666666667,
        "translation_length": 7,
        "reference_length": 6,
    }
    assert got == hf_evaluate_bleu(predictions, references)
    assert got == bleuscore.compute(predictions=predictions, references=references)


@pytest.mark.parametrize(
    "data, smooth, max_order",
    [("ted", False, 4), ("ted", True, 2), ("multited-ja", False, 2), ("multited-ja", True, 4)],
)
def test_evaluate_on_the_shared_data(data, smooth, max_order):
    hyps, refs = (TED_SYS, [[a, b] for a, b in zip(TED_REF, TED_REF_TOK)]) if data == "ted" else (JA_SYS, JA_REF)
    got = evaluate.load("bleu").compute(predictions=hyps, references=refs, max_order=max_order, smooth=smooth)
    rules = hf_evaluate_bleu(hyps, refs, max_order=max_order, smooth=smooth)
    lists = [[r] if isinstance(r, str) else r for r in refs]  # bleuscore takes lists only
    peer = bleuscore.compute(predictions=hyps, references=lists, max_order=max_order, smooth=smooth)
    assert list(got) == list(rules)
    for key in rules:
        assert got[key] == pytest.approx(rules[key], abs=TOL), key
        assert got[key] == pytest.approx(peer[key], abs=1e-6), key


def test_evaluate_with_a_tokenizer_of_ones_own():
    got = evaluate.load("bleu").compute(predictions=TED_SYS, references=TED_REF, tokenizer=str.split)
    expected = _split_rules(TED_SYS, TED_REF)
    assert got["bleu"] == pytest.approx(expected, abs=TOL)
    assert got["translation_length"] == sum(len(h.split()) for h in TED_SYS)


def _split_rules(hyps, refs) -> float:
    """HF's compute_bleu with str.split as the tokenizer, written out (the peer's loop)."""
    import math
    from collections import Counter

    def grams(t, n):
        return Counter(tuple(t[i : i + k]) for k in range(1, n + 1) for i in range(len(t) - k + 1))

    m, p, c, r = [0] * 4, [0] * 4, 0, 0
    for h, ref in zip(hyps, refs):
        ht, rt = h.split(), ref.split()
        c, r = c + len(ht), r + len(rt)
        for g, k in (grams(ht, 4) & grams(rt, 4)).items():
            m[len(g) - 1] += k
        for n in range(4):
            p[n] += max(len(ht) - n, 0)
    prec = [a / b for a, b in zip(m, p)]
    bp = 1.0 if c / r > 1 else math.exp(1 - r / c)
    return bp * math.exp(sum(math.log(x) for x in prec) / 4)


def test_evaluate_refuses_other_metrics():
    with pytest.raises(ValueError, match="'bleu', 'sacrebleu', 'chrf', 'ter', 'google_bleu', 'rouge', not 'bertscore'"):
        evaluate.load("bertscore")


# --------------------------------------------------------------------------- NLTK

H1 = "It is a guide to action which ensures that the military always obeys the commands of the party".split()
H2 = "It is to insure the troops forever hearing the activity guidebook that party direct".split()
R1 = "It is a guide to action that ensures that the military will forever heed Party commands".split()
R2 = "It is the guiding principle which guarantees the military forces always being under the command of the Party"
R2 = R2.split()
R3 = "It is the practical guide for the army always to heed the directions of the party".split()
H3 = "he read the book because he was interested in world history".split()
R4 = "he was interested in world history because he read the book".split()
WEIGHTS = [(1 / 2, 1 / 2), (1 / 3, 1 / 3, 1 / 3), (1 / 4, 1 / 4, 1 / 4, 1 / 4)]


def test_nltk_docstring_examples():
    for module in (nltk, nltk_peer):
        assert f"{module.sentence_bleu([R1, R2, R3], H1):.4f}" == "0.5046"
        assert f"{module.corpus_bleu([[R1, R2, R3], [R4]], [H1, H3]):.4f}" == "0.5921"
        assert [f"{s:.4f}" for s in module.sentence_bleu([R1, R2, R3], H1, weights=WEIGHTS)] == [
            "0.7454",
            "0.6241",
            "0.5046",
        ]
        assert [f"{s:.4f}" for s in module.corpus_bleu([[R1, R2, R3], [R4]], [H1, H3], weights=WEIGHTS)] == [
            "0.8243",
            "0.7069",
            "0.5921",
        ]
    for weights in ((1 / 5,) * 5, (0.1, 0.3, 0.5, 0.1)):  # BLEU-5, and custom weights
        got = nltk.sentence_bleu([R1, R2, R3], H1, weights)
        assert got == pytest.approx(nltk_peer.sentence_bleu([R1, R2, R3], H1, weights), abs=TOL)
    chencherry, peer = nltk.SmoothingFunction(), nltk_peer.SmoothingFunction()
    got = nltk.sentence_bleu([R1, R2, R3], H2, smoothing_function=chencherry.method1)
    assert got == pytest.approx(nltk_peer.sentence_bleu([R1, R2, R3], H2, smoothing_function=peer.method1), abs=TOL)
    assert f"{got:.4f}" == "0.0370"


@pytest.mark.parametrize("method", [f"method{i}" for i in range(8)])
def test_nltk_smoothing_functions_on_sentences(method):
    ours, peer = nltk.SmoothingFunction(), nltk_peer.SmoothingFunction()
    other, other_peer = nltk.SmoothingFunction(epsilon=0.3, alpha=2, k=3), nltk_peer.SmoothingFunction(0.3, 2, 3)
    compared = 0
    for hyp, ref, ref2 in list(zip(TED_SYS, TED_REF, TED_REF_TOK))[:150]:
        h, refs = hyp.split(), [ref.split(), ref2.split()]
        for mine, theirs in ((ours, peer), (other, other_peer)):
            try:
                expected = nltk_peer.sentence_bleu(refs, h, smoothing_function=getattr(theirs, method))
            except (AssertionError, ValueError, IndexError, ZeroDivisionError):
                continue  # method6 refuses lines without bigram matches; bleu2 scores them
            got = nltk.sentence_bleu(refs, h, smoothing_function=getattr(mine, method))
            assert got == pytest.approx(expected, abs=TOL)
            # NLTK's own SmoothingFunction works too
            assert nltk.sentence_bleu(refs, h, smoothing_function=getattr(theirs, method)) == pytest.approx(got)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("method", [f"method{i}" for i in range(5)])
@pytest.mark.parametrize("data", ["ted", "multited-ja"])
def test_nltk_corpus_bleu_on_the_shared_data(method, data):
    if data == "ted":
        hyps, refs = [h.split() for h in TED_SYS], [[r.split(), s.split()] for r, s in zip(TED_REF, TED_REF_TOK)]
    else:
        hyps, refs = [list(h) for h in JA_SYS], [[list(r)] for r in JA_REF]
    smooth, peer = getattr(nltk.SmoothingFunction(), method), getattr(nltk_peer.SmoothingFunction(), method)
    for weights in ((0.25,) * 4, WEIGHTS, (0.7, 0.3)):
        got = nltk.corpus_bleu(refs, hyps, weights=weights, smoothing_function=smooth)
        expected = nltk_peer.corpus_bleu(refs, hyps, weights=weights, smoothing_function=peer)
        assert got == pytest.approx(expected, abs=TOL)


def test_nltk_auto_reweigh_and_no_unigram_match():
    for hyp in (["It", "is"], ["It", "is", "a"], ["x", "y"]):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = nltk_peer.sentence_bleu([R1], hyp, auto_reweigh=True)
        assert nltk.sentence_bleu([R1], hyp, auto_reweigh=True) == pytest.approx(expected, abs=TOL)
    assert nltk.corpus_bleu([[R1]], [["x"]]) == nltk_peer.corpus_bleu([[R1]], [["x"]]) == 0


def test_nltk_refuses_strings_and_smoothing_that_is_not_a_function():
    with pytest.raises(TypeError, match="list of tokens"):
        nltk.sentence_bleu(["a b c"], "a b c")  # NLTK's would score the characters
    with pytest.raises(TypeError, match="smoothing_function"):
        nltk.sentence_bleu([R1], H1, smoothing_function="method1")
