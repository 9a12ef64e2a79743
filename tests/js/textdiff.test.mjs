// static/textdiff.mjs in Node's own test runner (node --test tests/js/): a change applied
// to the old text, counted in code points as Python counts, gives the new text.
import test from "node:test";
import assert from "node:assert/strict";
import {change, codePoints, reader, shared} from "../../static/textdiff.mjs";

// The change applied as Python's bleu2.page.sentence.boxes.apply_read does (code points).
function apply(old, [prefix, suffix, middle, length]) {
  const points = Array.from(old);
  const out = points.slice(0, prefix).join("") + middle + points.slice(points.length - suffix).join("");
  assert.equal(Array.from(out).length, length, "the length counted is the new text's");
  assert.ok(prefix + suffix <= points.length, "the kept parts fit the old text");
  return out;
}

test("an unchanged text is all prefix", () => {
  assert.deepEqual(change("the cat", "the cat", 7), [7, 0, "", 7]);
});

test("a keystroke at the end, in the middle, a deletion, a replacement", () => {
  assert.deepEqual(change("the cat!", "the cat", 7), [7, 0, "!", 8]);
  assert.deepEqual(change("the big cat", "the cat", 7), [4, 3, "big ", 11]);
  assert.deepEqual(change("the at", "the cat", 7), [4, 2, "", 6]);
  assert.deepEqual(change("a dog", "the cat", 7), [0, 0, "a dog", 5]);
  assert.deepEqual(change("new", "", 0), [0, 0, "new", 3]);
  assert.deepEqual(change("", "old", 3), [0, 0, "", 0]);
});

test("code points are counted as Python counts them, pairs never split", () => {
  assert.equal(codePoints("a😀b"), 3);
  assert.equal(codePoints("x".repeat(100)), 100);  // no pair: one code point per unit
  assert.equal(codePoints("x".repeat(100) + "😀"), 101);
  // 😀 (D83D DE00) -> 😁 (D83D DE01): the shared high surrogate is not kept apart from its pair
  assert.deepEqual(change("x😁y", "x😀y", 3), [1, 1, "😁", 3]);
  assert.deepEqual(change("😀😀!", "😀😀", 2), [2, 0, "!", 3]);
  assert.deepEqual(change("!😀", "😀", 1), [0, 1, "!", 2]);
});

test("a keystroke at the end of megabytes hands over one character", () => {
  const big = "the cat sat on the mat ".repeat(50000) + "😀";
  const count = codePoints(big);
  assert.deepEqual(change(big + "!", big, count), [count, 0, "!", count + 1]);
  assert.equal(shared(big, big + "!", false), big.length);
  assert.equal(shared("ab" + big, "cd" + big, true), big.length);
});

test("random edits of random texts round-trip (astral characters included)", () => {
  const alphabet = ["a", "b", " ", "é", "中", "😀", "😁", "𝐱", "\n"];
  let seed = 12345;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const text = (n) => Array.from({length: n}, () => alphabet[random(alphabet.length)]).join("");
  for (let i = 0; i < 2000; i++) {
    const old = text(random(40));
    const points = Array.from(old);
    const at = random(points.length + 1), cut = random(points.length - at + 1);
    const value = points.slice(0, at).join("") + text(random(5)) + points.slice(at + cut).join("");
    const out = change(value, old, points.length);
    assert.equal(apply(old, out), value, JSON.stringify([old, value, out]));
  }
});

test("a reader keeps its copy of each box; whole gives it back from nothing", () => {
  const page = reader();
  assert.equal(page.has("candidate"), false);
  assert.deepEqual(page.read("candidate", "the cat"), [0, 0, "the cat", 7]);
  assert.deepEqual(page.read("candidate", "the cats"), [7, 0, "s", 8]);
  assert.deepEqual(page.read("reference", "a"), [0, 0, "a", 1]);  // each box its own copy
  assert.deepEqual(page.whole("candidate"), [0, 0, "the cats", 8]);
  assert.equal(page.has("candidate"), true);
  const worker = reader();  // another reader has its own copies
  assert.deepEqual(worker.read("candidate", "the cats"), [0, 0, "the cats", 8]);
});
