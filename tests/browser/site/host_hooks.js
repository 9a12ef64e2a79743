  // --- the test build only (tests/browser/site/host_hooks.js, appended to static/host.js
  // (module scope) by tools/test_site.py; never in _site/): window.bleu2Test, for the browser tests
  // and the benchmarks.
  //   pending(): an answer still to come: to an event of the page (a timer's is not one), or
  //     its rest (a "soon" command's event);
  //   idle(): every event sent has been answered and the work after a pause has run (the
  //     last batch said idle);
  //   still(): nothing on its way at all: no event unanswered, no timer of the page's Python
  //     set (a pause's work included);
  //   answered(): a promise, resolved once nothing is pending;
  //   probe(code): a Python expression evaluated where the page's Python runs, after the
  //     events sent before (tests/browser/site/worker_probe.py): its value, or {error};
  //   batches: how many batches were applied.
  (function () {
    var hooks = {batches: 0}, idle = false, soonCount = 0, waiting = [];
    function quiet(item) { return "timer" in item.event && !item.event.soon; }
    hooks.pending = function () {
      return !!(busy && !quiet(busy)) || queue.some(function (item) { return !quiet(item); }) || soonCount > 0;
    };
    hooks.idle = function () { return idle && !busy && !queue.length; };
    hooks.still = function () { return !busy && !queue.length && !Object.keys(timers).length; };
    // checked once the batch's promise chain has run (busy cleared, the next event sent)
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      if (hooks.pending()) return;
      waiting.splice(0).forEach(function (resolve) { resolve(); });
    };
    hooks.answered = function () {
      return new Promise(function (resolve) {
        waiting.push(resolve);
        channel.port2.postMessage(null);
      });
    };
    var productSend = send, productApply = apply, productSoon = commands.soon;
    send = function (event, data) {
      idle = false;
      if (event.soon) soonCount -= 1;
      return productSend(event, data);
    };
    apply = function (batch) {
      productApply(batch);
      idle = !!batch.idle;
      hooks.batches += 1;
      channel.port2.postMessage(null);
    };
    commands.soon = function (id) { soonCount += 1; productSoon(id); };
    host.send = send;
    hooks.probe = function (code) { return send({probe: code}); };
    hooks.corpus = corpus;  // corpus mode's events by name (static/corpus.js: an embed shows no mode switch)
    window.bleu2Test = hooks;
  })();
