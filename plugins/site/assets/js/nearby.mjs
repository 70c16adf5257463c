// Python starts only when a calculator is near the viewport or the reader touches it, so a page whose only
// calculator is far down (the glossary's throw-in) costs no Python.

// A calculator starts Python when it comes within this many screens of the viewport (above or below):
// Python takes a second or more to start, so a reader scrolling towards it finds it ready.
const NEAR_SCREENS = 2;
const waiting = new Map(); // box element -> its wake-up call
const nearby = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && waiting.has(entry.target)) waiting.get(entry.target)();
    }
  }, { rootMargin: `${NEAR_SCREENS * 100}% 0px` })
  : null;

/** True when `element` is shown and within NEAR_SCREENS screens of the viewport now (a layout read), or when
 *  the browser cannot tell later (no IntersectionObserver). */
export function isNear(element) {
  if (!nearby) return true;
  const rect = element.getBoundingClientRect();
  if (!rect.width && !rect.height) return false; // hidden (display: none): the observer will tell
  const screen = window.innerHeight || document.documentElement.clientHeight;
  return rect.top < screen * (1 + NEAR_SCREENS) && rect.bottom > -screen * NEAR_SCREENS;
}

/** Call `wake` once, when `box` comes near the viewport or the reader touches it (a pointer, the focus). */
export function whenNear(box, wake) {
  const once = () => {
    stopWaiting(box);
    wake();
  };
  for (const type of ["pointerdown", "focusin"]) box.addEventListener(type, once, { passive: true });
  waiting.set(box, once);
  nearby.observe(box);
}

/** Stop waiting for `box` (its calculator has started, or its page is gone). */
export function stopWaiting(box) {
  const once = waiting.get(box);
  if (!once) return;
  for (const type of ["pointerdown", "focusin"]) box.removeEventListener(type, once);
  waiting.delete(box);
  nearby.unobserve(box);
}

/** Forget the calculators of pages that Material's instant navigation has replaced. */
export function forgetDetached() {
  for (const box of [...waiting.keys()]) if (!box.isConnected) stopWaiting(box);
}
