"""bleu2.page.i18n: interface strings in three languages (one JSON catalog each), CLDR
plural rules, language choice, number formats."""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bleu2.page import i18n
from bleu2.page.i18n import CATALOGS, LANGUAGES, format_integer, format_number, pick_language, plural_category, t, tn

EN, ES, PT = CATALOGS["en"], CATALOGS["es"], CATALOGS["pt"]


def _texts(value) -> list[str]:
    """A catalog value's templates: the string, or each plural form."""
    return [value] if isinstance(value, str) else list(value.values())


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_same_keys_and_no_empty_value():
    assert set(EN) == set(ES) == set(PT)
    for table in (EN, ES, PT):
        for key, value in table.items():
            assert isinstance(value, (str, dict)), key
            if isinstance(value, dict):
                assert set(value) <= {"one", "many", "other"} and "one" in value and "other" in value, key
            for text in _texts(value):
                assert isinstance(text, str) and text.strip(), key


def test_same_kind_and_template_fields_in_every_language():
    for key in EN:
        kinds = {type(EN[key]), type(ES[key]), type(PT[key])}
        assert len(kinds) == 1, key
        fields = [set().union(*(_fields(x) for x in _texts(c[key]))) for c in (EN, ES, PT)]
        assert fields[0] == fields[1] == fields[2], key


def test_one_catalog_file_per_language():
    from pathlib import Path

    import bleu2.page.i18n as mod

    folder = Path(mod.__file__).with_name("locales")
    assert sorted(p.name for p in folder.glob("*.json")) == ["en.json", "es.json", "pt.json"]


def test_each_catalog_names_its_language():
    assert LANGUAGES == ("en", "es", "pt")
    assert i18n.LANGUAGE_NAMES == {"en": "English", "es": "Español", "pt": "Português"}


def test_translations_are_translations():
    # a few keys whose words must differ from English, and real accents where the language has them
    for key in ("add_reference", "remove", "options_heading", "restore_defaults", "share_note", "boot_loading"):
        assert ES[key] != EN[key] and PT[key] != EN[key], key
    assert ES["add_reference"] == "Añadir referencia"
    assert PT["add_reference"] == "Adicionar referência"
    assert ES["options_heading"] == "Opciones" and PT["options_heading"] == "Opções"
    assert ES["restore_defaults"] == "Restablecer valores predeterminados"
    assert PT["restore_defaults"] == "Restaurar padrões"
    assert "ñ" in ES["add_reference"] and "ê" in PT["add_reference"]
    assert ES["boot_progress"] == "Cargando" and PT["boot_progress"] == "Carregando"


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


@pytest.mark.parametrize(
    "lang,count,category",
    [
        # CLDR cardinal rules: en one: n = 1; es one: n = 1, many: 1e6 multiples; pt one: i = 0..1
        ("en", 0, "other"),
        ("en", 1, "one"),
        ("en", 2, "other"),
        ("en", 1_000_000, "other"),
        ("es", 0, "other"),
        ("es", 1, "one"),
        ("es", 2, "other"),
        ("es", 1_000_000, "many"),
        ("es", 2_000_000, "many"),
        ("es", 1_000_001, "other"),
        ("pt", 0, "one"),
        ("pt", 1, "one"),
        ("pt", 2, "other"),
        ("pt", 1_000_000, "many"),
    ],
)
def test_cldr_plural_categories(lang, count, category):
    assert plural_category(lang, count) == category


def test_portuguese_zero_is_singular():
    # "0 cortados" is wrong under CLDR's Portuguese rule (zero takes the singular)
    assert tn("pt", "hl_clipped", 0) == "0 cortado"
    assert tn("pt", "hl_clipped", 2) == "2 cortados"
    assert tn("es", "hl_clipped", 0) == "0 recortados"
    assert tn("es", "tokens", 1_000_000) == "1.000.000 de tokens"
    assert tn("en", "tokens", 1_000_000) == "1,000,000 tokens"


def test_plural_and_plain_keys_are_not_mixed_up():
    with pytest.raises(KeyError, match="plural"):
        t("en", "tokens")
    with pytest.raises(KeyError, match="no plural"):
        tn("en", "clear", 2)


def test_boot_catalog_from_the_same_catalogs():
    boot = i18n.boot_catalog()
    assert set(boot) == set(LANGUAGES)
    for code in LANGUAGES:
        assert set(boot[code]) >= {"loading", "progress", "failed", "file1", "file2", "stage_1", "stage_8"}
        assert boot[code]["progress"] == CATALOGS[code]["boot_progress"]


def test_page_labels_exist():
    needed = [
        "references_heading",
        "candidates_heading",
        "add_reference",
        "add_candidate",
        "remove",
        "ranking_heading",
        "col_rank",
        "col_score",
        "col_bp",
        "options_heading",
        "max_order",
        "smoothing",
        "tokenizer",
        "lowercase",
        "restore_defaults",
        "default_marker",
        "export_heading",
        "copy",
        "download",
        "share_link",
        "clear",
        "language",
        "json",
        "boot_loading",
        "hint_short",
        "hint_word_order",
        "hint_both_empty",
        "hint_reference_empty",
        "hint_candidate_empty",
        "signature",
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
            for text in _texts(value):
                assert not re.search(r"<[a-zA-Z/]", text), key


class _Worded(HTMLParser):
    """The text of each ``data-i18n`` element of a page: ``[(key, text)]``."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None, list[str]]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("br", "img", "input", "link", "meta", "wbr", "source"):
            self.open.append((tag, dict(attrs).get("data-i18n"), []))

    def handle_endtag(self, tag):
        while self.open:  # an element left open ends with its parent
            name, key, text = self.open.pop()
            if key:
                self.found.append((key, "".join(text)))
            if self.open:
                self.open[-1][2].extend(text)
            if name == tag:
                return

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)


def test_the_pages_words_before_python_are_the_english_catalogs():
    # index.html's first paint holds the English words the page's Python writes again ([data-i18n])
    parser = _Worded()
    parser.feed((Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8"))
    assert len(parser.found) > 100
    for key, text in parser.found:
        assert " ".join(text.split()) == EN[key], key
