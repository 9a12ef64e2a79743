"""Long texts and small screens, in Chromium: a pasted test set (TED, 223 K characters per
box) is scored in the page's worker, says "scoring…" meanwhile, offers corpus mode and
keeps a page of a few screens with the score in view on 1280x800; long highlight lines are shortened; at 360 px chips and the signature never
break inside, the ranking reads without scrolling
sideways and BLEU's preset names are whole; the token detail takes no room until used;
the token count is said once.

The module's tests share one page (``wide_page``, booted once): ``wide`` shows it at
1280x800 in English, ``phone`` at 360x740 with a short pair and the default options; each
test sets what it checks (both boxes, the width) itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import bleu2
from bleu2.page.sentence.explain import highlight
from browser_helpers import TED, WAIT_MS, answered, enter, probe, settled, wait_result
from conftest import open_page


def paste(page, box_id, text):
    """Put ``text`` into a box as a paste does (one input event)."""
    page.evaluate(
        """([id, text]) => { const box = document.getElementById(id); box.value = text;
        box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'})); }""",
        [box_id, text],
    )
    answered(page)


@pytest.fixture(scope="module")
def ted():
    return tuple(
        "\n".join((TED / name).read_text(encoding="utf-8").splitlines())
        for name in ("ted.ref.detok.eng", "ted.sys1.detok.eng")
    )


@pytest.fixture(scope="module")
def wide_page(new_context, site_url):
    context, guard = new_context(viewport={"width": 1280, "height": 800})
    return open_page(context, guard, site_url), guard


@pytest.fixture
def wide(wide_page):
    """``(page, guard)``: the module's shared page, 1280x800, in English."""
    page, guard = wide_page
    page.set_viewport_size({"width": 1280, "height": 800})
    if page.input_value("#lang-select") != "en":
        page.select_option("#lang-select", "en")
        answered(page)
    return page, guard


def test_ted_set_keeps_the_score_in_view_and_lists_short(wide, ted):
    reference, candidate = ted
    assert (len(reference), len(candidate)) == (222882, 208153)
    page = wide[0]
    # too long to score at each keystroke here: the worker measures it, the page
    # says "scoring…" (the last result stays) until the answer comes. What the page showed
    # is recorded as it changed: sampling it after the paste would race the worker.
    page.evaluate(
        """() => { window.seenScoring = [];
        const note = () => window.seenScoring.push([!document.getElementById('scoring').hidden,
                                                    document.getElementById('breakdown').getAttribute('aria-busy')]);
        new MutationObserver(note).observe(document.body, {attributes: true, subtree: true,
                                                           attributeFilter: ['hidden', 'aria-busy']}); }"""
    )
    paste(page, "reference", reference)
    paste(page, "candidate", candidate)
    page.wait_for_function(
        "() => window.seenScoring.some(([shown, busy]) => shown && busy === 'true')"
        " && document.getElementById('scoring').hidden",
        timeout=120_000,
    )
    assert page.get_attribute("#breakdown", "aria-busy") is None
    assert probe(page, "page.live.shown is not None and host.port.in_worker") is True
    expected = bleu2.sentence_bleu(candidate, reference)  # scored as one segment
    p1, p2 = (f"{p.value:.4f}" for p in expected.precisions)
    # the lists: 120 tokens, then how many more (41,330 and 38,449 tokens)
    assert page.locator("#reference-tokens .tk").count() == 120
    assert page.text_content("#reference-tokens-more") == "and 41,210 more"
    assert page.text_content("#candidate-tokens-more") == "and 38,329 more"
    assert page.text_content("#reference-token-count") == "41,330 tokens"
    # the summary, in view without scrolling, then while scrolling (sticky)
    summary = page.text_content("#summary")
    assert f"BLEU-2 {expected.score:.4f}" in " ".join(summary.split())
    assert page.text_content("#summary-terms") == f"p1 {p1} · p2 {p2} · BP {expected.brevity_penalty:.4f}"
    for scroll in (0, 3000, 100_000):
        page.evaluate("y => window.scrollTo(0, y)", scroll)
        box = page.locator("#summary").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (scroll, box)
    # the page: a few screens, not 99,482 px; the full breakdown stays below
    assert page.evaluate("document.documentElement.scrollHeight") < 8000
    assert page.text_content("#score") == f"{expected.score:.4f}"
    assert page.text_content("#p2-fraction") == f"{expected.precisions[1].matches:,}/{expected.precisions[1].total:,}"
    # a paste of many lines says it is scored as one segment
    hints = page.eval_on_selector_all("#hints .hint-many-lines", "els => els.map(e => e.firstChild.textContent)")
    assert hints == [
        "Candidate 1 has 2,445 lines: it is scored as one segment (like one long sentence), not line by line.",
        "Reference 1 has 2,445 lines: it is scored as one segment (like one long sentence), not line by line.",
    ]
    assert page.text_content("#hint-corpus") == "Score them line by line in corpus mode"
    # the summary's button goes to the full breakdown
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#summary-link")
    answered(page)
    summary = page.locator("#summary").bounding_box()
    assert 0 <= page.locator("#breakdown-heading").bounding_box()["y"] - (summary["y"] + summary["height"]) < 20
    assert page.evaluate("location.hash") == ""  # the URL's fragment is for share links
    # the hint's button takes both boxes to corpus mode, scored line by line
    page.click("#hint-corpus")
    page.wait_for_function(
        "document.querySelectorAll('#corpus-references-list li').length === 1"
        " && document.querySelectorAll('#corpus-systems-list li').length === 1",
        timeout=120_000,
    )
    assert page.get_attribute("html", "data-mode") == "corpus"
    assert "2,445" in page.text_content("#corpus-references-list")
    wait_result(page, timeout=WAIT_MS)  # corpus mode scored them: nothing left running for the next test
    page.click("#mode-sentence")
    answered(page)


