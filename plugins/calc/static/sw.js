// Nuffle Codex service worker: read the site offline, and compute offline once the reader has saved the
// calculators ("save for offline", offline.js) or used one. Served from the site root so it controls every
// language. The build replaces the four placeholders.
const BUILD = "__BUILD__";              // changes with every build that changes a page or asset
const PRECACHE = __PRECACHE__;          // {"root": [...], "": [...], "fr/": [...], "ja/": [...]}
// Each language's precache list in one file (plugins/calc/pagepack.py): {prefix: {"url", "files"}}. One
// Brotli stream sends what the pages share once: about 1 MB a language, against 4.2-4.7 MB file by file.
const PACKS = __PACKS__;
// The Python runtimes of this build: {"version": pinned Pyodide version, "files": every file of its folder
// pyodide/<version>/ (runtime, calculators zip, snapshot), "micropython": every file of micropython/<version>/
// (the runtime the calculators answer with first and its package, about 0.4 MB as sent: cached at install,
// with the rules, so that every calculator answers offline after a first visit), "save": those a calculator needs offline (not the
// snapshot: Python starts without it), "rules": the rules the calculators read, "bytes": what saving costs, as sent, by part: "runtime" (with
// the rules) and each language prefix}.
const RUNTIME_FILES = __RUNTIME__;
// The page that registers this worker says which language it reads: sw.js?lang=fr/ (English: empty).
const LANG = new URL(self.location).searchParams.get("lang") || "";
const PAGES = `nuffle-pages-${BUILD}`;
// Named after the runtime's version: an upgrade gets a new cache, and `activate` deletes the old one.
const RUNTIME = `nuffle-runtime-${RUNTIME_FILES.version}`;
const CHOICE = "nuffle-choice";         // remembers that the reader asked to save the site for offline use
const ROOT = new URL("./", self.location).href;
const SAVED = new URL("nuffle-saved-for-offline", ROOT).href;  // the key of that choice (never a real URL)
const MICROPYTHON = RUNTIME_FILES.micropython || [];
const RUNTIME_URLS = new Set([...RUNTIME_FILES.files, ...MICROPYTHON].map((url) => new URL(url, ROOT).href));

// Language prefixes ("", "fr/", "ja/") and the page that answers a page not cached when offline.
const PREFIXES = Object.keys(PRECACHE).filter((key) => key !== "root");
const OFFLINE_PAGE = "offline.html";

/** The cache key of a URL: the URL without its query string or fragment, so that many links to one page
 * (calculator forms carry their fields in the query) are stored once. */
function keyOf(url) {
  const parsed = new URL(url, ROOT);
  return parsed.origin + parsed.pathname;
}

/** Cache every URL of `urls` (relative to the root) not cached already in `cache`, `parallel` at a time;
 * one failed URL does not stop the others. Calls progress(done, total) as it goes; returns how many are
 * cached at the end. */
async function addAll(cache, urls, parallel = 4, progress = () => undefined) {
  let done = 0;
  let cached = 0;
  for (let i = 0; i < urls.length; i += parallel) {
    await Promise.all(urls.slice(i, i + parallel).map(async (url) => {
      const key = keyOf(url);
      try {
        if (!(await cache.match(key))) await cache.add(key);
        cached += 1;
      } catch {
        // offline or gone: the next visit or the next save tries again
      }
      done += 1;
    }));
    progress(done, urls.length);
  }
  return cached;
}

// Headers of the pack's own response that describe the pack, not the files in it; the others (the site's
// security headers, the same for every file) are given to each file.
const PACK_ONLY_HEADERS = new Set(["content-type", "content-length", "content-encoding", "content-range",
  "accept-ranges", "etag", "last-modified", "cache-control", "date", "expires", "age", "vary"]);

/** Cache every file of the language pack at `url` (relative to the root) in `cache`: a line with the index's
 * length, the index [[url, type, offset, length], ...], then the files' bytes. Returns how many it cached;
 * throws when the pack cannot be fetched or read. */
