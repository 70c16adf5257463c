"""Issue 23 in a real browser, at 360 px in French: the action-sequence page's result, pinned to the bottom of the
screen while a field of the form has the focus, is one line high and scrolls to its other rows; a region that
scrolls must be reachable with the keyboard (WCAG 2.1.1, axe `scrollable-region-focusable`). The template gives the
result tabindex="0", which the HTML sanitiser strips; the calculator's script sets it again."""
from __future__ import annotations

import pytest

from test_a11y import axe_violations, inject_axe
from test_roll_form import PHONE, open_empty_form

pytestmark = pytest.mark.browser

RESULT = "() => document.querySelector('form[data-calculator=\"chain\"]').closest('.nc-calculator')" \
         ".querySelector('.nc-result')"
PINNED = """() => {
  const result = (""" + RESULT + """)();
  const style = getComputedStyle(result);
  return {sticky: style.position, scrolls: result.scrollHeight > result.clientHeight + 1,
          tabindex: result.getAttribute('tabindex'), state: result.dataset.state};
}"""


def test_the_pinned_result_with_rows_is_reachable_with_the_keyboard_at_360_px(open_page, web):
    page = open_page(viewport=PHONE)
    open_empty_form(page, web, "fr", "bb2025")
    builder = "fieldset[data-builder]"
    for action in ("dodge", "rush", "pick-up"):
        page.select_option(f"{builder} [data-add]", action)
        page.click(f"{builder} [data-add-button]")
    page.wait_for_function("() => document.querySelector('[data-result]').dataset.state === 'done'")
    page.locator(f"{builder} [data-team-rerolls]").focus()  # a field of the form: the result is pinned
    page.wait_for_timeout(300)
    state = page.evaluate(PINNED)
    assert state["sticky"] == "sticky" and state["scrolls"], state
    inject_axe(page)
    found = [v for v in axe_violations(page) if v["id"] == "scrollable-region-focusable"]
    assert found == [], found
    assert state["tabindex"] == "0", state
    # from a field of the form, the result takes the focus (a Tab stop) and stays pinned, so its rows can be read
    # and scrolled with the keyboard
    page.locator(f"{builder} [data-team-rerolls]").focus()
    page.wait_for_timeout(300)
    assert page.evaluate(f"() => {{ const r = ({RESULT})(); r.focus(); return document.activeElement === r; }}")
    page.wait_for_timeout(300)
    state = page.evaluate(PINNED)
    assert state["sticky"] == "sticky" and state["scrolls"], state
