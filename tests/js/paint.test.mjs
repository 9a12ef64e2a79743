// static/paint.js's painters in Node's own test runner, on index.html parsed by linkedom
// (tests/js/dom.mjs): each is given the data the page's Python sends and the DOM is checked.
import {BODY, document} from "./dom.mjs";
import assert from "node:assert/strict";
import {beforeEach, test} from "node:test";
import {actions} from "../../static/browser-actions.js";
import {paint} from "../../static/paint.js";

const $ = (id) => document.getElementById(id);
const texts = (nodes) => Array.from(nodes, (node) => node.textContent);

beforeEach(() => { document.body.innerHTML = BODY; });

test("element updates write text, attributes, properties and classes, and skip ids not on the page", () => {
  paint.update({
    "summary-score": {text: "0.4671"},
    "reference-remove": {attrs: {"aria-label": "Remove reference 1", hidden: null}},
    candidate: {props: {placeholder: "Type here"}},
    summary: {classes: {stale: true, idle: false}},
    "not-on-the-page": {text: "x"}
  });
  assert.equal($("summary-score").textContent, "0.4671");
  assert.equal($("reference-remove").getAttribute("aria-label"), "Remove reference 1");
  assert.equal($("reference-remove").hasAttribute("hidden"), false);
  assert.equal($("candidate").placeholder, "Type here");
  assert.equal($("summary").classList.contains("stale"), true);
  assert.equal($("summary").classList.contains("idle"), false);
  assert.equal($("not-on-the-page"), null);
});

test("user text is written as text, never parsed as HTML", () => {
  paint.update({"summary-score": {text: "<b>bold</b>"}, "candidate-tokens": {chips: {items: ["<i>x</i>"], sep: " "}}});
  assert.equal($("summary-score").textContent, "<b>bold</b>");
  assert.equal($("summary-score").querySelector("b"), null);
  assert.equal($("candidate-tokens").querySelector("i"), null);
  assert.equal($("candidate-tokens").textContent, "<i>x</i>");
});

test("chips: one bidi-isolated span per item, the separator between them, a <wbr> after each to break", () => {
  paint.update({"candidate-tokens": {chips: {items: ["the", "cat", "مرحبا"], sep: " · ", class: "chip", break: true}}});
  const list = $("candidate-tokens");
  assert.deepEqual(texts(list.querySelectorAll("span.chip")), ["the", "cat", "مرحبا"]);
  assert.deepEqual(Array.from(list.querySelectorAll("span"), (s) => s.getAttribute("dir")), ["auto", "auto", "auto"]);
  assert.equal(list.querySelectorAll("wbr").length, 3);
  assert.equal(list.textContent, "the · cat · مرحبا");
});

test("boxes: added like the first of their kind, removed from the end, values written in order", () => {
  paint.boxes("candidate", JSON.stringify(["candidate", "candidate-2", "candidate-3"]), JSON.stringify(["a", "b", "12 مرحبا"]));
  const areas = $("candidates").querySelectorAll("textarea");
  assert.deepEqual(Array.from(areas, (a) => a.id), ["candidate", "candidate-2", "candidate-3"]);
  assert.deepEqual(Array.from(areas, (a) => a.value), ["a", "b", "12 مرحبا"]);
  for (const part of ["-box", "-label", "-remove", "-token-count", "-tokens", "-tokens-more"]) {
    assert.ok($("candidate-3" + part), "candidate-3" + part);
  }
  assert.equal($("candidate-3-label").getAttribute("for"), "candidate-3");
  // the direction from each text's first strong character, never dir="auto" (the browser's scan of it all)
  // (left to right is the page's own: no attribute then)
  assert.deepEqual(Array.from(areas, (a) => a.getAttribute("dir")), [null, null, "rtl"]);
  assert.equal($("candidate-3").getAttribute("data-dir"), "first-strong");
  paint.boxes("candidate", JSON.stringify(["candidate", "candidate-2"]), null);  // texts kept
  assert.equal($("candidate-3-box"), null);
  assert.deepEqual(Array.from($("candidates").querySelectorAll("textarea"), (a) => a.value), ["a", "b"]);
});

test("a box is read as the change since its last read, in code points; unchanged, as null", () => {
  const box = $("reference");
  box.value = "the cat";
  assert.deepEqual(paint.read("reference"), [0, 0, "the cat", 7]);
  box.value = "the 😀 cat";
  assert.deepEqual(paint.changed("reference"), [4, 3, "😀 ", 9]);
  assert.equal(paint.changed("reference"), null);
});

