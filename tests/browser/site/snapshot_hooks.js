
// --- the test build only (tests/browser/site/snapshot_hooks.js, appended to
// static/snapshot.mjs by tools/test_site.py; never in _site/): a page whose
// globalThis.bleu2SnapshotOff is true makes no snapshot (html[data-snapshot=off]). The browser
// tests' contexts set it unless a test asks for a snapshot: no second Pyodide booted a while
// after each page is ready. The module's binding is replaced, so its importers call this one.
{
  const productMakeSnapshotLater = makeSnapshotLater;
  makeSnapshotLater = function () {
    if (globalThis.bleu2SnapshotOff === true) return document.documentElement.setAttribute("data-snapshot", "off");
    return productMakeSnapshotLater();
  };
}
