// Embeds in Debian's Firefox ESR (tests/browser/firefox_driver.mjs: the launch, the
// recorders, the blocking). Run by tests/browser/test_firefox_embeds.py:
//
//   node tests/browser/firefox_embeds.mjs --full URL --host URL --allow ORIGIN...
//        [--themes URL --host-steps JSON] [--firefox PATH]
//
// In one tab of a fresh profile: open --full (the full page), type its texts; open --host (a
// page of another site whose iframes #f and #g are ?embed pages), type other texts into each
// frame; reload the host page; open --full again. With --themes (a page of another site with
// two <iframe class="bleu2"> looked after by embed.js, starting 460 px high, and #d and #l,
// ?embed&theme=dark and ?embed&theme=light frames the script leaves alone): the heights the
// host was told ([index among iframe.bleu2, height]) and each frame's height beside its
// document's once they settled, and again after the second frame is narrowed to 360 px;
// the theme of #d and #l, then of #l after each bleu2:theme message the host posts it
// ("dark", "light", "auto"); the theme of the bleu2 frames, then after each of --host-steps
// ([[element ("html" or "body"), attribute, value, the theme to wait for], ...]) is set on
// the host page. A theme is the frame's <html data-theme>, its computed background and text
// colours and whether it matches prefers-color-scheme: dark.
// Every request to an origin not named by an --allow is aborted (and recorded). Prints one
// JSON object on stdout: the findings above, and every request the pages made. Exit codes:
// firefox_driver.mjs.
import { close, fill, launch, option, options, recordedPage, recording, usage } from "./firefox_driver.mjs";

const full = option("full"), host = option("host"), themes = option("themes");
const hostSteps = JSON.parse(option("host-steps", "[]"));
const firefox = option("firefox", "/usr/bin/firefox-esr");
const allow = options("allow");
const timeout = 120000;
if (!full || !host || !allow.length) usage("node firefox_embeds.mjs --full URL --host URL --allow ORIGIN... [--firefox PATH]");

const READY = "html[data-state=ready], html[data-state=error]";

// An embed waits for its reader (static/embed-start.mjs): started here as by its button.
async function start(target) {
  await target.waitForSelector("#status", {timeout});
  await target.evaluate(() => {
    if (document.documentElement.getAttribute("data-state") === "waiting") document.getElementById("embed-start").click();
  });
}

async function shown(target) {
  await start(target);
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

// Heights the iframe.bleu2 frames told the host page, [index among them, height], in the top
// window only.
const RECORD_HEIGHTS = `if (window.top === window) {
  window.bleu2Heights = [];
  addEventListener("message", (e) => {
    const frames = [...document.querySelectorAll("iframe.bleu2")].map((f) => f.contentWindow);
    const index = frames.indexOf(e.source);  // (the #d and #l frames post their heights too)
    if (index >= 0 && e.data && e.data.type === "bleu2:height") window.bleu2Heights.push([index, e.data.height]);
  });
}`;

function themeOf(frame) {
  return frame.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      theme: document.documentElement.getAttribute("data-theme"),
      background: style.backgroundColor,
      color: style.color,
      prefersDark: matchMedia("(prefers-color-scheme: dark)").matches,
    };
  });
}

