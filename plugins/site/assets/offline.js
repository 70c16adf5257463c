// Registers the service worker that lives at the site root, so the site installs and reads offline.
// This file is at <language root>/assets/nuffle/offline.js; French and Japanese roots are /fr/ and /ja/.
// Registration waits until the page has loaded and the browser is idle, so precaching the language's
// pages never competes with the first paint; on a page whose calculator is starting Python it also waits
// for the first in-browser result (the "nuffle:calculator-settled" event of nuffle.js, or
// CALCULATOR_WAIT_MS at most): the main thread is idle while Python starts in its worker, but the network
// and the CPU are not. (A calculator far down the page starts only when the reader gets near it, see
// nuffle.js; it does not hold the registration back.) Python's files therefore reach the page before the
// service worker controls it: nuffle.js then asks the active worker to keep them (sw.js, "nuffle:keep").
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let root = new URL("../../", import.meta.url);
  const match = root.pathname.match(/\/(fr|ja)\/$/);
  const lang = match ? `${match[1]}/` : "";
  if (match) root = new URL("../", root);
  // Once the reader's language is cached (the worker is active), the other languages follow, when the
  // browser is idle again (sw.js, "nuffle:languages"): the language switch then works offline too.
  const otherLanguages = () => navigator.serviceWorker.ready.then((registration) => {
    const idleAgain = window.requestIdleCallback || ((callback) => setTimeout(callback, 2000));
    idleAgain(() => { if (registration.active) registration.active.postMessage({type: "nuffle:languages"}); },
      {timeout: 10000});
  });
  const register = () => navigator.serviceWorker
    .register(new URL(`sw.js?lang=${lang}`, root), {scope: root.pathname})
    .then(otherLanguages)
    .catch(() => undefined);
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 2000));
  // Long enough for Python's first start on a slow mobile link (about 35 s at 1.6 Mbps, benchmarks/
  // bench_throttled.py): precaching the pages meanwhile would take its bandwidth. A start that fails
  // settles at once (an error), so this only bounds a start that hangs.
  const CALCULATOR_WAIT_MS = 90000;
  let registered = false;
  const registerOnce = () => { if (!registered) { registered = true; register(); } };
  const afterCalculator = () => {
    const go = () => idle(registerOnce, {timeout: 10000});
    const results = [...document.querySelectorAll("[data-result]")];
    const starting = results.some((el) => ["loading", "computing"].includes(el.dataset.state));
    if (!starting || results.some((el) => ["done", "error"].includes(el.dataset.state))) return go();
    document.addEventListener("nuffle:calculator-settled", go, {once: true});
    setTimeout(go, CALCULATOR_WAIT_MS);
  };
  if (document.readyState === "complete") afterCalculator();
  else window.addEventListener("load", afterCalculator, {once: true});
}
