// The page's JavaScript: one graph of ES modules, from this entry (index.html loads it after
// its classic scripts, embed.js, boot-strings.js, boot.js and fflate, and before PyScript's
// core.js). Every module of the graph is imported here, so the browser asks for them all
// at once; each one imports what it uses, and none reads another through a global.
// The one-file page (tools/build_offline.py) imports this module from its payload.
import "./idb-memory.js";  // on this thread before PyScript's core.js opens its databases
import {keep} from "./keep.mjs";
import {remember} from "./panels.mjs";
import "./textdiff.mjs";
import "./paint.js";
import "./browser-actions.js";
import "./storage.js";
import "./corpus.js";
import "./compare.js";
import "./embed-start.mjs";
import {start} from "./host.js";
import "./tokens.js";
import "./pwa.js";

// A module runs once the page is parsed; the one-file page's may run before the body is
// parsed, or after DOMContentLoaded. First the tab's texts in the boxes (static/keep.mjs).
function begin() {
  remember();
  keep();
  start();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
else begin();
