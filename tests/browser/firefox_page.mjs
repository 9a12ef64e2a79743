// Drive the bleu2 page in Debian's Firefox ESR through WebDriver BiDi (puppeteer-core, a
// pinned devDependency; never a downloaded browser). Run by tests/browser/test_offline.py
// and bench/offline_bench.py:
//
//   node tests/browser/firefox_page.mjs --url URL [--download-dir DIR] [--firefox PATH] [--runs N]
//
// For each run: a fresh profile, open URL, record every request the page makes, the time
// from navigation to html[data-state=ready] and to the first score (the empty texts score
// 0.0000 once Python runs), then (first run only) type the reference and the candidate, read
// #score, set #opt-max-order to 4, read #score again, press Share link and read the link
// (#share-url) and, with --download-dir, press the JSON export's Download button and wait for
// the file. Prints one JSON object on stdout; exits 0
// even when the page failed (the caller judges), 2 on bad usage, 3 when Firefox cannot start.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const url = option("url");
const downloadDir = option("download-dir");
const firefox = option("firefox", "/usr/bin/firefox-esr");
const runs = Number(option("runs", "1"));
const timeout = Number(option("timeout-ms", "120000"));
if (!url) {
  console.error("usage: node firefox_page.mjs --url URL [--download-dir DIR] [--firefox PATH] [--runs N]");
  process.exit(2);
}

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
  const profile = mkdtempSync(path.join(tmpdir(), "bleu2-firefox-"));
  const prefs = {
    // no background traffic from the browser itself
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "app.update.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "toolkit.telemetry.enabled": false,
  };
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
  let browser;
  try {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: firefox,
      headless: true,
      userDataDir: profile,
      extraPrefsFirefox: prefs,
      timeout: 60000,
    });
  } catch (error) {
    rmSync(profile, {recursive: true, force: true});
    console.log(JSON.stringify({launchError: String(error && error.message || error)}));
    process.exit(3);
  }
  const result = {
    browserVersion: await browser.version(),
    requests: [], consoleErrors: [], pageErrors: [], state: null, status: null,
    readyMs: null, firstScoreMs: null,
  };
  try {
    const page = await browser.newPage();
    page.on("request", (request) => result.requests.push(request.url().slice(0, 200)));
    page.on("console", (message) => {
      const text = message.text();
      if (message.type() === "error" || /Traceback \(most recent call last\)|PythonError/.test(text)) {
        result.consoleErrors.push(text.slice(0, 500));
      }
    });
    page.on("pageerror", (error) => result.pageErrors.push(String(error && error.message || error)));
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
    await browser.close();
    rmSync(profile, {recursive: true, force: true});
  }
  return result;
}

async function checkPage(page, result) {
  const fill = async (selector, text) => {
    await page.evaluate((selector, text) => {
      const box = document.querySelector(selector);
      box.value = text;
      box.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: text}));
    }, selector, text);
  };
  await fill("#reference", "the cat sat on the mat");
  await fill("#candidate", "the cat is on the mat");
  result.score = await page.evaluate(() => document.getElementById("score").textContent);
  await page.select("#opt-max-order", "4");
  await page.waitForFunction(() => document.getElementById("score-label").textContent.includes("4"), {timeout: 10000});
  result.scoreOrder4 = await page.evaluate(() => document.getElementById("score").textContent);
  result.scoreLabel = await page.evaluate(() => document.getElementById("score-label").textContent);
  await page.click("#share-button");  // the share link, made from the full location
  await page.waitForFunction(() => document.getElementById("share-url").value !== "", {timeout: 10000});
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
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await oneRun(i));
console.log(JSON.stringify({runs: results}));
