// Embed mode (?embed): a compact calculator for documentation pages (README: "Embed in
// documentation"). Runs before the page is shown, so the compact layout applies at once:
// - marks the page <html data-embed> (static/style.css hides the options, the ranking,
//   export, share, highlighting, chart and footer; every element stays, with its id);
// - in a frame, tells the parent page its height whenever it changes:
//     parent.postMessage({type: "bleu2:height", height: <CSS pixels, an integer>}, "*")
//   The message carries that number only, never a text typed into the page.
// The "open in full" link (#embed-full), with the texts in its fragment, is written by
// static/app.py (bleu2.page.embed.link_updates).
(function () {
  "use strict";

  var params;
  try {
    params = new URLSearchParams(location.search);
  } catch (error) {
    return;
  }
  if (!params.has("embed")) return;
  var root = document.documentElement;
  root.setAttribute("data-embed", "");

  var framed;
  try {
    framed = window.parent !== window;
  } catch (error) {
    framed = true;
  }
  if (!framed) return;

  var last = -1;
  function post() {
    var body = document.body;
    if (!body) return;
    var style = getComputedStyle(body);
    var height = Math.ceil(body.getBoundingClientRect().height +
                           parseFloat(style.marginTop || "0") + parseFloat(style.marginBottom || "0"));
    if (height === last) return;
    last = height;
    window.parent.postMessage({type: "bleu2:height", height: height}, "*");
  }
  function watch() {
    post();
    if (typeof ResizeObserver === "function") new ResizeObserver(post).observe(document.body);
    else setInterval(post, 500);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
  addEventListener("load", post);
})();
