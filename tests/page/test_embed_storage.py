"""Each embed keeps its own texts (bleu2.page.tab_storage.storage_keys), never the full
page's, and says a refused save briefly, only once something was typed into it; share
links are made from the page's full location. Reloads are new pages on the same tab's
storage (tests/fake_port.py)."""

from __future__ import annotations

from bleu2.page import i18n
from bleu2.page.ports import PageContext
from bleu2.page.sentence import updates
from bleu2.page.sentence.controller import DEFERRED_MS
from bleu2.page.share import decode_state, encode_state, share_url
from bleu2.page.tab_storage import (
    EMBED_PREFIX,
    SELECTED_KEY,
    STORAGE_KEY,
    decode_tab_state,
    embed_identity,
    start_fragment,
    storage_keys,
    storage_notice,
)
from fake_port import FakePage, Tab, event, open_page, type_in

REF, CAND = "the cat sat on the mat", "the cat is on the mat"
HOST = "http://127.0.0.1:8000/docs/guide.html"
PREFILL = "#" + encode_state({"references": ["a b c"], "candidates": ["a b"], "options": {}})
RESTORED = i18n.t("en", "state_restored")


def embed_context(index: int, name: str = "", prefill: str = "", host: str = HOST) -> dict:
    return {"embed": True, "frame": name, "frame_index": index, "host": host, "prefill": prefill}


def open_embed(tab: Tab, index: int, name: str = "", prefill: str = ""):
    """An embed started on ``tab``, opened with ``prefill`` in its URL (the iframe's src)."""
    tab.hash = prefill
    return open_page(tab, **embed_context(index, name, prefill))


def shown(port: FakePage) -> tuple[list[str], list[str]]:
    return port.values["reference"], port.values["candidate"]


# --- the keys ------------------------------------------------------------------------------


def test_the_full_page_keeps_its_keys_and_each_embed_has_its_own():
    assert storage_keys(PageContext()) == {"state": STORAGE_KEY, "selected": SELECTED_KEY}
    first, second = storage_keys(PageContext(**embed_context(0))), storage_keys(PageContext(**embed_context(1)))
    for keys in (first, second):
        assert keys["state"].startswith(EMBED_PREFIX) and keys["state"].endswith("-state")
        assert keys["selected"] == keys["state"].removesuffix("state") + "selected"
        assert STORAGE_KEY not in keys.values() and SELECTED_KEY not in keys.values()
    assert first["state"] != second["state"]


def test_an_embed_is_told_by_its_host_page_its_frame_and_its_prefill():
    base = embed_identity(PageContext(**embed_context(0)))
    assert base == embed_identity(PageContext(**embed_context(0)))  # a reload: the same keys
    assert base == embed_identity(PageContext(**embed_context(0, host=HOST + "#setup")))  # the host's fragment
    others = [
        embed_context(1),
        embed_context(0, prefill=PREFILL),
        embed_context(0, host="http://127.0.0.1:8000/docs/other.html"),
        embed_context(0, name="demo"),
    ]
    identities = {embed_identity(PageContext(**c)) for c in others}
    assert len(identities) == len(others) and base not in identities
    # a named frame is told by its name wherever it stands among the host's frames
    assert embed_identity(PageContext(**embed_context(0, "demo"))) == embed_identity(
        PageContext(**embed_context(3, "demo"))
    )


def test_an_embed_with_texts_kept_starts_from_them_not_from_its_prefill():
    embed, full = PageContext(embed=True), PageContext()
    assert start_fragment(embed, PREFILL, "t1.{}") == ""
    assert start_fragment(embed, PREFILL, None) == PREFILL  # nothing kept: the prefill
    assert start_fragment(full, PREFILL, "t1.{}") == PREFILL  # the full page: a share link wins


# --- the page: separate texts across reloads --------------------------------------------------


def test_the_full_page_and_an_embed_in_one_tab_never_see_each_others_texts():
    tab = Tab()
    port, page = open_page(tab)
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    eport, epage = open_embed(tab, 0)  # a docs page with an embed, in the same tab
    assert shown(eport) == ([""], [""]) and RESTORED not in eport.text("status-text")
    type_in(eport, epage, "reference", "an embed's own reference")
    type_in(eport, epage, "candidate", "an embed's candidate")
    eport.advance(DEFERRED_MS)
    port, page = open_page(tab)  # back to the full page, reloaded
    assert shown(port) == ([REF], [CAND]) and RESTORED in port.text("status-text")
    assert decode_tab_state(tab.items[STORAGE_KEY])["references"] == [REF]


def test_two_embeds_on_one_host_page_keep_separate_texts_after_a_reload():
    tab = Tab()
    first, first_page = open_embed(tab, 0)
    second, second_page = open_embed(tab, 1)
    type_in(first, first_page, "reference", "first reference")
    type_in(first, first_page, "candidate", "first candidate")
    type_in(second, second_page, "reference", "second reference")
    type_in(second, second_page, "candidate", "second candidate")
    first, _ = open_embed(tab, 0)  # the host page reloaded: both frames start again
    second, _ = open_embed(tab, 1)
    assert shown(first) == (["first reference"], ["first candidate"])
    assert shown(second) == (["second reference"], ["second candidate"])
    assert STORAGE_KEY not in tab.items  # the full page's slot is untouched


