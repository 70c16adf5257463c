// What the reader types, rewritten before Material's search worker sees it (Material 9 has no setting or
// hook for this: its custom search transforms were removed in 9.0). Material appends * to every query word,
// so a word counts as much for each longer word it starts as for itself: « fumble » found Fumblerooski before
// Fumble, « AR » Souffle ardent before AR. And it breaks a hyphenated word: « team re-roll » reached lunr as
// « team* re roll* re roll* », the hyphenated word twice and only its last part a prefix. So each Latin word
// (hyphenated words cut at their hyphens, as the index cuts them) is sent twice, exact with a boost and as
// Material's prefix: « fumble » -> « fumble^2 fumble », which Material makes « fumble^2 fumble* ». A word
// found exactly weighs three times a word it starts; typing on (« fumbl ») still finds by prefix.
// Stop words (« de », "the") are left to the search separator, which drops them from queries (mkdocs.yml,
// config/fr.yml). A query is first put in Unicode NFKC form, as a Japanese keyboard may type it half-width
// (ﾌﾞﾛｯｸ) or full-width (ｂｌｉｔｚ): the index has ブロック and blitz. A query with lunr's own syntax (" + - ^ ~ : *) and words in other scripts (Japanese: the
// separator of config/ja.yml cuts them) are sent as typed. This classic script runs before Material's bundle.
(function () {
  var Native = window.Worker;
  if (!Native) return;
  var SEARCH = /\/workers\/search\.[^/]*\.js(\?|$)/;
  var LATIN = "0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f";
  var WORD = new RegExp("^[" + LATIN + "]+(?:-[" + LATIN + "]+)*$");
  var SYNTAX = /["+^~:*]|(?:^|\s)-/;
  var EXACT = 2;  // the boost of the exact word (1.5 to 10 rank the search-quality set the same)

  function rewrite(query) {
    query = query.normalize("NFKC");
    if (SYNTAX.test(query)) return query;
    return query.split(/\s+/).filter(Boolean).map(function (word) {
      if (!WORD.test(word)) return word;
      return word.split("-").map(function (part) { return part + "^" + EXACT + " " + part; }).join(" ");
    }).join(" ");
  }

  function Worker(url, options) {
    var worker = options === undefined ? new Native(url) : new Native(url, options);
    if (SEARCH.test(String(url))) {
      var post = worker.postMessage;
      worker.postMessage = function (message) {
        // Material's query message is the only one whose data is a string: {type: QUERY, data: query}
        if (message && typeof message.data === "string") {
          message = {type: message.type, data: rewrite(message.data)};
        }
        return post.apply(worker, [message].concat([].slice.call(arguments, 1)));
      };
    }
    return worker;
  }
  Worker.prototype = Native.prototype;
  window.Worker = Worker;
  window.__nucSearchQuery = rewrite;  // for tests
})();
