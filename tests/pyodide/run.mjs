// Run a Python script in Pyodide under Node (for tests that compare CPython with the page's Python).
//
//   node tests/pyodide/run.mjs <pyodide dir> <script.py> [path ...]
//
// Each path (a .py file, or a directory: its .py files, recursively, outside __pycache__)
// is copied into Pyodide's file system under /home/pyodide/, which is the working
// directory and on sys.path, so `import bleu2` finds a copied bleu2/. The script runs
// with runPythonAsync; the value of its last expression, a str, is written to stdout.
// What the script prints goes to stderr.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, script, ...paths] = process.argv.slice(2);
if (!pyodideDir || !script) {
  console.error("usage: node tests/pyodide/run.mjs <pyodide dir> <script.py> [path ...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  env: { HOME: "/home/pyodide" },
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
const home = "/home/pyodide";

function copy(source, target) {
  if (statSync(source).isDirectory()) {
    pyodide.FS.mkdirTree(target);
    for (const name of readdirSync(source).sort()) {
      if (name === "__pycache__") continue;
      const child = path.join(source, name);
      if (statSync(child).isDirectory() || name.endsWith(".py")) copy(child, `${target}/${name}`);
    }
  } else {
    pyodide.FS.writeFile(target, readFileSync(source));
  }
}
pyodide.FS.mkdirTree(home);
for (const p of paths) copy(p, `${home}/${path.basename(path.resolve(p))}`);
pyodide.runPython(`import os, sys; os.chdir(${JSON.stringify(home)}); sys.path.insert(0, ${JSON.stringify(home)})`);
const result = await pyodide.runPythonAsync(readFileSync(script, "utf8"));
process.stdout.write(String(result));
