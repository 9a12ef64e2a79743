// Corpus mode's glue: reads files (File API, locally: nothing leaves the tab), talks to
// bleu2.page.corpus.Session and writes what it returns with textContent. The session runs
// in a PyScript worker (static/worker.py), started the first time corpus mode is used and
// called asynchronously only (no SharedArrayBuffer: hosts like GitHub Pages send no
// cross-origin-isolation headers); where no worker can start (the one-file offline page,
// whose file:// origin cannot load module workers), the same session runs on the main
// thread in short steps. Jobs advance by steps, so the page shows progress and can cancel
// between two steps; the last result stays on screen until a new one is ready.
(function () {
  "use strict";

  function $(id) { return document.getElementById(id); }
  function lang() { return document.documentElement.lang || "en"; }
  // The page's strings (bleu2Paint.words, from the catalogs), with {name} fields filled.
  function t(key, params) {
    var text = (window.bleu2Paint && window.bleu2Paint.words && window.bleu2Paint.words[key]) || key;
    Object.keys(params || {}).forEach(function (name) { text = text.split("{" + name + "}").join(params[name]); });
    return text;
  }
  function el(tag, attrs, text, parent) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined && text !== null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // --- where the session runs ---------------------------------------------------------------

  function pythonReady() {
    return new Promise(function (resolve) {
      function check() {
        if (document.documentElement.getAttribute("data-state") === "ready" && window.bleu2CorpusLocal) resolve();
        else setTimeout(check, 100);
      }
      check();
    });
  }

  function localBackend() {
    return pythonReady().then(function () {
      document.documentElement.setAttribute("data-corpus-backend", "page");
      return {
        budget: 30,  // milliseconds of work per step on the main thread
        chunk: 32,  // lines per piece of work
        call: function (method, args) {
          return Promise.resolve(JSON.parse(String(window.bleu2CorpusLocal(method, JSON.stringify(args)))));
        },
        load: function (role, name, bytes) {
          return Promise.resolve(JSON.parse(String(window.bleu2CorpusLoad(role, name, bytes, lang()))));
        }
      };
    });
  }

  // One worker for the page, started the first time it is needed: corpus mode's session,
  // and the sentence view's long texts (bleu2Live, called by static/app.py).
  var pyWorker = null;
  function startWorker() {
    if (!pyWorker) pyWorker = document.documentElement.hasAttribute("data-offline")
      ? Promise.reject(new Error("no worker can start from file://")) : newWorker();
    return pyWorker;
  }
  // The long texts of the sentence view, measured in the worker: bleu2.page.live.request's
  // JSON with only what changed since the worker's copies (static/paint.js's changes, read
  // now: the texts static/app.py has just read), and the options it gives (JSON). A worker
  // whose copies do not fit (bleu2.page.live.STALE) gets the whole texts of this request.
  var STALE = '{"stale": true}';
  window.bleu2Live = function (optionsJson) {
    var paint = window.bleu2Paint, options = JSON.parse(optionsJson);
    function request(whole) {
      return JSON.stringify({references: paint.changes("reference", whole), candidates: paint.changes("candidate", whole),
                             options: options, whole: whole});
    }
    var changed = request(false);
    return startWorker().then(function (worker) {
      return worker.sync.measure(changed).then(function (out) {
        return out === STALE ? worker.sync.measure(request(true)) : out;
      });
    });
  };

  function newWorker() {
    var base = document.baseURI;
    var files = {};
    files[new URL("./bleu2.zip", base).href] = "./*";
    // Absolute URLs: the worker has no location of its own to resolve relative ones. The
    // interpreter goes in `version` (polyscript reads "pyodide@<url>"; a config's
    // `interpreter` is not read for workers, which then fetch Pyodide from a CDN).
    var interpreter = new URL("./static/pyodide-boot.mjs", base).href;
    var config = {files: files,
                  plugins: ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]};
    return import(new URL("./static/vendor/pyscript/core.js", base).href).then(function (core) {
      return core.PyWorker(new URL("./static/worker.py", base).href, {config: config, version: interpreter});
    });
  }

  function workerBackend() {
    return startWorker().then(function (worker) {
      document.documentElement.setAttribute("data-corpus-backend", "worker");
      return {
        budget: 250,
        chunk: 256,
        call: function (method, args) {
          return worker.sync.corpus(method, JSON.stringify(args)).then(function (out) { return JSON.parse(out); });
        },
        load: function (role, name, bytes) {
          return worker.sync.corpus_load(role, name, bytes, lang()).then(function (out) { return JSON.parse(out); });
        }
      };
    });
  }

  var backend = null;
  function getBackend() {
    if (!backend) {
      if (document.documentElement.hasAttribute("data-offline")) {
        backend = localBackend();
      } else {
        backend = workerBackend().catch(function (error) {
          say(t("corpus_worker_failed", {error: String(error && error.message || error)}));
          return localBackend();
        });
      }
    }
    return backend;
  }

  // --- files ---------------------------------------------------------------------------------

  var state = {result: null, job: null, system: 0, page: 0, pasted: {reference: 0, system: 0}, dirty: false};

  function say(message) { $("corpus-message").textContent = message || ""; }

  // Files and pasted texts being read: a job starts only once all of them are read (files
  // given to both pickers at once must not start a job on the part read first).
  var reading = 0;
  function whileReading(promise) {
    reading += 1;
    clearTimeout(timer);  // a job waits for the last read (refreshFiles schedules it)
    return promise.then(function (out) { reading -= 1; return out; },
                        function (error) { reading -= 1; throw error; });
  }

  function loadFiles(role, files) {
    var chain = Promise.resolve();
    Array.prototype.forEach.call(files, function (file) {
      chain = chain.then(function () { return file.arrayBuffer(); }).then(function (buffer) {
        return getBackend().then(function (b) { return b.load(role, file.name, new Uint8Array(buffer)); });
      }).then(report);
    });
    return whileReading(chain).then(refreshFiles);
  }

  function report(out) {
    if (!out.ok) say(out.message); else say("");
  }

  function loadText(role, text) {
    state.pasted[role] += 1;
    var name = t("corpus_pasted_name", {kind: t("corpus_kind_" + role), number: state.pasted[role]});
    return getBackend().then(function (b) {
      return b.call("load_text", {role: role, name: name, text: text, lang: lang()});
    }).then(function (out) { report(out); return out; });
  }

  function addPasted(role) {
    var area = $("corpus-" + role + "s-paste");
    if (!area.value) return;
    whileReading(loadText(role, area.value)).then(function (out) {
      if (out.ok) area.value = "";
      return refreshFiles();
    });
  }

  // The sentence view's "score them line by line" hint: its boxes become corpus mode's
  // pasted texts (each reference box a reference, each candidate box a system).
  function take(boxes) {
    setMode("corpus");
    var chain = Promise.resolve();
    [["reference", boxes.references], ["system", boxes.candidates]].forEach(function (pair) {
      pair[1].forEach(function (text) {
        if (text.trim()) chain = chain.then(function () { return loadText(pair[0], text); });
      });
    });
    return whileReading(chain).then(refreshFiles);
  }

  function refreshFiles() {
    return getBackend().then(function (b) { return b.call("files_view", [lang()]); }).then(function (view) {
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
      var kept = baseline.value;
      baseline.replaceChildren();
      view.systems.forEach(function (row) { el("option", {value: String(row.id)}, row.name, baseline); });
      if (kept) baseline.value = kept;
      $("corpus-score").disabled = !view.ready;
      if (!view.ready) { clearTimeout(timer); cancel(); }  // a file removed: no job on what is left
      if (!view.ready && (view.references.length || view.systems.length)) $("corpus-status").textContent = view.problem;
      else $("corpus-status").textContent = "";
      if (view.ready) schedule();
    });
  }

  // --- jobs ----------------------------------------------------------------------------------

  var timer = null;
  function schedule() {
    if (document.documentElement.getAttribute("data-mode") !== "corpus") { state.dirty = true; return; }
    clearTimeout(timer);
    if (reading) return;  // files are being read: the last one read schedules the job
    timer = setTimeout(run, 300);
  }

  function cancel() {
    var job = state.job;
    state.job = null;
    $("corpus-cancel").disabled = true;
    $("corpus-progress").hidden = true;
    if (job !== null) {
      getBackend().then(function (b) { return b.call("cancel", [job]); });
      $("corpus-status").textContent = t("corpus_cancelled");
    }
  }

  function run() {
    cancel();
    $("corpus-status").textContent = "";
    var request = {form: JSON.parse(window.bleu2Paint.optionForm()), lang: lang(), test: $("corpus-test").value,
                   n: Number($("corpus-n").value) || 0,
                   seed: $("corpus-seed").value === "" ? null : Number($("corpus-seed").value),
                   baseline: $("corpus-baseline").value ? Number($("corpus-baseline").value) : null};
    getBackend().then(function (b) {
      request.chunk = b.chunk;
      return b.call("start", [request]).then(function (out) {
        if (!out.ok) { $("corpus-status").textContent = out.message; return; }
        var job = state.job = out.job;
        state.scoring = [performance.now(), null];  // when the last job ran (for the tests)
        $("corpus-cancel").disabled = false;
        $("corpus-progress").hidden = false;
        function step() {
          if (state.job !== job) return;  // cancelled, or replaced by a newer job
          b.call("step", [job, b.budget]).then(function (progress) {
            if (state.job !== job) return;
            if (!progress.done) {
              $("corpus-progress").value = progress.fraction;
              $("corpus-status").textContent = t("corpus_progress_" + progress.stage,
                                                 {percent: String(Math.floor(progress.fraction * 100))});
              setTimeout(step, 0);  // the page gets a turn between two steps
              return;
            }
            state.job = null;
            state.scoring[1] = performance.now();
            $("corpus-cancel").disabled = true;
            $("corpus-progress").hidden = true;
            if (progress.error) { $("corpus-status").textContent = progress.error; return; }
            state.result = progress.result;
            state.page = 0;
            $("corpus-status").textContent = "";
            render();
          });
        }
        step();
      });
    });
  }

  // --- results -------------------------------------------------------------------------------

  function fillTable(headId, bodyId, head, rows) {
    var tr = el("tr");
    head.forEach(function (text) { el("th", {scope: "col"}, text, tr); });
    $(headId).replaceChildren(tr);
    var body = $(bodyId);
    body.replaceChildren();
    rows.forEach(function (cells) {
      var row = el("tr", {}, null, body);
      cells.forEach(function (text, i) { el(i === 1 ? "th" : "td", i === 1 ? {scope: "row", dir: "auto"} : {}, text, row); });
    });
  }

  function render() {
    if (state.result === null) return;
    var request = {lang: lang(), system: state.system, sort: $("corpus-sort").value, page: state.page};
    getBackend().then(function (b) { return b.call("view", [state.result, request]); }).then(function (view) {
      $("corpus-results").hidden = false;
      fillTable("corpus-table-head", "corpus-table-body", view.table.head, view.table.rows);
      $("corpus-note").textContent = view.table.note;
      $("corpus-signature").textContent = view.signature;
      $("corpus-json").textContent = view.json;
      var select = $("corpus-sentence-system");
      select.replaceChildren();
      view.system_names.forEach(function (name, i) { el("option", {value: String(i)}, name, select); });
      select.value = String(state.system);
      window.bleu2Paint.svg("corpus-histogram", JSON.stringify(view.histogram));
      var page = view.sentences;
      var tr = el("tr");
      page.head.forEach(function (text) { el("th", {scope: "col"}, text, tr); });
      $("corpus-sentences-head").replaceChildren(tr);
      var body = $("corpus-sentences-body");
      body.replaceChildren();
      page.rows.forEach(function (row) {
        var line = el("tr", {}, null, body);
        var th = el("th", {scope: "row"}, null, line);
        el("button", {type: "button", "class": "corpus-open", "data-line": String(row.line),
                      "aria-label": t("corpus_open_line", {line: row.cells[0]})}, row.cells[0], th);
        row.cells.slice(1).forEach(function (text, i) { el("td", i ? {dir: "auto"} : {"class": "num"}, text, line); });
      });
      $("corpus-page-label").textContent = page.label;
      $("corpus-prev").disabled = page.page <= 0;
      $("corpus-next").disabled = page.page >= page.pages - 1;
      state.page = page.page;
    });
  }

  function openLine(line) {
    getBackend().then(function (b) { return b.call("line", [state.result, state.system, line]); }).then(function (texts) {
      setMode("sentence");
      window.bleu2App.open_texts(JSON.stringify(texts));
    });
  }

  function exportResult(what, format) {
    if (state.result === null) return;
    getBackend().then(function (b) { return b.call("export", [state.result, what, format, lang()]); }).then(function (out) {
      window.bleu2Paint.download(out.filename, out.mime, out.text);
    });
  }

  // --- the mode switch -------------------------------------------------------------------------

  function setMode(mode) {
    document.documentElement.setAttribute("data-mode", mode);
    $("mode-" + mode).checked = true;
    if (mode === "corpus") {
      getBackend();  // start the worker the first time corpus mode is used
      if (state.dirty) { state.dirty = false; schedule(); }
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.documentElement.setAttribute("data-mode", "sentence");
    $("mode-sentence").addEventListener("change", function () { setMode("sentence"); });
    $("mode-corpus").addEventListener("change", function () { setMode("corpus"); });
    ["reference", "system"].forEach(function (role) {
      var input = $("corpus-" + role + "s");
      input.addEventListener("change", function () { loadFiles(role, input.files).then(function () { input.value = ""; }); });
      var zone = $("corpus-" + role + "s-drop");
      zone.addEventListener("dragover", function (event) { event.preventDefault(); zone.classList.add("dragging"); });
      zone.addEventListener("dragleave", function () { zone.classList.remove("dragging"); });
      zone.addEventListener("drop", function (event) {
        event.preventDefault();
        zone.classList.remove("dragging");
        loadFiles(role, event.dataTransfer.files);
      });
      $("corpus-" + role + "s-add").addEventListener("click", function () { addPasted(role); });
      $("corpus-" + role + "s-list").addEventListener("click", function (event) {
        var button = event.target.closest("button[data-id]");
        if (!button) return;
        getBackend().then(function (b) { return b.call("remove", [Number(button.getAttribute("data-id"))]); })
          .then(refreshFiles);
      });
    });
    $("corpus-score").addEventListener("click", run);
    $("corpus-cancel").addEventListener("click", cancel);
    ["corpus-test", "corpus-n", "corpus-seed", "corpus-baseline"].forEach(function (id) {
      $(id).addEventListener("change", schedule);
    });
    ["opt-max-order", "opt-smoothing", "opt-tokenizer", "opt-lowercase", "opt-empty-references",
     "opt-effective-order", "opt-smooth-value"].forEach(function (id) {
      $(id).addEventListener("change", function () { if (state.result !== null || state.job !== null) schedule(); });
    });
    ["restore-defaults", "sacrebleu-defaults"].forEach(function (id) {
      $(id).addEventListener("click", function () { if (state.result !== null) schedule(); });
    });
    $("corpus-sentence-system").addEventListener("change", function () {
      state.system = Number($("corpus-sentence-system").value); state.page = 0; render();
    });
    $("corpus-sort").addEventListener("change", function () { state.page = 0; render(); });
    $("corpus-prev").addEventListener("click", function () { state.page -= 1; render(); });
    $("corpus-next").addEventListener("click", function () { state.page += 1; render(); });
    $("corpus-sentences-body").addEventListener("click", function (event) {
      var button = event.target.closest("button[data-line]");
      if (button) openLine(Number(button.getAttribute("data-line")));
    });
    document.querySelectorAll(".corpus-export").forEach(function (button) {
      button.addEventListener("click", function () {
        exportResult(button.getAttribute("data-what"), button.getAttribute("data-format"));
      });
    });
    $("lang-select").addEventListener("change", function () { setTimeout(render, 0); });
  });

  // For the tests and embedders: the current result's id, and a way to wait for it.
  window.bleu2Corpus = {state: state, run: run, cancel: cancel, setMode: setMode, backend: getBackend, take: take};
})();
