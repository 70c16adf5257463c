"""Review 6 (notes/breaker6), on a 360 × 780 phone, in the language each defect was found in: the rulings
index's filter, and the rulings index and the 404 page under axe.

* finding 1: the filter's count (its live region) says how many rulings it shows, even when the whole query
  changes at once (a Japanese IME's conversion, a paste, a keyboard suggestion), not "no ruling matches"
  above a list of matches;
* finding 11: at 1280 px the "who plays it how" matrix takes the width of the empty table-of-contents sidebar;
* finding 12: on a phone, Material's "back to top" pill no longer covers the header's title and the text below;
* finding 13: the page's own search box (the rulings filter, the 404 page's search) is a landmark with its own
  name, distinct from the header's search.
"""
from __future__ import annotations

import pytest

from calc_driver import url_of
from test_a11y import AXE, inject_axe
from test_review8_rulings_count import WORDS

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
    assert said == WORDS["ja"](shown), said  # the number and what it counts (review 7, finding 4)


def test_a_pasted_query_in_the_filter_counts_the_rulings_it_shows(open_page, web):
    page = filter_page(open_page, web, "fr")
    box = page.locator("[data-nc-filter]")
    box.fill("esquive")
    assert counted(page)[1] == WORDS["fr"](counted(page)[0])
    box.fill("chataigne")  # the whole value replaced at once: a paste, a keyboard suggestion
    shown, said = counted(page)
    assert shown > 0
    assert said == WORDS["fr"](shown), said


LANDMARKS = """async () => {
    const result = await axe.run(document, {runOnly: {type: "rule", values: ["landmark-unique"]}});
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}"""


@pytest.mark.parametrize("path", ["rulings/", "nope/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_s_own_search_box_is_a_landmark_of_its_own_name(open_page, web, path, scheme):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport=PHONE, color_scheme=scheme)
    page.goto(url_of(web, "fr", path))
    page.wait_for_selector("article form[role=search], article [role=search]:not([hidden])", state="attached")
    inject_axe(page)
    assert page.evaluate(LANDMARKS) == []


def test_on_a_desktop_the_matrix_uses_the_width_beside_the_text_column(open_page, web):
    page = open_page(viewport={"width": 1280, "height": 800})
    page.goto(url_of(web, "en", "rulings/who-plays-it-how/"))
    seen = page.evaluate("""() => ({box: document.querySelector('.nc-matrix').getBoundingClientRect().right,
        grid: document.querySelector('.md-main__inner').getBoundingClientRect().right,
        toc: !!document.querySelector('.md-sidebar--secondary')?.checkVisibility()})""")
    assert not seen["toc"] and seen["box"] >= seen["grid"] - 40, seen


BACK_TO_TOP = """() => { const pill = document.querySelector('.md-top'); const r = pill.getBoundingClientRect();
    const header = document.querySelector('.md-header').getBoundingClientRect();
    return {shown: !pill.hidden, top: r.top, width: r.width, height: r.height, header: header.bottom,
            name: pill.textContent.trim()}; }"""


@pytest.mark.parametrize("lang, path", [("ja", "rulings/"), ("fr", "calculators/chain/")])
def test_on_a_phone_back_to_top_is_a_small_button_under_the_header(open_page, web, lang, path):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, path))
    page.mouse.move(180, 400)
    for _ in range(6):
        page.mouse.wheel(0, 400)
    page.wait_for_timeout(300)  # Material shows the pill on the way up only: one scroll event per wheel turn
    page.mouse.wheel(0, -300)
    page.wait_for_function("() => !document.querySelector('.md-top').hidden")
    seen = page.evaluate(BACK_TO_TOP)
    assert seen["top"] >= seen["header"] - 0.5, seen  # not over the header's title
    assert seen["width"] <= 48 and seen["height"] <= 48, seen  # an icon, not a two-line pill over the text
    assert seen["name"]  # its words stay its accessible name
