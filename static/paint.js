// `paint`, the painters: build the page's DOM from the plain data bleu2.page's controllers send
// in their batches (static/host.js applies them: element updates, the text boxes added, token
// chips, the ranking table, elements the Python describes (the terms table's rows, the SVG chart),
// the highlight spans, "How it works"); read the boxes as changes (static/textdiff.mjs); set their
// direction (static/direction.mjs). No user text is ever written as HTML here (only textContent and
// setAttribute). No decision is made here: what to show comes in (static/tokens.js, browser-actions.js).
import {applyDirection} from "./direction.mjs";
import {reader as textReader} from "./textdiff.mjs";

  function $(id) { return document.getElementById(id); }
  // The page's Python's copies of the boxes (static/textdiff.mjs's reader, made when first
  // read; static/host.js sends the changes with every event).
  var copies = null;
  function reader() { if (!copies) copies = textReader(); return copies; }

  function make(tag, attrs, text, parent) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined && text !== null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  var SVG_NS = "http://www.w3.org/2000/svg";
  // An element the page's Python describes: {tag, attrs, text, children: [element or text]};
  // an <svg> and what it holds in SVG's namespace.
  function build(spec, svg) {
    svg = svg || spec.tag === "svg";
    var node = svg ? document.createElementNS(SVG_NS, spec.tag) : document.createElement(spec.tag);
    Object.keys(spec.attrs || {}).forEach(function (name) { node.setAttribute(name, spec.attrs[name]); });
    if (spec.text) node.textContent = spec.text;
    (spec.children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : build(child, svg));
    });
    return node;
  }

  var rankingCells = [];  // per row: its cells, in the order of the row's "cells"

  // Chips: {items: [text], sep, class, break}: one span per item, each bidi-isolated
  // (dir="auto": an Arabic token keeps its own direction and its place in the line), the
  // separator between them as text; with "break", a <wbr> after each (the only places a
  // line may break, since each chip keeps on one line).
  // Chips already shown keep their nodes (only changed texts are written, chips added or
  // removed at the end), so a keystroke lays out only the chips it changed.
  function chips(node, spec) {
    var have = node.getElementsByTagName("span"), n = spec.items.length, cls = spec["class"];
    var shape = [cls, spec.sep, !!spec["break"]].join("|");
    if (node.getAttribute("data-chips") !== shape) { node.replaceChildren(); node.setAttribute("data-chips", shape); }
    if (have.length > n) {  // fewer chips: the rest goes, with the separator before it
      var range = document.createRange();
      if (n) range.setStartAfter(spec["break"] ? have[n - 1].nextSibling : have[n - 1]); else range.setStart(node, 0);
      range.setEnd(node, node.childNodes.length);
      range.deleteContents();
    }
    var kept = have.length;
    for (var i = 0; i < kept; i++) if (have[i].textContent !== spec.items[i]) have[i].textContent = spec.items[i];
    if (kept === n) return;
    var fragment = document.createDocumentFragment();
    for (var j = kept; j < n; j++) {
      if (j && spec.sep) fragment.appendChild(document.createTextNode(spec.sep));
      make("span", {"class": cls, dir: "auto"}, spec.items[j], fragment);
      if (spec["break"]) fragment.appendChild(document.createElement("wbr"));
    }
    node.appendChild(fragment);
  }

  // The ranking table's cue "scroll sideways" is shown only while the table is wider
  // than its box (a phone).
  function scrollCue() {
    var box = $("ranking-scroll"), cue = $("ranking-scroll-cue");
    if (box && cue) cue.hidden = box.scrollWidth <= box.clientWidth + 1;
  }
  addEventListener("resize", scrollCue);

  export const paint = {
    make: make,  // an element: make("td", {class: "num"}, "text", parent) (static/corpus.js's too)
    // Element updates from bleu2.page.sentence.updates: {id: {text, attrs: {name: value | null},
    // props: {name: value}, classes: {name: bool}}}; ids that are not on the page are
    // skipped. One call per render, so Python crosses into JavaScript once.
    set: function (json) { paint.update(JSON.parse(json)); },
    // The same updates as data (static/host.js's "write" command).
    update: function (updates) {
      Object.keys(updates).forEach(function (id) {
        var node = $(id), u = updates[id];
        if (!node) return;
        // only what differs is written: an equal write would still lay the element out again
        if (u.text !== undefined && node.textContent !== u.text) node.textContent = u.text;
        if (u.chips) chips(node, u.chips);
        Object.keys(u.attrs || {}).forEach(function (name) {
          var value = u.attrs[name];
          if (value === null) { if (node.hasAttribute(name)) node.removeAttribute(name); }
          else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, value);
        });
        Object.keys(u.props || {}).forEach(function (name) { if (node[name] !== u.props[name]) node[name] = u.props[name]; });
        if (u.props && "value" in u.props) applyDirection(node);  // a box's text written
        Object.keys(u.classes || {}).forEach(function (name) { node.classList.toggle(name, u.classes[name]); });
      });
    },
    // The page's fixed words: {strings: {key: text}, options: {select id: {value: label}},
    // title}: every [data-i18n] element gets its key's text.
    translate: function (json) {
      var data = JSON.parse(json);
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
    // (a hint's way out, e.g. to corpus mode), whose clicks the controller hears (#hints).
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
      var area = make("textarea", {id: id, rows: "4", spellcheck: "false", autocomplete: "off", "data-dir": "first-strong"}, null, root);
      area.spellcheck = false;
      var line = make("p", {"class": "tokens"}, null, root);
      make("span", {id: id + "-token-count", "class": "tokens-title"}, null, line);
      line.append(": ");
      make("span", {id: id + "-tokens", "class": "token-list"}, null, line);
      line.append(" ");
      make("span", {id: id + "-tokens-more", "class": "more", hidden: ""}, null, line);
    },
    // A box's value for the page's Python as the change since it last had it (textdiff.mjs).
    read: function (id) { return reader().read(id, $(id).value); },
    // The same, or null when the box holds what the page's Python last had (static/host.js).
    changed: function (id) {
      var copies = reader();
      if (copies.has(id) && copies.whole(id)[2] === $(id).value) return null;
      return paint.read(id);
    },
    // The boxes of a kind: exactly the ids given (boxes added or removed at the end), with
    // the given values written in order (values: a JSON list, or null to keep the texts).
    boxes: function (kind, idsJson, valuesJson) {
      var ids = JSON.parse(idsJson), group = $(kind + "s");
      var have = group.querySelectorAll("textarea");
      for (var i = have.length; i < ids.length; i++) paint.box(kind, ids[i]);
      for (var j = have.length - 1; j >= ids.length; j--) $(have[j].id + "-box").remove();
      (valuesJson ? JSON.parse(valuesJson) : []).forEach(function (value, k) { $(ids[k]).value = value; applyDirection($(ids[k])); });
    },
    // The ranking table. data: {head: [str] | null, rows: [{index, number, cells: [str], button,
    // title}], selected, rebuild}: with rebuild false, only changed cell texts are written (the same
    // rows in the same order, while typing); a rebuilt row's numbers name their column (data-label).
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
        var cells = [make("td", {"class": "num rank", "data-label": data.head[0]}, null, tr)];
        var th = make("th", {scope: "row"}, null, tr);
        make("button", {type: "button", "class": "rank-select", "data-index": String(row.index),
                        "aria-pressed": selected ? "true" : "false", title: row.title}, row.button, th);
        cells.push(make("span", {"class": "excerpt", dir: "auto"}, null, th));
        for (var i = 2; i < row.cells.length; i++) cells.push(make("td", {"class": i === 2 ? "num score" : "num", "data-label": data.head[i]}, null, tr));
        cells.forEach(function (cell, c) { cell.textContent = row.cells[c]; });
        return cells;
      });
      scrollCue();
    },
    // A table's head and rows (the breakdowns of the metrics but BLEU): {head: [str], rows: [{cells:
    // [str], class}]}; a row's first cell is its header, the others name their column (data-label).
    table: function (id, json) {
      var data = JSON.parse(json), table = $(id), tr = make("tr");
      data.head.forEach(function (text) { make("th", {scope: "col"}, text, tr); });
      table.tHead.replaceChildren(tr);
      var body = table.tBodies[0];
      body.replaceChildren();
      data.rows.forEach(function (row) {
        var line = make("tr", row["class"] ? {"class": row["class"]} : {}, null, body);
        row.cells.forEach(function (text, i) { make(i ? "td" : "th", i ? {"class": "num", "data-label": data.head[i] || ""} : {scope: "row"}, text, line); });
      });
    },
    // Elements the page's Python describes (build) put into #id: {remove: a selector of children removed
    // first, before: the id of the child they go before (null: the end), elements} (the terms table's rows).
    insert: function (id, json) {
      var data = JSON.parse(json), parent = $(id), before = data.before ? $(data.before) : null;
      if (data.remove) parent.querySelectorAll(data.remove).forEach(function (node) { node.remove(); });
      data.elements.forEach(function (spec) { parent.insertBefore(build(spec), before); });
    },
    // sections: [{title, id, orders: [{n, heading, line: {attr: value}, items: [[text,
    // class], ...], more}]}] (bleu2.page.sentence.updates.highlight_lines; a token's title,
    // its counts, is asked for when it is pointed at or focused). New marks clear the
    // detail of the old ones (#hl-detail, hidden again).
    highlight: function (containerId, json) {
      var detail = $("hl-detail");
      if (detail) { detail.textContent = ""; detail.hidden = true; }
      var sections = JSON.parse(json), container = $(containerId);
      // The same sections and lines as shown: their tokens are rewritten in place (only the
      // ones that changed), so a keystroke lays out only what it changed.
      var shape = JSON.stringify(sections.map(function (section) {
        return [section.id, section.orders.map(function (order) { return [order.n, !!order.heading]; })];
      }));
      var inPlace = container.getAttribute("data-shape") === shape;
      var fragment = document.createDocumentFragment();
      sections.forEach(function (section, s) {
        var box = inPlace ? container.children[s] : make("div", {"class": "hl-section", id: section.id}, null, fragment);
        var parts = inPlace ? box.children : null, k = 0;
        function text(node, value) { if (node.textContent !== value) node.textContent = value; }
        if (inPlace) text(parts[k++], section.title); else make("h4", {}, section.title, box);
        section.orders.forEach(function (order) {
          var heading = order.heading;
          if (heading) { if (inPlace) text(parts[k++], heading); else make("p", {"class": "hl-order-title"}, heading, box); }
          var line = inPlace ? parts[k++] : make("p", order.line, null, box);
          var items = order.items, have = line.getElementsByClassName("tok"), last = line.lastElementChild;
          var more = last && last.classList.contains("more") ? last : null;
          if (more && !order.more) { line.removeChild(more); more = null; }
          var kept = Math.min(have.length, items.length);
          for (var i = 0; i < kept; i++) {  // a token's counts changed with the text: asked again
            var cls = items[i][1], span = have[i];
            text(span, items[i][0]);
            if (span.className !== cls) span.className = cls;
            if (span.hasAttribute("title")) span.removeAttribute("title");
            if (i && span.hasAttribute("tabindex")) span.removeAttribute("tabindex");
          }
          if (have.length > items.length) {
            var range = document.createRange();
            if (kept) range.setStartAfter(have[kept - 1].nextSibling || have[kept - 1]); else range.setStart(line, 0);
            if (more) range.setEndBefore(more); else range.setEnd(line, line.childNodes.length);
            range.deleteContents();
          }
          for (var j = kept; j < items.length; j++) {  // bidi-isolated: right-to-left tokens keep their place
            line.insertBefore(make("span", {"class": items[j][1], dir: "auto"}, items[j][0]), more);
            line.insertBefore(document.createTextNode(" "), more);
          }
          var first = line.querySelector(".tok");  // one Tab stop per line: the first token (arrow keys move on)
          if (first && first.getAttribute("tabindex") !== "0") first.setAttribute("tabindex", "0");
          if (more) text(more, order.more); else if (order.more) make("span", {"class": "more"}, order.more, line);
        });
      });
      if (!inPlace) { container.replaceChildren(fragment); container.setAttribute("data-shape", shape); }
    },
    svg: function (containerId, json) {
      var data = JSON.parse(json);
      $(containerId).replaceChildren(build({tag: "svg", attrs: data.attrs, children: data.elements}));
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
    }
  };
