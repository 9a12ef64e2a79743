"""Porter's stemmer (Porter 1980, "An algorithm for suffix stripping", Program 14(3)
130-137) with NLTK's extensions: the stems of ``nltk.stem.porter.PorterStemmer()`` in
its default mode (``NLTK_EXTENSIONS``), which is the one rouge-score 0.1.2 instantiates.

What NLTK's mode changes from the paper (each marked ``NLTK`` below):

* a table of irregular forms (``sky``/``skies`` -> ``sky``, ``dying`` -> ``die``, ...);
  words of one or two letters are returned as they are;
* step 1a: a four-letter ``-ies`` becomes ``-ie`` (``dies`` -> ``die``);
* step 1b: ``-ied`` becomes ``-ie`` in a four-letter word, ``-i`` otherwise;
  condition *o also holds for a two-letter vowel-consonant stem;
* step 1c: ``y`` -> ``i`` only after a consonant that is not the whole stem;
* step 2: ``-alli`` -> ``-al`` first (then step 2 again), ``-bli`` -> ``-ble`` (Martin
  Porter's correction of ``-abli``), and ``-fulli`` -> ``-ful``, ``-logi`` -> ``-log``
  (the measure taken with the ``l``).

As in NLTK, within a step the first rule whose suffix matches decides: when its condition
fails the word is left as it is (no later rule of the step is tried); step 1b's ``eed``
rule stops the step the same way. Step 5a tries both of its rules.
``tests/engine/test_rouge_porter.py`` compares every word of the shared data with NLTK.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["stem"]

_VOWELS = frozenset("aeiou")

# NLTK: irregular forms, stemmed by table
_IRREGULAR = {
    "sky": "sky",
    "skies": "sky",
    "dying": "die",
    "lying": "lie",
    "tying": "tie",
    "news": "news",
    "innings": "inning",
    "inning": "inning",
    "outings": "outing",
    "outing": "outing",
    "cannings": "canning",
    "canning": "canning",
    "howe": "howe",
    "proceed": "proceed",
    "exceed": "exceed",
    "succeed": "succeed",
}


def _cv(word: str) -> str:
    """'c' or 'v' per letter: a consonant is not a, e, i, o, u, nor a y after a consonant."""
    out = []
    prev = "v"
    for ch in word:
        if ch in _VOWELS:
            prev = "v"
        elif ch == "y":
            prev = "v" if prev == "c" else "c"
        else:
            prev = "c"
        out.append(prev)
    return "".join(out)


def _m(stem: str) -> int:
    """Porter's measure m of [C](VC){m}[V]."""
    return _cv(stem).count("vc")


def _m_pos(stem: str) -> bool:
    return _m(stem) > 0


def _m_gt1(stem: str) -> bool:
    return _m(stem) > 1


def _has_vowel(stem: str) -> bool:
    return "v" in _cv(stem)


def _ends_cvc(stem: str) -> bool:
    """Condition *o: ends consonant-vowel-consonant, the last not w, x or y
    (NLTK: or the stem is exactly vowel-consonant)."""
    cv = _cv(stem)
    if len(stem) >= 3 and cv.endswith("cvc") and stem[-1] not in "wxy":
        return True
    return cv == "vc"


_Rule = tuple[str, str, Callable[[str], bool] | None]


def _first_rule(word: str, rules: list[_Rule]) -> str:
    """The first rule whose suffix ends ``word`` decides (its condition on the stem)."""
    for suffix, replacement, condition in rules:
        if word.endswith(suffix):
            stem = word[: len(word) - len(suffix)]
            if condition is None or condition(stem):
                return stem + replacement
            return word
    return word


def _step1a(word: str) -> str:
    if word.endswith("ies") and len(word) == 4:  # NLTK
        return word[:-3] + "ie"
    return _first_rule(word, [("sses", "ss", None), ("ies", "i", None), ("ss", "ss", None), ("s", "", None)])


