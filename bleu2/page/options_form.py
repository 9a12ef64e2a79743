"""The options form: the options the page offers, their controls, and the form's words.

The metric (:data:`METRICS`) is an option like the others, ``"bleu"`` by default; the engine's BLEU options are the
others (:func:`bleu_options`). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, TypedDict

from ..common.cache import LRU
from ..metrics import registry
from ..metrics.bleu.options import (
    DEFAULTS,
    EMPTY_REFERENCES,
    REF_LENGTHS,
    BleuConfig,
    ParameterRange,
    smooth_value_range,
)
from ..metrics.bleu.options import PRESETS as ENGINE_PRESETS
from ..metrics.bleu.smoothing import SMOOTHING_METHODS, SMOOTHING_PARAMETERS
from ..tokenizers import TOKENIZERS
from . import i18n
from .ports import Updates

__all__ = [
    "METRICS",
    "metric_name",
    "DEFAULT_OPTIONS",
    "SACREBLEU_PAGE_OPTIONS",
    "PRESET_OPTIONS",
    "PRESET_FIELD",
    "PRESET_CHOICES",
    "PRESETS",
    "FIELDS",
    "CONTROLS",
    "CHOICES",
    "OPTION_CHOICES",
    "bleu_options",
    "metric_config",
    "check_metric_options",
    "normalize_options",
    "preset_choice",
    "preset_options",
    "options_are_default",
    "usable_options",
    "parse_decimal",
    "options_from_form",
    "form_from_options",
    "option_labels",
    "smooth_value_field",
    "option_error_text",
    "option_error_updates",
    "options_state_updates",
    "smooth_field_updates",
    "form_updates",
]

#: The preset list's element id (the defaults, each preset, "custom").
PRESET_FIELD = "opt-preset"


class FormValues(TypedDict):
    """The form's fields (:func:`form_from_options`): strings, a bool for each check box."""

    max_order: str
    smoothing: str
    tokenizer: str
    lowercase: str
    smooth_value: str
    effective_order: bool
    empty_references: str
    ref_length: str
    rstrip: bool
    metric: str


class SmoothField(TypedDict):
    enabled: bool
    placeholder: str


MAX_ORDERS = (1, 2, 3, 4)

#: The metrics of :mod:`bleu2.metrics.registry` (BLEU, chrF, chrF++ and TER, the last three with
#: sacreBLEU 2.6.0's defaults).
METRICS = registry.names()

#: Every option but ``weights`` with its default (:data:`bleu2.metrics.bleu.options.DEFAULTS`), the metric, and
#: the metric's own options (:mod:`bleu2.page.metric_form`; none under BLEU).
DEFAULT_OPTIONS: dict[str, Any] = {
    **{k: v for k, v in DEFAULTS.items() if k != "weights"},
    "metric": registry.DEFAULT,
    "metric_options": {},
}

#: The options that are not BLEU's (:func:`bleu_options` leaves them out).
METRIC_KEYS = ("metric", "metric_options")

#: Option name (as :mod:`bleu2.metrics.bleu.options` and share links name it) -> its control's element id in ``index.html``
#: (the metric's own options have a form of their own: :mod:`bleu2.page.metric_form`).
FIELDS: dict[str, str] = {name: "opt-" + name.replace("_", "-") for name in DEFAULT_OPTIONS if name != "metric_options"}

#: Control id -> the event it reports a change by (the parameter box: ``input``, at each keystroke).
CONTROLS: dict[str, str] = {
    element_id: "input" if name == "smooth_value" else "change" for name, element_id in FIELDS.items()
}

#: Each preset of :data:`bleu2.metrics.bleu.options.PRESETS` as the page's options (all have uniform weights).
PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    name: {
        **{k: v for k, v in options.items() if k in DEFAULT_OPTIONS},
        "metric": registry.DEFAULT,
        "metric_options": {},
    }
    for name, options in ENGINE_PRESETS.items()
}  # BLEU's presets: choosing one scores with BLEU

#: The options under which the page gives ``sacrebleu.sentence_bleu``'s numbers.
SACREBLEU_PAGE_OPTIONS: dict[str, Any] = PRESET_OPTIONS["sacrebleu-sentence"]

PRESET_CHOICES: tuple[str, ...] = ("defaults", *PRESET_OPTIONS, "custom")

#: The option buttons: button id -> options.
PRESETS: dict[str, dict[str, Any]] = {"restore-defaults": DEFAULT_OPTIONS}

#: The tokenizer's default, yes, no.
LOWERCASE_CHOICES = ("auto", "yes", "no")

#: The option lists' choices; index.html lists the same (tests/tools/test_site_config.py).
CHOICES: dict[str, list[str]] = {
    "max_order": [str(n) for n in MAX_ORDERS],
    "smoothing": list(SMOOTHING_METHODS),
    "tokenizer": list(TOKENIZERS),
    "lowercase": list(LOWERCASE_CHOICES),
    "empty_references": list(EMPTY_REFERENCES),
    "ref_length": list(REF_LENGTHS),
    "metric": list(METRICS),
}


