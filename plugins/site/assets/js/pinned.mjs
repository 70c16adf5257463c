// The pinned result: on a phone, a calculator's result is pinned to the bottom of the screen while one of its
// fields has the focus (nuffle.css); this module keeps the focused field above it (WCAG 2.4.11), and pins the
// headline of a page's own calculator while that calculator is still below the screen.

/** On a phone, a calculator's result is pinned to the bottom of the screen while one of its fields has
 *  the focus (nuffle.css). The field in focus can then be under it: the first field when the calculator
 *  starts low on the screen, or any field once the keyboard opens and the screen shrinks (the viewport tag
 *  asks for that, plugins/site/plugin.py). Scroll it above the pinned result, so the focus is never hidden
 *  (WCAG 2.4.11): when a field gets the focus, and again when the screen is resized. The result's height is
 *  read after the pin applies; at most so far that the field's top stays below Material's header, and a
 *  field the browser scrolled to the top edge (focus reached going back up) comes down below that header. */
const PIN_GAP_PX = 8;
export function keepFocusAbovePinnedResult() {
  const field = document.activeElement;
  if (!(field instanceof Element) || !field.closest(".nc-calc")) return;
  const calculator = field.closest(".nc-calculator");
  const result = calculator?.querySelector(".nc-result");
  if (!result || calculator.hasAttribute("data-tapping")) return; // a tap: once it is over (see below)
  requestAnimationFrame(() => {
    // pinned to the bottom only: beside the form (two columns, sticky at the top) the result covers no field, and
    // scrolling for its height threw a clicked low field to the top and the chance off the screen (1280 × 800)
    const pinned = getComputedStyle(result);
    if (document.activeElement !== field || !["sticky", "fixed"].includes(pinned.position) || pinned.bottom === "auto") return;
    const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
    // the field with its label and its message (a refused value says why right under it)
    const box = (field.closest(".nc-field") || field).getBoundingClientRect();
    const limit = window.innerHeight - result.getBoundingClientRect().height - PIN_GAP_PX;
    const under = box.top - header - PIN_GAP_PX; // below zero: the field is under the header
    const below = box.bottom - limit; // above zero: the field is under the pinned result
    if (below > 0) window.scrollBy(0, Math.min(below, under));
    else if (under < 0) window.scrollBy(0, under); // reached going back up (Shift+Tab): bring it below the header
  });
}

/** A tap on a field focuses it when the finger goes down; pinning the result and scrolling then would move the
 *  field, or cover it, before the finger lifts, and the tap would land elsewhere (a box low on the screen not
 *  ticked). So while a tap is on (data-tapping, which nuffle.css reads too) nothing is pinned or scrolled; both
 *  happen once the click is through. */
const TAP_LIMIT_MS = 1000;
// A result that grows while a field has the focus (its status line rewritten, a row shown) can cover that field.
const resized = "ResizeObserver" in window ? new ResizeObserver(() => keepFocusAbovePinnedResult()) : null;
// A headline that grows or shrinks (filled, or its « Exact fraction » opened) may move its calculator in or out of ahead.
const grown = "ResizeObserver" in window ? new ResizeObserver(() => queueCalculatorAhead()) : null;

/** Keep the focused field above the result panel `result` whenever the panel's size changes; and make the panel a
 *  Tab stop, as its template asks (templates/calc/result.html: tabindex="0", which the HTML sanitiser strips):
 *  pinned on a phone it scrolls to its other rows, and a region that scrolls must be reachable with the keyboard
 *  (WCAG 2.1.1; axe's scrollable-region-focusable). */
export function watchPinnedResult(result) {
  if (!result) return;
  if (!result.hasAttribute("tabindex")) result.tabIndex = 0;
  if (resized) resized.observe(result);
  // the headline's height decides whether its calculator is ahead (below): a fixed headline is out of the flow
  const headline = result.querySelector("[data-headline]");
  if (grown && headline) grown.observe(headline);
}

/** While the focus is in a calculator's form or in its result, the calculator carries data-nc-pinned, which
 *  nuffle.css pins the result by: the focus going from a field to the result (a Tab stop, above) would otherwise
 *  unpin the result between the field's blur and the result's focus, and a result laid out with display: contents
 *  then cannot take the focus. */
function pinOn(event) {
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest(".nc-calc, .nc-result")) target.closest(".nc-calculator")?.setAttribute("data-nc-pinned", "");
}

