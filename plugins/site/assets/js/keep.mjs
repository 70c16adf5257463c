// Once Python has started, ask the service worker to keep the files it started from, so that the calculators
// work offline after one visit.
//
// On a first visit they were fetched before the service worker controlled the page (offline.js registers it
// after the first result), so without this the calculators would not work offline; the service worker copies
// them from the HTTP cache (sw.js, "nuffle:keep").

/** `settings`: the runtime settings (runtime.mjs); `info`: the worker's answer to "init" ({runtime, used}):
 *  the runtime files (from the folder Python loaded), the calculators zip, the snapshot when Python booted
 *  from it, and the rules. */
export function keepForOffline(settings, info) {
  if (!("serviceWorker" in navigator) || !info || typeof info.runtime !== "string") return;
  const used = info.used || {};
  const runtime = settings.files.map((name) => new URL(name, info.runtime).href);
  for (const url of [used.package, used.snapshot]) if (typeof url === "string") runtime.push(url);
  const pages = typeof used.rules === "string" ? [used.rules] : [];
  navigator.serviceWorker.ready.then((registration) => {
    if (!registration.active) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      const kept = (event.data && event.data.kept) || [];
      console.info(`nuffle: ${kept.length} of ${runtime.length + pages.length} calculator files kept for offline use`);
      channel.port1.close();
    };
    registration.active.postMessage({ type: "nuffle:keep", runtime, pages }, [channel.port2]);
  }).catch(() => {});
}
