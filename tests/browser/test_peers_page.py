"""The peers table (#peers) and the preset list in headless Chromium: while a person types,
each preset's row equals its peer run here (sacreBLEU's corpus_bleu and sentence_bleu,
NLTK's sentence_bleu; HF evaluate's and torchmetrics' rules from tests/peer_rules.py), the
fractions a row shows give the score it shows (NLTK's denominators are its own), a row with
the same fractions as another and another score says why, the differences are worded in
the language chosen, and the JSON export carries the table
(see conftest.py for the guard every test runs under)."""

from __future__ import annotations

import json

import pytest
import sacrebleu
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

from browser_helpers import answered, settled
from peer_rules import hf_evaluate_bleu, score_from_shown, torchmetrics_bleu

REFS = ["The quick brown fox jumped over the lazy dog near the river bank.", "A fast brown fox leaps over a lazy dog."]
HYPS = [
    "The quick brown fox jumps over the lazy dog near the river bank.",
    "The quick brown fox jumps over the lazy dog near the river.",
]


@pytest.fixture(scope="module")
def page_and_guard(shared_page_and_guard):
    return shared_page_and_guard  # the session's sentence tab, set back to the defaults (conftest.py)


@pytest.fixture(scope="module")
def guard(page_and_guard):
    return page_and_guard[1]


def oracle(hyp: str, refs: list[str]) -> dict[str, float]:
    return {
        "sacrebleu": sacrebleu.corpus_bleu([hyp], [[r] for r in refs]).score / 100,
        "sacrebleu-sentence": sacrebleu.sentence_bleu(hyp, refs).score / 100,
        "nltk": nltk_sentence_bleu([r.split() for r in refs], hyp.split()),
        "hf-evaluate": hf_evaluate_bleu([hyp], [refs])["bleu"],
        "torchmetrics": torchmetrics_bleu([hyp], [refs]),
    }


def fill(page, guard, refs: list[str], hyp: str) -> None:
    guard.typed += [*refs, hyp]
    while page.locator("#references textarea").count() < len(refs):
        page.click("#add-reference")
        answered(page)
    for i, text in enumerate(refs, start=1):
        page.fill("#reference" if i == 1 else f"#reference-{i}", text)
        answered(page)
    page.fill("#candidate", hyp)
    settled(page)


def peer_score(page, name: str) -> str:
    return page.text_content(f"#peers tr[data-preset={name}] .peer-score")


def test_each_row_equals_its_peer_and_follows_the_typing(ready_page, guard):
    page = ready_page
    for hyp in HYPS:  # the second text: typed over the first, the table follows
        fill(page, guard, REFS, hyp)
        for name, score in oracle(hyp, REFS).items():
            assert peer_score(page, name) == f"{score:.4f}", (name, hyp)
    sb = sacrebleu.corpus_bleu([HYPS[-1]], [[r] for r in REFS])
    row = "#peers tr[data-preset=sacrebleu]"
    assert page.text_content(f"{row} td:nth-of-type(2)") == f"{sb.counts[0]}/{sb.totals[0]}"
    assert page.text_content("#peer-sacrebleu-r") == str(sb.ref_len)
    assert page.text_content("#peer-sacrebleu-diff").startswith("tokenizer 13a (yours: default)")


def test_a_preset_sets_the_options_and_the_signature_names_it(ready_page, guard):
    page = ready_page
    fill(page, guard, REFS, HYPS[0])
    page.select_option("#opt-preset", "sacrebleu-sentence")
    settled(page)
    assert page.input_value("#opt-tokenizer") == "13a" and page.is_checked("#opt-effective-order")
    assert page.is_checked("#opt-rstrip") and page.input_value("#opt-max-order") == "4"
    assert "preset:sacrebleu-sentence" in page.text_content("#signature")
    assert page.text_content("#score") == f"{sacrebleu.sentence_bleu(HYPS[0], REFS).score / 100:.4f}"
    assert page.text_content("#peer-sacrebleu-sentence-diff") == "same numbers as yours"
    page.select_option("#opt-lowercase", "yes")  # one option changed: custom, no preset named
    settled(page)
    assert page.input_value("#opt-preset") == "custom" and "preset:" not in page.text_content("#signature")
    page.select_option("#opt-preset", "defaults")
    settled(page)
    assert page.input_value("#opt-max-order") == "2" and page.input_value("#opt-tokenizer") == "default"


