"""bleu2.explain: n-gram highlighting that explains clipping.

Expected statuses are derived by hand from the definition of modified precision
(Papineni et al. 2002): the first min(k, m) occurrences of an n-gram are matched.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleu2
from bleu2.metrics.bleu.api import extract_stats
from bleu2.page import i18n
from bleu2.page.sentence.explain import highlight, span_label


def _statuses(h, n):
    return [(" ".join(s["ngram"]), s["status"], s["occurrence"]) for s in h["candidate"]["orders"][n - 1]["spans"]]


def test_a_repeated_word_is_matched_once_and_clipped_after():
    h = highlight("the the the cat".split(), ["the cat".split()], max_order=2)
    assert h["max_order"] == 2
    assert _statuses(h, 1) == [
        ("the", "matched", 1),
        ("the", "clipped", 2),
        ("the", "clipped", 3),
        ("cat", "matched", 1),
    ]
    assert _statuses(h, 2) == [
        ("the the", "unmatched", 1),
        ("the the", "unmatched", 2),
        ("the cat", "matched", 1),
    ]
    uni = h["candidate"]["orders"][0]
    assert (uni["matched"], uni["clipped"], uni["unmatched"], uni["total"]) == (2, 2, 0, 4)
    first = uni["spans"][0]
    assert first == {
        "start": 0,
        "end": 1,
        "ngram": ["the"],
        "status": "matched",
        "count": 3,
        "max_ref_count": 1,
        "occurrence": 1,
    }
    bi = h["candidate"]["orders"][1]
    assert [(s["start"], s["end"]) for s in bi["spans"]] == [(0, 2), (1, 3), (2, 4)]
    assert (bi["matched"], bi["clipped"], bi["unmatched"], bi["total"]) == (1, 0, 2, 3)
    # reference side: every n-gram of "the cat" is matched
    ref = h["references"][0]
    assert ref["index"] == 0 and ref["tokens"] == ["the", "cat"]
    assert [(s["ngram"], s["matched"], s["count_in_candidate"]) for s in ref["orders"][0]["spans"]] == [
        (["the"], True, 3),
        (["cat"], True, 1),
    ]
    assert [(s["ngram"], s["matched"]) for s in ref["orders"][1]["spans"]] == [(["the", "cat"], True)]
    # the same counts as the score: p1 = 2/4, p2 = 1/3
    r = bleu2.sentence_bleu("the the the cat", "the cat")
    assert [(p.matches, p.total) for p in r.precisions] == [(2, 4), (1, 3)]


def test_several_references_clip_by_the_largest_count_in_one_reference():
    cand = "the the the cat".split()
    refs = ["the cat".split(), "the the dog".split(), "a cat the".split()]
    h = highlight(cand, refs, max_order=2)
    # "the": at most 2 in one reference (the second), so two matched, one clipped
    assert _statuses(h, 1) == [
        ("the", "matched", 1),
        ("the", "matched", 2),
        ("the", "clipped", 3),
        ("cat", "matched", 1),
    ]
    assert [s["max_ref_count"] for s in h["candidate"]["orders"][0]["spans"]] == [2, 2, 2, 1]
    # "the the" is in reference 2 once: first occurrence matched, second clipped
    assert _statuses(h, 2) == [("the the", "matched", 1), ("the the", "clipped", 2), ("the cat", "matched", 1)]
    # reference 2 "the the dog": both "the" matched (candidate has 3), "dog" not; "the the" matched
    r2 = h["references"][1]
    assert [s["matched"] for s in r2["orders"][0]["spans"]] == [True, True, False]
    assert [s["matched"] for s in r2["orders"][1]["spans"]] == [True, False]
    assert r2["orders"][0]["matched"] == 2 and r2["orders"][0]["total"] == 3
    # reference 3 "a cat the": "cat the" is not in the candidate
    r3 = h["references"][2]
    assert [s["matched"] for s in r3["orders"][1]["spans"]] == [False, False]
    st_ = extract_stats(cand, refs, 2)
    assert [o["matched"] for o in h["candidate"]["orders"]] == list(st_.matches) == [3, 2]


def test_reference_side_counts_occurrences_in_this_reference():
    # candidate has "a" once; reference has it twice: only the first is matched
    h = highlight(["a", "b"], [["a", "a", "b"]], max_order=1)
    spans = h["references"][0]["orders"][0]["spans"]
    assert [(s["ngram"][0], s["matched"], s["occurrence"], s["count_in_reference"]) for s in spans] == [
        ("a", True, 1, 2),
        ("a", False, 2, 2),
        ("b", True, 1, 1),
    ]


def test_short_and_empty_inputs():
    h = highlight(["a"], [["a", "b"]], max_order=4)
    assert [o["total"] for o in h["candidate"]["orders"]] == [1, 0, 0, 0]
    assert h["candidate"]["orders"][1]["spans"] == []
    h = highlight([], [[]], max_order=2)
    assert h["candidate"]["orders"][0]["spans"] == [] and h["references"][0]["orders"][0]["spans"] == []
    h = highlight(["x", "y"], [], max_order=2)
    assert [s["status"] for s in h["candidate"]["orders"][0]["spans"]] == ["unmatched", "unmatched"]
    with pytest.raises(ValueError):
        highlight(["a"], [["a"]], max_order=0)


def test_span_labels_in_three_languages():
    h = highlight("the the the cat".split(), ["the cat".split()])
    uni = h["candidate"]["orders"][0]["spans"]
    assert span_label(uni[1], "en") == "“\u2068the\u2069”: 3× in the candidate, at most 1× in a reference: 2 clipped"
    assert span_label(uni[0], "en") == "“\u2068the\u2069”: 3× in the candidate, at most 1× in a reference: matched"
    assert (
        span_label(uni[1], "es")
        == "«\u2068the\u2069»: 3× en la candidata, como máximo 1× en una referencia: 2 recortados"
    )
    assert span_label(uni[1], "pt") == "“\u2068the\u2069”: 3× na candidata, no máximo 1× numa referência: 2 cortados"
    bi = h["candidate"]["orders"][1]["spans"]
    assert span_label(bi[0], "en") == "“\u2068the the\u2069”: 2× in the candidate, in no reference: unmatched"
    ref = h["references"][0]["orders"][0]["spans"]
    assert span_label(ref[0], "en") == "“\u2068the\u2069”: 1× in this reference, 3× in the candidate: matched"
    h2 = highlight(["a"], [["a", "a"]], max_order=1)
    assert span_label(h2["references"][0]["orders"][0]["spans"][1], "es") == (
        "«\u2068a\u2069»: 2× en esta referencia, 1× en la candidata: no coincide"
    )


def test_user_text_stays_plain():
    tok = "<img src=x onerror=alert(1)>"
    h = highlight([tok], [[tok]], max_order=1)
    span = h["candidate"]["orders"][0]["spans"][0]
    assert span["ngram"] == [tok]
    assert tok in span_label(span, "en")  # returned as text; the page sets it with textContent


_tokens = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=12)


@settings(max_examples=200, deadline=None)
@given(_tokens, st.lists(_tokens, min_size=1, max_size=3), st.integers(1, 4))
def test_matched_spans_equal_clipped_matches(cand, refs, n):
    h = highlight(cand, refs, max_order=n)
    stats = extract_stats(cand, refs, n)
    for o, m, t in zip(h["candidate"]["orders"], stats.matches, stats.totals):
        assert o["matched"] == m
        assert o["total"] == t
        assert o["matched"] + o["clipped"] + o["unmatched"] == o["total"] == len(o["spans"])
        assert sum(s["status"] == "matched" for s in o["spans"]) == m
    # each reference: matched spans = sum of min(count in candidate, count in this reference)
    for ref, rh in zip(refs, h["references"]):
        for o in rh["orders"]:
            expected = extract_stats(cand, [ref], o["n"]).matches[o["n"] - 1] if ref else 0
            assert o["matched"] == expected


def test_highlight_sections_agree_with_highlight_and_label_at():
    from bleu2.page.sentence.explain import highlight_sections, label_at

    cand, refs = "the the the cat sat".split(), ["the cat".split(), "a cat sat".split()]
    data = highlight(cand, refs, max_order=2)
    sec = highlight_sections(cand, refs, [1, 3], 2, "en")
    assert sec["off"] is None
    [c] = sec["candidate"]
    assert c["id"] == "hl-cand"
    for o, shown in zip(data["candidate"]["orders"], c["orders"]):
        assert shown["items"] == [[" ".join(s["ngram"]), "hl-" + s["status"]] for s in o["spans"]]
    assert c["orders"][0]["summary"] == "3 matched · 2 clipped · 0 unmatched"
    assert [r["id"] for r in sec["references"]] == ["hl-ref-1", "hl-ref-3"]
    for r, ref in zip(sec["references"], data["references"]):
        for o, shown in zip(ref["orders"], r["orders"]):
            assert [cls == "hl-ref-matched" for _, cls in shown["items"]] == [s["matched"] for s in o["spans"]]
            assert shown["summary"] == f"{o['matched']}/{o['total']} matched"
    assert (
        label_at(data, None, 1, 1, "en")
        == "“\u2068the\u2069”: 3× in the candidate, at most 1× in a reference: 2 clipped"
    )
    assert label_at(data, 1, 2, 1, "en") == span_label(data["references"][1]["orders"][1]["spans"][1], "en")


def test_highlight_counts_use_singular_and_plural():
    from bleu2.page.sentence.explain import highlight_sections

    sec = highlight_sections("the the cat dog".split(), ["the cat".split()], [1], 2, "pt")
    assert sec["candidate"][0]["orders"][0]["summary"] == "2 coincidem · 1 cortado · 1 não coincide"
    sec = highlight_sections("a b c".split(), ["a".split()], [1], 1, "es")
    assert sec["candidate"][0]["orders"][0]["summary"] == "1 coincide · 0 recortados · 2 no coinciden"
    h = highlight("the the cat".split(), ["the cat".split()], max_order=1)
    assert span_label(h["candidate"]["orders"][0]["spans"][1], "pt").endswith(": 1 cortado")
    assert span_label(h["candidate"]["orders"][0]["spans"][1], "es").endswith(": 1 recortado")


def test_highlight_sections_off_for_long_texts():
    from bleu2.page.sentence.explain import MAX_TOKENS, highlight_sections

    assert MAX_TOKENS == 2000
    long = ["w"] * (MAX_TOKENS + 1)
    for cand, ref in ((long, ["w"]), (["w"], long)):
        sec = highlight_sections(cand, [ref], [1], 2, "es")
        assert sec["candidate"] == [] and sec["references"] == []
        assert sec["off"] == (
            "El resaltado se desactiva con textos largos (más de 2000 tokens en una caja), "
            "para que escribir siga siendo rápido."
        )
    assert highlight_sections(long[:-1], [["w"]], [1], 2, "en")["off"] is None


def test_labels_on_demand_equal_span_labels():
    from bleu2.page.sentence.explain import Labels

    cand, refs = "the the the cat".split(), ["the cat".split(), "a cat".split()]
    labels = Labels(cand, refs, [1, 3], 2)
    assert labels.data is None  # nothing computed before a token is pointed at
    h = highlight(cand, refs, max_order=2)
    assert labels.label("hl-cand", 1, 1, "en") == span_label(h["candidate"]["orders"][0]["spans"][1], "en")
    assert labels.label("hl-ref-3", 1, 0, "es") == span_label(h["references"][1]["orders"][0]["spans"][0], "es")
    assert labels.label("hl-cand", 2, 0, "pt") == span_label(h["candidate"]["orders"][1]["spans"][0], "pt")


def test_highlight_lines_are_shortened_but_counted_whole():
    from bleu2.page.sentence.breakdown import SHOWN_ITEMS
    from bleu2.page.sentence.explain import highlight_sections

    cand = [f"w{i % 700}" for i in range(1500)]
    ref = [f"w{i % 350}" for i in range(1200)]
    sec = highlight_sections(cand, [ref], [1], 2, "en")
    uni, bi = sec["candidate"][0]["orders"]
    assert len(uni["items"]) == len(bi["items"]) == SHOWN_ITEMS == 120
    assert uni["more"] == "and 1,380 more" and bi["more"] == "and 1,379 more"
    h = highlight(cand, [ref], max_order=2)["candidate"]["orders"][0]
    assert uni["summary"] == f"{h['matched']:,} matched · {h['clipped']:,} clipped · {h['unmatched']:,} unmatched"
    assert h["matched"] + h["clipped"] + h["unmatched"] == 1500  # counted over all, not the 120 shown
    ref_uni = sec["references"][0]["orders"][0]
    assert ref_uni["more"] == "and 1,080 more" and ref_uni["summary"].endswith("/1,200 matched")
    short = highlight_sections(["a", "b"], [["a"]], [1], 2, "en")
    assert short["candidate"][0]["orders"][0]["more"] == ""


def test_labels_isolate_the_user_text():
    h = highlight(["السجادة"], [["السجادة"]], max_order=1)
    label = span_label(h["candidate"]["orders"][0]["spans"][0], "en")
    assert label == "“\u2068السجادة\u2069”: 1× in the candidate, at most 1× in a reference: matched"
    assert i18n.isolate("abc") == "\u2068abc\u2069"


def test_page_highlight_key_and_labels():
    from bleu2.page.sentence.candidates import compare
    from bleu2.page.sentence.explain import page_highlight, page_highlight_key

    comp = compare(["the the cat", "a cat"], ["", "the cat"])
    data = page_highlight(comp, 0, "en")
    assert [s["id"] for s in data["references"]] == ["hl-ref-2"]  # the empty box 1 is not used
    assert data["labels"].label("hl-cand", 1, 1, "en").endswith("1 clipped")
    key = page_highlight_key(comp, 0, "en")
    assert key == page_highlight_key(compare(["the the cat", "a cat"], ["", "the cat"]), 0, "en")
    assert key != page_highlight_key(comp, 1, "en") != page_highlight_key(comp, 0, "es")
    assert key != page_highlight_key(compare(["the the cat"], ["", "the cat", "The cat."]), 0, "en")
    assert key != page_highlight_key(compare(["the the cat"], ["", "the cat"], tokenizer="13a"), 0, "en")
