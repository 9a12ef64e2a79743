"""A metric other than BLEU shows its own options and its peers' presets (one form built from
its registry entry), rescored live, kept by the tab and share links; the numbers are
sacreBLEU 2.6.0's own (``sacrebleu.sentence_chrf`` / ``sentence_ter`` with the same options)."""

from __future__ import annotations

import json

import pytest
import sacrebleu

from bleu2.metrics import registry
from bleu2.page import i18n
from bleu2.page.sentence import metric_form
from bleu2.page.share import decode_state, encode_state
from fake_port import event, open_page, set_control, type_in

REF, CAND = "The cat, is on the mat.", "the cat sat on the mat"


def scored(metric: str):
    port, page = open_page()
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    set_control(port, page, "opt-metric", metric)
    return port, page


def form_controls(port) -> dict[str, str]:
    """The controls the last form paint built: id -> tag ("select", "checkbox", "text")."""
    target, data = port.last("insert")
    assert target == metric_form.FORM_ID
    found: dict[str, str] = {}

    def walk(specs):
        for spec in specs:
            if isinstance(spec, dict):
                if spec["tag"] in ("input", "select"):
                    found[spec["attrs"]["id"]] = spec["attrs"].get("type", spec["tag"])
                walk(spec.get("children", []))

    walk(data["elements"])
    return found


def set_setting(port, page, element_id: str, value) -> None:
    set_control(port, page, element_id, value, handler="on_metric_options")


def score(port) -> float:
    return json.loads(port.text("result-json"))["score"]


def test_under_chrf_only_chrfs_options_and_presets_show_with_sacrebleus_defaults():
    port, _ = scored("chrf")
    assert port.prop("bleu-options", "hidden") is True and port.prop("metric-options", "hidden") is False
    controls = form_controls(port)
    assert controls == {
        "metric-preset": "select",
        "metric-opt-char-order": "text",
        "metric-opt-word-order": "text",
        "metric-opt-beta": "text",
        "metric-opt-lowercase": "checkbox",
        "metric-opt-whitespace": "checkbox",
        "metric-opt-eps-smoothing": "checkbox",
    }
    peer = sacrebleu.metrics.CHRF()
    assert port.controls["metric-opt-char-order"]["value"] == str(peer.char_order)
    assert port.controls["metric-opt-word-order"]["value"] == str(peer.word_order)
    assert port.controls["metric-opt-beta"]["value"] == str(peer.beta)
    assert port.controls["metric-opt-eps-smoothing"]["checked"] is peer.eps_smoothing is False
    assert port.controls["metric-preset"]["value"] == "sacrebleu-chrf"


def test_under_ter_only_ters_four_options_show_unchecked_as_sacrebleus_defaults():
    port, _ = scored("ter")
    controls = form_controls(port)
    names = ("normalized", "no-punct", "asian-support", "case-sensitive")
    assert controls == {"metric-preset": "select", **{f"metric-opt-{n}": "checkbox" for n in names}}
    peer = sacrebleu.metrics.TER()
    assert [port.controls[f"metric-opt-{n}"]["checked"] for n in names] == [
        peer.normalized,
        peer.no_punct,
        peer.asian_support,
        peer.case_sensitive,
    ]
    assert port.controls["metric-preset"]["value"] == "sacrebleu-ter"


@pytest.mark.parametrize(
    "element_id,value,options",
    [
        ("metric-opt-beta", "1", {"beta": 1}),
        ("metric-opt-char-order", "4", {"char_order": 4}),
        ("metric-opt-word-order", "2", {"word_order": 2}),
        ("metric-opt-lowercase", True, {"lowercase": True}),
        ("metric-opt-whitespace", True, {"whitespace": True}),
        ("metric-opt-eps-smoothing", True, {"eps_smoothing": True}),
    ],
)
def test_a_chrf_option_rescores_live_as_sacrebleus_chrf_with_it(element_id, value, options):
    port, page = scored("chrf")
    set_setting(port, page, element_id, value)
    theirs = sacrebleu.metrics.CHRF(**options).sentence_score(CAND, [REF])
    assert score(port) == pytest.approx(theirs.score / 100, abs=1e-12)
    assert port.text("score-label") == theirs.format().split(" =")[0]
    expected = "sacrebleu-chrf++" if options == {"word_order": 2} else "custom"
    assert port.controls["metric-preset"]["value"] == expected


@pytest.mark.parametrize("option", ["normalized", "no_punct", "asian_support", "case_sensitive"])
def test_a_ter_option_rescores_live_as_sacrebleus_ter_with_it(option):
    port, page = scored("ter")
    set_setting(port, page, "metric-opt-" + option.replace("_", "-"), True)
    theirs = sacrebleu.sentence_ter(CAND, [REF], **{option: True})
    assert score(port) == pytest.approx(theirs.score / 100, abs=1e-12)
    assert port.controls["metric-preset"]["value"] == "custom"


def test_the_chrfpp_preset_scores_sacrebleus_chrf_word_order_2_and_names_the_metric():
    port, page = scored("chrf")
    set_setting(port, page, "metric-preset", "sacrebleu-chrf++")
    assert port.controls["opt-metric"]["value"] == "chrf++"
    theirs = sacrebleu.sentence_chrf(CAND, [REF], word_order=2)
    assert score(port) == pytest.approx(theirs.score / 100, abs=1e-12)
    assert port.controls["metric-opt-word-order"]["value"] == "2"
    set_setting(port, page, "metric-preset", "sacrebleu-chrf")  # and back
    assert port.controls["opt-metric"]["value"] == "chrf" and port.controls["metric-opt-word-order"]["value"] == "0"