def metric_name(key: str) -> str:
    """The metric ``key``'s name as readers see it (``chrF++``; :mod:`bleu2.metrics.registry`)."""
    return registry.get(key).display


def bleu_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the metric and its options, as :class:`bleu2.metrics.bleu.options.BleuConfig` takes them."""
    return {k: v for k, v in options.items() if k not in METRIC_KEYS}


#: Checked options' scorers' settings, by (metric, options): a keystroke asks again.
_CONFIGS: LRU[tuple[str, str], Any] = LRU(32)


def metric_config(metric: str, options: Mapping[str, Any]) -> Any:
    """The metric's scorer's ``config`` under ``options``. Raises TypeError, ValueError: the scorer's refusal."""
    key = (metric, repr(sorted(options.items())))
    config = _CONFIGS.get(key)
    if config is None:
        config = registry.get(metric).make(**options).config
        _CONFIGS.put(key, config)
    return config


def check_metric_options(metric: str, options: object) -> dict[str, Any]:
    """``options`` for ``metric`` as its scorer takes them, checked (a new dict).

    Raises:
        ValueError: not an object, options under BLEU (its options are the page's own), or the
            scorer's refusal (its message).
    """
    if not isinstance(options, Mapping):
        raise ValueError(f"metric_options must be an object, not {type(options).__name__}")
    out = {str(k): v for k, v in options.items()}
    if not out:
        return out
    if metric == registry.DEFAULT:
        raise ValueError(f"metric_options apply to another metric than {registry.get(metric).display}")
    try:
        metric_config(metric, out)
    except (TypeError, ValueError) as error:
        raise ValueError(str(error)) from None
    return out


