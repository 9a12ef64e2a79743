"""Interface strings in English, Spanish and Portuguese; plural rules; number formats.

One JSON catalog per language (``bleu2/page/locales/<code>.json``) of :meth:`str.format` templates or plural forms
``{"one", "many", "other"}`` (CLDR cardinal rules). Plain text: the page sets it with ``textContent``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "CATALOGS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DEFAULT_LANGUAGE",
    "language",
    "pick_language",
    "plural_category",
    "DECIMALS",
    "format_number",
    "format_g",
    "format_integer",
    "decimal_separator",
    "t",
    "tn",
    "isolate",
    "boot_catalog",
]

#: The interface languages, in the order the language switch lists them.
LANGUAGES: tuple[str, ...] = ("en", "es", "pt")
DEFAULT_LANGUAGE = "en"

_LOCALES = Path(__file__).with_name("locales")

#: language code -> its catalog (key -> template, or plural forms).
CATALOGS: dict[str, dict[str, Any]] = {
    code: json.loads((_LOCALES / f"{code}.json").read_text(encoding="utf-8")) for code in LANGUAGES
}

#: language code -> its name in that language (for the switch).
LANGUAGE_NAMES: dict[str, str] = {code: CATALOGS[code]["language_name"] for code in LANGUAGES}

# decimal separator, grouping separator, minimum digits before grouping applies (as CLDR:
# Spanish writes 8000 but 12.345; Portuguese 8.000).
_NUMBER_FORMAT = {"en": (".", ",", 4), "es": (",", ".", 5), "pt": (",", ".", 4)}


def language(lang: str | None) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else English."""
    return lang if lang in CATALOGS else DEFAULT_LANGUAGE


def pick_language(browser_languages: Iterable[object] | str | None) -> str:
    """The first of ``browser_languages`` (BCP 47, e.g. "pt-BR" -> "pt") whose language is offered, else "en"."""
    if not browser_languages:
        return DEFAULT_LANGUAGE
    if isinstance(browser_languages, str):
        browser_languages = [browser_languages]
    for tag in browser_languages:
        if not isinstance(tag, str):
            continue
        primary = tag.strip().replace("_", "-").split("-", 1)[0].lower()
        if primary in CATALOGS:
            return primary
    return DEFAULT_LANGUAGE


def plural_category(lang: str, count: int) -> str:
    """The CLDR cardinal plural category of ``count`` in ``lang`` (pt: ``one`` for 0 and 1; es, pt: ``many`` for
    non-zero multiples of 1,000,000)."""
    n = abs(int(count))
    lang = language(lang)
    if lang == "pt" and n in (0, 1):
        return "one"
    if lang in ("en", "es") and n == 1:
        return "one"
    if lang in ("es", "pt") and n and n % 1_000_000 == 0:
        return "many"
    return "other"


def format_integer(value: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """An integer with the language's grouping: ``8,000`` (en), ``8000`` (es), ``8.000`` (pt); ``12.345`` in es."""
    _, sep, min_digits = _NUMBER_FORMAT[language(lang)]
    value = int(value)
    return str(value) if len(str(abs(value))) < min_digits else f"{value:,}".replace(",", sep)


def decimal_separator(lang: str) -> str:
    """``"."`` in English, ``","`` in Spanish and Portuguese."""
    return _NUMBER_FORMAT[language(lang)][0]


#: Decimals shown for precisions, BP and the score (as the classic calculator).
DECIMALS = 4


def format_number(value: float, lang: str = DEFAULT_LANGUAGE, decimals: int = DECIMALS) -> str:
    """``value`` to ``decimals`` decimals in ``lang``'s notation (``"0,7071"`` in es); "NaN", "∞", "-∞"."""
    point = decimal_separator(lang)
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    text = f"{value:.{decimals}f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]  # no "-0.0000"
    return text.replace(".", point) if point != "." else text


def format_g(value: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """A weight or parameter as ``:g`` writes it, with the language's decimal separator (``"0,25"`` in es)."""
    return f"{value:g}".replace(".", decimal_separator(lang))


def _template(lang: str, key: str) -> str | dict[str, str]:
    try:
        template: str | dict[str, str] = CATALOGS[language(lang)][key]
        return template
    except KeyError:
        raise KeyError(f"no interface string {key!r}") from None


def _fill(key: str, template: str, params: dict[str, Any]) -> str:
    if not params and "{" not in template:
        return template
    try:
        return template.format(**params)
    except KeyError as e:
        raise KeyError(f"interface string {key!r} needs the parameter {e.args[0]!r}") from None


def t(lang: str, key: str, /, **params: Any) -> str:
    """The string ``key`` in ``lang`` (unknown codes: English), its ``{name}`` fields filled from ``params``.
    Raises KeyError: unknown key, a plural key, or a field missing from ``params`` (the message names it)."""
    template = _template(lang, key)
    if not isinstance(template, str):
        raise KeyError(f"interface string {key!r} has plural forms: use tn()")
    return _fill(key, template, params)


def tn(lang: str, key: str, count: int, /, **params: Any) -> str:
    """The plural form of ``key`` for ``count`` (no ``many``: ``other``), ``{count}`` and ``params`` filled in."""
    forms = _template(lang, key)
    if isinstance(forms, str):
        raise KeyError(f"interface string {key!r} has no plural forms: use t()")
    category = plural_category(lang, count)
    template = forms.get(category) or forms["other"]
    return _fill(key, template, dict(params, count=format_integer(count, lang)))


def isolate(text: str) -> str:
    """User text bidi-isolated between U+2068 and U+2069 (``<bdi>`` in plain text, so it works in ``title`` too)."""
    return f"\u2068{text}\u2069"


#: A field ``static/boot.js`` fills as :meth:`str.format` does: ``{name}``, nothing else.
_BOOT_FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def boot_catalog() -> dict[str, dict[str, str]]:
    """The catalogs' ``boot_*`` strings without the prefix, per language: what ``static/boot.js`` shows first.

    Raises:
        ValueError: a boot string boot.js would fill otherwise than :func:`t` (plural forms, or a
            brace that is not a ``{name}`` field: ``{{``, a format spec, a conversion).
    """
    out: dict[str, dict[str, str]] = {}
    for code in LANGUAGES:
        out[code] = {}
        for key, template in CATALOGS[code].items():
            if not key.startswith("boot_"):
                continue
            if (
                not isinstance(template, str)
                or "{" in _BOOT_FIELD.sub("", template)
                or "}" in _BOOT_FIELD.sub("", template)
            ):
                raise ValueError(f"locales/{code}.json: {key} must be text whose only braces are {{name}} fields")
            out[code][key[len("boot_") :]] = template
    return out
