"""Review 3 (D1, D2, D3) of the chain calculator's roll-by-roll form, in French at 360 px, as the reviewer met them:

* D1: a Blitz's block against a Dodge defender is built with the form's own boxes (the defender's skills, the
  Blitz, Tackle once the defender has Dodge), and the page gives the notation's own answer;
* D2: the page's edition picker rebuilds the form's list of rolls, and "Blocage" adds a block;
* D3: a sequence opened from a link (or the page's default) shows as rows, and a roll added is added to it; a
  step the form cannot show is kept, as written, in its place (review 8, m7), before the rolls added.
"""
from __future__ import annotations

from urllib.parse import quote

import pytest

from calculators.api import handle
from plugins.site.messages import Messages
from plugins.site.render.calculator import Row, format_value
from plugins.site.render.context import BackLinks, PageContext

from test_a11y import axe_violations, inject_axe
from test_roll_form import FORM, norm, wait_for_success

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
BUILDER = "fieldset[data-builder]"
FIELD = f'{FORM} [data-name="chain"] input'
PICKER = "select[data-nc-edition-picker]"


def shown_success(repo, rules, chain: str, edition: str) -> str:
    """The success chance the French page shows for `chain`, from the resolver itself."""
    expected = handle({"kind": "chain", "chain": chain, "edition": edition, "max_team_rerolls": 3}, rules)
    assert expected["ok"], expected
    ctx = PageContext(repo, "fr", Messages("fr"), "index.md", BackLinks())
    return norm(format_value(ctx, Row("", "success"), expected["result"]["success"]))


def box(page, row: str, label: str):
    """The skill box of `row` whose label is exactly `label`."""
    return page.locator(f"{row} label").filter(has_text=label).locator("input[type=checkbox]")


def form_violations(page) -> list[dict]:
    """axe's serious and critical violations on the roll form's own elements (the rest of the page is other
    tests' business: test_a11y)."""
    inject_axe(page)
    return [v for v in axe_violations(page) if any("builder" in node for node in v["nodes"])]


def open_chain(page, web, query: str = ""):
    page.goto(f"{web.url}fr/calculators/chain/{query}")
    page.wait_for_selector(f"{BUILDER}[data-mounted]", state="visible")


def open_link(open_page, web, repo, rules, chain: str):
    """A phone page opened from a shared link to `chain` (BB2025), once the page shows its answer."""
    page = open_page(viewport=PHONE)
    open_chain(page, web, "?edition=bb2025&chain=" + quote(chain))
    wait_for_success(page, shown_success(repo, rules, chain, "bb2025"), "[data-headline] ")
    return page


def test_the_reviewers_blitz_against_a_dodge_defender_is_built_without_notation(open_page, web, repo, rules):
    page = open_page(viewport=PHONE)
    open_chain(page, web)
    page.select_option(f'{FORM} [data-name="edition"] select', "bb2025")
    # start from no row: once the default sequence is computed, remove the rows it shows (none before D3's fix)
    wait_for_success(page, shown_success(repo, rules, page.input_value(FIELD), "bb2025"), "[data-headline] ")
    for remove in page.locator(f"{BUILDER} li.nc-builder-row .nc-builder-remove").all()[::-1]:
        remove.click()
    for action in ("rush", "rush", "dodge", "block"):
        page.select_option(f"{BUILDER} [data-add]", action)
        page.click(f"{BUILDER} [data-add-button]")
    page.select_option(f"{BUILDER} li.nc-builder-row:nth-of-type(3) select", "3")  # AG 3+, a 3+ dodge
    block = f"{BUILDER} li.nc-builder-row:nth-of-type(4)"
    page.select_option(f"{block} select >> nth=0", "2")
    tackle = page.locator(f"{block} label", has_text="Attaquant : Tacle")
    assert tackle.count() == 1 and tackle.is_hidden()  # Tackle alone cannot change the result
    box(page, block, "Attaquant : Blocage").check()
    blitz = page.locator(f"{block} label", has_text="Blitz")
    assert blitz.count() == 1 and blitz.is_visible()
    brawler = page.locator(f"{block} label", has_text="Bagarreur")
    juggernaut = page.locator(f"{block} label", has_text="Juggernaut")
    assert brawler.is_visible() and juggernaut.is_hidden()  # a Block action's skill, not a Blitz's
    blitz.locator("input").check()
    assert brawler.is_hidden() and juggernaut.is_visible()
    for name in ("Défenseur : Blocage", "Défenseur : Lutte"):
        assert page.locator(f"{block} label", has_text=name).is_visible(), name
    box(page, block, "Défenseur : Esquive").check()
    assert tackle.is_visible()
    page.fill(f"{BUILDER} [data-team-rerolls]", "1")
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert written == "R2,R2,D3,B2b:d;tr=1" == page.input_value(FIELD)
    wait_for_success(page, shown_success(repo, rules, written, "bb2025"), "[data-headline] ")
    tackle.locator("input").check()
    written = page.text_content(f"{BUILDER} [data-notation]")
    assert written == "R2,R2,D3,B2bt:d;tr=1"
    wait_for_success(page, shown_success(repo, rules, written, "bb2025"), "[data-headline] ")
    # the defender's Dodge unticked: Tackle is no longer offered, nor written
    box(page, block, "Défenseur : Esquive").uncheck()
    assert tackle.is_hidden() and page.text_content(f"{BUILDER} [data-notation]") == "R2,R2,D3,B2b;tr=1"


