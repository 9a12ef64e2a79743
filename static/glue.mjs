// The page's glue once its Python may start (static/page.mjs imports it at once, or in a
// waiting embed once the reader touches it): every module of this graph is imported here,
// so the browser asks for them all at once; each one imports what it uses, and none reads
// another through a global. A waiting embed loads none of them (nor PyScript's core.js, nor
// the Pyodide entry): only page.mjs's own small graph.
import "./idb-memory.js";  // on this thread before PyScript's core.js opens its databases
import "./browser-actions.js";
import "./corpus.js";
import "./compare.js";
import "./tokens.js";
import "./pwa.js";

export {start} from "./host.js";
