// Installable and offline after the first visit: registers the site's service worker
// (service-worker.js at the site's root, written by tools/build_site.py from
// tools/service_worker.js) once the page has started, and says when a new deployment has
// been installed and waits (its Reload button asks it to take over, then the page reloads;
// so does every other open page when the worker changes under it: a page never runs with
// another build's files). Design: docs/offline.md. Strings: static/boot-strings.js
// (catalog keys boot_update_ready, boot_update_reload).
//
// Quietly does nothing where a service worker cannot be: file:// (and the one-file offline
// page), browsers without them, and frames denied storage (a cross-site iframe when
// third-party storage is blocked: register() throws or rejects with a SecurityError there);
// and registers none in an embed (?embed) or in any frame.
(function () {
  if (location.protocol !== "http:" && location.protocol !== "https:") return;
  if (document.documentElement.hasAttribute("data-offline")) return;
  // An embed (?embed) or any page in a frame: a documentation page's reader did not come for
  // the calculator's offline copy (docs/embedding.md).
  if (document.documentElement.hasAttribute("data-embed")) return;
  try {
    if (window.parent !== window) return;
  } catch {
    return;
  }
  var container;
  try {
    container = navigator.serviceWorker;  // may throw where storage is denied
  } catch {
    return;
  }
  if (!container || typeof container.register !== "function") return;

  // static/boot-strings.js's, else the same fallback as static/boot.js's (tools/shared_constants.py)
  var BOOT_FALLBACK = {"languages": ["en"], "default": "en", "strings": {"en": {}}}; // bleu2:python
  var BOOT = window.BLEU2_BOOT || BOOT_FALLBACK;
  function s(key) {
    var lang = document.documentElement.lang;
    var strings = BOOT.strings[lang] || BOOT.strings[BOOT.default] || {};
    return strings[key] || key;
  }

  // Shown while a new build waits to take over from this page's.
  var hadController = !!container.controller;
  var reloading = false;
  function showUpdate(registration) {
    if (document.getElementById("update-notice")) return;
    var notice = document.createElement("p");
    notice.id = "update-notice";
    notice.className = "update-notice";
    notice.setAttribute("role", "status");
    notice.textContent = s("update_ready") + " ";
    var button = document.createElement("button");
    button.type = "button";
    button.id = "update-reload";
    button.textContent = s("update_reload");
    button.addEventListener("click", function () {
      var waiting = registration && registration.waiting;
      if (waiting) waiting.postMessage({type: "activate"});  // then "controllerchange"
      else location.reload();
    });
    notice.appendChild(button);
    var status = document.getElementById("status");
    if (status && status.parentNode) status.parentNode.insertBefore(notice, status.nextSibling);
    else document.body.insertBefore(notice, document.body.firstChild);
  }
  // A new build took over this page (asked here or by another page): reload it whole.
  container.addEventListener("controllerchange", function () {
    if (hadController && !reloading) {
      reloading = true;
      location.reload();
    }
    hadController = true;
  });
  function watch(registration) {
    function check() {
      if (registration.waiting && container.controller) showUpdate(registration);
    }
    check();
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (worker) worker.addEventListener("statechange", check);
    });
  }

  function register() {
    try {
      container.register("./service-worker.js", {scope: "./"}).then(function (registration) {
        document.documentElement.setAttribute("data-sw", "registered");
        watch(registration);
        // Registering again does not look for a new deployment: ask (one small request
        // for the worker; a changed worker installs the new build). The browser's check
        // revalidates its HTTP cache's copy, which a server answering 304 by modification
        // time would keep for good: fetch the worker past that cache first, refreshing it.
        if (hadController && navigator.onLine !== false) {
          fetch("./service-worker.js", {cache: "reload"}).catch(function () {}).then(function () {
            return registration.update();
          }).catch(function () {});
        }
        return registration;
      }, function () {
        document.documentElement.setAttribute("data-sw", "unavailable");
      });
    } catch {
      document.documentElement.setAttribute("data-sw", "unavailable");
    }
  }

  // A while after start-up (Python ready, or failed): the worker's install (every file
  // fetched again and stored) must not compete with the page's own start, nor with a reload
  // right after it, which would then wait for the install.
  var AFTER_START_MS = 3000;
  function started() {
    return document.documentElement.getAttribute("data-state") !== "loading";
  }
  function registerLater() {
    setTimeout(register, AFTER_START_MS);
  }
  function whenStarted() {
    if (started()) { registerLater(); return; }
    var observer = new MutationObserver(function () {
      if (!started()) return;
      observer.disconnect();
      registerLater();
    });
    observer.observe(document.documentElement, {attributes: true, attributeFilter: ["data-state"]});
  }
  if (document.readyState === "complete") whenStarted();
  else addEventListener("load", whenStarted);
})();
