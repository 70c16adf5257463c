"""Review 8 (notes/breaker8), the action sequence calculator on a 360 × 780 phone.

M1, French and Japanese: while the coach edits the chain (the focus in the form), the whole result is pinned to the
bottom of the screen, one line high. The headline's fraction wrapped there, « 2375/4374 » over « (54,3 %) », and
the percentage fell below the box and the screen: the coach saw digits, never the chance. Now the pinned headline
shows the percentage alone, on the screen; the fraction is back once the focus leaves the form.

m1, French: the fraction wrapped at any digit, « 11003125/181 » over « 398528 », whose first line reads as another
number. Now it breaks only after its slash.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calc_driver import Calc, calc  # noqa: F401 (calc: the fixture)

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
# The pinned result's box, the headline's chance and the rectangles of its visible percentage, as drawn.
PINNED = """box => { const result = box.querySelector('[data-result]').getBoundingClientRect();
  const dd = box.querySelector('[data-headline] dd');
  const percent = dd.querySelector('.nc-percent');
  const range = document.createRange(); range.selectNodeContents(percent || dd);
  const shown = [...range.getClientRects()].filter(r => r.width > 0);
  return {result: [result.top, result.bottom], dd: dd.getBoundingClientRect().height,
          percent: shown.map(r => [r.top, r.bottom]), text: dd.innerText.trim()}; }"""
# The lines each part of the headline's fraction is drawn on (its numerator with the slash, then its
# denominator); null when the fraction is folded under its percentage (a long one, result.mjs showLong).
FRACTION_LINES = """box => { const dd = box.querySelector('[data-headline] dd');
  const fraction = dd.querySelector('.nc-fraction');
  if (!fraction) return {folded: !!dd.querySelector('details.nc-exact'), first: dd.innerText.trim().split('\\n')[0]};
  const lines = node => { const r = document.createRange(); r.selectNodeContents(node);
    return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; };
  const [numerator, , denominator] = fraction.childNodes;
  return {numerator: lines(numerator), denominator: lines(denominator), text: fraction.textContent}; }"""


def _edit(page, c: Calc, chain: str, percent: str) -> None:
    """Type `chain` into the notation field as a coach would, keep the focus there, and wait for its answer."""
    field = page.locator(f'{c.form} [data-name="chain"] input')
    field.click()
    field.press("Control+A")
    field.type(chain)
    page.wait_for_function("""([box, percent]) => { const result = document.querySelector(box + ' [data-result]');
        return result.dataset.state === 'done' && result.querySelector('[data-headline] dd').textContent.includes(percent); }""",
                           arg=[c.box, percent])


@pytest.mark.parametrize("lang, chain, percent", [
    ("fr", "R2,R2,D3,B2;tr=1", "54,3"),  # issue 26's Blitz: 2375/4374
    ("fr", "R2,R2,D3,B2,P4,C3;tr=2", "38,3"),  # the same, then a pass and a catch: 20125/52488
    ("ja", "R2,R2,D3,B2,P4,C3;tr=2", "38.3"),
])
def test_while_editing_the_pinned_headline_shows_its_percentage_on_the_screen(page, calc, lang, chain, percent):
    page.set_viewport_size(PHONE)
    c = calc(lang, "calculators/chain/", "chain")
    _edit(page, c, chain, percent)
    c.check()
    seen = page.eval_on_selector(c.box, PINNED)
    top, bottom = seen["result"]
    assert bottom <= PHONE["height"] + 0.5, seen  # pinned to the bottom of the screen
    assert percent in seen["text"], seen
    assert seen["percent"], seen
    for line_top, line_bottom in seen["percent"]:  # every line of the percentage inside the box and the screen
        assert top - 0.5 <= line_top and line_bottom <= min(bottom, PHONE["height"]) + 0.5, seen
    # once the focus leaves the form, the headline shows the fraction again, before its percentage
    page.locator("h1").click()
    page.wait_for_timeout(200)
    shown = page.eval_on_selector(c.box, PINNED)["text"]
    assert "/" in shown and percent in shown and shown.index("/") < shown.index(percent), shown


@pytest.mark.parametrize("chain, exact", [
    ("D4,D4,D4,R2,R2,J3,P4,C4,D3,R2,R3,D5;tr=3", Fraction(11003125, 181398528)),  # the review's 12 rolls
    ("R2,R2,D3,B2,P4,C3;tr=2", Fraction(20125, 52488)),
])
def test_the_headline_never_splits_a_number_of_its_fraction(page, calc, chain, exact):
    page.set_viewport_size(PHONE)
    c = calc("fr", "calculators/chain/", "chain", f"chain={chain}")
    result = c.check()
    assert Fraction(result["success"]["exact"]) == exact
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    seen = page.eval_on_selector(c.box, FRACTION_LINES)
    if "text" not in seen:  # a long fraction: folded under its percentage, which is the first line
        assert seen["folded"] and "/" not in seen["first"] and "%" in seen["first"], seen
        return
    assert Fraction(seen["text"]) == exact, seen
    assert seen["numerator"] == 1 and seen["denominator"] == 1, seen  # « 20125/ » whole, then « 52488 » whole
