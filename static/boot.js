// Page start-up that must work before (and without) Python: a classic script, so it also
// runs when the page is opened from file://, where module scripts are blocked.
// - file://: say plainly that the browser blocks the page there and how to serve it.
// - While PyScript/Pyodide load: show the loading stage in #status.
// - The JSON copy button.
// - window.bleu2Paint: builds DOM from plain data that static/app.py gets from bleu2
//   (highlight spans, the SVG chart), copies and downloads text; keyboard and hover
//   handling of highlighted tokens.
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

  // The few strings shown before Python runs (bleu2.i18n holds all the others). One entry
  // per language of bleu2.i18n.LANGUAGES (tests/test_site_config.py checks they match).
  var BOOT_STRINGS = {
    en: {
      loading: "Loading Python ({stage})… You can start typing.",
      progress: "Loading",
      failed: "Python could not start: {error}. Reload the page; if it keeps failing, rebuild and serve the site with `make serve`.",
      file1: "This page cannot run when opened as a file (file://): browsers block the Python runtime it loads there. Serve it instead, from the project folder:",
      file2: "then open http://127.0.0.1:8000/"
    },
    es: {
      loading: "Cargando Python ({stage})… Ya puede escribir.",
      progress: "Cargando",
      failed: "Python no pudo arrancar: {error}. Recargue la página; si sigue fallando, reconstruya y sirva el sitio con `make serve`.",
      file1: "Esta página no funciona abierta como archivo (file://): los navegadores bloquean ahí el entorno de Python que carga. Sírvala desde la carpeta del proyecto:",
      file2: "y abra http://127.0.0.1:8000/"
    },
    pt: {
      loading: "Carregando o Python ({stage})… Você já pode digitar.",
      progress: "Carregando",
      failed: "O Python não pôde iniciar: {error}. Recarregue a página; se continuar falhando, reconstrua e sirva o site com `make serve`.",
      file1: "Esta página não funciona aberta como arquivo (file://): os navegadores bloqueiam ali o ambiente Python que ela carrega. Sirva-a a partir da pasta do projeto:",
      file2: "e abra http://127.0.0.1:8000/"
    }
  };

  // As bleu2.i18n.pick_language: the first browser language whose primary tag we have.
  function pickLanguage() {
    var tags = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < tags.length; i++) {
      var primary = String(tags[i] || "").trim().replace(/_/g, "-").split("-")[0].toLowerCase();
      if (BOOT_STRINGS.hasOwnProperty(primary)) return primary;
    }
    return "en";
  }
  var LANG = pickLanguage();
  function s(key, params) {
    var text = BOOT_STRINGS[LANG][key];
    Object.keys(params || {}).forEach(function (name) { text = text.split("{" + name + "}").join(params[name]); });
    return text;
  }
  document.documentElement.lang = LANG;
  document.addEventListener("DOMContentLoaded", function () {
    var bar = $("load-progress");
    if (bar) bar.setAttribute("aria-label", s("progress"));
    var text = $("status-text");
    if (text && document.documentElement.getAttribute("data-state") === "loading") {
      text.textContent = s("loading", {stage: "PyScript, Pyodide"});
    }
  });

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
      p1.textContent = s("file1");
      var cmd = document.createElement("pre");
      cmd.id = "serve-command";
      cmd.textContent = "make serve";
      var p2 = document.createElement("p");
      p2.textContent = s("file2");
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
    setStatus(s("loading", {stage: stage}), index < 0 ? undefined : index + 1);
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
        // Messages in the page's language: static/app.py sets them on the button.
        var copied = button.getAttribute("data-copied") || "Copied.";
        var failed = button.getAttribute("data-copy-failed") || "Press Ctrl+C (⌘C) to copy the selected JSON.";
        navigator.clipboard.writeText(text).then(
          function () { done(copied); },
          function () { selectJson(); done(failed); }
        );
      } else {
        selectJson();
        done(button.getAttribute("data-copy-failed") || "Press Ctrl+C (⌘C) to copy the selected JSON.");
      }
    });
  });

  // --- DOM from bleu2's plain data (called by static/app.py) -------------------------------
  var SVG_NS = "http://www.w3.org/2000/svg";

  function svgElement(spec) {
    var node = document.createElementNS(SVG_NS, spec.tag);
    var attrs = spec.attrs || {};
    Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (spec.text) node.textContent = spec.text;
    (spec.children || []).forEach(function (child) { node.appendChild(svgElement(child)); });
    return node;
  }

  function showDetail(token) {
    var detail = $("hl-detail");
    if (!detail || !token) return;
    if (!token.title && window.bleu2Label) {
      // Labels are made on demand (static/app.py highlight_label): the section, the
      // order of the line and the token's place in it.
      var line = token.parentNode;
      var section = line.closest(".hl-section");
      var index = Array.prototype.indexOf.call(line.children, token);
      token.title = String(window.bleu2Label(section.id, Number(line.getAttribute("data-order")), index));
    }
    detail.textContent = token.title || "";
  }

  window.bleu2Paint = {
    // sections: [{title, id, orders: [{n, title, summary, items: [[text, cssClass], ...]}]}]
    // (a token's title, its counts, is asked for when it is pointed at or focused)
    highlight: function (containerId, json) {
      var container = $(containerId);
      var sections = JSON.parse(json);
      var fragment = document.createDocumentFragment();
      sections.forEach(function (section) {
        var box = document.createElement("div");
        box.className = "hl-section";
        box.id = section.id;
        var h = document.createElement("h4");
        h.textContent = section.title;
        box.appendChild(h);
        section.orders.forEach(function (order) {
          var title = document.createElement("p");
          title.className = "hl-order-title";
          title.textContent = order.title + " (" + order.summary + ")";
          var line = document.createElement("p");
          line.className = "hl-line hl-order-" + order.n;
          line.setAttribute("data-order", String(order.n));
          var gram = order.n > 1 ? " gram" : "";
          var items = order.items;
          for (var i = 0; i < items.length; i++) {
            var item = items[i];
            var span = document.createElement("span");
            span.className = "tok " + item[1] + gram;
            span.textContent = item[0];
            // one Tab stop per line: the first token (arrow keys move on)
            if (i === 0) span.tabIndex = 0;
            line.appendChild(span);
            line.appendChild(document.createTextNode(" "));
          }
          box.appendChild(title);
          box.appendChild(line);
        });
        fragment.appendChild(box);
      });
      container.replaceChildren(fragment);
    },
    svg: function (containerId, json) {
      var data = JSON.parse(json);
      var svg = svgElement({tag: "svg", attrs: data.attrs, children: data.elements});
      $(containerId).replaceChildren(svg);
    },
    copy: function (text, statusId, ok, fail) {
      var note = $(statusId);
      function done(message) { if (note) note.textContent = message; }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(function () { done(ok); }, function () { done(fail); });
      } else {
        done(fail);
      }
    },
    download: function (name, mime, text) {
      var url = URL.createObjectURL(new Blob([text], {type: mime}));
      var a = document.createElement("a");
      a.href = url;
      a.download = name;
      a.hidden = true;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }
  };

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

  function selectJson() {
    var range = document.createRange();
    range.selectNodeContents($("result-json"));
    var selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();
