// static/keep.mjs under node --test, on index.html parsed by linkedom (tests/js/dom.mjs):
// before Python runs, the tab's texts go into the boxes (as many as they fill) and what is
// typed is kept for the tab until Python is ready; an embed's key is the one Python makes.
import {BODY, document, fire} from "./dom.mjs";
import assert from "node:assert/strict";
import {beforeEach, test} from "node:test";
import {unzlibSync, zlibSync} from "fflate";
import {embedIdentity, keep, readKept, stateKey} from "../../static/keep.mjs";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const kept = (key = "bleu2-state") => JSON.parse(sessionStorage.getItem(key).slice(3));
function type(id, text) {
  $(id).value += text;
  fire($(id), "input");
}

let page = null;  // what keep() returned (its listeners go before the next page)
function open() {
  page = keep();
  return page && page.key;
}

beforeEach(() => {
  if (page) page.stop();
  page = null;
  document.body.innerHTML = BODY;
  sessionStorage.clear();
  location.hash = "";
  root.setAttribute("data-state", "loading");
  root.removeAttribute("data-texts");
  root.removeAttribute("data-embed");
});

test("an embed's key is the one bleu2.page.tab_storage.embed_identity makes", () => {
  // the golden values: embed_identity(PageContext(embed=True, **facts)) in CPython
  const cases = [
    [{host: "http://127.0.0.1:8000/docs/guide.html#x", frame: "", frame_index: 1, prefill: ""}, "3da7439abed30fa7"],
    [{host: "https://ex.org/é", frame: 'calc "one"', frame_index: 0, prefill: "#v1.abc"}, "054f366cdf7a10c0"],
    [{host: "", frame: "", frame_index: -1, prefill: "\n\tñ😀"}, "731e766a87530a82"]
  ];
  for (const [facts, identity] of cases) assert.equal(embedIdentity(facts), identity);
  assert.equal(stateKey(true, cases[0][0]), "bleu2-embed.3da7439abed30fa7-state");
  assert.equal(stateKey(false, cases[0][0]), "bleu2-state");
});

test("both of the tab's forms are read; anything else is left to Python", () => {
  const data = {r: ["a"], c: ["b", "ç 😀"], l: "pt"};
  assert.deepEqual(readKept(`t1.${JSON.stringify(data)}`, unzlibSync), data);
  const bytes = zlibSync(new TextEncoder().encode(JSON.stringify(data)));
  assert.deepEqual(readKept(`z1.${String.fromCharCode(...bytes)}`, unzlibSync), data);
  assert.equal(readKept(`z1.${String.fromCharCode(...bytes)}`, null), null);
  assert.equal(readKept("t1.{broken", unzlibSync), null);
  assert.equal(readKept('t1.{"r": [1], "c": []}', unzlibSync), null);
  assert.equal(readKept("v1.abc", unzlibSync), null);
});

test("the tab's texts are in the boxes at once, as many as they fill, and Python is told", () => {
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["ref one"], c: ["cand one", "cand two"], o: {max_order: 3}})}`);
  assert.equal(open(), "bleu2-state");
  assert.equal($("reference").value, "ref one");
  assert.deepEqual([$("candidate").value, $("candidate-2").value], ["cand one", "cand two"]);
  assert.equal($("candidate-2-label").textContent, "Candidate 2");
  assert.equal($("candidate-2-remove").hidden, true);
  assert.equal(root.getAttribute("data-texts"), "tab");
});

test("the packed form is shown once fflate is loaded, with what was typed meanwhile after it", async () => {
  const data = {r: ["a long ref"], c: ["a long cand"]};
  const bytes = zlibSync(new TextEncoder().encode(JSON.stringify(data)));
  sessionStorage.setItem("bleu2-state", `z1.${String.fromCharCode(...bytes)}`);
  const win = {location, sessionStorage, addEventListener() {}, removeEventListener() {}};
  let asked = 0;
  const load = () => {  // fflate, not part of the page until asked for
    asked += 1;
    win.fflate = {unzlibSync};
    return Promise.resolve(win.fflate);
  };
  page = keep(document, win, load);
  assert.equal(asked, 1);
  assert.equal($("reference").value, "");
  $("candidate").value = "!";  // a key before it came
  await Promise.resolve();
  assert.deepEqual([$("reference").value, $("candidate").value], ["a long ref", "a long cand!"]);
  assert.equal(root.getAttribute("data-texts"), "tab");
  page.stop();
  page = keep(document, win, load);  // loaded: read at once
  assert.equal(asked, 1);
});

test("what is typed before Python is ready is kept with the tab's options; once ready, Python keeps it", () => {
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["ref"], c: ["cand"], o: {max_order: 3}, l: "es"})}`);
  open();
  type("candidate", "!");
  assert.deepEqual(kept(), {r: ["ref"], c: ["cand!"], o: {max_order: 3}, l: "es"});
  root.setAttribute("data-state", "ready");
  type("reference", "?");
  assert.deepEqual(kept().r, ["ref"]);  // Python's to keep now
});

test("a box typed into before the texts came keeps that after them", () => {
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["ref"], c: ["cand"]})}`);
  $("candidate").value = "x";
  open();
  assert.deepEqual([$("reference").value, $("candidate").value], ["ref", "candx"]);
});

test("keys typed before this script ran are kept as soon as it runs, after the tab's texts", () => {
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["ref"], c: ["cand"], o: {max_order: 3}})}`);
  $("reference").value = " early";
  open();
  assert.deepEqual(kept(), {r: ["ref early"], c: ["cand"], o: {max_order: 3}});
});

test("a first visit's keys typed before this script ran are kept", () => {
  $("candidate").value = "early";
  open();
  assert.deepEqual(kept(), {r: [""], c: ["early"]});
});

test("a first visit keeps what is typed before Python is ready", () => {
  open();
  assert.equal(root.getAttribute("data-texts"), null);
  type("reference", "typed early");
  assert.deepEqual(kept(), {r: ["typed early"], c: [""]});
});

test("a share link in the full page's URL wins: nothing shown, nothing kept here", () => {
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["ref"], c: ["cand"]})}`);
  location.hash = "#v1.abc";
  assert.equal(open(), null);
  type("reference", "x");
  assert.equal($("reference").value, "x");
  assert.deepEqual(kept().r, ["ref"]);
});

test("an embed shows and keeps its own texts, under its own key, while it waits", () => {
  root.setAttribute("data-embed", "");
  root.setAttribute("data-state", "waiting");
  const key = stateKey(true, JSON.parse(JSON.stringify({frame: "", frame_index: 0, host: "", prefill: ""})));
  sessionStorage.setItem(key, `t1.${JSON.stringify({r: ["embed ref"], c: ["embed cand"]})}`);
  sessionStorage.setItem("bleu2-state", `t1.${JSON.stringify({r: ["page ref"], c: ["page cand"]})}`);
  assert.equal(open(), key);
  assert.deepEqual([$("reference").value, $("candidate").value], ["embed ref", "embed cand"]);
  type("reference", "!");
  assert.deepEqual(kept(key), {r: ["embed ref!"], c: ["embed cand"]});
  assert.deepEqual(kept().r, ["page ref"]);
});
