"""A metric's own options and its peers' presets as one form built from its registry entry.

The form of a metric other than BLEU comes from :attr:`bleu2.metrics.protocol.Metric.settings` and
:attr:`~bleu2.metrics.protocol.Metric.presets` (a variant shows its family's).

The page keeps them as ``options["metric_options"]`` (checked by
:func:`bleu2.page.options_form.check_metric_options`): the scorer's keywords that differ from
the metric's own defaults (``{"beta": 1}``; a preset's own keywords, such as
``gleu_preset``, kept). Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...metrics import registry
from ...metrics.protocol import Preset, Setting
from .. import i18n
from ..options_form import metric_config as _config
from ..ports import Updates

__all__ = [
    "FORM_ID",
    "PRESET_ID",
    "control_id",
    "form_fields",
    "form_paint",
    "preset_choice",
    "preset_options",
    "options_from_fields",
    "read_options",
    "value_updates",
    "preset_updates",
]

#: The form's element in ``index.html`` (its controls are built in it; their events bubble to it).
FORM_ID = "metric-options"
#: The metric's preset list.
PRESET_ID = "metric-preset"


def control_id(setting: Setting) -> str:
    """The element id of a setting's control: ``metric-opt-char-order``."""
    return "metric-opt-" + setting.name.replace("_", "-")


def preset_choice(metric: str, options: Mapping[str, Any]) -> str:
    """The name of the family's preset whose settings ``options`` under ``metric`` are, else ``"custom"``."""
    try:
        config = _config(metric, options)
    except (TypeError, ValueError):
        return "custom"
    for preset in registry.family(metric).presets:
        if _config(preset.metric, preset.options) == config:
            return preset.name
    return "custom"


def preset_options(metric: str, name: str) -> Preset | None:
    """The family's preset ``name`` (None: "custom" or unknown)."""
    return next((p for p in registry.family(metric).presets if p.name == name), None)


def _shown(setting: Setting, value: Any, lang: str) -> Any:
    """A setting's value as its control shows it (a check box's bool, else text)."""
    if setting.kind == "flag":
        return bool(value)
    if isinstance(value, str):  # as typed (refused)
        return value
    return i18n.format_g(value, lang) if setting.kind == "number" else str(value)


def form_fields(metric: str) -> dict[str, str]:
    """Setting name -> its control's id (what :func:`options_from_fields` reads)."""
    return {s.name: control_id(s) for s in registry.family(metric).settings}


def form_paint(metric: str, lang: str = "en") -> dict[str, Any]:
    """The form under ``metric`` as ``static/paint.js``'s ``insert`` builds it: the preset
    list, then a control per setting (values: :func:`value_updates`)."""
    entry = registry.family(metric)
    choices = [(p.name, i18n.t(lang, "metric_preset_" + p.name)) for p in entry.presets]
    choices.append(("custom", i18n.t(lang, "preset_custom")))
    select = {
        "tag": "select",
        "attrs": {"id": PRESET_ID},
        "children": [{"tag": "option", "attrs": {"value": v}, "text": text} for v, text in choices],
    }
    label = {"tag": "label", "attrs": {"for": PRESET_ID}, "text": i18n.t(lang, "preset")}
    elements: list[dict[str, Any]] = [{"tag": "p", "attrs": {"class": "preset-line"}, "children": [label, " ", select]}]
    grid = []
    for setting in entry.settings:
        cid = control_id(setting)
        text = {"tag": "label", "attrs": {"for": cid}, "text": i18n.t(lang, "setting_" + setting.name)}
        if setting.kind == "flag":
            box = {"tag": "input", "attrs": {"id": cid, "type": "checkbox"}}
            grid.append({"tag": "p", "attrs": {"class": "check"}, "children": [box, " ", text]})
        else:
            mode = "numeric" if setting.kind == "int" else "decimal"
            field = {"tag": "input", "attrs": {"id": cid, "type": "text", "inputmode": mode, "autocomplete": "off"}}
            grid.append({"tag": "p", "children": [text, " ", field]})
    if grid:
        elements.append({"tag": "div", "attrs": {"class": "options-grid"}, "children": grid})
    return {"remove": "*", "before": None, "elements": elements}