async function unpack(cache, url) {
  const response = await fetch(new URL(url, ROOT));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  const newline = data.indexOf(10);
  const length = Number(new TextDecoder().decode(data.subarray(0, newline)));
  const start = newline + 1 + length;
  const index = JSON.parse(new TextDecoder().decode(data.subarray(newline + 1, start)));
  const shared = [...response.headers].filter(([name]) => !PACK_ONLY_HEADERS.has(name.toLowerCase()));
  await Promise.all(index.map(([file, type, offset, size]) => cache.put(keyOf(file), new Response(
    data.slice(start + offset, start + offset + size), {headers: [...shared, ["Content-Type", type]]}))));
  return index.length;
}

/** Cache the pages and assets of the language at `prefix` in `cache`: its pack, then, one by one, any file of
 * its list the pack did not hold (or all of them when the pack failed). Returns how many of the list are
 * cached. */
async function addLanguage(cache, prefix, parallel, progress = () => undefined) {
  const urls = PRECACHE[prefix] || [];
  let unpacked = false;
  let missing = false;
  for (const url of urls) if (!missing && !(await cache.match(keyOf(url)))) missing = true;
  if (PACKS[prefix] && missing) {
    try {
      await unpack(cache, PACKS[prefix].url);
      unpacked = true;
    } catch {
      // a host that does not serve it, or offline: file by file below
    }
  }
  // After the pack, only what it lacked is fetched: a quick pass over the cache.
  const cached = await addAll(cache, urls, parallel, unpacked ? undefined : progress);
  progress(urls.length, urls.length);
  return cached;
}

async function savedForOffline() {
  return Boolean(await (await caches.open(CHOICE)).match(SAVED));
}

/** "Save for offline": remember the choice, then cache the runtime a calculator needs, the rules and every
 * language's pages. Returns {cached, total}. */
async function saveForOffline(progress) {
  await (await caches.open(CHOICE)).put(SAVED, new Response("1"));
  const total = RUNTIME_FILES.save.length + 1 + PREFIXES.reduce((sum, prefix) => sum + PRECACHE[prefix].length, 0);
  let cached = await addAll(await caches.open(RUNTIME), RUNTIME_FILES.save, 2, (count) => progress(count, total));
  let done = RUNTIME_FILES.save.length;
  const pages = await caches.open(PAGES);
  cached += await addAll(pages, [RUNTIME_FILES.rules], 1);
  done += 1;
  for (const prefix of PREFIXES) {
    cached += await addLanguage(pages, prefix, 4, (count) => progress(done + count, total));
    done += PRECACHE[prefix].length;
  }
  return {cached, total};
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // The reader's language only: another language is cached when the reader opens one of its pages (that
    // page registers this worker with its own language) or saves the site for offline use.
    const pages = await caches.open(PAGES);
    await addAll(pages, PRECACHE.root);
    await addLanguage(pages, PRECACHE[LANG] ? LANG : "", 4);
    // MicroPython and the rules: small enough for every first visit, and every calculator then answers
    // offline (Pyodide, 10 MB, only when the reader saves for offline or a request needs it).
    await addAll(await caches.open(RUNTIME), MICROPYTHON, 3);
    await addAll(pages, [RUNTIME_FILES.rules], 1);
    // A reader who saved the site keeps it saved across builds and runtime upgrades (the runtime files that
    // did not change are in their cache already; each language comes again in its pack).
    if (await savedForOffline()) await saveForOffline(() => undefined);
    await self.skipWaiting();
  })());
});

/** The language prefix of a URL of this site ("fr/", "ja/"), or the reader's language for any other. */
function languageOf(url) {
  const rel = url.href.startsWith(ROOT) ? url.href.slice(ROOT.length) : "";
  return PREFIXES.find((prefix) => prefix && rel.startsWith(prefix)) ?? LANG;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const stale = (name.startsWith("nuffle-pages-") && name !== PAGES)
        || (name.startsWith("nuffle-runtime") && name !== RUNTIME);  // and the old unversioned "nuffle-runtime"
      if (stale) await caches.delete(name);
    }
    // An older calculators zip or snapshot of the same runtime version: this build no longer names it.
    const runtime = await caches.open(RUNTIME);
    for (const request of await runtime.keys()) {
      if (!RUNTIME_URLS.has(request.url)) await runtime.delete(request);
    }
    await self.clients.claim();
  })());
});

