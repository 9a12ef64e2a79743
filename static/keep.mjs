// Before Python runs: the tab's texts in the boxes, and what is typed kept (docs/page.md,
// "Nothing typed is lost"). At once (static/page.mjs calls keep() as the page is parsed):
// the texts this page kept in the tab (its sessionStorage key: the full page's, or an
// embed's own, as bleu2.page.tab_storage.storage_keys makes it) go into the boxes, as many
// as they fill, and html[data-texts="tab"] tells the page's Python (PageContext.texts_shown)
// to adopt what the boxes then hold, never to write them over. Until Python is ready (and
// if it never is), what is typed into a box is kept for the tab (static/storage.js's forms:
// each input while the texts are small, and on leaving the page). A share link in the full
// page's URL wins over the tab: Python shows it (nothing is shown or kept here then).
// No decision beyond this is made here; no user text is ever written as HTML.
import {paint} from "./paint.js";
import {tabStorage, zlib} from "./storage.js";

// bleu2.page.tab_storage's keys, the tab's two forms and SAVE_AT_ONCE_CHARS, written in by the build
const TAB_KEYS = {"state": "bleu2-state", "embed": "bleu2-embed.", "at_once_chars": 262144}; // bleu2:python
const TAB_FORMS = {"plain": "t1.", "packed": "z1."}; // bleu2:python
const STATE_KEY = TAB_KEYS.state;
const EMBED_PREFIX = TAB_KEYS.embed;
const PLAIN = TAB_FORMS.plain;
const PACKED = TAB_FORMS.packed;
const AT_ONCE_CHARS = TAB_KEYS.at_once_chars;
const KINDS = ["reference", "candidate"];