def test_a_bad_value_is_refused_by_name_and_the_last_valid_scores_stay():
    port, page = scored("chrf")
    set_setting(port, page, "metric-opt-beta", "1")
    kept = score(port)
    set_setting(port, page, "metric-opt-beta", "-1")
    assert port.prop("option-error", "hidden") is False
    assert "beta must be a finite number >= 0, got -1" in port.text("option-error")
    assert score(port) == kept and port.controls["metric-opt-beta"]["value"] == "-1"  # as typed, not rewritten
    set_setting(port, page, "metric-opt-char-order", "0")
    set_setting(port, page, "metric-opt-beta", "2")
    assert "char_order + word_order must be at least 1" in port.text("option-error")


def test_es_takes_a_decimal_comma_for_beta():
    port, page = scored("chrf")
    set_control(port, page, "lang-select", "es", handler="on_language")
    set_setting(port, page, "metric-opt-beta", "0,5")
    theirs = sacrebleu.sentence_chrf(CAND, [REF], beta=0.5)
    assert score(port) == pytest.approx(theirs.score / 100, abs=1e-12)


def test_another_metric_starts_from_its_own_defaults():
    port, page = scored("chrf")
    set_setting(port, page, "metric-opt-beta", "1")
    set_control(port, page, "opt-metric", "ter")
    assert page.options["metric_options"] == {}
    assert score(port) == pytest.approx(sacrebleu.sentence_ter(CAND, [REF]).score / 100, abs=1e-12)


def test_the_share_link_and_the_tab_keep_the_metrics_options():
    port, page = scored("ter")
    set_setting(port, page, "metric-opt-case-sensitive", True)
    set_setting(port, page, "metric-opt-no-punct", True)
    state = page.page_state()
    assert state["options"]["metric_options"] == {"case_sensitive": True, "no_punct": True}
    assert decode_state(encode_state(state))["options"]["metric_options"] == {"case_sensitive": True, "no_punct": True}
    page.on_hide(event("pagehide", "window"))
    port2, _ = open_page(tab=port.tab)
    assert port2.controls["metric-opt-case-sensitive"]["checked"] is True
    assert port2.controls["metric-opt-normalized"]["checked"] is False
    theirs = sacrebleu.sentence_ter(CAND, [REF], case_sensitive=True, no_punct=True)
    assert score(port2) == pytest.approx(theirs.score / 100, abs=1e-12)


def test_a_link_with_options_the_metric_refuses_is_refused_by_name():
    bad = {"references": [REF], "candidates": [CAND], "options": {"metric": "ter", "metric_options": {"beta": 1}}}
    with pytest.raises(ValueError, match="unknown TER option 'beta'"):
        encode_state(bad)
    with pytest.raises(ValueError, match="metric_options apply to another metric than BLEU"):
        encode_state({**bad, "options": {"metric_options": {"beta": 1}}})


@pytest.mark.parametrize("family", registry.metrics(variants=False)[1:], ids=lambda m: m.key)
@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_metrics_form_is_worded_and_each_preset_reads_as_itself(family, lang):
    data = metric_form.form_paint(family.key, lang)
    assert json.dumps(data)  # every label found in the catalog (KeyError otherwise)
    assert family.presets, f"{family.key} has no preset"
    for preset in family.presets:
        assert metric_form.preset_choice(preset.metric, preset.options) == preset.name
        registry.get(preset.metric).make(**preset.options)  # each preset scores


def test_the_metric_help_no_longer_says_the_options_are_bleus():
    for lang in i18n.LANGUAGES:
        assert "BLEU" not in i18n.t(lang, "metric_help")


def test_the_nltk_presets_of_gleu_and_nist_score_as_nltk():
    from nltk.translate.gleu_score import sentence_gleu
    from nltk.translate.nist_score import sentence_nist

    hyp, ref = "the cat sat on the mat by the door", "the cat is on the mat near the door"
    port, page = open_page()
    type_in(port, page, "reference", ref)
    type_in(port, page, "candidate", hyp)
    set_control(port, page, "opt-metric", "gleu")
    assert port.controls["metric-preset"]["value"] == "gleu-hf-evaluate"
    set_setting(port, page, "metric-preset", "gleu-nltk")
    assert score(port) == pytest.approx(sentence_gleu([ref.split()], hyp.split()), abs=1e-12)
    set_control(port, page, "opt-metric", "nist")
    set_setting(port, page, "metric-preset", "nist-nltk")
    assert port.controls["metric-opt-lowercase"]["checked"] is False  # NLTK keeps the case
    assert score(port) == pytest.approx(sentence_nist([ref.split()], hyp.split()), abs=1e-12)
    set_setting(port, page, "metric-opt-n", "3")
    assert score(port) == pytest.approx(sentence_nist([ref.split()], hyp.split(), n=3), abs=1e-12)
    assert port.controls["metric-preset"]["value"] == "custom"


def test_the_rouge_presets_set_the_registrys_rouge_entries():
    port, page = scored("rouge")
    assert port.controls["metric-preset"]["value"] == "rouge-bleu2"
    set_setting(port, page, "metric-preset", "rouge-torchmetrics")
    assert port.controls["opt-metric"]["value"] == "rouge-torchmetrics"
    assert port.controls["metric-opt-split-summaries"]["checked"] is True
