"""Corpus mode's tables (CPython, no browser): each sentence scored with the sentence-level
rules of the preset chosen, said in the table's caption; short system names with the full
name kept; "How it works" with the corpus numbers and the smoothing chosen.

Oracles: sacreBLEU 2.6.0 (``sentence_bleu``: effective order, as ``sacrebleu -sl``;
``BLEU().corpus_score`` for the pooled counts), NLTK 3.10.4 (``sentence_bleu``), both
pinned in the venv.
"""

from __future__ import annotations

import warnings

import pytest

from bleu2.metrics.bleu.options import PRESETS, SENTENCE_PRESETS, BleuConfig
from bleu2.page import i18n
from bleu2.page.corpus import views
from bleu2.page.corpus.session import Session
from bleu2.page.options_form import PRESET_OPTIONS, form_from_options
from shared_data import TED

REF = TED / "ted.ref.detok.eng"
SYS1 = TED / "ted.sys1.detok.eng"
SYS2 = TED / "ted.sys2.detok.eng"


def lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def scored(preset=None, systems=(SYS1,), test="none", n=0):
    s = Session()
    assert s.load("reference", REF.name, REF.read_bytes())["ok"]
    for path in systems:
        assert s.load("system", path.name, path.read_bytes())["ok"]
    form = form_from_options(PRESET_OPTIONS[preset]) if preset else {}
    start = s.start({"lang": "en", "form": form, "test": test, "n": n})
    assert start["ok"], start
    while not (out := s.step(start["job"], 1000))["done"]:
        pass
    assert "error" not in out, out
    return s, out["result"]


@pytest.fixture(scope="module")
def sacrebleu_run():
    return scored("sacrebleu", (SYS1, SYS2))


def test_the_sentence_rules_of_each_preset_are_named_in_the_options_module():
    assert dict(SENTENCE_PRESETS) == {"sacrebleu": "sacrebleu-sentence"}
    sacre = BleuConfig.make(preset="sacrebleu")
    assert sacre.sentence_level() == BleuConfig.make(preset="sacrebleu-sentence")
    assert sacre.sentence_level().effective_order and not sacre.effective_order
    for name in PRESETS:  # every other preset (and bleu2's defaults) scores a sentence by its own rules
        if name != "sacrebleu":
            assert BleuConfig.make(preset=name).sentence_level() == BleuConfig.make(preset=name)
    assert BleuConfig.make().sentence_level() == BleuConfig.make()
    custom = BleuConfig.make(preset="sacrebleu", max_order=3)  # no preset: its own rules
    assert custom.sentence_level() == custom


def test_under_sacrebleus_corpus_preset_each_sentence_equals_sacrebleu_sentence_bleu(sacrebleu_run):
    from sacrebleu import sentence_bleu

    s, result = sacrebleu_run
    refs = lines(REF)
    for index, path in enumerate((SYS1, SYS2)):
        scores = s.results[result].systems[index][1].sentence_scores
        oracle = [sentence_bleu(h, [r]).score / 100 for h, r in zip(lines(path), refs)]
        assert len(scores) == len(oracle) == 2445
        assert scores == pytest.approx(oracle, abs=1e-12)


