"""Long texts measured after the answer that says "scoring…" (bleu2.page.sentence.live).

Measuring and assembling apart must give the page exactly the comparison
:func:`bleu2.page.sentence.candidates.compare` gives (same scores, counts, hints,
shortened lists); requests are coalesced.
"""

import pytest

import bleu2
from bleu2.page.sentence import breakdown, explain, live, updates
from bleu2.page.sentence import candidates as compare_mod
from bleu2.page.sentence.candidates import assemble, compare, measure
from shared_data import TED

pytestmark = pytest.mark.skipif(not TED.exists(), reason="../shared/data is missing")


def ted(name, n):
    return "\n".join((TED / name).read_text(encoding="utf-8").splitlines()[:n])


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"max_order": 4, "smoothing": "exp", "effective_order": True},
        {"tokenizer": "13a", "lowercase": False, "smoothing": "none"},
    ],
)
def test_measured_apart_gives_the_same_comparison_as_compare(options):
    refs = [ted("ted.ref.detok.eng", 1500), "", ted("ted.ref.detok.eng", 40)]
    cands = [ted("ted.sys1.detok.eng", 1500), ted("ted.sys2.detok.eng", 1500), "?!"]
    here = compare(cands, refs, **options)
    there = assemble(cands, refs, measure(cands, refs, **options), **options)
    for key in ("signature", "used_references", "no_references", "best_index", "options"):
        assert there[key] == here[key]
    for a, b in zip(there["results"], here["results"]):
        assert a.to_dict() == b.to_dict()
    for a, b in zip(there["candidates"], here["candidates"]):
        assert a["token_count"] == b["token_count"] == len(b["tokens"])
        assert a["tokens"] == b["tokens"]
        assert a["ref_length"] == b["ref_length"] and a["rank"] == b["rank"]
    for lang in ("en", "pt"):
        for i in range(len(cands)):
            v_here, v_there = breakdown.candidate_view(here, i, lang), breakdown.candidate_view(there, i, lang)
            for key in ("score", "precisions", "hints", "tokens", "json", "brevity_penalty", "ref_len_text"):
                assert v_there[key] == v_here[key], key
        assert updates.token_updates(there, lang) == updates.token_updates(here, lang)
        assert updates.ranking_paint(there, 0, lang) == updates.ranking_paint(here, 0, lang)
    # past MAX_TOKENS tokens the highlighting says "too long"
    off = explain.page_highlight(there, 0, "en")
    assert off["off"] and off["off"] == explain.page_highlight(here, 0, "en")["off"]
    # the scores are the library's
    assert there["results"][0].score == bleu2.sentence_bleu(cands[0], [refs[0], refs[2]], **options).score


def test_short_texts_are_scored_at_once_long_ones_measured_apart():
    assert live.on_page({"references": ["x" * 50_000], "candidates": ["y" * 50_000]})
    assert not live.on_page({"references": ["x" * 50_000], "candidates": ["y" * 50_001]})
    assert not live.on_page({"references": ["x" * 60_000], "candidates": ["", "y" * 60_000]})


def test_requests_are_coalesced_and_stale_answers_dropped():
    opts = {"max_order": 2}
    small = {"references": ["the cat"], "candidates": ["a cat"]}
    long1 = {"references": [ted("ted.ref.detok.eng", 800)], "candidates": [ted("ted.sys1.detok.eng", 800)]}
    long2 = {"references": long1["references"], "candidates": [long1["candidates"][0] + " more"]}
    long3 = {"references": long1["references"], "candidates": [long1["candidates"][0] + " more words"]}
    s = live.Live()
    assert s.plan(small, opts) == "page"
    assert s.plan(long1, opts) == "send" and s.send() == (long1, opts) and s.busy
    assert s.plan(long2, opts) == "wait" and s.plan(long3, opts) == "wait"  # only the latest goes next
    comp, again = s.answer(long3)
    assert again and comp["candidates"][0]["text"] == long1["candidates"][0]  # long1's result, shown meanwhile
    assert s.send() == (long3, opts)  # long2 was never sent
    comp, again = s.answer(long3)
    assert (
        not again
        and not s.busy
        and comp["candidates"][0]["token_count"] == len(bleu2.BLEU().tokenize(long3["candidates"][0]))
    )
    assert s.plan(long3, opts) == "shown"  # a new selection or language: nothing to measure
    assert s.plan(long3, {"max_order": 4}) == "send"
    s.send()
    assert s.plan(small, opts) == "page"  # short again: scored on the page...
    comp, again = s.answer(small)  # ...and the late answer is not shown over it
    assert comp is None and not again
    assert s.plan(long3, {"max_order": 4}) == "send"  # what was shown is the page's, not long3's


def test_the_many_lines_hint_offers_corpus_mode_once():
    many = "\n".join(f"line {i}" for i in range(40))
    hints = breakdown.candidate_view(compare([many], [many]), 0, "es")["hints"]
    actions = [h["action"] for h in hints if h["action"]]
    assert actions == [{"id": "hint-corpus", "label": "Puntuarlos línea a línea en el modo corpus"}]


def test_scoring_updates():
    assert updates.scoring_updates(True, "en") == {
        "scoring": {"text": "scoring…", "props": {"hidden": False}},
        "breakdown": {"attrs": {"aria-busy": "true"}},
    }
    assert updates.scoring_updates(False, "pt")["breakdown"] == {"attrs": {"aria-busy": None}}


def test_measure_then_assemble_is_compare():
    compare_mod.clear_caches()
    cands, refs = ["the cat is on the mat", "a dog"], ["the cat sat on the mat", "", "there is a cat"]
    m = measure(cands, refs, max_order=3)
    assert m["reference_lengths"] == [6, 0, 4]
    assert assemble(cands, refs, m, max_order=3)["ranking"] == compare(cands, refs, max_order=3)["ranking"]
