// The search adapter: everything the site changes in Material for MkDocs' search, in one classic script that
// runs before Material's bundle (overrides/main.html, block `scripts`). Material 9 has no hook for either
// change, so the adapter wraps the two browser objects its search goes through. If the site leaves Material
// (README, "If Material for MkDocs stops"), this file and plugins/site/search.py are what moves: the query
// rewriting and the re-ranking below need only the contract that follows, which any lunr-based worker can keep.
//
// The contract with Material's search (9.8; the bundle and assets/javascripts/workers/search.<hash>.js):
// - The index: Material's bundle fetches `search/search_index.json` of the build's root with XMLHttpRequest.
//   It is {config: {lang: [..], separator: regex string, pipeline: [..], fields: {name: {boost}}},
//   docs: [{location: "page/#anchor", title, text (HTML), boost?, ...}]}. plugins/site/search.py adds to each
//   doc the fields `alias_terms`, `name_terms`, `mention_terms`, `title_terms`, `text_terms` (registered in
//   `fields`, indexed, never shown), `names` (the entry's whole names) and `editions` (space-separated
//   edition slugs), which the ranking below reads back from the results.
// - The worker: the bundle starts `new Worker(".../workers/search.<hash>.js")` and talks to it with messages
//   {type, data}: SETUP (0, data: the index) -> READY (1); QUERY (2, data: the query string, which the
//   worker splits with `separator` and to whose words it appends `*`) -> RESULT (3, data: {items: [[item,
//   ...] per page]}, each item a doc of the index with `score` and its matches marked with <mark>). The
//   worker answers queries in the order they were sent. QUERY is the only message whose data is a string.
// - The folds: plugins/site/search.py puts in the index's `config.folds` ({pattern, terms}) the words that
//   search takes as one (reroll, re-roll, RR, relance, relances, リロール, 振り直し -> `reroll`), which the
//   adapter reads from the SETUP message (data: the index) before the worker gets it.
// What breaks if Material changes the contract: the search-quality set (tests/browser/test_search_quality.py)
// and tests/browser/test_search.py (which also calls window.__nucSearchQuery and __nucSearchRerank).
//
// Part 1, the index request (XMLHttpRequest). Material fetches the whole search index (up to 2 MB for
// Japanese) on every page load. The adapter holds that one request back until the reader starts a search
// (the search box gets focus, by click, tap or Material's keyboard shortcuts), so reading a page costs only
// the page. Material shows "Initializing search" meanwhile; nothing else changes.
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

// Material's search reads its box on keyup (and on focus): a query pasted, dictated or picked from a phone
// keyboard's suggestions fires `input` alone, and the box kept it without searching (review 6, finding 10).
// Each `input` of the box is passed on as a keyup; Material ignores a value it has already searched for.
document.addEventListener("input", function (event) {
  var box = event.target;
  if (box && box.matches && box.matches("[data-md-component=search-query]")) {
    box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  }
}, true);