def test_a_prefilled_embed_shows_what_was_typed_into_it_after_a_reload_and_keeps_its_prefill():
    tab = Tab()
    port, page = open_embed(tab, 0, prefill=PREFILL)
    assert shown(port) == (["a b c"], ["a b"])
    type_in(port, page, "candidate", "a b c")
    port.advance(DEFERRED_MS)
    assert tab.hash == PREFILL  # the frame's URL still names its prefill (its keys do too)
    port, _ = open_embed(tab, 0, prefill=PREFILL)
    assert shown(port) == (["a b c"], ["a b c"]) and port.text("score") == "1.0000"
    other, _ = open_embed(tab, 1, prefill=PREFILL)  # the same prefill in another frame
    assert shown(other) == (["a b c"], ["a b"])


def test_a_prefilled_embed_that_showed_its_kept_texts_adopts_them_with_what_was_typed():
    tab = Tab()
    port, page = open_embed(tab, 0, prefill=PREFILL)
    type_in(port, page, "candidate", "kept candidate")
    port.advance(DEFERRED_MS)
    # reloaded: the glue showed the kept texts before Python, the reader typed "!" into the reference
    tab.hash = PREFILL
    port, page = open_page(
        tab,
        boxes={"references": ["a b c!"], "candidates": ["kept candidate"]},
        texts_shown=True,
        **embed_context(0, prefill=PREFILL),
    )
    assert shown(port) == (["a b c!"], ["kept candidate"]) and port.box_writes == []
    kept = decode_tab_state(tab.items[storage_keys(PageContext(**embed_context(0, prefill=PREFILL)))["state"]])
    assert (kept["references"], kept["candidates"]) == (["a b c!"], ["kept candidate"])


# --- what an embed says when the browser refuses to keep its texts -----------------------------


def test_the_storage_notice_waits_for_something_typed_in_an_embed_only():
    assert storage_notice("denied", embed=False, typed=False) == "denied"
    assert storage_notice("full", embed=False, typed=True) == "full"
    assert storage_notice("denied", embed=True, typed=False) is None
    assert storage_notice("denied", embed=True, typed=True) == "denied"
    assert storage_notice(None, embed=True, typed=True) is None


def test_an_embed_says_a_refused_save_in_a_few_words_as_a_note_unless_more_needs_attention():
    for problem in ("denied", "full"):
        line = updates.status_line({"state": "ready", "python": "P", "storage": problem, "size": 9, "embed": True})
        assert line["status-text"]["text"] == "Ready (P). " + i18n.t("en", f"storage_embed_{problem}")
        assert line["status"]["classes"] == {
            "status-ready": False,
            "status-note": True,
            "status-warning": False,
            "status-error": False,
            "status-quiet": False,
        }
    broken = {"state": "ready", "python": "P", "storage": "denied", "embed": True, "link_error": "cut off"}
    assert updates.status_line(broken)["status"]["classes"]["status-warning"]  # a broken link still warns


def test_a_denied_embed_says_nothing_until_typed_into_then_a_short_note():
    tab = Tab(denied=True)
    port, page = open_embed(tab, 0, prefill=PREFILL)
    port.advance(DEFERRED_MS)
    page.on_hide(event("pagehide"))
    ready = "Ready (Python 3.11). " + i18n.t("en", "link_restored")
    assert port.text("status-text") == ready and port.elements["status"]["classes"]["status-ready"]
    type_in(port, page, "candidate", "a b c")
    port.advance(DEFERRED_MS)
    assert port.text("status-text") == ready + " " + i18n.t("en", "storage_embed_denied")
    classes = port.elements["status"]["classes"]
    assert classes["status-note"] and not classes["status-warning"] and not classes["status-ready"]
    page.set_language("es")
    spanish = [i18n.t("es", "status_ready", python="Python 3.11"), i18n.t("es", "link_restored")]
    assert port.text("status-text") == " ".join([*spanish, i18n.t("es", "storage_embed_denied")])


def test_the_full_page_still_warns_when_its_storage_is_denied():
    port, page = open_page(Tab(denied=True))
    type_in(port, page, "reference", REF)
    assert i18n.t("en", "storage_denied") in port.text("status-text")
    assert port.elements["status"]["classes"]["status-warning"]


# --- share links from the full location ---------------------------------------------------------


def test_share_url_replaces_only_the_fragment_of_the_full_location():
    assert share_url("file:///home/me/Downloads/bleu2-offline.html", "v1.abc") == (
        "file:///home/me/Downloads/bleu2-offline.html#v1.abc"
    )
    assert share_url("https://owner.github.io/bleu2/?lang=es#v1.old", "v1.new") == (
        "https://owner.github.io/bleu2/?lang=es#v1.new"
    )
    assert share_url("https://owner.github.io/bleu2/#v1.old", None) == "https://owner.github.io/bleu2/"
    assert share_url("https://owner.github.io/bleu2/#v1.old", "") == "https://owner.github.io/bleu2/"


def test_a_page_opened_from_a_file_shares_a_file_link():
    port = FakePage()
    port.url = "file:///home/me/Downloads/bleu2-offline.html"
    from bleu2.page.sentence.controller import SentencePage

    page = SentencePage(port, PageContext())
    page.start()
    page.ready("Python 3.11")
    type_in(port, page, "reference", REF)
    type_in(port, page, "candidate", CAND)
    page.on_share(event("click", "share-button", "share-button"))
    url = port.prop("share-url", "value")
    assert url.startswith("file:///home/me/Downloads/bleu2-offline.html#v1.") and url == port.clipboard_text[-1]
    assert decode_state(url.split("#", 1)[1])["candidates"] == [CAND]
    page.on_share(event("click", "share-button", "share-button"))  # again, with a link in the URL already
    assert port.prop("share-url", "value") == url
