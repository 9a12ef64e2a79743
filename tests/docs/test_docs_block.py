"""A docs block (bleu2/integrations/docs_block.py, shared by the Sphinx extension and the MkDocs plugin),
without Sphinx or MkDocs: its checks and their messages, the build-time breakdown against
the oracles (the hand-computed GOLDEN rows, sacreBLEU 2.6.0, NLTK 3.10.4), escaping, the
live calculator's fragment as the page reads it (``bleu2.page.share.decode_state``), the
addresses, and that nothing but the extensions imports it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu
from nltk.translate import bleu_score

from bleu2.integrations import docs_block as blocks
from bleu2.page import embed, i18n, share
from bleu2.page.options_form import PRESET_OPTIONS
from docs_extension_sites import blocks_in
from golden_values import GOLDEN

ROOT = Path(__file__).resolve().parents[2]


def table(block: blocks.Block) -> dict[str, dict[str, str]]:
    (found,) = blocks_in(blocks.block_html(block, blocks.breakdown_html(block), None, "bleu2-1"))
    return found["rows"]


@pytest.mark.parametrize("row", GOLDEN, ids=lambda r: r[1][:20])
def test_the_breakdown_holds_the_golden_numbers(row):
    reference, candidate, p1, p2, c, r, bp, score, smoothed = row
    rows = table(blocks.make_block([reference], [candidate]))
    assert rows == {
        candidate: {
            "score": f"{score:.4f}",
            "p1": f"{p1[0]}/{p1[1]}",
            "p2": f"{p2[0]}/{p2[1]}" + ("*" if smoothed else ""),
            "bp": f"{bp:.4f}",
            "c": str(c),
            "r": str(r),
        }
    }


SACREBLEU_PAIRS = [
    ("The cat sat on the mat.", ["The cat is on the mat.", "A cat sat on a mat."]),
    ("It was great, wasn't it?", ["It was not great, was it?"]),
]


@pytest.mark.parametrize(("reference", "candidates"), SACREBLEU_PAIRS)
def test_the_sacrebleu_sentence_preset_gives_sacrebleus_numbers(reference, candidates):
    rows = table(blocks.make_block([reference], candidates, preset="sacrebleu-sentence"))
    for candidate in candidates:
        oracle = sacrebleu.sentence_bleu(candidate, [reference])
        assert rows[candidate] == {
            "score": f"{oracle.score / 100:.4f}",
            # sacreBLEU's "exp" smoothing replaces the orders with no match ("*": smoothed)
            **{f"p{n + 1}": f"{m}/{t}" + "*" * (m == 0) for n, (m, t) in enumerate(zip(oracle.counts, oracle.totals))},
            "bp": f"{oracle.bp:.4f}",
            "c": str(oracle.sys_len),
            "r": str(oracle.ref_len),
        }


def nltk_row(references: list[str], candidate: str) -> dict[str, str]:
    refs, hyp = [r.split() for r in references], candidate.split()
    fractions = [bleu_score.modified_precision(refs, hyp, n) for n in range(1, 5)]
    r = bleu_score.closest_ref_length(refs, len(hyp))
    return {
        "score": f"{bleu_score.sentence_bleu(refs, hyp):.4f}",
        **{f"p{n}": f"{f.numerator}/{f.denominator}" for n, f in enumerate(fractions, 1)},
        "bp": f"{bleu_score.brevity_penalty(r, len(hyp)):.4f}",
        "c": str(len(hyp)),
        "r": str(r),
    }


def test_the_nltk_preset_gives_nltks_numbers_with_several_references():
    references = ["the quick brown fox jumps over the lazy dog", "a quick brown fox leaps over a lazy dog"]
    candidate = "the quick brown fox jumped over the lazy dog"
    assert table(blocks.make_block(references, [candidate], preset="nltk")) == {
        candidate: nltk_row(references, candidate)
    }


def test_texts_are_escaped_never_html():
    reference = '<script>alert("r")</script> & the cat'
    candidate = "<b onclick='x()'>the</b> cat &amp;"
    page = blocks.block_html(
        blocks.make_block([reference], [candidate]),
        blocks.breakdown_html(blocks.make_block([reference], [candidate])),
        "c/",
        "n",
    )
    assert "<script" not in page and "<b " not in page and "onclick='" not in page
    assert "&lt;script&gt;alert(&quot;r&quot;)&lt;/script&gt; &amp; the cat" in page
    assert "&lt;b onclick=&#x27;x()&#x27;&gt;the&lt;/b&gt; cat &amp;amp;" in page
    (found,) = blocks_in(page)
    assert found["references"] == [reference] and list(found["rows"]) == [candidate]
    assert set(found["html_tags"]) <= {"div", "dl", "dt", "dd", "table", "caption", "thead", "tbody", "tr", "th",
                                       "td", "sub", "abbr", "p", "code", "button", "a"}  # fmt: skip


def test_the_fragment_is_a_share_link_the_page_reads_back():
    block = blocks.make_block(
        ["the cat sat on the mat", "a cat"], ["the cat", "é ☃"], preset="sacrebleu-sentence", lang="pt"
    )
    state = share.decode_state(blocks.fragment(block))
    assert state == {
        "references": ["the cat sat on the mat", "a cat"],
        "candidates": ["the cat", "é ☃"],
        "options": PRESET_OPTIONS["sacrebleu-sentence"],
        "lang": "pt",
    }
    default = share.decode_state(blocks.fragment(blocks.make_block(["a"], ["b"])))
    assert default == {"references": ["a"], "candidates": ["b"], "options": share.normalize_options({}), "lang": None}


@pytest.mark.parametrize("preset", sorted(blocks.PRESETS))
def test_every_preset_travels_to_the_calculator(preset):
    state = share.decode_state(blocks.fragment(blocks.make_block(["a b"], ["a"], preset=preset)))
    assert state["options"] == PRESET_OPTIONS[preset]


def test_the_blocks_lists_are_the_pages():
    assert blocks.LANGUAGES == i18n.LANGUAGES
    assert blocks.THEMES == embed.THEMES
    assert blocks.MAX_TEXTS == share.MAX_BOXES
    assert blocks._SHARE_PREFIX == share.VERSION_PREFIX


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (([], ["a"]), "reference: at least one reference is needed"),
        ((["a"], []), "candidate: at least one candidate is needed"),
        ((["a"], ["b"] * 101), "candidate: at most 100 texts, got 101"),
        ((["a\nb"], ["b"]), "reference: each reference is one line of text"),
        ((["a"], ["b"], "sacreblue"), "preset: unknown value 'sacreblue'; valid: sacrebleu, sacrebleu-sentence, nltk"),
        ((["a"], ["b"], None, "tall"), "height: a whole number of CSS pixels, got 'tall'"),
        ((["a"], ["b"], None, "0"), "height: a positive number of CSS pixels, got '0'"),
        ((["a"], ["b"], None, None, "night"), "theme: unknown value 'night'; valid: light, dark, auto"),
        ((["a"], ["b"], None, None, None, "fr"), "lang: unknown value 'fr'; valid: en, es, pt"),
    ],
)
def test_a_bad_block_is_refused_naming_the_option(arguments, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        blocks.make_block(*arguments)


def test_a_height_may_be_written_in_pixels():
    assert blocks.make_block(["a"], ["b"], height="300px").height == 300
    assert blocks.make_block(["a"], ["b"]).height == blocks.DEFAULT_HEIGHT == 460


def test_a_fence_reads_repeated_texts_and_single_options():
    block = blocks.parse_fence(
        "reference: the cat sat on the mat\n\ncandidate: the cat: on the mat\ncandidate:  a cat \npreset: nltk\nheight: 300\n"
        "theme: dark\nlang: es\n"
    )
    assert block == blocks.Block(
        ("the cat sat on the mat",), ("the cat: on the mat", "a cat"), "nltk", 300, "dark", "es"
    )


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("reference: a\ncandidate b", "line 2: expected 'key: value' with a key of reference, candidate, preset"),
        ("reference: a\ncandidat: b", "line 2: expected 'key: value'"),
        ("reference: a\ncandidate: b\npreset: nltk\npreset: nltk", "line 4: preset is given twice"),
        ("reference: a", "candidate: at least one candidate is needed"),
    ],
)
def test_a_bad_fence_is_refused_naming_the_line(source, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        blocks.parse_fence(source)


@pytest.mark.parametrize(
    ("url", "copied", "to_root", "expected"),
    [
        ("https://owner.github.io/bleu2/", False, "../", "https://owner.github.io/bleu2/"),
        ("https://owner.github.io/bleu2", False, "../", "https://owner.github.io/bleu2/"),
        ("//calc.example/index.html", False, "", "//calc.example/index.html"),
        ("/bleu2", False, "../../", "/bleu2/"),
        ("tools/bleu2/", False, "../", "../tools/bleu2/"),
        (None, True, "../../", "../../_bleu2/"),
        ("", True, "", "_bleu2/"),
        ("https://calc.example/", True, "../", "https://calc.example/"),
        (None, False, "../", None),
        ("", False, "", None),
    ],
)
def test_the_calculator_address_from_each_page(url, copied, to_root, expected):
    assert blocks.calculator_url(url, copied, to_root) == expected


def test_the_block_has_a_hidden_start_button_and_a_link_only_with_a_calculator():
    block = blocks.make_block(["a b"], ["a"], theme="dark", height=300)
    (live,) = blocks_in(blocks.block_html(block, blocks.breakdown_html(block), "../_bleu2/", "bleu2-2"))
    fragment = blocks.fragment(block)
    assert live["attrs"] == {
        "class": "bleu2-block",
        "id": "bleu2-2",
        "data-bleu2-src": f"../_bleu2/?embed&start&theme=dark#{fragment}",
        "data-bleu2-height": "300",
        "data-bleu2-name": "bleu2-2",
    }
    assert live["button"] == {"type": "button", "class": "bleu2-start", "hidden": ""}
    assert live["link"] == {"class": "bleu2-open", "href": f"../_bleu2/#{fragment}"}
    (still,) = blocks_in(blocks.block_html(block, blocks.breakdown_html(block), None, "bleu2-2"))
    assert "data-bleu2-src" not in still["attrs"] and still["button"] is None and still["link"] is None


def test_check_site_names_the_option_and_what_is_missing(tmp_path):
    with pytest.raises(
        ValueError, match=re.escape(f"bleu2_site_dir: {tmp_path} is not a built bleu2 site (no index.html or embed.js")
    ):
        blocks.check_site(tmp_path, "bleu2_site_dir")


def test_the_assets_ship_with_the_package():
    assert (blocks.ASSETS / blocks.CSS_FILE).is_file() and (blocks.ASSETS / blocks.JS_FILE).is_file()


def test_nothing_but_the_extensions_imports_them_and_bleu2_imports_no_docs_tool():
    pattern = re.compile(
        r"^\s*(from|import)\s+(bleu2\.|\.+)?(sphinx|mkdocs|docs_block|docutils)\b|^\s*from\s+(\.|bleu2)\s+import\s+.*\b(sphinx|mkdocs|docs_block)\b",
        re.M,
    )
    users = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "bleu2").rglob("*.py")
        if pattern.search(p.read_text(encoding="utf-8"))
    )
    assert users == ["bleu2/integrations/mkdocs.py", "bleu2/integrations/sphinx.py"]
    code = "import sys, bleu2, bleu2.cli, bleu2.integrations.docs_block\nprint(sorted(m for m in sys.modules if m.split('.')[0] in ('sphinx', 'mkdocs', 'docutils', 'pymdownx')))"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, check=True
    )
    assert proc.stdout.strip() == "[]"
