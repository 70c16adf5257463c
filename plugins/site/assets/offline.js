// Registers the service worker that lives at the site root, so the site installs and reads offline.
// This file is at <language root>/assets/nuffle/offline.js; French and Japanese roots are /fr/ and /ja/.
// Registration waits until the page has loaded and the browser is idle, so precaching the language's
// pages never competes with the first paint or a calculator's first result.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let root = new URL("../../", import.meta.url);
  const match = root.pathname.match(/\/(fr|ja)\/$/);
  const lang = match ? `${match[1]}/` : "";
  if (match) root = new URL("../", root);
  const register = () => navigator.serviceWorker
    .register(new URL(`sw.js?lang=${lang}`, root), {scope: root.pathname})
    .catch(() => undefined);
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 2000));
  const later = () => idle(register, {timeout: 10000});
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, {once: true});
}
