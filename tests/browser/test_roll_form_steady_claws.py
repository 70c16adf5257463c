"""Issue 23 in a real browser, at 360 px in Japanese: with the roll-by-roll form only (no notation typed), a coach
builds a BB2025 chain whose player has Steady Footing (the ``[steady]`` player flag, which the form did not offer
before) and rolls with marks the form newly offers: a dodge the coach will not re-roll (``!``) and an armour roll
with Claws (``c``). The form writes ``[steady]D…!,R…,B2,A9c;tr=1`` and the page shows the chain resolver's answer
for that notation; axe finds nothing on the page.
"""
from __future__ import annotations

import re

import pytest

from calc_driver import shown_value
from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE, norm, open_empty_form, shot, wait_for_success
from test_roll_form_interception_argue import BUILDER, add

pytestmark = pytest.mark.browser


def test_steady_footing_and_new_marks_from_the_form_at_360_px(open_page, web, repo, rules):
    lang = "ja"
    ctx = PageContext(repo, lang, Messages(lang), "index.md", BackLinks())
    skill = lambda slug: ctx.plain(repo[f"skill:{slug}"]["name"])  # noqa: E731
    page = open_page(viewport=PHONE)
    open_empty_form(page, web, lang, "bb2025")
    steady = page.locator(f"{BUILDER} [data-skill-flags] label",
                          has_text=ctx.t("The moving player has {skill}", skill=skill("steady-footing")))
    assert steady.count() == 1 and steady.is_visible()
    steady.locator("input").check()
    row = add(page, "dodge")
    page.locator(f"{row} label", has_text=ctx.t("Do not re-roll this roll")).locator("input").check()
    add(page, "rush")
    add(page, "block")
    row = add(page, "armour")
    page.locator(f"{row} label", has_text=skill("claws")).locator("input").check()
    page.fill(f"{BUILDER} [data-team-rerolls]", "1")
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert re.fullmatch(r"\[steady\]D\d!,R\d,B2,A9c;tr=1", written), written
    assert page.input_value(f'{FORM} [data-name="chain"] input') == written
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2025", "max_team_rerolls": 3}, rules)
    without = handle({"kind": "chain", "chain": written.replace("[steady]", ""), "edition": "bb2025",
                      "max_team_rerolls": 3}, rules)
    assert expected["result"]["success"] != without["result"]["success"]  # the flag changes the chance
    # a long fraction: its percentage, the fraction folded under it (review 7, finding 2)
    wait_for_success(page, norm(shown_value(ctx, Row("", "success"), expected["result"]["success"])))
    shot(page, f"roll-form-steady-claws-{lang}-360")
    inject_axe(page)
    assert axe_violations(page) == []
