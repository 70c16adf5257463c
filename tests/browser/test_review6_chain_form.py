"""Review 6 (notes/breaker6): the chain calculator's roll-by-roll form on a 360 × 780 phone, in French, as the
reviewer used it.

* finding 4: until Python has started (4-6 s here, about 36 s on a 1.6 Mbps link, never offline without it),
  the form shows the sequence of the page's notation field (a shared link's), and a roll added goes after it;
  before, the form said "no roll yet" and its first roll replaced the link's four rolls;
* finding 5: once every roll is removed, the notation is emptied and no chance is shown (it kept the last
  sequence's 8/9);
* finding 7: « Retirer ce jet » moves the focus to the next roll's first field (it fell to <body>).
"""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
FORM = 'form[data-calculator="chain"]'
BUILDER = "fieldset[data-builder]"
ROWS = f"{BUILDER} li.nc-builder-row"
CHAIN = f'{FORM} [data-name="chain"] :is(input, textarea)'
LINK = "R2,R2,D3,B2;tr=1"


def open_chain(page, web, query: str = ""):
    page.set_viewport_size(PHONE)
    page.goto(f"{web.url}fr/calculators/chain/{query}")
    page.wait_for_selector(f"{BUILDER}[data-mounted]", state="visible")


def state(page) -> str:
    return page.eval_on_selector(f".nc-calculator:has({FORM}) [data-result]", "e => e.dataset.state")


def test_before_python_a_roll_added_goes_after_the_linked_sequence(context, web):
    held = []
    # a slow link: the runtime has not arrived yet (its files, or the worker that loads them, whichever runtime)
    slow = re.compile(r"/pyodide/|/calc-worker\.js|/micropython/|/mp-worker\.js")
    context.route(slow, lambda route: held.append(route))
    page = context.new_page()
    open_chain(page, web, "?chain=" + LINK)
    # the form shows the link's sequence, not "no roll yet"
    builder = page.locator(BUILDER)
    assert page.locator(f"{BUILDER} li.nc-builder-empty").count() == 0
    assert "R2,R2,D3,B2" in builder.inner_text()
    page.get_by_label("Jet à ajouter").select_option("rush")
    page.get_by_role("button", name="Ajouter ce jet").click()
    assert state(page) in ("loading", "prerendered")  # Python is still on its way
    written = page.input_value(CHAIN)
    assert written.startswith("R2,R2,D3,B2,R") and written.endswith(";tr=1"), written
    # Python arrives: the five rolls are computed, and the form still holds them
    for route in held:
        route.continue_()
    context.unroute(slow)
    page.wait_for_selector(f'.nc-calculator:has({FORM}) [data-result][data-state="done"]', state="attached")
    assert page.input_value(CHAIN) == written


def test_removing_every_roll_empties_the_notation_and_the_chance(page, web):
    open_chain(page, web)
    page.wait_for_function("s => document.querySelectorAll(s).length === 3", arg=ROWS)  # D3,R2,P3 as rows
    headline = f".nc-calculator:has({FORM}) [data-headline] [data-field]"
    assert "/" in page.text_content(headline)
    for _ in range(3):
        page.locator(f"{ROWS} .nc-builder-remove").first.click()
    assert page.locator(ROWS).count() == 0
    assert page.input_value(CHAIN) == ""
    page.wait_for_function("s => !document.querySelector(s).textContent.includes('/')", arg=headline)
    assert page.inner_text(headline).strip() == "—"


def test_removing_a_roll_with_the_keyboard_keeps_the_focus_in_the_form(page, web):
    open_chain(page, web)
    page.wait_for_function("s => document.querySelectorAll(s).length === 3", arg=ROWS)
    second = page.locator(f"{ROWS} .nc-builder-remove").nth(1)
    second.focus()
    page.keyboard.press("Enter")
    assert page.locator(ROWS).count() == 2
    focused = page.evaluate("""s => { const e = document.activeElement; const rows = [...document.querySelectorAll(s)];
        return {tag: e.tagName, row: rows.findIndex(r => r.contains(e))}; }""", ROWS)
    # the roll that followed the removed one is now the second: its first field has the focus
    assert focused == {"tag": "SELECT", "row": 1}, focused