@pytest.mark.parametrize("width", [1280, 360])
def test_full_breakdown_shows_its_heading_below_the_sticky_summary(wide, width):
    page, guard = wide
    page.set_viewport_size({"width": width, "height": 800})
    page.evaluate("window.scrollTo(0, 0)")
    enter(page, guard, "the cat sat on the mat", "the cat is on the mat")
    page.click("#summary-link")
    answered(page)
    summary = page.locator("#summary").bounding_box()
    heading = page.locator("#breakdown-heading").bounding_box()
    assert summary["y"] < 2 and page.evaluate("window.scrollY") > 0  # scrolled, the summary stuck at the top
    assert 0 <= heading["y"] - (summary["y"] + summary["height"]) < 20, (summary, heading)  # in full, right below it
    top = "([x, y]) => document.elementFromPoint(x, y).closest('#breakdown-heading, #summary')?.id"
    assert page.evaluate(top, [heading["x"] + 5, heading["y"] + 2]) == "breakdown-heading"  # not under the summary


# From now on, the texts the page's Python sends its worker to measure are counted (host.measures).
COUNT_MEASURES = (
    "setattr(host.recorder, 'measure', (lambda measure, calls: lambda *a, **k: (calls.append(1), measure(*a, **k))[1])"
    "(host.recorder.measure, host.__dict__.setdefault('measures', [])))"
)


