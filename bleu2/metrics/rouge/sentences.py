"""ROUGE-Lsum's sentences: newline-split (rouge-score's default) or, with
``split_summaries``, split offline where rouge-score calls NLTK's punkt
(``nltk.sent_tokenize``, whose model NLTK downloads at run time).

The offline rule: a sentence ends after ``.``, ``?`` or ``!`` (a run of them, then any
closing quotes or brackets) followed by white space, unless the word before a ``.`` is
an abbreviation of :data:`ABBREVIATIONS` (as punkt's English model has them), a single
letter (an initial), the period written against it (``a .`` ends a sentence, as in punkt). On plain sentences this is punkt's split. Where
they may differ: punkt's learned abbreviations beyond this list, its orthographic
heuristics (a lower-case word after a period of an abbreviation or an initial, ellipses
``...`` before a capital, a number before a period followed by a word it has seen in
lower case). Newlines also split here (``newlines=False``: they do not, as in punkt, which
lets a sentence run across a newline).
"""

from __future__ import annotations

import re

__all__ = ["ABBREVIATIONS", "newline_sentences", "split_sentences"]

#: Abbreviations after which a period does not end a sentence (lower-case, without the final period).
ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof sr jr st mt co corp inc ltd vs etc e.g i.e u.s u.k u.n a.m p.m "
    "jan feb mar apr jun jul aug sep sept oct nov dec gen gov sen rep rev col lt capt sgt "
    "no nos fig figs vol vols pp ed eds approx dept est".split()
)

_CANDIDATE = re.compile(r"[.?!]+[\"'”’)\]]*(?=\s)")


def newline_sentences(text: str) -> list[str]:
    """rouge-score's default: the text's lines, empty ones dropped."""
    return [s for s in text.split("\n") if s]


def split_sentences(text: str, newlines: bool = True) -> list[str]:
    """Sentences as NLTK's punkt splits plain text (the module docstring says where they may
    differ); with ``newlines`` every line break ends a sentence too."""
    out: list[str] = []
    for line in text.split("\n") if newlines else [text]:
        start = 0
        for m in _CANDIDATE.finditer(line):
            end = m.end()
            if m.group()[0] == "." and len(m.group().rstrip("\"'”’)]")) == 1:
                before = line[start : m.start()]
                word = before.rsplit(None, 1) if before[-1:].strip() else []  # "a ." : no word holds the period
                last = word[-1].lower() if word else ""
                if last in ABBREVIATIONS or (len(last) == 1 and last.isalpha()):
                    continue
            piece = line[start:end].strip()
            if piece:
                out.append(piece)
            start = end
        piece = line[start:].strip()
        if piece:
            out.append(piece)
    return out
