"""bleu2.page.corpus.compare_control: the Compare view's decisions, through corpus mode's fake
page (tests/corpus_page.py's :class:`Page`: the controller holds a real Session).

Oracles: ``bleu2 compare`` on the same files (its --json, --html, --latex output), and the
lines of each bucket counted here from the texts (compare-mt's words: split on spaces).
"""

from __future__ import annotations

import json
from unittest.mock import ANY

from corpus_page import DEBOUNCE_MS, PAGE, REF, SYS1, SYS2, Page, cli_compare

SYS3 = b"the cat sat on the mat\nthe dog ran in the park today\n"


def compared(page: Page, *systems: tuple[str, bytes], rules: str = "compare-mt") -> None:
    page.port.set("compare-rules", rules)
    page.load("reference", ("ref.txt", REF))
    page.load("system", *systems)
    page.work()
    page.fire(DEBOUNCE_MS)
    page.work()


def test_two_systems_scored_are_compared_and_the_json_is_the_clis(tmp_path):
    page = Page()
    page.port.set("compare-rules", "compare-mt")
    starts = page.spy("compare_start")
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    expected = cli_compare(tmp_path, "--preset", "compare-mt", "--json", "-r", "ref.txt", "sys1.txt", "sys2.txt")
    assert page.port.text("compare-json") == expected
    assert page.port.prop("compare", "hidden") is False
    target, view = page.port.last("compareView")
    assert target == "compare-body" and view["json"] == expected
    assert [r[0] for r in view["scores"]["rows"]] == ["sys1.txt", "sys2.txt"]
    assert len(starts) == 1 and page.control.compare.job is None and page.session.jobs == {}  # one, done
    assert page.port.prop("compare-progress", "hidden") is True
    # the bleu2 defaults' rules: the CLI without --preset
    page.port.set("compare-rules", "defaults")
    page.on("compare_rules")
    page.work()
    assert page.port.text("compare-json") == cli_compare(tmp_path, "--json", "-r", "ref.txt", "sys1.txt", "sys2.txt")


def test_one_system_has_no_compare_view():
    page = Page()
    compared(page, ("sys1.txt", SYS1))
    assert page.port.prop("compare", "hidden") is True
    assert "compareView" not in page.port.paints


def test_an_input_change_cancels_the_comparison_and_the_next_one_runs():
    page = Page()
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    page.work()
    page.fire(DEBOUNCE_MS)
    while page.control.compare.job is None:  # the scoring to its end: the comparison starts
        page.fire(0)
    job = page.control.compare.job
    page.on("options_changed")
    assert page.control.compare.job is None
    assert page.port.text("compare-status") == "Comparison stopped."
    assert job not in page.session.jobs and page.port.delays == [300]
    page.fire(DEBOUNCE_MS)
    page.work()
    assert page.control.compare.job is None and page.control.compare.result not in (None, job)


def test_clicks_list_a_buckets_and_an_ngrams_sentences(tmp_path):
    page = Page()
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    # sentence BLEU buckets of sys2: line 1 "a cat on the mat" vs "the cat sat on the mat"
    oracle = json.loads(page.port.text("compare-json"))
    counts = oracle["sentence_bleu_buckets"]["counts"][1]
    bucket = next(i for i, c in enumerate(counts) if c)
    page.on("compare_bucket", "sentence_bleu", bucket, 1)
    page.work()
    target, listed = page.port.last("compareLines")
    assert target == "compare-lines-body" and len(listed["items"]) == counts[bucket]
    assert page.port.prop("compare-lines", "hidden") is False
    item = listed["items"][0]
    assert [r["label"] for r in item["rows"]] == ["Reference", "sys1.txt", "sys2.txt"]
    i = item["line"] - 1
    ref_words = REF.decode().split("\n")[i].split(" ")
    sys2_words = SYS2.decode().split("\n")[i].split(" ")
    assert [w for w, _ in item["rows"][2]["tokens"]] == sys2_words
    marks = dict(item["rows"][2]["tokens"])
    assert all(marks[w] == ("hl-matched" if w in ref_words else "hl-unmatched") for w in set(sys2_words) - {"the"})
    # the first n-gram sys1 gets right more often: its lines, the n-gram marked everywhere
    gram = oracle["ngrams"]["left_better"][0]["ngram"]
    page.on("compare_ngram", "left_better", 0)
    page.work()
    _, listed = page.port.last("compareLines")
    lines = [
        k + 1
        for k, (a, b) in enumerate(zip(SYS1.decode().split("\n"), SYS2.decode().split("\n")))
        if f" {gram} " in f" {a} " or f" {gram} " in f" {b} "
    ]
    assert [it["line"] for it in listed["items"]] == lines
    n = len(gram.split(" "))
    for it in listed["items"]:
        for row in it["rows"]:
            marked = [w for w, c in row["tokens"] if c == "hl-ngram"]
            assert len(marked) % n == 0 and " ".join(marked[:n]) in ("", gram)


