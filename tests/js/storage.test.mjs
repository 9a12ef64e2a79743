// static/storage.js's packed save under node --test (index.html parsed by linkedom,
// tests/js/dom.mjs): the packer worker (its source run in a stand-in for a Worker) and, where
// no worker starts, the page's own steps both keep "z1." + the zlib stream of the tab's JSON.
import {document} from "./dom.mjs";
import assert from "node:assert/strict";
import {resolveObjectURL} from "node:buffer";
import {afterEach, test} from "node:test";
import {inflateSync} from "node:zlib";

const $ = (id) => document.getElementById(id);
const REFERENCE = "the cat is on the mat\n".repeat(4000) + "😀 é \"quoted\" \\";
const CANDIDATE = "the cat sat on the mat\n".repeat(3000);
const started = [];

// A Worker that runs a blob: URL's classic script in this thread: `self` is its scope, and
// messages go both ways a task later, cloned, as between threads.
class StandInWorker {
  constructor(url, options) {
    const blob = resolveObjectURL(url);
    started.push(options && options.name);
    this.ready = blob.text().then((source) => {
      this.scope = {postMessage: (data) => setTimeout(() => this.onmessage({data: structuredClone(data)}), 0)};
      new Function("self", source)(this.scope);
    });
  }
  postMessage(data) {
    const copy = structuredClone(data);
    this.ready.then(() => setTimeout(() => this.scope.onmessage({data: copy}), 0));
  }
  terminate() {}
}
// A Worker whose script cannot run (as a page whose policy or origin refuses it): an error event.
class RefusedWorker {
  constructor() { setTimeout(() => this.onerror({preventDefault() {}}), 0); }
  postMessage() {}
  terminate() {}
}

function unpacked(key) {
  const form = sessionStorage.getItem(key);
  assert.equal(form.slice(0, 3), "z1.");
  const bytes = Uint8Array.from(form.slice(3), (ch) => ch.charCodeAt(0));
  return JSON.parse(inflateSync(bytes).toString("utf8"));
}

afterEach(() => { delete globalThis.Worker; });

test("a packed save is made by the packer worker: the zlib stream of the boxes' JSON, kept when still wanted", async () => {
  globalThis.Worker = StandInWorker;
  const {tabStorage} = await import("../../static/storage.js?packer");
  $("reference").value = REFERENCE;
  $("candidate").value = CANDIDATE;
  const out = tabStorage.savePacked("bleu2-packed", JSON.stringify({l: "es"}), () => true);
  $("candidate").value = "typed after the call";  // the texts are the boxes' at the call
  assert.equal(await out, "");
  assert.deepEqual(unpacked("bleu2-packed"), {r: [REFERENCE], c: [CANDIDATE], l: "es"});
  assert.deepEqual(started, ["bleu2-pack"]);
  // the same worker packs the next save; one not wanted any more when packed is not kept
  sessionStorage.removeItem("bleu2-packed");
  assert.equal(await tabStorage.savePacked("bleu2-packed", "{}", () => Promise.resolve(false)), "superseded");
  assert.equal(sessionStorage.getItem("bleu2-packed"), null);
  assert.deepEqual(started, ["bleu2-pack"]);
});

test("where no worker starts, the page packs the same stream itself, in steps", async () => {
  for (const [query, Refused] of [["none", undefined], ["refused", RefusedWorker]]) {
    if (Refused) globalThis.Worker = Refused;
    else delete globalThis.Worker;
    const {tabStorage} = await import(`../../static/storage.js?${query}`);
    $("reference").value = REFERENCE;
    $("candidate").value = CANDIDATE;
    assert.equal(await tabStorage.savePacked("bleu2-packed", JSON.stringify({l: "pt"}), () => true), "", query);
    assert.deepEqual(unpacked("bleu2-packed"), {r: [REFERENCE], c: [CANDIDATE], l: "pt"}, query);
  }
});
