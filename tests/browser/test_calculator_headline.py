"""Issue 26, item 1, on a 360 × 780 phone in French: a calculator page opens on the answer.

Every calculator page shows, on its first screen, the headline of its result (`[data-headline]`): the chance of
what the reader asked, as a percentage. A reading of a disputed rule is named in the result only when it changed
the number (`[data-reading]` rows): the chain calculator with no Loner player, and the BB2025 Pass action with
a thrower whose PA is not 1+, show none.
"""
from __future__ import annotations

import re

import pytest

from plugins.site.render.calcpages import STANDALONE
from calc_driver import url_of

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
# a percentage as the page writes it in French: "67,9 %" (narrow no-break space before the sign)
PERCENT = re.compile(r"\d+(?:,\d+)?[\s\u202f\u00a0]?%")
HEADLINE = """box => {
  const value = box.querySelector('[data-headline] [data-field]');
  if (!value) return null;
  const r = value.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, visible: value.checkVisibility({visibilityProperty: true}),
          text: value.textContent, header: document.querySelector('.md-header').getBoundingClientRect().bottom};
}"""
# rows naming a reading that are shown: rendered, not hidden, and with a box
VISIBLE_READINGS = """els => els.filter(e => e.checkVisibility()).map(e => e.innerText.trim())"""


@pytest.mark.parametrize("kind", sorted(STANDALONE))
def test_a_calculator_page_opens_on_its_headline_chance_at_360_px(open_page, web, kind):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", f"calculators/{kind}/"))
    box = page.locator(".nc-calculator").first
    box.locator("[data-result]").wait_for(state="attached")
    headline = box.evaluate(HEADLINE)
    assert headline is not None, f"{kind}: the result has no [data-headline]"
    assert headline["visible"], headline
    # on the first screen, below Material's header
    assert headline["top"] >= headline["header"] - 0.5 and headline["bottom"] <= PHONE["height"], (kind, headline)
    assert PERCENT.search(headline["text"]), (kind, headline["text"])
    # and the form's first field is on that screen too, not under the headline
    first = box.locator("form :is(input, select):visible").first.bounding_box()
    assert first["y"] + first["height"] <= headline["top"] + 0.5 or first["y"] >= headline["bottom"], (kind, first)
    assert first["y"] + first["height"] <= PHONE["height"], (kind, first)


@pytest.mark.parametrize("path", ["calculators/chain/", "sequences/pass-action-bb2025/"])
def test_no_reading_is_shown_when_it_did_not_change_the_number(open_page, web, path):
    """The chain's default sequence has no Loner player, and the Pass action's default thrower has PA 3+: the
    readings of the Loner roll and of a modified 1 change nothing, so the result names none of them."""
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, "fr", path))
    page.locator("[data-result]").first.wait_for(state="attached")
    rows = page.locator('[data-result] [data-row]:has([data-field$="reading"])')
    assert rows.count() > 0 or path == "calculators/chain/", "the readings' rows are in the page"
    assert rows.evaluate_all(VISIBLE_READINGS) == []
