// static/host.js in Node's own test runner, on index.html parsed by linkedom (tests/js/dom.mjs),
// with a stand-in for the page's Python (the transport start() takes in place of the worker):
// what the start message and each event carry, and how the batches' commands are applied.
import {document, fire} from "./dom.mjs";
import assert from "node:assert/strict";
import {before, beforeEach, test} from "node:test";
import {host, start} from "../../static/host.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const batch = (commands, extra = {}) => JSON.stringify({commands, reply: null, idle: true, hide: null, ...extra});

// The page's Python: the start message and the events it is sent, answered by `answer`.
const python = {
  started: null,
  events: [],
  answer: () => batch([]),
  start(json) {
    this.started = JSON.parse(json);
    return Promise.resolve(JSON.stringify({
      commands: [["write", {"summary-score": {text: "–"}}], ["root", {"data-metric": "bleu"}], ["lang", "es"]],
      reply: {ok: true, modules: "bleu2.page", events: [["candidate", "input", "on_input"], ["add-candidate", "click", "on_add"]]},
      idle: true, hide: null
    }));
  },
  event(json, data) {
    const event = JSON.parse(json);
    if (data !== undefined) event.bytes = Array.from(data);
    this.events.push(event);
    return Promise.resolve(this.answer(event));
  }
};

// What the timers and callbacks started by the last batch have sent, once they have run.
const later = () => new Promise((resolve) => setTimeout(resolve, 5));
const sent = () => python.events.splice(0);
let early = [];  // what the page sent before the first test

before(async () => {
  sessionStorage.setItem("bleu2-kept", "t1.{}");
  // corpus mode's events before Python runs wait for it
  $("mode-corpus").checked = true;
  fire($("mode-corpus"), "change");
  fire($("corpus-score"), "click");
  await start(python);
  await later();
  early = sent();
});

beforeEach(() => {
  python.answer = () => batch([]);
  sent();
});

test("the start message carries the context, the tab's storage and the boxes; its batch makes the page ready", () => {
  const first = python.started;
  assert.deepEqual(first.context, {languages: ["en"], chosen_language: null, embed: false, pathname: "/bleu2/", texts_shown: false, example: true});
  assert.deepEqual(first.storage, {"bleu2-kept": "t1.{}"});
  assert.equal(first.denied, null);
  assert.deepEqual(first.boxes, {reference: [["reference", 0, 0, "", 0]], candidate: [["candidate", 0, 0, "", 0]]});
  assert.equal(first.form["opt-max-order"].value, "2");
  assert.equal(first.href, "https://example.org/bleu2/");
  assert.equal($("summary-score").textContent, "–");
  assert.equal(root.getAttribute("data-metric"), "bleu");
  assert.equal(root.lang, "es");
  assert.equal(root.getAttribute("data-state"), "ready");
});

test("corpus mode's events from before the start go in after it, in order", () => {
  assert.deepEqual(early.map((e) => [e.corpus, e.args]), [["show_mode", ["corpus"]], ["score", []]]);
});

test("a wired event goes in with what changed in the boxes since the last event, and only that", async () => {
  $("candidate").value = "the cat";
  fire($("candidate"), "input");
  fire($("add-candidate"), "click");
  await later();
  const [input, click] = sent();
  assert.equal(input.sentence, "on_input");
  assert.deepEqual(input.event, {type: "input", target: "candidate", button: "", data: {}});
  assert.deepEqual(input.boxes.candidate, [["candidate", 0, 0, "the cat", 7]]);
  assert.deepEqual(input.boxes.reference, [["reference"]]);
  assert.equal(click.sentence, "on_add");
  assert.equal(click.event.button, "add-candidate");
  assert.deepEqual(click.boxes.candidate, [["candidate"]], "nothing changed since");
});

test("events go in one at a time: the next once the last one's batch is applied", async () => {
  const answers = [];
  python.answer = () => new Promise((resolve) => answers.push(resolve));
  const first = host.send({sentence: "on_first", event: {}});
  const second = host.send({sentence: "on_second", event: {}});
  assert.deepEqual(python.events.map((e) => e.sentence), ["on_first"]);
  answers[0](batch([["write", {"summary-score": {text: "first"}}]], {reply: "one"}));
  assert.equal(await first, "one");
  assert.equal($("summary-score").textContent, "first");
  await later();
  assert.deepEqual(python.events.map((e) => e.sentence), ["on_first", "on_second"]);
  answers[1](batch([], {reply: "two"}));
  assert.equal(await second, "two");
});

test("commands are applied in order; one that fails is logged and the others still apply", async (t) => {
  const errors = t.mock.method(console, "error", () => {});
  python.answer = () => batch([
    ["write", {"summary-score": {text: "1"}}],
    ["paint", "noSuchPainter", "{}"],
    ["write", {"summary-terms": {text: "2"}}],
    ["fragment", "v1.xyz"],
    ["focus", "#reference"]
  ]);
  await host.send({sentence: "on_x", event: {}});
  assert.equal($("summary-score").textContent, "1");
  assert.equal($("summary-terms").textContent, "2");
  assert.equal(location.hash, "#v1.xyz");
  assert.equal(errors.mock.callCount(), 1);
  assert.match(errors.mock.calls[0].arguments[0], /^bleu2 page: paint: /);
});

