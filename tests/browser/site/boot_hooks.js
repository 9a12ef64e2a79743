
// --- the test build only (tests/browser/site/boot_hooks.js, appended to
// static/pyodide-boot.mjs by tools/test_site.py; never in _site/): globalThis.bleu2Boot says
// how this thread booted ("snapshot", "normal" or "fallback"), for the browser tests and the
// benchmarks (through the Python probe): the detail of its last "bleu2:pyodide-ready" mark.
Object.defineProperty(globalThis, "bleu2Boot", {
  configurable: true,
  get() {
    const ready = performance.getEntriesByName("bleu2:pyodide-ready");
    return ready.length ? ready[ready.length - 1].detail : undefined;
  },
});
