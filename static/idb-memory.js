// PyScript's "IDBMap/..." IndexedDB databases, kept in memory: a module imported on the
// page's thread (by static/page.mjs, before PyScript's core.js runs) and in the page's
// PyScript worker (by static/pyodide-boot.mjs), once per thread. No imports, no exports.
//
// PyScript opens IndexedDB databases named "IDBMap/..." (polyscript's cache of micropip's
// lock file, opened and read at every start, and pyscript.fs's folder handles) and cannot
// start without them. Where the browser denies this page storage (a cross-site iframe when
// third-party storage is blocked) the open fails, PyScript's error handler throws ("The
// event is already being dispatched") and start-up rejects with the bare Event. This page
// installs no packages and mounts no folders, so those databases never hold anything:
// keep them in memory instead (it also leaves nothing behind in the browser).
// Only the calls @webreflection/idb-map makes are provided (tests/browser checks start-up).
if (globalThis.IDBFactory && IDBFactory.prototype.open && !IDBFactory.prototype.open.bleu2Memory) {
  var idbOpen = IDBFactory.prototype.open;
  var idbMemory = {};
  var idbRequest = function (work) {
    var request = {result: undefined, error: null, onsuccess: null, onerror: null};
    Promise.resolve().then(function () {  // after the caller has set its handlers
      request.result = work();
      if (request.onsuccess) request.onsuccess({type: "success", target: request});
    });
    return request;
  };
  var idbCopy = function (value) {
    return typeof structuredClone === "function" ? structuredClone(value) : value;
  };
  var idbStore = function (entries) {  // JSON of the key -> [key, value]
    return {
      count: function () { return idbRequest(function () { return entries.size; }); },
      clear: function () { return idbRequest(function () { entries.clear(); }); },
      "delete": function (key) { return idbRequest(function () { entries["delete"](JSON.stringify(key)); }); },
      get: function (key) {
        return idbRequest(function () { var e = entries.get(JSON.stringify(key)); return e && idbCopy(e[1]); });
      },
      getKey: function (key) {
        return idbRequest(function () { var e = entries.get(JSON.stringify(key)); return e && e[0]; });
      },
      getAllKeys: function () {
        return idbRequest(function () { return Array.from(entries.values(), function (e) { return e[0]; }); });
      },
      put: function (value, key) {
        var copy = idbCopy(value);
        return idbRequest(function () { entries.set(JSON.stringify(key), [key, copy]); return key; });
      }
    };
  };
  IDBFactory.prototype.open = function (name) {
    if (typeof name !== "string" || name.indexOf("IDBMap/") !== 0) return idbOpen.apply(this, arguments);
    if (!idbMemory[name]) idbMemory[name] = {};
    var stores = idbMemory[name];
    var db = {
      name: name,
      transaction: function () {
        return {objectStore: function (store) {
          if (!stores[store]) stores[store] = new Map();
          return idbStore(stores[store]);
        }};
      },
      close: function () {}
    };
    return idbRequest(function () { return db; });
  };
  IDBFactory.prototype.open.bleu2Memory = true;
}
