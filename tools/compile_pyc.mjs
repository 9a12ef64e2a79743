// Compile the Python the page runs from source at every start, with the page's own Pyodide
// (run by tools/build_site.py with Node), into bytecode that the page's archive carries.
//
//   node tools/compile_pyc.mjs <pyodide dir> <output dir> [<path in the working dir>=<file> ...]
//
// Before the page's script, PyScript writes its own Python package (`pyscript/*.py`) into
// the working directory and imports it; and the page's script (static/app.py, which
// pyscript.toml's [files] writes there as app.py; the one-file offline page's) is imported
// as a module; the page's worker imports PyScript's package too. Compiling them
// in WebAssembly costs a few hundred milliseconds on a cold start. Each is written to
// <output dir>/<its folder>/__pycache__/<module>.<cache tag>.pyc with a checked source hash
// (PEP 552): once bleu2.zip has unpacked them there, Python checks the hash of the source
// it finds and reads the bytecode; a source that differs is compiled, as without them.
//
// PyScript's package comes from @pyscript/core's generated src/stdlib/pyscript.js, the very
// sources its dist bundle inlines (checked here: the build fails if the bundle differs).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, outDir, ...pairs] = process.argv.slice(2);
if (!pyodideDir || !outDir || pairs.some((pair) => !pair.includes("="))) {
  console.error("usage: node tools/compile_pyc.mjs <pyodide dir> <output dir> [<path>=<file> ...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {} });

const core = path.resolve("node_modules/@pyscript/core");
const { default: tree } = await import(pathToFileURL(path.join(core, "src/stdlib/pyscript.js")).href);
const bundle = readdirSync(path.join(core, "dist"))
  .filter((name) => /^core-.*\.js$/.test(name))
  .map((name) => readFileSync(path.join(core, "dist", name), "utf8"))
  .join("");
const sources = []; // [path in the working directory, source bytes]
for (const [name, source] of Object.entries(tree.pyscript)) {
  if (typeof source !== "string" || !name.endsWith(".py")) throw new Error(`unexpected entry in PyScript's package: ${name}`);
  if (!bundle.includes(JSON.stringify(source))) throw new Error(`PyScript's dist bundle does not write src/stdlib's ${name}`);
  sources.push([`pyscript/${name}`, new TextEncoder().encode(source)]); // written as UTF-8 text
}
for (const pair of pairs) {
  const [target, file] = pair.split("=");
  sources.push([target, new Uint8Array(readFileSync(file))]); // written as fetched
}

const compile = pyodide.runPython(
  `
import sys
from importlib import _bootstrap_external as external, util
def compile_pyc(target, data):
    data = bytes(data)
    code = compile(data, "/home/pyodide/" + target, "exec", dont_inherit=True)
    return util.cache_from_source(target), bytes(external._code_to_hash_pyc(code, util.source_hash(data), True))
compile_pyc`,
  { globals: pyodide.toPy({}) },
);
for (const [target, data] of sources) {
  const [pyc, bytes] = compile(target, data).toJs();
  mkdirSync(path.dirname(path.join(outDir, pyc)), { recursive: true });
  writeFileSync(path.join(outDir, pyc), bytes);
}
console.log(`[compile_pyc] ${sources.length} modules compiled into ${outDir}`);
