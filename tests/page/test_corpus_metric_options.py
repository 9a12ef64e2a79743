"""Corpus mode scores the page's metric with the options its own form shows (the sentence
view's ``metric_options``), the metrics beside it with their defaults; a change in that form
makes the result stale and scores again. Through corpus mode's fake page on the first 40
TED lines. Oracle: sacreBLEU 2.6.0's ``CHRF(beta=...).corpus_score`` and ``TER()``."""

from __future__ import annotations

import json

import pytest
from sacrebleu.metrics import CHRF, TER

from bleu2.page.sentence import metric_form
from corpus_page import DETOK, Page
from shared_data import TED

LINES = 40


def _lines(name: str) -> list[str]:
    return (TED / name).read_text(encoding="utf-8").splitlines()[:LINES]


def _file(name: str) -> tuple[str, bytes]:
    return name, ("\n".join(_lines(name)) + "\n").encode("utf-8")


def _chrf_page(beta: int) -> Page:
    """Corpus mode under chrF, its form (as the sentence view paints it) set to ``beta``."""
    page = Page()
    page.port.set("opt-metric", "chrf")
    page.port.paint("insert", json.dumps(metric_form.form_paint("chrf")), metric_form.FORM_ID)
    page.port.write(metric_form.value_updates("chrf", {"beta": beta}))
    page.load("reference", _file(DETOK[0]))
    page.load("system", _file(DETOK[1]))
    return page


def test_corpus_chrf_is_scored_with_the_forms_beta_and_a_change_of_it_is_stale_until_rescored():
    refs, hyps = _lines(DETOK[0]), _lines(DETOK[1])
    page = _chrf_page(3)
    shown = page.scored()  # one system: an object, as the command line's --json
    assert shown["chrf"]["beta"] == 3
    assert shown["chrf"]["score"] == pytest.approx(CHRF(beta=3).corpus_score(hyps, [refs]).score / 100, rel=1e-12)
    assert shown["ter"]["score"] == pytest.approx(TER().corpus_score(hyps, [refs]).score / 100, rel=1e-12)
    table = page.port.last("results")["table"]
    assert table["head"][2] == "chrF3" and "Ranked by chrF3." in table["note"]
    assert table["rows"][0][2] == f"{shown['chrf']['score']:.4f}"
    assert page.port.prop("corpus-stale", "hidden") is True

    page.port.set("metric-opt-char-order", "4")
    page.port.set("metric-opt-beta", "1")
    page.on("options_changed")  # the glue's change on the options panel (the metric's form included)
    assert page.port.prop("corpus-stale", "hidden") is False
    again = page.scored()
    assert again["chrf"]["beta"] == 1 and again["chrf"]["char_order"] == 4
    chrf1 = CHRF(char_order=4, beta=1).corpus_score(hyps, [refs]).score / 100
    assert again["chrf"]["score"] == pytest.approx(chrf1, rel=1e-12)
    assert again["chrf"]["signature"] == "nrefs:1|case:mixed|eff:yes|nc:4|nw:0|space:no|version:bleu2-0.1.0"
    assert page.port.prop("corpus-stale", "hidden") is True
    # a line opened in the sentence view keeps the metric's options
    page.on("open_line", 0)
    assert page.opened[-1]["options"]["metric_options"] == {"char_order": 4, "beta": 1}


def test_the_corpus_request_keeps_the_keywords_of_the_preset_the_list_names():
    page = Page()
    page.port.set("opt-metric", "gleu")
    page.port.paint("insert", json.dumps(metric_form.form_paint("gleu")), metric_form.FORM_ID)
    page.port.write(metric_form.value_updates("gleu", {"gleu_preset": "nltk"}))
    assert page.port.read_value(metric_form.PRESET_ID) == "gleu-nltk"
    assert page.port.read_options()["metric_options"] == {"gleu_preset": "nltk"}
    page.port.set("opt-metric", "ter")  # no form of TER's shown: its defaults
    assert page.port.read_options()["metric_options"] == {}
