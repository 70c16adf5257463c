"""Review 8 (notes/breaker7, finding 7; issue 26 item 3), "Who plays it how" (/rulings/who-plays-it-how/).

At 1280 × 800 the matrix was 1,204 px wide in its 930 px article: the Jervis column was cut and the last one off
screen, behind a sideways scroll bar that sat below the screen (the box was taller than the screen's rest). Now,
at 1280 px, it fits the article, every column in view, and its header row stays in view under Material's header
as the page scrolls down; on a 360 px phone it scrolls inside its own box with its header row and question column
held in view. In neither width does the page itself scroll sideways. English, French and Japanese.
"""
from __future__ import annotations

import pytest

from calc_driver import url_of
from test_a11y import AXE, axe_violations, inject_axe
from test_rule_pages_phone import STICKY

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 780}
LANGS = ("en", "fr", "ja")
PATH = "rulings/who-plays-it-how/"

# The page's and the matrix's widths, and the header cells' right edges against the matrix box's.
WIDTHS = """() => { const box = document.querySelector('.nc-matrix'), r = box.getBoundingClientRect();
  return {page: document.documentElement.scrollWidth, screen: window.innerWidth,
          table: box.querySelector('table').getBoundingClientRect().width, box: box.clientWidth,
          right: r.right, heads: [...box.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect().right)}; }"""
# Scroll the page to the middle of the matrix: where its header row is, and Material's header's bottom.
HALFWAY = """() => { const box = document.querySelector('.nc-matrix'), r = box.getBoundingClientRect();
  window.scrollBy(0, r.top + r.height / 2);
  const head = box.querySelector('thead th:nth-child(3)').getBoundingClientRect();
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const hit = document.elementFromPoint((head.left + head.right) / 2, head.bottom - 4);
  return {head: head.top, header, boxTop: box.getBoundingClientRect().top, onTop: !!hit && !!hit.closest('thead')}; }"""


def opened(page, web, lang: str) -> dict:
    """Open the matrix page in `lang` in the tab: its widths (WIDTHS), once checked that the page itself does not
    scroll sideways."""
    page.goto(url_of(web, lang, PATH))
    seen = page.evaluate(WIDTHS)
    assert seen["page"] <= seen["screen"], (lang, seen)
    return seen


def test_at_1280_px_the_matrix_fits_its_article_with_its_header_row_in_view(open_page, web):
    page = open_page(viewport=DESKTOP)
    for lang in LANGS:
        seen = opened(page, web, lang)
        assert seen["table"] <= seen["box"] + 1, (lang, seen)  # nor does the matrix: every column in view
        assert max(seen["heads"]) <= min(seen["right"], DESKTOP["width"]) + 1, (lang, seen)
        seen = page.evaluate(HALFWAY)
        assert seen["boxTop"] < seen["header"], (lang, seen)  # the page did scroll into the matrix
        assert abs(seen["head"] - seen["header"]) <= 2 and seen["onTop"], (lang, seen)


def test_at_360_px_the_matrix_scrolls_in_its_box_with_its_header_and_question_column_in_view(open_page, web):
    page = open_page(viewport=PHONE)
    for lang in LANGS:
        widths = opened(page, web, lang)
        assert widths["table"] > widths["box"], (lang, widths)  # seven columns: the box scrolls
        seen = page.evaluate(STICKY)
        assert min(seen["scrolled"]) > 100, (lang, seen)  # it did scroll down and right, inside its box
        assert abs(seen["corner"][0] - seen["box"][0]) <= 2 and abs(seen["corner"][1] - seen["box"][1]) <= 2, seen
        assert abs(seen["head"] - seen["box"][0]) <= 2, (lang, seen)
        assert seen["topIsHeader"] and seen["leftIsQuestion"], (lang, seen)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], lang


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "360"])
def test_axe_finds_nothing_serious_on_the_matrix(open_page, web, viewport):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci installs axe-core)")
    page = open_page(viewport=viewport)
    found = {}
    for lang in LANGS:
        page.goto(url_of(web, lang, PATH))
        inject_axe(page)
        found[lang] = axe_violations(page)
    assert not any(found.values()), found