def test_typing_into_long_texts_sends_only_the_latest(wide, ted):
    """Keystrokes while the worker measures wait; only the latest texts are sent after it."""
    reference, candidate = ted
    page = wide[0]
    paste(page, "reference", reference)
    paste(page, "candidate", candidate)
    page.wait_for_selector("#scoring", state="hidden", timeout=120_000)
    count = (  # the long texts measured from now on (bleu2.page.sentence.candidates.measure, wrapped)
        "[setattr(host, 'measured', 0), setattr(sys.modules['bleu2.page.sentence.candidates'], 'measure',"
        " (lambda f: lambda *a, **k: (setattr(host, 'measured', host.measured + 1), f(*a, **k))[1])"
        "(sys.modules['bleu2.page.sentence.candidates'].measure))] and 0"
    )
    probe(page, count)
    page.evaluate(
        """text => { const box = document.getElementById('candidate');  // four edits in one task
        for (const word of [' one', ' two', ' three', ' four']) { box.value = text + word;
            box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: word})); } }""",
        candidate,
    )
    answered(page)
    page.wait_for_selector("#scoring", state="hidden", timeout=120_000)
    assert probe(page, "host.measured") == 2  # the first edit, then the last
    expected = bleu2.sentence_bleu(candidate + " four", reference)
    assert page.text_content("#score") == f"{expected.score:.4f}"
    assert page.text_content("#candidate-token-count") == f"{expected.hyp_len:,} tokens"
    # short again: scored on the page at once, whatever the worker still does
    paste(page, "reference", "the cat sat")
    paste(page, "candidate", "the cat")
    assert page.text_content("#candidate-token-count") == "2 tokens"
    assert page.is_hidden("#scoring")


def test_long_highlight_lines_are_shortened(wide):
    page = wide[0]
    cand = " ".join(f"w{i % 700}" for i in range(1500))
    ref = " ".join(f"w{i % 350}" for i in range(1200))
    paste(page, "reference", ref)
    paste(page, "candidate", cand)
    page.wait_for_function("document.querySelectorAll('#hl-cand .hl-order-1 .tok').length === 120")
    assert page.locator("#hl-cand .hl-order-2 .tok").count() == 120
    more = page.eval_on_selector_all("#hl-cand .more", "els => els.map(e => e.textContent)")
    assert more == ["and 1,380 more", "and 1,379 more"]
    assert page.eval_on_selector_all("#hl-ref-1 .more", "els => els.map(e => e.textContent)") == [
        "and 1,080 more",
        "and 1,079 more",
    ]
    # the counts in the titles are over the whole text
    h = highlight(cand.split(), [ref.split()], max_order=1)["candidate"]["orders"][0]
    assert h["matched"] + h["clipped"] + h["unmatched"] == 1500
    assert page.text_content("#hl-cand .hl-order-title") == (
        f"unigrams ({h['matched']:,} matched · {h['clipped']:,} clipped · {h['unmatched']:,} unmatched)"
    )
    page.select_option("#lang-select", "pt")
    page.wait_for_function("document.querySelector('#hl-cand .more').textContent === 'e mais 1.380'")


@pytest.fixture(scope="module")
def phone(wide_page):
    """The module's page at 360x740, in English (no test before changes the options), a
    short pair typed and its highlighting painted, the pointer off the tokens."""
    page, guard = wide_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.mouse.move(0, 0)
    if page.input_value("#lang-select") != "en":
        page.select_option("#lang-select", "en")
    page.evaluate("window.scrollTo(0, 0)")
    guard.typed += ["the cat sat on the mat", "the cat is on the mat"]
    page.fill("#reference", "the cat sat on the mat")
    page.fill("#candidate", "the cat is on the mat")
    settled(page)  # the highlighting of this pair painted
    expect(page.locator("#candidate-token-count")).to_have_text("6 tokens")
    return page


def _lines(page, selector):
    """How many line boxes each element matching ``selector`` is drawn on."""
    return page.eval_on_selector_all(
        selector, "els => els.map(e => new Set([...e.getClientRects()].map(r => r.top)).size)"
    )


