"""Plain-language hints under the score: what explains it, from the raw counts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypedDict

from ...metrics.bleu.options import BleuConfig
from ...metrics.bleu.result import BleuResult, Precision
from ...metrics.bleu.scoring import bleu_score
from .. import i18n

__all__ = ["MANY_LINES", "Hint", "hints", "counted_score", "many_lines_hints", "kept_whole"]


class HintAction(TypedDict):
    """A control a hint offers (a button the glue wires by its id)."""

    id: str
    label: str


class Hint(TypedDict):
    """One hint: its kind (a CSS class ``hint-<kind>``), its text and maybe an action."""

    kind: str
    text: str
    action: HintAction | None


#: "Right words, wrong order": raw p1 >= this and raw p2 < p1 * WRONG_ORDER_RATIO.
WRONG_ORDER_MIN_P1 = 0.5

WRONG_ORDER_RATIO = 0.5

#: A text of more than this many lines gets the "scored as one segment" hint.
MANY_LINES = 30

#: A token of this many Han or kana characters is a sentence the tokenizer kept whole.
WHOLE_CJK = 4
#: The tokenizers that split Chinese and Japanese text.
_SPLITS_CJK = frozenset({"zh", "char", "default"})
_CJK = (
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFF66, 0xFF9F),  # half-width katakana
    (0x20000, 0x3FFFF),  # CJK extensions B..
)


def emptiness(text: str, tokens: Sequence[str]) -> str | None:
    """``"empty"`` (only whitespace), ``"no-words"`` (only what the tokenizer drops), or None."""
    if tokens:
        return None
    return "empty" if not text.strip() else "no-words"


def hints(
    reference: str,
    candidate: str,
    reference_tokens: Sequence[str],
    candidate_tokens: Sequence[str],
    result: BleuResult,
    lang: str = "en",
) -> list[Hint]:
    """The hints that apply, most important first, from the raw counts (never smoothed values).

    With several references, pass them joined (``"\\n".join``) and all their tokens.
    """
    out: list[Hint] = []
    ref_empty = emptiness(reference, reference_tokens)
    cand_empty = emptiness(candidate, candidate_tokens)
    if ref_empty == "empty" and cand_empty == "empty":  # both blank; punctuation gets the "no words" hints
        return [_hint("both-empty", i18n.t(lang, "hint_both_empty"))]
    for kind, label, why in (("reference-empty", "reference", ref_empty), ("candidate-empty", "candidate", cand_empty)):
        if why == "empty":
            out.append(_hint(kind, i18n.t(lang, f"hint_{label}_empty")))
        elif why == "no-words":
            out.append(_hint(kind, i18n.t(lang, f"hint_{label}_no_words")))
    if out:
        return out
    whole = kept_whole(result.tokenizer, [*candidate_tokens, *reference_tokens], lang)
    if whole is not None:
        out.append(whole)
    p1 = result.precisions[0]
    if p1.matches == 0:
        params = {
            "p1": _fraction(p1, lang),
            "score": i18n.format_number(result.score, lang),
            "method": result.smoothing,
            "unsmoothed": i18n.format_number(unsmoothed_score(result), lang),
        }
        key = "hint_no_match_smoothed" if result.score > 0 else "hint_no_match"
        out.append(_hint("no-match", i18n.t(lang, key, **params)))
    if (left_out := zero_orders_hint(result, lang)) is not None:
        out.append(left_out)
    if result.brevity_penalty < 1.0:
        c_tokens, r = i18n.tn(lang, "tokens", result.hyp_len), i18n.format_integer(result.ref_len, lang)
        text = i18n.t(lang, "hint_short", c_tokens=c_tokens, r=r, bp=i18n.format_number(result.brevity_penalty, lang))
        out.append(_hint("short", text))
    if len(result.precisions) >= 2 and p1.matches:
        p2 = result.precisions[1]
        raw1 = p1.matches / p1.total
        if p2.total and raw1 >= WRONG_ORDER_MIN_P1 and p2.matches / p2.total < raw1 * WRONG_ORDER_RATIO:
            text = i18n.t(lang, "hint_word_order", p1=_fraction(p1, lang), p2=_fraction(p2, lang))
            out.append(_hint("word-order", text))
    return out


def _fraction(p: Precision, lang: str) -> str:
    return f"{i18n.format_integer(p.matches, lang)}/{i18n.format_integer(p.total, lang)}"


def _cjk_count(token: str) -> int:
    return sum(1 for ch in token if any(lo <= ord(ch) <= hi for lo, hi in _CJK))


def kept_whole(tokenizer: str, tokens: Sequence[str], lang: str = "en") -> Hint | None:
    """A ``"kept-whole"`` hint when ``tokenizer`` kept :data:`WHOLE_CJK` or more Han or kana characters as one token."""
    if tokenizer in _SPLITS_CJK:
        return None
    token = next((t for t in tokens if len(t) >= WHOLE_CJK and _cjk_count(t) >= WHOLE_CJK), None)
    if token is None:
        return None
    shown = token if len(token) <= 24 else token[:23] + "…"
    return _hint("kept-whole", i18n.t(lang, "hint_kept_whole", tokenizer=tokenizer, token=shown))


def _hint(kind: str, text: str, action: HintAction | None = None) -> Hint:
    return {"kind": kind, "text": text, "action": action}


def unsmoothed_score(result: BleuResult) -> float:
    """The score of the same counts with ``smoothing="none"``."""
    config = BleuConfig.make(max_order=result.max_order, weights=list(result.weights), smoothing="none")
    return bleu_score(result.stats, config)


def counted_score(result: BleuResult) -> float:
    """BP × Π p_n^w_n over every order, as BLEU's definition (Papineni et al. 2002), whatever the method left out."""
    score: float = result.brevity_penalty * math.prod(p.value**w for p, w in zip(result.precisions, result.weights))
    return score


def zero_orders_hint(result: BleuResult, lang: str = "en") -> Hint | None:
    """A ``"left-out"`` hint when NLTK's methods left zero-precision orders out of the mean and the score is not 0."""
    weights = result.mean_weights or result.weights
    left = [p.n for p, w in zip(result.precisions, weights) if w is None and p.n <= result.orders_used]
    if not left or result.score <= 0:
        return None
    kept = [p.n for p, w in zip(result.precisions, weights) if w is not None]
    orders, kept_orders = ", ".join(f"p{n}" for n in left), ", ".join(f"p{n}" for n in kept)
    scores = {
        "score": i18n.format_number(result.score, lang),
        "counted": i18n.format_number(counted_score(result), lang),
    }
    text = i18n.t(lang, "hint_zero_orders_left_out", orders=orders, kept=kept_orders, method=result.smoothing, **scores)
    return _hint("left-out", text)


def many_lines_hints(texts: Sequence[tuple[str, str]], lang: str = "en", limit: int = MANY_LINES) -> list[Hint]:
    """A ``"many-lines"`` hint for each ``(label, text)`` of more than ``limit`` lines (scored as one segment); the
    first offers the button to corpus mode."""
    out: list[Hint] = []
    for label, text in texts:
        lines = text.strip().count("\n") + 1 if text.strip() else 0
        if lines > limit:
            action: HintAction | None = (
                None if out else {"id": "hint-corpus", "label": i18n.t(lang, "hint_corpus_action")}
            )
            text = i18n.t(lang, "hint_many_lines", box=label, lines=i18n.format_integer(lines, lang))
            out.append(_hint("many-lines", text, action))
    return out
