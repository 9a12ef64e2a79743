// Make a Pyodide memory snapshot for the page (run by tools/build_site.py with Node).
//
//   node tools/make_snapshot.mjs <pyodide dir> <output .gz> <module,module,...> [archive.zip] [stdlib.zip]
//
// Booting CPython inside WebAssembly takes seconds; restoring a snapshot of the memory
// of an interpreter that has already booted (and imported the standard-library modules
// bleu2 uses) takes a fraction of that. Pyodide's snapshot API is `_makeSnapshot` /
// `makeMemorySnapshot()` / `_loadSnapshot` (marked experimental, so the version is pinned);
// static/pyodide-boot.mjs loads the snapshot in the page and falls back to a normal
// boot without it. Nothing of this machine goes in: Pyodide starts with an empty
// environment (HOME=/home/pyodide) and no host directory is mounted.
//
// The archive (the build passes build/bleu2.zip, the one the page's pyscript.toml unpacks
// with [files] "./bleu2.zip" = "./*") is unpacked into Pyodide's file system at
// /home/pyodide/, where PyScript puts the same files in the page, so its modules can be
// imported into the snapshot too: compiling bleu2's source in WebAssembly is most of what
// is left of the page's start-up.
import { gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

// [stdlib.zip]: the standard-library zip to boot with (default: the one in <pyodide dir>).
// Written next to the output: <output>.modules.json, the modules the snapshot holds
// imported (sys.modules), which the page's own standard-library zip can leave out.
const [pyodideDir, output, modules = "", archive = "", stdlib = ""] = process.argv.slice(2);
if (!pyodideDir || !output) {
  console.error("usage: node tools/make_snapshot.mjs <pyodide dir> <output .gz> [modules]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  _makeSnapshot: true,
  ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}),
  env: { HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
const home = "/home/pyodide";
if (archive) {
  pyodide.FS.mkdirTree(home);
  pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: home });
  pyodide.runPython(`import os, sys\nos.chdir("${home}")\nsys.path.insert(0, "${home}") if "${home}" not in sys.path else None`);
}
const names = modules.split(",").map((s) => s.trim()).filter(Boolean);
for (const name of names) {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error(`bad module name: ${name}`);
}
if (names.length) pyodide.runPython(`import ${names.join(", ")}`);
// The modules now loaded; then forget zipimport's index of the zip booted with, so that the
// page reads the index of its own zip (which leaves those modules out) at its first import.
const loaded = pyodide.runPython(`
import sys, zipimport
_loaded = sorted(sys.modules)
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
_loaded`).toJs();
writeFileSync(output + ".modules.json", JSON.stringify(loaded) + "\n");
pyodide.runPython("del _loaded");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(snapshot, { level: 6 }));
console.log(`[make_snapshot] ${output}: ${(snapshot.length / 1e6).toFixed(1)} MB (gzip written), pre-imported: ${names.join(" ") || "nothing"}`);
