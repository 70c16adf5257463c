// Tables that scroll sideways on a narrow screen, reachable with the keyboard.

/** A table (or its wrapper) wider than the screen scrolls sideways: make it reachable with the keyboard
 *  (tabindex="0", WCAG 2.1.1), and only while it does scroll, so narrow tables add no Tab stop. */
export function focusableScrollers() {
  for (const el of document.querySelectorAll(".md-typeset table, .md-typeset__scrollwrap, .md-typeset__table")) {
    const style = getComputedStyle(el);
    const scrolls = el.scrollWidth > el.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX);
    if (scrolls && !el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "0");
      el.dataset.ncScroller = "";
    } else if (!scrolls && el.hasAttribute("data-nc-scroller")) {
      el.removeAttribute("tabindex");
      el.removeAttribute("data-nc-scroller");
    }
  }
}
let resizeTimer = 0;

/** Listen once for the page's life: a resize may make a table scroll, or stop. */
export function listenForScrollers() {
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(focusableScrollers, 200);
  });
}
