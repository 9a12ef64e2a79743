// The Compare view's glue (corpus mode): painters for bleu2.page.corpus.compare_control's
// port calls (`painters`: compareView, compareLines; static/host.js runs one
// by name with the target's id and the data's JSON) and the
// view's events, sent to corpus mode's controller (static/corpus.js's corpus.send). What to show
// and when is decided in Python (bleu2.page.corpus.compare_view); here only the DOM is
// built. User text (names, sentences, n-grams) is only ever textContent or an attribute's
// value; the charts are built with createElementNS (static/paint.js's svg painter).
import {corpus} from "./corpus.js";
import {paint} from "./paint.js";

  export const painters = {};  // by name: static/host.js's corpusPaint command

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, text, parent) { return paint.make(tag, attrs, text, parent); }
  function send() {
    if (corpus && corpus.send) corpus.send.apply(null, arguments);
  }

  // A table: {caption?, head: [text], rows: [[cell]]}, a cell {text, button?, value?}: a button's data
  // become its data-* attributes (the click handler below sends them), its label its name; a
  // value is shown before the text or button (a bucket's BLEU before its count of sentences).
  function table(parent, spec, caption) {
    var box = el("div", {"class": "scroll", role: "region", tabindex: "0", "aria-label": caption}, null, parent);
    var t = el("table", {"class": "ranking-table compare-table"}, null, box);
    if (spec.caption) el("caption", {}, spec.caption, t);
    var tr = el("tr", {}, null, el("thead", {}, null, t));
    spec.head.forEach(function (text) { el("th", {scope: "col", dir: "auto"}, text, tr); });
    var body = el("tbody", {}, null, t);
    spec.rows.forEach(function (cells) {
      var row = el("tr", {}, null, body);
      cells.forEach(function (cell, i) {
        var c = typeof cell === "string" ? {text: cell} : cell;
        // data-label: the column's name, shown beside each value on a phone (static/style.css)
        var node = el(i ? "td" : "th", i ? {"class": "num", "data-label": spec.head[i]}
                                         : {scope: "row", dir: "auto", "data-label": spec.head[0]}, null, row);
        if (c.value) el("span", {"class": "compare-value"}, c.value + " ", node);
        if (!c.button) { node.append(c.text); return; }
        var attrs = {type: "button", "class": "compare-click", "aria-label": c.button.label};
        Object.keys(c.button).forEach(function (name) {
          if (name !== "label") attrs["data-" + name] = String(c.button[name]);
        });
        el("button", attrs, c.text, node);
      });
    });
    return t;
  }

  function chart(parent, drawing, id, label) {
    var box = el("figure", {"class": "chart-box compare-chart-box", id: id}, null, parent);
    var scroll = el("div", {"class": "scroll", role: "region", tabindex: "0", "aria-label": label}, null, box);
    el("div", {id: id + "-svg"}, null, scroll);
    paint.svg(id + "-svg", JSON.stringify(drawing));
  }

  // A sentence: {line, title, rows: [{label, tokens: [[word, class]], score?}]}
  function item(parent, it) {
    var box = el("div", {"class": "compare-item", "data-line": String(it.line)}, null, parent);
    el("p", {"class": "compare-item-title"}, it.title, box);
    var dl = el("dl", {"class": "compare-item-rows"}, null, box);
    it.rows.forEach(function (row) {
      el("dt", {dir: "auto"}, row.label + (row.score ? " (" + row.score + ")" : ""), dl);
      var dd = el("dd", {"class": "compare-words", dir: "auto"}, null, dl);  // not .hl-line: static/tokens.js's
      row.tokens.forEach(function (token) {
        el("span", {"class": "tok" + (token[1] ? " " + token[1] : ""), dir: "auto"}, token[0], dd);
        dd.appendChild(document.createTextNode(" "));
      });
    });
  }

  // The verdict first (bleu2.page.corpus.compare_verdict): who wins, whether significantly,
  // where the two differ most; then which rules and, for detokenized text, the warning.
  function verdict(parent, view) {
    var v = view.verdict;
    var box = el("section", {"class": "compare-block compare-verdict", id: "compare-verdict",
                             "aria-labelledby": "compare-verdict-heading"}, null, parent);
    el("h4", {id: "compare-verdict-heading"}, v.heading, box);
    el("p", {"class": "compare-verdict-headline", id: "compare-verdict-headline"}, v.headline, box);
    el("p", {id: "compare-verdict-significance",
             "class": v.significant === null ? "" : (v.significant ? "significant" : "not-significant")},
       v.significance, box);
    if (v.differences.length) {
      el("p", {}, v.differences_caption, box);
      var list = el("ul", {id: "compare-verdict-differences"}, null, box);
      v.differences.forEach(function (d) { el("li", {"data-kind": d.kind}, d.text, list); });
    }
    el("p", {"class": "note", id: "compare-rules-line"}, view.rules, box);
    if (view.warning) el("p", {"class": "compare-warning", id: "compare-warning"}, view.warning, box);
  }

  painters.compareView = function (target, json) {
    // built in place: the charts are painted by id (static/paint.js's svg)
    var view = JSON.parse(json), fragment = $(target);
    fragment.replaceChildren();
    verdict(fragment, view);
    var scores = el("section", {"class": "compare-block", id: "compare-scores"}, null, fragment);
    el("h4", {}, view.scores.caption, scores);
    table(scores, {head: view.scores.head, rows: view.scores.rows}, view.scores.caption);
    view.blocks.forEach(function (block) {
      var section = el("section", {"class": "compare-block", id: block.id}, null, fragment);
      el("h4", {}, block.caption, section);
      chart(section, block.chart, block.id + "-chart", block.chart_label);
      table(section, block, block.caption);
    });
    var ngrams = el("section", {"class": "compare-block", id: "compare-ngrams"}, null, fragment);
    el("h4", {}, view.ngrams_heading, ngrams);
    view.ngrams.forEach(function (spec, i) {
      table(ngrams, spec, spec.caption).id = "compare-ngrams-" + (i ? "right" : "left");
    });
    var examples = el("section", {"class": "compare-block", id: "compare-examples"}, null, fragment);
    el("h4", {}, view.examples_heading, examples);
    view.examples.forEach(function (spec, i) {
      var list = el("div", {"class": "compare-examples", id: "compare-examples-" + (i ? "right" : "left")}, null, examples);
      el("h5", {}, spec.caption, list);
      spec.items.forEach(function (it) { item(list, it); });
    });
    var pair = $("compare-pair");
    pair.replaceChildren();
    view.pairs.options.forEach(function (name, i) { el("option", {value: String(i)}, name, pair); });
    pair.value = String(view.pairs.selected);
    $("compare-pair-line").hidden = view.pairs.options.length < 2;
  };

  // {caption, items: [item], more}: shown, its caption focused (the list replaces the last one)
  painters.compareLines = function (target, json) {
    var data = JSON.parse(json), root = $(target), fragment = document.createDocumentFragment();
    el("p", {"class": "compare-lines-caption", id: "compare-lines-caption", tabindex: "-1"}, data.caption, fragment);
    data.items.forEach(function (it) { item(fragment, it); });
    if (data.more) el("p", {"class": "note"}, data.more, fragment);
    root.replaceChildren(fragment);
    var caption = $("compare-lines-caption");
    caption.focus({preventScroll: true});
    if (caption.scrollIntoView) caption.scrollIntoView({block: "nearest"});
  };

  // Once the page is parsed (a module runs after parsing, but the one-file page's after
  // DOMContentLoaded: tools/offline_loader.js imports it then).
  function parsed(fn) { if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn); else fn(); }
  parsed(function () {
    $("compare-rules").addEventListener("change", function () { send("compare_rules"); });
    $("compare-pair").addEventListener("change", function () { send("compare_pair", Number($("compare-pair").value)); });
    $("compare-body").addEventListener("click", function (event) {
      var b = event.target.closest("button.compare-click");
      if (!b) return;
      if (b.hasAttribute("data-side")) send("compare_ngram", b.getAttribute("data-side"), Number(b.getAttribute("data-index")));
      else send("compare_bucket", b.getAttribute("data-kind"), Number(b.getAttribute("data-bucket")),
                Number(b.getAttribute("data-system")));
    });
    document.querySelectorAll(".compare-export").forEach(function (button) {
      button.addEventListener("click", function () { send("compare_export", button.getAttribute("data-format")); });
    });
  });
