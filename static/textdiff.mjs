// A text box's value as the change since its reader last had it, so that a keystroke in
// megabytes of text hands Python (and the page's worker) a few characters, not the whole
// text. A change is [kept prefix, kept suffix, the text between, the new length]: prefix,
// suffix and length in code points, as Python counts (bleu2.page.sentence.boxes.apply_read applies
// it), never inside a surrogate pair. Pure functions, no DOM: tests/js/textdiff.test.mjs
// runs them in Node (node --test). static/paint.js reads the boxes with reader().

export function isHigh(code) { return code >= 0xD800 && code <= 0xDBFF; }
export function isLow(code) { return code >= 0xDC00 && code <= 0xDFFF; }
const HIGH = /[\uD800-\uDBFF]/;

// Code points of text.slice(from, to) (never called with a pair split at from or to).
export function codePoints(text, from = 0, to = text.length) {
  if (to - from > 64 && !HIGH.test(text.slice(from, to))) return to - from;  // no pair: one code point per unit
  let n = 0;
  for (let i = from; i < to; i++) if (!(isLow(text.charCodeAt(i)) && i > from && isHigh(text.charCodeAt(i - 1)))) n++;
  return n;
}

// Units two texts share at their start (end: at their end), compared a block at a time
// (string equality is a memory compare), then unit by unit: a keystroke at the end of
// megabytes costs well under a millisecond.
export function shared(a, b, end) {
  const n = Math.min(a.length, b.length);
  let k = 0;
  const part = (t, from, to) => (end ? t.slice(t.length - to, t.length - from) : t.slice(from, to));
  for (let block = 65536; block >= 16; block >>= 4) {
    while (k + block <= n && part(a, k, k + block) === part(b, k, k + block)) k += block;
  }
  while (k < n && (end ? a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)
                       : a.charCodeAt(k) === b.charCodeAt(k))) k++;
  return k;
}

// The change from `last` (`count` code points long) to `value`, code points counted only
// on the shorter side of each cut.
export function change(value, last = "", count = 0) {
  if (value === last) return [count, 0, "", count];
  let p = shared(value, last, false);
  let s = shared(value.slice(p), last.slice(p), true);
  if (p > 0 && p < value.length && isHigh(value.charCodeAt(p - 1))) p--;
  if (s > 0 && s < value.length - p && isLow(value.charCodeAt(value.length - s))) s--;
  const tail = last.length - s;
  const pc = p <= last.length - p ? codePoints(last, 0, p) : count - codePoints(last, p, last.length);
  const sc = s <= tail ? codePoints(last, tail, last.length) : count - codePoints(last, 0, tail);
  const middle = value.slice(p, value.length - s);
  return [pc, sc, middle, pc + codePoints(middle) + sc];
}

// One reader's copies of the boxes (box id -> [text, its length in code points]):
// read(id, value) gives the change since this reader last read that box, and keeps the
// new text; whole(id) gives the last copy as a change from nothing (for a reader that
// lost its copies); has(id) says whether there is one.
export function reader() {
  const copies = new Map();
  return {
    read(id, value) {
      const [last, count] = copies.get(id) || ["", 0];
      const out = change(value, last, count);
      copies.set(id, [value, out[3]]);
      return out;
    },
    whole(id) {
      const [last, count] = copies.get(id) || ["", 0];
      return [0, 0, last, count];
    },
    has(id) { return copies.has(id); },
  };
}
