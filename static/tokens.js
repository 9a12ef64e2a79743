// The page's own wiring, without Python: the highlighted tokens (hover or focus shows
// their counts, asked of the page's Python through static/host.js; arrow keys move between the tokens
// of a line, one Tab stop per line) and the summary's "Full breakdown" button. No user
// text is ever written as HTML here (only textContent).
import {host} from "./host.js";

  function $(id) { return document.getElementById(id); }

  var shown = null;  // the token whose counts are asked for
  function showDetail(token) {
    var detail = $("hl-detail");
    if (!detail || !token) return;
    detail.hidden = false;  // it takes no room until a token is pointed at
    shown = token;
    if (!token.title) {
      // Labels are made on demand (the page's Python, SentencePage.highlight_label, asked
      // through static/host.js): the section, the order of the line and the token's place in it.
      var line = token.parentNode;
      var section = line.closest(".hl-section");
      var index = Array.prototype.indexOf.call(line.children, token);
      host.label(section.id, Number(line.getAttribute("data-order")), index).then(function (label) {
        if (!token.title) token.title = String(label || "");
        if (shown === token && token.isConnected) detail.textContent = token.title;
      });
    }
    detail.textContent = token.title || "";
  }

  // The sticky summary's height (it wraps on narrow screens), so that what is scrolled to
  // stops below it (style.css: #breakdown's scroll-margin-top).
  var summary = $("summary");
  if (summary && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--summary-height", summary.offsetHeight + "px");
    }).observe(summary);
  }

  // The summary's "Full breakdown" button: to the breakdown, without touching the URL's
  // fragment (which holds share links).
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#summary-link")) return;
    var target = $("breakdown");
    target.scrollIntoView({block: "start"});
    target.focus({preventScroll: true});
  });

  // Highlighted tokens: hover or focus shows the counts; arrow keys move between tokens
  // of a line (one Tab stop per line).
  function tokenOf(target) {
    return target && target.closest ? target.closest(".hl-line .tok") : null;
  }
  document.addEventListener("mouseover", function (event) { showDetail(tokenOf(event.target)); });
  document.addEventListener("focusin", function (event) { showDetail(tokenOf(event.target)); });
  document.addEventListener("keydown", function (event) {
    var token = tokenOf(event.target);
    if (!token) return;
    var tokens = Array.prototype.slice.call(token.parentNode.querySelectorAll(".tok"));
    var i = tokens.indexOf(token);
    var next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = tokens[i + 1];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = tokens[i - 1];
    else if (event.key === "Home") next = tokens[0];
    else if (event.key === "End") next = tokens[tokens.length - 1];
    if (!next) return;
    event.preventDefault();
    token.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
