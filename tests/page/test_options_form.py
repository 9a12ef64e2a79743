"""The options form (bleu2.page.options_form): the options, their controls and words."""

from __future__ import annotations

import pytest

from bleu2.page import i18n
from bleu2.page.options_form import (
    DEFAULT_OPTIONS,
    PRESET_CHOICES,
    PRESET_FIELD,
    PRESET_OPTIONS,
    SACREBLEU_PAGE_OPTIONS,
    form_from_options,
    form_updates,
    normalize_options,
    option_error_text,
    option_labels,
    options_are_default,
    options_from_form,
    parse_decimal,
    preset_choice,
    preset_options,
    smooth_field_updates,
    smooth_value_field,
    usable_options,
)
from bleu2.page.share import encode_state


@pytest.mark.parametrize(
    "choice,options,expected",
    [
        pytest.param(
            "defaults",
            DEFAULT_OPTIONS,
            {
                "max_order": 2,
                "smoothing": "add-1",
                "tokenizer": "default",
                "lowercase": None,
                "smooth_value": None,
                "effective_order": False,
                "empty_references": "ignore",
                "ref_length": "closest",
                "rstrip": False,
                "metric": "bleu",
                "metric_options": {},
            },
            id="defaults",
        ),
        pytest.param(
            # sacrebleu.sentence_bleu: BLEU-4, 13a, exp smoothing, case kept, effective order on,
            # empty references counted, segments right-stripped (sacreBLEU 2.6.0's BLEU class)
            "sacrebleu-sentence",
            SACREBLEU_PAGE_OPTIONS,
            {
                "max_order": 4,
                "smoothing": "exp",
                "tokenizer": "13a",
                "lowercase": False,
                "smooth_value": None,
                "effective_order": True,
                "empty_references": "count",
                "ref_length": "closest",
                "rstrip": True,
                "metric": "bleu",
                "metric_options": {},
            },
            id="sacrebleu-sentence-is-sentence_bleu",
        ),
    ],
)
def test_the_page_options_of_a_preset(choice, options, expected):
    assert options == expected
    assert normalize_options(options) == options
    assert preset_options(PRESET_FIELD, choice) == expected


def test_default_options():
    assert options_are_default(None) and options_are_default({})
    assert options_are_default(dict(DEFAULT_OPTIONS))
    assert options_are_default({"lowercase": True})  # the default tokenizer lower-cases anyway
    assert not options_are_default({"lowercase": False})
    assert not options_are_default({"max_order": 4})
    assert not options_are_default({"tokenizer": "13a"})
    assert not options_are_default({"tokenizer": "13a", "lowercase": True})
    assert not options_are_default({"smoothing": "none"})
    assert not options_are_default({"bogus": 1})
    assert normalize_options({"max_order": 3})["max_order"] == 3
    with pytest.raises(ValueError):
        encode_state({"references": ["a"], "candidates": ["b"], "options": {"max_order": 0}})
    with pytest.raises(ValueError):
        encode_state({"references": "a", "candidates": ["b"]})


@pytest.mark.parametrize(
    "typed,lang,expected",
    [
        ("0.5", "en", 0.5),
        (".5", "en", 0.5),
        ("5", "en", 5.0),
        ("  0.25 ", "en", 0.25),
        ("-1", "en", -1.0),
        ("0,5", "es", 0.5),
        ("0,5", "pt", 0.5),
        ("0.5", "es", 0.5),
        ("0,5", "en", None),  # English writes no decimal comma
        ("1e400", "en", None),
        ("1e-3", "en", None),
        ("1_0", "en", None),
        ("inf", "en", None),
        ("nan", "en", None),
        ("1,000.5", "en", None),
        ("", "en", None),
        ("abc", "es", None),
        # ASCII digits only (float() reads these)
        ("١", "en", None),
        ("０.５", "en", None),
        ("0x10", "en", None),
        ("٠٫٥", "es", None),
    ],
)
def test_parse_decimal_plain_decimals_only(typed, lang, expected):
    assert parse_decimal(typed, lang) == expected


