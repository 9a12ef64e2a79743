// static/embed-start.mjs under node --test, on index.html parsed by linkedom: an embed
// (html[data-state="waiting"]) starts on the first touch of a text box or a press of its
// start button, once, and is "loading" from then on; a page that does not wait starts at once.
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";
import {test} from "node:test";
import {parseHTML} from "linkedom";
import {touched} from "../../static/embed-start.mjs";

const PAGE = readFileSync(new URL("../../index.html", import.meta.url), "utf8");

function waitingPage(state = "waiting") {
  const {window, document} = parseHTML(PAGE);
  document.documentElement.setAttribute("data-state", state);
  const fire = (id, type) => document.getElementById(id).dispatchEvent(new window.Event(type, {bubbles: true}));
  return {document, fire};
}

// whether `promise` has settled by now (after the microtasks queued so far)
async function settled(promise) {
  let done = false;
  promise.then(() => { done = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

test("a page that does not wait starts at once", async () => {
  const {document} = waitingPage("loading");
  assert.equal(await touched(document), "at once");
  assert.equal(document.documentElement.getAttribute("data-state"), "loading");
});

test("a waiting embed starts when a text box gets the focus, and is loading then", async () => {
  const {document, fire} = waitingPage();
  const started = touched(document);
  fire("add-candidate", "focusin");  // a button is not a box
  fire("summary-link", "input");
  assert.equal(await settled(started), false);
  assert.equal(document.documentElement.getAttribute("data-state"), "waiting");
  fire("candidate", "focusin");
  assert.equal(await started, "focusin");
  assert.equal(document.documentElement.getAttribute("data-state"), "loading");
});

for (const type of ["input", "paste", "drop"]) {
  test(`a waiting embed starts on ${type} into a box`, async () => {
    const {document, fire} = waitingPage();
    const started = touched(document);
    fire("reference", type);
    assert.equal(await started, type);
  });
}

test("the start button starts it and puts the focus in the first box", async () => {
  const {document, fire} = waitingPage();
  let focused = null;
  document.getElementById("reference").focus = function () { focused = this.id; };
  const started = touched(document);
  fire("embed-start", "click");
  assert.equal(await started, "button");
  assert.equal(focused, "reference");
  assert.equal(document.documentElement.getAttribute("data-state"), "loading");
});

test("the start button is a button with words, shown only while the embed waits", () => {
  const {document} = waitingPage();
  const button = document.getElementById("embed-start");
  assert.equal(button.tagName, "BUTTON");
  assert.equal(button.getAttribute("type"), "button");
  assert.equal(button.textContent, "Start the calculator");
  const css = readFileSync(new URL("../../static/style.css", import.meta.url), "utf8");
  assert.match(css, /\.embed-start-line \{ display: none; \}/);
  assert.match(css, /html\[data-state="waiting"\] \.embed-start-line \{ display: block;/);
});
