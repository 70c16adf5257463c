// Nuffle Codex service worker: read the site offline, and compute offline once the reader has saved the
// calculators ("save for offline", offline.js) or used one. Served from the site root so it controls every
// language. The build replaces the three placeholders.
const BUILD = "__BUILD__";              // changes with every build that changes a page or asset
const PRECACHE = __PRECACHE__;          // {"root": [...], "": [...], "fr/": [...], "ja/": [...]}
// The Python runtime of this build: {"version": pinned Pyodide version, "files": every file of its folder
// pyodide/<version>/ (runtime, calculators zip, snapshot), "save": those a calculator needs offline (not the
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
const RUNTIME_URLS = new Set(RUNTIME_FILES.files.map((url) => new URL(url, ROOT).href));

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

async function savedForOffline() {
  return Boolean(await (await caches.open(CHOICE)).match(SAVED));
}

/** "Save for offline": remember the choice, then cache the runtime a calculator needs, the rules and every
 * language's pages. Returns {cached, total}. */
async function saveForOffline(progress) {
  await (await caches.open(CHOICE)).put(SAVED, new Response("1"));
  const pages = [RUNTIME_FILES.rules, ...PREFIXES.flatMap((prefix) => PRECACHE[prefix])];
  const total = RUNTIME_FILES.save.length + pages.length;
  const runtime = await addAll(await caches.open(RUNTIME), RUNTIME_FILES.save, 2,
    (done) => progress(done, total));
  const rest = await addAll(await caches.open(PAGES), pages, 4,
    (done) => progress(RUNTIME_FILES.save.length + done, total));
  return {cached: runtime + rest, total};
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // The reader's language only: another language is cached when the reader opens one of its pages (that
    // page registers this worker with its own language) or saves the site for offline use.
    await addAll(await caches.open(PAGES), [...PRECACHE.root, ...(PRECACHE[LANG] || PRECACHE[""])]);
    // A reader who saved the site keeps it saved across builds and runtime upgrades (only what changed is
    // downloaded: the rest is in this cache already or answers 304 from the HTTP cache).
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
  return url.href.startsWith(`${ROOT}pyodide/`);
}

// On a first visit Python starts before this worker controls the page (offline.js registers it only after
// the calculator's first result, so precaching never slows Python's start), so the runtime, the
// calculators zip, the snapshot and the rules went past it. A page whose calculator has started Python
// then posts the URLs it used: {type: "nuffle:keep", runtime: [...], pages: [...]}. They are still in the
// browser's HTTP cache, so keeping them costs no download: this build's runtime files go to the runtime
// cache, the rules (they change with the data) to this build's pages cache. Replies {kept: [urls]}.
const KEEP_MAX = 16; // a page posts 7 URLs; anything much longer is not ours

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
    // Anything else under pyodide/ (an older runtime's file) goes to the network and is not stored.
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
