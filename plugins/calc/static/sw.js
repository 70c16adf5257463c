// Nuffle Codex service worker: read the site offline, and compute offline once Python has been loaded.
// Served from the site root so it controls every language. The build replaces the two placeholders.
const BUILD = "__BUILD__";              // changes with every build that changes a page or asset
const PRECACHE = __PRECACHE__;          // {"root": [...], "": [...], "fr/": [...], "ja/": [...]}
// The page that registers this worker says which language it reads: sw.js?lang=fr/ (English: empty).
const LANG = new URL(self.location).searchParams.get("lang") || "";
const PAGES = `nuffle-pages-${BUILD}`;
const RUNTIME = "nuffle-runtime";       // Pyodide files and calculator zips: names never change content
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    // One failed URL must not stop the rest from being cached.
    const urls = [...PRECACHE.root, ...(PRECACHE[LANG] || PRECACHE[""])];
    await Promise.all(urls.map((url) => cache.add(new URL(url, ROOT)).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

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
  // Pages and assets: network first so readers get fresh rules, the cache when offline.
  event.respondWith((async () => {
    const cache = await caches.open(PAGES);
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const hit = await cache.match(request, {ignoreSearch: url.pathname.endsWith("/")});
      if (hit) return hit;
      throw error;
    }
  })());
});
