"""bleu2.compat.evaluate as HF evaluate 0.4's users call it: ``load("bleu")``,
``load("sacrebleu")``, ``load("chrf")`` and ``load("ter")`` with ``compute``, ``add`` and
``add_batch``. HF's metric scripts load their code from the network and cannot run here;
their rules are the oracles: bleuscore 0.2.0 (HF's ``bleu``: tensorflow/nmt
``compute_bleu``) and sacreBLEU 2.6.0's ``corpus_bleu``, ``CHRF`` and ``TER`` (which HF's
``sacrebleu``, ``chrf`` and ``ter`` metrics call), with the metric scripts' reference handling
and ``EvaluationModule``'s accumulation (``add_batch`` then ``compute``) written out; the
``chrf`` and ``ter`` cards' examples, as printed there."""

from __future__ import annotations

import bleuscore
import pytest
import sacrebleu as sacrebleu_peer

from bleu2.compat import evaluate
from shared_data import TED

TOL = 1e-9


def lines(path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


TED_REF, TED_REF_TOK, TED_SYS = (
    lines(TED / "ted.ref.detok.eng"),
    lines(TED / "ted.ref.eng"),
    lines(TED / "ted.sys1.detok.eng"),
)
N = 300
PREDS, REFS = TED_SYS[:N], [[a, b] for a, b in zip(TED_REF[:N], TED_REF_TOK[:N])]
KEYS = ["score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len"]


def hf_sacrebleu(predictions, references, **kwargs) -> dict:
    """HF's sacrebleu metric: one string each becomes a list of one; streams for sacreBLEU."""
    if isinstance(references[0], str):
        references = [[r] for r in references]
    streams = [[refs[j] for refs in references] for j in range(len(references[0]))]
    out = sacrebleu_peer.corpus_bleu(predictions, streams, **kwargs)
    return {key: getattr(out, key) for key in KEYS}


def hf_chrf(predictions, references, **kwargs) -> dict:
    """HF's chrf metric: one string each becomes a list of one; streams for sacreBLEU's CHRF."""
    if isinstance(references[0], str):
        references = [[r] for r in references]
    streams = [[refs[j] for refs in references] for j in range(len(references[0]))]
    out = sacrebleu_peer.CHRF(**kwargs).corpus_score(predictions, streams)
    return {"score": out.score, "char_order": out.char_order, "word_order": out.word_order, "beta": out.beta}


def hf_ter(
    predictions, references, normalized=False, ignore_punct=False, support_zh_ja_chars=False, case_sensitive=False
):
    """HF's ter metric: its option names, one string each becomes a list of one; streams for sacreBLEU's TER."""
    if isinstance(references[0], str):
        references = [[r] for r in references]
    streams = [[refs[j] for refs in references] for j in range(len(references[0]))]
    metric = sacrebleu_peer.TER(
        normalized=normalized, no_punct=ignore_punct, asian_support=support_zh_ja_chars, case_sensitive=case_sensitive
    )
    out = metric.corpus_score(predictions, streams)
    return {"score": out.score, "num_edits": out.num_edits, "ref_length": out.ref_length}


def same(got: dict, expected: dict) -> None:
    assert list(got) == list(expected)
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, abs=TOL), key


