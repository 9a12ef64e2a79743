// static/direction.mjs: a text box's direction from its first strong character (a letter),
// set as dir="ltr"/"rtl" on the boxes marked data-dir="first-strong", never dir="auto".
import {BODY, document} from "./dom.mjs";
import assert from "node:assert/strict";
import {beforeEach, test} from "node:test";
import {applyDirection, firstStrong, watchDirections} from "../../static/direction.mjs";

const $ = (id) => document.getElementById(id);

beforeEach(() => { document.body.innerHTML = BODY; });

test("the first letter decides: digits, spaces and punctuation before it do not", () => {
  assert.equal(firstStrong("the cat"), "ltr");
  assert.equal(firstStrong("שלום world"), "rtl");
  assert.equal(firstStrong("  12, (3) — مرحبا cat"), "rtl");
  assert.equal(firstStrong("2024: the cat שלום"), "ltr");
  assert.equal(firstStrong("ܫܠܡܐ"), "rtl");  // Syriac
  assert.equal(firstStrong("日本語 مرحبا"), "ltr");
  assert.equal(firstStrong("123 !?"), null);
  assert.equal(firstStrong(""), null);
});

test("a marked box gets dir where its text's direction is not the page's, and loses it otherwise", () => {
  const box = $("reference");
  assert.equal(box.getAttribute("data-dir"), "first-strong");
  assert.equal(box.hasAttribute("dir"), false);  // index.html: no dir="auto"
  box.value = "مرحبا بالعالم";
  applyDirection(box);
  assert.equal(box.getAttribute("dir"), "rtl");
  box.value = "42";
  applyDirection(box);
  assert.equal(box.hasAttribute("dir"), false);
  box.value = "مرحبا";
  applyDirection(box);
  box.value = "hello";
  applyDirection(box);
  assert.equal(box.hasAttribute("dir"), false);  // the page's own direction (ltr)
  document.documentElement.setAttribute("dir", "rtl");
  applyDirection(box);
  assert.equal(box.getAttribute("dir"), "ltr");  // in a right-to-left page
  document.documentElement.removeAttribute("dir");
});

test("every text box of index.html is marked, input events set the direction, other boxes are left alone", () => {
  for (const id of ["reference", "candidate", "corpus-references-paste", "corpus-systems-paste"]) {
    assert.equal($(id).getAttribute("data-dir"), "first-strong", id);
    assert.notEqual($(id).getAttribute("dir"), "auto", id);
  }
  watchDirections(document);
  const paste = $("corpus-systems-paste");
  paste.value = "שלום\nעולם";
  paste.dispatchEvent(new document.defaultView.Event("input", {bubbles: true}));
  assert.equal(paste.getAttribute("dir"), "rtl");
  const copy = $("json-copy-area");
  copy.value = "שלום";
  copy.dispatchEvent(new document.defaultView.Event("input", {bubbles: true}));
  assert.equal(copy.getAttribute("dir"), "ltr");  // not marked: keeps its own, though its text is Hebrew
});