// A frame's document measured from inside: the body's box with its margins (what embed.js
// posts), the root element's box, the lowest bottom of any element rendered plus the body's
// bottom padding and margin, the scroll height, the viewport's height and the score's bottom.
function documentHeights(frame) {
  return frame.evaluate(() => {
    const body = document.body, style = getComputedStyle(body);
    let bottom = 0;
    for (const element of body.querySelectorAll("*")) {
      // (a closed <details>' content has boxes in Firefox, but is not rendered)
      if (!element.checkVisibility({visibilityProperty: true})) continue;
      const box = element.getBoundingClientRect();
      if (box.width || box.height) bottom = Math.max(bottom, box.bottom + scrollY);
    }
    return {
      body: body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom),
      root: document.documentElement.getBoundingClientRect().height,
      content: bottom + parseFloat(style.paddingBottom) + parseFloat(style.marginBottom),
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight,
      scoreBottom: document.getElementById("score").getBoundingClientRect().bottom,
    };
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const waitTheme = (frame, theme) => frame.waitForFunction(
  (theme) => document.documentElement.getAttribute("data-theme") === theme, {timeout: 10000}, theme,
).catch(() => {});  // recorded as it is: the test judges

async function themeChecks(page) {
  const out = {};
  await page.setViewport({width: 1000, height: 1800});  // every frame in view: none waits (loading=lazy)
  await page.goto(themes, {waitUntil: "domcontentloaded", timeout});
  const handles = await page.$$("iframe.bleu2");
  const embeds = [];
  for (const handle of handles) embeds.push(await handle.contentFrame());
  const byId = {};
  for (const id of ["d", "l"]) byId[id] = await (await page.waitForSelector(`#${id}`, {timeout})).contentFrame();
  out.states = [];
  for (const frame of [...embeds, byId.d, byId.l]) out.states.push((await shown(frame)).state);
  // each embed's "Ready" said and gone (its status line then takes no room): its height final
  for (const frame of embeds) await frame.waitForSelector("#status.status-quiet", {timeout: 30000}).catch(() => {});

  const frameHeights = () => page.evaluate(
    () => [...document.querySelectorAll("iframe.bleu2")].map((f) => f.getBoundingClientRect().height));
  await page.waitForFunction(
    () => [...document.querySelectorAll("iframe.bleu2")].every((f) => f.getBoundingClientRect().height !== 460),
    {timeout: 30000},
  ).catch(() => {});
  await pause(1500);  // later height messages, if any, would be in by now
  const measure = async () => ({
    told: await page.evaluate(() => window.bleu2Heights),
    frames: await frameHeights(),
    documents: await Promise.all(embeds.map(documentHeights)),
  });
  out.settled = await measure();
  // A narrower frame stacks the two texts: its document grows, says so, and the host follows.
  const before = out.settled.told.length;
  await page.evaluate(() => { document.querySelectorAll("iframe.bleu2")[1].style.width = "360px"; });
  await page.waitForFunction((n) => window.bleu2Heights.length > n, {timeout: 10000}, before).catch(() => {});
  await pause(500);
  out.narrowed = await measure();

  out.byAddress = {d: await themeOf(byId.d), l: await themeOf(byId.l)};
  out.messages = [];
  for (const theme of ["dark", "light", "auto"]) {
    await page.evaluate((theme) => {
      const frame = document.getElementById("l");
      frame.contentWindow.postMessage({type: "bleu2:theme", theme}, new URL(frame.src).origin);
    }, theme);
    await waitTheme(byId.l, theme);
    out.messages.push({sent: theme, shown: await themeOf(byId.l)});
  }

  out.hostAtFirst = await Promise.all(embeds.map(themeOf));
  out.hostSteps = [];
  for (const [element, attribute, value, expected] of hostSteps) {
    await page.evaluate((element, attribute, value) => {
      (element === "body" ? document.body : document.documentElement).setAttribute(attribute, value);
    }, element, attribute, value);
    for (const frame of embeds) await waitTheme(frame, expected);
    await pause(300);  // a message sent after the one waited for would be in by now
    out.hostSteps.push({set: [element, attribute, value], shown: await Promise.all(embeds.map(themeOf))});
  }
  return out;
}

// a light system, so that the dark theme can only come from the address, a message or the host
const firefoxRun = await launch(firefox, {"layout.css.prefers-color-scheme.content-override": 1});
const result = await recording(firefoxRun.browser);
try {
  const page = await recordedPage(firefoxRun.browser, result, allow);
  await page.goto(full, {waitUntil: "domcontentloaded", timeout});
  await shown(page);
  await fill(page, "#reference", "the cat sat on the mat");
  await fill(page, "#candidate", "the cat is on the mat");
  // the worker's answer painted (recorded as it is after the wait: the test judges)
  await page.waitForFunction(() => /\d/.test(document.getElementById("score").textContent), {timeout: 30000}).catch(() => {});
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

  if (themes) {
    await page.evaluateOnNewDocument(RECORD_HEIGHTS);
    result.themes = await themeChecks(page);
  }
} catch (error) {
  result.error = String(error && error.stack || error);
} finally {
  await close(firefoxRun);
}
console.log(JSON.stringify(result));
