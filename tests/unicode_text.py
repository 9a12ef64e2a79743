"""A text with every assigned code point, and digests of its tokens (standard library only).

For the tests that check that two Pythons (CPython on the command line, Pyodide in the
page) tokenize alike: both run :func:`token_digests` and compare the digests, line by
line. Imports nothing but the standard library, bleu2 and the generated
:mod:`unicode_assigned` (``ASSIGNED``: the code points that the ``regex`` package's
Unicode assigns, surrogates left out), so the same file runs in CPython and in Pyodide
(copy it, ``unicode_assigned.py`` and ``bleu2/`` into the interpreter's file system).

The text (:func:`lines`): every assigned code point ``c``, in code point order, in some
contexts (``"a{c}b"``: ``c`` between two letters), the contexts joined by spaces,
:data:`PER_LINE` code points per line. :data:`CHECKS` names, for each tokenization, the
contexts in which the steps that could differ between Pythons see ``c``.
"""

from __future__ import annotations

import hashlib
import json

from unicode_assigned import ASSIGNED, UNICODE_VERSION

__all__ = ["ASSIGNED", "UNICODE_VERSION", "PER_LINE", "CHECKS", "code_points", "lines", "token_digests"]

#: Code points per line.
PER_LINE = 64
#: Contexts: between ASCII letters (NFKC, lower-casing, whether it joins a word), between
#: ASCII digits (intl's number rules), after and before a Greek capital sigma (the
#: final-sigma rule of str.lower reads whether its neighbours are cased or
#: case-ignorable), after a letter with a combining mark and before another mark (NFKC's
#: canonical reordering and composition).
LETTERS, DIGITS = "a{c}b", "1{c}2"
SIGMA_AFTER, SIGMA_BEFORE = "\u0391\u03a3{c}", "\u0391{c}\u03a3"
MARKS = "a\u0301{c}\u0334"
#: The tokenizations compared, ``"name/lower"`` or ``"name/cased"`` -> (tokenizer name,
#: lowercase, contexts). The sacreBLEU tokenizers are compared without lower-casing:
#: with it, they lower-case with the running Python's str.lower, as sacreBLEU does.
CHECKS = {
    "default/lower": ("default", True, (LETTERS, SIGMA_AFTER, SIGMA_BEFORE, MARKS)),
    "default/cased": ("default", False, (LETTERS, MARKS)),
    "intl/cased": ("intl", False, (LETTERS, DIGITS)),
    # 13a's and zh's number rules read ASCII digits only
    "13a/cased": ("13a", False, (LETTERS,)),
    "zh/cased": ("zh", False, (LETTERS,)),
    "char/cased": ("char", False, (LETTERS,)),
    "none/cased": ("none", False, (LETTERS,)),
}


def code_points():
    """Every code point of :data:`ASSIGNED`, in order."""
    for first, last in ASSIGNED:
        yield from range(first, last + 1)


def _private_use(cp: int) -> bool:
    """Private use (Co): U+E000..U+F8FF and planes 15-16, fixed by Unicode's stability policy."""
    return 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000


def lines(contexts=(LETTERS,), per_line: int = PER_LINE) -> list[str]:
    """Every assigned code point in each of ``contexts`` (``{c}`` stands for it), ``per_line`` a line.

    The private-use code points (137,468 of them, 44% of the assigned code points; no
    mappings, the same properties in every Unicode) appear in the first context only.
    """
    templates = [t.replace("{c}", "\0") for t in contexts]
    cps = list(code_points())
    out = []
    for start in range(0, len(cps), per_line):
        words = []
        for cp in cps[start : start + per_line]:
            c = chr(cp)
            words += [t.replace("\0", c) for t in (templates[:1] if _private_use(cp) else templates)]
        out.append(" ".join(words))
    return out


def token_digests(checks=CHECKS) -> dict[str, list[str]]:
    """``{check name: [digest of the tokens of each line of its text]}``: SHA-256 of the
    tokens' JSON, 16 hex digits, for each check of ``checks`` (see :data:`CHECKS`)."""
    from bleu2.tokenizers import make_tokenizer

    out = {}
    texts = {}
    for key, (name, lowercase, contexts) in checks.items():
        text = texts.get(contexts) or texts.setdefault(contexts, lines(contexts))
        tokenize = make_tokenizer(name, lowercase)
        out[key] = [hashlib.sha256(json.dumps(tokenize(line)).encode()).hexdigest()[:16] for line in text]
    return out
