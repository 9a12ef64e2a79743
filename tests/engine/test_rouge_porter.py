"""bleu2's Porter stemmer against NLTK 3.10.4's ``PorterStemmer()`` (its default mode,
NLTK_EXTENSIONS, the one rouge-score 0.1.2 instantiates), word for word on the whole
vocabulary of the shared data as rouge-score's tokenizer yields it, and on the paper's
and NLTK's own examples."""

from __future__ import annotations

import pytest
from nltk.stem.porter import PorterStemmer
from rouge_score import tokenize as peer_tokenize

from bleu2.metrics.rouge.porter import stem
from shared_data import DATA

PEER = PorterStemmer()


def _texts() -> list[str]:
    return [p.read_text(encoding="utf-8", errors="replace") for p in sorted(DATA.rglob("*")) if p.is_file()]


def _vocabulary() -> list[str]:
    """Every token of every file as rouge-score's tokenizer yields it (lower-case a-z0-9)."""
    return sorted({w for text in _texts() for w in peer_tokenize.tokenize(text, None)})


def test_rouge_score_instantiates_the_default_mode():
    from rouge_score import tokenizers

    assert tokenizers.DefaultTokenizer(True)._stemmer.mode == PorterStemmer.NLTK_EXTENSIONS


def test_every_word_of_the_shared_data_stems_as_nltk():
    words = _vocabulary()
    assert len(words) > 9_000
    wrong = [(w, PEER.stem(w), stem(w)) for w in words if stem(w) != PEER.stem(w)]
    assert wrong == []


def test_every_lower_cased_word_with_its_punctuation_stems_as_nltk():
    words = sorted({w for text in _texts() for w in text.lower().split()})
    assert len(words) > 25_000
    assert [w for w in words if stem(w) != PEER.stem(w)] == []


# The paper's examples, NLTK's extensions (irregular forms, -ies/-ied, y -> i, -alli,
# -bli, -fulli, -logi) and the rules' edges (first matching suffix decides; double l)
WORDS = (
    "caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping "
    "tanned falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci "
    "digitizer conformabli radicalli differentli vileli analogousli vietnamization predication operator feudalism "
    "decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize "
    "electriciti electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible "
    "irritant replacement adjustment dependent adoption homologou communism activate angulariti homologous "
    "effective bowdlerize probate rate cease controll roll skies dying lying tying news innings outings cannings "
    "howe proceed exceed succeed dies flies died spied enjoy spy fly try geologi theologi hopefulli generously "
    "syzygy yyyy toy ay ok a by cement biology analogy 1990s covid19"
).split()


@pytest.mark.parametrize("word", WORDS)
def test_examples_stem_as_nltk(word):
    assert stem(word) == PEER.stem(word)


def test_upper_case_is_lowered_first_as_nltk():
    assert stem("Running") == PEER.stem("Running") == "run"