def _step1b(word: str) -> str:
    if word.endswith("ied"):  # NLTK
        return word[:-3] + ("ie" if len(word) == 4 else "i")
    if word.endswith("eed"):
        stem = word[:-3]
        return stem + "ee" if _m(stem) > 0 else word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and _has_vowel(word[: -len(suffix)]):
            stem = word[: -len(suffix)]
            break
    else:
        return word
    # AT -> ATE, BL -> BLE, IZ -> IZE
    for suffix in ("at", "bl", "iz"):
        if stem.endswith(suffix):
            return stem + "e"
    # (*d and not (*L or *S or *Z)) -> single letter; a double l, s or z stays
    if len(stem) >= 2 and stem[-1] == stem[-2] and _cv(stem)[-1] == "c":
        return stem[:-1] if stem[-1] not in "lsz" else stem
    # (m=1 and *o) -> E
    if _m(stem) == 1 and _ends_cvc(stem):
        return stem + "e"
    return stem


def _step1c(word: str) -> str:
    # NLTK: (*c and not c) Y -> I, where the paper has (*v*) Y -> I
    if word.endswith("y"):
        stem = word[:-1]
        if len(stem) > 1 and _cv(stem)[-1] == "c":
            return stem + "i"
    return word


_STEP2: list[_Rule] = [
    ("ational", "ate", _m_pos),
    ("tional", "tion", _m_pos),
    ("enci", "ence", _m_pos),
    ("anci", "ance", _m_pos),
    ("izer", "ize", _m_pos),
    ("bli", "ble", _m_pos),  # the paper's ABLI -> ABLE, as Martin Porter corrected it
    ("alli", "al", _m_pos),
    ("entli", "ent", _m_pos),
    ("eli", "e", _m_pos),
    ("ousli", "ous", _m_pos),
    ("ization", "ize", _m_pos),
    ("ation", "ate", _m_pos),
    ("ator", "ate", _m_pos),
    ("alism", "al", _m_pos),
    ("iveness", "ive", _m_pos),
    ("fulness", "ful", _m_pos),
    ("ousness", "ous", _m_pos),
    ("aliti", "al", _m_pos),
    ("iviti", "ive", _m_pos),
    ("biliti", "ble", _m_pos),
    ("fulli", "ful", _m_pos),  # NLTK
]


def _step2(word: str) -> str:
    if word.endswith("alli") and _m(word[:-4]) > 0:  # NLTK: ALLI -> AL first, then step 2 again
        return _step2(word[:-4] + "al")
    if word.endswith("logi"):  # no other suffix of the step ends a word in -logi
        # NLTK: LOGI -> LOG, the measure taken with the l (``geologi`` -> ``geolog``)
        return word[:-1] if _m(word[:-3]) > 0 else word
    return _first_rule(word, _STEP2)


_STEP3: list[_Rule] = [
    ("icate", "ic", _m_pos),
    ("ative", "", _m_pos),
    ("alize", "al", _m_pos),
    ("iciti", "ic", _m_pos),
    ("ical", "ic", _m_pos),
    ("ful", "", _m_pos),
    ("ness", "", _m_pos),
]


def _ion(stem: str) -> bool:
    return _m(stem) > 1 and stem[-1:] in ("s", "t")


_STEP4: list[_Rule] = [
    (suffix, "", _ion if suffix == "ion" else _m_gt1)
    for suffix in ("al ance ence er ic able ible ant ement ment ent ion ou ism ate iti ous ive ize".split())
]


def _step5(word: str) -> str:
    # 5a: (m>1) E -> ; (m=1 and not *o) E ->
    if word.endswith("e"):
        stem = word[:-1]
        m = _m(stem)
        if m > 1 or (m == 1 and not _ends_cvc(stem)):
            word = stem
    # 5b: (m>1 and *d and *L) -> single letter
    if word.endswith("ll") and _m(word[:-1]) > 1:
        return word[:-1]
    return word


def stem(word: str) -> str:
    """The Porter stem of a lower-case word, as ``nltk.stem.porter.PorterStemmer().stem``
    (NLTK's default mode; NLTK lower-cases first, rouge-score's tokens are lower-case)."""
    length = len(word)
    word = word.lower()
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if length <= 2:
        return word
    word = _step1a(word)
    word = _step1b(word)
    word = _step1c(word)
    word = _step2(word)
    word = _first_rule(word, _STEP3)
    word = _first_rule(word, _STEP4)
    return _step5(word)
