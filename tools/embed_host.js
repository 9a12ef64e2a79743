// bleu2's host script, for documentation pages that embed the calculator (docs/embedding.md):
//   <iframe class="bleu2" src="https://OWNER.github.io/bleu2/?embed" ...></iframe>
//   <script src="https://OWNER.github.io/bleu2/embed.js" defer></script>
// Published as <calculator>/embed.js, built by tools/build_site.py from tools/embed_host.js
// (bleu2.page.embed.host_script writes the theme table in). For every <iframe class="bleu2">:
// - its height follows the frame's {type: "bleu2:height", height} messages, taken only from
//   that frame's window and the origin of its src (or of this script's data-origin, with or
//   without a trailing slash, where the frame's src redirects elsewhere);
// - it is sent the documentation's theme, {type: "bleu2:theme", theme: "light" | "dark" |
//   "auto"}, when it loads, when it first reports its height and whenever the theme
//   switches: MkDocs Material's <body data-md-color-scheme>, furo's <body data-theme> and
//   other themes' <html data-theme>, watched with a MutationObserver (HOST_THEMES); where
//   none is set, the iframe element's color-scheme ("dark" or "light").
// Nothing else is read from the page or sent to the frame.
(function () {
  "use strict";

  if (window.bleu2EmbedHost) return;  // the script included twice: once is enough
  window.bleu2EmbedHost = true;

  var HOST_THEMES = /* HOST_THEMES */{};
  var script = document.currentScript;
  var configured = script ? script.getAttribute("data-origin") : null;

  function originOf(url) {
    try {
      return new URL(url, location.href).origin;
    } catch {
      return null;
    }
  }
  function frameOrigin(frame) {
    return originOf(configured || frame.getAttribute("src") || "");
  }
  function frames() {
    return Array.prototype.slice.call(document.querySelectorAll("iframe.bleu2"));
  }

  function known(table, value) {
    return value !== null && Object.prototype.hasOwnProperty.call(table, value) ? table[value] : null;
  }
  function theme(frame) {
    var attributes = HOST_THEMES.attributes;
    for (var i = 0; i < attributes.length; i++) {
      var element = attributes[i][0] === "body" ? document.body : document.documentElement;
      var value = known(attributes[i][2], element ? element.getAttribute(attributes[i][1]) : null);
      if (value) return value;
    }
    return known(HOST_THEMES.schemes, getComputedStyle(frame).colorScheme);
  }
  function sendTheme(frame) {
    var value = theme(frame), origin = frameOrigin(frame);
    if (!value || !origin || origin === "null" || !frame.contentWindow) return;
    frame.contentWindow.postMessage({type: "bleu2:theme", theme: value}, origin);
  }
  function sendAll() {
    frames().forEach(sendTheme);
  }

  var sized = [];
  addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "bleu2:height" || typeof data.height !== "number" || !(data.height > 0)) return;
    frames().forEach(function (frame) {
      if (frame.contentWindow !== event.source || event.origin !== frameOrigin(frame)) return;
      frame.style.height = Math.ceil(data.height) + "px";
      if (sized.indexOf(frame) < 0) {
        sized.push(frame);
        sendTheme(frame);
      }
    });
  });
  // a frame's load event (load does not bubble: caught while it goes down to the frame)
  document.addEventListener("load", function (event) {
    var frame = event.target;
    if (frame && frame.tagName === "IFRAME" && frame.classList.contains("bleu2")) sendTheme(frame);
  }, true);

  function watchTheme() {
    var names = [];
    HOST_THEMES.attributes.forEach(function (entry) {
      if (names.indexOf(entry[1]) < 0) names.push(entry[1]);
    });
    var observer = new MutationObserver(sendAll);
    observer.observe(document.documentElement, {attributes: true, attributeFilter: names});
    observer.observe(document.body, {attributes: true, attributeFilter: names});
    // a frame that loaded before this script listened: told once the page has loaded (the
    // page's load waits for its frames), not now, while the page's own scripts start (a
    // frame's window, reached now, would be set up in their task)
    if (document.readyState === "complete") sendAll();
    else addEventListener("load", sendAll);
  }
  if (document.body) watchTheme();
  else document.addEventListener("DOMContentLoaded", watchTheme);
})();
