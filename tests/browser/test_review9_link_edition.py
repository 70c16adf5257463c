"""Review 8 (notes/breaker8), m3, in French at 360 px: a link that names an edition (`?edition=classic`) silently
replaced the edition the reader had chosen, on every later page (issue 26, item 6: an edition chosen anywhere is
the reader's choice everywhere, until they change it).

Now a link's edition applies to its own page, whose picker shows it and says that the page follows its link; the
reader's stored choice is back on the next page, after a new load or Material's instant navigation. An edition the
reader then chooses on the linked page, in its calculator or in the picker, is their choice and is stored.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calc_driver import Calc, norm, url_of
from plugins.site.messages import Messages
from test_a11y import axe_violations, inject_axe

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
PICKER = "select[data-nc-edition-picker]"
LINKED = "[data-nc-edition-linked]"
FOLLOWS = Messages("fr")("This page follows the edition its link gives; your own choice stays for the other pages.")


def stored(page) -> str | None:
    return page.evaluate("localStorage.getItem('nuffle.edition')")


def picker(page) -> str:
    page.wait_for_selector(f"{PICKER}[data-mounted]", state="attached")
    return page.input_value(PICKER)


def open_calc(page, web, repo, rules, path: str, kind: str, query: str = "") -> Calc:
    page.goto(url_of(web, "fr", path, query))
    c = Calc(page, kind, "fr", repo, rules)
    c.wait()
    return c


def check_follows_link(page, c: Calc, edition: str) -> None:
    """The page computes and shows the link's `edition`, and says that it follows its link."""
    assert c.request()["edition"] == edition
    assert picker(page) == edition
    note = page.locator(LINKED)
    assert note.is_visible() and norm(note.inner_text()) == norm(FOLLOWS)


def picker_violations(page) -> list[dict]:
    inject_axe(page)
    return [v for v in axe_violations(page) if any("edition" in node for node in v["nodes"])]


def test_a_link_s_edition_is_its_page_s_only(open_page, web, repo, rules):
    page = open_page(viewport=PHONE)
    # the reader chooses BB2020 in the chain calculator: their choice, stored
    c = open_calc(page, web, repo, rules, "calculators/chain/", "chain")
    c.set("edition", "bb2020")
    assert stored(page) == "bb2020" and picker(page) == "bb2020"
    # a shared link to the block calculator in Classic: that page is Classic, and says why
    c = open_calc(page, web, repo, rules, "calculators/block/", "block", "edition=classic")
    check_follows_link(page, c, "classic")
    c.check()
    assert picker_violations(page) == []
    assert stored(page) == "bb2020"
    # the next page, with no edition in its address, is the reader's BB2020 again
    c = open_calc(page, web, repo, rules, "calculators/armour/", "armour")
    assert stored(page) == "bb2020" and picker(page) == "bb2020" and c.request()["edition"] == "bb2020"
    assert page.locator(LINKED).is_hidden()
    assert Fraction(c.check()["armour_broken"]["exact"]) != Fraction(5, 18)  # not Classic's AV 8 answer
    page.goto(url_of(web, "fr", "skills/agility/"))
    assert picker(page) == "bb2020" and page.evaluate("document.documentElement.dataset.ncEdition") == "bb2020"


def test_after_a_linked_page_instant_navigation_shows_the_reader_s_edition(open_page, web, repo, rules):
    page = open_page(viewport=PHONE)
    open_calc(page, web, repo, rules, "calculators/foul/", "foul").set("edition", "bb2025")
    c = open_calc(page, web, repo, rules, "calculators/armour/", "armour", "edition=bb2020")
    check_follows_link(page, c, "bb2020")
    # a link of the site's menu, followed by Material without a new load (<html> and the scripts stay)
    page.evaluate("window.__sameDocument = true")
    page.eval_on_selector('.md-sidebar--primary a[href$="/skills/agility/"]', "a => a.click()")
    page.wait_for_url(url_of(web, "fr", "skills/agility/"))
    page.wait_for_selector("#skill-dodge")
    assert page.evaluate("window.__sameDocument") is True, "instant navigation is off (check site_url)"
    page.wait_for_function(f"() => document.querySelector('{PICKER}[data-mounted]')?.value === 'bb2025'")
    assert page.evaluate("document.documentElement.dataset.ncEdition") == "bb2025" and stored(page) == "bb2025"
    assert page.locator(LINKED).is_hidden()


@pytest.mark.parametrize("where", ["calculator", "picker"])
def test_an_edition_chosen_on_a_linked_page_is_the_reader_s(open_page, web, repo, rules, where):
    page = open_page(viewport=PHONE)
    open_calc(page, web, repo, rules, "calculators/chain/", "chain").set("edition", "bb2020")
    c = open_calc(page, web, repo, rules, "calculators/block/", "block", "edition=classic")
    check_follows_link(page, c, "classic")
    if where == "calculator":
        c.set("edition", "bb2025")
    else:
        page.select_option(PICKER, "bb2025")
        page.wait_for_function("() => document.querySelector('form[data-calculator=\"block\"] [name=edition]')"
                               ".value === 'bb2025'")
        c.wait()
    assert stored(page) == "bb2025" and picker(page) == "bb2025"
    assert page.locator(LINKED).is_hidden()
    c.check()
    c = open_calc(page, web, repo, rules, "calculators/armour/", "armour")
    assert picker(page) == "bb2025" and c.request()["edition"] == "bb2025"
