// Registers the service worker that lives at the site root, so the site installs and reads offline.
// This file is at <language root>/assets/nuffle/offline.js; French and Japanese roots are /fr/ and /ja/.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let root = new URL("../../", import.meta.url);
  if (/\/(fr|ja)\/$/.test(root.pathname)) root = new URL("../", root);
  navigator.serviceWorker.register(new URL("sw.js", root), {scope: root.pathname}).catch(() => undefined);
}
