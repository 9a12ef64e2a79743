"""bleu2.i18n: interface strings in three languages, language choice, number formats."""

from __future__ import annotations

import re
import string

import pytest

from bleu2 import i18n
from bleu2.i18n import EN, ES, PT, LANGUAGES, format_integer, format_number, pick_language, t, tn


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_same_keys_and_no_empty_value():
    assert set(EN) == set(ES) == set(PT)
    for table in (EN, ES, PT):
        for key, value in table.items():
            assert isinstance(value, str) and value.strip(), key


def test_same_template_fields_in_every_language():
    for key in EN:
        assert _fields(EN[key]) == _fields(ES[key]) == _fields(PT[key]), key


def test_each_table_knows_its_language():
    assert LANGUAGES == ("en", "es", "pt")
    assert [i18n.STRINGS[c]["lang"] for c in LANGUAGES] == ["en", "es", "pt"]
    assert i18n.LANGUAGE_NAMES == {"en": "English", "es": "Español", "pt": "Português"}


def test_translations_are_translations():
    # a few keys whose words must differ from English, and real accents where the language has them
    for key in ("add_reference", "remove", "options_heading", "restore_defaults", "share_note", "loading"):
        assert ES[key] != EN[key] and PT[key] != EN[key], key
    assert ES["add_reference"] == "Añadir referencia"
    assert PT["add_reference"] == "Adicionar referência"
    assert ES["options_heading"] == "Opciones" and PT["options_heading"] == "Opções"
    assert ES["restore_defaults"] == "Restablecer valores predeterminados"
    assert PT["restore_defaults"] == "Restaurar padrões"
    assert "ñ" in ES["add_reference"] and "ê" in PT["add_reference"]
    assert ES["loading"] == "Cargando…" and PT["loading"] == "Carregando…"


@pytest.mark.parametrize(
    "langs,expected",
    [
        (["pt-BR", "en-US"], "pt"),
        (["es-419"], "es"),
        (["es_ES"], "es"),
        (["PT-pt"], "pt"),
        (["fr-FR", "es", "en"], "es"),
        (["de-DE", "fr"], "en"),
        (["en-GB", "pt"], "en"),
        ([], "en"),
        (None, "en"),
        ("es-MX", "es"),
        ([None, 3, "pt"], "pt"),
    ],
)
def test_pick_language(langs, expected):
    assert pick_language(langs) == expected


def test_number_formats():
    assert format_number(0.70710678, "en") == "0.7071"
    assert format_number(0.70710678, "es") == "0,7071"
    assert format_number(0.70710678, "pt") == "0,7071"
    assert format_number(0.5, "es", decimals=2) == "0,50"
    assert format_number(1, "pt") == "1,0000"
    assert format_number(-0.00001, "en") == "0.0000"
    assert format_number(0.70710678, ES) == "0,7071"  # a strings dict works too
    assert format_number(0.7, "xx") == "0.7000"  # unknown language: English
    assert format_integer(8000, "en") == "8,000"
    assert format_integer(8000, "es") == "8000"  # Spanish groups from five digits
    assert format_integer(12345, "es") == "12.345"
    assert format_integer(8000, "pt") == "8.000"
    assert format_integer(1234567, "en") == "1,234,567"
    assert format_integer(999, "pt") == "999"


def test_t_and_share_messages():
    assert t("en", "share_too_long", length=format_integer(9120, "en"), limit=format_integer(8000, "en")) == (
        "Link is too long to share (9,120 characters; the limit is 8,000)."
    )
    assert t("es", "share_too_long", length=format_integer(9120, "es"), limit=format_integer(8000, "es")) == (
        "El enlace es demasiado largo para compartirlo (9120 caracteres; el límite es 8000)."
    )
    assert t("pt", "share_too_long", length="9.120", limit="8.000") == (
        "O link é longo demais para compartilhar (9.120 caracteres; o limite é 8.000)."
    )
    assert t("en", "share_note") == (
        "The texts travel only in the part after #, which browsers never send to a server."
    )
    assert "#" in t("es", "share_note") and "#" in t("pt", "share_note")
    assert t("fr", "clear") == "Clear"  # unknown language: English
    with pytest.raises(KeyError, match="no interface string"):
        t("en", "no-such-key")
    with pytest.raises(KeyError, match="needs the parameter"):
        t("en", "reference_label")


def test_plurals():
    assert tn("en", "tokens", 1) == "1 token"
    assert tn("en", "tokens", 0) == "0 tokens"
    assert tn("es", "tokens", 1234) == "1234 tokens"
    assert tn("pt", "tokens", 1234) == "1.234 tokens"


def test_page_labels_exist():
    needed = [
        "references_heading", "candidates_heading", "add_reference", "add_candidate", "remove",
        "ranking_heading", "col_rank", "col_score", "col_bp", "options_heading", "max_order", "smoothing",
        "tokenizer", "lowercase", "restore_defaults", "default_marker", "export_heading", "copy", "download",
        "share_link", "clear", "language", "json", "loading", "hint_short", "hint_word_order",
        "hint_both_empty", "hint_reference_empty", "hint_candidate_empty", "signature",
    ]
    for key in needed:
        assert key in EN


def test_hints_match_the_english_of_bleu2_view():
    # the same sentences bleu2.view writes in English (its tests pin them)
    assert t("en", "hint_short", c_tokens=tn("en", "tokens", 5), r="6", bp="0.8187") == (
        "The candidate is shorter than the reference (5 tokens vs 6), so the brevity penalty multiplies the "
        "score by 0.8187."
    )
    assert t("en", "hint_word_order", p1="1.0000", p2="0.2500").startswith("Right words, wrong order")


def test_no_markup_in_strings():
    for table in (EN, ES, PT):
        for key, value in table.items():
            assert not re.search(r"<[a-zA-Z/]", value), key
