// `tabStorage`: the tab's storage (sessionStorage) as static/host.js applies the
// controllers' commands (bleu2.page.ports.Storage, bleu2.page.protocol). The one writer of
// the tab's two forms ("t1." + JSON, "z1." + its zlib stream: plain() and packed() below;
// bleu2.page.tab_storage reads them): the texts are read from the boxes here, so that
// megabytes of text are not copied out of Python; what to keep and when (and whether a
// packed save that ends late still counts) is decided in Python (tab_storage).

  // The JSON of a plain save the browser refused as too large: the packed save that comes
  // next packs this same text (any other write drops it).
  var refused = null;
  // The forms' prefixes: bleu2.page.tab_storage's (tools/shared_constants.py writes them in).
  var TAB_FORMS = {"plain": "t1.", "packed": "z1."}; // bleu2:python
  function errorText(error) { return String(error && error.name) + " " + String(error && error.message); }
  function boxes(kind) {  // each text box's value of a kind, in order
    return Array.prototype.map.call(document.getElementById(kind + "s").querySelectorAll("textarea"),
                                    function (box) { return box.value; });
  }
  function tabData(metaJson) {  // the compact JSON's object: {r, c, ...tab_meta}
    return Object.assign({r: boxes("reference"), c: boxes("candidate")}, JSON.parse(metaJson));
  }
  function isHigh(code) { return code >= 0xD800 && code <= 0xDBFF; }
  function plain(key, json) { window.sessionStorage.setItem(key, TAB_FORMS.plain + json); }
  function packed(key, bytes) {  // the zlib stream's bytes, one character per byte
    var parts = [];
    for (var i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 8192)));
    window.sessionStorage.setItem(key, TAB_FORMS.packed + parts.join(""));
  }
  function zlibNow(json) { return window.fflate.zlibSync(new TextEncoder().encode(json), {level: 1}); }

  // The packer: a worker of the page's own that makes the packed form's bytes (a classic
  // worker from a blob: URL of packWork's source, so the one-file offline page carries it
  // too; both pages' Content-Security-Policy allow blob: workers), so that neither the
  // JSON of megabytes nor its deflate runs on the page's thread (in steps there, the save's
  // tasks came one after another for a second, in the way of keystrokes, and its garbage
  // for the collector to mark during the next paste's layout). Started at the first packed
  // save and kept; null before, false where none can start (then the steps below).
  var packer = null, packing = {}, packCount = 0;
  function packWork() {  // the worker's source: {id, r, c, meta} or {id, json} -> {id, bytes} or {id, error}
    self.onmessage = function (event) {
      var d = event.data, json = d.json;
      if (typeof json !== "string") json = JSON.stringify(Object.assign({r: d.r, c: d.c}, JSON.parse(d.meta)));
      new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer()
        .then(function (buffer) { self.postMessage({id: d.id, bytes: buffer}, [buffer]); },
              function (error) { self.postMessage({id: d.id, error: String(error && error.name) + " " + String(error && error.message)}); });
    };
  }
  function startPacker() {  // the worker, or false where it cannot start (every waiting save then packs here)
    try {
      var url = URL.createObjectURL(new Blob(["(" + packWork.toString() + ")();"], {type: "text/javascript"}));
      packer = new Worker(url, {name: "bleu2-pack"});
      URL.revokeObjectURL(url);
    } catch {
      packer = false;
      return;
    }
    packer.onmessage = function (event) {
      var job = packing[event.data.id];
      delete packing[event.data.id];
      if (!job) return;
      if (event.data.error) job.here();  // it could not: this save packs here
      else job.resolve(new Uint8Array(event.data.bytes));
    };
    packer.onerror = function (event) {  // it did not start (or broke): the waiting saves pack here
      if (event && event.preventDefault) event.preventDefault();
      if (packer) packer.terminate();
      packer = false;
      var jobs = packing;
      packing = {};
      Object.keys(jobs).forEach(function (id) { jobs[id].here(); });
    };
  }
  // The bytes of the packed form, made by the packer from `message` ({r, c, meta} or {json});
  // null where there is no packer (`here`, a function returning a promise of the bytes, is
  // what a save the packer could not make falls back to).
  function packElsewhere(message, here) {
    if (packer === null) startPacker();
    if (!packer) return null;
    var id = ++packCount;
    return new Promise(function (resolve, reject) {
      packing[id] = {resolve: resolve, here: function () { here().then(resolve, reject); }};
      packer.postMessage(Object.assign({id: id}, message));
    });
  }

  // fflate (static/vendor/fflate/fflate.js: window.fflate, its synchronous zlib), loaded when
  // first needed: static/page.mjs asks for it once Python may start (a waiting embed loads
  // none of it), static/keep.mjs to read a packed form before that. Resolves to window.fflate.
  export function zlib() {
    if (window.fflate) return Promise.resolve(window.fflate);
    return import("./vendor/fflate/fflate.js").then(function () { return window.fflate; });
  }

  export const tabStorage = {
    // The plain form: "t1." + JSON {r, c, ...meta}. Returns "" when kept, else the browser's error.
    save: function (key, metaJson) {
      var json = JSON.stringify(tabData(metaJson));
      try {
        plain(key, json);
        refused = null;
        return "";
      } catch (error) {
        refused = error && error.name === "QuotaExceededError" ? {key: key, meta: metaJson, json: json} : null;
        return errorText(error);
      }
    },
    // Now, on this task (the page is being hidden or left: nothing later would run): the
    // plain form, or where the browser refuses it as too large, the packed form made at once
    // (fflate's synchronous zlib, static/vendor/fflate/: the same stream as savePacked's).
    // Returns "" when kept, else the browser's error.
    saveNow: function (key, metaJson) {
      var error = this.save(key, metaJson);
      if (!refused || !window.fflate) return error;
      var json = refused.json;
      refused = null;
      try {
        packed(key, zlibNow(json));
        return "";
      } catch (packError) {
        return errorText(packError);
      }
    },
    // The packed form ("z1." + the zlib stream of the same JSON, one character per byte),
    // made by the browser (CompressionStream: Chromium 80, Firefox 113, Safari 16.4; else
    // fflate's, at once) off the page's thread, in the packer (above), or where no worker
    // starts, here 64 K characters at a time, each step its own task, so that megabytes of
    // text do not hold the page; kept only if wanted() still says so once packed. The texts
    // are the boxes' at the call. Resolves to "" when kept, "superseded" when not wanted any
    // more, else the browser's error.
    savePacked: function (key, metaJson, wanted) {
      // The JSON in pieces, each made in its own step (one JSON.stringify of megabytes would
      // hold the page): the same text as JSON.stringify(tabData(metaJson)), which the packer makes.
      var pieces, message;
      if (refused && refused.key === key && refused.meta === metaJson) {
        pieces = [refused.json];
        message = {json: refused.json};
      } else {
        var r = boxes("reference"), c = boxes("candidate"), meta = JSON.stringify(JSON.parse(metaJson)).slice(1);
        pieces = ['{"r":['].concat(listed(r), ['],"c":['], listed(c), [meta === "}" ? "]}" : "]," + meta]);
        message = {r: r, c: c, meta: metaJson};
      }
      refused = null;
      if (typeof CompressionStream !== "function") {
        var json = pieces.map(function (p) { return typeof p === "function" ? p() : p; }).join("");
        return finish(zlib().then(function () { return zlibNow(json); }));
      }
      function inSteps() {  // here, on the page's thread, in steps
        var deflate = new CompressionStream("deflate"), writer = deflate.writable.getWriter();
        var stream = new Response(deflate.readable).arrayBuffer(), encoder = new TextEncoder();
        function piece(n) {  // the next piece, written 64 K characters a step (deflating 256 K
          // held the page's thread for 20-90 ms, in the way of a keystroke after a pause)
          if (n >= pieces.length) return writer.close();
          var json = typeof pieces[n] === "function" ? pieces[n]() : pieces[n];
          function step(from) {
            if (from >= json.length) return piece(n + 1);
            var to = Math.min(from + 65536, json.length);
            if (to < json.length && isHigh(json.charCodeAt(to - 1))) to--;  // a pair stays in one step
            writer.write(encoder.encode(json.slice(from, to)));
            return new Promise(function (resolve) { setTimeout(resolve, 0); }).then(function () { return step(to); });
          }
          return step(0);
        }
        return piece(0).then(function () { return stream; }).then(function (buffer) { return new Uint8Array(buffer); });
      }
      // In the packer where it runs, else here (the same bytes: the deflate of the same JSON)
      return finish(packElsewhere(message, inSteps) || inSteps());
      function listed(values) {  // [text, ",", text, ...], each text made when its step comes
        var out = [];
        values.forEach(function (value, i) {
          if (i) out.push(",");
          out.push(function () { return JSON.stringify(value); });
        });
        return out;
      }
      function finish(made) {
        return made.then(function (bytes) {
          return Promise.resolve(wanted()).then(function (still) {  // wanted: a bool, or a promise (static/host.js)
            if (!still) return "superseded";
            try {
              packed(key, bytes);
              return "";
            } catch (error) {
              return errorText(error);
            }
          });
        });
      }
    },
    // What tells this embed from others in the tab, as JSON (bleu2.page.ports.PageContext:
    // frame, frame_index, host, prefill); the keys are made from it in Python
    // (bleu2.page.tab_storage.storage_keys). A cross-origin parent still lets a frame
    // count its frames and compare them with itself.
    frame: function () {
      var index = -1, frames;
      try {
        frames = window.parent.frames;
        for (var i = 0; i < frames.length; i++) if (frames[i] === window) { index = i; break; }
      } catch { index = -1; }
      return JSON.stringify({frame: String(window.name || ""), frame_index: index,
                             host: String(document.referrer || ""), prefill: String(location.hash || "")});
    },
    // sessionStorage.<method>(key[, value]) as JSON [value or null, null], or [null, why]
    // where the browser refuses (storage full, switched off, denied in a cross-site frame).
    storage: function (method, key, value) {
      if (method !== "getItem") refused = null;
      try {
        var out = window.sessionStorage[method](key, value);
        return JSON.stringify([out === undefined ? null : out, null]);
      } catch (error) {
        return JSON.stringify([null, errorText(error)]);
      }
    }
  };
