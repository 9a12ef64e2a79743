"""Property tests (hypothesis) of the defaults."""

from hypothesis import given, settings
from hypothesis import strategies as st

import bleu2

words = st.lists(
    st.sampled_from(["the", "cat", "sat", "on", "mat", "a", "dog", "北", "京", "día", "ünïcode"]),
    min_size=0,
    max_size=12,
)
text = st.text(max_size=60)


@settings(max_examples=300, deadline=None)
@given(text, text)
def test_score_in_unit_interval(cand, ref):
    r = bleu2.sentence_bleu(cand, ref)
    assert 0.0 <= r.score <= 1.0
    assert 0.0 <= r.brevity_penalty <= 1.0
    for p in r.precisions:
        assert 0 <= p.matches <= p.total
        assert 0.0 <= p.value <= 1.0


@settings(max_examples=200, deadline=None)
@given(text)
def test_identical_nonempty_texts_score_one(t):
    r = bleu2.sentence_bleu(t, t)
    if bleu2.tokenize(t):
        assert r.score == 1.0
    else:
        assert r.score == 0.0


def _perturb(tokens, data):
    """Rebuild a text from tokens with random case, punctuation and spacing between them."""
    seps = st.sampled_from([" ", "  ", ", ", " - ", "\n", "\t", "!", "... ", " (", ") ", '?" '])
    out = []
    for t in tokens:
        t = data.draw(st.sampled_from([t, t.upper(), t.capitalize()]))
        out.append(t)
        out.append(data.draw(seps))
    return data.draw(seps) + "".join(out)


@settings(max_examples=200, deadline=None)
@given(words, words, st.data())
def test_case_punctuation_spacing_do_not_matter(cand, ref, data):
    base = bleu2.sentence_bleu(" ".join(cand), " ".join(ref))
    other = bleu2.sentence_bleu(_perturb(cand, data), _perturb(ref, data))
    assert other.to_dict() == base.to_dict()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=80))
def test_ascii_fast_path_equals_unicode_path(t):
    from bleu2.tokenizers.default import _find_tokens

    assert bleu2.tokenize(t) == _find_tokens(t.lower())
