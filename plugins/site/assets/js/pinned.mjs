// The pinned result: on a phone, a calculator's result is pinned to the bottom of the screen while one of its
// fields has the focus (nuffle.css); this module keeps the focused field above it (WCAG 2.4.11).

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
    if (document.activeElement !== field || pinned.position !== "sticky" || pinned.bottom === "auto") return;
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

/** Keep the focused field above the result panel `result` whenever the panel's size changes; and make the panel a
 *  Tab stop, as its template asks (templates/calc/result.html: tabindex="0", which the HTML sanitiser strips):
 *  pinned on a phone it scrolls to its other rows, and a region that scrolls must be reachable with the keyboard
 *  (WCAG 2.1.1; axe's scrollable-region-focusable). */
export function watchPinnedResult(result) {
  if (!result) return;
  if (!result.hasAttribute("tabindex")) result.tabIndex = 0;
  if (resized) resized.observe(result);
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

/** Listen once for the page's life: a field's focus, a resize and a tap keep the focus above the result. */
export function listenForPinnedResult() {
  document.addEventListener("focusin", pinOn);
  document.addEventListener("focusout", pinOff);
  document.addEventListener("focusin", keepFocusAbovePinnedResult);
  window.addEventListener("resize", keepFocusAbovePinnedResult);
  document.addEventListener("pointerdown", tapOn, true);
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
