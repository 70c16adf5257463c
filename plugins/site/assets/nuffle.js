// Nuffle Codex page script: an ES module loaded on every page (extra_javascript, type: module). It wires the
// modules of js/, one job each; none has dependencies outside the site, and every value shown comes from the
// page or the resolver and is set with textContent.
//
//   js/lang.mjs        the language switcher: the same page, query and anchor in the other language
//   js/edition.mjs     the reader's edition (localStorage "nuffle.edition"): pickers, contents, tabs
//   js/calculator.mjs  one calculator: its form (form.mjs, field.mjs), its result panel (result.mjs,
//                      format.mjs, pitch-paint.mjs), its errors (explain.mjs, messages.mjs)
//   js/engine.mjs      the tab's Python worker (calc-worker.js), started from runtime.json (runtime.mjs);
//                      once Python has started, keep.mjs asks the service worker to keep its files offline
//   js/nearby.mjs      Python starts only when a calculator comes near the viewport or is touched
//   js/pinned.mjs      on a phone, the focused field stays above the pinned result
//                      and a page's own calculator pins its headline while it is below the screen
//   js/scrollers.mjs   tables that scroll sideways are reachable with the keyboard
//   js/moved.mjs       an old link to a section that became a page goes on to that page
//
// Material swaps page content without reloading this module: everything page-specific runs from document$
// (falls back to a plain DOMContentLoaded when Material's bundle is missing).
import { Calculator } from "./js/calculator.mjs";
import { listenForEditions, onEditionChosen, onEditionShown, showReaderEdition } from "./js/edition.mjs";
import { listenForLanguageLinks, rewriteLanguageLinks } from "./js/lang.mjs";
import { followMovedAnchor } from "./js/moved.mjs";
import { forgetDetached } from "./js/nearby.mjs";
import { listenForPinnedResult } from "./js/pinned.mjs";
import { focusableScrollers, listenForScrollers } from "./js/scrollers.mjs";

const calculators = new Set(); // the mounted calculators of the current page

/** Forget the calculators of a page left through instant navigation. */
function forgetLeftCalculators() {
  for (const calc of calculators) if (!calc.isConnected) calculators.delete(calc);
  forgetDetached();
}

/** Wire the current page: its tables, anchors, language links, edition and calculators. */
function mountAll() {
  requestAnimationFrame(focusableScrollers); // after Material has wrapped the tables
  forgetLeftCalculators();
  followMovedAnchor();
  rewriteLanguageLinks();
  showReaderEdition(); // a calculator whose address names an edition then shows the link's on this page only
  for (const form of document.querySelectorAll("form[data-calculator]")) {
    if (form.dataset.mounted) continue;
    form.dataset.mounted = "true";
    try {
      const calc = new Calculator(form);
      calc.start();
      calculators.add(calc);
    } catch (err) {
      console.error("nuffle: could not start the calculator", err);
    }
  }
}

listenForLanguageLinks();
listenForEditions();
listenForPinnedResult();
listenForScrollers();
window.addEventListener("hashchange", followMovedAnchor);
// An edition chosen anywhere is the reader's: every calculator of the page computes it, so that the page
// gives one answer to "which edition?".
onEditionChosen((edition) => {
  forgetLeftCalculators();
  for (const calc of calculators) calc.followEdition(edition);
});
// With no edition chosen ("Show all" too), each calculator's edition select names the edition it computes by default.
onEditionShown(() => {
  forgetLeftCalculators();
  for (const calc of calculators) calc.nameDefaultEdition();
});

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
