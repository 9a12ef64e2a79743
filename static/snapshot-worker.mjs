// Makes this browser's Pyodide memory snapshot, in a worker of its own (static/snapshot.mjs
// starts it once the page is ready; it posts {ok, size} or {ok: false, error} and is
// ended). It does in the browser what a build would under Node: boot Pyodide with its
// snapshot option, unpack the page's bleu2.zip where PyScript unpacks it
// (/home/pyodide, the working directory), import the standard-library modules and bleu2's
// modules the page runs (BUILD.modules), forget zipimport's index of the zip, and keep
// pyodide.makeMemorySnapshot() under the build's key. Every file it reads is one the page
// has already fetched (the browser's cache, or the service worker's).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { keepSnapshot, snapshotBuild } from "./snapshot.mjs";

const base = new URL("./vendor/pyodide/", import.meta.url).href;
const home = "/home/pyodide";

async function make() {
  if (!snapshotBuild) throw new Error("the site was not built");
  const names = snapshotBuild.modules;
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error(`bad module name: ${name}`);
  }
  const archive = fetch(new URL("../bleu2.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`bleu2.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  archive.catch(() => {});
  const pyodide = await loadPyodide({
    indexURL: base,
    _makeSnapshot: true,
    env: { HOME: home },
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.FS.mkdirTree(home);
  pyodide.unpackArchive(new Uint8Array(await archive), "zip", { extractDir: home });
  pyodide.runPython(`import os, sys\nos.chdir("${home}")\nsys.path.insert(0, "${home}") if "${home}" not in sys.path else None`);
  if (names.length) pyodide.runPython(`import ${names.join(", ")}`);
  pyodide.runPython("import sys, zipimport\nzipimport._zip_directory_cache.clear()\nsys.path_importer_cache.clear()");
  const snapshot = pyodide.makeMemorySnapshot();
  await keepSnapshot(snapshot);
  return snapshot.length;
}

make().then(
  (size) => postMessage({ ok: true, size }),
  (error) => postMessage({ ok: false, error: String((error && error.message) || error) }),
);
