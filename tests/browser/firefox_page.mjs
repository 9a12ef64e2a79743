// Drive the bleu2 page in Debian's Firefox ESR through WebDriver BiDi (tests/browser/
// firefox_driver.mjs: the launch, the recorders, the blocking). Run by
// tests/browser/test_offline.py and bench/offline_bench.py:
//
//   node tests/browser/firefox_page.mjs --url URL [--allow ORIGIN_OR_URL]... [--download-dir DIR]
//        [--rouge-reference TEXT --rouge-candidate TEXT] [--gleu-reference TEXT --gleu-candidate TEXT]
//        [--firefox PATH] [--runs N]
//
// For each run: a fresh profile, open URL, record every request the page makes (any not to
// URL's own origin, URL itself for a file: URL, or an --allow is aborted and recorded as
// blocked), the time from navigation to html[data-state=ready] and to the first score (the
// empty texts score 0.0000 once Python runs), then (first run only) type the reference and
// the candidate, read #score, set #opt-max-order to 4, read #score again, press Share link
// and read the link (#share-url) and, with --download-dir, press the JSON export's Download
// button and wait for the file; with --rouge-reference/--rouge-candidate, type that pair,
// choose ROUGE under rouge-score's rules and read its breakdown (result.rouge: the score, its
// label, the table's rows, the JSON shown, the LCS marks; result.rougeMs: what it took); likewise
// GLEU with --gleu-reference/--gleu-candidate (result.gleu, result.gleuMs).
// Prints one JSON object on stdout; exit codes as
// firefox_driver.mjs says (0 even when the page failed: the caller judges).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { close, fill, launch, option, options, recordedPage, recording, usage } from "./firefox_driver.mjs";

const url = option("url");
const downloadDir = option("download-dir");
const firefox = option("firefox", "/usr/bin/firefox-esr");
const runs = Number(option("runs", "1"));
const timeout = Number(option("timeout-ms", "120000"));
const rougeReference = option("rouge-reference");
const rougeCandidate = option("rouge-candidate");
const gleuReference = option("gleu-reference");
const gleuCandidate = option("gleu-candidate");
if (!url) usage("node firefox_page.mjs --url URL [--allow ORIGIN_OR_URL]... [--download-dir DIR] [--firefox PATH] [--runs N]");
const own = url.startsWith("file:") ? url.split("#")[0] : new URL(url).origin;
const allow = [own, ...options("allow")];

// Timestamps in the page (ms since navigation start): data-state=ready and the first score
// (on an empty page, which shows no number, the first render: ready).
const RECORDER = `(() => {
  window.__bleu2Times = {ready: null, firstScore: null};
  const watch = () => {
    const root = document.documentElement;
    const score = document.getElementById("score");
    if (!score) return;  // not the page (about:blank)
    new MutationObserver(() => {
      if (root.getAttribute("data-state") === "ready" && window.__bleu2Times.ready === null) {
        window.__bleu2Times.ready = performance.now();
        // an empty page shows no number: its first render is done when it is ready
        const typed = [...document.querySelectorAll("textarea")].some((box) => box.value.trim());
        if (!typed && window.__bleu2Times.firstScore === null) window.__bleu2Times.firstScore = window.__bleu2Times.ready;
      }
    }).observe(root, {attributes: true, attributeFilter: ["data-state"]});
    new MutationObserver((_, obs) => {
      if (/\\d/.test(score.textContent) && window.__bleu2Times.firstScore === null) {
        window.__bleu2Times.firstScore = performance.now();
        obs.disconnect();
      }
    }).observe(score, {childList: true, characterData: true, subtree: true});
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();`;

async function oneRun(index) {
  const prefs = {};
  if (downloadDir) {
    Object.assign(prefs, {
      "browser.download.dir": downloadDir,
      "browser.download.folderList": 2,
      "browser.download.useDownloadDir": true,
      "browser.download.always_ask_before_handling_new_types": false,
      "browser.download.start_downloads_in_tmp_dir": false,
      "browser.helperApps.neverAsk.saveToDisk": "application/json,text/csv,text/markdown,text/plain",
      "browser.download.alwaysOpenPanel": false,
    });
  }
  const firefoxRun = await launch(firefox, prefs);
  const result = {...await recording(firefoxRun.browser), state: null, status: null, readyMs: null, firstScoreMs: null};
  try {
    const page = await recordedPage(firefoxRun.browser, result, allow);
    await page.evaluateOnNewDocument(RECORDER);
    await page.goto(url, {waitUntil: "domcontentloaded", timeout});
    await page.waitForSelector("html[data-state=ready], html[data-state=error], html[data-state=file-blocked]", {timeout});
    result.state = await page.evaluate(() => document.documentElement.getAttribute("data-state"));
    result.status = await page.evaluate(() => document.getElementById("status").textContent.trim());
    if (result.state === "ready") {
      await page.waitForFunction(() => window.__bleu2Times.firstScore !== null, {timeout});
      const times = await page.evaluate(() => window.__bleu2Times);
      result.readyMs = Math.round(times.ready);
      result.firstScoreMs = Math.round(times.firstScore);
      result.offline = await page.evaluate(() => window.bleu2Offline
        ? {timings: window.bleu2Offline.timings, released: window.bleu2Offline.released,
           payloadInDom: !!document.getElementById("bleu2-offline-payload")}
        : null);
      if (index === 0) await checkPage(page, result);
    }
  } catch (error) {
    result.error = String(error && error.stack || error);
  } finally {
    await close(firefoxRun);
  }
  return result;
}