def test_options_from_form_and_back():
    fields = {
        "max_order": "4",
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": "no",
        "smooth_value": "0,2",
        "smooth_value_enabled": True,
        "effective_order": True,
        "empty_references": "count",
        "ref_length": "shortest",
        "rstrip": True,
        "metric": "ter",
    }
    opts = options_from_form(fields, "es")
    assert opts == {
        "max_order": 4,
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": False,
        "smooth_value": 0.2,
        "effective_order": True,
        "empty_references": "count",
        "ref_length": "shortest",
        "rstrip": True,
        "metric": "ter",
        "metric_options": {},
    }
    back = form_from_options(opts, "es")
    assert back == {
        "max_order": "4",
        "smoothing": "floor",
        "tokenizer": "13a",
        "lowercase": "no",
        "smooth_value": "0,2",
        "effective_order": True,
        "empty_references": "count",
        "ref_length": "shortest",
        "rstrip": True,
        "metric": "ter",
    }
    assert options_from_form(back, "es") == opts
    # what was typed is passed on when it is not a plain decimal, so the message can quote it
    assert options_from_form(dict(fields, smooth_value="1e400"), "en")["smooth_value"] == "1e400"
    # a disabled parameter box counts as empty; "auto" is the tokenizer's own lower-casing
    assert options_from_form(dict(fields, smooth_value_enabled=False, lowercase="auto"), "en")["smooth_value"] is None
    assert options_from_form(dict(fields, lowercase="auto"), "en")["lowercase"] is None
    assert form_from_options({}, "en")["smooth_value"] == ""


def test_the_preset_list_has_one_choice_per_preset_and_shows_the_options_preset():
    assert PRESET_CHOICES == (
        "defaults",
        "sacrebleu",
        "sacrebleu-sentence",
        "nltk",
        "hf-evaluate",
        "torchmetrics",
        "custom",
    )
    assert preset_choice(DEFAULT_OPTIONS) == preset_choice({}) == "defaults"
    for name in ("sacrebleu", "sacrebleu-sentence", "nltk", "hf-evaluate", "torchmetrics"):
        assert preset_choice(preset_options(PRESET_FIELD, name)) == name
    assert preset_choice(dict(PRESET_OPTIONS["nltk"], lowercase=True)) == "custom"
    assert preset_choice({"max_order": 4}) == "custom"
    assert preset_choice({"max_order": "x"}) == "custom"  # invalid: never raises
    assert preset_options(PRESET_FIELD, "defaults") == DEFAULT_OPTIONS
    assert preset_options(PRESET_FIELD, "custom") is None
    assert preset_options("restore-defaults") == DEFAULT_OPTIONS
    # HF evaluate: the shortest reference; torchmetrics: ties to the first reference
    assert PRESET_OPTIONS["hf-evaluate"]["ref_length"] == "shortest" and not PRESET_OPTIONS["hf-evaluate"]["rstrip"]
    assert PRESET_OPTIONS["torchmetrics"]["ref_length"] == "closest-first"
    labels = option_labels("es")[PRESET_FIELD]
    assert labels["sacrebleu-sentence"] == "sacreBLEU, sentence_bleu" and labels["custom"] == "Personalizado"


# The closed preset list is as wide as its longest name; 31 characters of the page's font
# (about 290 px) fit the list's 310 px at 360 px wide (35, about 343 px, were cut).
PRESET_NAME_MAX_CHARS = 31


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_bleu_preset_name_fits_a_phones_closed_list_and_names_its_tool(lang):
    labels = option_labels(lang)[PRESET_FIELD]
    assert len(set(labels.values())) == len(labels)
    assert max(map(len, labels.values())) <= PRESET_NAME_MAX_CHARS, labels
    assert labels["sacrebleu-sentence"] == "sacreBLEU, sentence_bleu" and "BLEU()" in labels["sacrebleu"]


def test_ref_length_and_rstrip_are_checked():
    assert normalize_options({"ref_length": "shortest", "rstrip": True})["ref_length"] == "shortest"
    with pytest.raises(ValueError, match="ref_length"):
        normalize_options({"ref_length": "longest"})
    with pytest.raises(ValueError, match="rstrip"):
        normalize_options({"rstrip": "yes"})