def test_the_differences_are_worded_in_the_language_chosen(ready_page, guard):
    page = ready_page
    fill(page, guard, ["Thank you ."], "Thank you .")
    page.select_option("#opt-preset", "sacrebleu")
    settled(page)
    # sacreBLEU's BLEU() gives 0 here and sentence_bleu 100: effective order is the reason
    assert peer_score(page, "sacrebleu") == f"{sacrebleu.corpus_bleu(['Thank you .'], [['Thank you .']]).score:.4f}"
    assert peer_score(page, "sacrebleu-sentence") == "1.0000"
    said = {
        "es": ("orden efectivo activado (el suyo: desactivado)", "1,0000", "Preajuste"),
        "pt": ("ordem efetiva ativada (a sua: desativada)", "1,0000", "Predefinição"),
        "en": ("effective order on (yours: off)", "1.0000", "Preset"),
    }
    for lang, (words, score, label) in said.items():
        page.select_option("#lang-select", lang)
        settled(page)
        assert page.text_content("#peer-sacrebleu-sentence-diff") == words, lang
        assert peer_score(page, "sacrebleu-sentence") == score
        assert page.text_content("label[for=opt-preset]") == label
    page.select_option("#opt-preset", "defaults")
    settled(page)


def test_the_json_export_carries_the_table(ready_page, guard):
    page = ready_page
    fill(page, guard, REFS, HYPS[0])
    with page.expect_download() as info:
        page.click("#download-export-json")
        answered(page)
    with open(info.value.path(), encoding="utf-8") as f:
        data = json.load(f)
    (table,) = data["peers"]
    rows = {row["preset"]: row for row in table["presets"]}
    for name, score in oracle(HYPS[0], REFS).items():
        assert abs(rows[name]["score"] - score) < 1e-9, name
    assert rows["sacrebleu-sentence"]["differences"][0]["rule"] == "tokenizer"


def shown_row(page, name: str) -> tuple[list[tuple[int, int]], int, int, str]:
    cells = [page.text_content(f"#peer-{name}-{part}") for part in ("p1", "p2", "p3", "p4", "c", "r", "score")]
    fractions = [tuple(int(x) for x in cell.split("/")) for cell in cells[:4]]
    return fractions, int(cells[4]), int(cells[5]), cells[6]


def test_each_row_s_shown_fractions_give_its_shown_score_and_its_peer_s(ready_page, guard):
    page = ready_page
    page.select_option("#opt-preset", "defaults")
    settled(page)
    thanks = ["Thank you .", "Thank you ."]  # two boxes are open from the tests above
    cases = [
        (REFS, HYPS[0]),
        (thanks, "Thank you ."),
        (["the quick brown dog jumps", "a quick brown cat"], "the quick brown fox"),
    ]
    for refs, hyp in cases:
        fill(page, guard, refs, hyp)
        peers = oracle(hyp, refs)
        for name, score in peers.items():
            fractions, c, r, shown = shown_row(page, name)
            assert f"{score_from_shown(name, fractions, c, r):.4f}" == shown == f"{score:.4f}", (name, hyp)
    # "Thank you ." has no 4-gram: NLTK divides by 1 (its modified_precision's minimum), and says so
    fill(page, guard, thanks, "Thank you .")
    assert shown_row(page, "nltk")[0][3] == (0, 1) and shown_row(page, "torchmetrics")[0][3] == (0, 0)
    assert "counts each sentence's n-gram total as at least 1 (p4 + 1" in page.text_content("#peer-nltk-diff")
    # sacreBLEU's sentence_bleu and BLEU(): the same fractions, c and r, 1 against 0: effective order
    assert shown_row(page, "sacrebleu")[:3] == shown_row(page, "sacrebleu-sentence")[:3]
    assert page.text_content("#peer-sacrebleu-sentence-diff").endswith(
        "the same fractions, c and r as sacreBLEU, corpus (BLEU()), another score: effective order on (there: off)"
    )
    page.select_option("#lang-select", "pt")
    settled(page)
    assert "conta o total de n-gramas de cada frase como no mínimo 1" in page.text_content("#peer-nltk-diff")
    page.select_option("#lang-select", "en")
    settled(page)
