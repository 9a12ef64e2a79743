// The page's JavaScript entry, index.html's one module script (after its classic scripts,
// embed.js, boot-strings.js and boot.js). At once, what every page needs before
// Python: the boxes' direction (direction.mjs), the tab's texts in the boxes and what is
// typed kept (keep.mjs), and whether to wait for the reader (embed-start.mjs: a waiting
// embed), the Options panel as the reader left it (panels.mjs). Then, at once, or in a waiting embed once the reader touches it: the Pyodide
// entry (pyodide-boot.mjs), the rest of the glue (glue.mjs, which starts the page's worker:
// static/host.js) and PyScript's core.js. A waiting embed so loads its form and this small
// graph only (static/embed.js preloads the others where nothing waits).
// The one-file page (tools/build_offline.py) imports this module from its payload.
import {watchDirections} from "./direction.mjs";
import {touched} from "./embed-start.mjs";
import {keep} from "./keep.mjs";
import {remember} from "./panels.mjs";
import "./paint.js";
import {zlib} from "./storage.js";
import "./textdiff.mjs";

function rest() {
  zlib();  // fflate, for the tab's packed form (static/storage.js)
  const boot = import("./pyodide-boot.mjs");
  return import("./glue.mjs").then((glue) => {
    glue.start();
    return Promise.all([boot, import("./vendor/pyscript/core.js")]);
  });
}

// A module runs once the page is parsed; the one-file page's may run before the body is
// parsed, or after DOMContentLoaded. First the tab's texts in the boxes (static/keep.mjs).
function begin() {
  watchDirections();
  remember();
  keep();
  touched().then(rest);
}
// A waiting embed begins in tasks of its own, each a few ms (not the task that ran the
// page's scripts: its docs page's main thread stays free in short steps): the tab's texts
// in the boxes first, then the boxes' direction and the wait for the reader. It has no
// Options panel to remember (static/style.css hides it in an embed). Keys typed before or
// between the steps are kept as ever (keep.mjs reads the boxes; touched() sees the focus).
function beginWaiting() {
  setTimeout(() => {
    keep();
    setTimeout(() => {
      watchDirections();
      touched().then(rest);
    }, 0);
  }, 0);
}
const start = document.documentElement.getAttribute("data-state") === "waiting" ? beginWaiting : begin;
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
