"""Issue 23 in a real browser, at 360 px in Japanese: the roll-by-roll form of the action-sequence page offers an
opponent's interception (with the passer's Cloud Burster, BB2020) and Argue the Call after a foul (with a Biased
Referee, BB2020) as rows, so a coach builds the chain without typing its notation.

A BB2020 pass, an interception attempt the opponent makes on a 5+ while the passer has Cloud Burster (the opponent
re-rolls a success), the receiver's catch, then the receiver's foul on an AV 9+ player and Argue the Call with a
Biased Referee: the form writes `T…,I5c/C…,F9,Q5r;tr=1` and the page shows the chain resolver's answer for it.
"""
from __future__ import annotations

import re

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, PHONE, norm, open_empty_form, shot, wait_for_success

pytestmark = pytest.mark.browser
BUILDER = "fieldset[data-builder]"


def add(page, action: str) -> str:
    """Add a row of `action`, bring it to the middle of the screen (clear of the result pinned at the bottom) and
    return its selector."""
    page.select_option(f"{BUILDER} [data-add]", action)
    page.click(f"{BUILDER} [data-add-button]")
    n = page.locator(f"{BUILDER} li.nc-builder-row").count()
    row = f"{BUILDER} li.nc-builder-row:nth-of-type({n})"
    page.locator(row).evaluate("el => el.scrollIntoView({block: 'center'})")
    return row


def test_interception_and_argue_the_call_rows_at_360_px(open_page, web, repo, rules):
    lang = "ja"
    page = open_page(viewport=PHONE)
    open_empty_form(page, web, lang, "bb2020")
    add(page, "pass")
    row = add(page, "interception")
    page.locator(f"{row} select").first.select_option("5")  # the face the interceptor needs
    page.locator(f"{row} input[type=checkbox]").first.check()  # the passer's Cloud Burster
    add(page, "catch")
    add(page, "foul")
    row = add(page, "argue-the-call")
    page.locator(f"{row} input[type=checkbox]").first.check()  # a Biased Referee: its +1, no ejection
    page.fill(f"{BUILDER} [data-team-rerolls]", "1")
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert re.fullmatch(r"T\d,I5c/C\d,F9,Q5r;tr=1", written), written
    assert page.input_value(f'{FORM} [data-name="chain"] input') == written
    expected = handle({"kind": "chain", "chain": written, "edition": "bb2020", "max_team_rerolls": 3}, rules)
    ctx = PageContext(repo, lang, Messages(lang), "index.md", BackLinks())
    wait_for_success(page, norm(format_value(ctx, Row("", "success"), expected["result"]["success"])))
    shot(page, f"roll-form-interception-argue-{lang}-360")
    inject_axe(page)  # the new selects and boxes have their names; the pinned result is a Tab stop
    assert axe_violations(page) == []


def test_bb2025_rows_have_no_cloud_burster_nor_biased_referee(open_page, web):
    page = open_page(viewport=PHONE)
    open_empty_form(page, web, "fr", "bb2025")
    row = add(page, "interception")
    assert page.locator(f"{row} input[type=checkbox]").count() == 0  # BB2025 Cloud Burster forbids the attempt
    add(page, "foul")
    row = add(page, "argue-the-call")
    page.locator(f"{row} select").first.select_option("5")  # a +1 (BB2025: a natural 1 still ejects the coach)
    assert page.locator(f"{row} input[type=checkbox]").count() == 0
    assert page.text_content(f"{BUILDER} [data-notation]") == "I6,F9,Q5;tr=1"
