// The page's side of the message protocol (bleu2.page.protocol): the page's Python, both
// controllers, runs in the page's PyScript worker (static/worker.py, started here) when the
// page is served, so the page's thread never runs Python; in the one-file offline page
// (file://, where no worker can start) it runs on this thread (static/app.py), spoken to in
// the very same messages.
// Asynchronous only (no SharedArrayBuffer: GitHub Pages sends no cross-origin-isolation
// headers). Events go in one at a time, each with what the controllers read (the boxes'
// changes since the last event, static/textdiff.mjs; the form; the URL; now); a batch of
// commands comes back and is applied here in order. No decision is made here, and no user
// text is ever written as HTML (static/paint.js paints with textContent/setAttribute).
// static/page.mjs starts it (start): at once, or in an embed once the reader touches it
// (static/embed-start.mjs); static/tokens.js asks through it (host.label).
import {actions} from "./browser-actions.js";
import {painters as comparePainters} from "./compare.js";
import {corpus} from "./corpus.js";
import {touched} from "./embed-start.mjs";
import {paint as painters} from "./paint.js";
import {tabStorage} from "./storage.js";

  var root = document.documentElement;
  var offline = root.hasAttribute("data-offline");
  function $(id) { return document.getElementById(id); }
  function errorText(error) { return String(error && error.message || error); }

  // The served page runs no Python on this thread: PyScript's script tag is for the
  // one-file page only (this script runs before PyScript's core.js, which would start it),
  // and <py-config> (the plugins switched off) for the served page only (PyScript refuses both).
  // The one-file page runs this script inline, before the body is parsed, and PyScript
  // after it: there, once the body is parsed.
  function unused() {
    document.querySelectorAll(offline ? "py-config" : 'script[type="py"]').forEach(function (node) { node.remove(); });
  }
  unused();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", unused);

  // --- the transport: the worker's exports, or static/app.py's on this thread ----------------

  // The page's worker, started once: the page's Python, both controllers and corpus mode's session.
  var pyWorker = null;
  function worker() {
    if (!pyWorker) {
      var base = document.baseURI, files = {};
      files[new URL("./bleu2.zip", base).href] = "./*";
      // Absolute URLs: the worker has no location of its own to resolve relative ones. The
      // interpreter goes in `version` (polyscript reads "pyodide@<url>"; a config's
      // `interpreter` is not read for workers, which then fetch Pyodide from a CDN). No
      // `plugins`: PyScript loads plugins on the main thread only (index.html's <py-config>).
      var interpreter = new URL("./static/pyodide-boot.mjs", base).href;
      pyWorker = import(new URL("./static/vendor/pyscript/core.js", base).href).then(function (core) {
        return core.PyWorker(new URL("./static/worker.py", base).href, {config: {files: files}, version: interpreter});
      });
    }
    return pyWorker;
  }

  // static/app.py's host, when Python runs on this thread (app.py calls bleu2HostReady)
  var here = new Promise(function (resolve) { window.bleu2HostReady = resolve; });
  function transport() {
    if (offline) {
      return here.then(function (host) {
        return {start: function (json) { return Promise.resolve(String(host.start(json))); },
                event: function (json, data) { return Promise.resolve(String(host.event(json, data))); }};
      });
    }
    // The worker's own loading stages are not reported to the page (PyScript would need
    // SharedArrayBuffer for that): static/boot.js shows these two.
    progress("Loading Pyodide");
    return worker().then(function (worker) {
      progress("Loaded Pyodide");
      return {start: function (json) { return worker.sync.page_start(json); },
              event: function (json, data) { return data ? worker.sync.page_event(json, data) : worker.sync.page_event(json); }};
    });
  }

  function progress(stage) { window.dispatchEvent(new CustomEvent("py:progress", {detail: stage})); }

  // --- what every event carries ---------------------------------------------------------------

  function boxes() {
    var out = {};
    ["reference", "candidate"].forEach(function (kind) {
      out[kind] = Array.prototype.map.call($(kind + "s").querySelectorAll("textarea"), function (box) {
        var change = painters.changed(box.id);
        return change ? [box.id].concat(change) : [box.id];
      });
    });
    return out;
  }
  // The form's controls (not the text boxes): value, check, enabled; the corpus paste areas
  // only with corpus mode's events (they may hold megabytes).
  function form(withPaste) {
    var out = {};
    document.querySelectorAll("select[id], input[id]").forEach(function (c) {
      if (c.type === "file") return;
      out[c.id] = {value: c.value, checked: c.checked, disabled: c.disabled, type: c.type};
    });
    if (withPaste) {
      document.querySelectorAll("#corpus-files textarea[id]").forEach(function (c) { out[c.id] = {value: c.value}; });
    }
    return out;
  }
  function seen(event) {
    event.boxes = boxes();
    event.form = form("corpus" in event);
    event.hash = String(location.hash || "");
    event.href = String(location.href);
    event.now = performance.now();
    return event;
  }

  // --- events, one at a time --------------------------------------------------------------------

  var link = null, queue = [], busy = null, hide = null;  // busy: the event in flight
  function pump() {
    if (busy || !link || !queue.length) return;
    var item = queue.shift();
    busy = item;
    var json = JSON.stringify(seen(item.event));
    link.event(json, item.data).then(function (out) {
      var batch = JSON.parse(String(out));
      apply(batch);
      item.resolve(batch.reply);
    }, function (error) {
      console.error("bleu2 page: " + errorText(error));
      item.resolve(null);
    }).then(function () {
      busy = null;
      pump();
    });
  }
  // Send an event; resolves to its batch's reply once the batch is applied.
  function send(event, data) {
    return new Promise(function (resolve) {
      queue.push({event: event, data: data, resolve: resolve});
      pump();
    });
  }

  // --- a batch ------------------------------------------------------------------------------------

  var timers = {};
  var paint = function () { return painters; };
  var commands = {
    write: function (updates) { paint().update(updates); },
    paint: function (painter, json, target) { if (target) paint()[painter](target, json); else paint()[painter](json); },
    corpusPaint: function (painter, json, target) {  // the Compare view's painters, or corpus mode's
      if (comparePainters[painter]) comparePainters[painter](target, json); else corpus.port.paint(painter, json, target);
    },
    timer: function (id, ms) {
      timers[id] = setTimeout(function () { delete timers[id]; send({timer: id}); }, ms);
    },
    soon: function (id) {  // the rest of an answer, in an event of its own
      timers[id] = setTimeout(function () { delete timers[id]; send({timer: id, soon: true}); }, 0);
    },
    clearTimer: function (id) { clearTimeout(timers[id]); delete timers[id]; },
    boxes: function (kind, ids, values) {
      paint().boxes(kind, JSON.stringify(ids), values ? JSON.stringify(values) : null);
      (values || []).forEach(function (_value, i) { paint().read(ids[i]); });  // Python has them already
    },
    focus: function (selector) { var node = document.querySelector(selector); if (node) node.focus(); },
    lang: function (lang) { root.lang = lang; },
    log: function (level, message) { console[level](message); },
    store: function (method, key, value) {
      var reply = JSON.parse(tabStorage.storage(method, key, value));
      if (reply[1] && method === "setItem") send({refused: key, error: reply[1], size: value.length});
    },
    save: function (key, meta, size) {
      var error = tabStorage.save(key, meta);
      if (error) send({refused: key, error: error, size: size});
    },
    savePacked: function (key, meta, wanted, done) {
      tabStorage.savePacked(key, meta, function () { return send({call: wanted}); })
        .then(function (error) { send({call: done, args: [error]}); });
    },
    fragment: function (fragment) { actions.fragment(fragment); },
    copy: function (text, area, done) { actions.copy(text, area).then(function (ok) { send({call: done, args: [ok]}); }); },
    download: function (name, mime, text) { actions.download(name, mime, text); },
    root: function (attrs) { Object.keys(attrs).forEach(function (name) { root.setAttribute(name, attrs[name]); }); }
  };
  function apply(batch) {
    batch.commands.forEach(function (command) {
      try {
        commands[command[0]].apply(null, command.slice(1));
      } catch (error) {
        console.error("bleu2 page: " + command[0] + ": " + errorText(error));
      }
    });
    hide = batch.hide;
  }
  // Hidden or left: the texts not kept yet are kept now, by this thread (an answer from the
  // worker would come after the page is gone); the controller hears of it too, and decides.
  function hidden() {
    if (hide && (hide[2] || busy || queue.length)) tabStorage.saveNow(hide[0], hide[1]);
  }

  // --- start ----------------------------------------------------------------------------------------

  function context() {
    var nav = navigator, embedded = root.hasAttribute("data-embed");
    var out = {languages: (nav.languages && nav.languages.length) ? Array.prototype.slice.call(nav.languages) : [nav.language || "en"],
               chosen_language: root.getAttribute("data-lang-chosen"), embed: embedded, pathname: String(location.pathname),
               texts_shown: root.getAttribute("data-texts") === "tab",  // static/keep.mjs showed the tab's texts
               example: !embedded};  // a first visit opens on the seed's example (bleu2.page.sentence.example)
    return embedded ? Object.assign(out, JSON.parse(tabStorage.frame())) : out;
  }
  function storage() {
    var items = {}, denied = null;
    try {
      var s = window.sessionStorage;
      for (var i = 0; i < s.length; i++) items[s.key(i)] = s.getItem(s.key(i));
    } catch (error) {
      denied = String(error && error.name) + " " + String(error && error.message);
    }
    return {storage: items, denied: denied};
  }
  // The controller could not start: it said why on the page.
  function failed(message) {
    root.setAttribute("data-state", "error");
    var status = $("status");
    if (status) status.classList.add("status-error");
    console.error("bleu2 page failed to start: " + message);
  }
  // The events the sentence view's controller names (bleu2.page.sentence.controller.EVENTS).
  function eventData(event) {
    var target = event.target, button = target && target.closest ? target.closest("button") : null;
    return {type: String(event.type), target: String(target && target.id || ""),
            button: button ? String(button.id || "") : "", data: button ? Object.assign({}, button.dataset) : {}};
  }
  function wire(events) {
    events.forEach(function (entry) {
      var target = entry[0] === "window" ? window : entry[0] === "document" ? document : $(entry[0]);
      target.addEventListener(entry[1], function (event) { send({sentence: entry[2], event: eventData(event)}); });
    });
  }

  // using: a transport in place of the worker's or static/app.py's (tests/js/host.test.mjs)
  export function start(using) {
    if (root.getAttribute("data-state") === "file-blocked") return;
    // An embed's Python loads once the reader touches it (static/embed-start.mjs); else at once.
    return touched().then(function () { return using || transport(); }).then(function (t) {
      var first = Object.assign({context: context()}, storage());
      return t.start(JSON.stringify(seen(first))).then(function (out) {
        var batch = JSON.parse(String(out)), reply = batch.reply;
        apply(batch);
        if (!reply.ok) return failed(reply.error);
        link = t;
        root.dataset.state = "ready";
        addEventListener("pagehide", hidden);
        document.addEventListener("visibilitychange", hidden);
        wire(reply.events);
        corpus.attach(function () {
          var args = Array.prototype.slice.call(arguments), name = args.shift(), data;
          if (args.length && args[args.length - 1] instanceof Uint8Array) data = args.pop();
          return send({corpus: name, args: args}, data);
        });
        pump();
      });
    }).catch(function (error) {
      // Python could not start (a runtime file missing, the worker refused): static/boot.js
      // reports it (an unhandled rejection, while the page is loading).
      return Promise.reject(error);
    });
  }

  // For static/tokens.js (a highlighted token's counts).
  export const host = {
    send: send,
    label: function (section, n, index) { return send({label: [section, n, index]}); }
  };
