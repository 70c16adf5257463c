"""Review 7 (notes/breaker7), finding 2, on the French chain calculator at 360 × 780: a chain whose chance is a
long fraction had its live region read some 80 digits before the percentage (« Probabilité que tous les jets
réussissent 731431239932404280977381605397/5078672707157268590988010069208877389095442055168 (0,0 %) »), and the
pinned headline wrapped those digits over many lines. Now a chance whose fraction is longer than 12 characters is
said and shown as its percentage, right after the label; the exact fraction stays on the page, whole, in a
disclosure under the percentage, and the pinned bar keeps two lines. A short fraction reads as before.
"""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from calc_driver import Calc, calc, live_says, norm  # noqa: F401 (calc: the fixture)
from calculators.api import handle
from test_a11y import axe_violations, inject_axe

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
# the review's chain (27 rolls: a 49-digit denominator) and a 12-roll one (11003125/181398528)
LONG_CHAINS = ["[pro,loner=2,consummate]" + ",".join(["D6d,R6f,B-3bt:bdw"] * 9) + ";tr=8",
               "D4,D4,D4,R2,R2,J3,P4,C4,D3,R2,R3,D5;tr=3"]
HEADLINE = """box => { const row = box.querySelector('[data-headline] .nc-result-row');
  const dd = row.querySelector('dd'), chance = dd.querySelector('[data-chance]');
  const bar = box.querySelector('.nc-headline').getBoundingClientRect();
  const line = parseFloat(getComputedStyle(dd).lineHeight);
  return {label: row.querySelector('dt').textContent, chance: chance ? chance.textContent : null,
          chanceHeight: chance ? chance.getBoundingClientRect().height : null, line, bar: bar.height,
          summary: dd.querySelector('details > summary')?.textContent ?? null}; }"""


def percent_of(c: Calc, exact: str) -> str:
    return c.ctx.t.percent(Fraction(exact))


def enter_chain(c: Calc, chain: str) -> dict:
    """Type `chain` in the notation field, as the reader did, and return the resolver's answer in CPython."""
    c.page.locator(f'{c.form} [data-name="chain"] input').fill(chain)
    # the page's address carries the chain once it is asked; then its answer (a long chain takes seconds)
    c.page.wait_for_function("([box, chain]) => new URLSearchParams(location.search).get('chain') === chain"
                             " && document.querySelector(box + ' [data-result]').dataset.state === 'done'",
                             arg=[c.box, chain])
    response = handle(c.request(), c.rules)
    assert response["ok"], response
    return response["result"]


@pytest.mark.parametrize("chain", LONG_CHAINS)
def test_a_long_fraction_is_said_and_shown_as_its_percentage_first(page, calc, chain):
    page.set_viewport_size(PHONE)
    c = calc("fr", "calculators/chain/", "chain")
    result = enter_chain(c, chain)
    exact = result["success"]["exact"]
    assert len(exact) > 12, exact  # a long fraction, as in the review
    percent = percent_of(c, exact)
    seen = page.eval_on_selector(c.box, HEADLINE)
    label = norm(seen["label"])
    # the live region: the label, then the percentage, and no digit of the fraction
    said = norm(live_says(page, c.box))
    assert said == norm(f"{label} {percent}"), said
    assert not re.search(r"\d{5}", said), said
    # the headline: the percentage in large type, one line; the pinned bar two lines at most
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    seen = page.eval_on_selector(c.box, HEADLINE)
    assert norm(seen["chance"] or "") == norm(percent), seen
    assert seen["chanceHeight"] <= seen["line"] * 1.5, seen
    assert seen["bar"] <= 3 * seen["line"] + 16, seen  # two lines (the percentage, the disclosure) and padding
    # the exact fraction is on the page, whole and right, once the disclosure is opened
    assert norm(seen["summary"]) == c.ctx.t("Exact fraction"), seen
    summary = page.locator(f"{c.box} [data-headline] details.nc-exact > summary")
    fraction = page.locator(f"{c.box} [data-headline] details.nc-exact [data-exact]")
    assert not fraction.is_visible()
    summary.click()
    assert fraction.is_visible() and Fraction(fraction.text_content()) == Fraction(exact)
    # leaving the typed field did not ask the same long chain again (its "change" after its "input")
    assert c.state() == "done"
    inject_axe(page)
    assert axe_violations(page) == []


def test_a_short_fraction_still_reads_fraction_then_percentage(page, calc):
    """The rule is the same for every chance: a fraction of 12 characters or fewer is said and shown as before."""
    page.set_viewport_size(PHONE)
    c = calc("fr", "calculators/chain/", "chain")
    result = enter_chain(c, "R2,R2,D3,B2,P4,C3;tr=2")
    exact = result["success"]["exact"]
    assert exact == "20125/52488"  # issue 26's Blitz, a pass and a catch (the review's finding 1)
    label = norm(page.eval_on_selector(c.box, HEADLINE)["label"])
    said = norm(live_says(page, c.box))
    assert said == norm(f"{label} {exact} ({percent_of(c, exact)})"), said
    assert page.locator(f"{c.box} [data-headline] details").count() == 0
    c.check()
