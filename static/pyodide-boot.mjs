// The Pyodide entry point PyScript loads (pyscript.toml: interpreter = this file).
// It is the vendored pyodide.mjs, plus:
// - start from the memory snapshot this browser made after an earlier visit
//   (static/snapshot.mjs: kept in IndexedDB under the build's key; nothing is downloaded),
//   which is several times faster than booting CPython from scratch; with none kept (a
//   first visit, a new build, no storage) or one that does not restore, it boots normally;
// - start at once: index.html runs this module as soon as it has arrived (an async module
//   script), and the boot begins then, while PyScript reads its config, opens its storage and
//   loads its plugins; when PyScript asks for Pyodide (loadPyodide below) it gets that boot,
//   its stdout/stderr put in place of the console. A worker imports this module to boot too.
// - on the served page's thread, which boots nothing: have the snapshot made once the page
//   is ready (static/snapshot.mjs's makeSnapshotLater).
// Everything comes from this origin.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";
import { forgetSnapshots, makeSnapshotLater, storedSnapshot } from "./snapshot.mjs";

export { version };

// In a worker (the served page's Python runs in one), polyscript's "IDBMap/..." databases
// kept in the worker's memory, as on the page's thread (static/idb-memory.js says why);
// polyscript opens them after importing this module.
import "./idb-memory.js";

const base = new URL("./vendor/pyodide/", import.meta.url).href;
// The one-file page (file://) keeps no snapshot: its worker cannot start there.
const offline = typeof document !== "undefined" && document.documentElement.hasAttribute("data-offline");

// The standard library is python_stdlib.zip, every module the page may import
// (tools/trim_stdlib.py), with or without the snapshot.
// Performance marks "bleu2:pyodide-start" (the boot begins), "bleu2:snapshot-ready" (the
// kept snapshot read), "bleu2:pyodide-ready" and "bleu2:pyodide-asked" (PyScript calls
// loadPyodide) say where start-up time goes (bench/page_bench.py prints them); the
// "bleu2:pyodide-ready" mark's detail says how this thread booted: "snapshot", "normal" or
// "fallback" (a kept snapshot did not restore).
async function boot(options) {
  const settings = { ...options, indexURL: base };
  let how = "normal";
  performance.mark("bleu2:pyodide-start");
  const stored = offline || location.protocol === "file:" ? null : await storedSnapshot().catch(() => null);
  if (stored) {
    try {
      // read while Pyodide fetches and compiles its WebAssembly
      const snapshot = stored.arrayBuffer().then((bytes) => {
        performance.mark("bleu2:snapshot-ready");
        return new Uint8Array(bytes);
      });
      // Pyodide awaits it only after its lock file: a failure must not count as an
      // unhandled rejection meanwhile (static/boot.js reports those)
      snapshot.catch(() => {});
      const pyodide = await loadVendored({ ...settings, _loadSnapshot: snapshot });
      performance.mark("bleu2:pyodide-ready", { detail: "snapshot" });
      return pyodide;
    } catch (error) {
      console.warn("bleu2: the kept Pyodide snapshot did not restore, booting normally:", error);
      forgetSnapshots().catch(() => {});
      how = "fallback";
    }
  }
  const pyodide = await loadVendored(settings);
  performance.mark("bleu2:pyodide-ready", { detail: how });
  return pyodide;
}

// Where the early boot's output goes until PyScript gives its own streams.
const streams = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };
// The served page runs its Python in its worker, never on the page's thread (static/host.js):
// there this module boots only when the worker asks; the one-file page (html[data-offline])
// and a worker boot at once.
const servedPage = typeof document !== "undefined" && !document.documentElement.hasAttribute("data-offline");
let early = servedPage ? null : boot({ stdout: (line) => streams.stdout(line), stderr: (line) => streams.stderr(line) });
if (early) early.catch(() => {}); // a failure is PyScript's to report, when it asks
if (servedPage) makeSnapshotLater();

// PyScript's call: options are its stdout/stderr and indexURL (replaced by this folder);
// with anything else (packages, a lock file) Pyodide is booted again with them.
export async function loadPyodide(options = {}) {
  performance.mark("bleu2:pyodide-asked");
  const { stdout, stderr, indexURL, ...rest } = options;
  if (early === null || Object.keys(rest).length > 0) return boot(options);
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  const started = early;
  early = null;
  return started;
}
