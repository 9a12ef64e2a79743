// window.bleu2Paint: builds the page's DOM from the plain data static/app.py gets from
// bleu2.page (the text boxes added, token chips, the ranking table, the rows of the terms
// table, the highlight spans, the SVG chart, "How it works"), copies and downloads text;
// keyboard and hover handling of highlighted tokens; the ranking table's scroll cue. No
// user text is ever written as HTML here (only textContent and setAttribute). No decision
// is made here: what to show comes in.
(function () {
  "use strict";

  function $(id) { return document.getElementById(id); }
  // What each reader of the boxes last had of them: box id -> [text, its length in code
  // points]. "page" is static/app.py (read), "worker" the copy in the page's worker
  // (changes, for static/corpus.js's bleu2Live).
  var copies = {page: {}, worker: {}};
  function isHigh(code) { return code >= 0xD800 && code <= 0xDBFF; }
  function isLow(code) { return code >= 0xDC00 && code <= 0xDFFF; }
  var HIGH = /[\uD800-\uDBFF]/;
  function codePoints(text, from, to) {  // never called with a pair split at from or to
    if (to - from > 64 && !HIGH.test(text.slice(from, to))) return to - from;  // no pair: one code point per unit
    var n = 0;
    for (var i = from; i < to; i++) if (!(isLow(text.charCodeAt(i)) && i > from && isHigh(text.charCodeAt(i - 1)))) n++;
    return n;
  }
  // Units two texts share at their start (end: at their end), compared a block at a time
  // (string equality is a memory compare), then unit by unit: a keystroke at the end of
  // megabytes costs well under a millisecond.
  function shared(a, b, end) {
    var n = Math.min(a.length, b.length), k = 0;
    function part(t, from, to) { return end ? t.slice(t.length - to, t.length - from) : t.slice(from, to); }
    for (var block = 65536; block >= 16; block >>= 4) {
      while (k + block <= n && part(a, k, k + block) === part(b, k, k + block)) k += block;
    }
    while (k < n && (end ? a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)
                         : a.charCodeAt(k) === b.charCodeAt(k))) k++;
    return k;
  }
  // A box's value as the change since the reader last had it: [kept prefix, kept suffix,
  // the text between, the new length] (prefix, suffix and length in code points, as Python
  // counts; never inside a surrogate pair), code points counted only on the shorter side.
  function change(id, reader) {
    var value = $(id).value, had = copies[reader][id] || ["", 0], last = had[0], count = had[1];
    if (value === last) return [count, 0, "", count];
    var p = shared(value, last, false);
    var s = shared(value.slice(p), last.slice(p), true);
    if (p > 0 && p < value.length && isHigh(value.charCodeAt(p - 1))) p--;
    if (s > 0 && s < value.length - p && isLow(value.charCodeAt(value.length - s))) s--;
    var tail = last.length - s;
    var pc = p <= last.length - p ? codePoints(last, 0, p) : count - codePoints(last, p, last.length);
    var sc = s <= tail ? codePoints(last, tail, last.length) : count - codePoints(last, 0, tail);
    var middle = value.slice(p, value.length - s);
    var length = pc + codePoints(middle, 0, middle.length) + sc;
    copies[reader][id] = [value, length];
    return [pc, sc, middle, length];
  }
  // The tab's storage: writes per key (an older packed save never overwrites a newer state).
  var writes = {}, refused = null;
  function errorText(error) { return String(error && error.name) + " " + String(error && error.message); }
  function boxesOf(kind, field) {  // each text box's field ("value", "id") of a kind, in order
    return Array.prototype.map.call($(kind + "s").querySelectorAll("textarea"), function (box) { return box[field]; });
  }
  function tabData(metaJson) {  // the compact JSON's object: {r, c, ...tab_meta}
    return Object.assign({r: boxesOf("reference", "value"), c: boxesOf("candidate", "value")}, JSON.parse(metaJson));
  }

  // An element: make("td", {class: "num"}, "text", parent).
  function make(tag, attrs, text, parent) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined && text !== null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  var SVG_NS = "http://www.w3.org/2000/svg";

  function svgElement(spec) {
    var node = document.createElementNS(SVG_NS, spec.tag);
    var attrs = spec.attrs || {};
    Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (spec.text) node.textContent = spec.text;
    (spec.children || []).forEach(function (child) { node.appendChild(svgElement(child)); });
    return node;
  }

  function showDetail(token) {
    var detail = $("hl-detail");
    if (!detail || !token) return;
    detail.hidden = false;  // it takes no room until a token is pointed at
    if (!token.title && window.bleu2Label) {
      // Labels are made on demand (static/app.py highlight_label): the section, the
      // order of the line and the token's place in it.
      var line = token.parentNode;
      var section = line.closest(".hl-section");
      var index = Array.prototype.indexOf.call(line.children, token);
      token.title = String(window.bleu2Label(section.id, Number(line.getAttribute("data-order")), index));
    }
    detail.textContent = token.title || "";
  }

  var rankingCells = [];  // per row: its cells, in the order of the row's "cells"

  // Chips: {items: [text], sep, class, break}: one span per item, each bidi-isolated
  // (dir="auto": an Arabic token keeps its own direction and its place in the line), the
  // separator between them as text; with "break", a <wbr> after each (the only places a
  // line may break, since each chip keeps on one line).
  function chips(node, spec) {
    var fragment = document.createDocumentFragment();
    spec.items.forEach(function (text, i) {
      if (i && spec.sep) fragment.appendChild(document.createTextNode(spec.sep));
      make("span", {"class": spec["class"], dir: "auto"}, text, fragment);
      if (spec["break"]) fragment.appendChild(document.createElement("wbr"));
    });
    node.replaceChildren(fragment);
  }

  // The ranking table's cue "scroll sideways" is shown only while the table is wider
  // than its box (a phone).
  function scrollCue() {
    var box = $("ranking-scroll"), cue = $("ranking-scroll-cue");
    if (box && cue) cue.hidden = box.scrollWidth <= box.clientWidth + 1;
  }
  addEventListener("resize", scrollCue);

  function select(node) {
    if (node.select) { node.focus(); node.select(); return; }
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  window.bleu2Paint = {
    // Element updates from bleu2.page.view: {id: {text, attrs: {name: value | null},
    // props: {name: value}, classes: {name: bool}}}; ids that are not on the page are
    // skipped. One call per render, so Python crosses into JavaScript once.
    set: function (json) {
      var updates = JSON.parse(json);
      Object.keys(updates).forEach(function (id) {
        var node = $(id), u = updates[id];
        if (!node) return;
        if (u.text !== undefined) node.textContent = u.text;
        if (u.chips) chips(node, u.chips);
        Object.keys(u.attrs || {}).forEach(function (name) {
          if (u.attrs[name] === null) node.removeAttribute(name); else node.setAttribute(name, u.attrs[name]);
        });
        Object.keys(u.props || {}).forEach(function (name) { node[name] = u.props[name]; });
        Object.keys(u.classes || {}).forEach(function (name) { node.classList.toggle(name, u.classes[name]); });
      });
    },
    // The page's fixed words: {strings: {key: text}, options: {select id: {value: label}},
    // title}: every [data-i18n] element gets its key's text.
    translate: function (json) {
      var data = JSON.parse(json);
      window.bleu2Paint.words = data.strings;  // for static/corpus.js's messages
      document.querySelectorAll("[data-i18n]").forEach(function (node) {
        var text = data.strings[node.getAttribute("data-i18n")];
        if (text !== undefined) node.textContent = text;
      });
      Object.keys(data.options).forEach(function (id) {
        Array.prototype.forEach.call($(id).options, function (option) {
          option.textContent = data.options[id][option.value];
        });
      });
      document.title = data.title;
    },
    // A list's items: [[cssClass, text, action], ...]; an action {id, label} adds a button
    // (a hint's way out, e.g. to corpus mode) that static/app.py wires by its id.
    items: function (id, json) {
      var list = $(id);
      list.replaceChildren();
      JSON.parse(json).forEach(function (item) {
        var li = make("li", {"class": item[0]}, item[1], list);
        if (item[2]) {
          li.append(" ");
          make("button", {type: "button", id: item[2].id, "class": "hint-action"}, item[2].label, li);
        }
      });
    },
    // A text box like the first one of its kind in index.html (ids from box.id).
    box: function (kind, id) {
      var root = make("div", {"class": "field box", id: id + "-box"}, null, $(kind + "s"));
      var head = make("div", {"class": "box-head"}, null, root);
      make("label", {id: id + "-label", "for": id}, null, head);
      make("button", {type: "button", "class": "remove", id: id + "-remove"}, null, head);
      var area = make("textarea", {id: id, rows: "4", spellcheck: "false", autocomplete: "off", dir: "auto"}, null, root);
      area.spellcheck = false;
      var line = make("p", {"class": "tokens"}, null, root);
      make("span", {id: id + "-token-count", "class": "tokens-title"}, null, line);
      line.append(": ");
      make("span", {id: id + "-tokens", "class": "token-list"}, null, line);
      line.append(" ");
      make("span", {id: id + "-tokens-more", "class": "more", hidden: ""}, null, line);
    },
    // A text box's value for static/app.py, as the change since that box was last read here
    // ([kept prefix, kept suffix, the text between, new length]; see change): a keystroke in
    // megabytes of text copies a few characters out of the page, not the whole text.
    read: function (id) { return change(id, "page"); },
    // The boxes of a kind for the page's worker, each as [id, kept prefix, kept suffix, the
    // text between, new length] since its last copy (bleu2.page.live.Copies applies them);
    // whole: each box's whole last copy instead, for a worker that lost its copies.
    changes: function (kind, whole) {
      return boxesOf(kind, "id").map(function (id) {
        var had = copies.worker[id];
        return whole && had ? [id, 0, 0, had[0], had[1]] : [id].concat(change(id, "worker"));
      });
    },
    // The boxes of a kind: exactly the ids given (boxes added or removed at the end), with
    // the given values written in order (values: a JSON list, or null to keep the texts).
    boxes: function (kind, idsJson, valuesJson) {
      var ids = JSON.parse(idsJson), group = $(kind + "s"), self = this;
      var have = group.querySelectorAll("textarea");
      for (var i = have.length; i < ids.length; i++) self.box(kind, ids[i]);
      for (var j = have.length - 1; j >= ids.length; j--) $(have[j].id + "-box").remove();
      (valuesJson ? JSON.parse(valuesJson) : []).forEach(function (value, k) { $(ids[k]).value = value; });
    },
    // The page's URL with this fragment (or none: ""), without a new history entry; returns it.
    fragment: function (fragment) {
      var loc = window.location, url = loc.origin + loc.pathname + loc.search + (fragment ? "#" + fragment : "");
      if (fragment || loc.hash) window.history.replaceState(null, "", fragment ? "#" + fragment : loc.pathname + loc.search);
      return url;
    },
    // The ranking table. data: {head: [str] | null, rows: [{index, number, cells: [str],
    // button, title}], selected, rebuild}: with rebuild false, only changed cell texts
    // are written (the same rows in the same order, while typing).
    ranking: function (json) {
      var data = JSON.parse(json);
      if (data.head) {
        var tr = make("tr");
        data.head.forEach(function (text) { make("th", {scope: "col"}, text, tr); });
        $("ranking-head").replaceChildren(tr);
      }
      if (!data.rebuild) {
        data.rows.forEach(function (row, r) {
          row.cells.forEach(function (text, c) {
            var cell = rankingCells[r][c];
            if (cell.textContent !== text) cell.textContent = text;
          });
        });
        return;
      }
      var body = $("ranking-body");
      body.replaceChildren();
      rankingCells = data.rows.map(function (row) {
        var selected = row.index === data.selected;
        var tr = make("tr", {id: "rank-row-" + (row.index + 1), "data-index": String(row.index)}, null, body);
        if (selected) tr.className = "selected";
        var cells = [make("td", {"class": "num rank"}, null, tr)];
        var th = make("th", {scope: "row"}, null, tr);
        make("button", {type: "button", "class": "rank-select", "data-index": String(row.index),
                        "aria-pressed": selected ? "true" : "false", title: row.title}, row.button, th);
        cells.push(make("span", {"class": "excerpt", dir: "auto"}, null, th));
        for (var i = 2; i < row.cells.length; i++) cells.push(make("td", {"class": i === 2 ? "num score" : "num"}, null, tr));
        cells.forEach(function (cell, c) { cell.textContent = row.cells[c]; });
        return cells;
      });
      scrollCue();
    },
    // The p1..pN rows of the terms table, before the r row: [{n, name}].
    orderRows: function (json) {
      var body = $("terms-body");
      body.querySelectorAll("tr.order-row").forEach(function (row) { row.remove(); });
      JSON.parse(json).forEach(function (p) {
        var tr = make("tr", {id: "p" + p.n + "-row", "class": "order-row"});
        var th = make("th", {scope: "row"}, "p", tr);
        make("sub", {}, String(p.n), th);
        th.append(" ");
        make("span", {"class": "term-name"}, p.name, th);
        ["fraction", "value", "note"].forEach(function (part) {
          make("td", {id: "p" + p.n + "-" + part, "class": part === "note" ? "note" : "num"}, null, tr);
        });
        body.insertBefore(tr, $("ref-len-row"));
      });
    },
    // sections: [{title, id, orders: [{n, title, summary, items: [[text, cssClass], ...],
    // more}]}] (a token's title, its counts, is asked for when it is pointed at or
    // focused). New marks clear the detail of the old ones (#hl-detail, hidden again).
    highlight: function (containerId, json) {
      var detail = $("hl-detail");
      if (detail) { detail.textContent = ""; detail.hidden = true; }
      var fragment = document.createDocumentFragment();
      JSON.parse(json).forEach(function (section) {
        var box = make("div", {"class": "hl-section", id: section.id}, null, fragment);
        make("h4", {}, section.title, box);
        section.orders.forEach(function (order) {
          make("p", {"class": "hl-order-title"}, order.title + " (" + order.summary + ")", box);
          var line = make("p", {"class": "hl-line hl-order-" + order.n, "data-order": String(order.n)}, null, box);
          var gram = order.n > 1 ? " gram" : "";
          var items = order.items;
          for (var i = 0; i < items.length; i++) {
            var span = document.createElement("span");
            span.className = "tok " + items[i][1] + gram;
            span.dir = "auto";  // bidi-isolated: right-to-left tokens keep their place
            span.textContent = items[i][0];
            if (i === 0) span.tabIndex = 0;  // one Tab stop per line: the first token (arrow keys move on)
            line.appendChild(span);
            line.appendChild(document.createTextNode(" "));
          }
          if (order.more) make("span", {"class": "more"}, order.more, line);
        });
      });
      $(containerId).replaceChildren(fragment);
    },
    svg: function (containerId, json) {
      var data = JSON.parse(json);
      $(containerId).replaceChildren(svgElement({tag: "svg", attrs: data.attrs, children: data.elements}));
    },
    // Copy text; where the browser refuses (a cross-origin frame without clipboard
    // permission), show it in the read-only box areaId, selected, and say so. The status
    // element gets data-refused then, so the message can be re-rendered in another language.
    copy: function (text, statusId, areaId, ok, fail) {
      var note = $(statusId), area = $(areaId);
      function done() {
        note.textContent = ok;
        note.removeAttribute("data-refused");
        if (area) { area.hidden = true; area.value = ""; }
      }
      function refused() {
        note.textContent = fail;
        note.setAttribute("data-refused", "");
        if (area) { area.value = text; area.hidden = false; select(area); }
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, refused);
      } else {
        refused();
      }
    },
    // "How it works" and the questions: {heading, intro, steps: [text], faq_heading,
    // faq: [{id, q, a}]}. Built once; later only texts change, so an open question stays
    // open while its numbers follow the candidate shown.
    help: function (json) {
      var data = JSON.parse(json), root = $("help-body");
      if (root.querySelectorAll("ol li").length !== data.steps.length
          || root.querySelectorAll("details").length !== data.faq.length) {
        root.replaceChildren();
        make("p", {"class": "help-intro"}, null, root);
        var ol = make("ol", {"class": "help-steps"}, null, root);
        data.steps.forEach(function () { make("li", {}, null, ol); });
        make("h2", {id: "faq-heading"}, null, root);
        data.faq.forEach(function () {
          var d = make("details", {"class": "faq"}, null, root);
          make("summary", {}, null, d);
          make("p", {}, null, d);
        });
      }
      $("help-heading").textContent = data.heading;
      root.querySelector(".help-intro").textContent = data.intro;
      root.querySelectorAll("ol li").forEach(function (li, i) { li.textContent = data.steps[i]; });
      $("faq-heading").textContent = data.faq_heading;
      root.querySelectorAll("details").forEach(function (d, i) {
        d.id = data.faq[i].id;
        d.querySelector("summary").textContent = data.faq[i].q;
        d.querySelector("p").textContent = data.faq[i].a;
      });
    },
    // The tab's plain form of the page's state (bleu2.page.state.encode_tab_state):
    // "t1." + JSON {r, c, ...meta}, the texts read from the boxes here, so that megabytes
    // of text are not copied out of Python. Returns "" when kept, else the browser's error.
    save: function (key, metaJson) {
      writes[key] = (writes[key] || 0) + 1;
      var json = JSON.stringify(tabData(metaJson));
      try {
        window.sessionStorage.setItem(key, "t1." + json);
        refused = null;
        return "";
      } catch (error) {
        // too large: the packed form comes next (savePacked packs this same text; storage's
        // setItem, Python's packing, drops it)
        refused = error && error.name === "QuotaExceededError" ? {key: key, meta: metaJson, json: json} : null;
        return errorText(error);
      }
    },
    // Whether savePacked can run here (CompressionStream: Chromium 80, Firefox 113, Safari 16.4).
    canPackLater: typeof CompressionStream === "function",
    // The tab's packed form (bleu2.page.state.pack_tab_state: "z1." + the zlib stream of the
    // same JSON, one character per byte), encoded and compressed by the browser 256 K
    // characters at a time, each step its own task, so that megabytes of text do not hold
    // the page. Resolves to "" when kept, the browser's error, or "superseded" when the key
    // was written since (that newer state stays).
    savePacked: function (key, metaJson) {
      var mine = writes[key] = (writes[key] || 0) + 1;
      var json = refused && refused.key === key && refused.meta === metaJson ? refused.json : JSON.stringify(tabData(metaJson));
      refused = null;
      var deflate = new CompressionStream("deflate"), writer = deflate.writable.getWriter();
      var packed = new Response(deflate.readable).arrayBuffer(), encoder = new TextEncoder();
      function step(from) {
        if (from >= json.length) return writer.close();
        var to = Math.min(from + 262144, json.length);
        if (to < json.length && isHigh(json.charCodeAt(to - 1))) to--;  // a pair stays in one step
        writer.write(encoder.encode(json.slice(from, to)));
        return new Promise(function (resolve) { setTimeout(resolve, 0); }).then(function () { return step(to); });
      }
      return step(0).then(function () { return packed; }).then(function (buffer) {
        var bytes = new Uint8Array(buffer), parts = [];
        for (var i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + 8192)));
        if (writes[key] !== mine) return "superseded";
        try {
          window.sessionStorage.setItem(key, "z1." + parts.join(""));
          return "";
        } catch (error) {
          return errorText(error);
        }
      });
    },
    // sessionStorage.<method>(key[, value]) as JSON [value or null, null], or [null, why]
    // where the browser refuses (storage full, switched off, denied in a cross-site frame).
    storage: function (method, key, value) {
      if (method !== "getItem") { writes[key] = (writes[key] || 0) + 1; refused = null; }
      try {
        var out = window.sessionStorage[method](key, value);
        return JSON.stringify([out === undefined ? null : out, null]);
      } catch (error) {
        return JSON.stringify([null, errorText(error)]);
      }
    },
    // The options form as bleu2.page.state.options_from_form reads it (JSON): each "opt-"
    // control by its name (max_order, smoothing, ...: a box's text, a checkbox's state), and
    // whether the smoothing parameter's box is enabled. (Sentence and corpus mode read it.)
    optionForm: function () {
      var fields = {};
      document.querySelectorAll("select[id^='opt-'], input[id^='opt-']").forEach(function (control) {
        fields[control.id.slice(4).replace(/-/g, "_")] = control.type === "checkbox" ? control.checked : control.value;
      });
      fields.smooth_value_enabled = !$("opt-smooth-value").disabled;
      return JSON.stringify(fields);
    },
    download: function (name, mime, text) {
      var url = URL.createObjectURL(new Blob([text], {type: mime}));
      var a = make("a", {href: url, download: name}, null, document.body);
      a.hidden = true;
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }
  };

  // The summary's "Full breakdown" button: to the breakdown, without touching the URL's
  // fragment (which holds share links).
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#summary-link")) return;
    var target = $("breakdown");
    target.scrollIntoView({block: "start"});
    target.focus({preventScroll: true});
  });

  // Highlighted tokens: hover or focus shows the counts; arrow keys move between tokens
  // of a line (one Tab stop per line).
  function tokenOf(target) {
    return target && target.closest ? target.closest(".hl-line .tok") : null;
  }
  document.addEventListener("mouseover", function (event) { showDetail(tokenOf(event.target)); });
  document.addEventListener("focusin", function (event) { showDetail(tokenOf(event.target)); });
  document.addEventListener("keydown", function (event) {
    var token = tokenOf(event.target);
    if (!token) return;
    var tokens = Array.prototype.slice.call(token.parentNode.querySelectorAll(".tok"));
    var i = tokens.indexOf(token);
    var next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = tokens[i + 1];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = tokens[i - 1];
    else if (event.key === "Home") next = tokens[0];
    else if (event.key === "End") next = tokens[tokens.length - 1];
    if (!next) return;
    event.preventDefault();
    token.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
})();
