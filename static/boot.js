// Page start-up that must work before (and without) Python: a classic script, so it also
// runs when the page is opened from file://, where module scripts are blocked.
// - file://: say plainly that the browser blocks the page there and how to serve it (the
//   one-file page, bleu2-offline.html, is the way to run from disk).
// - While PyScript/Pyodide load: show the loading stage in #status, in the language of the
//   page, and let the language switch work (html[data-lang-chosen], read by static/host.js).
// - An embed waiting for its reader (html[data-state=waiting], static/embed-start.mjs): say
//   in #status what starts it and what it downloads then; name its start button.
// The in-memory stand-in for the IndexedDB databases PyScript opens, where the browser
// denies this page storage (a cross-site frame), is static/idb-memory.js. What Python
// paints (element updates, chips, tables, highlights, the SVG chart, copies and downloads)
// is static/paint.js's; the rest of the page's JavaScript is the modules of static/page.mjs.
// No user text is ever written as HTML here (only textContent).
(function () {
  "use strict";

  // Stages PyScript (polyscript) reports through "py:progress" events, in order (shown
  // through the catalogs' boot_stage_1 .. boot_stage_8; they move the progress bar).
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
  // Other stages polyscript can report (a [fetch] or packages config): named in the page's
  // language too; any stage not listed here is shown as boot_stage_other, never in English.
  var OTHER_STAGES = {
    "Loading fetch": "stage_fetch_1",
    "Loaded fetch": "stage_fetch_2",
    "Loading packages": "stage_packages_1",
    "Loaded packages": "stage_packages_2"
  };

  function $(id) { return document.getElementById(id); }

  // The strings shown before Python runs: static/boot-strings.js, which the build writes
  // from bleu2/page/locales/*.json (window.BLEU2_BOOT = {languages, default, strings});
  // without it, BOOT_FALLBACK (tools/shared_constants.py writes it from bleu2.page.i18n).
  var BOOT_FALLBACK = {"languages": ["en"], "default": "en", "strings": {"en": {}}}; // bleu2:python
  var BOOT = window.BLEU2_BOOT || BOOT_FALLBACK;

  // As bleu2.page.i18n.pick_language (tests/page/test_boot_script_agrees_with_i18n.py): the
  // first browser language whose primary tag we have.
  function pickLanguage() {
    var tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < tags.length; i++) {
      var primary = String(tags[i] || "").trim().replace(/_/g, "-").split("-")[0].toLowerCase();
      if (BOOT.languages.indexOf(primary) >= 0) return primary;
    }
    return BOOT.default;
  }
  var LANG = pickLanguage();
  var stageKey = "loading_start";  // the loading stage shown, kept so it can be re-rendered
  function s(key, params) {
    var text = BOOT.strings[LANG][key] || key;
    Object.keys(params || {}).forEach(function (name) { text = text.split("{" + name + "}").join(params[name]); });
    return text;
  }
  document.documentElement.lang = LANG;
  document.addEventListener("DOMContentLoaded", function () {
    var bar = $("load-progress");
    if (bar) bar.setAttribute("aria-label", s("progress"));
    var text = $("status-text");
    if (text && document.documentElement.getAttribute("data-state") === "loading") {
      text.textContent = s("loading", {stage: s(stageKey)});
    }
    waiting();
    setTimeout(boxesSaid, 0);  // after static/keep.mjs put the tab's texts in the boxes
    document.addEventListener("input", boxesSaid, true);
    // The language switch works while Python loads: the loading status follows it, and
    // the page's Python starts in the language chosen (html[data-lang-chosen]).
    var switcher = $("lang-select");
    if (switcher) {
      switcher.value = LANG;
      switcher.addEventListener("change", function () {
        var state = document.documentElement.getAttribute("data-state");
        if (state !== "loading" && state !== "waiting") return;
        if (BOOT.languages.indexOf(switcher.value) < 0) return;
        LANG = switcher.value;
        document.documentElement.lang = LANG;
        document.documentElement.setAttribute("data-lang-chosen", LANG);
        if (bar) bar.setAttribute("aria-label", s("progress"));
        if (text && state === "loading") text.textContent = s("loading", {stage: s(stageKey)});
        waiting();
        boxesSaid();
      });
    }
  });

  // Until Python is ready, the summary and each box's token count speak of the boxes as
  // they are: texts in them are said to be scored once Python is ready (not "Type or
  // paste", not "0 tokens"); Python writes both when it is ready.
  function boxesSaid() {
    var state = document.documentElement.getAttribute("data-state");
    if (state === "ready" || state === "error") return;
    var summary = $("summary-terms"), filled = false;
    document.querySelectorAll(".boxes textarea").forEach(function (box) {
      var has = box.value.trim() !== "", count = $(box.id + "-token-count");
      filled = filled || has;
      if (count && has) count.textContent = s("tokens_later");
    });
    if (summary) summary.textContent = s(filled ? "summary_texts" : "summary_blank");
  }

  // An embed waiting for its reader (static/embed-start.mjs): what starts it, and what it
  // will download then; its start button in the page's language.
  function waiting() {
    if (document.documentElement.getAttribute("data-state") !== "waiting") return;
    var text = $("status-text"), button = $("embed-start");
    if (text) text.textContent = s("embed_waiting");
    if (button) button.textContent = s("embed_start");
  }

  function setStatus(text, stageIndex) {
    var textEl = $("status-text");
    if (textEl) textEl.textContent = text;
    var bar = $("load-progress");
    if (bar && typeof stageIndex === "number") bar.value = stageIndex;
  }

  // The one-file page (bleu2-offline.html, tools/build_offline.py) carries its files and
  // runs from file://; the served page (index.html) cannot.
  if (location.protocol === "file:" && !document.documentElement.hasAttribute("data-offline")) {
    document.documentElement.setAttribute("data-state", "file-blocked");
    document.addEventListener("DOMContentLoaded", function () {
      var status = $("status");
      if (!status) return;
      status.classList.add("status-error");
      status.textContent = "";
      var p1 = document.createElement("p");
      p1.textContent = s("file1");
      var cmd = document.createElement("pre");
      cmd.id = "serve-command";
      cmd.textContent = "make serve";
      var p2 = document.createElement("p");
      p2.textContent = s("file2");
      // bleu2-offline.html (tools/build_offline.py) sits next to index.html in _site/ and
      // is the "Download for offline use" link of the served page.
      var p3 = document.createElement("p");
      p3.textContent = s("file3") + " ";
      var link = document.createElement("a");
      link.id = "offline-file-link";
      link.href = "./bleu2-offline.html";
      link.textContent = "bleu2-offline.html";
      p3.appendChild(link);
      status.appendChild(p1);
      status.appendChild(cmd);
      status.appendChild(p2);
      status.appendChild(p3);
    });
    return;
  }

  addEventListener("py:progress", function (event) {
    if (document.documentElement.getAttribute("data-state") !== "loading") return;
    var stage = String(event.detail || "");
    var index = STAGES.indexOf(stage);
    stageKey = index >= 0 ? "stage_" + (index + 1) : (OTHER_STAGES[stage] || "stage_other");
    setStatus(s("loading", {stage: s(stageKey)}), index < 0 ? undefined : index + 1);
  });

  // A failure before Python runs (a missing runtime file, a blocked request) must not
  // leave the page "loading" forever.
  function failed(message) {
    if (document.documentElement.getAttribute("data-state") !== "loading") return;
    document.documentElement.setAttribute("data-state", "error");
    var status = $("status");
    if (status) status.classList.add("status-error");
    setStatus(s("failed", {error: message}));
  }
  addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      failed("could not load " + (target.src || target.href));
    }
  }, true);
  // An Event (e.g. a failed IndexedDB request) says nothing as a string: name its error.
  // (No final full stop: the message adds its own.)
  function describe(reason) {
    var text = String(reason && reason.message || reason);
    if (typeof Event === "function" && reason instanceof Event) {
      var error = reason.target && reason.target.error;
      text = error ? error.name + ": " + error.message : reason.type + " event";
    }
    return text.replace(/\.+$/, "");
  }
  addEventListener("unhandledrejection", function (event) {
    failed(describe(event.reason));
  });

})();
