// `actions`: what static/host.js asks of the browser for the page's Python besides painting:
// copy text (or show it to copy where the browser refuses), download text, set the URL's
// fragment. No decision is made here: what to do comes in.

function select(node) {
  if (node.select) { node.focus(); node.select(); return; }
  var range = document.createRange();
  range.selectNodeContents(node);
  var selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

export const actions = {
  // This fragment ("": none) in the URL, no new history entry; returns location.href before (share.share_url).
  fragment: function (fragment) {
    var loc = window.location, href = loc.href;
    if (fragment || loc.hash) window.history.replaceState(null, "", fragment ? "#" + fragment : loc.pathname + loc.search);
    return href;
  },
  // Copy text; where the browser refuses (a cross-origin frame without clipboard
  // permission), show it in the read-only box areaId, selected. Resolves to whether the
  // text was copied (the controller says so next to the button).
  copy: function (text, areaId) {
    var area = document.getElementById(areaId);
    function done() { if (area) { area.hidden = true; area.value = ""; } return true; }
    function refused() { if (area) { area.value = text; area.hidden = false; select(area); } return false; }
    return navigator.clipboard && navigator.clipboard.writeText
      ? navigator.clipboard.writeText(text).then(done, refused) : Promise.resolve(refused());
  },
  // A file named name, of type mime, holding text, downloaded.
  download: function (name, mime, text) {
    var url = URL.createObjectURL(new Blob([text], {type: mime}));
    var a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }
};