test("the ranking is built with its selected row, then only its cells' texts change", () => {
  const row = (index, score) => ({index, number: index + 1, cells: [String(index + 1), "the cat", score, "1.0000"],
                                  button: `Candidate ${index + 1}`, title: `Show candidate ${index + 1}`});
  paint.ranking(JSON.stringify({head: ["#", "Candidate", "BLEU", "p1"], rows: [row(0, "0.5"), row(1, "0.4")],
                                selected: 1, rebuild: true}));
  assert.deepEqual(texts($("ranking-head").querySelectorAll("th")), ["#", "Candidate", "BLEU", "p1"]);
  const rows = $("ranking-body").querySelectorAll("tr");
  assert.deepEqual(Array.from(rows, (r) => r.id), ["rank-row-1", "rank-row-2"]);
  // a phone shows each number under its column's name (static/style.css stacks the row)
  assert.deepEqual(Array.from(rows[0].querySelectorAll("td"), (c) => c.getAttribute("data-label")), ["#", "BLEU", "p1"]);
  assert.equal(rows[1].className, "selected");
  const buttons = $("ranking-body").querySelectorAll("button.rank-select");
  assert.deepEqual(Array.from(buttons, (b) => b.getAttribute("aria-pressed")), ["false", "true"]);
  assert.deepEqual(Array.from(buttons, (b) => b.getAttribute("data-index")), ["0", "1"]);
  const score = rows[0].querySelector("td.score");
  assert.equal(score.textContent, "0.5");
  paint.ranking(JSON.stringify({head: null, rows: [row(0, "0.6"), row(1, "0.4")], selected: 1, rebuild: false}));
  assert.equal($("ranking-body").querySelectorAll("tr")[0].querySelector("td.score"), score, "the same cell");
  assert.equal(score.textContent, "0.6");
});

// bleu2.page.sentence.updates.order_rows's for p1..p3 (tests/page/test_updates.py checks it is)
const ORDER_ROWS = {"remove": "tr.order-row", "before": "ref-len-row", "elements": [{"tag": "tr", "attrs": {"id": "p1-row", "class": "order-row"}, "children": [{"tag": "th", "attrs": {"scope": "row"}, "children": ["p", {"tag": "sub", "text": "1"}, " ", {"tag": "span", "attrs": {"class": "term-name"}, "text": "unigrams"}]}, {"tag": "td", "attrs": {"id": "p1-fraction", "class": "num"}}, {"tag": "td", "attrs": {"id": "p1-value", "class": "num"}}, {"tag": "td", "attrs": {"id": "p1-note", "class": "note"}}]}, {"tag": "tr", "attrs": {"id": "p2-row", "class": "order-row"}, "children": [{"tag": "th", "attrs": {"scope": "row"}, "children": ["p", {"tag": "sub", "text": "2"}, " ", {"tag": "span", "attrs": {"class": "term-name"}, "text": "bigrams"}]}, {"tag": "td", "attrs": {"id": "p2-fraction", "class": "num"}}, {"tag": "td", "attrs": {"id": "p2-value", "class": "num"}}, {"tag": "td", "attrs": {"id": "p2-note", "class": "note"}}]}, {"tag": "tr", "attrs": {"id": "p3-row", "class": "order-row"}, "children": [{"tag": "th", "attrs": {"scope": "row"}, "children": ["p", {"tag": "sub", "text": "3"}, " ", {"tag": "span", "attrs": {"class": "term-name"}, "text": "trigrams"}]}, {"tag": "td", "attrs": {"id": "p3-fraction", "class": "num"}}, {"tag": "td", "attrs": {"id": "p3-value", "class": "num"}}, {"tag": "td", "attrs": {"id": "p3-note", "class": "note"}}]}]};

test("the terms table gets its p1..pN rows before the r row, in place of the last ones (insert)", () => {
  paint.insert("terms-body", JSON.stringify(ORDER_ROWS));
  paint.insert("terms-body", JSON.stringify({...ORDER_ROWS, elements: ORDER_ROWS.elements.slice(0, 2)}));
  const ids = Array.from($("terms-body").querySelectorAll("tr"), (r) => r.id);
  assert.deepEqual(ids.slice(ids.indexOf("p1-row"), ids.indexOf("ref-len-row") + 1), ["p1-row", "p2-row", "ref-len-row"]);
  assert.equal(ids.filter((id) => id === "p3-row").length, 0);
  for (const part of ["fraction", "value", "note"]) assert.ok($("p2-" + part), part);
  assert.equal($("p2-row").querySelector("sub").textContent, "2");
  assert.equal($("p2-row").querySelector(".term-name").textContent, "bigrams");
});

test("a breakdown table: its head, a header cell per row, numbers in the others, each naming its column", () => {
  paint.table("metric-table", JSON.stringify({head: ["n", "precision", "recall"],
                                              rows: [{cells: ["1", "0.8", "0.7"]}, {cells: ["chrF", "", "0.74"], class: "total"}]}));
  const table = $("metric-table");
  assert.deepEqual(texts(table.querySelectorAll("thead th")), ["n", "precision", "recall"]);
  const rows = table.querySelectorAll("tbody tr");
  assert.equal(rows.length, 2);
  assert.equal(rows[1].className, "total");
  assert.deepEqual(texts(rows[1].querySelectorAll("th")), ["chrF"]);
  assert.deepEqual(Array.from(rows[0].querySelectorAll("td"), (td) => [td.className, td.textContent, td.getAttribute("data-label")]),
                   [["num", "0.8", "precision"], ["num", "0.7", "recall"]]);
});