def test_chips_never_break_inside_at_360(phone):
    assert _lines(phone, "#hl-cand .hl-order-2 .tok") == [1] * 5  # "on the" stays on one line
    assert _lines(phone, ".tk") and set(_lines(phone, ".tk")) == {1}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_signature_breaks_only_at_bars_at_360(phone):
    parts = phone.eval_on_selector_all("#signature .sig-part", "els => els.map(e => e.textContent)")
    assert "".join(parts) == phone.text_content("#signature") == bleu2.sentence_bleu("a", "a").signature
    assert parts[3] == "tok:default|"
    assert set(_lines(phone, "#signature .sig-part")) == {1}  # never "tok:defa|ult"
    tops = phone.eval_on_selector_all("#signature .sig-part", "els => els.map(e => e.getBoundingClientRect().top)")
    assert len(set(tops)) > 1  # it does wrap on a phone, between parts


# The closed preset list is as wide as its longest name would make it (a copy without a width limit).
WHOLE_PRESETS_JS = """(id) => {
  const select = document.getElementById(id), copy = select.cloneNode(true);
  copy.removeAttribute('id');
  copy.style.maxWidth = 'none';
  select.after(copy);
  const whole = copy.getBoundingClientRect().width, shown = select.getBoundingClientRect().width;
  copy.remove();
  return whole <= shown + 0.5 && shown > 0 && select.getBoundingClientRect().right <= 360;
}"""


def test_bleu_preset_names_are_whole_and_nothing_scrolls_sideways_at_360_in_each_language(phone):
    options = phone.locator("#options")
    was_open = options.evaluate("d => d.open")
    options.evaluate("d => { d.open = true; }")
    try:
        for lang, custom in (("en", "Custom"), ("es", "Personalizado"), ("pt", "Personalizada")):
            phone.select_option("#lang-select", lang)
            expect(phone.locator("#opt-preset option[value=custom]")).to_have_text(custom)
            assert phone.text_content("#opt-preset option[value=sacrebleu-sentence]") == "sacreBLEU, sentence_bleu"
            assert phone.evaluate(WHOLE_PRESETS_JS, "opt-preset"), lang
            assert phone.evaluate("document.documentElement.scrollWidth") <= 360, lang  # e.g. the mode's choices wrap
    finally:
        phone.select_option("#lang-select", "en")
        expect(phone.locator("#opt-preset option[value=custom]")).to_have_text("Custom")
        options.evaluate("(d, open) => { d.open = open; }", was_open)


# Each cell of the first ranking row: its column's name shown above it (data-label), its right edge, and
# whether the table's box scrolls sideways.
RANKING_CELLS_JS = """() => {
  const box = document.getElementById('ranking-scroll'), row = document.getElementById('ranking-body').rows[0];
  return {scrolls: box.scrollWidth > box.clientWidth, right: Math.max(...[...row.cells].map(c => c.getBoundingClientRect().right)),
          labels: [...row.cells].map(c => c.getAttribute('data-label')),
          head: [...document.querySelectorAll('#ranking-head th')].map(th => th.textContent)};
}"""


def test_ranking_reads_at_360_without_scrolling_and_says_when_it_scrolls(phone):
    """At 360 px each ranking row is a small grid, every number under its column's name (no sideways
    scroll, no cue); on a wider screen where the table still overflows, the cue says to scroll."""
    phone.select_option("#opt-max-order", "4")
    expect(phone.locator("#ranking-head th").nth(2)).to_have_text("BLEU-4")
    cells = phone.evaluate(RANKING_CELLS_JS)
    assert cells["head"] == ["Rank", "Candidate", "BLEU-4", "p1", "p2", "p3", "p4", "BP", "c", "r"], cells
    assert cells["labels"] == ["Rank", None, *cells["head"][2:]], cells  # the candidate's button names itself
    assert not cells["scrolls"] and cells["right"] <= 360, cells
    assert phone.is_hidden("#ranking-scroll-cue")
    phone.set_viewport_size({"width": 560, "height": 740})
    phone.wait_for_function("!document.getElementById('ranking-scroll-cue').hidden")
    assert phone.text_content("#ranking-scroll-cue") == (
        "The table is wider than the screen: scroll it sideways to see every column."
    )
    phone.set_viewport_size({"width": 1280, "height": 800})
    phone.wait_for_function("document.getElementById('ranking-scroll-cue').hidden")
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.click("#restore-defaults")
    settled(phone)  # the highlighting painted again for the default options, before the next test hovers it