const CRC_TABLE = Array.from({length: 256}, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function hex8(n) {
  return (n >>> 0).toString(16).padStart(8, "0");
}

// As bleu2.page.tab_storage.embed_identity: CRC-32 and Adler-32 (16 hex digits) of the UTF-8
// of Python's json.dumps([host without its fragment, "name:<frame>" or "index:<n>", prefill],
// ensure_ascii=False). facts: tabStorage.frame()'s object.
export function embedIdentity(facts) {
  const frame = facts.frame ? `name:${facts.frame}` : `index:${facts.frame_index}`;
  const json = `[${[String(facts.host).split("#")[0], frame, String(facts.prefill)].map((t) => JSON.stringify(t)).join(", ")}]`;
  const bytes = new TextEncoder().encode(json);
  let crc = 0xffffffff, a = 1, b = 0;
  for (const byte of bytes) {
    crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return hex8(crc ^ 0xffffffff) + hex8(b * 65536 + a);
}

// The key this page keeps its texts under (bleu2.page.tab_storage.storage_keys).
export function stateKey(embed, facts) {
  return embed ? `${EMBED_PREFIX}${embedIdentity(facts)}-state` : STATE_KEY;
}

// What the tab keeps (either form), as its object {r: [text], c: [text], ...}, or null: no
// texts there, or not a form read here (Python reads it, and says what is wrong).
export function readKept(text, unzlib) {
  let json = null;
  try {
    if (text.startsWith(PLAIN)) json = text.slice(PLAIN.length);
    else if (text.startsWith(PACKED) && unzlib) {
      const bytes = Uint8Array.from(text.slice(PACKED.length), (ch) => ch.charCodeAt(0));
      json = new TextDecoder().decode(unzlib(bytes));
    }
    const data = json === null ? null : JSON.parse(json);
    const texts = (list) => Array.isArray(list) && list.every((t) => typeof t === "string");
    return data && texts(data.r) && texts(data.c) ? data : null;
  } catch {
    return null;
  }
}

// The kept texts into the boxes of each kind (a box already typed into keeps that after them).
export function showKept(doc, data) {
  KINDS.forEach((kind, i) => {
    const texts = (i === 0 ? data.r : data.c).length ? (i === 0 ? data.r : data.c) : [""];
    const ids = texts.map((_, n) => (n === 0 ? kind : `${kind}-${n + 1}`));
    const typed = ids.map((id) => (doc.getElementById(id) ? doc.getElementById(id).value : ""));
    paint.boxes(kind, JSON.stringify(ids), JSON.stringify(texts.map((t, n) => t + typed[n])));
    const label = doc.getElementById(`${kind}-label`);
    ids.slice(1).forEach((id, n) => {  // "Reference 2"; Python writes the labels in the page's language
      const other = doc.getElementById(`${id}-label`), remove = doc.getElementById(`${id}-remove`);
      if (label && other) other.textContent = label.textContent.replace(/1\s*$/, String(n + 2));
      if (remove) remove.hidden = true;  // shown by Python, which removes boxes
    });
  });
  doc.documentElement.setAttribute("data-texts", "tab");
}

// The texts' characters in all boxes.
function size(doc) {
  let n = 0;
  for (const kind of KINDS) for (const box of doc.getElementById(`${kind}s`).querySelectorAll("textarea")) n += box.value.length;
  return n;
}

// Show what this page kept, and keep what is typed until Python is ready (see the top);
// returns {key, stop}, or null where nothing is kept here (a link, no storage, a form for Python).
// The packed form (megabytes) is read once fflate is loaded (`loadZlib`: a moment later; the
// page loads it only then), unless Python is ready by then.
export function keep(doc = document, win = window, loadZlib = zlib) {
  const root = doc.documentElement;
  const embed = root.hasAttribute("data-embed");
  if (!embed && String(win.location.hash || "").startsWith("#v")) return null;
  let key, text;
  try {
    key = stateKey(embed, JSON.parse(tabStorage.frame()));
    text = win.sessionStorage.getItem(key);
  } catch {
    return null;  // no storage here (a cross-site frame that is denied it)
  }
  if (text === null || !text.startsWith(PACKED) || (win.fflate && win.fflate.unzlibSync)) return keepFrom(doc, win, key, text);
  const later = {key, stopped: false, kept: null, stop() {
    later.stopped = true;
    if (later.kept) later.kept.stop();
  }};
  loadZlib().then(() => {
    if (!later.stopped && root.getAttribute("data-state") !== "ready") later.kept = keepFrom(doc, win, key, text);
  }, () => {});  // (not loaded: Python reads the packed form itself)
  return later;
}

function keepFrom(doc, win, key, text) {
  const root = doc.documentElement;
  const kept = text === null ? null : readKept(text, win.fflate && win.fflate.unzlibSync);
  if (text !== null && !kept) return null;  // a form Python reads (or refuses) itself
  const meta = {};
  Object.keys(kept || {}).forEach((name) => { if (name !== "r" && name !== "c") meta[name] = kept[name]; });
  const metaJson = JSON.stringify(meta);
  const typedBefore = size(doc) > 0;  // keys that came before this script: kept as the others
  if (kept) showKept(doc, kept);
  let unsaved = typedBefore;
  const loading = () => root.getAttribute("data-state") !== "ready";
  function save(now) {
    if (!unsaved || !loading()) return;
    if (!now && size(doc) > AT_ONCE_CHARS) return;  // megabytes: kept on leaving
    if (!(now ? tabStorage.saveNow(key, metaJson) : tabStorage.save(key, metaJson))) unsaved = false;
  }
  function typed(event) {
    const box = event.target;
    if (!box || box.tagName !== "TEXTAREA" || !box.closest(".boxes")) return;
    unsaved = true;
    save(false);
  }
  const leaving = () => save(true);
  const hidden = () => { if (doc.visibilityState === "hidden") save(true); };
  save(false);
  doc.addEventListener("input", typed, true);
  win.addEventListener("pagehide", leaving);
  doc.addEventListener("visibilitychange", hidden);
  return {key, stop() {  // (tests/js/keep.test.mjs: one document for several pages)
    doc.removeEventListener("input", typed, true);
    win.removeEventListener("pagehide", leaving);
    doc.removeEventListener("visibilitychange", hidden);
  }};
}
