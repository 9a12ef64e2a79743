// Typing through a boot in Debian's Firefox ESR (tests/browser/firefox_driver.mjs: the launch,
// the recorders, the blocking). Run by tests/browser/test_firefox_typing_through_a_boot.py:
//
//   node tests/browser/firefox_boot.mjs --url URL --docs URL --texts JSON --moments JSON
//        --embed-moments JSON --allow ORIGIN [--firefox PATH]
//
// The moments are stages of a boot, never times: [[name, condition], ...], each condition a
// JavaScript expression on the page's (or the embed's) document that holds from its stage on
// (tests/browser/typing_through_a_boot.py: MILESTONES).
// The full page (--url, the test build): type --texts ({references, candidates}: as many
// boxes), reload; then for each moment: reload, wait for its condition, press Ctrl+End and
// type a few keys into every box, and record what each box shows then beside what it should
// (its texts plus what was typed), waiting up to 20 s for it; the next reload comes right
// after, ready or not. At the end, once ready: the boxes, what
// the tab keeps, the score and the status. The docs page (--docs: iframes #first and #second,
// ?embed pages): each embed started (the time until #first is ready) and typed into, the page
// reloaded (each waiting embed's boxes recorded); then as above,
// the first key of each moment typed into #first's reference at once (it starts the embed).
// Prints one JSON object on stdout; exit codes as firefox_driver.mjs says.
import { close, fill, launch, option, options, recordedPage, recording, usage } from "./firefox_driver.mjs";

const url = option("url"), docs = option("docs"), texts = JSON.parse(option("texts", "null"));
const moments = JSON.parse(option("moments", "null")), embedMoments = JSON.parse(option("embed-moments", "null"));
const firefox = option("firefox", "/usr/bin/firefox-esr");
const allow = options("allow");
const timeout = 120000;
if (!url || !docs || !texts || !moments || !embedMoments || !allow.length) {
  usage("node firefox_boot.mjs --url URL --docs URL --texts JSON --moments JSON --embed-moments JSON --allow ORIGIN");
}
const READY = "html[data-state=ready], html[data-state=error]";
const ids = (kind, count) => Array.from({length: count}, (_, n) => (n ? `${kind}-${n + 1}` : kind));

// The caret at the end of a box (waited for), then `text` key by key.
async function typeAtEnd(page, target, id, text) {
  const box = await target.waitForSelector(`#${id}`, {timeout});
  await box.focus();
  await page.keyboard.down("Control");
  await page.keyboard.press("End");
  await page.keyboard.up("Control");
  await page.keyboard.type(text);
}

function values(target, boxIds) {
  return target.evaluate((boxIds) => Object.fromEntries(boxIds.map((id) => {
    const box = document.getElementById(id);
    return [id, box ? box.value : null];
  })), boxIds);
}

// What the boxes show once they show `expected` (or after 20 s: what they show then).
async function shownOnce(target, expected) {
  await target.waitForFunction((expected) => Object.entries(expected).every(([id, text]) => {
    const box = document.getElementById(id);
    return box && box.value === text;
  }), {timeout: 20000}, expected).catch(() => {});
  return values(target, Object.keys(expected));
}

// What the tab keeps: {key: [texts]} for every "-state" key in the plain form.
function kept(target) {
  return target.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).filter((k) => k.endsWith("-state"))
    .map((k) => [k, sessionStorage.getItem(k)]).filter(([, t]) => t.startsWith("t1."))
    .map(([k, t]) => { const d = JSON.parse(t.slice(3)); return [k, d.r.concat(d.c)]; })));
}

async function settled(target) {
  await target.waitForSelector(READY, {timeout});
  await target.evaluate(() => window.bleu2Test && window.bleu2Test.answered());
}

