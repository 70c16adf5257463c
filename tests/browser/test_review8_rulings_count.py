"""Review 7 (notes/breaker7), finding 4, on the rulings index at 360 × 780 in Japanese and French: the filter's
live count (`output.nc-filter-count`, aria-live) said a bare « 9 », a number with no noun for a screen reader. Now it
says what it counts, in the plural form of the page's language: « 9 décisions », « 1 décision », 「9 件の裁定」,
"1 ruling". The forms come from the catalogs' plural entries (Babel), picked in the page with Intl.PluralRules.
"""
from __future__ import annotations

import pytest

from calc_driver import url_of
from test_a11y import axe_violations, inject_axe

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
BOX = "[data-nc-filter]"
COUNT = "output.nc-filter-count"
SHOWN = "() => [...document.querySelectorAll('[data-nc-filter-group] li')].filter((li) => li.checkVisibility()).length"
# the count of rulings in each language's words, by number: 0 and 1 are singular in French
WORDS = {"fr": lambda n: f"{n} décision" if n < 2 else f"{n} décisions",
         "ja": lambda n: f"{n} 件の裁定",
         "en": lambda n: f"{n} ruling" if n == 1 else f"{n} rulings"}
# the review's queries: ダイビングタックル (9 rulings then) and « esquive »
QUERIES = {"fr": "esquive", "ja": "ダイビングタックル", "en": "dodge"}


def filter_for(page, query: str) -> tuple[int, str]:
    """Type `query` in the filter box: (rulings listed, what the live count says)."""
    page.fill(BOX, query)
    page.wait_for_function("count => document.querySelector(count).textContent !== ''", arg=COUNT)
    return page.evaluate(SHOWN), page.locator(COUNT).text_content()


@pytest.mark.parametrize("lang", ["ja", "fr", "en"])
def test_the_filter_count_says_how_many_rulings_in_words(open_page, web, lang):
    page = open_page(viewport=PHONE)
    page.goto(url_of(web, lang, "rulings/"))
    page.wait_for_selector(f"{BOX}:visible")
    shown, said = filter_for(page, QUERIES[lang])
    assert shown > 1, shown
    assert said == WORDS[lang](shown), said
    # one ruling: the singular (a ruling's own title finds it alone)
    titles = page.eval_on_selector_all("[data-nc-filter-group] li a", "links => links.map((a) => a.textContent)")
    for title in titles:
        shown, said = filter_for(page, title)
        if shown == 1:
            break
    assert shown == 1, "no ruling title finds one ruling alone"
    assert said == WORDS[lang](1), said
    # none: the sentence, as before
    shown, said = filter_for(page, "zzzqqq")
    assert shown == 0 and said == page.get_attribute(COUNT, "data-nc-none")
    inject_axe(page)
    assert axe_violations(page) == []
