"""Issue 23 in a real browser, at 360 px in French: the roll-by-roll form does not offer an armour pair the chain
resolver refuses.  In BB2020 a coach who ticks Chainsaw on an armour roll no longer sees the Mighty Blow box (Mighty
Blow cannot be used with a Chainsaw before BB2025: calculators.chain.ARMOUR_FIELD_CLASHES), so the form writes a
chain the resolver answers; in BB2025 both boxes stay offered and the form writes ``A9mw``.  Before, the form let
both be ticked and wrote ``A9mw``, which the page then refused.
"""
from __future__ import annotations

import re

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE, norm, open_empty_form, wait_for_success
from test_roll_form_interception_argue import BUILDER, add

pytestmark = pytest.mark.browser


LANG = "fr"


def armour_row(page, web, edition: str) -> str:
    """A Block row then an armour row in the emptied form of `edition`: the armour row's selector."""
    open_empty_form(page, web, LANG, edition)
    add(page, "block")
    return add(page, "armour")


def test_mighty_blow_is_not_offered_with_a_chainsaw_before_bb2025_at_360_px(open_page, web, repo, rules):
    ctx = PageContext(repo, LANG, Messages(LANG), "index.md", BackLinks())
    mighty_blow, chainsaw_name = (ctx.plain(repo[f"skill:{slug}"]["name"]) for slug in ("mighty-blow", "chainsaw"))
    page = open_page(viewport=PHONE)
    row = armour_row(page, web, "bb2020")
    # the boxes by their exact labels (the Mighty Blow (+X) select's label also names the skill)
    mighty = page.locator(row).get_by_label(mighty_blow, exact=True)
    chainsaw = page.locator(row).get_by_label(chainsaw_name, exact=True)
    mighty.check()
    chainsaw.check()
    assert not mighty.is_visible()  # not offered while the Chainsaw is ticked, and unticked
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert re.fullmatch(r"B2,A9w(;tr=\d)?", written), written
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2020", "max_team_rerolls": 3}, rules)
    assert expected["ok"]
    wait_for_success(page, norm(format_value(ctx, Row("", "success"), expected["result"]["success"])))
    chainsaw.uncheck()
    assert mighty.is_visible() and not mighty.is_checked()  # offered again
    inject_axe(page)
    assert axe_violations(page) == []

    row = armour_row(page, web, "bb2025")  # BB2025: Mighty Blow may add to a Chainsaw's armour roll
    page.locator(row).get_by_label(chainsaw_name, exact=True).check()
    mighty = page.locator(row).get_by_label(mighty_blow, exact=True)
    assert mighty.is_visible()
    mighty.check()
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert re.fullmatch(r"B2,A9mw(;tr=\d)?", written), written
