// Nuffle Codex service worker: read the site offline, and compute offline once a calculator has been used.
// Served from the site root so it controls every language. The build replaces the two placeholders.
const BUILD = "__BUILD__";              // changes with every build that changes a page or asset
const PRECACHE = __PRECACHE__;          // {"root": [...], "": [...], "fr/": [...], "ja/": [...]}
// The page that registers this worker says which language it reads: sw.js?lang=fr/ (English: empty).
const LANG = new URL(self.location).searchParams.get("lang") || "";
const PAGES = `nuffle-pages-${BUILD}`;
const RUNTIME = "nuffle-runtime";       // Pyodide files and calculator zips: names never change content
const ROOT = new URL("./", self.location).href;

// Language prefixes ("", "fr/", "ja/") and the page that answers a page not cached when offline.
const PREFIXES = Object.keys(PRECACHE).filter((key) => key !== "root");
const OFFLINE_PAGE = "offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    // One failed URL must not stop the rest from being cached.
    const urls = [...PRECACHE.root, ...(PRECACHE[LANG] || PRECACHE[""])];
    await Promise.all(urls.map((url) => cache.add(new URL(url, ROOT)).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

// The other languages' pages and assets, once the reader's own are cached: a page posts
// {type: "nuffle:languages"} when the browser is idle (offline.js), so this never competes with the first
// visit. A few at a time, skipping what is cached already; replies {cached: n} on the port given.
async function cacheOtherLanguages() {
  const cache = await caches.open(PAGES);
  const urls = PREFIXES.filter((prefix) => prefix !== LANG).flatMap((prefix) => PRECACHE[prefix]);
  let cached = 0;
  for (let i = 0; i < urls.length; i += 4) {
    await Promise.all(urls.slice(i, i + 4).map(async (url) => {
      const target = new URL(url, ROOT);
      try {
        if (!(await cache.match(target))) await cache.add(target);
        cached += 1;
      } catch {
        // offline or gone: the next visit tries again
      }
    }));
  }
  return cached;
}

/** The language prefix of a URL of this site ("fr/", "ja/"), or the reader's language for any other. */
function languageOf(url) {
  const rel = url.href.startsWith(ROOT) ? url.href.slice(ROOT.length) : "";
  return PREFIXES.find((prefix) => prefix && rel.startsWith(prefix)) ?? LANG;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("nuffle-pages-") && name !== PAGES) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function isRuntime(url) {
  return url.pathname.includes("/pyodide/");
}

// On a first visit Python starts before this worker controls the page (offline.js registers it only after
// the calculator's first result, so precaching never slows Python's start), so the runtime, the
// calculators zip, the snapshot and the rules went past it. A page whose calculator has started Python
// then posts the URLs it used: {type: "nuffle:keep", runtime: [...], pages: [...]}. They are still in the
// browser's HTTP cache, so keeping them costs no download: runtime files go to the runtime cache, the
// rules (they change with the data) to this build's pages cache. Replies {kept: [urls]} on the port given.
const KEEP_MAX = 16; // a page posts 7 URLs; anything much longer is not ours

async function keep(urls, cacheName, runtime) {
  const cache = await caches.open(cacheName);
  const kept = [];
  for (const raw of Array.isArray(urls) ? urls.slice(0, KEEP_MAX) : []) {
    let url;
    try {
      url = new URL(raw, ROOT);
    } catch {
      continue;
    }
    if (!url.href.startsWith(ROOT) || isRuntime(url) !== runtime) continue;
    try {
      if (!(await cache.match(url))) await cache.add(url);
      kept.push(url.href);
    } catch {
      // gone or offline: the next visit that fetches it through this worker caches it
    }
  }
  return kept;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "nuffle:languages") {
    event.waitUntil((async () => {
      const cached = await cacheOtherLanguages();
      if (event.ports && event.ports[0]) event.ports[0].postMessage({cached});
    })());
    return;
  }
  if (data.type !== "nuffle:keep") return;
  event.waitUntil((async () => {
    const kept = [...await keep(data.runtime, RUNTIME, true), ...await keep(data.pages, PAGES, false)];
    if (event.ports && event.ports[0]) event.ports[0].postMessage({kept});
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (isRuntime(url)) {
    // Cache first: the runtime is large and its file names are pinned or content-hashed.
    event.respondWith((async () => {
      const cache = await caches.open(RUNTIME);
      const hit = await cache.match(request);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    })());
    return;
  }
  // Pages and assets: network first so readers get fresh rules, the cache when offline. A page that is
  // not cached answers, offline, with the offline page of its language (of the reader's, outside them).
  event.respondWith((async () => {
    const cache = await caches.open(PAGES);
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const hit = await cache.match(request, {ignoreSearch: url.pathname.endsWith("/")});
      if (hit) return hit;
      if (request.mode === "navigate") {
        const fallback = await cache.match(new URL(languageOf(url) + OFFLINE_PAGE, ROOT))
          || await cache.match(new URL(LANG + OFFLINE_PAGE, ROOT));
        if (fallback) return fallback;
      }
      throw error;
    }
  })());
});