async function fullPage(page) {
  const out = {moments: []}, expected = {};
  await page.goto(url, {waitUntil: "domcontentloaded", timeout});
  await page.waitForSelector(READY, {timeout});
  for (const [kind, list] of [["reference", texts.references], ["candidate", texts.candidates]]) {
    for (const [n, id] of ids(kind, list.length).entries()) {
      if (n) await page.click(`#add-${kind}`);
      await page.waitForSelector(`#${id}`, {timeout});
      await fill(page, `#${id}`, list[n]);
      expected[id] = list[n];
    }
  }
  await settled(page);
  await page.waitForFunction((want) => {
    const t = sessionStorage.getItem("bleu2-state");
    return t && t.startsWith("t1.") && JSON.stringify(JSON.parse(t.slice(3)).r.concat(JSON.parse(t.slice(3)).c)) === want;
  }, {timeout}, JSON.stringify(Object.values(expected)));
  await page.reload({waitUntil: "domcontentloaded", timeout});
  await page.waitForSelector(READY, {timeout});
  out.reloaded = await shownOnce(page, expected);
  out.reloadedExpected = {...expected};
  for (const [m, [name, condition]] of moments.entries()) {
    await page.reload({waitUntil: "domcontentloaded", timeout});
    await page.waitForFunction(condition, {timeout});  // the stage at which the keys are pressed
    for (const [n, id] of Object.keys(expected).entries()) {
      const typed = ` ${"ñx"[n % 2]}${m}`;
      await typeAtEnd(page, page, id, typed);
      expected[id] += typed;
    }
    out.moments.push({moment: name, expected: {...expected}, shown: await shownOnce(page, expected)});
  }
  await settled(page);
  out.final = {
    expected: {...expected},
    shown: await shownOnce(page, expected),
    boxes: await page.evaluate(() => document.querySelectorAll("#references textarea, #candidates textarea").length),
    score: await page.evaluate(() => document.getElementById("score").textContent),
    status: await page.evaluate(() => document.getElementById("status-text").textContent),
  };
  await page.waitForFunction(() => window.bleu2Test.idle(), {timeout});
  out.final.kept = await kept(page);
  return out;
}

async function frames(page) {
  const out = {};
  for (const name of ["first", "second"]) out[name] = await (await page.waitForSelector(`#${name}`, {timeout})).contentFrame();
  return out;
}

async function embeds(page) {
  const out = {moments: []}, expected = {first: {}, second: {}};
  await page.goto(docs, {waitUntil: "domcontentloaded", timeout});
  let frame = await frames(page);
  for (const name of ["first", "second"]) {
    await frame[name].waitForSelector("#embed-start", {timeout});
    await frame[name].evaluate(() => document.getElementById("embed-start").click());
  }
  for (const name of ["first", "second"]) {
    await frame[name].waitForSelector(READY, {timeout});
    for (const id of ["reference", "candidate"]) {
      expected[name][id] = `${name} ${id} text`;
      await fill(frame[name], `#${id}`, expected[name][id]);
    }
    await settled(frame[name]);
  }
  await page.reload({waitUntil: "domcontentloaded", timeout});
  frame = await frames(page);
  out.waiting = {};
  for (const name of ["first", "second"]) {
    const shown = await shownOnce(frame[name], expected[name]);
    out.waiting[name] = {state: await frame[name].evaluate(() => document.documentElement.getAttribute("data-state")), shown};
  }
  out.waitingExpected = structuredClone(expected);
  for (const [m, [stage, condition]] of embedMoments.entries()) {
    await page.reload({waitUntil: "domcontentloaded", timeout});
    frame = await frames(page);
    await typeAtEnd(page, frame.first, "reference", ` a${m}`);  // a key into a waiting embed starts it
    expected.first.reference += ` a${m}`;
    await frame.first.waitForFunction(condition, {timeout});  // the stage of its boot
    for (const [name, id] of [["first", "candidate"], ["second", "candidate"], ["second", "reference"]]) {
      await typeAtEnd(page, frame[name], id, ` b${m}`);
      expected[name][id] += ` b${m}`;
    }
    const shown = {};
    for (const name of ["first", "second"]) shown[name] = await shownOnce(frame[name], expected[name]);
    out.moments.push({moment: stage, expected: structuredClone(expected), shown});
  }
  out.final = {expected: structuredClone(expected), shown: {}};
  for (const name of ["first", "second"]) {
    await settled(frame[name]);
    await frame[name].waitForFunction(() => window.bleu2Test.idle(), {timeout});
    out.final.shown[name] = await shownOnce(frame[name], expected[name]);
  }
  out.final.kept = await kept(page);
  return out;
}

const {browser, profile} = await launch(firefox);
const result = await recording(browser);
try {
  const page = await recordedPage(browser, result, allow);
  result.full = await fullPage(page);
  const other = await recordedPage(browser, result, allow);  // a tab of its own
  result.embeds = await embeds(other);
} catch (error) {
  result.error = String(error && error.stack || error);
} finally {
  await close({browser, profile});
}
console.log(JSON.stringify(result));
