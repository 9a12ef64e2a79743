// Embeds' own texts in Debian's Firefox ESR (tests/browser/firefox_driver.mjs: the launch,
// the recorders, the blocking). Run by tests/browser/test_firefox_embeds.py:
//
//   node tests/browser/firefox_embeds.mjs --full URL --host URL --allow ORIGIN... [--firefox PATH]
//
// In one tab of a fresh profile: open --full (the full page), type its texts; open --host (a
// page of another site whose iframes #f and #g are ?embed pages), type other texts into each
// frame; reload the host page; open --full again. Every request to an origin not named by an
// --allow is aborted (and recorded). Prints one JSON object on stdout: the boxes' values (and
// status lines) at each step, and every request the pages made. Exit codes: firefox_driver.mjs.
import { close, fill, launch, option, options, recordedPage, recording, usage } from "./firefox_driver.mjs";

const full = option("full"), host = option("host");
const firefox = option("firefox", "/usr/bin/firefox-esr");
const allow = options("allow");
const timeout = 120000;
if (!full || !host || !allow.length) usage("node firefox_embeds.mjs --full URL --host URL --allow ORIGIN... [--firefox PATH]");

const READY = "html[data-state=ready], html[data-state=error]";

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

const firefoxRun = await launch(firefox);
const result = await recording(firefoxRun.browser);
try {
  const page = await recordedPage(firefoxRun.browser, result, allow);
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
  await close(firefoxRun);
}
console.log(JSON.stringify(result));