def test_the_exports_are_the_clis_output(tmp_path):
    page = Page()
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    for fmt, flag in (("html", ["--html", "-"]), ("json", ["--json"]), ("latex", ["--latex"])):
        page.on("compare_export", fmt)
        page.work()
        filename, _mime, text = page.port.downloads[-1]
        expected = cli_compare(tmp_path, "--preset", "compare-mt", *flag, "-r", "ref.txt", "sys1.txt", "sys2.txt")
        assert text == expected
        assert filename == {"html": "bleu2-compare.html", "json": "bleu2-compare.json"}.get(fmt, "bleu2-compare.tex")


def test_three_systems_the_baseline_chosen_and_a_pair_picked(tmp_path):
    page = Page()
    page.port.set("compare-rules", "compare-mt")
    page.load("reference", ("ref.txt", REF))
    page.load("system", ("sys1.txt", SYS1), ("sys2.txt", SYS2), ("sys3.txt", SYS3))
    page.work()
    ids = [row["id"] for row in page.port.last("files")["systems"]]
    page.port.set("corpus-baseline", str(ids[1]))
    page.fire(DEBOUNCE_MS)
    page.work()
    files = (("ref.txt", REF), ("sys1.txt", SYS1), ("sys2.txt", SYS2), ("sys3.txt", SYS3))
    expected = cli_compare(
        tmp_path,
        "--preset",
        "compare-mt",
        "--json",
        "--baseline",
        "2",
        "-r",
        "ref.txt",
        "sys1.txt",
        "sys2.txt",
        "sys3.txt",
        files=files,
    )
    assert page.port.text("compare-json") == expected
    _, view = page.port.last("compareView")
    assert view["pairs"] == {"options": ["sys1.txt", "sys3.txt"], "selected": 0, "baseline": "sys2.txt"}
    page.on("compare_pair", 1)
    page.work()
    _, view = page.port.last("compareView")
    assert view["pairs"]["selected"] == 1 and view["ngrams"][0]["head"][1:3] == ["sys2.txt", "sys3.txt"]


def test_on_the_pages_thread_and_in_another_language(tmp_path):
    page = Page(lang="pt", budget=PAGE)
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    expected = cli_compare(tmp_path, "--preset", "compare-mt", "--json", "-r", "ref.txt", "sys1.txt", "sys2.txt")
    assert page.port.text("compare-json") == expected
    _, view = page.port.last("compareView")
    assert view["scores"]["caption"] == "Pontuações"
    assert view["scores"]["rows"][0][1] == f"{json.loads(expected)['scores'][0]['bleu']:.4f}".replace(".", ",")
    page.control.language("es")
    page.work()
    assert page.port.last("compareView")[1]["scores"]["caption"] == "Puntuaciones"


def test_a_word_frequency_bucket_lists_the_sentences_with_its_words():
    page = Page()
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    _, view = page.port.last("compareView")
    words = view["blocks"][0]
    assert words["id"] == "compare-words"
    # "<1": words the references never have; sys2 (its row, a row per system) has one, "is" (line 2)
    assert words["rows"][1][1]["button"] == {"kind": "words", "bucket": 0, "system": 1, "label": ANY}
    page.on("compare_bucket", "words", 0, 1)
    page.work()
    _, listed = page.port.last("compareLines")
    assert [it["line"] for it in listed["items"]] == [2]
    marked = [w for row in listed["items"][0]["rows"] for w, c in row["tokens"] if c == "hl-word"]
    assert marked == ["is"]
    # "3": "the", three times in the references, on both lines
    bucket = json.loads(page.port.text("compare-json"))["word_accuracy"]["buckets"].index("3")
    page.on("compare_bucket", "words", bucket, 0)
    page.work()
    _, listed = page.port.last("compareLines")
    assert [it["line"] for it in listed["items"]] == [1, 2]
    assert {w for it in listed["items"] for row in it["rows"] for w, c in row["tokens"] if c == "hl-word"} == {"the"}


def test_the_shown_comparison_stays_clickable_while_a_newer_one_runs(tmp_path):
    """The last comparison is shown (and answers clicks) until the newer one ends."""
    page = Page()
    compared(page, ("sys1.txt", SYS1), ("sys2.txt", SYS2))
    old = page.control.compare.result
    page.port.set("compare-rules", "defaults")
    page.on("compare_rules")
    assert page.port.delays == [0]  # the newer one's first step
    page.on("compare_export", "json")
    old_json = cli_compare(tmp_path, "--preset", "compare-mt", "--json", "-r", "ref.txt", "sys1.txt", "sys2.txt")
    assert page.port.downloads[-1][2] == old_json  # the shown one's
    page.work()
    assert page.control.compare.job is None and page.control.compare.result not in (None, old)
    assert page.port.text("compare-json") == cli_compare(tmp_path, "--json", "-r", "ref.txt", "sys1.txt", "sys2.txt")
