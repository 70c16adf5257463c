"""Issue 23 in a real browser, at 360 px in French: a chain with the re-roll marks ``!`` (do not re-roll) and ``'`` (no
team re-roll), on D6 rolls and on a block, opened from a link, comes back in the roll-by-roll form as rows with those
boxes ticked and that select set, not as "kept as written"; the form then writes the same notation.  Before, any of
the marks made the whole sequence a kept text (roll-form.js readAnswer).  A Break Tackle bonus and an opponent's
Diving Tackle, which the form also offers on a dodge, come back too.
"""
from __future__ import annotations

from urllib.parse import quote

import pytest

from plugins.site.messages import Messages

from calc_driver import Calc, url_of
from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE

pytestmark = pytest.mark.browser

BUILDER = "fieldset[data-builder]"


@pytest.mark.parametrize("typed", ["D3!,R2',B2',A9;tr=1", "D4b2^,R2!,B-2b:d!,A9;tr=2"])
def test_a_chain_with_reroll_marks_loads_as_rows_in_french_at_360_px(open_page, web, repo, rules, typed):
    lang = "fr"
    t = Messages(lang)
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, "calculators/chain/", query=f"chain={quote(typed)}&edition=bb2025"))
    c = Calc(page, "chain", lang, repo, rules)
    c.wait()
    page.wait_for_selector(f"{BUILDER}[data-mounted]", state="visible")
    page.wait_for_function("(b) => document.querySelector(b + ' [data-notation]').textContent !== '—'", arg=BUILDER)
    assert page.locator(f"{BUILDER} li.nc-builder-kept").count() == 0
    rows = page.locator(f"{BUILDER} li.nc-builder-row")
    assert rows.count() == 4
    assert page.text_content(f"{BUILDER} [data-notation]") == typed
    assert page.input_value(f'{FORM} [data-name="chain"] input') == typed
    never = t("Do not re-roll this roll")
    no_team = t("No team re-roll on this roll")
    steps = typed.split(";")[0].split(",")
    for k, step in enumerate(steps[:2]):  # the two D6 rolls: their boxes
        row = rows.nth(k)
        assert row.locator("label", has_text=never).locator("input").is_checked() == step.endswith("!")
        if "'" in step:
            assert row.locator("label", has_text=no_team).locator("input").is_checked()
    block = rows.nth(2).locator("label", has_text=t("Re-rolls on this roll")).locator("select")
    assert block.input_value() == steps[2][-1]  # ' or !
    assert page.locator(f"{BUILDER} [data-replaced]").is_hidden()
    c.check()
    inject_axe(page)
    assert axe_violations(page) == []
