// An embed waits for its reader (docs/embedding.md): static/embed.js marks it
// <html data-state="waiting">, and its Python (several MB) is not loaded until the reader
// focuses a text box (with the mouse, a tap or Tab), types, pastes or drops into one, or
// presses the start button (#embed-start, which then puts the focus in the first box).
// Then the page is "loading" as the full page is from the start: what is typed meanwhile
// stays in its box and is read when Python is ready (static/host.js's first event).
// static/host.js waits for `touched()` before it starts the page's worker.

const BOX_EVENTS = ["focusin", "input", "paste", "drop"];

function isBox(node) {
  return Boolean(node && node.tagName === "TEXTAREA");
}

// Resolves to what started it ("at once" where nothing waits: the full page, ?embed&start,
// the one-file page; "focusin", "input", "paste", "drop" or "button") once Python may load;
// the page is then html[data-state="loading"].
export function touched(doc = document) {
  const root = doc.documentElement;
  if (root.getAttribute("data-state") !== "waiting") return Promise.resolve("at once");
  return new Promise((resolve) => {
    const button = doc.getElementById("embed-start");
    function go(how) {
      if (root.getAttribute("data-state") !== "waiting") return;
      for (const name of BOX_EVENTS) doc.removeEventListener(name, onBox, true);
      if (button) button.removeEventListener("click", onButton);
      root.setAttribute("data-state", "loading");
      resolve(how);
    }
    function onBox(event) {
      if (isBox(event.target)) go(event.type);
    }
    function onButton() {
      go("button");
      const box = doc.getElementById("reference");
      if (box) box.focus();
    }
    for (const name of BOX_EVENTS) doc.addEventListener(name, onBox, true);
    if (button) button.addEventListener("click", onButton);
    if (isBox(doc.activeElement)) go("focusin");  // focused before this module ran
  });
}
