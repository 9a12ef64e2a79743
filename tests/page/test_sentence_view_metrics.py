"""The metric option on the sentence view (chrF, chrF++, TER) through the fake page
(tests/fake_port.py); every number shown is checked against sacreBLEU 2.6.0
(``sacrebleu.sentence_chrf`` / ``sentence_ter``), never against bleu2's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import sacrebleu

from bleu2.metrics import registry
from bleu2.metrics.protocol import Metric
from bleu2.page.options_form import DEFAULT_OPTIONS, normalize_options, option_labels, preset_choice
from bleu2.page.sentence.candidates import compare
from bleu2.page.sentence.chrf_view import chrf_view
from bleu2.page.sentence.metric_types import ViewInput
from bleu2.page.sentence.metric_view import metric_views, shown_parts
from bleu2.page.sentence.ter_view import ter_view
from bleu2.page.share import decode_state, encode_state
from fake_port import event, open_page, set_control, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
PAIRS = [
    ("the mat on the cat sat", ["on the mat the cat is"]),
    ("The quick brown fox jumps over the lazy dog.", ["A fast brown fox leaps over a lazy dog.", "The quick fox"]),
    ("我爱学习中文", ["我喜欢学习中文"]),
    ("", ["a b c"]),
    ("x", ["x"]),
    ("Hello, World!", ["hello world", ""]),
    ("a b c d e f", ["d e f a b c"]),
    ("the the the the", ["the cat", "a cat on the mat"]),
]


def oracle(metric: str, candidate: str, references: list[str]):
    if metric == "ter":
        return sacrebleu.sentence_ter(candidate, references)
    return sacrebleu.sentence_chrf(candidate, references, word_order=2 if metric == "chrf++" else 0)


def shown(score: float) -> str:
    return f"{score:.4f}"


def scored_page(metric: str):
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    set_control(port, page, "opt-metric", metric)
    port.advance(1000)
    return port, page


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "ter"])
def test_the_chosen_metric_shows_sacrebleus_score_and_its_json(metric):
    port, _ = scored_page(metric)
    ours = json.loads(port.text("result-json"))
    theirs = oracle(metric, CAND, [REF])
    assert ours["score"] == pytest.approx(theirs.score / 100, abs=1e-12)
    assert port.text("score") == shown(theirs.score / 100) == port.text("summary-score")
    assert port.text("score-label") == {"chrf": "chrF2", "chrf++": "chrF2++", "ter": "TER"}[metric]
    assert port.prop("bleu-terms", "hidden") is True and port.prop("metric-terms", "hidden") is False
    assert [log for log in port.logs if log[0] == "error"] == []


def test_chrf_score_label_is_sacrebleus_name():
    port, _ = scored_page("chrf++")
    assert port.text("score-label") == "chrF2++"
    assert str(sacrebleu.sentence_chrf(CAND, [REF], word_order=2)).startswith("chrF2++ = ")


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "ter"])
@pytest.mark.parametrize("candidate,references", PAIRS)
def test_the_views_score_equals_sacrebleus(metric, candidate, references):
    numbers = list(range(1, len(references) + 1))
    if metric == "ter":
        v = ter_view(ViewInput(candidate, references, numbers, 1, "ter"))
    else:
        v = chrf_view(ViewInput(candidate, references, numbers, 1, metric))
    theirs = oracle(metric, candidate, references)
    assert v["score"] == pytest.approx(theirs.score / 100, abs=1e-12)
    assert json.loads(v["json"])["score"] == pytest.approx(theirs.score / 100, abs=1e-12)


def test_chrf_table_rows_are_sacrebleus_statistics():
    """Each order's matches and totals are those of sacreBLEU's CHRF.extract statistics."""
    v = chrf_view(ViewInput(CAND, [REF], metric="chrf++"))
    stats = sacrebleu.metrics.CHRF(word_order=2)._extract_corpus_statistics([CAND], [[REF]])[0]
    for i, row in enumerate(v["rows"][:-1]):
        hyp, ref, matches = stats[3 * i : 3 * i + 3]
        assert row["cells"][1:4] == [str(matches), str(hyp), str(ref)]
    assert [r["cells"][0] for r in v["rows"][:-1]][-2:] == ["word 1-grams", "word 2-grams"]


def test_chrf_marks_as_many_matched_ngrams_as_the_order_has_matches():
    v = chrf_view(ViewInput(CAND, [REF], metric="chrf"))
    lines = v["highlight"]["candidate"][0]["orders"]
    for line, row in zip(lines, v["rows"]):
        assert sum(cls == "hl-matched" for _, cls in line["items"]) == int(row["cells"][1])


def test_ter_edits_add_up_to_sacrebleus_and_shifted_words_are_marked():
    cand, refs = "the mat on the cat sat", ["on the mat the cat is"]
    v = ter_view(ViewInput(cand, refs, metric="ter"))
    theirs = sacrebleu.metrics.TER().corpus_score([cand], [[r] for r in refs])
    counts = [int(row["cells"][1]) for row in v["rows"][:4]]
    assert sum(counts) == int(v["rows"][4]["cells"][1]) == round(theirs.score / 100 * len(refs[0].split()))
    written = v["highlight"]["candidate"][0]["orders"][0]["items"]
    assert any("hl-shifted" in cls and text.startswith("⇄") for text, cls in written)


def test_a_ter_substitution_shows_both_words_marked_as_such_and_never_struck_through():
    v = ter_view(ViewInput("the cat sat on the mat", ["the cat is on the mat"], metric="ter"))
    assert sacrebleu.sentence_ter("the cat sat on the mat", ["the cat is on the mat"]).score == pytest.approx(100 / 6)
    steps = v["highlight"]["candidate"][0]["orders"][1]["items"]
    assert ["~sat → is", "hl-substituted"] in steps and not any("hl-clipped" in cls for _, cls in steps)
    written = v["highlight"]["candidate"][0]["orders"][0]["items"]
    assert ["sat", "hl-substituted"] in written
    css = (Path(__file__).resolve().parents[2] / "static" / "style.css").read_text(encoding="utf-8")
    rule = css[css.index(".hl-substituted {") :].split("}", 1)[0]
    assert "line-through" not in rule and "underline" in rule


def test_ranking_puts_lowest_ter_first():
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", "a b c d")
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", REF)
    set_control(port, page, "opt-metric", "ter")
    ranking = port.last("ranking")
    assert [row["index"] for row in ranking["rows"]] == [1, 0]
    assert ranking["head"][2] == "TER" and ranking["rows"][0]["cells"][2] == "0.0000"
    assert ranking["head"][3:] == ["edits in all", "reference length (words)"]  # a count, not a kind of edit
    assert port.text("highlight-heading") == "Edits and alignment"


@pytest.mark.parametrize("metric", ["chrf++", "ter"])
def test_export_under_a_metric_exports_that_metrics_results_best_first(metric):
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", "a b c d")
    page.on_add(event("click", "add-candidate", "add-candidate"))
    type_in(port, page, "candidate-2", CAND)
    set_control(port, page, "opt-metric", metric)
    theirs = [oracle(metric, text, [REF]).score / 100 for text in ("a b c d", CAND)]
    for fmt in ("json", "csv", "markdown"):
        page.on_export(event("click", "export", f"download-export-{fmt}", format=fmt))
    (_, _, data), (_, _, csv), (_, _, markdown) = port.downloads[-3:]
    exported = json.loads(data)
    assert exported["metric"] == metric and [r["index"] for r in exported["ranking"]] == [1, 0]  # CAND is better
    assert [r["score"] for r in exported["ranking"]] == pytest.approx(theirs[::-1], abs=1e-12)
    assert exported["ranking"][0]["name"] == {"chrf++": "chrF2++", "ter": "TER"}[metric]
    assert csv.splitlines()[0] == "rank,candidate,score,signature,text"
    assert csv.splitlines()[1].startswith(f"1,2,{exported['ranking'][0]['score']!r},")
    label = "chrF2++" if metric == "chrf++" else "TER"
    assert markdown.startswith(f"| Rank | Candidate | {label} |") and shown(theirs[1]) in markdown


def test_switching_back_to_bleu_shows_bleu_again():
    port, page = scored_page("chrf")
    set_control(port, page, "opt-metric", "bleu")
    port.advance(1000)
    assert port.text("score") == "0.7071" and port.text("score-label") == "BLEU-2"
    assert port.prop("bleu-terms", "hidden") is False and port.prop("metric-terms", "hidden") is True
    assert port.text("highlight-heading") == "Matched n-grams"


def test_a_link_without_the_metric_is_bleu_and_one_with_it_keeps_it():
    old = encode_state({"references": [REF], "candidates": [CAND], "options": {"max_order": 4}})
    assert decode_state(old)["options"]["metric"] == "bleu"
    new = encode_state({"references": [REF], "candidates": [CAND], "options": {"metric": "chrf++"}})
    assert decode_state(new)["options"]["metric"] == "chrf++"
    with pytest.raises(ValueError, match="metric must be one of"):
        normalize_options({"metric": "meteor"})


def test_the_tab_keeps_the_metric_across_a_reload():
    port, page = scored_page("ter")
    page.on_hide(event("pagehide", "window"))
    port2, _ = open_page(tab=port.tab)
    assert port2.controls["opt-metric"]["value"] == "ter"
    assert port2.text("score") == shown(sacrebleu.sentence_ter(CAND, [REF]).score / 100)


def test_presets_are_bleu_and_a_metric_is_custom():
    assert preset_choice({**DEFAULT_OPTIONS, "metric": "chrf"}) == "custom"
    assert preset_choice(DEFAULT_OPTIONS) == "defaults"
    assert option_labels("es")["opt-metric"] == {
        "bleu": "BLEU (predeterminado)",
        "chrf": "chrF",
        "chrf++": "chrF++",
        "ter": "TER",
        "rouge": "ROUGE",
        "rouge-score": "ROUGE (rouge-score)",
        "rouge-torchmetrics": "ROUGE (torchmetrics)",
        "gleu": "GLEU",
        "nist": "NIST",
    }


def test_a_language_switch_words_the_metric_in_the_new_language():
    port, page = scored_page("ter")
    set_control(port, page, "lang-select", "pt", handler="on_language")
    port.advance(1000)
    assert port.text("highlight-heading") == "Edições e alinhamento"
    assert port.text("metric-caption") == "Edições da candidata 1 contra a referência 1"
    assert port.text("score") == shown(sacrebleu.sentence_ter(CAND, [REF]).score / 100).replace(".", ",")
    assert port.last("help")["intro"].startswith("O TER")


def test_the_page_asks_the_registry_which_view_explains_a_metric_never_its_name():
    """No module of bleu2/page compares a metric's name as a string; a metric registered here (TER's settings under
    another name) gets TER's view, named as the registry names it, with the numbers sacreBLEU gives TER."""
    names = "|".join(re.escape(name) for name in registry.names())
    compared = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({names})["']|["']({names})["']\s*(==|!=)""")
    root = Path(__file__).resolve().parents[2] / "bleu2" / "page"
    found = [
        f"{path.relative_to(root)}:{n}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if compared.search(line)
    ]
    assert found == []
    ter = registry.get("ter")
    registry.register(Metric("ter-again", "TER again", ter.module, ter.scorer, "corpus_ter", "sentence_ter",
                             lower_is_better=True, breakdown=ter.breakdown))  # fmt: skip
    try:
        comparison = compare([CAND], [REF])
        (view,) = metric_views(comparison, "ter-again")
        assert view["metric"] == "ter-again" and view["label"] == "TER again"
        assert view["value"] == shown(sacrebleu.sentence_ter(CAND, [REF]).score / 100)
        assert shown_parts("ter-again")["highlight-heading"]["text"] == "Edits and alignment"
    finally:
        registry.unregister("ter-again")
