"""bleu2.page.sentence.screen: only what changed is painted again (cheap keystrokes)."""

from bleu2.page.sentence.screen import Screen


def test_updates_only_what_changed():
    s = Screen()
    first = {"score": {"text": "0.7071"}, "hyp-len": {"text": "6"}}
    assert s.updates(first) == first
    assert s.updates(first) == {}
    assert s.updates({"score": {"text": "0.5000"}, "hyp-len": {"text": "6"}}) == {"score": {"text": "0.5000"}}
    assert s.updates({"hyp-len": {"text": "6"}}, force=True) == {"hyp-len": {"text": "6"}}
    s.forget("score")
    assert s.updates({"score": {"text": "0.5000"}}) == {"score": {"text": "0.5000"}}
    s.clear()
    assert s.updates({"hyp-len": {"text": "6"}}) == {"hyp-len": {"text": "6"}}


def test_once_and_same():
    s = Screen()
    assert s.once("hints", [["hint", "a", None]]) == '[["hint", "a", null]]'
    assert s.once("hints", [["hint", "a", None]]) is None
    big = "word " * 200_000
    assert s.same("highlight", (big, ("ref",))) is False
    assert s.same("highlight", ("word " * 200_000, ("ref",))) is True  # equal texts, no JSON made
    assert s.same("highlight", (big, ("ref", "other"))) is False
