// The site's service worker (template: tools/build_site.py writes _site/service-worker.js
// from it, with BUILD and FILES filled in). It makes the page open and score with no
// network after one visit, and installs a new deployment on the next visit.
//
// - BUILD: a hash of every precached file (path and content); the cache is "bleu2-" + BUILD.
// - FILES: every file the page needs, relative to this worker (which sits at the site's
//   root, so its scope is the site, under whatever sub-path it is served). Not in it: the
//   one-file offline page (15 MB, a download), *.gz/*.br copies, this worker.
// - install: fetch FILES into the build's cache (revalidating, never trusting a stale HTTP
//   cache), then take over at once (skipWaiting); activate: delete the caches of other
//   builds, take control of open pages (static/pwa.js then tells the reader a new version
//   is installed and a reload uses it).
// - fetch: only GET requests for this site's own files are answered, from the cache (a
//   navigation to the site's root or to index.html, whatever its query, e.g. ?embed, gets
//   index.html); everything else, other origins included, is left to the browser.
"use strict";

const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = "bleu2-" + BUILD;
const SCOPE = new URL("./", self.location.href);
const PAGE = new URL("index.html", SCOPE).href;
const PRECACHED = new Set(FILES.map((path) => new URL(path, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((path) => new Request(new URL(path, SCOPE).href, {cache: "no-cache"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("bleu2-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function cachedUrl(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const bare = url.origin + url.pathname;
  if (request.mode === "navigate" && (bare === SCOPE.href || bare === PAGE)) return PAGE;
  return PRECACHED.has(bare) && !url.search ? bare : null;
}

let opened = null;  // the build's cache, opened once per worker

self.addEventListener("fetch", (event) => {
  const url = cachedUrl(event.request);
  if (url === null) return;
  event.respondWith((async () => {
    opened = opened || caches.open(CACHE);
    const hit = await (await opened).match(url, {ignoreVary: true});
    return hit || fetch(event.request);
  })());
});