function pinOff(event) {
  const calculator = event.target instanceof Element ? event.target.closest(".nc-calculator") : null;
  if (!calculator || !calculator.hasAttribute("data-nc-pinned")) return;
  const next = event.relatedTarget instanceof Element ? event.relatedTarget : null;
  if (next && calculator.contains(next) && next.closest(".nc-calc, .nc-result")) return; // still in: stays pinned
  calculator.removeAttribute("data-nc-pinned");
}

/** On a phone the headline (or, while the reader is in the calculator, the whole result) is pinned to the bottom
 *  of the screen by position: sticky, which holds it inside the calculator's box: it shows only once the top of
 *  that box is on the screen. A page about its calculator (the one under the page's « Calculateur » heading,
 *  `h2#calculator`: the calculators' own pages, the target tables, an edition's tests, a table with a calculator)
 *  whose title and introduction fill a small screen (320 × 568) or a phone held sideways (844 × 390) opened on
 *  them, the chance below the screen. While the calculator's box is too low for the sticky bar to show whole,
 *  the calculator carries data-nc-ahead, and nuffle.css pins the same bar with position: fixed at the bottom of
 *  the screen, as wide as the calculator's content (--nc-ahead-left and --nc-ahead-width, in px); from there on
 *  the sticky bar takes over where it stands. Desktops are unaffected: nuffle.css pins nothing there. */
const AHEAD = "h2#calculator ~ .nc-calculator";
let aheadQueued = false;
function markCalculatorAhead() {
  aheadQueued = false;
  const box = document.querySelector(AHEAD);
  const result = box?.querySelector(".nc-result");
  if (!result) return;
  // the bar pinned now: the whole result while the reader is in the calculator, else the headline
  const shown = getComputedStyle(result).display === "contents" ? box.querySelector("[data-headline]") : result;
  if (!shown) return;
  const style = getComputedStyle(box);
  const outer = box.getBoundingClientRect();
  const top = outer.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
  const left = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  box.style.setProperty("--nc-ahead-left", `${left}px`);
  box.style.setProperty("--nc-ahead-width", `${width}px`);
  const height = shown.getBoundingClientRect().height;
  const ahead = top + height > window.innerHeight + 0.5;
  if (ahead !== box.hasAttribute("data-nc-ahead")) box.toggleAttribute("data-nc-ahead", ahead);
  // what the fixed bar covers: a link focused under it is scrolled above it (nuffle.css scroll-padding-bottom)
  document.documentElement.style.setProperty("--nc-ahead-height", `${height}px`);
}

/** Check once per frame, whatever asked (a scroll, a resize, the page's content or the bar changing size). */
function queueCalculatorAhead() {
  if (aheadQueued) return;
  aheadQueued = true;
  requestAnimationFrame(markCalculatorAhead);
}

/** Listen once for the page's life: a field's focus, a resize and a tap keep the focus above the result; a scroll,
 *  a resize or the page changing size say whether the page's calculator is ahead. */
export function listenForPinnedResult() {
  document.addEventListener("focusin", pinOn);
  document.addEventListener("focusout", pinOff);
  document.addEventListener("focusin", keepFocusAbovePinnedResult);
  window.addEventListener("resize", keepFocusAbovePinnedResult);
  document.addEventListener("pointerdown", tapOn, true);
  for (const type of ["focusin", "focusout", "toggle"]) document.addEventListener(type, queueCalculatorAhead, true);
  window.addEventListener("scroll", queueCalculatorAhead, { passive: true });
  window.addEventListener("resize", queueCalculatorAhead);
  if ("ResizeObserver" in window) new ResizeObserver(queueCalculatorAhead).observe(document.body);
  markCalculatorAhead();
}

function tapOn(event) {
  const target = event.target instanceof Element ? event.target : null;
  const calculator = target && target.closest(".nc-calc") ? target.closest(".nc-calculator") : null;
  if (!calculator) return;
  calculator.setAttribute("data-tapping", "");
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    setTimeout(() => {
      calculator.removeAttribute("data-tapping");
      keepFocusAbovePinnedResult();
    }, 0);
  };
  document.addEventListener("click", end, { capture: true, once: true });
  document.addEventListener("pointercancel", end, { capture: true, once: true });
  setTimeout(end, TAP_LIMIT_MS); // a press that never clicks (a drag, a long press)
}
