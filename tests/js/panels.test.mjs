// static/panels.mjs under node --test, on index.html parsed by linkedom (tests/js/dom.mjs):
// the Options panel starts collapsed; opening or closing it is remembered for the next
// page; where storage is denied, the page's default stands.
import {BODY, document, fire} from "./dom.mjs";
import assert from "node:assert/strict";
import {test} from "node:test";
import {remember} from "../../static/panels.mjs";

function storage(items = {}) {
  return {getItem: (k) => (k in items ? items[k] : null), setItem: (k, v) => { items[k] = String(v); }, items};
}
function page() {
  document.body.innerHTML = BODY;
  return document.getElementById("options");
}

test("the Options panel starts collapsed, and opening it is remembered for the next page", () => {
  const options = page(), local = storage();
  assert.equal(options.hasAttribute("open"), false);
  remember(document, {localStorage: local});
  assert.equal(options.hasAttribute("open"), false);  // nothing remembered: the page's default
  options.setAttribute("open", "");
  fire(options, "toggle");
  assert.equal(local.items["bleu2-open.options"], "1");
  const next = page();  // a reload
  remember(document, {localStorage: local});
  assert.equal(next.hasAttribute("open"), true);
  next.removeAttribute("open");
  fire(next, "toggle");
  assert.equal(local.items["bleu2-open.options"], "0");
  const third = page();
  remember(document, {localStorage: local});
  assert.equal(third.hasAttribute("open"), false);
});

test("where storage is denied the panel keeps the page's default and toggles still work", () => {
  const options = page();
  const denied = {getItem() { throw new Error("SecurityError"); }, setItem() { throw new Error("SecurityError"); }};
  remember(document, {localStorage: denied});
  options.setAttribute("open", "");
  assert.doesNotThrow(() => fire(options, "toggle"));
  assert.equal(options.hasAttribute("open"), true);
});
