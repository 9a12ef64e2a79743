// The site's service worker (template: tools/build_site.py writes _site/service-worker.js
// from it, with BUILD and FILES filled in by tools/pwa.py). It makes the page open and
// score with no network after one visit, and moves visitors to a new deployment whole:
// a page and every file it loads come from one build. Design: docs/offline.md.
//
// - BUILD: a hash of every precached file (path and content); the cache is
//   "bleu2-build-" + BUILD.
// - FILES: each file the page needs, relative to this worker (which sits at the site's
//   root, so its scope is the site, under whatever sub-path it is served), with its SHA-256
//   as an integrity string ("sha256-" + base64; a gzip file has a second one, of its
//   inflated bytes, which its Brotli copy decodes to, and a zip one of the copy with its
//   members stored, which its .gz and .br copies decode to: tools/precompress.py). Not in it: the one-file offline page,
//   *.gz/*.br copies, this worker.
// - install: each file into the build's cache, checked against its hash. Taken, in turn,
//   from a cache of an older build (a file unchanged across deploys is not fetched again),
//   the network revalidating the browser's HTTP cache, the network bypassing it, and the
//   network with a query no cache has seen (a CDN's stale copy). A file the server does
//   not have (an HTTP error) is left out and fetched as usual when asked for (index.html
//   excepted); bytes of another build, or no network, fail the install, and the browser
//   tries again at its next update check (the new cache deleted). No skipWaiting: the
//   new build waits.
// - The waiting build takes over when no page of the old one is open (the browser's rule),
//   when a page asks (message {type: "activate"}: static/pwa.js's Reload button; every open
//   page then reloads whole), or at a reload of the only open page: the navigation is
//   answered with "Refresh: 0" after asking the waiting worker to take over, and the page
//   loads again from the new build (once per waiting worker: no reload loop).
// - activate: delete the caches of other builds; at a first install only, take control of
//   the page that registered it (loaded from the network a moment ago).
// - fetch: only GET requests for this site's own files are answered, from the cache (a
//   navigation to the site's root or to index.html, whatever its query, e.g. ?embed, gets
//   index.html); everything else, other origins included, is left to the browser.
"use strict";

const BUILD = "__BUILD__";
const FILES = __FILES__;
const PREFIX = "bleu2-build-";
const CACHE = PREFIX + BUILD;
const LEGACY = /^bleu2-[0-9a-f]{16}$/;  // caches of the worker before builds waited
const SCOPE = new URL("./", self.location.href);
const PAGE = new URL("index.html", SCOPE).href;
const HASHES = new Map(Object.entries(FILES).map(([path, hash]) => [new URL(path, SCOPE).href, hash]));

function ours(name) {
  return name.startsWith(PREFIX) || LEGACY.test(name);
}

async function integrity(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

// One file into `cache`: "kept" (from a cache), "fetched", or "missing" (left out); throws
// where only another build's bytes were found.
async function precache(cache, caches_, url, hash) {
  for (const source of caches_) {
    const hit = await source.match(url, {ignoreVary: true});
    if (hit && hash.split(" ").includes(await integrity(hit))) {
      if (source !== cache) await cache.put(url, hit);
      return "kept";
    }
  }
  let wrong = false;
  let status = 0;
  const tries = [[url, "no-cache"], [url, "reload"], [url + "?bleu2-build=" + BUILD, "reload"]];
  for (const [target, mode] of tries) {
    const response = await fetch(new Request(target, {cache: mode, credentials: "same-origin"}));
    if (!response.ok) {
      status = response.status;
      continue;
    }
    if (hash.split(" ").includes(await integrity(response))) {
      await cache.put(url, response);
      return "fetched";
    }
    wrong = true;
  }
  if (wrong) throw new Error(`${url}: the server sends another build's bytes`);
  if (url === PAGE) throw new Error(`${url}: HTTP ${status}`);
  console.warn(`bleu2: ${url} is missing (HTTP ${status}); it will be fetched when asked for`);
  return "missing";
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter(ours);
    const cache = await caches.open(CACHE);
    const older = await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.open(name)));
    const results = await Promise.allSettled(
      [...HASHES].map(([url, hash]) => precache(cache, [cache, ...older], url, hash)));
    const failed = results.filter((r) => r.status === "rejected").map((r) => String(r.reason && r.reason.message || r.reason));
    if (failed.length) {
      await caches.delete(CACHE);  // (a retry takes unchanged files from the old cache again)
      throw new Error("bleu2: build " + BUILD + " not installed: " + failed.join("; "));
    }
    // Pages of the worker before this design wait for a controller change: give them one.
    if (self.registration.active && names.some((name) => LEGACY.test(name))) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    let update = false;
    for (const name of (await caches.keys()).filter(ours)) {
      if (name !== CACHE) {
        update = true;
        await caches.delete(name);
      }
    }
    if (!update) await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

function cachedUrl(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const bare = url.origin + url.pathname;
  if (request.mode === "navigate" && (bare === SCOPE.href || bare === PAGE)) return PAGE;
  return HASHES.has(bare) && !url.search ? bare : null;
}

let opened = null;  // the build's cache, opened once per worker
let handedOver = null;  // the waiting worker this one has asked to take over

async function answer(request, url) {
  opened = opened || caches.open(CACHE);
  const hit = await (await opened).match(url, {ignoreVary: true});
  return hit || fetch(request);
}

// A navigation while a new build waits: if no other page of this build is open (a reload
// of the only one, or a new visit), the new build takes over and the page loads again.
async function handOver(request, waiting) {
  const open = await self.clients.matchAll({type: "window"});
  if (open.length > 1 || waiting === handedOver || waiting.state !== "installed") return answer(request, PAGE);
  handedOver = waiting;
  waiting.postMessage({type: "activate"});
  // (an icon of its own: no request for the origin's /favicon.ico meanwhile; the script
  // does what the header does, where a browser ignores the header)
  const body = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>location.reload()</script>';
  return new Response(body, {headers: {"Content-Type": "text/html; charset=utf-8", "Refresh": "0"}});
}

self.addEventListener("fetch", (event) => {
  const url = cachedUrl(event.request);
  if (url === null) return;
  const waiting = self.registration.waiting;
  if (url === PAGE && event.request.mode === "navigate" && waiting) {
    event.respondWith(handOver(event.request, waiting));
    return;
  }
  event.respondWith(answer(event.request, url));
});
