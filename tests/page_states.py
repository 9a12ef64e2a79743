"""A page state with every field set, shared by the tests of links, the tab's storage and
the start-up plan (user text that looks like markup, CJK, non-default options)."""

STATE = {
    "references": ["the cat sat on the mat", "", "There is a cat on the mat."],
    "candidates": ["the cat is on the mat", "<img src=x onerror=alert(1)>", "我爱学习中文 café"],
    "options": {
        "max_order": 4,
        "smoothing": "none",
        "tokenizer": "13a",
        "lowercase": True,
        "smooth_value": None,
        "effective_order": False,
        "empty_references": "ignore",
        "ref_length": "shortest",
        "rstrip": True,
        "metric": "bleu",
        "metric_options": {},
    },
    "lang": "pt",
}


def tab_form(state, packed=False):
    """The tab's storage forms as the format says (docs/page.md; ``static/storage.js`` writes
    them): ``"t1."`` + the compact JSON ``{"r", "c", "o", "l"}``, or ``"z1."`` + its zlib
    stream (level 1) as latin-1 text."""
    import json
    import zlib

    from bleu2.page.tab_storage import tab_meta

    text = json.dumps(
        {"r": state["references"], "c": state["candidates"], **tab_meta(state)},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    if packed:
        return "z1." + zlib.compress(text.encode("utf-8", "surrogatepass"), 1).decode("latin-1")
    return "t1." + text