test("highlight: a section per text, a line per order, one Tab stop per line; the old detail is hidden", () => {
  $("hl-detail").hidden = false;
  $("hl-detail").textContent = "the: 2 of 2";
  paint.highlight("hl-candidate", JSON.stringify([{title: "Candidate", id: "hl-cand", orders: [
    {n: 1, heading: "Unigrams (2 of 3)", line: {"class": "hl-line hl-order-1", "data-order": "1"},
     items: [["the", "tok hl-matched"], ["cat", "tok hl-unmatched"], ["sat", "tok hl-matched"]]},
    {n: 2, heading: "Bigrams", line: {"class": "hl-line hl-order-2", "data-order": "2"}, items: [["the cat", "tok hl-clipped gram"]],
     more: "and 5 more"}
  ]}]));
  assert.equal($("hl-detail").textContent, "");
  assert.equal($("hl-detail").hidden, true);
  const section = $("hl-cand");
  assert.equal(section.querySelector("h4").textContent, "Candidate");
  assert.deepEqual(texts(section.querySelectorAll(".hl-order-title")), ["Unigrams (2 of 3)", "Bigrams"]);
  const unigrams = section.querySelectorAll(".hl-order-1 .tok");
  assert.deepEqual(Array.from(unigrams, (t) => t.className), ["tok hl-matched", "tok hl-unmatched", "tok hl-matched"]);
  assert.deepEqual(Array.from(unigrams, (t) => t.getAttribute("tabindex")), ["0", null, null]);
  assert.equal(section.querySelector(".hl-order-2 .tok").className, "tok hl-clipped gram");
  assert.equal(section.querySelector(".hl-order-2").getAttribute("data-order"), "2");
  assert.equal(section.querySelector(".hl-order-2 .more").textContent, "and 5 more");
});

test("svg: the drawing's elements in the SVG namespace, texts as text", () => {
  paint.svg("chart", JSON.stringify({attrs: {viewBox: "0 0 100 50", role: "img"}, elements: [
    {tag: "title", text: "p1 and p2"},
    {tag: "g", attrs: {"class": "bars"}, children: [{tag: "rect", attrs: {x: "0", y: "10", width: "20", height: "40"}},
                                                  {tag: "text", attrs: {x: "0", y: "8"}, text: "<0.8>"}]}
  ]}));
  const svg = $("chart").firstChild;
  assert.equal(svg.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(svg.getAttribute("viewBox"), "0 0 100 50");
  assert.equal(svg.querySelector("title").textContent, "p1 and p2");
  assert.equal(svg.querySelector("g.bars rect").getAttribute("height"), "40");
  assert.equal(svg.querySelector("g.bars text").textContent, "<0.8>");
  assert.equal(svg.querySelector("g.bars rect").namespaceURI, "http://www.w3.org/2000/svg");
});

test("help is built once; then only its texts change, so an open question stays open", () => {
  const help = (n) => JSON.stringify({heading: "How it works", intro: `intro ${n}`, steps: [`one ${n}`, `two ${n}`],
                                      faq_heading: "Questions", faq: [{id: "faq-bp", q: "What is BP?", a: `BP is ${n}`}]});
  paint.help(help(1));
  const question = $("faq-bp");
  question.setAttribute("open", "");
  paint.help(help(2));
  assert.equal($("faq-bp"), question, "the same element");
  assert.equal(question.hasAttribute("open"), true);
  assert.equal(question.querySelector("p").textContent, "BP is 2");
  assert.deepEqual(texts($("help-body").querySelectorAll("ol li")), ["one 2", "two 2"]);
  assert.equal($("help-body").querySelector(".help-intro").textContent, "intro 2");
  assert.equal($("faq-heading").textContent, "Questions");
});

test("a list's items, with a button for an item's action", () => {
  paint.items("hints", JSON.stringify([["hint", "Many lines: corpus mode scores test sets.", {id: "hint-corpus", label: "Corpus mode"}],
                                       ["hint warn", "No reference."]]));
  const items = $("hints").querySelectorAll("li");
  assert.deepEqual(Array.from(items, (li) => li.className), ["hint", "hint warn"]);
  assert.equal($("hint-corpus").textContent, "Corpus mode");
  assert.equal($("hint-corpus").closest("li"), items[0]);
  assert.equal(items[1].textContent, "No reference.");
});

test("translate: every [data-i18n] element's text, the options' labels and the title", () => {
  paint.translate(JSON.stringify({strings: {clear: "Borrar", add_candidate: "Añadir candidata"},
                                  options: {"opt-lowercase": {auto: "Auto", yes: "Sí", no: "No"}}, title: "Calculadora BLEU"}));
  assert.equal($("clear").textContent, "Borrar");
  assert.equal($("add-candidate").textContent, "Añadir candidata");
  assert.deepEqual(texts($("opt-lowercase").querySelectorAll("option")), ["Auto", "Sí", "No"]);
  assert.equal(document.title, "Calculadora BLEU");
});

test("fragment: the URL's fragment replaced, the URL before returned", () => {
  location.hash = "#old";
  assert.equal(actions.fragment("v1.abc"), "https://example.org/bleu2/#old");
  assert.equal(location.hash, "#v1.abc");
  actions.fragment("");
  assert.equal(location.hash, "");
});
