// Start-up of the one-file offline page (_site/bleu2-offline.html, made by
// tools/build_offline.py): the site's files travel inside the page, and this classic inline
// script (allowed by its hash in the page's Content-Security-Policy) serves them to the page.
//
// 1. The payload (the <script type="application/octet-stream"> element before this one) is
//    base64 text of one gzip stream: the site's files, one after the other, as listed with
//    their sizes and MIME types in the manifest (<script type="application/json">). It is
//    decoded, inflated with DecompressionStream and cut into one Blob per file; the text,
//    the element and the inflated bytes are dropped at once (the Blobs hold the files).
// 2. Each JavaScript module becomes a blob: URL. Relative URLs cannot be resolved against a
//    blob: URL, so the build rewrote the modules' relative imports ("./core-x.js") to bare
//    names ("@bleu2-offline/static/vendor/pyscript/core-x.js"), and each module's text here
//    starts with `import.meta.url = "<the file:// URL it would have>";` so code that computes
//    URLs from import.meta.url (static/pyodide-boot.mjs) gets the page's own file URLs.
//    An import map (allowed by the build's nonce) sends both the bare name and that file://
//    URL of every module to its blob: URL; the latter is what PyScript (the interpreter URL,
//    resolved against the page) and Pyodide (pyodide.asm.mjs next to indexURL) import.
// 3. fetch() of a file:// URL is answered from the payload (the page's own relative URLs:
//    pyscript.toml, static/app.py, [files], the wasm, the standard library, the snapshot);
//    a file the payload lacks gets a 404 response. Nothing ever leaves the page.
// 4. The page's module scripts (PyScript's core.js) are imported.
// The payload's text, element and bytes are dropped as soon as the Blobs are made; once
// Python runs (data-state=ready) the Blobs of the non-module files are dropped too.
// window.bleu2Offline has the file table, the start-up timings (ms since navigation start)
// and `released` (true once only the modules' Blobs are left).
(function () {
  "use strict";

  var PREFIX = "@bleu2-offline/";
  var manifestElement = document.getElementById("bleu2-offline-manifest");
  var manifest = JSON.parse(manifestElement.textContent);
  var offline = {
    files: new Map(),      // file:// URL -> Blob (the modules' only, once released)
    modules: Object.create(null), // bare name and file:// URL -> blob: URL
    timings: {},
    released: false,
    // The blob: URL of a module, by its bare name or its file:// URL (else null).
    moduleURL: function (name) { return offline.modules[name] || null; }
  };
  window.bleu2Offline = offline;

  function mark(name) { offline.timings[name] = Math.round(performance.now()); }

  function decodeBase64(text) {
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  async function unpack() {
    if (typeof DecompressionStream !== "function") {
      throw new Error("this browser has no DecompressionStream (needed to unpack the page)");
    }
    var payloadElement = document.getElementById("bleu2-offline-payload");
    var text = payloadElement.textContent;
    payloadElement.remove();
    manifestElement.remove();
    var packed = decodeBase64(text);
    text = null;
    var stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    packed = null;
    var bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    if (bytes.length !== manifest.size) {
      throw new Error("the page's payload is damaged (" + bytes.length + " bytes, expected " + manifest.size + ")");
    }
    var offset = 0;
    manifest.files.forEach(function (entry) {
      var path = entry[0], size = entry[1], type = entry[2];
      var data = bytes.subarray(offset, offset + size);
      offset += size;
      var url = new URL(path, location.href).href;
      if (/\.m?js$/.test(path)) {
        var blob = new Blob(["import.meta.url=" + JSON.stringify(url) + ";", data], {type: "text/javascript"});
        var blobURL = URL.createObjectURL(blob);
        offline.modules[PREFIX + path] = blobURL;
        offline.modules[url] = blobURL;
        offline.files.set(url, blob);
      } else {
        offline.files.set(url, new Blob([data], {type: type}));
      }
    });
    bytes = null;  // every file now lives in its Blob: the payload's text and bytes can go
  }

  // Once Python runs (static/app.py sets data-state=ready) the files it started from (the
  // wasm, the standard library, the snapshot, [files]) are no longer needed: drop their
  // Blobs. The modules' Blobs stay (the import map points at them; PyScript may still import
  // a chunk), and a later fetch() of a dropped file gets a 404.
  function releaseWhenReady() {
    var root = document.documentElement;
    function release() {
      if (root.getAttribute("data-state") !== "ready" || offline.released) return false;
      offline.files.forEach(function (_blob, url) {
        if (!offline.modules[url]) offline.files.delete(url);
      });
      offline.released = true;
      mark("released");
      return true;
    }
    if (release()) return;
    var observer = new MutationObserver(function () { if (release()) observer.disconnect(); });
    observer.observe(root, {attributes: true, attributeFilter: ["data-state"]});
  }

  // fetch() of a file:// URL: from the payload, or 404; anything else as usual (blob:, data:;
  // the CSP allows nothing more).
  var nativeFetch = window.fetch;
  function offlineFetch(input) {  // (input, init), as fetch()
    var href = input instanceof Request ? input.url : String(input);
    var url;
    try { url = new URL(href, location.href); } catch { return nativeFetch.apply(this, arguments); }
    if (url.protocol !== "file:") return nativeFetch.apply(this, arguments);
    url.hash = "";
    url.search = "";
    var blob = offline.files.get(url.href);
    if (!blob) {
      return Promise.resolve(new Response("not in the offline page: " + url.pathname, {
        status: 404, statusText: "Not Found", headers: {"Content-Type": "text/plain; charset=utf-8"}
      }));
    }
    return Promise.resolve(new Response(blob, {
      status: 200, statusText: "OK",
      headers: {"Content-Type": blob.type || "application/octet-stream", "Content-Length": String(blob.size)}
    }));
  }

  async function start() {
    mark("start");
    await unpack();
    mark("unpacked");
    window.fetch = offlineFetch;
    releaseWhenReady();
    var map = document.createElement("script");
    map.type = "importmap";
    map.nonce = manifest.nonce;
    map.textContent = JSON.stringify({imports: offline.modules});
    document.head.appendChild(map);
    for (var i = 0; i < manifest.entries.length; i++) {
      await import(PREFIX + manifest.entries[i]);
    }
    mark("modules");
  }

  // A failure shows in the page's status (static/boot.js reports unhandled rejections).
  offline.started = start();
})();
