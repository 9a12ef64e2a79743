// What the Firefox ESR drivers share (tests/browser/firefox_page.mjs, firefox_embeds.mjs):
// Debian's Firefox ESR in a fresh profile, driven through WebDriver BiDi by puppeteer-core (a
// pinned devDependency; never a downloaded browser), and a page whose requests, console
// errors (and Python tracebacks) and page errors are recorded, every request to a URL that
// is not allowed aborted and recorded, as tests/browser/conftest.py's Guard does for Chromium.
//
// A driver's exit codes: 0 even when the page failed (the caller judges), 2 on bad usage,
// 3 when Firefox cannot start (launch prints {launchError} on stdout).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

// Every value of a repeated option (--allow A --allow B).
export function options(name) {
  const out = [];
  process.argv.forEach((arg, i) => {
    if (arg === `--${name}` && i + 1 < process.argv.length) out.push(process.argv[i + 1]);
  });
  return out;
}

export function usage(text) {
  console.error(`usage: ${text}`);
  process.exit(2);
}

// No background traffic from the browser itself.
const QUIET = {
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "app.update.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
};

// Firefox in a fresh profile: {browser, profile}; exits 3 (after printing {launchError}) when it
// cannot start. `prefs` are added to the quiet ones.
export async function launch(firefox, prefs = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), "bleu2-firefox-"));
  try {
    const browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: firefox,
      headless: true,
      userDataDir: profile,
      extraPrefsFirefox: {...QUIET, ...prefs},
      timeout: 60000,
    });
    return {browser, profile};
  } catch (error) {
    rmSync(profile, {recursive: true, force: true});
    console.log(JSON.stringify({launchError: String(error && error.message || error)}));
    process.exit(3);
  }
}

export async function close({browser, profile}) {
  await browser.close();
  rmSync(profile, {recursive: true, force: true});
}

// What a run records; a driver adds its own findings to it.
export async function recording(browser) {
  return {browserVersion: await browser.version(), requests: [], blocked: [], consoleErrors: [], pageErrors: []};
}

// A URL a page may ask for: data: and blob:, one of `allow`'s origins (http://host:port)
// or, for a file: page, one of `allow`'s exact URLs (without the fragment).
export function allowed(url, allow) {
  const scheme = url.split(":")[0];
  if (scheme === "data" || scheme === "blob") return true;
  if (allow.includes(url.split("#")[0])) return true;
  if (scheme !== "http" && scheme !== "https") return false;
  return allow.includes(new URL(url).origin);
}

// A new tab whose every request is recorded in result.requests (its URL, 200 characters at
// most), and aborted and recorded in result.blocked too where `allowed` refuses it; console
// errors and Python tracebacks go to result.consoleErrors, page errors to result.pageErrors.
export async function recordedPage(browser, result, allow) {
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    result.requests.push(url.slice(0, 200));
    if (allowed(url, allow)) {
      request.continue().catch(() => {});
    } else {
      result.blocked.push(url.slice(0, 200));
      request.abort("blockedbyclient").catch(() => {});
    }
  });
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || /Traceback \(most recent call last\)|PythonError/.test(text)) {
      result.consoleErrors.push(text.slice(0, 500));
    }
  });
  page.on("pageerror", (error) => result.pageErrors.push(String(error && error.message || error)));
  return page;
}

// Put `text` into the box `selector` of a page or frame, as typing does (one input event).
export async function fill(target, selector, text) {
  await target.evaluate((selector, text) => {
    const box = document.querySelector(selector);
    box.value = text;
    box.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: text}));
  }, selector, text);
}
