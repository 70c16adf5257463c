"""Review 9 (notes/breaker9, M1), the block calculator in French, a coach changing a field low in the form.

A phone held sideways (780 × 360) got the two-column layout, whose result column, taller than the screen, stuck
to the top: the chance scrolled off the top while the coach edited (the headline at −302 px). Now a screen under
30em tall gets the phone's pinned headline.

On a 1280 × 800 desktop, a click on a field low in the form scrolled the page by about 600 px, as if a pinned
result covered it, and threw the chance off the top. Now the field stays where it was clicked.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, calc  # noqa: F401 (calc: the fixture)

pytestmark = pytest.mark.browser
# Bring the field to 130 px above the bottom of the screen, as a thumb or a mouse leaves it before the click.
BRING = """field => window.scrollTo(0, Math.max(0, field.getBoundingClientRect().top + scrollY - (innerHeight - 130)))"""
SEEN = """box => { const row = box.querySelector('[data-headline] .nc-result-row').getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return {top: row.top, bottom: row.bottom, header, height: innerHeight, scrolled: scrollY}; }"""


@pytest.mark.parametrize("size", [{"width": 780, "height": 360}, {"width": 1280, "height": 800}])
@pytest.mark.parametrize("name", ["team_rerolls", "goal"])
def test_a_low_field_clicked_keeps_the_chance_on_the_screen(page, calc, size, name):
    page.set_viewport_size(size)
    c = calc("fr", "calculators/block/", "block")
    field = page.locator(f'{c.form} [name="{name}"]')
    field.evaluate(BRING)
    page.wait_for_timeout(200)
    before = page.eval_on_selector(c.box, SEEN)["scrolled"]
    field.click()
    page.wait_for_timeout(400)
    seen = page.eval_on_selector(c.box, SEEN)
    assert seen["header"] - 0.5 <= seen["top"] and seen["bottom"] <= seen["height"] + 0.5, seen
    if size["width"] == 1280:  # beside the form, the result covers no field: the page does not move
        assert seen["scrolled"] == before, (before, seen)
    c.set("team_rerolls", 2)  # the coach changes it: the chance is still on the screen, and right
    c.check()
    seen = page.eval_on_selector(c.box, SEEN)
    assert seen["header"] - 0.5 <= seen["top"] and seen["bottom"] <= seen["height"] + 0.5, seen
