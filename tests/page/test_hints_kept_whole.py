"""The hint for Chinese and Japanese kept whole by the tokenizer (13a, intl, none): a
sentence without spaces is one token, so it matches only an identical reference. Golden
counts from sacreBLEU 2.6.0 (the oracle), the sentences from multiTED-ja (its spaces
removed, as Japanese is written)."""

from __future__ import annotations

import pytest
import sacrebleu

from bleu2.page.sentence import breakdown, hints
from bleu2.page.sentence.candidates import compare
from shared_data import MULTITED_JA


def _line(name, i=0):
    return (MULTITED_JA / name).read_text(encoding="utf-8").splitlines()[i].replace(" ", "")


def _view(reference, candidate, lang="en", **options):
    return breakdown.candidate_view(compare([candidate], [reference], **options), 0, lang)


@pytest.mark.parametrize("tokenizer", ["13a", "intl", "none"])
def test_a_japanese_sentence_kept_whole_is_said_with_zh_char_and_chrf(tokenizer):
    ref, cand = _line("multited.ref.jpn"), _line("multited.sys1.jpn")
    oracle = sacrebleu.metrics.BLEU(tokenize=tokenizer, effective_order=True).sentence_score(cand, [ref])
    assert oracle.counts[0] == 0 and oracle.sys_len <= 2  # one token (13a/none), or two (intl: the 。)
    view = _view(ref, cand, tokenizer=tokenizer)
    assert view["result"].precisions[0].matches == oracle.counts[0]
    kinds = [h["kind"] for h in view["hints"]]
    assert kinds[:2] == ["kept-whole", "no-match"]
    text = view["hints"][0]["text"]
    assert text.startswith(f"The tokenizer {tokenizer} kept “{cand[:23]}…” as one word")
    assert "Choose the tokenizer zh or char, or score with chrF." in text


@pytest.mark.parametrize("tokenizer", ["zh", "char", "default"])
def test_no_kept_whole_hint_when_the_tokenizer_splits_han_and_kana(tokenizer):
    ref, cand = _line("multited.ref.jpn"), _line("multited.sys1.jpn")
    view = _view(ref, cand, tokenizer=tokenizer)
    assert view["result"].precisions[0].matches > 0
    assert "kept-whole" not in [h["kind"] for h in view["hints"]]


def test_no_kept_whole_hint_for_english_or_short_cjk_words():
    assert hints.kept_whole("13a", ["the", "cat", "mat"]) is None
    assert hints.kept_whole("13a", ["東京", "is", "big"]) is None  # two characters: a word
    assert hints.kept_whole("13a", ["東京タワー"])["kind"] == "kept-whole"


@pytest.mark.parametrize("lang,start", [("es", "El tokenizador 13a dejó «"), ("pt", "O tokenizador 13a manteve «")])
def test_kept_whole_hint_is_translated(lang, start):
    hint = hints.kept_whole("13a", ["今日は良い天気です。"], lang)
    assert hint["text"].startswith(start + "今日は良い天気です。»")
    assert "zh" in hint["text"] and "char" in hint["text"] and "chrF" in hint["text"]