def test_the_sacrebleu_cards_examples():
    sacrebleu = evaluate.load("sacrebleu")
    predictions = ["hello there general kenobi", "foo bar foobar"]
    references = [["hello there general kenobi", "hello there !"], ["foo bar foobar", "foo bar foobar"]]
    results = sacrebleu.compute(predictions=predictions, references=references)
    assert list(results.keys()) == KEYS
    assert round(results["score"], 1) == 100.0
    predictions = ["hello there general kenobi", "on our way to ankh morpork"]
    references = [["hello there general kenobi", "hello there !"], ["goodbye ankh morpork", "ankh morpork"]]
    results = sacrebleu.compute(predictions=predictions, references=references)
    assert round(results["score"], 1) == 39.8
    same(results, hf_sacrebleu(predictions, references))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"smooth_method": "floor", "smooth_value": 0.2},
        {"smooth_method": "add-k"},
        {"smooth_method": "none"},
        {"lowercase": True, "tokenize": "intl"},
        {"tokenize": "char"},
        {"use_effective_order": True, "force": True},
    ],
)
def test_sacrebleu_in_an_evaluation_loop(options):
    metric = evaluate.load("sacrebleu")
    for start in range(0, N, 64):
        metric.add_batch(predictions=PREDS[start : start + 64], references=REFS[start : start + 64])
    same(metric.compute(**options), hf_sacrebleu(PREDS, REFS, **options))


def test_sacrebleu_with_one_reference_string_per_prediction():
    metric = evaluate.load("sacrebleu")
    for p, r in zip(PREDS, TED_REF):
        metric.add(prediction=p, reference=r)
    same(metric.compute(), hf_sacrebleu(PREDS, TED_REF[:N]))


def test_bleu_in_an_evaluation_loop():
    metric = evaluate.load("bleu")
    for p, refs in zip(PREDS[:100], REFS[:100]):
        metric.add(prediction=p, reference=refs)
    metric.add_batch(predictions=PREDS[100:], references=REFS[100:])
    for options in ({}, {"max_order": 2, "smooth": True}):
        if options:  # each compute empties the module: add again
            metric.add_batch(predictions=PREDS, references=REFS)
        got, peer = metric.compute(**options), bleuscore.compute(predictions=PREDS, references=REFS, **options)
        assert list(got) == [
            "bleu",
            "precisions",
            "brevity_penalty",
            "length_ratio",
            "translation_length",
            "reference_length",
        ]
        for key in got:
            assert got[key] == pytest.approx(peer[key], abs=1e-6), key


@pytest.mark.parametrize("n", [1, 5, 50, N])
@pytest.mark.parametrize("options", [{}, {"smooth": True}, {"max_order": 2}, {"max_order": 1, "smooth": True}])
def test_bleu_gives_hfs_floats_to_the_last_bit(n, options):
    """tensorflow/nmt's arithmetic (its sum of (1/N) ln p_n, its BP = exp(1 - 1/ratio)),
    as bleuscore has it where 1/N is exact."""
    got = evaluate.load("bleu").compute(predictions=PREDS[:n], references=REFS[:n], **options)
    assert got == bleuscore.compute(predictions=PREDS[:n], references=REFS[:n], **options)


def test_bleu_of_an_empty_prediction_is_bleuscores():
    """HF's script divides by zero on a corpus without prediction tokens; bleuscore (its
    port, the oracle here) scores 0, BP 0."""
    got = evaluate.load("bleu").compute(predictions=[""], references=[["a b"]])
    assert got == bleuscore.compute(predictions=[""], references=[["a b"]])
    assert got["bleu"] == 0.0 and got["brevity_penalty"] == 0.0


def test_compute_with_inputs_after_add_batch_scores_both():
    # EvaluationModule.compute(predictions=, references=) adds them as one more batch
    for name in ("bleu", "sacrebleu"):
        metric = evaluate.load(name)
        metric.add_batch(predictions=PREDS[:200], references=REFS[:200])
        got = metric.compute(predictions=PREDS[200:], references=REFS[200:])
        assert got == evaluate.load(name).compute(predictions=PREDS, references=REFS)
    metric = evaluate.load("sacrebleu")
    metric.add_batch(predictions=PREDS[:200], references=REFS[:200])
    same(metric.compute(predictions=PREDS[200:], references=REFS[200:]), hf_sacrebleu(PREDS, REFS))


