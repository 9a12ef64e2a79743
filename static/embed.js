// Embed mode (?embed) and the theme (docs/embedding.md). Runs before the page is shown, so
// the compact layout and the theme apply at once:
// - ?theme=light|dark|auto sets <html data-theme> (static/style.css: its color-scheme);
//   "auto" or none follows prefers-color-scheme (the system's, or the iframe's color-scheme);
// - marks the page <html data-embed> (static/style.css hides the options, the ranking,
//   export, share, highlighting, chart and footer; every element stays, with its id), and
//   <html data-state="waiting"> unless ?start: Python starts once the reader touches it;
// - in a frame, takes the parent's {type: "bleu2:theme", theme: ...} (the host script,
//   _site/embed.js, sends it when the documentation switches its theme), and tells the
//   parent page its height, except while Python loads (html[data-state=loading]): while it
//   waits for its reader, once started, and whenever it changes after that:
//     parent.postMessage({type: "bleu2:height", height: <CSS pixels, an integer>}, "*")
//   The message carries that number only, never a text typed into the page.
// - outside an embed, opens a panel the reader left open (static/panels.mjs) as the parser
//   inserts it, so that the first paint shows it as it was left.
// The names are bleu2.page.embed's (THEMES, THEME_MESSAGE, HEIGHT_MESSAGE; a test checks
// them). The "open in full" link (#embed-full), with the texts in its fragment, and what the
// compact calculator shows are written by the page's Python (bleu2.page.embed.link_updates).
(function () {
  "use strict";

  var THEMES = ["light", "dark", "auto"];
  var root = document.documentElement;
  function theme(value) {  // (the same theme again changes nothing: no style recalculated)
    if (THEMES.indexOf(value) >= 0 && root.getAttribute("data-theme") !== value) root.setAttribute("data-theme", value);
  }

  // Where nothing waits: the modules static/page.mjs imports at once (index.html's
  // <meta name="bleu2-modules">: the glue, PyScript, the Pyodide entry) preloaded now, as
  // the page is parsed; a waiting embed fetches none of them until touched.
  function preload() {
    var meta = document.querySelector('meta[name="bleu2-modules"]');
    if (!meta || root.hasAttribute("data-offline")) return;  // the one-file page has them in it
    meta.getAttribute("content").split(/\s+/).forEach(function (href) {
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
  }

  // A panel the reader left open (static/panels.mjs's localStorage "bleu2-open.<id>" = "1")
  // opens as the parser inserts it, before the first paint: nothing moves when panels.mjs
  // runs (a MutationObserver's callback runs before the browser renders the parsed part).
  function openPanels() {
    var ids = ["options"].filter(function (id) {
      try {
        return localStorage.getItem("bleu2-open." + id) === "1";
      } catch {
        return false;  // storage denied (a cross-site frame): the page's default
      }
    });
    if (!ids.length || typeof MutationObserver !== "function") return;
    var observer = new MutationObserver(function () {
      ids = ids.filter(function (id) {
        var panel = document.getElementById(id);
        if (panel) panel.open = true;
        return !panel;
      });
      if (!ids.length) observer.disconnect();
    });
    observer.observe(root, {childList: true, subtree: true});
    document.addEventListener("DOMContentLoaded", function () { observer.disconnect(); });
  }

  var params;
  try {
    params = new URLSearchParams(location.search);
  } catch {
    preload();
    openPanels();
    return;
  }
  theme(params.get("theme"));
  if (!params.has("embed")) {
    preload();
    openPanels();
    return;
  }
  root.setAttribute("data-embed", "");
  // An embed loads no Python until the reader touches it (static/embed-start.mjs): it waits
  // (html[data-state=waiting]), except with ?start (a docs block's "Try it live": the reader
  // asked already) and in the one-file page (html[data-offline]: Python boots there at once).
  if (!params.has("start") && !root.hasAttribute("data-offline")) root.setAttribute("data-state", "waiting");
  else preload();

  var framed;
  try {
    framed = window.parent !== window;
  } catch {
    framed = true;
  }
  if (!framed) return;
  // in a frame its background is the host page's (static/style.css)
  root.setAttribute("data-framed", "");

  addEventListener("message", function (event) {
    var data = event.data;
    if (event.source === window.parent && data && data.type === "bleu2:theme") theme(data.theme);
  });

  // The height, after 100 ms without a change, and not while the page is loading (the
  // status line changes then): the parent sizes the frame to the waiting page, then to the
  // started one.
  var last = -1, timer = 0;
  function measure() {
    var body = document.body;
    if (!body || root.getAttribute("data-state") === "loading") return;
    var style = getComputedStyle(body);
    var height = Math.ceil(body.getBoundingClientRect().height +
                           parseFloat(style.marginTop || "0") + parseFloat(style.marginBottom || "0"));
    if (height === last) return;
    last = height;
    window.parent.postMessage({type: "bleu2:height", height: height}, "*");
  }
  function post() {
    clearTimeout(timer);
    timer = setTimeout(measure, 100);
  }
  function watch() {
    post();
    if (typeof ResizeObserver === "function") new ResizeObserver(post).observe(document.body);
    else setInterval(post, 500);
    new MutationObserver(post).observe(root, {attributes: true, attributeFilter: ["data-state"]});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
  addEventListener("load", post);
})();