// Part 2, the worker (window.Worker): each query is rewritten before the worker sees it, and what it found
// is ranked again before Material shows it.
//
// What the reader types is rewritten before Material's search worker sees it (Material 9 has no setting or
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
// separator of config/ja.yml cuts them) are sent as typed, but for a word of hiragana or katakana only, sent
// exact and as a prefix like a Latin word: プロ (Pro) outranks the index term プロール that it starts.
//
// One word for one thing: a query word that the index's folds name (RR, re-roll, « relances », リロール) is sent
// with its token as well (« esquive RR » -> « esquive^2 esquive RR^2 RR reroll^2 reroll »): each section that
// writes any of them holds the token in a hidden field (plugins/site/search.py, `add_folds`), and the ranking
// below folds the texts and the query alike, so "dodge rr" and 「ドッジ リロール」 rank as "dodge re-roll" does.
//
// Then what the worker found is ranked again before Material shows it (`rerank`), for two things that lunr's
// scores cannot see:
// - a query of several words: a section that has them together comes first. Lunr adds up each word's
//   best field, so the one word of a skill's name (boosted tenfold as an alias) outweighed every other word:
//   « esquive relance d'équipe » put the Dodge skill first, whose text has relancer and tour d'équipe but
//   never a team re-roll, and 「Stab の手順（BB2020）」, the full title of a sequence, put the Stab skill
//   first. Tier 4 (one word or several): a whole name of its entry (`names`) is the query, so that
//   "Really Stupid" finds the trait before the Really Stupid rolls and "Pass" the skill before Pass Block;
//   tier 3: the section's title, or a whole name of its entry, holds the whole query;
//   tier 2.5 to 2.9: its title has every word (a ruling's question; in Japanese with the katakana of the
//   skills it names, `title_names`), a ruling about every word first (its `about`: for "dodge reroll", the
//   ruling about Dodge and re-rolls before the one about moves outside an activation, whose question also
//   writes both), then higher as they are more of its words (« châtaigne griffes »: the ruling on those two
//   skills before one on four that names them);
//   tier 2: it has every word, two of them side by side in one phrase of its text (« relance d'équipe »,
//   not « Châtaigne ; Griffes » in a list); tier 1: it has every word, or it is a calculator's explanation
//   (`explains`, which lists every rule the calculator uses); below them, a section whose entry is named by a part of the query only (Esquive;
//   パスブロック in 「パスブロック ダンプオフ」, whose ruling then comes first); last, the rest. Within a
//   tier, lunr's order stands.
// - the edition picker: with an edition chosen (<html data-nc-edition>, stored in localStorage
//   `nuffle.edition`), a section of other editions only (its `editions`, from plugins/site/search.py)
//   weighs EDITION_WEIGHT of its score, so that the chosen edition's sequence or table comes first.
(function () {
  var Native = window.Worker;
  if (!Native) return;
  var SEARCH = /\/workers\/search\.[^/]*\.js(\?|$)/;
  var LATIN = "0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f";
  var WORD = new RegExp("^[" + LATIN + "]+(?:-[" + LATIN + "]+)*$");
  var SYNTAX = /["+^~:*]|(?:^|\s)-/;
  var SIGNED = /(^|[\s(（])[+\-\u2212](?=\d)/g;
  // One run of hiragana or of katakana: the separator of config/ja.yml leaves it whole, like a Latin word
  // (kanji are not: Material cuts them into the index terms they start).
  var KANA = /^(?:[\u3041-\u309f]+|[\u30a0-\u30ff]+)$/;
  var EXACT = 2;  // the boost of the exact word (1.5 to 10 rank the search-quality set the same)
  // The index's folds (config.folds): `terms` (folded variant -> token) and `find`, a global RegExp of them.
  var folds = null;

  function setFolds(config) {
    var given = config && config.folds;
    folds = null;
    if (!given || typeof given.pattern !== "string" || !given.terms) return;
    try {
      folds = {find: new RegExp(given.pattern, "g"), terms: given.terms};
    } catch {
      folds = null;  // a pattern this browser cannot read: the words are searched as typed
    }
  }

  // The token a whole query word stands for (« RR », « re-roll », リロール -> reroll), or undefined.
  function tokenOf(word) {
    return folds && Object.prototype.hasOwnProperty.call(folds.terms, fold(word)) ? folds.terms[fold(word)] : undefined;
  }

  // A folded text with every variant replaced by its token: what the ranking compares.
  function foldTerms(folded) {
    return folds ? folded.replace(folds.find, function (found) { return " " + folds.terms[found] + " "; }) : folded;
  }

  function rewrite(query) {
    // a signed number is a dice modifier (« le -2 du Tacle plongeant », "earn the +2?"), never lunr's
    // presence or absence operator, which dropped every section with a 2 (the ruling asked about first)
    query = query.normalize("NFKC").replace(SIGNED, "$1");
    if (SYNTAX.test(query)) return query;
    return query.split(/\s+/).filter(Boolean).map(function (word) {
      var token = tokenOf(word), also = token ? " " + token + "^" + EXACT + " " + token : "";
      if (KANA.test(word)) return word + "^" + EXACT + " " + word + also;  // プロ above プロール (ピックアップロール)
      if (!WORD.test(word)) return word + also;
      return word.split("-").map(function (part) { return part + "^" + EXACT + " " + part; }).join(" ") + also;
    }).join(" ");
  }

  // ------------------------------------------------------------------ ranking the results again
  var EDITION_WEIGHT = 0.2;
  var STOP = {
    en: ["a", "an", "and", "for", "in", "it", "of", "on", "or", "the", "to"],
    fr: ["d", "de", "des", "du", "l", "la", "le", "les", "un", "une", "et", "ou", "à", "a", "au", "aux", "en",
         "s", "n", "j", "m", "t", "c", "qu"],
    ja: ["の", "を", "は", "に", "が", "と", "で", "へ", "や", "も"]  // particles: 試合の放棄 is 試合を放棄 too
  };
  // A word: a run of Latin letters and digits, of hiragana, of katakana (with ー) or of kanji.
  var WORDS = /[0-9a-z\u00c0-\u024f]+|[\u3041-\u309f]+|[\u30a0-\u30ff]+|[\u3005-\u3007\u3400-\u9fff\uf900-\ufaff]+/g;
  var LIST = /[;,.:·•|/、，。；：・]+/;  // between the items of a list or two sentences
  var ENTITIES = {amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", nbsp: " "};

  function fold(text) {  // lower case, no accents or ligatures; kana keep their voicing marks
    return String(text || "").normalize("NFKC").toLowerCase().normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "").normalize("NFC").replace(/œ/g, "oe").replace(/æ/g, "ae");
  }

  function plain(markup) {  // the text of a result's title or text (Material's <mark> and entities)
    // <mark> first, without a space: Material may mark an entity's letters («<mark>&amp</mark>;»)
    return String(markup || "").replace(/<\/?mark>/g, "").replace(/<[^>]*>/g, " ")
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, function (_, name) { return ENTITIES[name]; });
  }

  function words(text) {
    var stop = STOP[document.documentElement.lang] || [];
    return (foldTerms(fold(text)).match(WORDS) || []).filter(function (word) { return stop.indexOf(word) < 0; });
  }

  function squash(text) { return words(text).join(""); }  // "End of a drive" holds "end of drive"

  function startsAny(list, word) {
    return list.some(function (token) { return token.lastIndexOf(word, 0) === 0; });
  }

  // The squashed runs of one or more query words, but the whole query: what names a part of it.
  function parts(wanted) {
    var found = [];
    for (var i = 0; i < wanted.length; i++) {
      for (var j = i + 1; j <= wanted.length; j++) {
        if (j - i < wanted.length) found.push(wanted.slice(i, j).join(""));
      }
    }
    return found;
  }

  // 3: the title or a whole name holds the query; 2: it has every word, two side by side in its text;
  // 1: it has every word; 0.5: its entry is named by a part of the query (Esquive, for « esquive relance
  // d'équipe »); 0: the rest. A section found by one word of its name thus gives way to every section that
  // has all the words, and to those only.
  function tier(item, query, wanted, named) {
    var whole = squash(query);
    var names = (item.names || []).map(squash).concat([squash(plain(item.title))]);
    // 4: a whole name of its entry is the query itself: the entry of that name (the Really Stupid trait)
    // before what only holds it (the Really Stupid roll; for "Pass", Hail Mary Pass and Pass Block). Not the
    // title alone: a table row has no `names`, and its title (the kick-off tables' Blitz!) must not pass
    // before the entry its word names (the Blitz action), as in plugins/site/search.py's aliases.
    if (whole && names.slice(0, -1).indexOf(whole) >= 0) return 4;
    if (wanted.length < 2) return 1;
    if (names[names.length - 1].indexOf(whole) >= 0) return 3;
    var part = names.some(function (name) { return named.indexOf(name) >= 0; });
    var shownText = plain(item.title) + " . " + (item.names || []).join(" . ") + " . " + plain(item.text);
    var shown = words(shownText);
    // the worker marks the hidden fields' matches too (<mark>ダンプオフ</mark>)
    var hidden = words(plain([item.alias_terms, item.name_terms, item.title_terms, item.text_terms,
                              item.mention_terms].join(" ")));
    if (!wanted.every(function (word) { return startsAny(shown, word) || startsAny(hidden, word); })) {
      return part ? 0.5 : 0;
    }
    // A calculator's explanation (`explains`: "How it is computed", the notation) lists every rule it uses,
    // so it has most queries' words, side by side in its lists: it never passes an entry that has them.
    if (item.explains) return 1;
    // 2.5 and more: its title has every word (a ruling's question: « le +1 de Châtaigne … dont Griffes a
    // besoin »; in Japanese, with the katakana of the skills it names in English, `title_names`), the more
    // so as they are more of its words: the question on those two skills before one on four that names them.
    var title = words(plain(item.title));
    var titled = title.concat(words(item.title_names || ""));
    if (wanted.every(function (word) { return startsAny(titled, word); })) {
      var about = words((item.about || []).join(" . "));
      var answers = about.length && wanted.every(function (word) { return startsAny(about, word); });
      return 2.5 + (answers ? 0.2 : 0) + 0.2 * Math.min(1, wanted.length / Math.max(1, title.length));
    }
    return sideBySide(shownText, wanted) ? 2 : part ? 0.5 : 1;
  }

  // Two query words follow each other in one phrase of `text` (« relance d'équipe »), not across the
  // separators of a list (« Châtaigne ; Griffes »: two names, not a phrase).
  function sideBySide(text, wanted) {
    return text.split(LIST).some(function (phrase) {
      var shown = words(phrase);
      for (var i = 0; i + 1 < shown.length; i++) {
        for (var k = 0; k + 1 < wanted.length; k++) {
          if (shown[i].lastIndexOf(wanted[k], 0) === 0 && shown[i + 1].lastIndexOf(wanted[k + 1], 0) === 0) return true;
        }
      }
      return false;
    });
  }

  // Re-rank Material's result ({items: [[item…] per page]}) in place for `query`; every item keeps its fields.
  function rerank(result, query) {
    if (!result || !Array.isArray(result.items)) return result;
    var edition = document.documentElement.getAttribute("data-nc-edition");
    var wanted = words(query), named = parts(wanted);
    var all = [];
    result.items.forEach(function (items, group) {
      items.forEach(function (item) {
        var other = edition && item.editions && item.editions.split(" ").indexOf(edition) < 0;
        all.push({item: item, group: group, at: all.length, matched: item.score > 0,
                  // Material adds a page that only its sections matched with score 0: it goes with them
                  tier: !(item.score > 0) ? -1 : tier(item, query, wanted, named),
                  score: item.score * (other ? EDITION_WEIGHT : 1)});
      });
    });
    all.sort(function (a, b) { return b.tier - a.tier || b.score - a.score || a.at - b.at; });
    var groups = [], place = {};
    all.forEach(function (entry, rank) {
      // Material shows a page's sections whose score reaches its best one: the new order sets the scores
      entry.item.score = entry.matched ? all.length - rank : 0;
      if (!(entry.group in place)) place[entry.group] = groups.push([]) - 1;
      groups[place[entry.group]].push(entry.item);
    });
    result.items = groups;
    return result;
  }

  function Worker(url, options) {
    var worker = options === undefined ? new Native(url) : new Native(url, options);
    if (SEARCH.test(String(url))) {
      var post = worker.postMessage, listen = worker.addEventListener, unlisten = worker.removeEventListener;
      var sent = [], wrapped = [];  // the worker answers the queries in the order they were sent
      worker.postMessage = function (message) {
        // Material's query message is the only one whose data is a string: {type: QUERY, data: query}
        if (message && message.data && typeof message.data === "object" && message.data.config) {
          setFolds(message.data.config);  // SETUP: the index
        }
        if (message && typeof message.data === "string") {
          sent.push(message.data);
          message = {type: message.type, data: rewrite(message.data)};
        }
        return post.apply(worker, [message].concat([].slice.call(arguments, 1)));
      };
      worker.addEventListener = function (type, listener) {
        var args = [].slice.call(arguments);
        if (type === "message" && typeof listener === "function") {
          args[1] = function (event) {
            var data = event.data;
            // a result ({type: RESULT, data: {items}}) is re-ranked once (whatever the number of listeners),
            // for the query it answers
            if (data && data.data && Array.isArray(data.data.items) && !data.__nucRanked) {
              data.__nucRanked = true;
              rerank(data.data, sent.shift() || "");
            }
            return listener.apply(this, arguments);
          };
          wrapped.push([listener, args[1]]);
        }
        return listen.apply(worker, args);
      };
      worker.removeEventListener = function (type, listener) {
        var args = [].slice.call(arguments);
        var found = wrapped.filter(function (pair) { return pair[0] === listener; })[0];
        if (type === "message" && found) args[1] = found[1];
        return unlisten.apply(worker, args);
      };
    }
    return worker;
  }
  Worker.prototype = Native.prototype;
  window.Worker = Worker;
  window.__nucSearchQuery = rewrite;  // for tests
  window.__nucSearchRerank = rerank;
})();
