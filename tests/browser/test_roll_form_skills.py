"""Issue 23 in a real browser, at 360 px in French and Japanese: the roll-by-roll form of the action-sequence page
writes the new marks without the reader typing the notation.

A BB2025 dodge by an AG 3 player with Break Tackle (+1) out of the tackle zone of an opponent with Diving Tackle,
one team re-roll: the form writes `D3b1^;tr=1` and the page shows the resolver's answer, 1/2 + 1/3 · 1/2 = 2/3
(a 5 or 6 passes; a 4 is dived to 2 and Break Tackle's +1 brings it back to 3; a 3 is dived beyond saving; a 1-2 is
re-rolled, Break Tackle still unused). A second row, a rush marked "no team re-roll", writes `R2'`.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE, norm, open_empty_form, shot, wait_for_success

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_form_writes_break_tackle_diving_tackle_and_no_team_re_roll(open_page, web, repo, rules, lang):
    page = open_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_empty_form(page, web, lang, "bb2025")  # the page's default sequence shows as rows: removed first
    builder = "fieldset[data-builder]"
    page.select_option(f"{builder} [data-add]", "dodge")
    page.click(f"{builder} [data-add-button]")
    first = f"{builder} li.nc-builder-row:nth-of-type(1)"
    page.locator(f"{first} select").first.select_option("3")  # the characteristic comes first
    page.locator(f"{first} select").last.select_option("b1")  # Break Tackle's bonus, after the roll's own fields
    # Dodge, no team re-roll, Diving Tackle, then (issue 23, formall) no re-roll at all, which turns "no team re-roll" off
    boxes = page.locator(f"{first} input[type=checkbox]")
    assert boxes.count() == 4
    boxes.nth(1).check()
    boxes.nth(3).check()
    assert page.text_content(f"{builder} [data-notation]") == "D3b1!;tr=1" and boxes.nth(1).is_disabled()
    boxes.nth(3).uncheck()
    assert boxes.nth(1).is_enabled() and not boxes.nth(1).is_checked()
    boxes.nth(2).check()
    page.fill(f"{builder} [data-team-rerolls]", "1")
    written = page.text_content(f"{builder} [data-notation]")
    assert written == "D3b1^;tr=1"
    assert page.input_value(f'{FORM} [data-name="chain"] input') == written
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2025", "max_team_rerolls": 3}, rules)
    assert Fraction(expected["result"]["success"]["exact"]) == Fraction(2, 3)
    ctx = PageContext(repo, lang, Messages(lang), "index.md", BackLinks())
    wait_for_success(page, norm(format_value(ctx, Row("", "success"), expected["result"]["success"])))
    page.select_option(f"{builder} [data-add]", "rush")
    page.click(f"{builder} [data-add-button]")
    second = f"{builder} li.nc-builder-row:nth-of-type(2)"
    page.locator(f"{second} input[type=checkbox]").nth(1).check()  # Sure Feet, then no team re-roll
    assert page.text_content(f"{builder} [data-notation]").startswith("D3b1^,R2'")
    shot(page, f"roll-form-skills-{lang}-360")
    inject_axe(page)  # the new selects and boxes have their names (WCAG 2.2 AA, as test_a11y.py checks pages), and
    # the result pinned at 360 px, which scrolls, is a Tab stop (issue 23: pinned.mjs; test_chain_pinned_result.py)
    assert axe_violations(page) == []
    # classic has no Break Tackle bonus: the rows, drawn again, offer none
    page.select_option(f'{FORM} [data-name="edition"] select', "classic")
    written = page.text_content(f"{builder} [data-notation]")
    assert written.startswith("D") and "b" not in written.split(";")[0], written
    assert not errors, errors
