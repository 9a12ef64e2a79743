"""Nothing moves when Python becomes ready: the Layout Instability API
(``PerformanceObserver``, type ``layout-shift``, buffered) records every shift from the first
paint until ``html[data-state=ready]`` and the first render, with the runtime held back a
moment so the loading state (its status text and bar) is painted first. The summed shift
value (without shifts right after input, as CLS counts them) stays under 0.05, on the page
and in an embed, at 360 and 1280 px, and in Portuguese (the longest loading texts). A returning person's Options panel, left
open or closed, is shown so from the first paint: nothing moves before Python either."""

from __future__ import annotations

import pytest

from browser_helpers import WAIT_MS, settled
from conftest import open_held, wait_ready_state

OBSERVE = """
window.__layoutShifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    window.__layoutShifts.push({
      value: e.value, recent: e.hadRecentInput, at: Math.round(e.startTime),
      sources: (e.sources || []).map(s => (s.node && (s.node.id || s.node.nodeName)) + " " +
        JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height].map(Math.round)))
    });
  }
}).observe({type: "layout-shift", buffered: true});
"""

FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"  # two paints

CASES = [
    (360, "", "en-US"),
    (1280, "", "en-US"),
    (360, "?embed&start", "en-US"),  # an embed started (a docs block's "Try it live")
    (1280, "?embed&start", "en-US"),
    (360, "", "pt-BR"),
]


@pytest.mark.parametrize(("width", "query", "locale"), CASES, ids=[f"{w}px{q}-{loc}" for w, q, loc in CASES])
def test_nothing_moves_while_python_starts(new_context, site_url, width, query, locale):
    # a first visit (the Options panel as the page starts it; the example scored when Python is ready)
    context, guard = new_context(viewport={"width": width, "height": 800}, locale=locale, first_visit=True)
    context.add_init_script(OBSERVE)
    page, release = open_held(context, guard, site_url + query)
    page.wait_for_function("document.getElementById('load-progress').value > 0", timeout=WAIT_MS)
    page.evaluate(FRAMES)  # the loading state painted
    assert page.get_attribute("html", "data-state") == "loading"
    release()
    wait_ready_state(page)
    settled(page)  # the first render done
    page.evaluate(FRAMES)
    shifts = page.evaluate("window.__layoutShifts")
    total = sum(s["value"] for s in shifts if not s["recent"])
    print(f"layout shift, {width} px {query or 'page'} {locale}: {total:.4f}")
    assert total < 0.05, shifts


def test_the_options_panel_is_as_it_was_left_from_the_first_paint(new_context, site_url):
    """Left open (the contexts' default: a returning person) or closed, the panel is so from
    the first paint to the loading state (Python held back: no Pyodide boots here)."""
    context, guard = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(OBSERVE)
    for left in ("1", "0"):
        context.add_init_script(f"try {{ localStorage.setItem('bleu2-open.options', '{left}'); }} catch (error) {{}}")
        page, _release = open_held(context, guard, site_url)
        page.wait_for_function("document.getElementById('load-progress').value > 0", timeout=WAIT_MS)
        page.evaluate(FRAMES)  # the loading state painted
        assert page.evaluate("document.getElementById('options').open") == (left == "1")
        shifts = page.evaluate("window.__layoutShifts")
        assert shifts == [], (left, shifts)
        page.close()
