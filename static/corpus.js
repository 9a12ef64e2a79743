// Corpus mode's glue: the DOM side of bleu2.page.corpus.controller (the controller runs with
// the page's Python, in the page's PyScript worker or, in the one-file page, on this thread:
// static/host.js carries its events and commands). It reads files with the File API
// (locally: nothing leaves the tab) and hands their bytes to the controller, paints what
// the controller gives with textContent, and reports every event. What to do, when and
// where is decided by the controller, not here. `corpus`: static/host.js's and static/compare.js's.
import {paint} from "./paint.js";

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text, parent) { return paint.make(tag, attrs, text, parent); }
  function errorText(error) { return String(error && error.message || error); }

  // --- the controller's events -------------------------------------------------------------------

  // The page's events, by name (bleu2.page.corpus.controller.EVENTS); those before the
  // controller is made (Python still loading) wait here, in order. Resolves once the
  // controller's answer to it is applied.
  var control = null, early = [];
  function send() {
    var event = Array.prototype.slice.call(arguments);
    if (control) return Promise.resolve(control.apply(null, event));
    return new Promise(function (resolve) { early.push([event, resolve]); });
  }

  // A paste box's edits, coalesced: the controller hears "paste_changed" (and with it the
  // box's whole text) once the person pauses for PASTE_PAUSE_MS, not at every input event
  // (a file filled line by line was thousands of events, each carrying the box). Meanwhile,
  // and until the controller has read it, the box says it is reading: aria-busy="true" on
  // it, .reading on its drop zone (static/style.css).
  var PASTE_PAUSE_MS = 400;
  var pasteTimers = {}, pasteSent = {};
  function pasteBox(role) { return $("corpus-" + role + "s-paste"); }
  function reading(role, on) {
    var box = pasteBox(role);
    if (on) box.setAttribute("aria-busy", "true"); else box.removeAttribute("aria-busy");
    $("corpus-" + role + "s-drop").classList.toggle("reading", on);
  }
  function pasteEdited(role) {
    reading(role, true);
    clearTimeout(pasteTimers[role]);
    pasteTimers[role] = setTimeout(function () { pasteFlush(role); }, PASTE_PAUSE_MS);
  }
  // Send the box's pending edits now (after a pause, or before its "Add as a file").
  function pasteFlush(role) {
    if (!(role in pasteTimers)) return;
    clearTimeout(pasteTimers[role]);
    delete pasteTimers[role];
    pasteSent[role] = (pasteSent[role] || 0) + 1;
    var mine = pasteSent[role];
    send("paste_changed", role).then(function () {
      if (pasteSent[role] === mine && !(role in pasteTimers)) reading(role, false);
    });
  }

  // Files given to a picker or dropped: the controller hears how many, then each file's
  // bytes in order (one file read at a time, so that big files are not all held at once).
  function readFiles(role, fileList) {
    var files = Array.prototype.slice.call(fileList || []);
    if (!files.length) return Promise.resolve();
    send("files_chosen", role, files.length);
    return files.reduce(function (chain, file) {
      return chain.then(function () { return file.arrayBuffer(); }).then(
        function (buffer) { send("file_read", role, file.name, new Uint8Array(buffer)); },
        function (error) { send("file_failed", role, file.name, errorText(error)); });
    }, Promise.resolve());
  }

  // --- the port: what the controller asks of the page (bleu2.page.corpus.port.CorpusPort) ------

  var painters = {
    mode: function (mode) {
      document.documentElement.setAttribute("data-mode", mode);
      $("mode-" + mode).checked = true;
    },
    root: function (attrs) {
      Object.keys(attrs).forEach(function (name) { document.documentElement.setAttribute(name, attrs[name]); });
    },
    // {references: [row], systems: [row], baseline: id}, a row {id, name, lines, remove}
    files: function (view) {
      [["reference", view.references], ["system", view.systems]].forEach(function (pair) {
        var list = $("corpus-" + pair[0] + "s-list");
        list.replaceChildren();
        pair[1].forEach(function (row) {
          var li = el("li", {}, null, list);
          el("span", {"class": "corpus-file-name", dir: "auto"}, row.name, li);
          li.append(" (" + row.lines + ") ");
          el("button", {type: "button", "class": "corpus-remove", "data-id": String(row.id), "aria-label": row.remove},
             "×", li);
        });
      });
      var baseline = $("corpus-baseline");
      baseline.replaceChildren();
      view.systems.forEach(function (row) { el("option", {value: String(row.id)}, row.name, baseline); });
      baseline.value = view.baseline;
    },
    // {table: {head, rows, names}, systems: [name], system, sentences: {head, rows: [{line, cells, open}]}}
    // (a system's cell shows its short name; its full name is the cell's title)
    results: function (data) {
      table("corpus-table-head", "corpus-table-body", data.table.head, data.table.rows.map(function (cells, r) {
        return cells.map(function (text, i) {
          return i === 1 ? ["th", {scope: "row", dir: "auto", title: data.table.names[r]}, text] : ["td", {}, text];
        });
      }));
      var select = $("corpus-sentence-system");
      select.replaceChildren();
      data.systems.forEach(function (name, i) { el("option", {value: String(i)}, name, select); });
      select.value = String(data.system);
      var page = data.sentences;
      table("corpus-sentences-head", "corpus-sentences-body", page.head, page.rows.map(function (row) {
        var open = el("button", {type: "button", "class": "corpus-open", "data-line": String(row.line),
                                 "aria-label": row.open}, row.cells[0]);
        return [["th", {scope: "row"}, open]].concat(row.cells.slice(1).map(function (text, i) {
          return ["td", i ? {dir: "auto"} : {"class": "num"}, text];
        }));
      }));
    }
  };
  // "How it works" in corpus mode: {steps: [text]}
  painters.help = function (data) {
    var list = $("corpus-help-steps");
    list.replaceChildren();
    data.steps.forEach(function (text) { el("li", {}, text, list); });
  };
  // A table's head (column headers) and body: rows of [tag, attributes, text or a node].
  // Each cell gets its column's name as data-label, shown beside the value on a phone
  // (static/style.css), where the rows are stacked.
  function table(headId, bodyId, head, rows) {
    var tr = el("tr");
    head.forEach(function (text) { el("th", {scope: "col"}, text, tr); });
    $(headId).replaceChildren(tr);
    var body = $(bodyId);
    body.replaceChildren();
    rows.forEach(function (cells) {
      var row = el("tr", {}, null, body);
      cells.forEach(function (cell, i) {
        var attrs = Object.assign({"data-label": head[i]}, cell[1]);
        var node = el(cell[0], attrs, typeof cell[2] === "string" ? cell[2] : null, row);
        if (typeof cell[2] !== "string") node.appendChild(cell[2]);
      });
    });
  }

  // Corpus mode's painters, by name (bleu2.page.corpus.port.CorpusPainter; static/host.js's
  // "corpusPaint" command), and paint.js's others ("svg").
  var port = {
    paint: function (painter, json, target) {
      if (painters[painter]) painters[painter](JSON.parse(json)); else paint[painter](target, json);
    }
  };

  // --- events ------------------------------------------------------------------------------------

  function on(id, type, fn) { $(id).addEventListener(type, fn); }
  // Once the page is parsed (a module runs after parsing, but the one-file page's after
  // DOMContentLoaded: tools/offline_loader.js imports it then).
  function parsed(fn) { if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn); else fn(); }
  parsed(function () {
    ["sentence", "corpus"].forEach(function (mode) { on("mode-" + mode, "change", function () { send("show_mode", mode); }); });
    ["reference", "system"].forEach(function (role) {
      var input = $("corpus-" + role + "s"), zone = $("corpus-" + role + "s-drop");
      on(input.id, "change", function () { readFiles(role, input.files).then(function () { input.value = ""; }); });
      on(zone.id, "dragover", function (event) { event.preventDefault(); zone.classList.add("dragging"); });
      on(zone.id, "dragleave", function () { zone.classList.remove("dragging"); });
      on(zone.id, "drop", function (event) {
        event.preventDefault();
        zone.classList.remove("dragging");
        readFiles(role, event.dataTransfer.files);
      });
      on("corpus-" + role + "s-add", "click", function () { pasteFlush(role); send("add_pasted", role); });
      on("corpus-" + role + "s-paste", "input", function () { pasteEdited(role); });
      on("corpus-" + role + "s-list", "click", function (event) {
        var button = event.target.closest("button[data-id]");
        if (button) send("remove", Number(button.getAttribute("data-id")));
      });
    });
    // leaving or hidden: the edits not sent yet go now (the controller keeps them for the tab)
    function flushAll() { ["reference", "system"].forEach(pasteFlush); }
    addEventListener("pagehide", flushAll);
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flushAll(); });
    on("corpus-score", "click", function () { send("score"); });
    on("corpus-cancel", "click", function () { send("cancel"); });
    ["corpus-test", "corpus-n", "corpus-seed", "corpus-baseline"].forEach(function (id) {
      on(id, "change", function () { send("inputs_changed"); });
    });
    // the options panel's controls, the metric's own form too (built later): one listener on the panel
    on("options", "change", function (event) {
      if (/^(opt|metric)-/.test(event.target.id)) send("options_changed");
    });
    ["restore-defaults"].forEach(function (id) {
      on(id, "click", function () { send("options_changed"); });
    });
    on("corpus-sentence-system", "change", function () { send("show_system", Number($("corpus-sentence-system").value)); });
    on("corpus-sort", "change", function () { send("sort_changed"); });
    on("corpus-prev", "click", function () { send("page_step", -1); });
    on("corpus-next", "click", function () { send("page_step", 1); });
    on("corpus-sentences-body", "click", function (event) {
      var button = event.target.closest("button[data-line]");
      if (button) send("open_line", Number(button.getAttribute("data-line")));
    });
    document.querySelectorAll(".corpus-export").forEach(function (button) {
      button.addEventListener("click", function () {
        send("export", button.getAttribute("data-what"), button.getAttribute("data-format"));
      });
    });
  });

  export const corpus = {
    port: port,
    // static/host.js hands over the function that sends an event to CorpusControl.on once Python runs
    attach: function (fn) {
      control = fn;
      early.splice(0).forEach(function (item) { Promise.resolve(control.apply(null, item[0])).then(item[1]); });
    },
    // an event for the controller (static/compare.js's)
    send: send
  };
