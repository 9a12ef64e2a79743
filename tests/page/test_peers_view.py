"""The peers table under the breakdown (bleu2.page.sentence.peers_view): every preset's numbers equal
its peer's (sacreBLEU and NLTK run here; HF evaluate's and torchmetrics' rules from
tests/peer_rules.py), the differences in words in the three languages, the controller
and the JSON export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import sacrebleu
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

from bleu2.metrics.bleu.options import PRESETS
from bleu2.page.options_form import PRESET_CHOICES
from bleu2.page.sentence.candidates import compare
from bleu2.page.sentence.controller import DEFERRED_MS, SentencePage
from bleu2.page.sentence.peers_view import PEER_CHARACTERS, PEER_ORDERS, PeersPanel, peers_updates
from fake_port import FakePage, event, set_control, type_in
from peer_rules import hf_evaluate_bleu, torchmetrics_bleu

ROOT = Path(__file__).resolve().parents[2]

HYP = "The quick brown fox jumps over the lazy dog near the river bank."
REFS = ["The quick brown fox jumped over the lazy dog near the river bank.", "A fast brown fox leaps over a lazy dog."]


def oracle_scores(hyp: str, refs: list[str]) -> dict[str, float]:
    """Each preset's peer on one candidate, as a float in [0, 1]."""
    tokens = [r.split() for r in refs]
    return {
        "sacrebleu": sacrebleu.corpus_bleu([hyp], [[r] for r in refs]).score / 100,
        "sacrebleu-sentence": sacrebleu.sentence_bleu(hyp, refs).score / 100,
        "nltk": nltk_sentence_bleu(tokens, hyp.split()),
        "hf-evaluate": hf_evaluate_bleu([hyp], [refs])["bleu"],
        "torchmetrics": torchmetrics_bleu([hyp], [refs]),
    }


def test_every_row_equals_its_peer_with_four_decimals_in_the_page_s_notation():
    expected = oracle_scores(HYP, REFS)
    assert expected["nltk"] != expected["sacrebleu"]  # the rows really differ here
    for lang, point in (("en", "."), ("es", ","), ("pt", ",")):
        out = PeersPanel().updates(compare([HYP], REFS), 0, lang)
        for name, score in expected.items():
            assert out[f"peer-{name}-score"]["text"] == f"{score:.4f}".replace(".", point), (name, lang)


def test_a_row_shows_matches_and_totals_bp_c_and_r_as_its_peer_counts_them():
    out = PeersPanel().updates(compare([HYP], REFS), 0, "en")
    sb = sacrebleu.corpus_bleu([HYP], [[r] for r in REFS])
    assert [out[f"peer-sacrebleu-p{n}"]["text"] for n in range(1, 5)] == [
        f"{m}/{t}" for m, t in zip(sb.counts, sb.totals)
    ]
    assert out["peer-sacrebleu-bp"]["text"] == f"{sb.bp:.4f}"
    assert (out["peer-sacrebleu-c"]["text"], out["peer-sacrebleu-r"]["text"]) == (str(sb.sys_len), str(sb.ref_len))
    # HF evaluate: r is the shortest reference (9 whitespace tokens + "." under 13a = 10)
    assert out["peer-hf-evaluate-r"]["text"] == "10" and out["peer-sacrebleu-r"]["text"] == "14"


def test_what_differs_is_computed_and_said_in_each_language():
    # sacreBLEU's BLEU() gives 0 for "Thank you ." against itself, sentence_bleu 100
    assert sacrebleu.corpus_bleu(["Thank you ."], [["Thank you ."]]).score == 0.0
    assert round(sacrebleu.sentence_bleu("Thank you .", ["Thank you ."]).score, 9) == 100.0
    comp = compare(["Thank you ."], ["Thank you ."], **PRESETS["sacrebleu"])
    said = {
        "en": "effective order on (yours: off)",
        "es": "orden efectivo activado (el suyo: desactivado)",
        "pt": "ordem efetiva ativada (a sua: desativada)",
    }
    same = {
        "en": "same numbers as yours",
        "es": "los mismos números que los suyos",
        "pt": "os mesmos números que os seus",
    }
    for lang in said:
        out = PeersPanel().updates(comp, 0, lang)
        assert out["peer-sacrebleu-sentence-diff"]["text"] == said[lang]
        assert out["peer-sacrebleu-diff"]["text"] == same[lang]
        assert out["peer-sacrebleu"]["classes"] == {"same": True}
        assert out["peer-sacrebleu-score"]["text"] in ("0.0000", "0,0000")
        assert out["peer-sacrebleu-sentence-score"]["text"] in ("1.0000", "1,0000")