def test_compute_empties_the_module():
    metric = evaluate.load("sacrebleu")
    metric.add_batch(predictions=PREDS[:10], references=REFS[:10])
    metric.compute()
    with pytest.raises(ValueError, match="call `add` or `add_batch` at least once before calling `compute`"):
        metric.compute()
    # the format is free again: strings after lists
    same(metric.compute(predictions=PREDS[:10], references=TED_REF[:10]), hf_sacrebleu(PREDS[:10], TED_REF[:10]))


def test_bad_inputs_are_refused_as_hf_does():
    metric = evaluate.load("bleu")
    with pytest.raises(ValueError, match=r"Bad inputs for evaluation module: \['sources'\]"):
        metric.add_batch(predictions=["a"], references=["a"], sources=["x"])
    with pytest.raises(ValueError, match=r"Mismatch in the number of predictions \(2\) and references \(1\)"):
        metric.add_batch(predictions=["a", "b"], references=["a"])
    metric.add(prediction="a b", reference=["a b", "a c"])
    with pytest.raises(ValueError, match="don't match the expected format"):  # lists, then a string
        metric.add(prediction="a b", reference="a b")
    with pytest.raises(ValueError, match="must be a string"):
        metric.add(prediction=["a", "b"], reference=["a b"])
    with pytest.raises(ValueError, match="Sacrebleu requires the same number of references for each prediction"):
        evaluate.load("sacrebleu").compute(predictions=["a", "b"], references=[["a", "a"], ["b"]])
    with pytest.raises(ValueError, match="'bleu', 'sacrebleu', 'chrf', 'ter', 'google_bleu', 'rouge', not 'bertscore'"):
        evaluate.load("bertscore")


# the ter card's examples, with the values it prints
TER_PREDICTIONS = [
    "does this sentence match??",
    "what about this sentence?",
    "What did the TER metric user say to the developer?",
]
TER_REFERENCES = [
    ["does this sentence match", "does this sentence match!?!"],
    ["wHaT aBoUt ThIs SeNtEnCe?", "wHaT aBoUt ThIs SeNtEnCe?"],
    ["Your jokes are...", "...TERrible"],
]


def test_the_ter_cards_examples():
    ter = evaluate.load("ter")
    results = ter.compute(predictions=TER_PREDICTIONS, references=TER_REFERENCES, case_sensitive=True)
    assert str(results) == "{'score': 150.0, 'num_edits': 15, 'ref_length': 10.0}"
    two, two_refs = TER_PREDICTIONS[:2], TER_REFERENCES[:2]
    results = ter.compute(predictions=two, references=two_refs, case_sensitive=True)
    assert str(results) == "{'score': 62.5, 'num_edits': 5, 'ref_length': 8.0}"
    results = ter.compute(predictions=two, references=two_refs, normalized=True, case_sensitive=True)
    assert str(results) == "{'score': 57.14285714285714, 'num_edits': 6, 'ref_length': 10.5}"
    results = ter.compute(predictions=two, references=two_refs, ignore_punct=True, case_sensitive=False)
    assert str(results) == "{'score': 0.0, 'num_edits': 0, 'ref_length': 8.0}"
    results = ter.compute(
        predictions=TER_PREDICTIONS, references=TER_REFERENCES, ignore_punct=True, case_sensitive=False
    )
    assert str(results) == "{'score': 100.0, 'num_edits': 10, 'ref_length': 10.0}"


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"case_sensitive": True},
        {"normalized": True, "ignore_punct": True},
        {"normalized": True, "support_zh_ja_chars": True},
    ],
)
def test_ter_in_an_evaluation_loop(options):
    metric = evaluate.load("evaluate-metric/ter")
    for start in range(0, 120, 50):
        metric.add_batch(predictions=PREDS[start : min(start + 50, 120)], references=REFS[start : min(start + 50, 120)])
    assert metric.compute(**options) == hf_ter(PREDS[:120], REFS[:120], **options)
    metric = evaluate.load("ter")
    for p, r in zip(PREDS[:60], TED_REF[:60]):
        metric.add(prediction=p, reference=r)
    assert metric.compute(**options) == hf_ter(PREDS[:60], TED_REF[:60], **options)
    with pytest.raises(ValueError, match="Sacrebleu requires the same number of references for each prediction"):
        metric.compute(predictions=["a", "b"], references=[["a", "a"], ["b"]])


