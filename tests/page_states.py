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
    },
    "lang": "pt",
}
