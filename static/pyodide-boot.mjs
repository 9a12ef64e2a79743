// The Pyodide entry point PyScript loads (pyscript.toml: interpreter = this file).
// It is the vendored pyodide.mjs, plus:
// - start from the memory snapshot that the build made (static/vendor/pyodide/snapshot.bin.gz,
//   see tools/make_snapshot.mjs), which is several times faster than booting CPython from
//   scratch; without a usable snapshot it boots normally;
// - start at once: index.html runs this module as soon as it has arrived (an async module
//   script), and the boot begins then, while PyScript reads its config, opens its storage and
//   loads its plugins; when PyScript asks for Pyodide (loadPyodide below) it gets that boot,
//   its stdout/stderr put in place of the console. A worker imports this module to boot too.
// Everything comes from this origin.
import { loadPyodide as loadVendored, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// In a worker (the served page's Python runs in one), polyscript's "IDBMap/..." databases
// kept in the worker's memory, as on the page's thread (static/idb-memory.js says why);
// polyscript opens them after importing this module.
import "./idb-memory.js";

const base = new URL("./vendor/pyodide/", import.meta.url).href;

async function fetchSnapshot() {
  const response = await fetch(base + "snapshot.bin.gz");
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A host may already have decoded it (Content-Encoding: gzip): look for gzip's magic.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// python_stdlib_snapshot.zip holds only the standard-library modules the page may import that the
// snapshot does not hold already; a boot without the snapshot needs python_stdlib.zip,
// every module the page may import (tools/trim_stdlib.py).
// Performance marks "bleu2:pyodide-start" (the boot begins), "bleu2:snapshot-ready" (its
// bytes decoded), "bleu2:pyodide-ready" and "bleu2:pyodide-asked" (PyScript calls
// loadPyodide) say where start-up time goes (bench/page_bench.py prints them).
async function boot(options) {
  const settings = { ...options, indexURL: base };
  performance.mark("bleu2:pyodide-start");
  try {
    // The snapshot downloads while Pyodide fetches and compiles its WebAssembly.
    const snapshot = fetchSnapshot().then((bytes) => {
      performance.mark("bleu2:snapshot-ready");
      return bytes;
    });
    // Pyodide awaits it only after its lock file: a failure (a site without the snapshot)
    // must not count as an unhandled rejection meanwhile (static/boot.js reports those)
    snapshot.catch(() => {});
    const pyodide = await loadVendored({ ...settings, stdLibURL: base + "python_stdlib_snapshot.zip", _loadSnapshot: snapshot });
    performance.mark("bleu2:pyodide-ready");
    return pyodide;
  } catch (error) {
    console.warn("bleu2: the Pyodide snapshot did not load, booting normally:", error);
  }
  const pyodide = await loadVendored({ ...settings, stdLibURL: base + "python_stdlib.zip" });
  performance.mark("bleu2:pyodide-ready");
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
