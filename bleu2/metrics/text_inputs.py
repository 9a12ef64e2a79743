"""What GLEU's and NIST's text functions share: options from a preset and keywords, and the
checks of their lines (hypotheses, references per line); messages name the caller."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any, Protocol, TypeVar

__all__ = ["options_from", "reference_lists", "check_hypotheses", "check_text_options", "text_signature"]


class _Checked(Protocol):
    def check(self, caller: str) -> Any: ...


OptionsT = TypeVar("OptionsT", bound=_Checked)


def options_from(
    caller: str,
    metric: str,
    presets: Mapping[str, OptionsT],
    default: OptionsT,
    preset: str | None,
    options: dict[str, Any],
) -> OptionsT:
    """A preset's options (``default`` for None) with ``options`` over them, checked.

    Raises:
        ValueError: an unknown preset or option (the valid ones named), or a bad value
            (the options' ``check``); the message names ``caller``.
    """
    if preset is not None and preset not in presets:
        raise ValueError(f"{caller}: unknown preset {preset!r}; valid: {', '.join(presets)}")
    base = presets[preset] if preset is not None else default
    names = [f.name for f in fields(base)]  # type: ignore[arg-type]
    unknown = [k for k in options if k not in names]
    if unknown:
        raise ValueError(f"{caller}: unknown option {unknown[0]!r}; {metric}'s are {', '.join(names)}")
    checked: OptionsT = replace(base, **options).check(caller)  # type: ignore[type-var]
    return checked


def check_text_options(caller: str, tokenize: object, valid: Sequence[str], lowercase: object) -> None:
    """The options for text: ``tokenize`` one of ``valid``, ``lowercase`` a bool.

    Raises:
        ValueError: naming ``caller`` and the option.
    """
    if tokenize not in valid:
        raise ValueError(f"{caller}: unknown tokenize {tokenize!r}; valid: {', '.join(valid)}")
    if not isinstance(lowercase, bool):
        raise ValueError(f"{caller}: lowercase must be True or False, got {lowercase!r}")


def text_signature(n_refs: int | str, fields: str, tokenize: str, lowercase: bool, version: str) -> str:
    """``nrefs:N|<fields>|tok:<tokenize>|case:lc|mixed|version:bleu2-<version>``."""
    case = "lc" if lowercase else "mixed"
    return f"nrefs:{n_refs}|{fields}|tok:{tokenize}|case:{case}|version:bleu2-{version}"


def check_hypotheses(caller: str, hypotheses: Any, references: Any) -> None:
    """Both lists (not strings) and every hypothesis a string.

    Raises:
        ValueError: naming ``caller`` and the line.
    """
    if isinstance(hypotheses, str) or isinstance(references, str):
        raise ValueError(f"{caller}: hypotheses and references must be lists (one entry per line), not a string")
    for i, hyp in enumerate(hypotheses):
        if not isinstance(hyp, str):
            raise ValueError(f"{caller}: hypotheses[{i}] must be a string, got {hyp!r}")


def reference_lists(references: Sequence[Any], caller: str) -> list[list[str]]:
    """Each line's references as a list (a string is one reference).

    Raises:
        ValueError: an entry that is neither a string nor a list of them (naming the line).
    """
    out = []
    for i, entry in enumerate(references):
        if isinstance(entry, str):
            out.append([entry])
        elif isinstance(entry, (list, tuple)) and all(isinstance(r, str) for r in entry):
            out.append(list(entry))
        else:
            raise ValueError(f"{caller}: references[{i}] must be a reference string or a list of them, got {entry!r}")
    return out
