// The text boxes' direction (the reference and candidate boxes, the corpus paste boxes: every
// <textarea data-dir="first-strong">): from the first strong character of the text, as
// dir="auto" does (Unicode's bidi algorithm, rules P2-P3), but scanning only until that
// character, once per change. With dir="auto" the browser itself scans the whole text on
// every edit and lays it out again: megabytes pasted into a box took seconds per paste and
// hundreds of ms per keystroke. This is the one place that decides a box's direction:
// static/paint.js applies it where it writes a box's text, and the boxes' input events here.
// A letter (\p{L}) is the strong character: right to left where its script is written so
// (Hebrew, Arabic and the others below), else left to right; no letter: the page's direction.
// firstStrong is the rule; applyDirection writes dir only where it differs from the page's.
const FIRST_LETTER = /\p{L}/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}\p{Script=Mende_Kikakui}\p{Script=Imperial_Aramaic}\p{Script=Phoenician}\p{Script=Old_South_Arabian}\p{Script=Avestan}\p{Script=Nabataean}\p{Script=Palmyrene}]/u;
export const MARK = "data-dir";

// "rtl", "ltr", or null (no letter: the box takes the page's direction).
export function firstStrong(text) {
  const found = FIRST_LETTER.exec(text);
  if (!found) return null;
  return RTL.test(found[0]) ? "rtl" : "ltr";
}

// The page's own direction (<html dir>, else left to right).
function pageDirection(doc) {
  return doc.documentElement.getAttribute("dir") === "rtl" ? "rtl" : "ltr";
}

// Set a box's dir from its text (only a box marked data-dir="first-strong"): dir="rtl" or
// "ltr" where the text's direction is not the page's, no dir where it is (or where the text
// has no letter). The attribute is written only when that changes: any change of it has the
// browser lay the whole text out again (a second time, for a paste of megabytes).
export function applyDirection(box) {
  if (!box || box.getAttribute(MARK) !== "first-strong") return;
  const dir = firstStrong(box.value);
  const want = dir === null || dir === pageDirection(box.ownerDocument) ? null : dir;
  if (want === null) {
    if (box.hasAttribute("dir")) box.removeAttribute("dir");
  } else if (box.getAttribute("dir") !== want) {
    box.setAttribute("dir", want);
  }
}

// Every marked box in the document, and each one again on its input events (typing, paste, drop).
export function watchDirections(doc = document) {
  doc.querySelectorAll(`textarea[${MARK}="first-strong"]`).forEach(applyDirection);
  doc.addEventListener("input", (event) => applyDirection(event.target), true);
}