def _base(metric: str, options: Mapping[str, Any]) -> Any:
    """The settings ``options`` start from: the entry's and the preset's keywords (no setting's)."""
    names = {s.name for s in registry.family(metric).settings}
    try:
        return _config(metric, {k: v for k, v in options.items() if k not in names})
    except (TypeError, ValueError):
        return _config(metric, {})


def options_from_fields(
    metric: str, fields: Mapping[str, Any], current: Mapping[str, Any], lang: str = "en"
) -> dict[str, Any]:
    """The options the form shows (``fields``: :func:`form_fields`' names -> the values read;
    ``current``: the options before, whose keywords that are no setting are kept). A value
    that is not a number stays the text typed, so the scorer's refusal quotes it; a setting
    equal to what the rest gives is left out."""
    entry = registry.family(metric)
    names = {s.name for s in entry.settings}
    out = {k: v for k, v in current.items() if k not in names}
    base = _base(metric, out)
    for setting in entry.settings:
        raw = fields.get(setting.name)
        value: Any
        if setting.kind == "flag":
            value = bool(raw)
        else:
            typed = str(raw or "").strip()
            number = _number(typed, setting.kind, lang)
            value = typed if number is None else number
        if value != getattr(base, setting.name, setting.default) or isinstance(value, str):
            out[setting.name] = value
    return out


class FormReader(Protocol):
    """What :func:`read_options` reads of a port (both rooms' ports have it)."""

    def read_form(self, fields: Mapping[str, str]) -> Mapping[str, Any]: ...

    def read_value(self, element_id: str) -> str: ...


def read_options(
    port: FormReader, metric: str, current: Mapping[str, Any] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """The options the form shows under ``metric`` (:func:`options_from_fields` of its controls);
    ``current`` None: the keywords of the preset the list names are kept (corpus mode), and no
    form of ``metric``'s family shown (its preset list names none of its choices) is ``{}``."""
    if current is None:
        choice = port.read_value(PRESET_ID)
        known = metric in registry.names()
        if not known or choice not in {p.name for p in registry.family(metric).presets} | {"custom"}:
            return {}
        preset = preset_options(metric, choice)
        current = {} if preset is None else preset.options
    return options_from_fields(metric, port.read_form(form_fields(metric)), current, lang)


def _number(text: str, kind: str, lang: str) -> int | float | None:
    """``text`` as an int (``kind`` "int": ASCII digits, an optional sign) or a plain decimal, else None."""
    if kind == "int":
        body = text[1:] if text[:1] in "+-" else text
        return int(text) if body.isascii() and body.isdigit() else None
    sep = i18n.decimal_separator(lang)
    body = text.replace(sep, ".", 1) if sep != "." else text
    digits = body.lstrip("+-").replace(".", "", 1)
    if not digits or not digits.isascii() or not digits.isdigit() or body.count("-") + body.count("+") > 1:
        return None
    value = float(body)
    return int(value) if value.is_integer() else value


def value_updates(metric: str, options: Mapping[str, Any], lang: str = "en") -> Updates:
    """Each control showing ``options`` (as typed where refused), and the preset list's choice."""
    entry = registry.family(metric)
    base = _base(metric, options)
    out: Updates = {}
    for setting in entry.settings:
        value = options.get(setting.name, getattr(base, setting.name, setting.default))
        shown = _shown(setting, value, lang)
        out[control_id(setting)] = {"props": {"checked": shown} if setting.kind == "flag" else {"value": shown}}
    return out | preset_updates(metric, options)


def preset_updates(metric: str, options: Mapping[str, Any]) -> Updates:
    """The preset list showing the preset ``options`` are (else "custom")."""
    return {PRESET_ID: {"props": {"value": preset_choice(metric, options)}}}
