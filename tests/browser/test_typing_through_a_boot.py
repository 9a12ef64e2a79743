"""Nothing typed is lost on any path through a boot, in Chromium (Firefox ESR:
test_firefox_typing_through_a_boot.py): the page is reloaded, once for each stage of a boot
from the first byte to the moment Python is ready (typing_through_a_boot.MILESTONES and the
worker's requests between them: waited for, never timed), and each box is typed into at
that stage; every box then
holds what it held before plus what was typed, before Python runs (static/keep.mjs shows the
tab's texts) and after it adopted them; a reload before Python was ready loses nothing either
(the next moment starts right after the typing, ready or not). The same for two embeds on
one docs page: a waiting embed shows its own texts, and a key typed into it adds to them.

The moments are when the keys are pressed (after the reload); every check waits on what the
page shows.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from browser_helpers import SUB_PATH, WAIT_MS, answered
from conftest import open_held, open_page, start_embed, wait_ready_state
from typing_through_a_boot import CANDIDATES, MILESTONES, NETWORK_MILESTONES, REFERENCES, docs_html, milestones

# The moments of the full page's boot, in order: the page's stages, the worker's requests
# between "the worker asked for" and "Pyodide up in the worker"
_SPLIT = [name for name, _ in MILESTONES].index("Pyodide up in the worker")
MOMENTS = [*MILESTONES[:_SPLIT], *NETWORK_MILESTONES, *MILESTONES[_SPLIT:]]
# An embed's, from the key that starts it (each boots two embeds: fewer)
EMBED_MOMENTS = [
    *milestones("committed", "the worker asked for"),
    NETWORK_MILESTONES[1],
    *milestones("Pyodide up in the worker", "Python ready"),
]


def ids(kind: str, count: int) -> list[str]:
    return [kind if n == 1 else f"{kind}-{n}" for n in range(1, count + 1)]


BOXES = ids("reference", len(REFERENCES)) + ids("candidate", len(CANDIDATES))


def wait_kept(page, texts: list[str], key: str = "bleu2-state") -> None:
    """Wait until the tab keeps ``texts`` (references then candidates) under ``key``."""
    page.wait_for_function(
        """([key, texts]) => {
             const text = sessionStorage.getItem(key);
             if (!text || !text.startsWith("t1.")) return false;
             const data = JSON.parse(text.slice(3));
             return JSON.stringify(data.r.concat(data.c)) === JSON.stringify(texts);
           }""",
        arg=[key, texts],
    )


def at_moment(moment, target, action) -> None:
    """Run ``action`` (a reload, a key that starts an embed), then wait for ``moment`` of the
    boot it starts: ``(name, condition)``, a condition on ``target``'s document (a page or a
    frame), or ``(name, event, url end)``, a request event of the browser context."""
    if len(moment) == 3:
        _, event, end = moment
        page = target.page if hasattr(target, "page") else target
        with page.context.expect_event(event, lambda request: request.url.endswith(end), timeout=WAIT_MS):
            action()
    else:
        action()
        target.wait_for_function(f"() => {moment[1]}")


def type_at_end(target, box_id: str, text: str) -> None:
    """Put the caret at the end of a box and type ``text`` key by key (waits for the box)."""
    box = target.locator(f"#{box_id}")
    box.press("Control+End")
    box.press_sequentially(text)


def test_every_box_keeps_its_texts_and_what_is_typed_at_any_moment_of_a_boot(new_context, site_url):
    context, guard = new_context()
    page = open_page(context, guard, site_url)
    for kind, texts in (("reference", REFERENCES), ("candidate", CANDIDATES)):
        for n, text in enumerate(texts, start=1):
            if n > 1:
                page.click(f"#add-{kind}")
            page.fill(f"#{ids(kind, n)[-1]}", text)
    expected = dict(zip(BOXES, REFERENCES + CANDIDATES, strict=True))
    guard.typed += list(expected.values())
    answered(page)
    wait_kept(page, list(expected.values()))
    page.reload()
    wait_ready_state(page)
    for box_id, text in expected.items():
        expect(page.locator(f"#{box_id}")).to_have_value(text)
    for moment, stage in enumerate(MOMENTS):  # the keys pressed at each stage of a boot
        at_moment(stage, page, lambda: page.reload(wait_until="commit"))
        for n, box_id in enumerate(BOXES):
            typed = f" {'ñx'[n % 2]}{moment}"
            type_at_end(page, box_id, typed)
            expected[box_id] += typed
        for box_id, text in expected.items():  # what the person sees, ready or not
            expect(page.locator(f"#{box_id}")).to_have_value(text)
    wait_ready_state(page)
    answered(page)
    for box_id, text in expected.items():
        expect(page.locator(f"#{box_id}")).to_have_value(text)
    assert page.locator("#references textarea").count() == len(REFERENCES)
    assert page.locator("#candidates textarea").count() == len(CANDIDATES)
    wait_kept(page, list(expected.values()))
    expect(page.locator("#status-text")).to_contain_text("Texts restored from this tab.")
    expect(page.locator("#score")).to_have_text(re.compile(r"^\d\.\d{4}$"))
    page.close()


def test_a_first_visit_keeps_what_is_typed_before_python_through_reloads(new_context, site_url):
    context, guard = new_context()
    page, release = open_held(context, guard, site_url)  # Python cannot be ready until released
    guard.typed += ["typed before Python was ready", "and its candidate"]
    type_at_end(page, "reference", "typed before Python was ready")
    type_at_end(page, "candidate", "and its candidate")
    for _ in range(2):  # reloaded before Python was ready, twice: the texts are back at once
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-state", "loading")
        expect(page.locator("#reference")).to_have_value("typed before Python was ready")
        expect(page.locator("#candidate")).to_have_value("and its candidate")
    type_at_end(page, "candidate", "!")
    release()
    wait_ready_state(page)
    answered(page)
    expect(page.locator("#reference")).to_have_value("typed before Python was ready")
    expect(page.locator("#candidate")).to_have_value("and its candidate!")
    wait_kept(page, ["typed before Python was ready", "and its candidate!"])
    page.close()


def test_two_embeds_keep_their_texts_and_what_is_typed_at_any_moment_of_a_boot(new_context, served_root, origin):
    (served_root / "docs-typing-through-a-boot.html").write_text(docs_html(f"{SUB_PATH}/"), encoding="utf-8")
    context, guard = new_context()
    page = open_page(context, guard, f"{origin}/docs-typing-through-a-boot.html", wait_ready=False)
    frames = {name: page.wait_for_selector(f"#{name}").content_frame() for name in ("first", "second")}
    expected = {}
    for frame in frames.values():
        start_embed(frame)
    for name, frame in frames.items():
        wait_ready_state(frame)
        for box_id in ("reference", "candidate"):
            expected[name, box_id] = f"{name} {box_id} text"
            frame.fill(f"#{box_id}", expected[name, box_id])
        answered(frame)
    guard.typed += list(expected.values())
    page.reload()
    frames = {name: page.wait_for_selector(f"#{name}").content_frame() for name in ("first", "second")}
    for name, frame in frames.items():  # a waiting embed shows its own texts
        expect(frame.locator("html")).to_have_attribute("data-state", "waiting")
        for box_id in ("reference", "candidate"):
            expect(frame.locator(f"#{box_id}")).to_have_value(expected[name, box_id])
    for moment, stage in enumerate(EMBED_MOMENTS):
        page.reload(wait_until="commit")
        frames = {name: page.wait_for_selector(f"#{name}").content_frame() for name in ("first", "second")}
        # a key typed into a waiting embed starts it; the other keys come at the stage of its boot
        at_moment(stage, frames["first"], lambda: type_at_end(frames["first"], "reference", f" a{moment}"))  # noqa: B023
        expected["first", "reference"] += f" a{moment}"
        for name, box_id in (("first", "candidate"), ("second", "candidate"), ("second", "reference")):
            type_at_end(frames[name], box_id, f" b{moment}")
            expected[name, box_id] += f" b{moment}"
        for (name, box_id), text in expected.items():
            expect(frames[name].locator(f"#{box_id}")).to_have_value(text)
    for name, frame in frames.items():
        wait_ready_state(frame)
        answered(frame)
        for box_id in ("reference", "candidate"):
            expect(frame.locator(f"#{box_id}")).to_have_value(expected[name, box_id])
    # the tab keeps each embed's texts under its own key (and nothing for the full page)
    page.wait_for_function(
        """kept => {
             const keys = Object.keys(sessionStorage).filter(k => k.endsWith("-state")).sort();
             if (keys.length !== 2 || !keys.every(k => k.startsWith("bleu2-embed."))) return false;
             const texts = keys.map(k => sessionStorage.getItem(k)).filter(t => t.startsWith("t1."))
               .map(t => JSON.parse(t.slice(3))).map(d => d.r.concat(d.c)).sort();
             return JSON.stringify(texts) === JSON.stringify(kept);
           }""",
        arg=sorted([expected[name, "reference"], expected[name, "candidate"]] for name in ("first", "second")),
    )
    page.close()
