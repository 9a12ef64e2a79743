// Embeds' own texts in Debian's Firefox ESR (WebDriver BiDi through puppeteer-core, as
// tests/browser/firefox_page.mjs). Run by tests/browser/test_firefox_embeds.py:
//
//   node tests/browser/firefox_embeds.mjs --full URL --host URL [--firefox PATH]
//
// In one tab of a fresh profile: open --full (the full page), type its texts; open --host (a
// page of another site whose iframes #f and #g are ?embed pages), type other texts into each
// frame; reload the host page; open --full again. Prints one JSON object on stdout: the boxes'
// values (and status lines) at each step, and every request the pages made. Exits 0 even when
// the page failed (the caller judges), 2 on bad usage, 3 when Firefox cannot start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const full = option("full"), host = option("host");
const firefox = option("firefox", "/usr/bin/firefox-esr");
const timeout = 120000;
if (!full || !host) {
  console.error("usage: node firefox_embeds.mjs --full URL --host URL [--firefox PATH]");
  process.exit(2);
}

const READY = "html[data-state=ready], html[data-state=error]";

async function fill(target, selector, text) {
  await target.evaluate((selector, text) => {
    const box = document.querySelector(selector);
    box.value = text;
    box.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: text}));
  }, selector, text);
}

async function shown(target) {
  await target.waitForSelector(READY, {timeout});
  return target.evaluate(() => ({
    state: document.documentElement.getAttribute("data-state"),
    reference: document.getElementById("reference").value,
    candidate: document.getElementById("candidate").value,
    status: document.getElementById("status-text").textContent,
    score: document.getElementById("score").textContent,
  }));
}

async function frames(page) {
  const out = {};
  for (const id of ["f", "g"]) {
    const element = await page.waitForSelector(`#${id}`, {timeout});
    out[id] = await element.contentFrame();
  }
  return out;
}

const profile = mkdtempSync(path.join(tmpdir(), "bleu2-firefox-"));
let browser;
try {
  browser = await puppeteer.launch({
    browser: "firefox", executablePath: firefox, headless: true, userDataDir: profile, timeout: 60000,
    extraPrefsFirefox: {
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      "app.update.enabled": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
    },
  });
} catch (error) {
  rmSync(profile, {recursive: true, force: true});
  console.log(JSON.stringify({launchError: String(error && error.message || error)}));
  process.exit(3);
}
const result = {browserVersion: await browser.version(), requests: [], consoleErrors: [], pageErrors: []};
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
  await page.goto(full, {waitUntil: "domcontentloaded", timeout});
  await shown(page);
  await fill(page, "#reference", "the cat sat on the mat");
  await fill(page, "#candidate", "the cat is on the mat");
  result.fullTyped = await shown(page);

  await page.goto(host, {waitUntil: "domcontentloaded", timeout});
  let embeds = await frames(page);
  result.embedsAtFirst = {f: await shown(embeds.f), g: await shown(embeds.g)};
  result.frameStorage = await embeds.f.evaluate(() => {
    try { return window.sessionStorage.length >= 0; } catch (error) { return String(error); }
  });
  await fill(embeds.f, "#reference", "first frame reference");
  await fill(embeds.f, "#candidate", "first frame candidate");
  await fill(embeds.g, "#reference", "second frame reference");
  await fill(embeds.g, "#candidate", "second frame candidate");
  result.embedsTyped = {f: await shown(embeds.f), g: await shown(embeds.g)};

  await page.reload({waitUntil: "domcontentloaded", timeout});
  embeds = await frames(page);
  result.embedsReloaded = {f: await shown(embeds.f), g: await shown(embeds.g)};
  result.frameKeys = await embeds.f.evaluate(() => Object.keys(window.sessionStorage).sort());

  await page.goto(full, {waitUntil: "domcontentloaded", timeout});
  result.fullAgain = await shown(page);
} catch (error) {
  result.error = String(error && error.stack || error);
} finally {
  await browser.close();
  rmSync(profile, {recursive: true, force: true});
}
console.log(JSON.stringify(result));