def test_token_detail_takes_no_room_until_used_and_counts_are_said_once(phone):
    assert phone.is_hidden("#hl-detail")
    assert phone.locator("#hl-detail").bounding_box() is None
    phone.hover("#hl-cand .hl-order-1 .tok >> nth=0")
    phone.wait_for_function("!document.getElementById('hl-detail').hidden")
    assert phone.locator("#hl-detail").bounding_box()["height"] > 0
    line = " ".join(phone.text_content("#candidate-box .tokens").split())
    assert line == "6 tokens: the · cat · is · on · the · mat"
    assert line.count("token") == 1


# From now on, the candidate box's changes the page sends are kept (host.sent): [id, kept
# prefix, kept suffix, the text between, the new length].
KEEP_SENT = (
    "setattr(host.mirror, 'see', (lambda see, sent: lambda seen: (sent.extend(b for b in (seen.get('boxes') or {})"
    ".get('candidate', []) if b[0] == 'candidate' and len(b) > 1), see(seen))[1])"
    "(host.mirror.see, host.__dict__.setdefault('sent', [])))"
)


def test_python_gets_each_box_exactly_from_the_changes_the_page_sends(wide):
    """A keystroke sends the page's Python (in its worker) only what changed (static/host.js,
    with static/paint.js's read: kept prefix and suffix in code points, never inside a surrogate
    pair); after any edit Python's text is the box's."""
    page = wide[0]
    probe(page, KEEP_SENT)
    steps = page.evaluate("""async () => {
        const box = document.getElementById('candidate'), steps = [];
        const pool = Array.from('ab c😀😃𠀀𠀁é\\n日本 ');
        let seed = 7;
        const rand = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
        const check = async (what) => {
            box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'}));
            const got = await window.bleu2Test.probe("page.read_texts.get('candidate')");
            steps.push([what, box.value, got === box.value]);
        };
        const e = '😀'.repeat(300);  // long: the code points are counted on the short side of each edit
        for (const text of ['a😀b', 'a😀xb', 'a😃xb', 'a😃xb', '', '𠀀𠀁', '𠀀z𠀁', '😀😀😀', '😀😃😀',
                            e + 'a', 'b' + e + 'a', 'b' + e + 'ca', 'b' + e.slice(2) + 'ca', e.slice(4) + 'ca']) {
            box.value = text; await check(text);
        }
        const edit = async (i, cps) => {
            const at = rand(cps.length + 1), cut = rand(3);
            cps.splice(at, cut, ...Array.from({length: rand(3)}, () => pool[rand(pool.length)]));
            box.value = cps.join('');
            await check('edit ' + i);
        };
        for (let i = 0; i < 300; i++) await edit(i, Array.from(box.value));
        // long texts: the prefix and suffix are compared in blocks of 64 Ki, 4 Ki, 256 and 16 units
        const line = 'the quick 😀 brown fox 𠀀 jumps over the lazy dog\\n';
        box.value = line.repeat(4000); await check('long');  // 50 units a line: no pair at 65,536 or 70,000
        box.value = box.value.slice(0, 70000) + 'Z' + box.value.slice(70000); await check('at 70000');
        box.value = box.value.slice(0, 65536) + box.value.slice(65537); await check('at 65536');
        for (let i = 0; i < 30; i++) await edit('long ' + i, Array.from(box.value));
        return steps; }""")
    assert [what for what, _, python_ok in steps if not python_ok] == []
    assert len(steps) == 14 + 300 + 1 + 2 + 30
    sent = probe(page, "host.sent[-1:]")  # the last edit's
    last = [change[1:] for change in sent if change[1] != change[4] or change[3]]
    assert last and all(len(change[2]) < 5 for change in last)  # a few characters, however long the text
