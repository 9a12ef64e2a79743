"""What a tokenizer drops without a word: characters of a box's text that are in none of its tokens.

Punctuation is left out of the count (the default tokenizer drops it by design, and the help says so); what is
counted is the rest (emoji, symbols): a note beside the box's token count says how many, and which.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from .. import i18n

__all__ = ["MAX_CHARS", "dropped_characters", "dropped_note"]

#: Texts longer than this are not searched (the note is for what a person reads in a box).
MAX_CHARS = 20_000
#: The dropped characters the note lists (then "…").
SHOWN = 8


def dropped_characters(text: str, tokens: Sequence[str]) -> list[str]:
    """The characters of ``text`` (compared lowercased) that no token holds, in order, repeats kept; neither
    whitespace nor punctuation (Unicode categories Z*, P*, Cc) nor combining marks are counted."""
    if len(text) > MAX_CHARS:
        return []
    kept = Counter(ch for token in tokens for ch in token.lower())
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch.isspace() or category[0] in "ZPM" or category in ("Cc", "Cf"):
            continue
        low = ch.lower()
        if kept[low] > 0:
            kept[low] -= 1
        else:
            out.append(ch)
    return out


def dropped_note(text: str, tokens: Sequence[str], complete: bool, lang: str = "en") -> str:
    """ " · 1 character left out by the tokenizer: 😀" (``lang``), or "" (none, or ``complete`` False: only some of
    the tokens are at hand)."""
    chars = dropped_characters(text, tokens) if complete else []
    if not chars:
        return ""
    shown = " ".join(dict.fromkeys(chars[:SHOWN])) + (" …" if len(chars) > SHOWN else "")
    return i18n.tn(lang, "dropped_characters", len(chars), chars=i18n.isolate(shown))
