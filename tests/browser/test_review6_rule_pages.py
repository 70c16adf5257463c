"""Review 6 (notes/breaker6), on a 360 × 780 phone, in the language each defect was found in: the rulings
index's filter, and the rulings index and the 404 page under axe.

* finding 1: the filter's count (its live region) says how many rulings it shows, even when the whole query
  changes at once (a Japanese IME's conversion, a paste, a keyboard suggestion), not "no ruling matches"
  above a list of matches;
* finding 13: the page's own search box (the rulings filter, the 404 page's search) is a landmark with its own
  name, distinct from the header's search.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from calc_driver import url_of

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
SHOWN = "els => els.filter(e => e.checkVisibility()).length"


def filter_page(open_page, web, lang: str):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, "rulings/"))
    page.wait_for_selector("[data-nc-filter-form][data-mounted]", state="attached")
    return page


def counted(page) -> tuple[int, str]:
    """(rulings shown, what the count says)."""
    shown = page.locator("article li:has(a.nc-moved)").evaluate_all(SHOWN)
    return shown, page.locator("[data-nc-filter-count]").inner_text().strip()


def test_an_ime_conversion_in_the_filter_counts_the_rulings_it_shows(open_page, web):
    page = filter_page(open_page, web, "ja")
    box = page.locator("[data-nc-filter]")
    box.focus()
    # what a Japanese IME sends: each composition step replaces the value, then the conversion to katakana
    for step in ["だ", "だい", "だいび", "だいびんぐ", "だいびんぐたっくる", "ダイビングタックル"]:
        box.fill(step)
    shown, said = counted(page)
    assert shown > 0
    assert said == str(shown), said


def test_a_pasted_query_in_the_filter_counts_the_rulings_it_shows(open_page, web):
    page = filter_page(open_page, web, "fr")
    box = page.locator("[data-nc-filter]")
    box.fill("esquive")
    assert counted(page)[1] == str(counted(page)[0])
    box.fill("chataigne")  # the whole value replaced at once: a paste, a keyboard suggestion
    shown, said = counted(page)
    assert shown > 0
    assert said == str(shown), said
