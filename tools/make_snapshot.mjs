// Make a Pyodide memory snapshot for the page (run by tools/build_site.py with Node).
//
//   node tools/make_snapshot.mjs <pyodide dir> <output .gz> <module,module,...> [package dir ...]
//
// Booting CPython inside WebAssembly takes seconds; restoring a snapshot of the memory
// of an interpreter that has already booted (and imported the standard-library modules
// bleu2 uses) takes a fraction of that. Pyodide's snapshot API is `_makeSnapshot` /
// `makeMemorySnapshot()` / `_loadSnapshot` (marked experimental, so the version is pinned);
// static/pyodide-boot.mjs loads the snapshot in the page and falls back to a normal
// boot without it. Nothing of this machine goes in: Pyodide starts with an empty
// environment (HOME=/home/pyodide) and no host directory is mounted.
//
// Each [package dir] (the build passes bleu2/) is copied into Pyodide's file system at
// /home/pyodide/<name>/, where PyScript's [files] puts the same files in the page, so
// its modules can be imported into the snapshot too: compiling bleu2's source in
// WebAssembly is most of what is left of the page's start-up.
import { gzipSync } from "node:zlib";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, output, modules = "", ...packageDirs] = process.argv.slice(2);
if (!pyodideDir || !output) {
  console.error("usage: node tools/make_snapshot.mjs <pyodide dir> <output .gz> [modules]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  _makeSnapshot: true,
  env: { HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
const home = "/home/pyodide";
for (const dir of packageDirs) {
  const target = `${home}/${path.basename(path.resolve(dir))}`;
  pyodide.FS.mkdirTree(target);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".py")).sort()) {
    pyodide.FS.writeFile(`${target}/${file}`, readFileSync(path.join(dir, file)));
  }
}
if (packageDirs.length) pyodide.runPython(`import os, sys\nos.chdir("${home}")\nsys.path.insert(0, "${home}") if "${home}" not in sys.path else None`);
const names = modules.split(",").map((s) => s.trim()).filter(Boolean);
for (const name of names) {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error(`bad module name: ${name}`);
}
if (names.length) pyodide.runPython(`import ${names.join(", ")}`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(snapshot, { level: 6 }));
console.log(`[make_snapshot] ${output}: ${(snapshot.length / 1e6).toFixed(1)} MB (gzip written), pre-imported: ${names.join(" ") || "nothing"}`);
