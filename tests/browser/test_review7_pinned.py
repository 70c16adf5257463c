"""Review 7 (notes/breaker7, finding 1), the chain calculator on a 360 × 780 phone, in French: with a long
fraction, the headline's label kept no width (0–29 px, one letter a line), the pinned bar grew to two thirds of the
screen and, with the page at its top, the chance fell below the first screen. Now the label keeps a readable
width, the fraction wraps in its own column, and the chance is on the first screen.
"""
from __future__ import annotations

import pytest

from calc_driver import Calc, calc  # noqa: F401 (calc: the fixture)

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
MEASURE = """box => { const row = box.querySelector('[data-headline] .nc-result-row');
  const dt = row.querySelector('dt').getBoundingClientRect(), dd = row.querySelector('dd').getBoundingClientRect();
  const bar = box.querySelector('.nc-headline').getBoundingClientRect();
  return {label: dt.width, top: dd.top, bottom: dd.bottom, bar: bar.height}; }"""


@pytest.mark.parametrize("chain", ["R2,R2,D3,B2,P4,C3;tr=2", "D4,D4,D4,R2,R2,J3,P4,C4,D3,R2,R3,D5;tr=3"])
def test_a_long_fraction_keeps_the_label_readable_and_the_chance_on_the_first_screen(page, calc, chain):
    page.set_viewport_size(PHONE)
    c = calc("fr", "calculators/chain/", "chain", f"chain={chain}")
    c.check()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    seen = page.eval_on_selector(c.box, MEASURE)
    assert seen["label"] >= 80, seen  # a few words a line, not one letter
    assert seen["bottom"] <= PHONE["height"], seen  # the chance on the first screen
    assert seen["bar"] <= PHONE["height"] * 0.3, seen  # the pinned bar leaves the form in view