def test_an_exact_match_is_not_listed_among_the_worst_sentences(sacrebleu_run):
    s, result = sacrebleu_run
    hyps, refs = lines(SYS1), lines(REF)
    thanks = hyps.index("Thank you.")  # line 670: "Thank you." against "Thank you."
    assert refs[thanks] == "Thank you."
    worst = s.view(result, {"lang": "en", "sort": "worst"})["sentences"]["rows"]
    assert thanks not in [row["line"] for row in worst]
    assert all(hyps[row["line"]] != refs[row["line"]] for row in worst)  # no exact match among the 50 worst
    page = s.view(result, {"lang": "en", "sort": "line", "page": thanks // 50})["sentences"]["rows"]
    row = next(r for r in page if r["line"] == thanks)
    assert row["cells"][1] == "1.0000"  # sacrebleu.sentence_bleu("Thank you.", ["Thank you."]).score = 100


def test_the_corpus_score_keeps_the_corpus_rules_under_sacrebleus_preset(sacrebleu_run):
    from sacrebleu.metrics import BLEU

    s, result = sacrebleu_run
    res = s.results[result]
    oracle = BLEU().corpus_score(lines(SYS1), [lines(REF)])
    assert res.systems[0][1].score == pytest.approx(oracle.score / 100, abs=1e-12)
    assert "eff:no" in res.signature


def test_the_caption_says_which_rules_scored_the_sentences(sacrebleu_run):
    s, result = sacrebleu_run
    caption = s.view(result, {"lang": "en"})["sentences"]["caption"]
    assert caption.startswith("Each line scored on its own with sacreBLEU's sentence-level rules: effective order")
    assert "--sentence-level (-sl)" in caption
    spanish = s.view(result, {"lang": "es"})["sentences"]["caption"]
    assert spanish.startswith("Cada línea puntuada por sí sola con las reglas de sacreBLEU para una oración")
    s2, r2 = scored()
    assert s2.view(r2, {"lang": "en"})["sentences"]["caption"] == (
        "Each line scored on its own with the options of the corpus score. The corpus score pools the counts"
        " of every line, so it is not the mean of these scores."
    )


def test_every_sentence_preset_has_its_caption_in_every_language():
    for sentence in SENTENCE_PRESETS.values():
        key = "corpus_sentences_rules_" + sentence.replace("-", "_")
        assert all(key in i18n.CATALOGS[lang] for lang in ("en", "es", "pt")), key


def test_under_nltks_preset_each_sentence_equals_nltk_sentence_bleu():
    from nltk.translate.bleu_score import sentence_bleu

    s, result = scored("nltk")
    scores = s.results[result].systems[0][1].sentence_scores
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns of every sentence without 4-grams in common
        oracle = [sentence_bleu([r.split()], h.split()) for h, r in zip(lines(SYS1), lines(REF))]
    assert scores == pytest.approx(oracle, abs=1e-12)


def test_long_system_names_are_shortened_in_the_table_and_kept_whole_in_the_exports(tmp_path):
    names = [f"newstest2017.{name}.{4700 + k}.de-en" for k, name in enumerate(["uedin-nmt", "online-A", "KIT"])]
    assert views.short_names(names) == ["uedin-nmt.4700", "online-A.4701", "KIT.4702"]
    assert views.short_names(["ted.sys1.detok.eng", "ted.sys2.detok.eng"]) == [
        "ted.sys1.detok.eng",
        "ted.sys2.detok.eng",
    ]
    one = ["a-very-long-system-output-file-name-of-wmt17.txt"]
    short = views.short_names(one)[0]
    assert len(short) == views.SHORT_NAME and short.startswith("a-very-lo") and short.endswith("wmt17.txt")
    assert "…" in short
    s = Session()
    refs = lines(REF)[:20]
    assert s.load("reference", "ref.en", "\n".join(refs).encode())["ok"]
    for name, path in zip(names, (SYS1, SYS2, SYS1)):
        assert s.load("system", name, "\n".join(lines(path)[:20]).encode())["ok"]
    start = s.start({"lang": "en", "form": {}})
    while not (out := s.step(start["job"], 1000))["done"]:
        pass
    view = s.view(out["result"], {"lang": "en"})
    table = view["table"]
    assert sorted(row[1] for row in table["rows"]) == sorted(["uedin-nmt.4700", "online-A.4701", "KIT.4702"])
    assert sorted(table["names"]) == sorted(names)
    assert [views.short_names(names)[names.index(full)] for full in table["names"]] == [r[1] for r in table["rows"]]
    assert view["sentences"]["head"][2] == "uedin-nmt.4700" and view["sentences"]["name"] == names[0]
    assert view["system_names"] == names
    for fmt in ("json", "csv", "markdown"):
        text = s.export(out["result"], "systems", fmt)["text"]
        assert all(name in text for name in names), fmt
        text = s.export(out["result"], "sentences", fmt)["text"]
        assert all(name in text for name in names), fmt


def test_how_it_works_in_corpus_mode_has_the_corpus_numbers_and_the_smoothing_chosen(sacrebleu_run):
    from sacrebleu.metrics import BLEU

    s, result = sacrebleu_run
    steps = s.view(result, {"lang": "en", "system": 1})["help"]["steps"]
    oracle = BLEU().corpus_score(lines(SYS2), [lines(REF)])
    fractions = ", ".join(f"p{k} = {m:,}/{t:,}" for k, (m, t) in enumerate(zip(oracle.counts, oracle.totals), 1))
    assert steps[0].endswith(
        f"all 2,445 lines; the precisions are these sums' ratios. Here, for {SYS2.name}: {fractions}."
    )
    assert "here with the weights 0.25, 0.25, 0.25, 0.25" in steps[1]
    assert steps[2].startswith("Smoothing: exp, as chosen in the options (smooth:exp in the signature).")
    assert "add-1" not in " ".join(steps)
    assert steps[3].endswith(f"Here: c = {oracle.sys_len:,}, r = {oracle.ref_len:,}, BP = {oracle.bp:.4f}.")
    assert steps[4].endswith(f"Here: BLEU-4 of {SYS2.name} = {oracle.score / 100:.4f}.")
    assert "effective order" in steps[5]
    assert all("{" not in step for step in steps)
    s2, r2 = scored("nltk")
    assert s2.view(r2, {"lang": "pt"})["help"]["steps"][2].startswith("Suavização: nenhuma (method0")
    defaults = scored()
    smoothing = defaults[0].view(defaults[1], {"lang": "en"})["help"]["steps"][2]
    assert smoothing.startswith("Smoothing: add-1, as chosen in the options")
