// Registers the service worker that lives at the site root, so the site installs and reads offline, and
// wires the "save for offline use" control (templates/offline-save.html, on the home page and calculator pages).
// This file is at <language root>/assets/nuffle/offline.js; French and Japanese roots are /fr/ and /ja/.
// Registration waits until the page has loaded and the browser is idle, so precaching the language's
// pages never competes with the first paint; on a page whose calculator is starting Python it also waits
// for the first in-browser result (the "nuffle:calculator-settled" event of nuffle.js, or
// CALCULATOR_WAIT_MS at most): the main thread is idle while Python starts in its worker, but the network
// and the CPU are not. (A calculator far down the page starts only when the reader gets near it, see
// nuffle.js; it does not hold the registration back.) Python's files therefore reach the page before the
// service worker controls it: nuffle.js then asks the active worker to keep them (sw.js, "nuffle:keep").
// The worker caches the reader's language only; the other languages and the Python runtime (for a
// calculator offline without having used one) only when the reader asks: the "save" button (sw.js,
// "nuffle:save"). A first visit never downloads them unasked.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  let root = new URL("../../", import.meta.url);
  const match = root.pathname.match(/\/(fr|ja)\/$/);
  const lang = match ? `${match[1]}/` : "";
  if (match) root = new URL("../", root);
  let registration = null;
  const register = () => {
    if (!registration) {
      registration = navigator.serviceWorker
        .register(new URL(`sw.js?lang=${lang}`, root), {scope: root.pathname})
        .catch(() => undefined);
    }
    return registration;
  };
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 2000));
  // Long enough for Python's first start on a slow mobile link (about 35 s at 1.6 Mbps, benchmarks/
  // bench_throttled.py): precaching the pages meanwhile would take its bandwidth. A start that fails
  // settles at once (an error), so this only bounds a start that hangs.
  const CALCULATOR_WAIT_MS = 90000;
  const afterCalculator = () => {
    const go = () => idle(register, {timeout: 10000});
    const results = [...document.querySelectorAll("[data-result]")];
    const starting = results.some((el) => ["loading", "computing"].includes(el.dataset.state));
    if (!starting || results.some((el) => ["done", "error"].includes(el.dataset.state))) return go();
    document.addEventListener("nuffle:calculator-settled", go, {once: true});
    setTimeout(go, CALCULATOR_WAIT_MS);
  };
  if (document.readyState === "complete") afterCalculator();
  else window.addEventListener("load", afterCalculator, {once: true});

  /** Ask the active worker `message` ({type}); calls onReply with each answer on the port given. */
  const ask = (message, onReply) => Promise.resolve(register())
    .then((registered) => {
      if (!registered) throw new Error("no service worker here (blocked, or a private window)");
      return navigator.serviceWorker.ready;
    })
    .then((ready) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => onReply(event.data || {});
      ready.active.postMessage(message, [channel.port2]);
    });

  const megabytes = (bytes) => new Intl.NumberFormat(document.documentElement.lang || undefined,
    {maximumFractionDigits: 1, minimumFractionDigits: 1}).format(bytes / 1e6);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

  /** Show the control of the page (hidden without a service worker) and its state: its size, or saved. */
  const setUp = () => {
    for (const box of document.querySelectorAll("[data-offline-save]")) {
      box.hidden = false;
      const status = box.querySelector("[data-offline-save-status]");
      const button = box.querySelector("[data-offline-save-button]");
      const size = box.querySelector("[data-offline-save-size]");
      if (box.dataset.wired) continue;
      box.dataset.wired = "1";
      button.addEventListener("click", () => {
        button.disabled = true;
        status.textContent = fill(box.dataset.msgSaving, {done: 0, total: "…"});
        ask({type: "nuffle:save"}, (reply) => {
          if (reply.type === "progress") {
            status.textContent = fill(box.dataset.msgSaving, {done: reply.done, total: reply.total});
          } else if (reply.type === "done") {
            const complete = reply.cached === reply.total;
            status.textContent = complete ? box.dataset.msgSaved : fill(box.dataset.msgPartial,
              {done: reply.cached, total: reply.total});
            box.dataset.saved = complete ? "true" : "partial";
            button.disabled = false;
          }
        }).catch(() => {
          status.textContent = box.dataset.msgFailed;
          button.disabled = false;
        });
      });
      // Once the worker this page registers (above, when idle) is active: the size, or "saved" already.
      navigator.serviceWorker.ready.then((ready) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          const reply = event.data || {};
          if (reply.bytes >= 50000) size.textContent = fill(box.dataset.msgSize, {size: megabytes(reply.bytes)});
          if (reply.saved && reply.ready && !box.dataset.saved) {
            status.textContent = box.dataset.msgSaved;
            box.dataset.saved = "true";
          }
        };
        ready.active.postMessage({type: "nuffle:status"}, [channel.port2]);
      });
    }
  };
  // Material's instant navigation swaps the page without running this module again: document$ tells.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setUp);
  else setUp();
}
