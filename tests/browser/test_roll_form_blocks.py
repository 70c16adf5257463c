"""Issue 23 in a real browser, in French at 360 px: a Frenzy block with its second block on one die, then the
armour roll with Mighty Blow and Ram (Rumbelow Sheepskin), built with the roll form's own fields (no notation
typed): the form writes B2b{B1b},A9mr and the page shows the chain resolver's answer for it."""
from __future__ import annotations

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_roll_form import norm, open_empty_form, wait_for_success

pytestmark = pytest.mark.browser


def test_frenzy_and_ram_are_built_from_the_form_alone_in_french_at_360_px(open_page, web, repo, rules):
    page = open_page(viewport={"width": 360, "height": 780})
    open_empty_form(page, web, "fr", "bb2025")
    builder = "fieldset[data-builder]"
    for action in ("block", "armour"):
        page.select_option(f"{builder} [data-add]", action)
        page.click(f"{builder} [data-add-button]")
    block = f"{builder} li.nc-builder-row:nth-of-type(1)"
    page.select_option(f"{block} select >> nth=0", "2")
    page.locator(f"{block} input[type=checkbox]").first.check()           # the attacker's Block
    frenzy = page.locator(f"{block} label", has_text="Frénésie")
    assert frenzy.count() == 1, page.locator(f"{block} label").all_inner_texts()
    frenzy.locator("select").select_option("1")                         # the second block on one die
    armour = f"{builder} li.nc-builder-row:nth-of-type(2)"
    page.select_option(f"{armour} select >> nth=0", "9")
    page.locator(f"{armour} label", has_text="Châtaigne").locator("input").check()
    page.locator(f"{armour} label", has_text="Ram").locator("input").check()
    page.fill(f"{builder} [data-team-rerolls]", "0")
    written = page.text_content(f"{builder} [data-notation]")
    assert written == "B2b{B1b},A9mr;tr=0"
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2025", "max_team_rerolls": 3}, rules)
    ctx = PageContext(repo, "fr", Messages("fr"), "index.md", BackLinks())
    wait_for_success(page, norm(format_value(ctx, Row("", "success"), expected["result"]["success"])),
                     "[data-headline] ")