def test_the_page_picker_rebuilds_the_list_and_blocage_adds_a_block(open_page, web):
    page = open_page(viewport=PHONE)
    open_chain(page, web)
    page.select_option(f'{FORM} [data-name="edition"] select', "bb2025")
    page.wait_for_function("s => [...document.querySelector(s).options].some(o => o.text.includes('BB2025'))",
                           arg=f"{BUILDER} [data-add]")
    page.select_option(PICKER, "classic")
    assert page.input_value(f'{FORM} [data-name="edition"] select') == "classic"
    names = page.locator(f"{BUILDER} [data-add] option").all_inner_texts()
    assert names and not any("BB2025" in n for n in names), names
    assert any("classique" in n for n in names), names
    # the page's sequence is pending (one read-only item) until Python answers it in classic, then it is rows:
    # counted before that answer, a roll added in between made the count wrong (CI, stop 32)
    page.wait_for_function("s => !document.querySelector(s + ' li.nc-builder-kept')"
                           " && document.querySelectorAll(s + ' li.nc-builder-row').length > 0", arg=BUILDER)
    before = page.locator(f"{BUILDER} li.nc-builder-row").count()
    page.select_option(f"{BUILDER} [data-add]", label="Blocage")
    page.click(f"{BUILDER} [data-add-button]")
    rows = page.locator(f"{BUILDER} li.nc-builder-row")
    assert rows.count() == before + 1
    assert rows.last.locator("strong").inner_text() == "Blocage"
    assert page.text_content(f"{BUILDER} [data-notation]").split(";")[0].endswith(",B2")


def test_a_shared_link_shows_as_rows_and_a_roll_is_added_to_it(open_page, web, repo, rules):
    link = "R2,R2,D3,B2bt:d;tr=1"
    page = open_link(open_page, web, repo, rules, link)
    rows = page.locator(f"{BUILDER} li.nc-builder-row")
    page.wait_for_function("s => document.querySelectorAll(s).length === 4", arg=f"{BUILDER} li.nc-builder-row")
    assert [rows.nth(i).locator("strong").inner_text() for i in range(4)] == [
        "Foncer (BB2025)", "Foncer (BB2025)", "Test d'esquive (BB2025)", "Blocage"]
    block = f"{BUILDER} li.nc-builder-row:nth-of-type(4)"
    for name in ("Attaquant : Blocage", "Attaquant : Tacle", "Défenseur : Esquive", "Blitz"):
        assert box(page, block, name).is_checked(), name
    assert page.text_content(f"{BUILDER} [data-notation]") == link
    page.select_option(f"{BUILDER} [data-add]", "rush")
    page.click(f"{BUILDER} [data-add-button]")
    written = "R2,R2,D3,B2bt:d,R2;tr=1"
    assert page.text_content(f"{BUILDER} [data-notation]") == written == page.input_value(FIELD)
    wait_for_success(page, shown_success(repo, rules, written, "bb2025"), "[data-headline] ")
    assert page.locator(f"{BUILDER} [data-replaced]").is_hidden()
    assert form_violations(page) == []  # the loaded rows and the block's new boxes, as drawn


def test_the_pages_default_sequence_shows_as_rows(open_page, web):
    page = open_page(viewport=PHONE)
    open_chain(page, web)
    default = page.input_value(FIELD)
    page.wait_for_function("s => document.querySelectorAll(s).length === 3", arg=f"{BUILDER} li.nc-builder-row")
    assert page.text_content(f"{BUILDER} [data-notation]") == default == "D3,R2,P3;tr=1"


def test_a_sequence_the_form_cannot_show_is_kept_before_the_rolls_added(open_page, web, repo, rules):
    typed = "T4~2{/C3|/C5};tr=1"
    page = open_link(open_page, web, repo, rules, typed)
    kept = page.locator(f"{BUILDER} li.nc-builder-kept")
    kept.wait_for(state="visible")
    assert kept.locator("code").inner_text() == "T4~2{/C3|/C5}"
    assert norm(kept.inner_text()).startswith("Jet que le formulaire ne peut pas montrer")
    # review 8, m7: the step is kept without the player's flags, which the form's own boxes write
    assert page.is_enabled(f"{BUILDER} [data-pro]")
    assert form_violations(page) == []
    page.select_option(f"{BUILDER} [data-add]", "rush")
    page.click(f"{BUILDER} [data-add-button]")
    written = "T4~2{/C3|/C5},R2;tr=1"
    assert page.text_content(f"{BUILDER} [data-notation]") == written == page.input_value(FIELD)
    wait_for_success(page, shown_success(repo, rules, written, "bb2025"), "[data-headline] ")
