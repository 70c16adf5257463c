// Material fetches the whole search index (up to 2 MB for Japanese) on every page load. This classic
// script, placed before Material's bundle, holds that one request back until the reader starts a search
// (the search box gets focus, by click, tap or Material's keyboard shortcuts), so reading a page costs
// only the page. Material shows "Initializing search" meanwhile; nothing else changes.
(function () {
  var INDEX = /\/search\/search_index\.json(\?|$)/;
  var engaged = false;
  var waiting = [];

  function engage() {
    if (engaged) return;
    engaged = true;
    waiting.splice(0).forEach(function (send) { send(); });
  }

  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__nucDeferred = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this, args = arguments;
    if (!request.__nucDeferred || engaged) return send.apply(request, args);
    waiting.push(function () { send.apply(request, args); });
  };

  document.addEventListener("focusin", function (event) {
    if (event.target && event.target.matches && event.target.matches("[data-md-component=search-query]")) engage();
  }, true);
})();
