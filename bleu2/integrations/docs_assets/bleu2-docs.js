// bleu2's documentation blocks (bleu2.sphinx's ".. bleu2::", bleu2.mkdocs' ```bleu2 fence;
// docs/embedding.md, "The block's element"). Included once per page that has a block.
// For every <div class="bleu2-block" data-bleu2-src="…"> (the breakdown was written at docs
// build time, in its <div class="bleu2-static">):
// - shows its start button (<button class="bleu2-start" hidden>: hidden with scripts off);
// - when the button is pressed (click, Enter, Space), replaces the block's content with the
//   live calculator: <iframe class="bleu2" src="data-bleu2-src" name="data-bleu2-name">,
//   data-bleu2-height CSS pixels high until it reports its own height, and focuses it;
// - the first time, loads the calculator's host script (embed.js, next to the calculator's
//   index.html), which sizes the frame and sends it the documentation's theme.
// Nothing is fetched from the calculator before a start button is pressed.
(function () {
  "use strict";

  if (window.bleu2DocsBlocks) return;  // included twice: once is enough
  window.bleu2DocsBlocks = true;

  function blocks() {
    return Array.prototype.slice.call(document.querySelectorAll(".bleu2-block[data-bleu2-src]"));
  }
  function showButtons() {
    blocks().forEach(function (block) {
      var button = block.querySelector(".bleu2-start");
      if (button) button.hidden = false;
    });
  }

  var hostScript = false;
  function loadHostScript(frameUrl) {
    if (hostScript || window.bleu2EmbedHost) return;
    hostScript = true;
    var script = document.createElement("script");
    script.src = new URL("embed.js", frameUrl).href;
    document.head.appendChild(script);
  }

  function start(block) {
    if (block.getAttribute("data-bleu2-state") === "live") return;
    var url = new URL(block.getAttribute("data-bleu2-src"), location.href);
    var height = parseInt(block.getAttribute("data-bleu2-height"), 10) || 460;
    var frame = document.createElement("iframe");
    frame.className = "bleu2";
    frame.title = "BLEU calculator";
    frame.name = block.getAttribute("data-bleu2-name") || "";
    frame.setAttribute("allow", "clipboard-write");
    frame.style.width = "100%";
    frame.style.height = height + "px";
    frame.style.border = "0";
    loadHostScript(url);
    frame.src = url.href;
    while (block.firstChild) block.removeChild(block.firstChild);
    block.appendChild(frame);
    block.setAttribute("data-bleu2-state", "live");
    frame.focus();
  }

  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest(".bleu2-start") : null;
    var block = button ? button.closest(".bleu2-block[data-bleu2-src]") : null;
    if (block) start(block);
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showButtons);
  else showButtons();
})();
