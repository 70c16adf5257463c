"""Issue 23 in a real browser, at 360 px in French: the roll form's rows added so that it writes every step of the
notation (tests/site/test_roll_form_covers_notation.py checks the offer): a foul with Dirty Player (+2), its injury
roll against a Thick Skull, a Bribe, a Hail Mary Pass with the Pass skill and no team re-roll, a Hypnotic Gaze the
coach will not re-roll, an opponent's Tentacles and Shadowing, all in BB2020. The form writes
``F9d2,JKt,K2,M4p',G4!,E4,S4;tr=1`` and the page shows the chain resolver's answer for it; axe finds nothing.
"""
from __future__ import annotations

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE, norm, open_empty_form, shot, wait_for_success
from test_roll_form_interception_argue import BUILDER, add

pytestmark = pytest.mark.browser


def test_foul_injury_bribe_hail_mary_gaze_tentacles_shadowing_rows_at_360_px(open_page, web, repo, rules):
    lang = "fr"
    ctx = PageContext(repo, lang, Messages(lang), "index.md", BackLinks())
    skill = lambda slug: ctx.plain(repo[f"skill:{slug}"]["name"])  # noqa: E731

    def box(row: str, text: str):
        return page.locator(f"{row} label:has(input[type=checkbox])", has_text=text).locator("input")

    def select(row: str, text: str):
        return page.locator(f"{row} label:has(select)", has_text=text).locator("select")

    page = open_page(viewport=PHONE)
    open_empty_form(page, web, lang, "bb2020")
    row = add(page, "foul")
    box(row, skill("dirty-player")).check()
    select(row, ctx.t("{skill}: its bonus", skill=skill("dirty-player"))).select_option("d2")
    row = add(page, "injury")
    box(row, ctx.t("The victim has {skill}", skill=skill("thick-skull"))).check()
    add(page, "bribe")
    row = add(page, "hail-mary")
    box(row, ctx.t("Has {skill}", skill=skill("pass"))).check()
    select(row, ctx.t("Re-rolls on this roll")).select_option("'")
    row = add(page, "hypnotic-gaze")
    select(row, ctx.t("Re-rolls on this roll")).select_option("!")
    add(page, "tentacles")
    add(page, "shadowing")
    page.fill(f"{BUILDER} [data-team-rerolls]", "1")
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert written == "F9d2,JKt,K2,M4p',G4!,E4,S4;tr=1"
    assert page.input_value(f'{FORM} [data-name="chain"] input') == written
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2020", "max_team_rerolls": 3}, rules)
    wait_for_success(page, norm(format_value(ctx, Row("", "success"), expected["result"]["success"])))
    shot(page, f"roll-form-new-rows-{lang}-360")
    inject_axe(page)
    assert axe_violations(page) == []
