"""Review 10, small defects, on a phone (360 × 780) in French, as a coach meets them.

1. A coach trims a sequence page's address to its folder, /fr/sequences/: it answered 404; now it is the list of
   the sequences, each linked by its French title, and a link opens that sequence's page.
2. In the action sequence calculator, a coach types « D3 R2 » (a space where the comma goes): the error quoted
   « D3R2 », which the coach never typed; it now quotes what the field holds.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from calc_driver import Calc

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 780}
NB = "\u00a0"


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def test_the_sequences_folder_lists_the_sequences_and_a_link_opens_one(open_page, web, repo):
    assert status(web.url + "fr/sequences/") == 200
    page = open_page(viewport=PHONE)
    page.goto(web.url + "fr/sequences/", wait_until="load")
    links = page.locator("article .nc-section-list a")
    titles = [t.strip() for t in links.all_inner_texts()]
    assert sorted(titles) == sorted(s.title("fr") for s in repo.of_kind("sequence"))  # every one, in French
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 2
    first = links.first
    assert first.is_visible()
    first.scroll_into_view_if_needed()
    title = first.inner_text().strip()
    first.click()
    page.wait_for_url(web.url + "fr/sequences/pre-game-classic/")
    assert page.locator("article h1").first.inner_text().strip() == title
    # the language switch keeps the place: the same folder page in Japanese, with the same group anchors
    page.goto(web.url + "fr/sequences/", wait_until="load")
    page.locator('a.md-select__link[hreflang="ja"]').first.dispatch_event("focusin")
    assert page.locator('a.md-select__link[hreflang="ja"]').first.get_attribute("href") == web.url + "ja/sequences/"
    ids = page.evaluate("[...document.querySelectorAll('article h2[id]')].map(h => h.id)")
    page.goto(web.url + "ja/sequences/", wait_until="load")
    assert ids and page.evaluate("[...document.querySelectorAll('article h2[id]')].map(h => h.id)") == ids


def test_a_notation_error_quotes_what_the_coach_typed(open_page, web, repo, rules):
    page = open_page(viewport=PHONE)
    page.goto(web.url + "fr/calculators/chain/")
    calc = Calc(page, "chain", "fr", repo, rules)
    calc.wait()
    calc.set("chain", "D3 R2")
    assert calc.state() == "error"
    message = calc.message("chain")
    strings = json.loads(page.locator(calc.form).get_attribute("data-strings"))
    assert strings["chain.at"].startswith("Élément {token}")  # the French words, then what was typed
    assert f"«{NB}D3 R2{NB}»" in message, message
    assert "D3R2" not in message
    assert page.locator(f'{calc.form} [data-name="chain"] [data-nc-message]').is_visible()