# the chrf card's examples, with the values it prints
CARD_PREDICTIONS = [
    "The relationship between cats and dogs is not exactly friendly.",
    "a good bookshop is just a genteel black hole that knows how to read.",
]
CARD_REFERENCES = [
    ["The relationship between dogs and cats is not exactly friendly."],
    ["A good bookshop is just a genteel Black Hole that knows how to read."],
]


def test_the_chrf_cards_examples():
    chrf = evaluate.load("chrf")
    results = chrf.compute(predictions=CARD_PREDICTIONS, references=CARD_REFERENCES)
    assert str(results) == "{'score': 84.64214891738334, 'char_order': 6, 'word_order': 0, 'beta': 2}"
    results = chrf.compute(predictions=CARD_PREDICTIONS, references=CARD_REFERENCES, word_order=2)
    assert str(results) == "{'score': 82.87263732906315, 'char_order': 6, 'word_order': 2, 'beta': 2}"
    results = chrf.compute(predictions=CARD_PREDICTIONS, references=CARD_REFERENCES, word_order=2, lowercase=True)
    assert str(results) == "{'score': 92.12853119829202, 'char_order': 6, 'word_order': 2, 'beta': 2}"


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"word_order": 2},
        {"char_order": 4, "word_order": 1, "beta": 1},
        {"lowercase": True, "whitespace": True},
        {"eps_smoothing": True, "word_order": 2},
    ],
)
def test_chrf_in_an_evaluation_loop(options):
    metric = evaluate.load("chrf")
    for start in range(0, N, 64):
        metric.add_batch(predictions=PREDS[start : start + 64], references=REFS[start : start + 64])
    got, expected = metric.compute(**options), hf_chrf(PREDS, REFS, **options)
    assert got == expected  # sacreBLEU's float, bit for bit


def test_chrf_with_one_reference_string_per_prediction_and_compute_with_inputs():
    metric = evaluate.load("chrf")
    for p, r in zip(PREDS[:100], TED_REF[:100]):
        metric.add(prediction=p, reference=r)
    assert metric.compute(predictions=PREDS[100:], references=TED_REF[100:N]) == hf_chrf(PREDS, TED_REF[:N])
    with pytest.raises(ValueError, match="ChrF, as implemented by sacrebleu, requires the same number of references"):
        metric.compute(predictions=["a", "b"], references=[["a", "a"], ["b"]])


def test_load_takes_hfs_storage_keywords():
    metric = evaluate.load("evaluate-metric/sacrebleu", keep_in_memory=True, experiment_id="x")
    assert metric.name == "sacrebleu"
    with pytest.raises(NotImplementedError, match="one process"):
        evaluate.load("bleu", num_process=2, process_id=1)


def test_references_as_tuples_and_arrays():
    import numpy as np

    metric = evaluate.load("sacrebleu")
    metric.add_batch(predictions=np.array(PREDS[:50]), references=np.array(REFS[:50]))
    metric.add(prediction=PREDS[50], reference=tuple(REFS[50]))
    same(metric.compute(), hf_sacrebleu(PREDS[:51], REFS[:51]))


def test_a_refused_batch_leaves_the_module_as_it_was():
    metric = evaluate.load("sacrebleu")
    with pytest.raises(ValueError, match="don't match the expected format"):
        metric.add_batch(predictions=PREDS[:2], references=[TED_REF[0], REFS[1]])  # a string, then a list
    metric.add_batch(predictions=PREDS[:2], references=REFS[:2])  # lists: the format is still free
    same(metric.compute(), hf_sacrebleu(PREDS[:2], REFS[:2]))
