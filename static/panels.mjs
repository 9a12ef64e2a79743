// Panels that remember whether they were left open (docs/page.md): the Options panel
// starts collapsed on a first visit; opening or closing it is remembered across reloads
// and visits (localStorage "bleu2-open.<id>": "1" open, "0" closed). Where storage is
// denied (a cross-site frame), the panel keeps the page's default. static/embed.js (the
// synchronous script in <head>) opens a panel left open before the first paint; here, once
// the page is parsed, the state is applied again (closed too) and each toggle remembered.
const PANELS = ["options"];
const PREFIX = "bleu2-open.";

function stored(win, id) {
  try {
    return win.localStorage.getItem(PREFIX + id);
  } catch {
    return null;
  }
}

// Each panel as it was left, and its toggles remembered from now on.
export function remember(doc = document, win = window) {
  for (const id of PANELS) {
    const panel = doc.getElementById(id);
    if (!panel) continue;
    const was = stored(win, id);
    if (was !== null) panel.toggleAttribute("open", was === "1");
    panel.addEventListener("toggle", () => {
      try {
        win.localStorage.setItem(PREFIX + id, panel.hasAttribute("open") ? "1" : "0");
      } catch {
        // storage denied: the choice lasts this page only
      }
    });
  }
}