def test_the_defaults_differ_from_nltk_in_tokenizer_case_and_order():
    # "The Cat" vs "the cat": the default tokenizer lower-cases, NLTK's whitespace split does not
    out = PeersPanel().updates(compare(["The Cat sat on a mat"], ["the cat sat on the mat"]), 0, "en")
    words = out["peer-nltk-diff"]["text"].split("; ")
    assert "case kept (yours: lower-cased)" in words and "BLEU-4 (yours: BLEU-2)" in words


def test_a_text_too_long_for_typing_leaves_the_table_empty_and_says_so():
    long = "word " * (PEER_CHARACTERS // 5 + 1)
    out = PeersPanel().updates(compare([long], ["word"]), 0, "es")
    assert out["peers-note"]["props"] == {"hidden": False} and "100.000" in out["peers-note"]["text"]
    assert out["peer-nltk-score"]["text"] == "" and out["peer-nltk-diff"]["text"] == ""
    assert peers_updates(None, "en")["peer-sacrebleu-score"] == {"text": "", "attrs": {"data-label": "BLEU"}}
    assert peers_updates(None, "es")["peer-nltk-diff"]["attrs"] == {"data-label": "Difiere de las suyas en"}


def test_the_panel_scores_again_only_when_the_texts_or_options_change(monkeypatch):
    import bleu2.page.sentence.peers_view as peers_view

    calls = []
    real = peers_view.peer_table
    monkeypatch.setattr(peers_view, "peer_table", lambda *a, **k: calls.append(a) or real(*a, **k))
    panel, comp = PeersPanel(), compare([HYP, HYP], REFS)
    panel.updates(comp, 0, "en")
    panel.updates(comp, 1, "pt")  # the same text selected, another language: words only
    assert len(calls) == 1
    panel.updates(compare([HYP], REFS, max_order=3), 0, "pt")
    assert len(calls) == 2


def test_the_html_has_one_row_per_preset_and_the_preset_list():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    peers = html[html.index('<section id="peers"') : html.index("</section>", html.index('<section id="peers"'))]
    assert re.findall(r'<tr id="peer-([\w-]+)" data-preset="([\w-]+)"', peers) == [(n, n) for n in PRESETS]
    assert all(o["max_order"] == PEER_ORDERS == 4 for o in PRESETS.values())
    assert peers.count('class="num peer-score"') == len(PRESETS)
    select = html[
        html.index('<select id="opt-preset"') : html.index("</select>", html.index('<select id="opt-preset"'))
    ]
    assert tuple(re.findall(r'<option value="([\w-]+)"', select)) == PRESET_CHOICES


def scored_page(hyp: str, refs: list[str]) -> tuple[FakePage, SentencePage]:
    port = FakePage()
    page = SentencePage(port)
    page.start()
    type_in(port, page, "reference", refs[0])
    page.on_add(event("click", "add-reference", "add-reference"))
    type_in(port, page, "reference-2", refs[1])
    type_in(port, page, "candidate", hyp)
    port.advance(DEFERRED_MS)
    return port, page


def test_the_controller_fills_the_table_after_a_pause_and_follows_the_language_and_the_options():
    port, page = scored_page(HYP, REFS)
    expected = oracle_scores(HYP, REFS)
    for name, score in expected.items():
        assert port.text(f"peer-{name}-score") == f"{score:.4f}", name
    assert port.text("peer-sacrebleu-diff").startswith("tokenizer 13a (yours: default)")
    port.controls["lang-select"]["value"] = "pt"
    page.on_language(event("change", "lang-select"))
    port.advance(DEFERRED_MS)
    assert port.text("peer-nltk-score") == f"{expected['nltk']:.4f}".replace(".", ",")
    assert port.text("peer-sacrebleu-diff").startswith("tokenizador 13a (o seu: default)")
    set_control(port, page, "opt-preset", "nltk", "on_preset")
    port.advance(DEFERRED_MS)
    assert port.text("peer-nltk-diff") == "os mesmos números que os seus"
    assert port.text("score") == f"{expected['nltk']:.4f}".replace(".", ",")  # the breakdown is NLTK's too


def test_the_json_export_carries_every_candidate_under_every_preset():
    port, page = scored_page(HYP, REFS)
    page.on_export(event("click", "", "download-export-json", format="json"))
    data = json.loads(port.downloads[-1][2])
    (peers,) = data["peers"]
    assert peers["candidate"] == 0 and peers["options"]["max_order"] == 2
    rows = {row["preset"]: row for row in peers["presets"]}
    assert list(rows) == list(PRESETS)
    for name, score in oracle_scores(HYP, REFS).items():
        assert abs(rows[name]["score"] - score) < 1e-9, name
    sb = sacrebleu.corpus_bleu([HYP], [[r] for r in REFS])
    assert [p["matches"] for p in rows["sacrebleu"]["precisions"]] == sb.counts
    assert "|preset:sacrebleu|" in rows["sacrebleu"]["signature"]
    assert {d["rule"] for d in rows["hf-evaluate"]["differences"]} >= {"tokenizer", "order", "ref_length"}


def test_the_empty_page_hides_the_table_until_something_is_typed():
    port = FakePage()
    page = SentencePage(port)
    page.start()
    port.advance(DEFERRED_MS)
    assert port.prop("peers", "hidden") is True
    type_in(port, page, "reference", "the cat")
    type_in(port, page, "candidate", "the cat")
    port.advance(DEFERRED_MS)
    assert port.prop("peers", "hidden") is False
    assert port.text("peer-nltk-score") == f"{nltk_sentence_bleu([['the', 'cat']], ['the', 'cat']):.4f}"


def test_each_row_s_shown_fractions_give_its_shown_score():
    from peer_rules import score_from_shown

    for hyp, refs in ((HYP, REFS), ("Thank you .", ["Thank you ."]), ("the quick brown fox", ["the quick brown dog"])):
        out = PeersPanel().updates(compare([hyp], refs), 0, "en")
        for name in PRESETS:
            fractions = [tuple(map(int, out[f"peer-{name}-p{n}"]["text"].split("/"))) for n in range(1, 5)]
            c, r = int(out[f"peer-{name}-c"]["text"]), int(out[f"peer-{name}-r"]["text"])
            assert f"{score_from_shown(name, fractions, c, r):.4f}" == out[f"peer-{name}-score"]["text"], (name, hyp)


def test_nltk_s_denominators_and_equal_fractions_with_other_scores_are_said_in_each_language():
    from nltk.translate.bleu_score import modified_precision

    # "Thank you ." has no 4-gram: NLTK divides by 1 where the others divide by 0
    assert modified_precision([["Thank", "you", "."]], ["Thank", "you", "."], 4).denominator == 1
    said = {
        "en": (
            "counts each sentence's n-gram total as at least 1 (p4 + 1: the sentences without such n-grams)",
            "the same fractions, c and r as sacreBLEU, corpus (BLEU()), another score: effective order on (there: off)",
        ),
        "es": (
            "cuenta el total de n-gramas de cada oración como 1 como mínimo (p4 + 1: las oraciones sin esos n-gramas)",
            (
                "las mismas fracciones, c y r que sacreBLEU, corpus (BLEU()), otra puntuación: "
                "orden efectivo activado (allí: desactivado)"
            ),
        ),
        "pt": (
            "conta o total de n-gramas de cada frase como no mínimo 1 (p4 + 1: as frases sem esses n-gramas)",
            (
                "as mesmas frações, c e r que sacreBLEU, corpus (BLEU()), outra pontuação: "
                "ordem efetiva ativada (lá: desativada)"
            ),
        ),
    }
    comp = compare(["Thank you ."], ["Thank you ."])  # yours: the defaults
    for lang, (nltk_words, same_words) in said.items():
        out = PeersPanel().updates(comp, 0, lang)
        assert (out["peer-nltk-p4"]["text"], out["peer-torchmetrics-p4"]["text"]) == ("0/1", "0/0")
        assert out["peer-nltk-diff"]["text"].endswith("; " + nltk_words), lang
        assert out["peer-sacrebleu-sentence-diff"]["text"].endswith("; " + same_words), lang
        assert nltk_words not in out["peer-torchmetrics-diff"]["text"]
