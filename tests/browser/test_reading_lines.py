"""Issue 26, item 1, third bullet, on a 360 × 780 phone in French and Japanese: a calculator's result names the
reading of a disputed rule it used only when that reading changed the number.

* the Armour page in classic with Claws and no Mighty Blow: Claw's two readings (8+ after modifiers, or on the
  dice) break the same armour, so no line names one; with Mighty Blow against AV 8 they differ, and the line
  shows;
* the BB2025 rolls page as it opens (a pass by a PA 3+ thrower, quick, no tackle zone): neither pass reading
  changes a chance, so no line; a PA 1+ thrower on a short pass makes a modified 1 that reaches the PA, and the
  line of that reading shows (the total-below-one line stays hidden: no total of 0 or less is possible).

Before (review of issue 26), the result of every answer computed in the browser showed each reading its answer
named, whatever it changed. Every value shown is also checked against the resolver (`Calc.check`).
"""
from __future__ import annotations

import pytest

from calc_driver import calc  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}


def reading_shown(c, field: str) -> bool:
    """Whether the result row naming the reading picked by `field` is on show."""
    row = c.page.locator(f'{c.box} [data-result] [data-row][data-reading="{field}"]')
    assert row.count() == 1, field
    return row.is_visible()


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_classic_claws_without_mighty_blow_names_no_reading(page, calc, lang):
    page.set_viewport_size(PHONE)
    c = calc(lang, "calculators/armour/", "armour")
    c.set("edition", "classic")
    c.set("av", 8)
    c.set("claws", True)
    result = c.check()
    assert result["claws_reading"] == "rulebook"  # the answer says which reading it used ...
    assert not reading_shown(c, "claws_reading")  # ... but both give the same chances: no line
    c.set("mighty_blow", True)  # AV 8: 8+ after Mighty Blow's +1 breaks on a 7, 8+ on the dice does not
    c.check()
    assert reading_shown(c, "claws_reading")
    c.set("av", 7)  # both readings break AV 7 on an 8 whatever: the line goes again
    c.check()
    assert not reading_shown(c, "claws_reading")


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_bb2025_rolls_page_names_a_pass_reading_only_where_it_changes_the_chances(page, calc, lang):
    page.set_viewport_size(PHONE)
    c = calc(lang, "rolls/bb2025/", "agility")
    result = c.check()
    assert result["pass_reading"] and result["below_one_reading"]  # the default is a pass: both readings named
    assert not reading_shown(c, "pass_reading") and not reading_shown(c, "below_one_reading")
    c.set("pa", 1)
    c.set("range", "short")  # a 2 on the die, -1 for the range: a modified 1 that reaches PA 1+
    c.check()
    assert reading_shown(c, "pass_reading")
    assert not reading_shown(c, "below_one_reading")
