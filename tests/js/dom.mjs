// The page for the page's modules under node --test: index.html parsed by linkedom (a
// devDependency), and the few browser globals the modules read. Import this module before
// any module of static/ (imports run in order): static/host.js reads the document when it
// is loaded.
import {readFileSync} from "node:fs";
import {parseHTML} from "linkedom";

const PAGE = readFileSync(new URL("../../index.html", import.meta.url), "utf8");
const {window, document} = parseHTML(PAGE);

// What linkedom lacks of the DOM the painters use (a browser has each): a table's tHead and
// tBodies, a select's value setter (the option of that value is selected), a text area's
// select() (what is selected is not looked at here).
function descriptor(node, name) {
  for (let proto = node; proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, name);
    if (found) return found;
  }
  return undefined;
}
const table = Object.getPrototypeOf(document.createElement("table"));
if (!("tHead" in table)) {
  Object.defineProperty(table, "tHead", {get() { return this.querySelector(":scope > thead"); }});
  Object.defineProperty(table, "tBodies", {get() { return this.querySelectorAll(":scope > tbody"); }});
}
const select = Object.getPrototypeOf(document.createElement("select"));
const selectValue = descriptor(select, "value");
if (selectValue && !selectValue.set) {
  Object.defineProperty(select, "value", {
    get: selectValue.get,
    set(value) {
      for (const option of this.querySelectorAll("option")) option.toggleAttribute("selected", option.value === String(value));
    }
  });
}
const textArea = Object.getPrototypeOf(document.createElement("textarea"));
if (!("select" in textArea)) textArea.select = function () {};

// The tab's sessionStorage, in memory.
class MemoryStorage {
  #items = new Map();
  get length() { return this.#items.size; }
  key(i) { return Array.from(this.#items.keys())[i] ?? null; }
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
  removeItem(key) { this.#items.delete(key); }
  clear() { this.#items.clear(); }
}

// location and history: replaceState changes the URL (the page's share links).
const location = new URL("https://example.org/bleu2/");
const history = {
  replaceState(_state, _title, url) {
    const next = new URL(url, location.href);
    location.hash = next.hash;
    location.search = next.search;
    location.pathname = next.pathname;
  }
};

const events = new window.EventTarget();
const globals = {
  window: globalThis,
  document,
  location,
  history,
  navigator: {languages: ["en"], language: "en"},
  sessionStorage: new MemoryStorage(),
  Event: window.Event,
  CustomEvent: window.CustomEvent,
  addEventListener: events.addEventListener.bind(events),
  removeEventListener: events.removeEventListener.bind(events),
  dispatchEvent: events.dispatchEvent.bind(events),
  name: "",
  parent: globalThis,
  frames: [globalThis]
};
for (const [name, value] of Object.entries(globals)) {
  Object.defineProperty(globalThis, name, {value, writable: true, configurable: true});
}

// The markup of index.html's <body>: a test that needs the page as loaded writes it back.
export const BODY = document.body.innerHTML;

// An event as the browser sends it (it bubbles).
export function fire(node, type) {
  node.dispatchEvent(new window.Event(type, {bubbles: true}));
}

export {document};