def test_option_error_text_bad_smoothing_parameter_in_each_language():

    opts = {"smoothing": "floor", "smooth_value": "abc", "effective_order": False}
    assert option_error_text(opts, "smooth_value (floor value of floor) must be a finite number", "en") == (
        "The smoothing parameter of floor must be a number; “\u2068abc\u2069” is not one"
        " — still showing the scores with the last valid options."
    )
    es = option_error_text(opts, "ignored", "es")
    assert es.startswith("El parámetro de suavizado de floor debe ser un número; «\u2068abc\u2069» no lo es — ")
    pt = option_error_text(opts, "ignored", "pt", kept=False)
    assert pt == "O parâmetro de suavização de floor deve ser um número; “\u2068abc\u2069” não é"
    assert "smooth_value" not in es + pt  # no English engine detail for the common case
    neg = option_error_text({"smoothing": "method6", "smooth_value": -0.5}, "x", "es", kept=False)
    assert neg == "El parámetro de suavizado de method6 debe ser > 0; \u2068-0,5\u2069 no lo es"
    # method4 at BLEU-4: k >= ln(4)/2 = 0.693147..., shown rounded up so the number shown is allowed
    low = option_error_text({"smoothing": "method4", "smooth_value": 0.5, "max_order": 4}, "x", "es", kept=False)
    assert low == "El parámetro de suavizado de method4 debe ser ≥ 0,6932; \u20680,5\u2069 no lo es"
    big = option_error_text({"smoothing": "floor", "smooth_value": 1000000.0}, "x", "en", kept=False)
    assert big == "The smoothing parameter of floor must be ≥ 0 and ≤ 1; \u20681e+06\u2069 is not"
    inf = option_error_text({"smoothing": "add-k", "smooth_value": float("inf")}, "x", "en", kept=False)
    assert inf.startswith("The smoothing parameter of add-k must be a number")


def test_option_error_text_other_errors_fit_the_case():

    combo = {"smoothing": "method0", "smooth_value": None, "effective_order": True}
    msg = "effective_order is sacreBLEU's option and does not apply to smoothing 'method0'"
    assert option_error_text(combo, msg, "en", kept=False) == f"These options cannot be combined: {msg}"
    single = {"smoothing": "zzz", "smooth_value": None, "effective_order": False}
    assert option_error_text(single, "unknown smoothing 'zzz'", "en", kept=False) == (
        "This option is not valid: unknown smoothing 'zzz'"
    )


def test_option_labels_mark_the_defaults_in_each_language():
    en = option_labels("en")
    assert en["opt-max-order"] == {"1": "1", "2": "2 (default)", "3": "3", "4": "4"}
    assert en["opt-smoothing"]["add-1"] == "add-1 (default)" and en["opt-smoothing"]["exp"] == "exp"
    assert en["opt-lowercase"] == {"auto": "Auto (default)", "yes": "Yes", "no": "No"}
    assert en["opt-empty-references"] == {"ignore": "Ignore (default)", "count": "Count (sacreBLEU)"}
    assert option_labels("pt")["opt-tokenizer"]["default"] == "default (padrão)"
    assert en["opt-tokenizer"]["default"] == "default"  # not "default (default)"


def test_smoothing_parameter_box_in_the_language():
    # the placeholder is wholly in the page's language
    assert smooth_value_field("floor", "es") == {
        "enabled": True,
        "placeholder": "valor mínimo = 0,1 (predeterminado)",
    }
    assert smooth_value_field("floor", "en") == {"enabled": True, "placeholder": "floor value = 0.1 (default)"}
    assert smooth_value_field("method6", "pt")["placeholder"] == "alfa = 5 (padrão)"
    assert smooth_value_field("add-1", "en") == {"enabled": False, "placeholder": "–"}
    assert smooth_field_updates("exp", "en") == {
        "opt-smooth-value": {"props": {"disabled": True, "placeholder": "–", "value": ""}}
    }
    form = form_updates({"smoothing": "floor", "smooth_value": 0.25}, "es")
    assert form["opt-smooth-value"]["props"]["value"] == "0,25"
    assert form["opt-smoothing"] == {"props": {"value": "floor"}}
    assert form["opt-effective-order"] == {"props": {"checked": False}}


def test_usable_options_keeps_the_last_valid_while_the_engine_refuses():
    assert usable_options({"max_order": 3}, {"max_order": 2}) == ({"max_order": 3}, None)
    kept, refusal = usable_options({"smoothing": "floor", "smooth_value": "x"}, {"max_order": 2})
    assert kept == {"max_order": 2}
    assert isinstance(refusal, (ValueError, TypeError))
