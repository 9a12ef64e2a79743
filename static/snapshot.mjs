// The Pyodide memory snapshot this browser makes for itself (no snapshot is downloaded).
//
// A first visit boots Pyodide from scratch (static/pyodide-boot.mjs). A while after the
// page is ready, the page's thread starts static/snapshot-worker.mjs, a worker of its own
// (off the page's thread, beside the page's Python worker): it boots a second Pyodide with
// Pyodide's snapshot option, imports what the page imports, makes the memory snapshot and
// keeps it here, in IndexedDB ("bleu2-snapshot"), under the build's key. The next visits
// restore it (pyodide-boot.mjs), which is several times faster than booting CPython.
//
// The key (BUILD.key, written in by tools/build_site.py) is a hash of the Pyodide version,
// the page's bleu2.zip, its standard-library zip, the modules imported and the worker's
// script: a redeploy that changes any of them never restores an old build's snapshot, and
// making the new one replaces the old (one snapshot is kept at a time). A snapshot that
// does not restore (corrupt, another Pyodide build) is forgotten and Pyodide boots normally.
// Where the browser denies this page storage (a cross-site frame), nothing is kept.
//
// html[data-snapshot] says where the page is: waiting (for the page to be ready), stored
// (one is kept already), making, made, failed, elsewhere (another tab is making it), off
// (none here: an embed, the one-file page, no storage, or the site was not built).
// html[data-snapshot-ms]: how long making it took.

// Written by tools/build_site.py: {"key": "...", "modules": ["base64", ..., "bleu2.page.protocol"]}.
const BUILD = null; // bleu2:snapshot-build

const DATABASE = "bleu2-snapshot";
const STORE = "snapshots";
// After the page is ready (its first score shown): the making must not compete with it.
const AFTER_READY_MS = 2000;

export const snapshotBuild = BUILD;

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("snapshot store blocked"));
  });
}

// One transaction on the store: work(store) returns a request (or nothing); resolves with
// its result once the transaction is complete.
async function transact(mode, work) {
  const db = await openDatabase();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("snapshot store: aborted"));
    });
  } finally {
    db.close();
  }
}

// The kept snapshot of this build (a Blob), or null: none, another build's, no storage.
export async function storedSnapshot() {
  if (!BUILD || typeof indexedDB === "undefined") return null;
  const value = await transact("readonly", (store) => store.get(BUILD.key));
  return value instanceof Blob && value.size > 0 ? value : null;
}

// Keep `bytes` (a Uint8Array) as this build's snapshot, in place of any other.
export async function keepSnapshot(bytes) {
  if (!BUILD) throw new Error("no snapshot key: the site was not built");
  const blob = new Blob([bytes], { type: "application/octet-stream" });
  await transact("readwrite", (store) => {
    store.clear();
    return store.put(blob, BUILD.key);
  });
}

// Forget every kept snapshot (one that did not restore).
export async function forgetSnapshots() {
  if (typeof indexedDB === "undefined") return;
  await transact("readwrite", (store) => store.clear());
}

// The page's thread (served page only): once the page is ready, make and keep this build's
// snapshot unless one is kept already (see the top of this file).
export function makeSnapshotLater() {
  const root = document.documentElement;
  const say = (state) => root.setAttribute("data-snapshot", state);
  const embedded = new URLSearchParams(location.search).has("embed");
  if (!BUILD || embedded || typeof Worker !== "function" || typeof indexedDB === "undefined") return say("off");
  say("waiting");
  const whenReady = () => {
    const state = root.getAttribute("data-state");
    if (state === "loading") return false;
    if (state === "ready") setTimeout(() => makeUnlessStored(say), AFTER_READY_MS);
    else say("off");  // Python did not start: nothing to snapshot
    return true;
  };
  if (whenReady()) return;
  const observer = new MutationObserver(() => {
    if (whenReady()) observer.disconnect();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
}

async function makeUnlessStored(say) {
  try {
    if (await storedSnapshot()) return say("stored");
  } catch {
    return say("off");  // storage denied
  }
  // One tab at a time makes it (Web Locks, where the browser has them).
  if (navigator.locks && typeof navigator.locks.request === "function") {
    await navigator.locks.request("bleu2-snapshot", { ifAvailable: true }, (lock) => (lock ? make(say) : say("elsewhere")));
  } else {
    await make(say);
  }
}

function make(say) {
  const root = document.documentElement;
  const started = performance.now();
  say("making");
  return new Promise((resolve) => {
    let worker;
    const done = (ok, why) => {
      if (worker) worker.terminate();
      root.setAttribute("data-snapshot-ms", String(Math.round(performance.now() - started)));
      if (!ok) console.warn("bleu2: no start-up snapshot made:", why);
      say(ok ? "made" : "failed");
      resolve();
    };
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module", name: "bleu2-snapshot" });
    } catch (error) {
      done(false, error && error.message);
      return;
    }
    worker.onmessage = (event) => done(Boolean(event.data && event.data.ok), event.data && event.data.error);
    worker.onerror = (event) => {
      event.preventDefault();
      done(false, event.message);
    };
  });
}