async function checkPage(page, result) {
  await fill(page, "#reference", "the cat sat on the mat");
  await fill(page, "#candidate", "the cat is on the mat");
  result.score = await page.evaluate(() => document.getElementById("score").textContent);
  await page.select("#opt-max-order", "4");
  await page.waitForFunction(() => document.getElementById("score-label").textContent.includes("4"), {timeout: 10000});
  result.scoreOrder4 = await page.evaluate(() => document.getElementById("score").textContent);
  result.scoreLabel = await page.evaluate(() => document.getElementById("score-label").textContent);
  // The share link, made from the full location. page.click scrolls the button into view,
  // then clicks its centre; when the layout moves in between (the rows re-rendered for
  // BLEU-4), the click can land on the link's box below it: click again until the link is
  // there (at most three times), as for the export below.
  result.shareClicks = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    result.shareClicks += 1;
    await page.click("#share-button");
    const made = await page.waitForFunction(
      () => document.getElementById("share-url").value !== "", {timeout: 5000},
    ).then(() => true, () => false);
    if (made) break;
  }
  result.shareUrl = await page.evaluate(() => document.getElementById("share-url").value);
  if (downloadDir) {
    // page.click scrolls the button into view, then clicks its centre; when the layout moves in
    // between (the rows re-rendered for BLEU-4), the click can land beside it. The status line
    // says when the export ran, so click again until it does (at most three times).
    result.exportClicks = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      result.exportClicks += 1;
      await page.click("#download-export-json");
      const said = await page.waitForFunction(
        () => document.getElementById("export-status").textContent.trim() !== "", {timeout: 5000},
      ).then(() => true, () => false);
      if (said) break;
    }
    const deadline = Date.now() + 20000;
    let done = [];
    while (Date.now() < deadline) {
      done = readdirSync(downloadDir).filter((name) => !name.endsWith(".part") && statSync(path.join(downloadDir, name)).size > 0);
      if (done.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    result.downloads = done;
    result.exportStatus = await page.evaluate(() => document.getElementById("export-status").textContent);
  }
  if (rougeReference !== undefined && rougeCandidate !== undefined) {
    const start = Date.now();
    result.rouge = await checkMetric(page, "rouge-score", "ROUGE-1", "ROUGE-1", rougeReference, rougeCandidate, true);
    result.rougeMs = Date.now() - start;
  }
  if (gleuReference !== undefined && gleuCandidate !== undefined) {
    const start = Date.now();
    result.gleu = await checkMetric(page, "gleu", "GLEU", "1-grams", gleuReference, gleuCandidate, false);
    result.gleuMs = Date.now() - start;
  }
}

// The typed pair under the metric `value` of the select: read once the page shows its label,
// its first row and its JSON (for ROUGE, `marked`: once the LCS is marked in the candidate).
async function checkMetric(page, value, label, firstRow, reference, candidate, marked) {
  await fill(page, "#reference", reference);
  await fill(page, "#candidate", candidate);
  await page.select("#opt-metric", value);
  await page.waitForFunction((label, firstRow, marked) => {
    const row = document.querySelector("#metric-table tbody tr");
    try { JSON.parse(document.getElementById("result-json").textContent); } catch { return false; }
    return document.getElementById("score-label").textContent === label && row && row.cells[0].textContent === firstRow
      && (!marked || document.querySelectorAll("#hl-candidate .hl-matched").length > 0);
  }, {timeout: 20000}, label, firstRow, marked);
  return page.evaluate(() => ({
    label: document.getElementById("score-label").textContent,
    score: document.getElementById("score").textContent,
    rows: [...document.querySelectorAll("#metric-table tbody tr")].map((tr) => [...tr.cells].map((c) => c.textContent)),
    shown: JSON.parse(document.getElementById("result-json").textContent),
    matched: document.querySelectorAll("#hl-candidate .hl-matched").length,
  }));
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await oneRun(i));
console.log(JSON.stringify({runs: results}));
