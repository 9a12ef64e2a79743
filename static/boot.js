// Page start-up that must work before (and without) Python: a classic script, so it also
// runs when the page is opened from file://, where module scripts are blocked.
// - file://: say plainly that the browser blocks the page there and how to serve it.
// - While PyScript/Pyodide load: show the loading stage in #status.
// - The JSON copy button.
// No user text is ever written as HTML here (only textContent).
(function () {
  "use strict";

  // Stages PyScript (polyscript) reports through "py:progress" events, in order.
  var STAGES = [
    "Loading Pyodide",
    "Loading Storage",
    "Loaded Storage",
    "Loading interpreter",
    "Loaded interpreter",
    "Loading files",
    "Loaded files",
    "Loaded Pyodide"
  ];

  function $(id) { return document.getElementById(id); }

  function setStatus(text, stageIndex) {
    var textEl = $("status-text");
    if (textEl) textEl.textContent = text;
    var bar = $("load-progress");
    if (bar && typeof stageIndex === "number") bar.value = stageIndex;
  }

  if (location.protocol === "file:") {
    document.documentElement.setAttribute("data-state", "file-blocked");
    document.addEventListener("DOMContentLoaded", function () {
      var status = $("status");
      if (!status) return;
      status.classList.add("status-error");
      status.textContent = "";
      var p1 = document.createElement("p");
      p1.textContent = "This page cannot run when opened as a file (file://): browsers block " +
        "the Python runtime it loads there. Serve it instead, from the project folder:";
      var cmd = document.createElement("pre");
      cmd.id = "serve-command";
      cmd.textContent = "make serve";
      var p2 = document.createElement("p");
      p2.textContent = "then open http://127.0.0.1:8000/";
      status.appendChild(p1);
      status.appendChild(cmd);
      status.appendChild(p2);
    });
    return;
  }

  addEventListener("py:progress", function (event) {
    if (document.documentElement.getAttribute("data-state") !== "loading") return;
    var stage = String(event.detail || "");
    var index = STAGES.indexOf(stage);
    setStatus("Loading Python: " + stage + "… You can start typing.", index < 0 ? undefined : index + 1);
  });

  // A failure before Python runs (a missing runtime file, a blocked request) must not
  // leave the page "loading" forever.
  function failed(message) {
    if (document.documentElement.getAttribute("data-state") !== "loading") return;
    document.documentElement.setAttribute("data-state", "error");
    var status = $("status");
    if (status) status.classList.add("status-error");
    setStatus("Python could not start: " + message + ". Reload the page; if it keeps failing, " +
      "rebuild and serve the site with `make serve`.");
  }
  addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      failed("could not load " + (target.src || target.href));
    }
  }, true);
  addEventListener("unhandledrejection", function (event) {
    failed(String(event.reason && event.reason.message || event.reason));
  });

  document.addEventListener("DOMContentLoaded", function () {
    var button = $("copy-json");
    if (!button) return;
    button.addEventListener("click", function () {
      var text = $("result-json").textContent;
      var note = $("copy-status");
      function done(message) { if (note) note.textContent = message; }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(
          function () { done("Copied."); },
          function () { selectJson(); done("Press Ctrl+C (⌘C) to copy the selected JSON."); }
        );
      } else {
        selectJson();
        done("Press Ctrl+C (⌘C) to copy the selected JSON.");
      }
    });
  });

  function selectJson() {
    var range = document.createRange();
    range.selectNodeContents($("result-json"));
    var selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();