test("paint and corpusPaint reach the painters by name: the sentence view's, corpus mode's, the Compare view's", async () => {
  python.answer = () => batch([
    ["paint", "items", JSON.stringify([["hint", "A hint."]]), "hints"],
    ["paint", "help", JSON.stringify({heading: "How", intro: "i", steps: ["s"], faq_heading: "Q", faq: []})],
    ["corpusPaint", "files", JSON.stringify({references: [{id: 3, name: "ref.txt", lines: 2, remove: "Remove ref.txt"}],
                                             systems: [{id: 4, name: "sys.txt", lines: 2, remove: "Remove sys.txt"}],
                                             baseline: "4"})],
    ["corpusPaint", "compareLines", JSON.stringify({caption: "Lines", items: [], more: ""}), "compare-lines-body"]
  ]);
  await host.send({sentence: "on_x", event: {}});
  assert.equal($("hints").textContent, "A hint.");
  assert.equal($("help-heading").textContent, "How");
  assert.equal($("corpus-references-list").querySelector(".corpus-file-name").textContent, "ref.txt");
  assert.equal($("corpus-references-list").querySelector("button").getAttribute("data-id"), "3");
  assert.equal($("corpus-baseline").value, "4");
  assert.deepEqual(Array.from($("corpus-baseline").options, (o) => [o.value, o.textContent]), [["4", "sys.txt"]]);
  assert.equal($("compare-lines-caption").textContent, "Lines");
});

test("a timer's event goes in when it fires; a cleared timer's never", async () => {
  python.answer = (event) => batch("sentence" in event ? [["timer", 7, 0], ["timer", 8, 0], ["clearTimer", 8]] : []);
  await host.send({sentence: "on_x", event: {}});
  await later();
  assert.deepEqual(sent().map((e) => e.timer), [undefined, 7]);
});

test("boxes added with their texts: Python has them, so the next event sends no change for them", async () => {
  python.answer = (event) => batch("sentence" in event ? [["boxes", "reference", ["reference", "reference-2"], ["a", "b c"]]] : []);
  await host.send({sentence: "on_x", event: {}});
  assert.deepEqual(Array.from($("references").querySelectorAll("textarea"), (box) => box.value), ["a", "b c"]);
  await host.send({timer: 1});
  assert.deepEqual(sent()[1].boxes.reference, [["reference"], ["reference-2"]]);
});

test("the tab's storage: a plain save from the boxes, and a write the browser refuses comes back as an event", async (t) => {
  python.answer = (event) => batch("sentence" in event ? [["save", "bleu2-tab", JSON.stringify({l: "es"}), 40]] : []);
  await host.send({sentence: "on_x", event: {}});
  const kept = JSON.parse(sessionStorage.getItem("bleu2-tab").slice(3));
  assert.equal(sessionStorage.getItem("bleu2-tab").slice(0, 3), "t1.");
  assert.deepEqual(kept, {r: ["a", "b c"], c: ["the cat"], l: "es"});
  const full = Object.assign(new Error("the quota is exceeded"), {name: "QuotaExceededError"});
  t.mock.method(sessionStorage, "setItem", () => { throw full; });
  python.answer = (event) => batch("sentence" in event ? [["store", "setItem", "bleu2-big", "x".repeat(12)]] : []);
  await host.send({sentence: "on_x", event: {}});
  await later();
  const refused = sent().filter((e) => "refused" in e);
  assert.deepEqual(refused.map((e) => [e.refused, e.error, e.size]), [["bleu2-big", "QuotaExceededError the quota is exceeded", 12]]);
});

test("hidden with texts not kept yet: the page keeps them itself at once", async () => {
  sessionStorage.removeItem("bleu2-tab");
  python.answer = () => batch([], {hide: ["bleu2-tab", JSON.stringify({l: "pt"}), true]});
  await host.send({sentence: "on_x", event: {}});
  dispatchEvent(new Event("pagehide"));
  assert.deepEqual(JSON.parse(sessionStorage.getItem("bleu2-tab").slice(3)).l, "pt");
});

test("a copy the browser refuses shows the text to copy, and its callback says it was not copied", async () => {
  python.answer = (event) => batch("sentence" in event ? [["copy", "the text", "export-copy-area", 12]] : []);
  await host.send({sentence: "on_x", event: {}});
  await later();
  assert.equal($("export-copy-area").hidden, false);
  assert.equal($("export-copy-area").value, "the text");
  assert.deepEqual(sent().slice(1).map((e) => [e.call, e.args]), [[12, [false]]]);
});