function isRuntime(url) {
  return url.href.startsWith(`${ROOT}pyodide/`) || url.href.startsWith(`${ROOT}micropython/`);
}

// On a first visit Python starts before this worker controls the page (offline.js registers it only after
// the calculator's first result, so precaching never slows Python's start), so the runtime, the
// calculators zip, the snapshot and the rules went past it. A page whose calculator has started Python
// then posts the URLs it used: {type: "nuffle:keep", runtime: [...], pages: [...]}. They are still in the
// browser's HTTP cache, so keeping them costs no download: this build's runtime files go to the runtime
// cache, the rules (they change with the data) to this build's pages cache. Replies {kept: [urls]}.
const KEEP_MAX = 16; // a page posts up to 10 URLs; anything much longer is not ours

async function keep(urls, cacheName, runtime) {
  const cache = await caches.open(cacheName);
  const kept = [];
  for (const raw of Array.isArray(urls) ? urls.slice(0, KEEP_MAX) : []) {
    let key;
    try {
      key = keyOf(raw);
    } catch {
      continue;
    }
    if (!key.startsWith(ROOT)) continue;
    if (runtime ? !RUNTIME_URLS.has(key) : (isRuntime(new URL(key)) || key !== keyOf(RUNTIME_FILES.rules))) continue;
    try {
      if (!(await cache.match(key))) await cache.add(key);
      kept.push(key);
    } catch {
      // gone or offline: the next visit that fetches it through this worker caches it
    }
  }
  return kept;
}

/** {saved: the reader chose to save, ready: the calculators' runtime and rules are cached, bytes: what saving
 * downloads from here (the runtime and the languages other than the reader's, which is cached at install)}. */
async function status() {
  const runtime = await caches.open(RUNTIME);
  const pages = await caches.open(PAGES);
  let ready = Boolean(await pages.match(keyOf(RUNTIME_FILES.rules)));
  for (const url of RUNTIME_FILES.save) ready = ready && Boolean(await runtime.match(keyOf(url)));
  const bytes = Object.entries(RUNTIME_FILES.bytes)
    .reduce((sum, [part, size]) => sum + (part === (PRECACHE[LANG] ? LANG : "") ? 0 : size), 0);
  return {saved: await savedForOffline(), ready: ready && RUNTIME_FILES.save.length > 0, bytes};
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const reply = (message) => { if (port) port.postMessage(message); };
  if (data.type === "nuffle:status") {
    event.waitUntil(status().then(reply));
  } else if (data.type === "nuffle:save") {
    event.waitUntil((async () => {
      const result = await saveForOffline((done, total) => reply({type: "progress", done, total}));
      reply({type: "done", ...result, ...(await status())});
    })());
  } else if (data.type === "nuffle:keep") {
    event.waitUntil((async () => {
      reply({kept: [...await keep(data.runtime, RUNTIME, true), ...await keep(data.pages, PAGES, false)]});
    })());
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = keyOf(url);
  if (isRuntime(url)) {
    // This build's runtime files, cache first: they are large and their names change with their content.
    // Anything else under pyodide/ or micropython/ (an older runtime's file) goes to the network, not stored.
    if (!RUNTIME_URLS.has(key)) return;
    event.respondWith((async () => {
      const cache = await caches.open(RUNTIME);
      const hit = await cache.match(key);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.status === 200) cache.put(key, response.clone());
      return response;
    })());
    return;
  }
  // Pages and assets: network first so readers get fresh rules, the cache when offline; stored under their
  // path only. A page that is not cached answers, offline, with the offline page of its language (of the
  // reader's, outside them or when that language is not cached).
  event.respondWith((async () => {
    const cache = await caches.open(PAGES);
    try {
      const response = await fetch(request);
      if (response.status === 200 && response.type === "basic" && key.startsWith(ROOT)) cache.put(key, response.clone());
      return response;
    } catch (error) {
      const hit = await cache.match(key);
      if (hit) return hit;
      if (request.mode === "navigate") {
        const fallback = await cache.match(new URL(languageOf(url) + OFFLINE_PAGE, ROOT).href)
          || await cache.match(new URL(LANG + OFFLINE_PAGE, ROOT).href);
        if (fallback) return fallback;
      }
      throw error;
    }
  })());
});