OPTION_CHOICES: dict[str, list[str]] = {FIELDS[name]: values for name, values in CHOICES.items()}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` completed with :data:`DEFAULT_OPTIONS` and checked.

    Raises:
        ValueError: an unknown key, a value of the wrong type or out of range, or a combination the engine refuses.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be an object, not {type(options).__name__}")
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    mo = out["max_order"]
    if isinstance(mo, bool) or not isinstance(mo, int) or mo not in MAX_ORDERS:
        raise ValueError(f"max_order must be one of {', '.join(map(str, MAX_ORDERS))}, got {mo!r}")
    if not isinstance(out["smoothing"], str) or out["smoothing"] not in SMOOTHING_METHODS:
        raise ValueError(f"unknown smoothing {out['smoothing']!r}; valid: {', '.join(SMOOTHING_METHODS)}")
    if not isinstance(out["tokenizer"], str) or out["tokenizer"] not in TOKENIZERS:
        raise ValueError(f"unknown tokenizer {out['tokenizer']!r}; valid: {', '.join(TOKENIZERS)}")
    if out["lowercase"] is not None and not isinstance(out["lowercase"], bool):
        raise ValueError(f"lowercase must be true, false or null, got {out['lowercase']!r}")
    sv = out["smooth_value"]
    if sv is not None and (isinstance(sv, bool) or not isinstance(sv, (int, float)) or not math.isfinite(sv)):
        raise ValueError(f"smooth_value must be a finite number or null, got {sv!r}")
    if not isinstance(out["effective_order"], bool):
        raise ValueError(f"effective_order must be true or false, got {out['effective_order']!r}")
    if not isinstance(out["rstrip"], bool):
        raise ValueError(f"rstrip must be true or false, got {out['rstrip']!r}")
    if out["ref_length"] not in REF_LENGTHS:
        raise ValueError(f"ref_length must be one of {', '.join(REF_LENGTHS)}, got {out['ref_length']!r}")
    registry.get(out["metric"])  # ValueError: "metric must be one of ..."
    out["metric_options"] = check_metric_options(out["metric"], out["metric_options"])
    if out["empty_references"] not in EMPTY_REFERENCES:
        raise ValueError(
            f"empty_references must be one of {', '.join(EMPTY_REFERENCES)}, got {out['empty_references']!r}"
        )
    try:
        BleuConfig.make(**bleu_options(out))
    except (ValueError, TypeError) as e:
        raise ValueError(str(e)) from None
    return out


def options_are_default(options: Mapping[str, Any] | None) -> bool:
    """Whether ``options`` have the defaults' effect (a value equal to its default counts); False if invalid."""
    try:
        opts = normalize_options(options)
    except ValueError:
        return False
    same = BleuConfig.make(**bleu_options(opts)) == BleuConfig.make(**bleu_options(DEFAULT_OPTIONS))
    return same and opts["metric"] == DEFAULT_OPTIONS["metric"] and not opts["metric_options"]


def preset_choice(options: Mapping[str, Any] | None) -> str:
    """``"defaults"``, the name of the preset ``options`` are exactly, else ``"custom"`` (never raises)."""
    if options_are_default(options):
        return "defaults"
    try:
        normalized = normalize_options(options)
        preset = (
            BleuConfig.make(**bleu_options(normalized)).preset if normalized["metric"] == registry.DEFAULT else None
        )
    except ValueError:
        return "custom"
    return preset if preset in PRESET_OPTIONS else "custom"


def preset_options(control: str, choice: str = "") -> dict[str, Any] | None:
    """The options button or preset list ``control`` sets (``choice``: the list's value); None for "custom"."""
    if control in PRESETS:
        return PRESETS[control]
    if control != PRESET_FIELD:
        return None
    return DEFAULT_OPTIONS if choice == "defaults" else PRESET_OPTIONS.get(choice)


def usable_options(options: dict[str, Any], last_valid: dict[str, Any]) -> tuple[dict[str, Any], Exception | None]:
    """``(options, None)`` if the engine accepts ``options``, else ``(last_valid, the refusal)``."""
    try:
        BleuConfig.make(**bleu_options(options))
        check_metric_options(options.get("metric", registry.DEFAULT), options.get("metric_options", {}))
        return options, None
    except (ValueError, TypeError) as error:
        return last_valid, error


# ASCII digits only (\d would also take "١" or "１", which float() reads)
_PLAIN_DECIMAL = {
    ".": re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"),
    ",": re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"),
}


def parse_decimal(text: str, lang: str = "en") -> float | None:
    """A plain decimal typed in a field (ASCII digits, "." or in es/pt ","), else None (no exponent, ``_``, inf)."""
    text = text.strip()
    if not _PLAIN_DECIMAL[i18n.decimal_separator(lang)].fullmatch(text):
        return None
    return float(text.replace(",", "."))


def format_decimal(value: float, lang: str = "en") -> str:
    """A number for a form field, as :func:`parse_decimal` reads it back (``0,1`` in es/pt)."""
    text = repr(float(value))
    if "e" in text or "E" in text:
        text = f"{value:.15f}".rstrip("0").rstrip(".")
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", i18n.decimal_separator(lang))


def options_from_form(fields: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The options typed in the form (``fields``: the values as read, ``"metric_options"`` the metric's own
    form's options already read, else none; ``lang``: the decimal separator).

    A smoothing parameter that is not a plain decimal stays the text typed, so the engine's refusal quotes it.
    """
    typed = str(fields.get("smooth_value") or "").strip()
    smooth_value: Any = None
    if typed and fields.get("smooth_value_enabled", True):
        number = parse_decimal(typed, lang)
        smooth_value = typed if number is None else number
    lc = fields.get("lowercase", "auto")
    try:
        max_order = int(str(fields.get("max_order", DEFAULT_OPTIONS["max_order"])))
    except ValueError:
        max_order = DEFAULT_OPTIONS["max_order"]
    choices = ("smoothing", "tokenizer", "empty_references", "ref_length", "metric")
    out = {"max_order": max_order, **{k: str(fields.get(k, DEFAULT_OPTIONS[k])) for k in choices}}
    out |= {"lowercase": None if lc == "auto" else lc == "yes", "smooth_value": smooth_value}
    out["metric_options"] = dict(fields.get("metric_options") or {})
    return out | {k: bool(fields.get(k, False)) for k in ("effective_order", "rstrip")}


def form_from_options(options: Mapping[str, Any], lang: str = "en") -> FormValues:
    """The form's field values for ``options`` (the inverse of :func:`options_from_form`)."""
    o = {**DEFAULT_OPTIONS, **options}
    lc = o["lowercase"]
    sv = o["smooth_value"]
    return {
        "max_order": str(o["max_order"]),
        "smoothing": o["smoothing"],
        "tokenizer": o["tokenizer"],
        "lowercase": "auto" if lc is None else ("yes" if lc else "no"),
        "smooth_value": "" if sv is None else (sv if isinstance(sv, str) else format_decimal(sv, lang)),
        "effective_order": bool(o["effective_order"]),
        "empty_references": o["empty_references"],
        "ref_length": o["ref_length"],
        "rstrip": bool(o["rstrip"]),
        "metric": o["metric"],
    }


def option_labels(lang: str = "en") -> dict[str, dict[str, str]]:
    """``{select id: {value: label}}`` in ``lang``, the default choice marked "(default)"."""
    default: Mapping[str, Any] = form_from_options({}, lang)
    named = ("lowercase", "empty_references", "ref_length")  # choices with words (catalog keys <name>_<value>)
    mark = i18n.t(lang, "default_marker")
    out = {}
    for name, values in CHOICES.items():
        labels = {}
        for value in values:
            text = i18n.t(lang, f"{name}_{value}") if name in named else value
            text = metric_name(value) if name == "metric" else text
            marked = value == default[name] and mark != f"({text})"  # never "default (default)"
            labels[value] = f"{text} {mark}" if marked else text
        out[FIELDS[name]] = labels
    out[PRESET_FIELD] = {choice: i18n.t(lang, "preset_" + choice) for choice in PRESET_CHOICES}
    return out


def smooth_value_field(method: str, lang: str = "en") -> SmoothField:
    """The parameter box for ``method``; the placeholder names the parameter and its default ("–" if none)."""
    if method not in SMOOTHING_PARAMETERS:
        return {"enabled": False, "placeholder": "–"}
    name, value = SMOOTHING_PARAMETERS[method]
    words = {"name": i18n.t(lang, "param_" + name.replace(" ", "_")), "default": i18n.t(lang, "default_marker")}
    return {
        "enabled": True,
        "placeholder": i18n.t(lang, "smooth_value_placeholder", value=format_decimal(value, lang), **words),
    }


def range_text(allowed: ParameterRange, lang: str = "en") -> str:
    """A parameter range in ``lang``: "≥ 0 and ≤ 1", "> 0" (a lower bound rounded up to the decimals shown)."""
    low = math.ceil(allowed.low * 10**i18n.DECIMALS) / 10**i18n.DECIMALS
    low_text = i18n.t(lang, "rule_at_least" if allowed.low_inclusive else "rule_above", low=i18n.format_g(low, lang))
    if allowed.high is None:
        return low_text
    return i18n.t(lang, "rule_between", low=low_text, high=i18n.format_g(allowed.high, lang))


def option_error_text(
    options: dict[str, Any], error: str, lang: str = "en", kept: bool = True, typed: str | None = None
) -> str:
    """The message shown when the engine refuses ``options`` (plain text: holds user input).

    ``error``: the engine's message; ``typed``: the parameter as typed; ``kept``: add that the last valid options'
    scores are still shown.
    """
    method = options.get("smoothing")
    value = options.get("smooth_value")
    text = None
    if method in SMOOTHING_PARAMETERS and value is not None:
        number = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
        shown = i18n.isolate(typed.strip() if typed else (i18n.format_g(value, lang) if number else str(value)))
        if not number:
            text = i18n.t(lang, "option_smooth_value_not_number", method=method, value=shown)
        else:
            allowed = smooth_value_range(method, options.get("max_order") or DEFAULTS["max_order"])
            if allowed is not None and value not in allowed:
                text = i18n.t(
                    lang, "option_smooth_value_out_of_range", method=method, rule=range_text(allowed, lang), value=shown
                )
    if text is None:
        key = "option_error" if options.get("effective_order") and "effective_order" in error else "option_invalid"
        text = i18n.t(lang, key, error=error)
    if kept:
        text = f"{text} — {i18n.t(lang, 'option_last_valid')}"
    return text


def option_error_updates(
    options: dict[str, Any], refused: Exception | None, lang: str = "en", typed: str | None = None
) -> Updates:
    """The option error line: :func:`option_error_text` if ``refused``, else empty and hidden."""
    text = option_error_text(options, str(refused), lang, typed=typed) if refused else ""
    return {"option-error": {"text": text, "props": {"hidden": not text}}}


def options_state_updates(options: dict[str, Any], lang: str = "en") -> Updates:
    """The "defaults"/"changed" note and the preset list's choice for ``options``."""
    default = options_are_default(options)
    return {
        "options-state": {"text": i18n.t(lang, "options_default" if default else "options_changed")},
        PRESET_FIELD: {"props": {"value": preset_choice(options)}},
    }


def smooth_field_updates(method: str, lang: str = "en") -> Updates:
    """The smoothing parameter box for ``method``; emptied when the method takes no parameter."""
    field = smooth_value_field(method, lang)
    props: dict[str, Any] = {"disabled": not field["enabled"], "placeholder": field["placeholder"]}
    if not field["enabled"]:
        props["value"] = ""
    return {FIELDS["smooth_value"]: {"props": props}}


def form_updates(options: dict[str, Any], lang: str = "en") -> Updates:
    """The options form showing ``options`` (:func:`form_from_options`)."""
    fields: Mapping[str, Any] = form_from_options(options, lang)
    out: Updates = {FIELDS[name]: {"props": {"value": fields[name]}} for name in CHOICES}
    out[FIELDS["effective_order"]] = {"props": {"checked": fields["effective_order"]}}
    out[FIELDS["rstrip"]] = {"props": {"checked": fields["rstrip"]}}
    out[PRESET_FIELD] = {"props": {"value": preset_choice(options)}}
    out.update(smooth_field_updates(fields["smoothing"], lang))
    out[FIELDS["smooth_value"]]["props"]["value"] = fields["smooth_value"]
    return out
